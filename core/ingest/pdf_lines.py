"""PDF lines in reading order → the text the rule-based reader reads and the `Line`s the line
reader reads, from the same lines.

- A word broken at a line end ('Devel-' / 'oping') is made whole on the first line, hyphen kept
  as `keeps_hyphen` decides (core.ingest.pdf_pages, the one home of that rule).
- Link labels ('Live | GitHub' after every project) are left out and reported
  (core.ingest.pdf_links).
- Running heads and feet and bare page numbers (`drop_running_lines`, on each page's lines top to
  bottom) are left out of the text, reported, and kept as `Line`s marked `at_page_edge`.
- `Line.size` is the line's font size over the document's median (by letters), so 1.0 is
  body text; positions are fractions of the page; pages count from 1; `Line.text` is the line as
  the text shows it, without its indent (a wide gap inside it stays several spaces).
"""

from __future__ import annotations

import itertools
import re
import statistics

from core.contracts import LeftOut
from core.ingest.pdf_layout import PageLine, join_letter_spaced, letter_width, render_line
from core.ingest.pdf_links import drop_link_labels
from core.ingest.pdf_pages import drop_running_lines, keeps_hyphen
from core.reader.lines import Line

_HEAD = re.compile(r"^(.*?)([A-Za-z]+)[-\u2010\u2011]$")  # '-' or a Unicode hyphen ('prod‐')
_TAIL = re.compile(r"^([a-z]{2,})")


def _join_pair(line: PageLine, after: PageLine, lowered: str) -> bool:
    """Move the rest of a word broken at the end of `line` up from `after`; True if it did."""
    last, first = line.words[-1], after.words[0]
    head, tail = _HEAD.match(last.text), _TAIL.match(first.text)
    if head is None or tail is None:
        return False
    start, rest = head.group(2), tail.group(1)
    joined = head.group(1) + start + ("-" if keeps_hyphen(start, rest, lowered) else "")
    line.words[-1] = last._replace(text=joined + first.text)
    del after.words[0]
    if after.words:  # the line still starts where it did on the page
        after.words[0] = after.words[0]._replace(x0=first.x0)
    return True


def join_broken_lines(lines: list[PageLine]) -> list[PageLine]:
    """Lines with words broken over a line end made whole (a line left empty is dropped)."""
    lowered = " ".join(w.text for line in lines for w in line.words).lower()
    lines = [PageLine(list(line.words), *_rest(line)) for line in lines]
    for line, after in itertools.pairwise(lines):
        if line.words and after.words:
            _join_pair(line, after, lowered)
    return [line for line in lines if line.words]


def _rest(line: PageLine) -> tuple[int, float, float, float, float | None, bool]:
    return line.page, line.left, line.width, line.height, line.gap, line.blank_before


def running_lines(lines: list[PageLine], letter: float) -> tuple[set[int], list[LeftOut]]:
    """Indexes (into `lines`) of running heads, feet and page numbers; what was left out."""
    pages = sorted({line.page for line in lines})
    order = [
        sorted((i for i, ln in enumerate(lines) if ln.page == p), key=lambda i: lines[i].top)
        for p in pages
    ]
    texts = ["\n".join(render_line(lines[i], letter).strip() for i in page) for page in order]
    kept, left_out = drop_running_lines(texts)
    edge: set[int] = set()
    for page, text in zip(order, kept, strict=True):
        edge.update(i for i, shown in zip(page, text.split("\n"), strict=True) if not shown)
    return edge, left_out


def _median_size(lines: list[PageLine]) -> float:
    sizes = [w.size for line in lines for w in line.words for _ in w.text]
    return statistics.median(sizes) if sizes else 1.0


def to_line(line: PageLine, text: str, body: float, edge: bool) -> Line:
    letters = [w for w in line.words for _ in w.text]
    return Line(
        text=text,
        source="pdf",
        page=line.page,
        x0=round(min(w.x0 for w in line.words) / line.width, 4),
        top=round(line.top / line.height, 4),
        x1=round(max(w.x1 for w in line.words) / line.width, 4),
        size=round(statistics.median(w.size for w in letters) / body, 3) if letters else None,
        bold=2 * sum(w.bold for w in letters) >= len(letters),
        italic=2 * sum(w.italic for w in letters) >= len(letters),
        at_page_edge=edge,
    )


def pdf_text_and_lines(
    page_lines: list[PageLine],
) -> tuple[str, list[Line], list[LeftOut]]:
    """(text with the page's layout, every line as a `Line`, running lines left out)."""
    page_lines, labels = drop_link_labels(join_broken_lines(page_lines))
    letter = letter_width(page_lines)  # as the page sets its letters, spaced ones included
    page_lines = [join_letter_spaced(line) for line in page_lines]
    edge, left_out = running_lines(page_lines, letter)
    left_out = labels + left_out
    body = _median_size(page_lines)
    shown: list[str] = []
    lines: list[Line] = []
    for i, line in enumerate(page_lines):
        rendered = render_line(line, letter)
        lines.append(to_line(line, rendered.strip(), body, i in edge))
        if i in edge:
            continue
        if line.blank_before and shown and shown[-1]:
            shown.append("")
        shown.append(rendered)
    return _dedent("\n".join(shown)), lines, left_out


def _dedent(text: str) -> str:
    rows = text.split("\n")
    margins = [len(row) - len(row.lstrip()) for row in rows if row.strip()]
    cut = min(margins) if margins else 0
    return "\n".join(row[cut:].rstrip() for row in rows).strip("\n")
