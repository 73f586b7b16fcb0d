"""An education section without sub-headings → one piece per entry (PDF text has no blank lines).

A new entry starts at a line that names a degree (core/data/degrees.json) or a school, unless it
completes the entry above it: a school line under a degree-only line, or a degree line under a
school-only line, is the same entry written on two lines (a school word inside the degree's
field, 'Doctor of Pharmacy', does not make a school) ('POSTECH' / 'B.S. in Computer Science
… 2010 - 2017'). Two entries written on one line ('A.S : Nursing Columbus Technical College BSN.
South University') are cut where the second degree follows a school.
"""

from __future__ import annotations

import re
from itertools import pairwise

from core.ingest.degrees import DEGREE, without_degree
from core.ingest.layout import Item, SourceLine
from core.ingest.role_scan import header_like
from core.ingest.roles import (
    DISTINCTION,
    TITLE_WORDS,
    is_location,
    is_org,
    labelled_detail,
    names_proper_org,
    strip_markup,
)
from core.text.dates import YEAR, first_range


def _names(text: str) -> tuple[bool, bool]:
    """(names a degree, names a school) for one line."""
    school = names_proper_org(without_degree(text)) and header_like(text)
    return bool(DEGREE.search(text)), school and not labelled_detail(text)


def split_two_entries(line: SourceLine) -> list[SourceLine]:
    """Cut a line where a degree follows a school and is itself followed by a school."""
    content = line.content
    matches = list(DEGREE.finditer(content))
    for previous, match in pairwise(matches):
        between, after = content[previous.end() : match.start()], content[match.start() :]
        if is_org(between) and is_org(after):
            head = SourceLine(line.no, line.offset, content[: match.start()].rstrip(), line.indent)
            tail = SourceLine(line.no, line.offset + match.start(), after, line.indent)
            return [head, *split_two_entries(tail)]
    return [line]


def is_date_only(text: str) -> bool:
    """A line that holds a date or date range and nothing else ('2012 – 2016', 'May 2014')."""
    date = first_range(text)
    return date is not None and not (text[: date.begin] + text[date.finish :]).strip(" ()[],.-|")


def _completes(piece: Item, line: str, degree: bool, school: bool, date_below: bool) -> bool:
    """`line` supplies exactly what the one-line entry above lacks: one of the two names the
    degree and the other the school, and only one of them carries a date (an entry of its own
    carries both, or a date of each); a date on a line of its own right below counts as
    `line`'s ('South University' / 'BSN' / '2012 – 2016')."""
    if len(piece.lines) != 1:
        return False
    above = piece.lines[0].content
    has_degree, has_school = _names(strip_markup(above))
    dated = [first_range(text) is not None for text in (above, line)]
    return sum(dated) + date_below == 1 and (
        (has_degree and not has_school and school and not degree)
        or (has_school and not has_degree and degree and not school)
    )


def section_entries(items: list[Item]) -> list[Item]:
    """Every item cut into entries; a one-line entry completed by the next paragraph's first
    line takes that paragraph (a DOCX writes every line as a paragraph of its own)."""
    out: list[Item] = []
    first = next((item.lines[0].content for item in items if item.lines), "")
    dates_first = bool(items) and items[0].kind == "para" and is_date_only(strip_markup(first))
    pieces = [piece for item in items for piece in entry_pieces(item, dates_first=dates_first)]
    for n, piece in enumerate(pieces):
        first = strip_markup(piece.lines[0].content)
        after = piece.lines[1] if len(piece.lines) > 1 else None
        if after is None and n + 1 < len(pieces) and pieces[n + 1].kind == "para":
            after = pieces[n + 1].lines[0]  # the next paragraph (DOCX)
        below = after is not None and is_date_only(strip_markup(after.content))
        joins = bool(out) and piece.kind == out[-1].kind == "para"
        date_alone = len(piece.lines) == 1 and is_date_only(first)
        if dates_first and joins and len(out[-1].lines) == 1 and is_date_only(out[-1].text):
            out[-1].lines.extend(piece.lines)  # the date above opens the entry below it
        elif joins and (
            _completes(out[-1], first, *_names(first), below)
            or (len(piece.lines) == 1 and _bare_degree(out[-1]) and _studied(first, 1))
            or (date_alone and not dates_first and not _dated(out[-1]))
        ):
            out[-1].lines.extend(piece.lines)
        else:
            out.append(piece)
    return out


