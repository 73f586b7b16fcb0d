"""Page text laid out as lines (a PDF's lines, a 'pdftotext -layout' dump) → text that reads
like the page.

- Running headers and footers (a line repeated at the top or bottom of most pages, page numbers
  and dates allowed to change) and bare page numbers are dropped and reported; a running line
  holding an e-mail address or a phone number is the person's contact block set in the page
  header or footer, kept once: in the first page's header or the last page's footer.
- A soft hyphen (U+00AD) is what many typesetters (LaTeX) draw the visible hyphen with, so it
  is read as a hyphen ('Sep. 2023­Mar. 2024' → 'Sep. 2023-Mar. 2024').
- A word broken across lines ('Devel-' / 'oping') is joined. The hyphen stays when the document
  writes the hyphenated form elsewhere or the first part is a common compound prefix ('self-',
  'cross-'); otherwise it goes ('Developing'). `keeps_hyphen` is that rule; core.ingest.pdf_lines
  applies it to a PDF's lines.
- A plain-text dump with two columns side by side is read column by column (`order_text_columns`;
  a PDF's own columns are found from its words' positions, core.ingest.pdf_layout).
"""

from __future__ import annotations

import re
from collections import Counter

from core.contracts import LeftOut
from core.text.contact import find_emails, find_phones

_HEAD_WORDS = 10  # running heads and feet are short: a name, a title, a date, a page number
_EDGE_LINES = 2  # lines at the top and bottom of a page that may be running heads or feet
_PAGE_NUMBER = re.compile(r"^\W*(?:page\s*)?\d{1,3}(?:\s*(?:of|/)\s*\d{1,3})?\W*$", re.I)
_BROKEN_WORD = re.compile(r"([A-Za-z]+)[-\u2010\u2011]\n[ \t]*([a-z]{2,})")
_COMPOUND_PREFIXES = frozenset(
    [
        "self",
        "cross",
        "multi",
        "non",
        "co",
        "well",
        "high",
        "low",
        "full",
        "part",
        "long",
        "short",
        "real",
        "end",
        "one",
        "two",
        "three",
        "follow",
        "start",
        "open",
        "in",
        "on",
        "off",
        "over",
        "under",
        "out",
        "up",
        "down",
        "client",
        "customer",
        "user",
        "data",
        "cloud",
        "cost",
        "time",
        "decision",
        "problem",
        "team",
        "hands",
        "fast",
        "world",
    ]
)
RUNNING = "running header or footer"


def _shape(line: str) -> str:
    """A line with its numbers masked, so 'Page 2 of 3' and 'Page 3 of 3' look the same."""
    return re.sub(r"\d+", "#", " ".join(line.split())).lower()


def _edges(lines: list[str]) -> list[int]:
    filled = [i for i, line in enumerate(lines) if line.strip()]
    return filled[:_EDGE_LINES] + filled[-_EDGE_LINES:]


