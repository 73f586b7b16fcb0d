"""How the learned reader's labelled header lines become roles: which lines form one role
(`role_runs`), a role's fields from its lines (`header_parts`), and a date range closed on the
line under it (`closed_range`). The lines around a role's header that the line model often
mislabels are read again in `core.ingest.learned_relabel`. Each rule reads the layout (indent,
list glyphs, dates, bold), never words.
"""

from __future__ import annotations

import re
from itertools import pairwise

from core.ingest.layout import FIELD_GAP, RawLine
from core.ingest.roles import (
    HeaderParts,
    bracketed_place,
    is_place,
    name_and_work_mode,
    strip_markup,
    without_web_address,
)
from core.reader.header_fields import Fields, split_header
from core.text.dates import DateSpan, first_range, join_wrapped, run_on_stints, wrapped_start

HEADER_LABELS = frozenset({"title", "employer", "dates", "role_header"})


_SEPARATORS = " |,–—-·•"
_EMPTY_BRACKETS = re.compile(r"\(\s*\)")


def tidy(text: str) -> str:
    """A field without what cutting it left: separators at its edges, empty brackets, a closing
    bracket never opened; a bracket opened and never closed ends the field, what follows it being
    a note whose end was cut away ('Technician -- (Lead Technician' is 'Technician')."""
    out: list[str] = []
    opened: list[int] = []  # where each bracket not closed yet stands in `out`
    for ch in _EMPTY_BRACKETS.sub("", text):
        if ch == ")" and not opened:
            continue
        if ch == "(":
            opened.append(len(out))
        elif ch == ")":
            opened.pop()
        out.append(ch)
    return "".join(out[: opened[0]] if opened else out).strip(_SEPARATORS)


def without_dates(text: str) -> str:
    """`text` without its date range."""
    return _cut(text, first_range(text))


def _cut(text: str, date: DateSpan | None) -> str:
    if date is None:
        return tidy(text)
    return " ".join(tidy(text[: date.begin] + " " + text[date.finish :]).split())


def title_words(text: str) -> str:
    """A title field's words: those before its date range where any stand before it (what
    follows the dates is a note: 'Technician -- 2015 to date (Lead Technician since 2019)' is
    'Technician'), else the field without its dates."""
    date = first_range(text)
    before = " ".join(tidy(text[: date.begin]).split()) if date else ""
    return before or _cut(text, date)


def header_parts(rows: list[tuple[RawLine, str]]) -> HeaderParts:
    """A role's fields from its header lines, each field from the line the model named."""
    texts = {label: [strip_markup(line.text).strip() for line, lab in rows if lab == label]
             for label in HEADER_LABELS}  # fmt: skip
    parts = HeaderParts()
    combined = _placed(split_header(" | ".join(texts["role_header"])))  # the field tagger's
    if texts["role_header"]:
        parts.title, parts.company = combined.title, combined.employer
        parts.location = combined.place
        parts.date = first_range(" | ".join(texts["role_header"]))
    if texts["title"]:
        title, place = gap_place(" ".join(without_dates(t) for t in texts["title"]))
        parts.title, parts.location = title, parts.location or place
    emphasised = _emphasised_employer([line.text for line, lab in rows if lab == "employer"])
    if emphasised is None and texts["title"] and not texts["employer"]:
        # a combined line under which the role has its title line: set as an employer line is
        # ('**Student Entrepreneurs for Economic Development** Charlottesville, VA'), it is one
        undated = [line.text for line, lab in rows if lab == "role_header"]
        if undated and not first_range(strip_markup(undated[0])):
            emphasised = _emphasised_employer(undated)
    if emphasised:
        parts.company, parts.location = emphasised[0], parts.location or emphasised[1]
    elif texts["employer"]:
        employer, place = gap_place(without_dates(texts["employer"][0]))
        employer, place = (employer, place) if place else column_place(employer)
        parts.location = parts.location or place
        fields = split_header(employer)
        if fields.employer and not fields.title:
            parts.company, parts.location = fields.employer, parts.location or fields.place
        else:
            parts.company = employer
    if texts["employer"] and texts["role_header"] and not texts["title"]:
        parts.title = _title_by_employer(rows, combined) or parts.title or combined.employer
    if texts["title"] and not texts["employer"] and is_place(_pieces(parts.company)):
        _title_holds_employer(parts, " ".join(without_dates(t) for t in texts["title"]))
    if parts.date is None:
        parts.date = stacked_dates(texts["dates"])
    if parts.date is None:
        every = " | ".join(texts["dates"] + texts["title"] + texts["employer"])
        parts.date = first_range(every)
    if texts["dates"] and not parts.location:
        place = without_dates(texts["dates"][0])
        if any(ch.isalpha() for ch in place) and len(place.split()) <= 5:
            parts.location = place
    parts.company = without_web_address(parts.company)
    company, bracketed = bracketed_place(parts.company)
    if bracketed:
        parts.company = company.strip() or parts.company
        parts.location = parts.location or bracketed
    if not parts.location:
        parts.company, parts.location = name_and_work_mode(parts.company)
    parts.date = _run_on_stints(parts.date, rows)
    # the field tagger may leave a date, or half a bracket, on a field: the date is parts.date
    parts.title, parts.company = title_words(parts.title), tidy(parts.company)
    return parts