def _bare(text: str) -> bool:
    """A degree and nothing else ('B.A.', 'Bachelors'): the line under it may name its field."""
    text = strip_markup(text).strip(" ,.;:-")
    return bool(DEGREE.search(text)) and not without_degree(text).strip(" ,.;:-")


def _bare_degree(piece: Item) -> bool:
    """A one-line piece that is a bare degree (`_bare`): the paragraph under it may name its
    field ('B.A.' / 'Linguistics', a DOCX or HTML export)."""
    return len(piece.lines) == 1 and _bare(piece.text)


def _dated(piece: Item) -> bool:
    return any(first_range(line.content) is not None for line in piece.lines)


def entry_pieces(item: Item, *, dates_first: bool = False) -> list[Item]:
    """A paragraph of education lines → one piece per entry (see the module docstring). With
    `dates_first` (the section opens with a date alone on its line, as builder exports write
    '2015' / 'Bachelor of Arts …'), a date alone on a line opens the entry below it."""
    if item.kind != "para":
        return [item]
    pieces: list[Item] = []
    lines = [part for source in item.lines for part in split_two_entries(source)]
    for n, line in enumerate(lines):
        text = strip_markup(line.content)
        # a line under one that ends with a comma wraps it: '…Technology,' / 'Cambridge, MA, USA'
        wrapped = n > 0 and lines[n - 1].content.rstrip().endswith(",")
        starts = (text[:1].isupper() or text[:1].isdigit()) and not wrapped
        degree, school = _names(text)
        below = n + 1 < len(lines) and is_date_only(strip_markup(lines[n + 1].content))
        opened = bool(pieces) and len(pieces[-1].lines) == 1 and is_date_only(pieces[-1].text)
        if dates_first and is_date_only(text) and not opened:
            pieces.append(Item("para", [line]))
        elif dates_first and opened:
            pieces[-1].lines.append(line)
        elif not pieces or (
            starts
            and (degree or school)
            and not _completes(pieces[-1], text, degree, school, below)
        ):
            pieces.append(Item("para", [line]))
        else:
            pieces[-1].lines.append(line)
    return pieces


_CONTINUES = re.compile(r"(?:\b(?:in|of|and|for|with)|[&,(/-])$", re.IGNORECASE)


_NAME_END = re.compile(r"[A-Z][\w.&'’-]*$")
_FIRST_PIECE = re.compile(r",|[|(]|\s[-–—]\s")


def _wraps(out: str, text: str) -> bool:
    """`text` continues the line before it mid-phrase: 'Bachelor of Science in' / 'Nursing', or a
    name cut by a narrow column: 'A.S. Nursing, Columbus Technical' / 'College, 2010'."""
    if _CONTINUES.search(out):
        return True
    first = _FIRST_PIECE.split(text, maxsplit=1)[0].strip()
    return bool(_NAME_END.search(out)) and len(first.split()) == 1 and is_org(first)


def entry_text(item: Item) -> str:
    """An entry's lines joined for reading: ' | ' between lines that stand alone (a school line
    over a degree line), a space where a line wraps mid-phrase (see `_wraps`)."""
    out = ""
    for line in item.lines:
        text = line.content.strip()
        out = text if not out else out + (" " if _wraps(out, text) else " | ") + text
    return out


_FIELD_CUT = re.compile(r"\s{2,}|\s*[|｜]\s*|\t")
_AFTER_DASH = re.compile(r"\s+[-–—]\s+(.+)")


def _first_field(text: str) -> str:
    """A line's first field, before a wide gap, a bar or a date ('Web development course    San
    Francisco' → 'Web development course')."""
    field = _FIELD_CUT.split(text.strip(), maxsplit=1)[0]
    date = first_range(field)
    return (field[: date.begin] if date is not None else field).strip(" ,;.-–—")


