"""An education entry's fields read from its piece of the section: the text's degree, school,
place and dates (`parse_education`), with what that leaves out read from the layout.
"""

from __future__ import annotations

import re

from core.ingest.education_entries import entry_text
from core.ingest.education_shapes import (
    dated_name,
    first_field,
    is_bare_degree,
    names_school_only,
    stacked_entry,
    studied,
    what_where,
)
from core.ingest.layout import Item
from core.ingest.roles import HeaderParts, parse_education, strip_markup
from core.text.dates import YEAR

_AFTER_DASH = re.compile(r"\s+[-–—]\s+(.+)")


def degree_field(item: Item, degree: str) -> str:
    """A degree written bare ('B.A.', 'Bachelors') with what was studied on the line under it
    ('Lakeside University    Bachelors' / 'Electrical Engineering    Expected May 2028'; 'B.A.'
    / 'Linguistics' / 'Lakeside University'):
    the degree and that field, as a recruiter reads them. A degree that names its field, or a
    line under it not shaped like a field (see `studied`), leaves the degree as it is."""
    if not is_bare_degree(degree):
        return degree
    texts = [strip_markup(line.content) for line in item.lines]
    at = next((n for n, text in enumerate(texts) if degree in text), None)
    if at is None or at + 1 >= len(texts):
        return degree
    below = first_field(texts[at + 1])
    return f"{degree} {below}" if studied(below, 1) else degree


def programme(item: Item, school: str) -> str:
    """What was studied at a school whose entry names no degree: a name after a dash on the
    school's own line ('Western Michigan University – CS Major'), else the field before the
    school on its line ('Honours in Physics, Lakeside University'), else the line above a school
    that is not on the entry's first line (`_heads_school`), else the first field of the
    line under it ('App Academy  May 2016' / 'Web development course …   San Francisco'), unless
    both lines hold a year (the school's name and its dates wrapped onto the next line). Empty
    where neither is shaped like a programme (see `studied`)."""
    texts = [strip_markup(line.content) for line in item.lines]
    first = texts[0]
    at = first.find(school) if school else -1
    dash = _AFTER_DASH.match(first[at + len(school) :]) if at >= 0 else None
    named = first_field(dash.group(1)) if dash else ""
    if studied(named):
        return named
    before = _field_before(first[:at]) if at > 0 else ""
    if studied(before):
        return before
    if at < 0 and len(texts) > 1 and school in texts[1]:
        above = first_field(first)  # programme / school / dates (`_heads_school`)
        return above if studied(above) else ""
    if len(texts) < 2:
        return ""
    line = texts[1]
    if _YEAR.search(line) and _YEAR.search(first):
        return ""  # a header wrapped over two lines: its name and its dates go on below
    below = first_field(line)
    return below if studied(below) else ""


_YEAR = re.compile(rf"(?<!\d){YEAR}(?!\d)")


_FIELD_END = re.compile(r"(?:\s*[,|｜]\s*|\s+[-–—·]\s+|\s{2,})$")


def _field_before(text: str) -> str:
    """The field right before a school on its line, its separator taken off: 'Magister in
    Astronomy, ' → 'Magister in Astronomy'. Empty unless a separator ends `text` (a name the
    school's own words run on from is no field of its own)."""
    cut = _FIELD_END.search(text)
    if cut is None:
        return ""
    fields = re.split(r"\s*[|｜]\s*|\s{2,}", text[: cut.start()])
    return fields[-1].strip() if fields else ""


def entry_parts(item: Item) -> HeaderParts:
    """One entry's degree, school, place and dates: as `parse_education` reads its text, with
    what that leaves out read from the entry's layout: the programme at a school named with no
    degree (`programme`), a bare degree's field (`degree_field`), a school with no school word
    heading its dates ('TAFE NSW — 2005' / 'Diploma …', `dated_name`), a dated line naming
    what and where in words no vocabulary knows (`what_where`), or the two stacked over the
    dates (`stacked_entry`)."""
    parts = parse_education(entry_text(item))
    texts = [strip_markup(line.content) for line in item.lines[:3]]
    first = texts[0]
    if parts.company and not parts.title:
        parts.title = programme(item, parts.company)
    elif parts.title:
        parts.title = degree_field(item, parts.title)
        parts.company = parts.company or dated_name(first)
    elif named := what_where(first):
        parts.title, parts.company = named
    elif (name := dated_name(first)) and (studied := programme(item, name)):
        parts.title, parts.company = studied, name
    elif stacked := stacked_entry(texts):
        parts.title, parts.company = stacked
    return parts


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
            heading = school if names_school_only(strip_markup(first)) else ""
        elif degree and heading:
            schools[n] = heading
    for n, (degree, school, first) in enumerate(entries):
        if degree or not school or not names_school_only(strip_markup(first)):
            continue
        run = n
        while run > 0 and entries[run - 1][0] and not schools[run - 1]:
            run -= 1
        for above in range(run, n):
            schools[above] = school
    return schools
