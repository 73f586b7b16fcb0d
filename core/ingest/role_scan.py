"""Find role headers in an experience section by scoring lines, not by one fixed pattern.

A role header is a short block of one to three lines around a *date line*: a line that carries a
date or date range the way a header does (not a sentence that mentions a year). Lines next to it
join the block while the block still lacks a title or an employer and they look like header text:
short, no sentence ending, not indented deeper than the date line (PDF bodies are indented).
That covers title-first ("Staff Accountant" / "Jan 2014 to Oct 2014 Company – City"), dates-first
("06/2016" / "Registered Nurse Company Name – City"), employer-first ("ACME CORP -- Boise" /
"Engineer, Aug 2016 - present") and one-line headers with any separator, anywhere in a section,
also in the middle of a paragraph (builder PDFs have no blank lines between roles).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.ingest.layout import Item, SourceLine
from core.ingest.role_sentences import parse_sentence_role
from core.ingest.roles import (
    AT,
    HeaderParts,
    header_parts,
    is_header_line,
    is_org,
    parse_header,
    split_run_on,
    strip_markup,
    title_score,
)
from core.text.dates import dangling_start, first_range, leading_end, wrapped_start

_MAX_LINES = 3
_SENTENCE_END = re.compile(r"[.;:!?]$")
_SENTENCE_LEAD = re.compile(
    r"\b(?:from|since|in|during|between|until|by|of|on|for|and)\s*$",
    re.IGNORECASE,
)
FIELD_LINE = re.compile(
    r"^(?P<label>company|employer|organi[sz]ation|firm|designation|position|job title|title|role)"
    r"\s*(?:[-–:]\s*)(?P<value>.{2,100})$",
    re.IGNORECASE,
)
_TITLE_LABELS = frozenset(["designation", "position", "job title", "title", "role"])
_DATES_FIELD = re.compile(
    r"^(?:duration|period|dates?|tenure)\s*[-–:]\s*(?P<value>.{4,60})$", re.IGNORECASE
)
# a dump's free-text field ('description - …'): its value is the role's body, unless it opens
# with another field ('description - Role: Civil Engineer') or with the role's dates
_WRAPPER_FIELD = re.compile(r"^(?:description|details)\s*[-–:]\s*(?P<value>.+)$", re.IGNORECASE)
_ORG_ABBREVIATION = re.compile(r"\b(?:inc|ltd|co|corp|llc|plc|llp|pvt)\.$", re.IGNORECASE)


@dataclass
class Row:
    item: int  # index of the item the line came from
    pos: int  # position of the line inside that item
    eligible: bool  # may be part of a header (not a bullet's first line, not a heading)


def header_like(line: str) -> bool:
    """Short, no sentence ending, not starting in lower case: how header lines look."""
    text = " ".join(strip_markup(line).split())  # PDF layout text pads columns with spaces
    if not text or len(text) > 100 or len(text.split()) > 14 or text[0].islower():
        return False
    return not _SENTENCE_END.search(text) or bool(_ORG_ABBREVIATION.search(text))


def is_date_line(line: str) -> bool:
    """A line that carries a role's dates as a header does (not a sentence with a date)."""
    text = strip_markup(line)
    date = first_range(text)
    if date is None or _SENTENCE_LEAD.search(text[: date.begin]):
        return False
    before = text[: date.begin]
    if before.count("(") > before.count(")") and not (title_score(text) or is_org(text)):
        return False  # 'Heme/onc satellite (40% of shifts since 01/2019)': a duty, not a job
    if is_header_line(line):
        return True
    return header_like(line) and len(text[: date.begin].split()) <= 8


def field_header(line: str) -> tuple[str, str] | None:
    """'company - F2 Fun Fitness' / 'Designation: Sales Manager' / 'Duration: 2015-2016' →
    ('company' | 'title' | 'dates', value); a free-text field that opens with one of these
    ('description - Role: Civil Engineer', 'description - 2015 - Present  Sales, Operations')
    is read as that field."""
    text = strip_markup(line).strip()
    if wrapper := _WRAPPER_FIELD.match(text):
        text = wrapper.group("value").strip()
        date = first_range(text)
        if date is not None and date.begin == 0 and date.end is not None:
            return "dates", text[: date.finish]
        if not FIELD_LINE.match(text) and not _DATES_FIELD.match(text):
            return None
    if dates := _DATES_FIELD.match(text):
        date = first_range(dates.group("value"))
        return ("dates", dates.group("value").strip()) if date is not None else None
    match = FIELD_LINE.match(text)
    if not match or not match.group("value").strip(" -:"):
        return None
    label = match.group("label").lower()
    return ("title" if label in _TITLE_LABELS else "company"), match.group("value").strip()