def _run_on_stints(date: DateSpan | None, rows: list[tuple[RawLine, str]]) -> DateSpan | None:
    """The role's range run on over the stints written after it on the header line that holds
    it (`core.text.dates.run_on_stints`, as `roles.with_stints` reads a rule header)."""
    if date is None:
        return date
    for line, _ in rows:
        text = strip_markup(line.text).strip()
        if date.text in text:
            return run_on_stints(date, text[text.index(date.text) :])
    return date


def stacked_dates(lines: list[str]) -> DateSpan | None:
    """A range written over two dates lines, its start on one and its end on the next
    ('2019-03-01' / 'Current', `wrapped_start`), read as one range; None where no two do."""
    for upper, lower in pairwise(lines):
        if start := wrapped_start(upper, lower):
            return join_wrapped(start, upper, lower)
    return None


def _title_holds_employer(parts: HeaderParts, title: str) -> None:
    """A role whose only employer is a place, read off a combined line of place and dates
    ('Lehi, UT | 03/2018 – 03/2021' under '### Brightcart — Software Engineer II, Checkout'):
    where the field tagger finds both a title and an employer on its title line, those are the
    role's, and the place is its place."""
    fields = split_header(title)
    if fields.title and fields.employer:
        parts.location = parts.location or parts.company
        parts.title, parts.company = fields.title, fields.employer


def gap_place(text: str) -> tuple[str, str]:
    """`text` and the place set apart from it at a column gap ('Staff Nurse      Boise, ID' is
    ('Staff Nurse', 'Boise, ID')); (text, '') where its last column is not shaped like a place."""
    *before, last = FIELD_GAP.split(text.strip())
    if before and is_place(_pieces(last)):
        return "   ".join(before), last
    return text.strip(), ""


_PLACE_WORDS = 4  # 'San Francisco', 'Los Angeles': a short column


def column_place(text: str) -> tuple[str, str]:
    """An employer line set in two columns: the first is the employer, the second its place
    where it is short and holds no digits ('Binti / Sonar      San Francisco', the place a
    city alone, which `gap_place` cannot tell by its shape); (text, '') otherwise. Only for a
    line the model calls an employer line (its dates already cut): what stands beside the
    employer in a column of its own there is where the job was."""
    columns = FIELD_GAP.split(text.strip())
    if len(columns) != 2:
        return text.strip(), ""
    last = columns[1]
    if len(last.split()) > _PLACE_WORDS or any(ch.isdigit() for ch in last):
        return text.strip(), ""
    return columns[0], last


def _pieces(text: str) -> list[str]:
    return [piece.strip() for piece in text.split(",")]


_DASHED_PLACE = re.compile(r"(?P<name>.*\S)\s+[–—-]\s+(?P<place>[^–—-]+)$")


def _placed(fields: Fields) -> Fields:
    """The field tagger's reading with its place checked against the place shape, by the commas
    and dashes of the line, never its words:
    - an employer read as the first words of the place ('Apple, Cupertino, CA, USA', no employer
      found): the words before a 'City, ST' or 'City, Region, Country' ending are the employer;
    - the place read as the employer, or no employer read, and the title holding a comma
      ('Process Engineer, ACME & IBM – Essex Junction, VT'): the title's last comma parts title
      and employer;
    - the place left on the employer after a dash ('ACME & IBM – Essex Junction, VT'): the dash
      parts them."""
    title, employer, place = fields.title, fields.employer, fields.place
    placed_employer = not place and bool(employer) and is_place(_pieces(employer))
    if "," in title and (placed_employer or (not employer and place)):
        head, tail = (part.strip() for part in title.rsplit(",", 1))
        if head and tail:
            return Fields(head, tail, place or employer)
    dashed = _DASHED_PLACE.match(employer)
    if dashed and not place and is_place(_pieces(dashed["place"])):
        return Fields(title, dashed["name"].strip(), dashed["place"].strip())
    pieces = _pieces(place)
    if employer or len(pieces) < 3 or (len(pieces) == 3 and is_place(pieces)):
        return Fields(title, employer, place)
    for cut in range(max(1, len(pieces) - 3), len(pieces) - 1):
        if is_place(pieces[cut:]):
            return Fields(title, ", ".join(pieces[:cut]), ", ".join(pieces[cut:]))
    return Fields(title, employer, place)


