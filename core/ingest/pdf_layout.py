"""PDF words with their boxes → lines in reading order, as text and as `Line`s.

- Words whose boxes overlap vertically form one row; a row's words are read left to right.
- A page has two columns when a vertical gutter (an x that no word crosses on most rows) parts
  the words of enough rows, or, beside a sidebar whose lines are seldom level with the body's,
  when enough rows have words on each side and enough on one side only; then the page is read
  column by column, the narrower column (a sidebar: name, contact) first, except beside a
  sidebar on a later page, where the body goes on with the section the page before ended in. Rows
  above both columns (a name, a banner) come first; a page whose one side is mostly dates or
  places (a role's details set beside it) is one column.
- On a one-column page, a block of rows that a gutter parts (education side by side, skills in
  two lists, a list in columns beside the education) is read left part, then right part, when
  its right side starts at one x and is one part on every row (not a table row whose right side
  holds two fields, not right-aligned role details, not field names set flush right before their
  values).
- Section names set in a margin column left of the body ('Experience' beside the first line
  of its section) are read as lines of their own, before the row they share: a row's first part
  is such a side label when it stands left of where the page's rows start, is a few words, and
  the page has few of them. A side label wrapped over two rows reads as one line. List markers
  set apart from their items never make a column.
- The text renders each line on a grid of the document's letter width, as the page shows it: the
  indent from the column's left edge, one space between words, a wide gap as several spaces, and
  a blank line where the page leaves a vertical gap. The text-based reader relies on all three.
"""

from __future__ import annotations

import itertools
import re
import statistics
from dataclasses import dataclass
from typing import NamedTuple

_SAME_ROW = 0.5  # vertical overlap, of the smaller font size, that puts two words on one row
_ALIKE_SIZE = 1.5  # font sizes within this ratio are one kind of type (`rows_of`)
WIDE_GAP = 0.5  # a gap wider than this share of the font size is a field gap, not a space
_BLANK_LINE = 0.7  # a gap this much wider than usual (of the font size) is a blank line
_BIN = 2.0  # points: the gutter search looks at the page in slices this wide
_COLUMN_GAP = 1.0  # of the font size: the least gap between two columns on one row
_ALIGNED = 3.0  # points: a column's lines start this close to one another
_MARKER = 2  # letters: a left side this short on most rows is bullet markers
_BAND_ROWS = 3  # rows a gutter must part for a block of two columns on a one-column page
_GUTTER_MIN = 0.15  # the gutter stands between 15% and 85% of the page width
_MIN_SPLIT_SHARE = 0.3  # of a page's rows must have words on both sides of the gutter
_MAX_CROSSING_SHARE = 0.15  # rows running across the gutter (a name, a full-width heading)
_MIN_ALONE_SHARE = 0.1  # of a page's rows on each side of a sidebar's gutter with nothing beside
_MAX_DATED_SHARE = 0.4  # a side this often dated is a dates/location column, not a sidebar
_LABEL_WORDS = 3  # a side label is at most this many words
_MAX_LABEL_SHARE = 0.25  # of a page's rows may start with a side label
_DATED = re.compile(r"\b(?:19|20)\d\d\b|\bpresent\b", re.I)


class Word(NamedTuple):
    text: str
    x0: float
    top: float
    x1: float
    bottom: float
    size: float  # font size, points
    bold: bool
    italic: bool
    link: str = ""  # the target of a link annotation over the word ('https://…', 'mailto:…')


@dataclass
class PageLine:
    """One line of one page as laid out: its words, page, and place in reading order."""

    words: list[Word]
    page: int
    left: float  # the left edge of its column
    width: float
    height: float
    gap: float | None = None  # the space above it in its column over its font size (None: first)
    blank_before: bool = False

    @property
    def top(self) -> float:
        return min(w.top for w in self.words)

    @property
    def bottom(self) -> float:
        return max(w.bottom for w in self.words)