def _has_title(lines: list[str]) -> bool:
    return any(title_score(strip_markup(line)) > 0 for line in lines)


def _names_employer(part: str) -> bool:
    """A header part with an organisation word names an employer, unless the word only belongs
    to the title: 'Pharmacy Intern', 'Hotel Manager' (no employer follows the title words)."""
    if not is_org(part):
        return False
    if title_score(part) == 0 or AT.search(part):
        return True
    after_comma = part.rpartition(",")[2] if "," in part else ""  # 'Nurse, Mercy Hospital'
    return is_org(split_run_on(part)[1]) or is_org(after_comma)


def _has_employer(lines: list[str]) -> bool:
    return any(_names_employer(part) for line in lines for part in header_parts(strip_markup(line)))


def _complete(lines: list[str]) -> bool:
    return _has_title(lines) and _has_employer(lines)


def _rows(items: list[Item]) -> list[Row]:
    rows = []
    for i, item in enumerate(items):
        body_indent = item.lines[0].indent if item.lines else 0
        for pos, line in enumerate(item.lines):
            if item.kind == "subheading":
                eligible = False
            elif item.kind == "bullet":  # a dedented line after a bullet is not its wrap
                eligible = pos > 0 and line.indent < body_indent
            else:
                eligible = True
            rows.append(Row(i, pos, eligible))
    return rows


def _dateless_header(i: int, rows: list[Row], text: list[str], indent: list[int]) -> bool:
    """'Front Desk Agent Company Name – City, State' over deeper-indented body lines: a role
    header written without dates (title and employer cues, the layout's indentation)."""
    nxt = i + 1
    if nxt >= len(rows) or not rows[nxt].eligible or indent[nxt] <= indent[i]:
        return False
    line = text[i]
    return header_like(line) and not is_date_line(line) and _complete([line])


def find_header_blocks(items: list[Item]) -> list[tuple[int, int]]:
    """(first row, last row) of every role header block, rows counted over all items' lines."""
    rows = _rows(items)
    text = [items[r.item].lines[r.pos].content for r in rows]
    indent = [items[r.item].lines[r.pos].indent for r in rows]
    used: set[int] = set()
    blocks: list[tuple[int, int]] = []

    def joins(j: int, anchor: int) -> bool:
        return (
            0 <= j < len(rows)
            and j not in used
            and rows[j].eligible
            and indent[j] <= indent[anchor]
            and header_like(text[j])
            and not is_date_line(text[j])
        )

    def title_below(j: int, anchor: int) -> bool:
        """A job title right under the dated line, indented ('  Undergraduate Researcher') or
        written as a sentence ('Research Scientist.', as an academic CV ends every line)."""
        if not (0 <= j < len(rows) and j not in used and rows[j].eligible):
            return False
        line = strip_markup(text[j]).strip()
        titled = 0 < len(line.split()) <= 6 and title_score(line) > 0 and line[:1].isupper()
        if not titled or is_date_line(text[j]):
            return False
        indented, ended = indent[j] > indent[anchor], line.endswith(".")
        return (indented or ended) and header_like(line.removesuffix("."))

    def leads_next(j: int) -> bool:
        """Line j sits right above another date line: it is that header's first line."""
        return j + 1 < len(rows) and rows[j + 1].eligible and is_date_line(text[j + 1])

    for i, row in enumerate(rows):
        if i in used or not row.eligible:
            continue
        if (field_header(text[i]) or ("", ""))[0] == "company":  # a title field only joins
            end, kinds = i, {"company"}
            while end + 1 < len(rows) and (field := field_header(text[end + 1])):
                if field[0] in kinds:  # a second employer field starts the next role
                    break
                kinds.add(field[0])
                end += 1
            used.update(range(i, end + 1))
            blocks.append((i, end))
            continue
        if _dateless_header(i, rows, text, indent):
            used.add(i)
            blocks.append((i, i))
            continue
        if not is_date_line(text[i]):
            continue
        start = end = i
        while end - start + 1 < _MAX_LINES and not _complete(text[start : end + 1]):
            if joins(start - 1, i) and not _has_title(text[start : end + 1]):
                start -= 1
            elif joins(end + 1, i) and not (
                _has_title(text[start : end + 1]) and leads_next(end + 1)
            ):
                end += 1  # an employer line over the next title + dates line stays with that one
            elif joins(start - 1, i):
                start -= 1
            elif not _has_title(text[start : end + 1]) and title_below(end + 1, i):
                end += 1
            else:
                break
        if end == i and i + 1 < len(rows) and wrapped_start(text[i], text[i + 1]):
            end = i + 1  # the range's end, wrapped onto the next line by a dates column
        used.update(range(start, end + 1))
        blocks.append((start, end))
    return blocks