def _title_by_employer(rows: list[tuple[RawLine, str]], combined: Fields) -> str:
    """The title a combined line gives under an employer line of its own: its words but its
    dates and place, however the field tagger cuts them; '' where no employer line is above it
    (then what the tagger reads as the title, or as an employer, is the title)."""
    if rows[0][1] != "employer":
        return ""
    words = title_words(
        " ".join(strip_markup(line.text) for line, lab in rows if lab == "role_header")
    )
    words = words.replace(combined.place, "") if combined.place else words
    return " ".join(words.strip(" ,|–—-").split())


_EMPHASIS = re.compile(r"\s*(\*\*|__)(?P<words>[^*_]+?)\1")


def _emphasised_employer(lines: list[str]) -> tuple[str, str] | None:
    """The employer and place of an employer line that sets its first words in bold and more
    after them ('**Capital One** McLean, VA'): the bold words are the employer, the rest its place
    where it is shaped like one. None for any other line (the field tagger reads those)."""
    bold = _EMPHASIS.match(lines[0]) if lines else None
    rest = without_dates(strip_markup(lines[0][bold.end() :])) if bold else ""
    if bold is None or not rest:
        return None
    place = rest if is_place([piece.strip() for piece in rest.split(",")]) else ""
    return bold.group("words").strip(" ,"), place


def stated_fields(line: RawLine, label: str) -> frozenset[str]:
    """What a header line states of a role: a title or an employer line its own field, and any
    header line the role's dates where it holds a range (a combined line's other words, and a
    dates line's place, are not counted: which words are which is left to `header_parts`)."""
    dated = {"dates"} if first_range(strip_markup(line.text)) is not None else set()
    return frozenset(({label} if label in ("title", "employer") else set()) | dated)


def only_dates(line: RawLine) -> bool:
    """A line that holds a date range and nothing else ('2015 – 2018', 'Summer 2014')."""
    text = strip_markup(line.text).strip()
    return first_range(text) is not None and not without_dates(text)


def dates_first(rows: list[tuple[RawLine, str]]) -> bool:
    """Whether a section's roles open with their dates: its first header line is a line of dates
    alone and another header line, not dates alone, follows it ('2015 – 2018' over '**Stripe**
    San Francisco, CA' over 'Data Scientist', again and again)."""
    at = next((i for i, (_, label) in enumerate(rows) if label in HEADER_LABELS), None)
    if at is None or at + 1 >= len(rows) or not only_dates(rows[at][0]):
        return False
    line, label = rows[at + 1]
    return label in HEADER_LABELS and not only_dates(line)


def role_runs(
    block: list[tuple[RawLine, str]], opened_by_dates: bool = False
) -> list[list[tuple[RawLine, str]]]:
    """A run of header lines → one run per role. A line opens the next role when it states a
    field the role has already (a second dates line, a second title), unless it continues the
    line above: the same label under a line without dates (a title wrapped onto two lines).
    Where the run starts without dates, each role's dates close it ('Employer  City' over
    'Title  Dates', again and again): an undated title, employer or combined line after them
    opens the next role when more header lines follow it. Where the section's roles open with
    their dates (`opened_by_dates`, see `dates_first`), a line of dates alone opens the next role,
    so a role whose own dates line the model missed does not take the next role's."""
    runs: list[list[tuple[RawLine, str]]] = []
    held: set[str] = set()
    above: tuple[str, frozenset[str]] = ("", frozenset())
    closing = bool(block) and "dates" not in stated_fields(*block[0]) and not opened_by_dates
    above_text = ""
    for at, (line, label) in enumerate(block):
        states = stated_fields(line, label)
        text = strip_markup(line.text).strip()
        stacked = label == above[0] == "dates" and wrapped_start(above_text, text) is not None
        wrapped = label == above[0] and ("dates" not in above[1] or stacked)
        closed = closing and "dates" in held and label != "dates" and "dates" not in states
        opens = (
            opened_by_dates and bool(held) and only_dates(line) and not only_dates(runs[-1][-1][0])
        )
        if not runs or (states & held and not wrapped) or (closed and at + 1 < len(block)) or opens:
            runs.append([])
            held = set()
        runs[-1].append((line, label))
        held |= states
        above, above_text = (label, states), text
    return runs


def closed_range(
    date: DateSpan | None, header: list[tuple[RawLine, str]], under: RawLine
) -> DateSpan | None:
    """A range its header line leaves open at a dash ('2017 –') closed by the line under the
    header when that line starts with its end ('Present', 'Dec 2019'): dates set in a narrow
    column wrap onto the next line."""
    if date is None or date.end is not None:
        return date
    dash = re.compile(re.escape(date.text) + r"\s*[–—-]")
    if not any(dash.search(line.text) for line, _ in header):
        return date
    probe = f"{date.text} – "
    closed = first_range(probe + under.text.strip())
    if closed is None or closed.begin != 0 or closed.finish <= len(probe):
        return date
    return closed if closed.end and closed.start == date.start else date
