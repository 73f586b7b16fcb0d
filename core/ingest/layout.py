"""Resume text → sections → items (bullets, paragraphs, sub-headings) with exact line spans.

Bullets keep wrapped continuation lines (indented or not); paragraphs keep hard-wrapped lines.
Each item can give its text joined with single spaces and map any span of that text back to the
source lines, so every card knows its line range.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from core.contracts import CardKind
from core.ingest.roles import is_header_line, title_score
from core.ingest.sections import (
    MD_HEADING,
    heading_kind,
    heading_words,
    is_all_caps_heading,
    is_known_heading,
    is_plain_heading,
    label_heading,
)
from core.text.markup import ENUMERATOR

# arrows count as bullet glyphs too ('-> pick rate 118 -> 141 UPH', '=> …', '→ …')
BULLET = re.compile(
    r"^(?P<indent>[ \t]*)"
    rf"(?P<marker>(?:-{{1,2}}>|=>|[-*•–—>▪◦●‣+→➔➜]|\d{{1,3}}[.)])(?=[ \t])|{ENUMERATOR})"
    r"[ \t]*(?P<body>\S.*)$"
)
# a field gap of a laid-out line ('Staff Nurse      Boise, ID'): PDF lines show wide gaps as spaces
FIELD_GAP = re.compile(r"\s{3,}")
_INNER_NUMBER = re.compile(rf"^(?:\d{{1,3}}[.)][ \t]+|{ENUMERATOR})(?=\S)")
_RULE = re.compile(r"^\s*([-*_=])(?:\s*\1){2,}\s*$")
ItemKind = Literal["bullet", "para", "subheading"]


@dataclass
class SourceLine:
    no: int  # 1-based line number
    offset: int  # character offset of `content` in the source text
    content: str  # the text kept for the card (bullet marker and indentation removed)
    indent: int = 0


@dataclass
class Item:
    kind: ItemKind
    lines: list[SourceLine] = field(default_factory=list)

    @property
    def text(self) -> str:
        return " ".join(line.content for line in self.lines)

    @property
    def first(self) -> int:
        return self.lines[0].no

    @property
    def last(self) -> int:
        return self.lines[-1].no

    def span_lines(self, start: int, end: int) -> tuple[int, int, int, int]:
        """Joined-text span → (first line, last line, source char start, source char end)."""
        pos = 0
        first = last = self.lines[0]
        char_start = char_end = first.offset
        for line in self.lines:
            line_end = pos + len(line.content)
            if pos <= start <= line_end:
                first, char_start = line, line.offset + (start - pos)
            if pos < end <= line_end:
                last, char_end = line, line.offset + (end - pos)
            pos = line_end + 1
        return first.no, last.no, char_start, char_end


@dataclass
class Section:
    name: str  # the heading as written ('' for text above the first heading)
    kind: CardKind
    line: int
    items: list[Item] = field(default_factory=list)


@dataclass
class RawLine:
    no: int
    offset: int
    text: str


def split_lines(text: str) -> list[RawLine]:
    out, offset = [], 0
    for no, line in enumerate(text.split("\n"), start=1):
        out.append(RawLine(no, offset, line))
        offset += len(line) + 1
    return out


def _section_level(lines: list[RawLine]) -> int:
    levels = [
        len(m.group(1))
        for line in lines
        if (m := MD_HEADING.match(line.text)) and heading_kind(m.group(2)) is not None
    ]
    return min(levels) if levels else 2


def heading_at(
    lines: list[RawLine],
    i: int,
    level: int,
    columns: frozenset[int] = frozenset(),
    read: frozenset[str] = frozenset(),
) -> tuple[str, int] | None:
    """(heading text, lines consumed) when line i starts a section heading. `columns`: the
    indents at which other headings of the document stand (see `heading_columns`); `read`: the
    heading words of lines the line reader calls headings ('PAPERWORK (CERTS & SCHOOL)'), a
    heading too when short, not a list item and not a role's dated header."""
    text = lines[i].text
    if not text.strip():
        return None
    if match := MD_HEADING.match(text):
        return (match.group(2), 1) if len(match.group(1)) <= level else None
    nxt = lines[i + 1].text if i + 1 < len(lines) else ""
    if re.fullmatch(r"\s*(=+|-{3,})\s*", nxt) and not BULLET.match(text) and len(text) <= 60:
        return text.strip(), 2
    alone = i == 0 or not lines[i - 1].text.strip() or not nxt.strip()
    if is_all_caps_heading(text) and not BULLET.match(text):
        known = heading_kind(text) is not None
        # 'ACME CORP' over 'Engineer | 2019 – 2023' is a role's employer, unless the line below
        # names its own employer (the role-header tagger reads it): then it is a heading
        if known or not is_header_line(nxt) or _names_employer(nxt):
            return text.strip(), 1
    if _CAPS_WORD.fullmatch(text) and (i == 0 or not lines[i - 1].text.strip()):
        below = [*[ln.text for ln in lines[i + 1 : i + 4] if ln.text.strip()][:2], ""]
        stacked = title_score(below[0]) > 0 and is_header_line(below[1])  # title, then dates
        if below[0] and not (is_header_line(below[0]) or stacked):  # 'STRIDEWELL' over its role
            return text.strip().rstrip(":"), 1  # 'SOFTWARE' after a blank line: a heading
    if (alone and (label_heading(text) or is_plain_heading(text))) or is_known_heading(text):
        return text.strip().strip("*").rstrip(":").strip("*").strip(), 1
    if _indent(text) in columns and is_known_heading(text.strip()):
        return text.strip(), 1  # 'Skills' in the heading column of a CV whose dates stand left
    model = bool(read) and heading_words(text) in read and len(text.strip()) <= 60
    if model and not (BULLET.match(text) or is_header_line(text)):
        return text.strip().rstrip(":"), 1
    return None


