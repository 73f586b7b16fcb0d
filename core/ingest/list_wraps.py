"""Which lines of a list run on to the next: an item the layout wrapped, not one item per line.

A PDF's narrow column (a sidebar's TOOLS, a licences list) wraps an item over several lines:
'Ridgid pipe threaders, press' / 'fitting tools, …'. A line was wrapped when the next line's
first word would not have fitted on it: the line's right end, a space and that word (its width
from the line's own letters per unit of width) pass its column's right edge. The edge is the
furthest right end of the lines that start where it starts, on its page, of two words or more:
the narrowest width the column can have (one word, an e-mail address, may run past it; a lower
quantile joined entries whose next word would have fitted). A line that ends on a year ends its
entry ('…License, 2016' / 'Medical Gas …'): dated entries end on their date. A line with a
parenthesis it does not close runs on, whatever the format. Lines whose layout is unknown (DOCX,
text) are joined only by the parenthesis.

The readers use these where they build lists (skills, certifications): the lines stay as
extracted, so the line data and the line models do not change.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.ingest.files import ExtractedText
from core.reader.lines import Line
from core.reader.read import extracted_lines, shown_rows

_SAME_START = 0.006  # lines of one column start within this share of the page's width
_COLUMN_LINES = 4  # fewer lines starting there: no edge to measure against


def _edge(line: Line, page_spans: Sequence[tuple[float, float]]) -> float | None:
    """The right edge of `line`'s column: the furthest right end of the lines that start where
    it starts, on its page (`page_spans`: (x0, x1) of that page's lines of two words or more;
    one word, an e-mail address, may run past the edge: nothing can break it)."""
    if line.x0 is None:
        return None
    ends = [x1 for x0, x1 in page_spans if abs(x0 - line.x0) <= _SAME_START]
    return max(ends) if len(ends) >= _COLUMN_LINES else None


def _spans_by_page(lines: Sequence[Line]) -> dict[int | None, list[tuple[float, float]]]:
    """Each page's lines of two words or more as (x0, x1): what `_edge` measures against (per
    page, so a long document costs its pages' lines, not all lines against all)."""
    spans: dict[int | None, list[tuple[float, float]]] = {}
    for line in lines:
        if line.x0 is not None and line.x1 is not None and len(line.text.split()) >= 2:
            spans.setdefault(line.page, []).append((line.x0, line.x1))
    return spans


_DATED_END = re.compile(r"\b(?:19|20)\d\d\W*$")


def _open_parenthesis(text: str) -> bool:
    return text.count("(") > text.count(")")


def _below_in_column(line: Line, after: Line) -> bool:
    """`after` is the next line of `line`'s column: same page, below, starting at its start
    (or indented under it, left of its middle)."""
    if line.page != after.page or None in (line.x0, line.x1, after.x0, line.top, after.top):
        return False
    assert line.x0 is not None and line.x1 is not None and after.x0 is not None
    assert line.top is not None and after.top is not None
    return after.top > line.top and line.x0 - _SAME_START <= after.x0 < (line.x0 + line.x1) / 2


def _no_room(line: Line, after: Line, edge: float) -> bool:
    """The first word of `after`, after a space, would have passed `edge` on `line`."""
    assert line.x0 is not None and line.x1 is not None
    text = line.text.strip()
    per_letter = (line.x1 - line.x0) / max(len(text), 1)
    word = after.text.split()[0]
    return line.x1 + per_letter * (1 + len(word)) > edge


def runs_on(lines: Sequence[Line]) -> set[int]:
    """Indexes of the lines of `lines` that continue the line before them (wrapped there)."""
    found: set[int] = set()
    spans = _spans_by_page(lines)
    for i in range(1, len(lines)):
        line, after = lines[i - 1], lines[i]
        if not line.text.strip() or not after.text.strip():
            continue
        if _open_parenthesis(line.text) and (line.x0 is None or _below_in_column(line, after)):
            found.add(i)
            continue
        if not _below_in_column(line, after) or _DATED_END.search(line.text):
            continue
        edge = _edge(line, spans.get(line.page, []))
        if edge is not None and _no_room(line, after, edge):
            found.add(i)
    return found


def wrapped_rows(extracted: ExtractedText) -> frozenset[int]:
    """1-based numbers of the lines of `extracted.text` that continue the line above them
    (`runs_on` over the extractor's lines, carried to the text's as the line reader's labels
    are: `shown_rows`); none where the two do not hold the same lines."""
    lines = extracted_lines(extracted)
    rows = shown_rows(lines, extracted.text)
    if rows is None:
        return frozenset()
    return frozenset(rows[i] + 1 for i in runs_on(lines) if i in rows and i - 1 in rows)