def page_words(page: dict[str, object]) -> list[Word]:
    """The page's words, each with the target of the link annotation its middle lies in."""
    raw = page.get("words")
    words = raw if isinstance(raw, list) else []
    links = page.get("links")
    boxes = [box for box in links if isinstance(box, list)] if isinstance(links, list) else []
    out = []
    for w in words:
        x, y = (float(w[1]) + float(w[3])) / 2, (float(w[2]) + float(w[4])) / 2
        link = next(
            (str(b[4]) for b in boxes if b[0] - 1 <= x <= b[2] + 1 and b[1] - 1 <= y <= b[3] + 1),
            "",
        )
        x0, top, x1, bottom, size = (float(w[i]) for i in range(1, 6))
        out.append(Word(str(w[0]), x0, top, x1, bottom, size, bool(w[6]), bool(w[7]), link))
    return out


def rows_of(words: list[Word]) -> list[list[Word]]:
    """Words grouped into rows (vertical overlap), top to bottom, each row left to right.

    A word is measured against the row's words of about its size where the row has some: a name
    set large beside three lines of small type spans all three, and the small lines stay rows of
    their own instead of one row of their words shuffled by position."""
    rows: list[list[Word]] = []
    for word in sorted(words, key=lambda w: ((w.top + w.bottom) / 2, w.x0)):
        row = rows[-1] if rows else None
        if row is not None:
            alike = [w for w in row if _alike(w.size, word.size)] or row
            top, bottom = min(w.top for w in alike), max(w.bottom for w in alike)
            overlap = min(bottom, word.bottom) - max(top, word.top)
            if overlap >= _SAME_ROW * min(word.size, bottom - top):
                row.append(word)
                continue
        rows.append([word])
    return [sorted(row, key=lambda w: w.x0) for row in rows]


def _alike(size: float, other: float) -> bool:
    """Two font sizes of one kind of type (body and bold body, not a name and its tagline)."""
    return max(size, other) <= _ALIKE_SIZE * min(size, other)


def is_marker(word: Word) -> bool:
    """A list marker ('•', '●', '-', '➢'): one or two letters, none of them a letter or digit."""
    return len(word.text) <= 2 and not any(ch.isalnum() for ch in word.text)


def _crosses(row: list[Word], x: float) -> bool:
    return any(w.x0 < x < w.x1 for w in row)


def _splits(row: list[Word], x: float) -> bool:
    return any(w.x1 <= x for w in row) and any(w.x0 >= x for w in row)


def _dated_share(parts: list[str]) -> float:
    return sum(bool(_DATED.search(p)) for p in parts) / len(parts) if parts else 0.0


def _row_slices(row: list[Word], bins: int) -> tuple[bytearray, bytearray]:
    """Per _BIN-point slice of the page: whether a word of the row crosses it, and whether a
    column gap of the row (wider than _COLUMN_GAP of the font size) spans it."""
    covered, gapped = bytearray(bins), bytearray(bins)
    for w in row:
        for b in range(int(w.x0 / _BIN) + 1, min(int(w.x1 / _BIN) + 1, bins)):
            covered[b] = 1
    for n, (before, after) in enumerate(itertools.pairwise(row)):
        if n == 0 and is_marker(before):
            continue  # a list marker set apart from its item is not a column
        if after.x0 - before.x1 >= _COLUMN_GAP * min(before.size, after.size):
            for b in range(int(before.x1 / _BIN) + 1, min(int(after.x0 / _BIN) + 1, bins)):
                gapped[b] = 1
    return covered, gapped


def _gutter_counts(rows: list[list[Word]], width: float) -> tuple[list[int], list[int]]:
    """Per _BIN-point slice of the page: rows crossing it, rows with a column gap across it."""
    bins = int(width / _BIN) + 2
    crossing, split = [0] * bins, [0] * bins
    for row in rows:
        covered, gapped = _row_slices(row, bins)
        for b in range(bins):
            crossing[b] += covered[b]
            split[b] += gapped[b]
    return crossing, split