def _studied(text: str, shortest: int = 2) -> bool:
    """Shaped like the name of what was studied: `shortest` (two; one under a bare degree, not
    an acronym that may be a school's) to twelve words, capitalised, no label
    ('GPA:', 'Coursework:'), no distinction, date, place, job title or past-tense verb opening a
    sentence ('Graduated …', 'Completed …'), and not a school as an entry's first line names one
    (`_names`)."""
    words = text.split()
    if not shortest <= len(words) <= 12 or not (text[:1].isupper() or text[:1].isdigit()):
        return False
    if len(words) == 1 and text.isupper():
        return False
    if ":" in text or DISTINCTION.search(text) or first_range(text) is not None:
        return False
    verb = words[0].lower().endswith("ed")
    return not (verb or _names(text)[1] or _names_a_post(text) or is_location(text))


def _names_a_post(text: str) -> bool:
    """A job title's word naming a person ('Research Assistant'); a title word ending in -ing
    names a field as often ('Electrical Engineering'), so it does not count here."""
    return any(
        w in TITLE_WORDS and not w.endswith("ing") for w in re.findall(r"[a-z-]+", text.lower())
    )


def degree_field(item: Item, degree: str) -> str:
    """A degree written bare ('B.A.', 'Bachelors') with what was studied on the line under it
    ('Lakeside University    Bachelors' / 'Electrical Engineering    Expected May 2028'; 'B.A.'
    / 'Linguistics' / 'Lakeside University'):
    the degree and that field, as a recruiter reads them. A degree that names its field, or a
    line under it not shaped like a field (see `_studied`), leaves the degree as it is."""
    if not _bare(degree):
        return degree
    texts = [strip_markup(line.content) for line in item.lines]
    at = next((n for n, text in enumerate(texts) if degree in text), None)
    if at is None or at + 1 >= len(texts):
        return degree
    below = _first_field(texts[at + 1])
    return f"{degree} {below}" if _studied(below, 1) else degree


def programme(item: Item, school: str) -> str:
    """What was studied at a school whose entry names no degree: a name after a dash on the
    school's own line ('Western Michigan University – CS Major'), else the first field of the
    line under it ('App Academy  May 2016' / 'Web development course …   San Francisco'), unless
    both lines hold a year (the school's name and its dates wrapped onto the next line). Empty
    where neither is shaped like a programme (see `_studied`)."""
    first = strip_markup(item.lines[0].content)
    at = first.find(school) if school else -1
    dash = _AFTER_DASH.match(first[at + len(school) :]) if at >= 0 else None
    named = _first_field(dash.group(1)) if dash else ""
    if _studied(named):
        return named
    if len(item.lines) < 2:
        return ""
    line = strip_markup(item.lines[1].content)
    if _YEAR.search(line) and _YEAR.search(first):
        return ""  # a header wrapped over two lines: its name and its dates go on below
    below = _first_field(line)
    return below if _studied(below) else ""


_YEAR = re.compile(rf"(?<!\d){YEAR}(?!\d)")


def shared_schools(entries: list[tuple[str, str, str]]) -> list[str]:
    """The school of each (degree, school, first line) entry of one section, where one school
    line stands for several degrees: a degree with no school under an entry that opened with
    the school alone ('Drexel University' / 'Master of Science …' / 'Bachelor of Science …'),
    or in a run of such degrees right above an entry that is the school alone ('- M.A. …' /
    '- B.S. …' / 'Virginia Tech'). Every other entry keeps its own."""
    schools = [school for _, school, _ in entries]
    heading = ""
    for n, (degree, school, first) in enumerate(entries):
        if school:
            heading = school if _names(strip_markup(first)) == (False, True) else ""
        elif degree and heading:
            schools[n] = heading
    for n, (degree, school, first) in enumerate(entries):
        if degree or not school or _names(strip_markup(first)) != (False, True):
            continue
        run = n
        while run > 0 and entries[run - 1][0] and not schools[run - 1]:
            run -= 1
        for above in range(run, n):
            schools[above] = school
    return schools