def _names_employer(header: str) -> bool:
    from core.reader.header_fields import split_header

    fields = split_header(header.strip())
    return bool(fields.title and fields.employer)


# one unindented all-caps word of 4+ letters ('SOFTWARE', 'CERTIFICATIONS'), maybe with a colon
_CAPS_WORD = re.compile(r"[A-Z][A-Z&/-]{3,}:?\s*")


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip())


def heading_columns(lines: list[RawLine], level: int, skip: set[int]) -> frozenset[int]:
    """Indents (> 0) at which a heading stands on its own: a CV that sets its headings in the
    text column, right of a dates column ('2012 – 2017   Engineer, Amazon'), indents all of
    them; a line made only of heading words at the same indent is a heading too, with no blank
    line around it."""
    return frozenset(
        _indent(lines[i].text)
        for i in range(len(lines))
        if lines[i].no not in skip
        and lines[i].text[:1].isspace()
        and heading_at(lines, i, level) is not None
    )


def _content(line: RawLine) -> SourceLine:
    stripped = line.text.lstrip()
    indent = len(line.text) - len(stripped)
    return SourceLine(line.no, line.offset + indent, stripped.rstrip(), indent)


def item_text(text: str) -> str:
    """A line as its item holds it: a list item's text without its glyph (as `_bullet` cuts it)."""
    match = BULLET.match(text)
    return _bullet(RawLine(0, 0, text), match).content.strip() if match else text.strip()


def _bullet(line: RawLine, match: re.Match[str]) -> SourceLine:
    """The bullet's text without its glyph, and without a number after the glyph too
    ('• 2.Construction of …', '- 3) Scheduled …': an export that keeps both)."""
    start = match.start("body")
    if number := _INNER_NUMBER.match(match.group("body")):
        start += number.end()
    return SourceLine(line.no, line.offset + start, line.text[start:].rstrip(), start)


_YEAR_LED = re.compile(r"^(?:19|20)\d\d\b")


def split_dated_lines(item: Item) -> list[Item]:
    """A paragraph whose every line opens with a year ('2023 AWS Certified … / 2022 AWS …') is
    a list of dated entries without bullets: one item per line."""
    if item.kind != "para" or len(item.lines) < 2:
        return [item]
    if not all(_YEAR_LED.match(line.content) for line in item.lines):
        return [item]
    return [Item("para", [line]) for line in item.lines]


