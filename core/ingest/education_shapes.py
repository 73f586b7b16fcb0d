"""What one line of an education section is shaped like: a degree or a school named
(`line_names`), what was studied (`studied`), a date alone, a name with its dates, a dated line
naming what and where. The education assembler (`education_entries`, `education_parts`) decides
with these where an entry starts and what its fields are.
"""

from __future__ import annotations

import re

from core.ingest.degrees import DEGREE, without_degree
from core.ingest.role_scan import header_like
from core.ingest.roles import (
    DISTINCTION,
    TITLE_WORDS,
    is_location,
    labelled_detail,
    names_proper_org,
    strip_markup,
)
from core.text.dates import first_range


def line_names(text: str) -> tuple[bool, bool]:
    """(names a degree, names a school) for one line."""
    school = names_proper_org(without_degree(text)) and header_like(text)
    return bool(DEGREE.search(text)), school and not labelled_detail(text)


def names_school_only(text: str) -> bool:
    """A line naming a school and no degree ('Lakeside University, 2019')."""
    return line_names(text) == (False, True)


def names_degree_only(text: str) -> bool:
    """A line naming a degree and no school ('Diploma in Welding')."""
    return line_names(text) == (True, False)


def is_date_only(text: str) -> bool:
    """A line that holds a date or date range and nothing else ('2012 – 2016', 'May 2014')."""
    date = first_range(text)
    return date is not None and not (text[: date.begin] + text[date.finish :]).strip(" ()[],.-|")


def dated_name(text: str) -> str:
    """The name on a line that is a short name and its dates and nothing else ('TAFE NSW —
    2005'): over a degree line it heads that entry as its school, whatever its words. Empty
    for any other line (a degree, a school word, a place, a post, a label)."""
    date = first_range(text)
    if date is None:
        return ""
    name = (text[: date.begin] + " " + text[date.finish :]).strip(" ,;|-–—·()")
    return name if plain_name(name) else ""


def plain_name(text: str) -> bool:
    """A short capitalised name and nothing else: one to six words, no separator, label,
    degree, place or post ('TAFE NSW', 'Kestrel Trade Works')."""
    words = text.split()
    if not 1 <= len(words) <= 6 or not text[:1].isupper() or any(c in text for c in ",|:"):
        return False
    if DEGREE.search(text) or first_range(text) is not None:
        return False
    return not (is_location(text) or names_a_post(text))


_SENTENCE_END = re.compile(r"[.;:!?]$")


_ENTRY_FIELDS = re.compile(r"\s*[,|｜]\s*|\s+[-–—·]\s+|\s{2,}")


def stacked_entry(texts: list[str]) -> tuple[str, str] | None:
    """An entry written programme / name / dates, one to a line, in words no vocabulary knows
    ('Course in Welding' / 'Kestrel Trade Works' / '2016'): (programme, name), else None."""
    if len(texts) < 3 or not is_date_only(texts[2]) or not studied(texts[0]):
        return None
    return (texts[0], texts[1]) if plain_name(texts[1]) else None


def what_where(text: str) -> tuple[str, str] | None:
    """An education line that carries its dates and names what was studied and where, in words
    no vocabulary knows ('Course in Test Driven Development, Rainsberger Training | 2012'): its
    first field shaped like a programme (`studied`) and the second a capitalised name that is
    no place or post, with at most a place after it. None for any other line."""
    date = first_range(text)
    if date is None or labelled_detail(text):
        return None
    undated = text[: date.begin] + "  " + text[date.finish :]
    if len(undated.split()) > 16 or _SENTENCE_END.search(undated.rstrip()):
        return None
    fields = [f.strip(" ,.;-–—") for f in _ENTRY_FIELDS.split(undated)]
    fields = [f for f in fields if f]
    placed = len(fields) == 3 and is_location(fields[2])  # what, where, town
    if not (len(fields) == 2 or placed) or not studied(fields[0]):
        return None
    where = fields[1]
    if not where[:1].isupper() or is_location(where) or names_a_post(where):
        return None
    return fields[0], where


_FIELD_CUT = re.compile(r"\s{2,}|\s*[|｜]\s*|\t")


def first_field(text: str) -> str:
    """A line's first field, before a wide gap, a bar or a date ('Web development course    San
    Francisco' → 'Web development course')."""
    field = _FIELD_CUT.split(text.strip(), maxsplit=1)[0]
    date = first_range(field)
    return (field[: date.begin] if date is not None else field).strip(" ,;.-–—")


def studied(text: str, shortest: int = 2) -> bool:
    """Shaped like the name of what was studied: `shortest` (two; one under a bare degree, not
    an acronym that may be a school's) to twelve words, capitalised, no label
    ('GPA:', 'Coursework:'), no distinction, date, place, job title or past-tense verb opening a
    sentence ('Graduated …', 'Completed …'), and not a school as an entry's first line names one
    (`line_names`)."""
    words = text.split()
    if not shortest <= len(words) <= 12 or not (text[:1].isupper() or text[:1].isdigit()):
        return False
    if len(words) == 1 and text.isupper():
        return False
    if ":" in text or DISTINCTION.search(text) or first_range(text) is not None:
        return False
    # a past-tense verb opens a sentence ('Completed the …'); a name set in title case
    # ('Advanced Placement Scholar') is no sentence
    verb = words[0].lower().endswith("ed") and not all(w[:1].isupper() for w in words)
    return not (verb or line_names(text)[1] or names_a_post(text) or is_location(text))


def names_a_post(text: str) -> bool:
    """A job title's word naming a person ('Research Assistant'); a title word ending in -ing
    names a field as often ('Electrical Engineering'), so it does not count here."""
    return any(
        w in TITLE_WORDS and not w.endswith("ing") for w in re.findall(r"[a-z-]+", text.lower())
    )


def is_bare_degree(text: str) -> bool:
    """A degree and nothing else ('B.A.', 'Bachelors'): the line under it may name its field."""
    text = strip_markup(text).strip(" ,.;:-")
    return bool(DEGREE.search(text)) and not without_degree(text).strip(" ,.;:-")