def side_by_side(rows: list[list[Word]], width: float) -> tuple[int, int, float] | None:
    """(first row, row after the last, gutter x) of the longest run of rows that a gutter parts
    (a block of two columns on a page of one: education side by side, a contact block beside
    the summary): at least _BAND_ROWS rows with a column gap across it, none crossing it, at
    least half the run parted, its right side starting at one x (right-aligned role details
    are not a column), neither side mostly dates."""
    bins = int(width / _BIN) + 2
    slices = [_row_slices(row, bins) for row in rows]
    runs: dict[tuple[int, int], list[int]] = {}
    for b in range(int(_GUTTER_MIN * width / _BIN), int((1 - _GUTTER_MIN) * width / _BIN) + 1):
        start = None
        for i in range(len(rows) + 1):
            crossed = i == len(rows) or slices[i][0][b]
            if start is None and not crossed and slices[i][1][b]:
                start = i
            if start is not None and crossed:
                parted = [j for j in range(start, i) if slices[j][1][b]]
                if len(parted) >= _BAND_ROWS and 2 * len(parted) >= parted[-1] + 1 - start:
                    runs.setdefault((start, parted[-1] + 1), []).append(b)
                start = None
    for (first, end), found in sorted(runs.items(), key=lambda run: run[0][0] - run[0][1]):
        x = found[len(found) // 2] * _BIN
        if _is_column(rows[first:end], x):
            return first, end, x
    return None


def _is_column(rows: list[list[Word]], x: float) -> bool:
    """Whether the words right of `x` on these rows form a column: they start at one x, and are
    one part on every row (a row whose right side holds two fields is a table row, read across;
    the left side may be a list set in columns), the left side is more than list markers, and
    not field names flush against their values."""
    if any(len(row_parts([w for w in r if w.x0 >= x] or r)) > 1 for r in rows):
        return False
    if _field_names(rows, x):
        return False
    lefts = [sum(len(w.text) for w in r if w.x1 <= x) for r in rows]
    if statistics.median(lefts) <= _MARKER:  # bullet markers set apart from their items
        return False
    starts = [min(w.x0 for w in r if w.x0 >= x) for r in rows if r[-1].x0 >= x]
    return _aligned(starts) and not _mostly_dated(rows, x)


def _aligned(xs: list[float]) -> bool:
    """Whether three in four of these x positions lie within _ALIGNED points of their median."""
    middle = statistics.median(xs)
    return sum(abs(v - middle) <= _ALIGNED for v in xs) >= 0.75 * len(xs)


def _field_names(rows: list[list[Word]], x: float) -> bool:
    """Whether the parts just left of `x` end at one x and start at many: field names set flush
    right before their values (a contact block's), so the block is a table read across."""
    names = [row_parts(left)[-1] for r in rows if (left := [w for w in r if w.x1 <= x])]
    if len(names) < _BAND_ROWS:
        return False
    return _aligned([p[-1].x1 for p in names]) and not _aligned([p[0].x0 for p in names])


def row_parts(row: list[Word]) -> list[list[Word]]:
    """The row cut at its column gaps."""
    parts = [[row[0]]]
    for before, after in itertools.pairwise(row):
        wide = after.x0 - before.x1 >= _COLUMN_GAP * min(before.size, after.size)
        parts.append([after]) if wide else parts[-1].append(after)
    return parts


def _mostly_dated(rows: list[list[Word]], x: float) -> bool:
    left = [" ".join(w.text for w in r if w.x1 <= x) for r in rows]
    right = [" ".join(w.text for w in r if w.x0 >= x) for r in rows]
    return max(_dated_share([p for p in left if p]), _dated_share([p for p in right if p])) > (
        _MAX_DATED_SHARE
    )


def _sides(rows: list[list[Word]], x: float) -> tuple[int, int]:
    """Of the rows that do not cross `x`: how many have words on each side (the fewer of the two
    sides), and how many have words on one side only (the fewer of the two)."""
    whole = [r for r in rows if not _crosses(r, x)]
    left, right = sum(r[0].x1 <= x for r in whole), sum(r[-1].x0 >= x for r in whole)
    left_only, right_only = sum(r[-1].x1 <= x for r in whole), sum(r[0].x0 >= x for r in whole)
    return min(left, right), min(left_only, right_only)


def _sidebar_bins(rows: list[list[Word]], allowed: list[int], crossing: list[int]) -> list[int]:
    """The slices of a gutter whose two columns seldom share a row (a sidebar whose lines are
    not level with the body's): enough rows with words on each side of it, and enough of them on
    one side only (section names set beside their sections, a dates column, right-aligned
    details share their rows with the body: no sidebar); of those slices, the ones the fewest
    rows cross."""
    least = max(5, _MIN_SPLIT_SHARE * len(rows))
    sided = []
    for b in allowed:
        both, alone = _sides(rows, b * _BIN)
        if both >= least and alone >= _MIN_ALONE_SHARE * len(rows):
            sided.append(b)
    fewest = min((crossing[b] for b in sided), default=0)
    return [b for b in sided if crossing[b] == fewest]


class Gutter(NamedTuple):
    x: float
    sidebar: bool  # found by `_sidebar_bins`: the columns' rows are seldom level


def gutter(rows: list[list[Word]], width: float) -> Gutter | None:
    """The gutter between two columns, if the page has two: where enough rows have a column gap,
    or else where a sidebar's rows and the body's are seldom level (`_sidebar_bins`)."""
    crossing, split = _gutter_counts(rows, width)
    low, high = int(_GUTTER_MIN * width / _BIN), int((1 - _GUTTER_MIN) * width / _BIN)
    allowed = [b for b in range(low, high + 1) if crossing[b] <= _MAX_CROSSING_SHARE * len(rows)]
    if not allowed:
        return None
    most = max(split[b] for b in allowed)
    sidebar = most < max(5, _MIN_SPLIT_SHARE * len(rows))
    best = (
        _sidebar_bins(rows, allowed, crossing)
        if sidebar
        else [b for b in allowed if split[b] == most]
    )
    if not best:
        return None
    x = best[len(best) // 2] * _BIN
    dated = _mostly_dated([r for r in rows if not _crosses(r, x)], x)
    return None if dated else Gutter(x, sidebar)


def _columns(rows: list[list[Word]], at: Gutter) -> tuple[list[list[Word]], ...]:
    """(rows above the columns, left column rows, right column rows). The columns start at the
    first row with words on both sides of the gutter; beside a sidebar, whose rows are seldom
    level with the body's, at the first row that does not cross it."""
    above: list[list[Word]] = []
    left: list[list[Word]] = []
    right: list[list[Word]] = []
    started = False
    x = at.x
    edges = _right_starts(rows, x) if at.sidebar else []
    for row in rows:
        if _crosses(row, x):
            cut = _overflow_cut(row, x, edges) if started and at.sidebar else None
            if not started:
                above.append(row)
            elif cut:  # a left line run into the gutter beside a line of the right column
                left.append(row[:cut])
                right.append(row[cut:])
            else:  # a long line of one column: it belongs where it starts
                (left if row[0].x0 < x else right).append(row)
            continue
        started = started or at.sidebar or _splits(row, x)
        head, tail = [w for w in row if w.x1 <= x], [w for w in row if w.x0 >= x]
        if not started:
            above.append(row)
            continue
        left += [head] if head else []
        right += [tail] if tail else []
    return above, left, right


def _right_starts(rows: list[list[Word]], x: float) -> list[float]:
    """Where the right column's lines start, a list marker counted (its left edge, and its list
    markers' edge): `_shared_starts` of the first word right of `x` on each row that does not
    cross."""
    return _shared_starts(
        [part[0].x0 for r in rows if not _crosses(r, x) if (part := [w for w in r if w.x0 >= x])]
    )


def _overflow_cut(row: list[Word], x: float, edges: list[float]) -> int | None:
    """Where a row that crosses a sidebar's gutter parts into two columns' lines: a line of the
    left column whose last word runs past the gutter (a long e-mail address) and, right after
    it, a word at the right column's edge. None when no such pair is on the row."""
    for i in range(1, len(row)):
        word, before = row[i], row[i - 1]
        if word.x0 < x or not before.x0 < x < before.x1 or before.x1 > word.x0 + 0.5:
            continue
        if any(abs(word.x0 - edge) <= _ALIGNED for edge in edges):
            return i  # `before` starts left of the gutter, so the row does too
    return None


def _start(row: list[Word]) -> float:
    return next((w.x0 for w in row if not is_marker(w)), row[0].x0)


def _common_starts(rows: list[list[Word]]) -> list[float]:
    """The x positions where at least a seventh of the rows start (their first word that is not
    a list marker), within _ALIGNED points."""
    return _shared_starts([_start(row) for row in rows])


def _shared_starts(starts: list[float]) -> list[float]:
    """Of these start positions, in order, those that at least a seventh of them share within
    _ALIGNED points."""
    starts = sorted(starts)
    return [x for x in starts if sum(abs(x - y) <= _ALIGNED for y in starts) * 7 >= len(starts)]


def _side_label(row: list[Word], starts: list[float]) -> int | None:
    """How many words open `row` as a side label, if they do: a few words (not a date), then
    nothing or a column gap and the rest of the row at a place where many rows start."""
    label = _label_part(row, starts)
    n = len(label)
    if n > _LABEL_WORDS or not _worded(label):
        return None  # too long, or markers or a dotted rule: not a name
    if _DATED.search(" ".join(w.text for w in label)):
        return None  # a dates column beside each entry, not a section name
    if n < len(row) and not any(abs(_start(row[n:]) - x) <= _ALIGNED for x in starts):
        return None
    return n


def _label_part(row: list[Word], starts: list[float]) -> list[Word]:
    """The words that may open `row` as a side label: up to its first column gap, or up to a
    field gap where the rest starts at a place where many rows start (a long section name that
    ends close to the body column: 'Experience' at 72-145 pt, the body at 153)."""
    for k in range(1, min(len(row), _LABEL_WORDS + 1)):
        before, after = row[k - 1], row[k]
        if is_marker(before) or is_marker(after):
            break  # a list opens here: the label, if any, ends at a column gap
        gap = after.x0 - before.x1 >= WIDE_GAP * min(before.size, after.size)
        if gap and any(abs(after.x0 - x) <= _ALIGNED for x in starts):
            return row[:k]
    return row_parts(row)[0]


def _worded(row: list[Word]) -> bool:
    return any(ch.isalpha() for w in row for ch in w.text)  # not a dotted or dashed rule


def split_side_labels(rows: list[list[Word]]) -> list[list[Word]]:
    """Rows with their side labels (section names in a margin column) as rows of their own;
    rows unchanged unless at least two rows open with a side label and rows that start left of
    where those labels' rows go on are mostly labels. A label alone on its row just above the next
    label, whose row goes on, is that label's first part (a name wrapped in two)."""
    if not rows:
        return rows
    starts = _common_starts(rows)
    found = {i: n for i, row in enumerate(rows) if (n := _side_label(row, starts)) is not None}
    beside = [i for i, n in found.items() if n < len(rows[i])]
    if len(beside) < 2:
        return rows
    body = min(rows[i][found[i]].x0 for i in beside) - _ALIGNED
    first = min(beside)  # the name and contact block above the first label do not count
    first -= first - 1 in found  # but the first label's first half, wrapped onto the row above
    left = [i for i, row in enumerate(rows) if i >= first and _start(row) < body and _worded(row)]
    labels = {i: found[i] for i in left if i in found}
    if len(labels) > _MAX_LABEL_SHARE * len(rows) or 3 * len(labels) < 2 * len(left):
        return rows
    order = sorted(labels)
    joined: dict[int, list[Word]] = {}  # a label-only row and the labelled row it begins
    for i, j in itertools.pairwise(order):
        wrapped = rows[j][0].top - rows[i][-1].bottom < rows[i][0].size
        if labels[i] == len(rows[i]) and labels[j] < len(rows[j]) and wrapped and i not in joined:
            joined[i], joined[j] = rows[i] + rows[j][: labels[j]], []
    out: list[list[Word]] = []
    heads: list[list[Word]] = []
    for i, row in enumerate(rows):
        n = labels.get(i)
        if n is None:
            out.append(row)
            continue
        label, rest = joined.get(i, row[:n]), row[n:]
        if label and out and out[-1][0].top > label[0].top - label[0].size and out[-1] not in heads:
            out.insert(len(out) - 1, label)  # a row level with the label starts its section too
        elif label:
            out.append(label)
        heads += [label] if label else []
        out += [rest] if rest else []
    return out


def _page_lines(page: dict[str, object], number: int) -> list[PageLine]:
    width, height = float(str(page.get("width") or 1.0)), float(str(page.get("height") or 1.0))
    rows = rows_of(page_words(page))
    if not rows:
        return []
    split = gutter(rows, width)
    band = side_by_side(rows, width) if split is None else None
    if band is not None:
        start, end, at = band
        part = rows[start:end]
        left = [[w for w in r if w.x1 <= at] for r in part]
        right = [[w for w in r if w.x0 >= at] for r in part]
        blocks = [
            split_side_labels(rows[:start]),
            [r for r in left if r],
            [r for r in right if r],
            split_side_labels(rows[end:]),
        ]
    elif split is None:
        blocks = [split_side_labels(rows)]
    else:
        above, left, right = _columns(rows, split)
        wide_left = split.x - min(w.x0 for r in left for w in r) if left else 0.0
        wide_right = max(w.x1 for r in right for w in r) - split.x if right else 0.0
        # the narrower column first (a sidebar: name, contact; a role's details beside it); but
        # on a later page, beside a sidebar (rows seldom level: no details of the body's
        # entries), the body, which goes on with the section the page before ended in
        body_first = split.sidebar and number > 1
        right_first = wide_right > wide_left if body_first else wide_right < wide_left
        blocks = [above, right, left] if right_first else [above, left, right]
    lines: list[PageLine] = []
    for block in blocks:
        if not block:
            continue
        edge = min(w.x0 for row in block for w in row)
        for i, row in enumerate(block):
            floor = max(w.bottom for w in block[i - 1]) if i else None
            tall = statistics.median(w.size for w in row)
            # None: the first row, or the rest of a row whose side label was read before it
            gap = (
                None
                if floor is None or row[0].top < floor - tall / 2
                else (row[0].top - floor) / tall
            )
            line = PageLine(row, number, edge, width, height, gap=gap)
            line.blank_before = i == 0 and bool(lines)  # a new column starts a new block
            lines.append(line)
    return lines


def layout_lines(pages: list[dict[str, object]]) -> list[PageLine]:
    """Every page's lines in reading order (pages numbered from 1); a line stands after a blank
    one where the gap above it is wider than the document's usual gap between lines (its lower
    quartile: paragraph spacing, not the wider gaps around bullets) by _BLANK_LINE of its font
    size."""
    lines = [line for n, page in enumerate(pages, 1) for line in _page_lines(page, n)]
    gaps = sorted(line.gap for line in lines if line.gap is not None)
    usual = gaps[len(gaps) // 4] if gaps else 0.0  # the spacing inside a paragraph
    for line in lines:
        wide = line.gap is not None and line.gap > usual + _BLANK_LINE
        line.blank_before = line.blank_before or wide
    return lines


def letter_width(lines: list[PageLine]) -> float:
    """The median width of a letter over the document (the text grid's column)."""
    widths = [(w.x1 - w.x0) / len(w.text) for line in lines for w in line.words if w.text]
    return statistics.median(widths) if widths else 5.0


def render_line(line: PageLine, letter: float) -> str:
    """The line as the page shows it: indent, single spaces, wide gaps as several spaces."""
    out = " " * max(0, round((line.words[0].x0 - line.left) / letter))
    for i, word in enumerate(line.words):
        if i:
            gap = word.x0 - line.words[i - 1].x1
            wide = gap > WIDE_GAP * min(word.size, line.words[i - 1].size)
            out += " " * max(2, round(gap / letter)) if wide else " "
        out += word.text
    return out


_CLOSING = frozenset({",", ".", ";", ":", ")"})


def _one_letter(word: Word) -> bool:
    return sum(ch.isalnum() for ch in word.text) == 1


def join_letter_spaced(line: PageLine) -> PageLine:
    """'N A M    R Y U L    K I M' → 'NAM RYUL KIM': a line set in letter-spaced capitals, every
    letter a word of its own, becomes its words again. The line qualifies when it holds four or
    more words and nearly all (three in four) are a single letter or digit; a gap more than twice
    the median gap between its letters separates two words, and a word of several letters on the
    line stays as it is ('S P E N D E S K   Full-Stack Software')."""
    words = line.words
    if len(words) < 4 or 4 * sum(_one_letter(w) for w in words) < 3 * len(words):
        return line
    gaps = [b.x0 - a.x1 for a, b in itertools.pairwise(words)]
    cut = 2 * statistics.median(gaps)
    joined = [[words[0]]]
    for gap, word in zip(gaps, words[1:], strict=True):
        last = joined[-1][-1]
        inside = _one_letter(last) or last.text in _CLOSING  # 'R e a c t . j s'
        closing = word.text in _CLOSING and _one_letter(last)  # 'R A I L S ,'
        if gap <= cut and (closing or (_one_letter(word) and inside)):
            joined[-1].append(word)
        else:
            joined.append([word])
    line.words = [
        group[0]._replace(text="".join(w.text for w in group), x1=group[-1].x1) for group in joined
    ]
    return line