def drop_running_lines(pages: list[str]) -> tuple[list[str], list[LeftOut]]:
    """Pages without running heads/feet and bare page numbers; what was dropped."""
    split = [page.split("\n") for page in pages]
    counts: Counter[str] = Counter()
    for lines in split:
        counts.update({_shape(lines[i]) for i in _edges(lines)})
    least = max(2, (len(pages) + 1) // 2)
    repeated = {s for s, n in counts.items() if n >= least and len(s.split()) <= _HEAD_WORDS}
    left_out: list[LeftOut] = []
    reported: set[str] = set()
    keep = _contact_to_keep(split, repeated)
    for page, lines in enumerate(split):
        for i in _edges(lines):
            line = lines[i]
            if (page, i) in keep:
                reported.add(_shape(line))
                continue
            if _shape(line) in repeated or _PAGE_NUMBER.match(line):
                if _shape(line) not in reported:
                    reported.add(_shape(line))
                    left_out.append(LeftOut(what=" ".join(line.split())[:80], why=RUNNING))
                lines[i] = ""
    return ["\n".join(lines) for lines in split], left_out


def _contact_to_keep(split: list[list[str]], repeated: set[str]) -> set[tuple[int, int]]:
    """(page, line) of each running line holding an e-mail or phone that is kept: in the first
    page's header, else in the last page's footer, where it stands above or below all the text
    (kept anywhere else it would cut a paragraph that runs over a page break)."""
    filled_first = [i for i, line in enumerate(split[0]) if line.strip()]
    filled_last = [i for i, line in enumerate(split[-1]) if line.strip()]
    places = [(0, i) for i in filled_first[:_EDGE_LINES]]
    places += [(len(split) - 1, i) for i in filled_last[-_EDGE_LINES:]]
    keep: set[tuple[int, int]] = set()
    for shape in repeated:
        for page, i in places:
            line = split[page][i]
            if _shape(line) == shape and (find_emails(line) or find_phones(line)):
                keep.add((page, i))
                break
    return keep


def join_broken_words(text: str) -> str:
    """'Devel-\\n   oping' → 'Developing'; soft hyphens are hyphens (LaTeX draws '-' with one)."""
    text = text.replace("\u00ad", "-")
    lowered = text.lower()

    def join(match: re.Match[str]) -> str:
        head, tail = match.group(1), match.group(2)
        return f"{head}-{tail}" if keeps_hyphen(head, tail, lowered) else head + tail

    return _BROKEN_WORD.sub(join, text)


def keeps_hyphen(head: str, tail: str, lowered: str) -> bool:
    """Whether 'head-' / 'tail' broken over a line is a hyphenated word: the document (`lowered`,
    lower-cased) writes it hyphenated elsewhere, or `head` is a common compound prefix."""
    return f"{head}-{tail}".lower() in lowered or head.lower() in _COMPOUND_PREFIXES


_GAP = 3  # spaces between columns in layout-mode text (between words there is one)
_MIN_SPLIT_SHARE = 0.3  # of a page's lines must have text on both sides of the gutter
_MAX_CROSSING_SHARE = 0.15  # lines running across the gutter (a name, a full-width heading)
_MAX_DATED_SHARE = 0.4  # a side this often dated is a dates/location column, not a sidebar
_DATED = re.compile(r"\b(?:19|20)\d\d\b|\bpresent\b", re.I)


def _gutter(lines: list[str]) -> int | None:
    """The character column that separates two text columns on most lines, if there is one."""
    filled = [line for line in lines if line.strip()]
    width = max((len(line) for line in filled), default=0)
    best, best_split = None, 0
    for x in range(10, width - 10):
        split = crossing = 0
        for line in filled:
            if len(line) > x and line[x] != " ":
                crossing += 1
            elif line[:x].strip() and line[x:].strip() and not line[x - _GAP + 1 : x + 1].strip():
                split += 1
        if crossing <= _MAX_CROSSING_SHARE * len(filled) and split > best_split:
            best, best_split = x, split
    if best is None or best_split < max(5, _MIN_SPLIT_SHARE * len(filled)):
        return None
    return best


def _dated_share(parts: list[str]) -> float:
    parts = [p for p in parts if p.strip()]
    return sum(bool(_DATED.search(p)) for p in parts) / len(parts) if parts else 0.0


def order_columns(page: str) -> str:
    """A two-column page as its left column, then its right column (a full-width line, such as
    the name above both columns, stays where it is). Pages whose second column is mostly dates
    or places (right-aligned role details) are left as they are."""
    lines = page.split("\n")
    x = _gutter(lines)
    if x is None:
        return page
    sides = [(line[:x].rstrip(), line[x:].strip()) for line in lines]
    if max(_dated_share([s[0] for s in sides]), _dated_share([s[1] for s in sides])) > (
        _MAX_DATED_SHARE
    ):
        return page
    out: list[str] = []
    left: list[str] = []
    right: list[str] = []
    started = False  # full-width lines (the name, a banner) come before the columns start
    for line, (head, tail) in zip(lines, sides, strict=True):
        if len(line) > x and line[x] != " ":  # runs across the gutter
            if not started:
                out += left + right + [line]
                left, right = [], []
            else:  # a long item of one column: it belongs where it starts
                (left if line[:x].strip() else right).append(line.strip())
            continue
        started = started or bool(head.strip() and tail)
        left.append(head)
        right.append(tail)
    return "\n".join(out + left + [""] + right)


def order_text_columns(text: str) -> str:
    """`order_columns` for a plain-text page, where single spaces can fall on any column: only
    when every line with text on both sides of the gutter has a real gap there (no sentence runs
    through it) and the left side is not a 'Label:' column of a label / value table."""
    lines = text.split("\n")
    x = _gutter(lines)
    if x is None:
        return text
    both = [line for line in lines if line[:x].strip() and line[x:].strip()]
    if any(line[x - _GAP + 1 : x + 1].strip() for line in both):
        return text
    labels = sum(line[:x].strip().endswith(":") for line in both)
    return text if 2 * labels >= len(both) else order_columns(text)
