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

from core.ingest.degrees import DEGREE
from core.ingest.education_shapes import (
    dated_name,
    first_field,
    is_bare_degree,
    is_date_only,
    line_names,
    names_degree_only,
    names_school_only,
    stacked_entry,
    studied,
    what_where,
)
from core.ingest.layout import Item, SourceLine, wrap_runs
from core.ingest.roles import is_org, strip_markup
from core.text.dates import first_range


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


def _completes(piece: Item, line: str, degree: bool, school: bool, date_below: bool) -> bool:
    """`line` supplies exactly what the one-line entry above lacks: one of the two names the
    degree and the other the school, and only one of them carries a date (an entry of its own
    carries both, or a date of each); a date on a line of its own right below counts as
    `line`'s ('South University' / 'BSN' / '2012 – 2016'). A line naming what was studied in
    words no vocabulary knows counts as the degree when the school under it has its dates
    below ('Course in Welding' / 'Lakeside College' / '2016')."""
    if len(piece.lines) != 1:
        return False
    above = piece.lines[0].content
    has_degree, has_school = line_names(strip_markup(above))
    dated = [first_range(text) is not None for text in (above, line)]
    if degree and not school and not dated[1] and dated_name(strip_markup(above)):
        return True  # 'TAFE NSW — 2005' / 'Diploma in Network Engineering'
    studied_above = not (has_degree or has_school) and studied(strip_markup(above))
    return sum(dated) + date_below == 1 and (
        (has_degree and not has_school and school and not degree)
        or (has_school and not has_degree and degree and not school)
        or (studied_above and school and not degree and date_below)
    )


def section_entries(items: list[Item], wraps: frozenset[int] = frozenset()) -> list[Item]:
    """Every item cut into entries; a one-line entry completed by the next paragraph's first
    line takes that paragraph (a DOCX writes every line as a paragraph of its own). A line the
    layout wrapped onto the one above (its number in `wraps`, `core.ingest.list_wraps`: a
    sidebar's 'Associate of Applied Science in' / 'Construction Management, 2015') is read as
    part of that line where entries are told apart."""
    out: list[Item] = []
    first = next((item.lines[0].content for item in items if item.lines), "")
    dates_first = bool(items) and items[0].kind == "para" and is_date_only(strip_markup(first))
    pieces = [piece for item in items for piece in entry_pieces(item, dates_first=dates_first)]
    for n, whole in enumerate(pieces):
        piece = wraps_joined(whole, wraps)
        first = strip_markup(piece.lines[0].content)
        after = piece.lines[1] if len(piece.lines) > 1 else None
        if after is None and n + 1 < len(pieces) and pieces[n + 1].kind == "para":
            after = wraps_joined(pieces[n + 1], wraps).lines[0]  # the next paragraph (DOCX)
        below = after is not None and is_date_only(strip_markup(after.content))
        joins = bool(out) and piece.kind == out[-1].kind == "para"
        above = wraps_joined(out[-1], wraps) if out else piece
        date_alone = len(piece.lines) == 1 and is_date_only(first)
        if dates_first and joins and len(above.lines) == 1 and is_date_only(above.text):
            out[-1].lines.extend(whole.lines)  # the date above opens the entry below it
        elif joins and (
            _completes(above, first, *line_names(first), below)
            or (len(piece.lines) == 1 and _bare_degree(above) and studied(first, 1))
            or (len(piece.lines) == 1 and _dated_school(above) and _programme_line(first))
            or (date_alone and not dates_first and not _dated(above))
        ):
            out[-1].lines.extend(whole.lines)
        else:
            out.append(whole)
    return out


def wraps_joined(item: Item, wraps: frozenset[int]) -> Item:
    """`item` with each line the layout wrapped onto the line above (in `wraps`) joined to it:
    how its lines read, for telling entries apart (the entry keeps its own lines)."""
    if not wraps or len(item.lines) < 2:
        return item
    runs = wrap_runs(item.lines, wraps)
    joined = [
        SourceLine(r[0].no, r[0].offset, " ".join(line.content for line in r), r[0].indent)
        for r in runs
    ]
    return Item(item.kind, joined)


def _bare_degree(piece: Item) -> bool:
    """A one-line piece that is a bare degree (`is_bare_degree`): the paragraph under it may
    name its field ('B.A.' / 'Linguistics', a DOCX or HTML export)."""
    return len(piece.lines) == 1 and is_bare_degree(piece.text)


def _dated_school(piece: Item) -> bool:
    """A one-line piece naming a school (by its words or as a name and its dates) with its
    dates and no degree: the paragraph under it may name what was studied ('Harbor University
    — 2015' / 'Magister in Public Health', a DOCX export)."""
    if len(piece.lines) != 1 or not _dated(piece):
        return False
    text = strip_markup(piece.text)
    return names_school_only(text) or bool(dated_name(text))


def _programme_line(text: str) -> bool:
    """A line naming what was studied and nothing else: no school, no dates."""
    undated = first_range(text) is None
    return undated and line_names(text) == (False, False) and studied(first_field(text))


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
    texts = [strip_markup(line.content) for line in lines]
    held = -1  # a school line taken into the entry its programme line above opened
    for n, (line, text) in enumerate(zip(lines, texts, strict=True)):
        if n == held:
            pieces[-1].lines.append(line)
            continue
        # a line under one that ends with a comma wraps it: '…Technology,' / 'Cambridge, MA, USA'
        wrapped = n > 0 and lines[n - 1].content.rstrip().endswith(",")
        starts = (text[:1].isupper() or text[:1].isdigit()) and not wrapped
        degree, school = line_names(text)
        below = n + 1 < len(texts) and is_date_only(texts[n + 1])
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
        elif starts and not (degree or school) and _dated(pieces[-1]) and _opens(texts, n):
            pieces.append(Item("para", [line]))  # a dated entry whatever its words
        elif starts and not (degree or school) and _heads_school(texts, n, pieces[-1]):
            pieces.append(Item("para", [line]))
            held = n + 1
        else:
            pieces[-1].lines.append(line)
    return pieces


def _opens(texts: list[str], n: int) -> bool:
    """Line `n` opens an entry of its own under a dated one although it names no degree and no
    school word: it names what and where with its dates (`what_where`), or it is a name and its
    dates over a degree ('Kestrel Trade Works — 2012' / 'Diploma in Welding'). Over any other
    line a name and its dates may head a project or a post listed there, so it opens nothing."""
    if what_where(texts[n]):
        return True
    return bool(dated_name(texts[n])) and n + 1 < len(texts) and names_degree_only(texts[n + 1])


def _heads_school(texts: list[str], n: int, piece: Item) -> bool:
    """Line `n` names what was studied at the school on the line under it, an entry written
    programme / school / dates ('Honours in Physics' / 'Lakeside University' / '2019 – 2020'):
    it is shaped like a programme (`studied`), the entry above already has its dates (so the
    line is not what that entry lacks), and the school line under it names no degree and has
    its dates alone on the line below it (a school line carrying its own dates heads its entry,
    the programme under it: 'Lakeside University — 2019' / 'Course in Welding'); or the three
    lines are a programme, a plain name and the dates (`stacked_entry`)."""
    if n + 1 >= len(texts) or not _dated(piece) or not studied(texts[n]):
        return False
    school_line = texts[n + 1]
    if names_school_only(school_line) and first_range(school_line) is None:
        return n + 2 < len(texts) and is_date_only(texts[n + 2])
    return stacked_entry(texts[n : n + 3]) is not None


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