# a line that ends like this runs on into the next one ('… Water Resources &' / 'Environmental …')
_RUNS_ON = re.compile(r"(?:[&,;:/(–—-]|\b(?:and|or|of|the|for|in|to|with|a|an))\s*$", re.I)


def wrap_groups(item: Item, wraps: frozenset[int]) -> list[Item]:
    """A paragraph of a list, one item per entry: a line the layout wrapped onto (its number in
    `wraps`, from `core.ingest.list_wraps`) goes with the line above, every other line is an
    entry of its own. A bullet stays whole."""
    if item.kind == "bullet":
        return [item]
    return [Item("para", run) for run in wrap_runs(item.lines, wraps)]


def wrap_runs(lines: list[SourceLine], wraps: frozenset[int]) -> list[list[SourceLine]]:
    """`lines` in runs: a line the layout wrapped onto (its number in `wraps`) runs with the
    line above it, every other line starts a run."""
    runs: list[list[SourceLine]] = []
    for line in lines:
        if runs and line.no in wraps:
            runs[-1].append(line)
        else:
            runs.append([line])
    return runs


def split_listed_lines(item: Item, wraps: frozenset[int] = frozenset()) -> list[Item]:
    """A paragraph of a credentials or memberships section written one entry per line,
    without bullets ('Engineer Intern (EI), NC Board …, 2019' / 'OSHA 10-Hour Construction
    Safety, 2020'): one item per entry. A line that ends on a joiner, a next line that
    starts in lower case, or one the layout wrapped onto (`wraps`) is the same entry wrapped."""
    if item.kind != "para" or len(item.lines) < 2:
        return [item]
    groups: list[list[SourceLine]] = [[item.lines[0]]]
    for line in item.lines[1:]:
        above = groups[-1][-1].content
        if _RUNS_ON.search(above) or line.content[:1].islower() or line.no in wraps:
            groups[-1].append(line)
        else:
            groups.append([line])
    return [Item("para", lines) for lines in groups]


StopRule = Callable[[str], bool]


def build_items(lines: list[RawLine], level: int, stops_bullet: StopRule) -> list[Item]:
    """Group one section's lines into items. `stops_bullet(line)` ends a bullet early."""
    items: list[Item] = []
    current: Item | None = None
    for line in lines:
        text = line.text
        if not text.strip() or _RULE.match(text):
            current = None
            continue
        if (heading := MD_HEADING.match(text)) and len(heading.group(1)) > level:
            items.append(Item("subheading", [_content(line)]))
            current = None
        elif match := BULLET.match(text):
            current = Item("bullet", [_bullet(line, match)])
            items.append(current)
        elif current is not None and not (current.kind == "bullet" and stops_bullet(text)):
            current.lines.append(_content(line))
        else:
            current = Item("para", [_content(line)])
            items.append(current)
    return items


def split_sections(
    lines: list[RawLine],
    skip: set[int],
    stops_bullet: StopRule,
    read: frozenset[str] = frozenset(),
) -> list[Section]:
    """Sections in order; lines numbered in `skip` (contact block) are left out; `read`: the
    heading words of the lines the line reader calls headings (see `heading_at`)."""
    level = _section_level(lines)
    columns = heading_columns(lines, level, skip)
    sections: list[Section] = []
    name, kind, start, body = "", CardKind.SUMMARY, 1, []
    i = 0
    while i < len(lines):
        found = None if lines[i].no in skip else heading_at(lines, i, level, columns, read)
        if found is None:
            if lines[i].no not in skip:
                body.append(lines[i])
            i += 1
            continue
        sections.append(Section(name, kind, start, build_items(body, level, stops_bullet)))
        name, consumed = found
        kind = heading_kind(name) or CardKind.OTHER
        start, body = lines[i].no, []
        i += consumed
    sections.append(Section(name, kind, start, build_items(body, level, stops_bullet)))
    return [s for s in sections if s.items or s.name]