_LEAD_END = re.compile(r"[.:]\s+(?=[A-Z])")


def _lead_header(line: SourceLine) -> list[SourceLine]:
    """A role written as a paragraph, its first sentence the header: 'Registered Nurse at Mercy
    Hospital, 06/2016 – Present. Cared for …' → the header sentence and the rest, two lines."""
    for end in _LEAD_END.finditer(line.content):
        lead = line.content[: end.start()]
        if len(lead) > 150:
            break
        if is_date_line(lead) and _complete([lead]) and not is_date_line(line.content):
            rest = line.content[end.end() :]
            tail = SourceLine(line.no, line.offset + end.end(), rest, line.indent)
            return [SourceLine(line.no, line.offset, lead, line.indent), tail]
    return [line]


def _split_lead_headers(items: list[Item]) -> list[Item]:
    out = []
    for item in items:
        if item.kind != "para" or not item.lines or len(item.lines[0].content) <= 100:
            out.append(item)
            continue
        out.append(Item("para", _lead_header(item.lines[0]) + item.lines[1:]))
    return out


def _wrapped_end(line: SourceLine, above: str) -> list[SourceLine]:
    """'Present     Leading cross-functional teams …' under '2017 –    Product Manager, Google':
    the range's end, wrapped by a dates column, and the body text beside it, two lines."""
    end = leading_end(line.content) if dangling_start(above) else None
    rest = line.content[len(end) :] if end else ""
    if not end or not rest.strip():
        return [line]
    gap = len(rest) - len(rest.lstrip())
    tail = SourceLine(line.no, line.offset + len(end) + gap, rest.lstrip(), line.indent)
    tail.indent += len(end) + gap
    return [SourceLine(line.no, line.offset, end, line.indent), tail]


def split_wrapped_ends(items: list[Item]) -> list[Item]:
    above = ""
    out = []
    for item in items:
        lines: list[SourceLine] = []
        for line in item.lines:
            lines.extend(_wrapped_end(line, above) if item.kind == "para" else [line])
            above = line.content
        out.append(Item(item.kind, lines))
    return out


def split_at_headers(items: list[Item]) -> list[tuple[bool, Item]]:
    """The section's items with every role header block cut out as its own item (True)."""
    items = split_wrapped_ends(_split_lead_headers(items))
    header_of: dict[int, int] = {}
    for n, (start, end) in enumerate(find_header_blocks(items)):
        header_of.update({k: n for k in range(start, end + 1)})
    out: list[tuple[bool, Item]] = []
    last_key: tuple[str, int, int] | None = None
    blocks_seen = -1
    for k, row in enumerate(_rows(items)):
        item = items[row.item]
        block = header_of.get(k)
        if block is not None:
            blocks_seen = block
        key = ("h", block, 0) if block is not None else ("b", row.item, blocks_seen)
        if key != last_key:
            kind = item.kind if row.pos == 0 and block is None else "para"
            out.append((block is not None, Item(kind, [])))
            last_key = key
        out[-1][1].lines.append(item.lines[row.pos])
    return out


def parse_role_header(lines: list[str]) -> HeaderParts:
    """Company, title, location and dates of a header block (field lines or free text)."""
    fields = [f for line in lines if (f := field_header(line))]
    if not fields and lines and strip_markup(lines[0])[:1].islower():
        return parse_sentence_role(" | ".join(lines))  # 'earlier: line cook, weekends, …'
    if not fields:
        return parse_header(lines)
    head = parse_header([value for _, value in fields])
    named = {kind: value for kind, value in fields if kind != "dates"}
    head.company = named.get("company", "" if "title" in named else head.company)
    head.title = named.get("title", "")
    return head
