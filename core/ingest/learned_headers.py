"""How the learned reader's labelled header lines become roles: which lines form one role
(`role_runs`), a role's fields from its lines (`header_parts`), and the lines around a role's
header that the line model often calls paragraphs or other text though they are its title, its
employer line or the end of its dates (`titles_under_headers`, `dated_lines_over_headers`,
`closed_range`). Each rule reads the layout (indent, list glyphs, dates, bold), never words.
"""

from __future__ import annotations

import re
from collections import Counter

from core.ingest.layout import BULLET, RawLine
from core.ingest.roles import HeaderParts, is_place, strip_markup
from core.reader.header_fields import Fields, split_header
from core.text.dates import DateSpan, first_range

HEADER_LABELS = frozenset({"title", "employer", "dates", "role_header"})


def _cut(text: str) -> str:
    """`text` without its date range."""
    date = first_range(text)
    if date is None:
        return text.strip(" |,–—-")
    rest = (text[: date.begin] + " " + text[date.finish :]).strip(" |,–—-()")
    return " ".join(rest.split())


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
        parts.title = " ".join(_cut(t) for t in texts["title"]).strip()
    emphasised = _emphasised_employer([line.text for line, lab in rows if lab == "employer"])
    if emphasised:
        parts.company, parts.location = emphasised[0], parts.location or emphasised[1]
    elif texts["employer"]:
        employer = _cut(texts["employer"][0])
        fields = split_header(employer)
        if fields.employer and not fields.title:
            parts.company, parts.location = fields.employer, parts.location or fields.place
        else:
            parts.company = employer
    if texts["employer"] and texts["role_header"] and not texts["title"]:
        parts.title = _title_by_employer(rows, combined) or parts.title or combined.employer
    if parts.date is None:
        every = " | ".join(texts["dates"] + texts["title"] + texts["employer"])
        parts.date = first_range(every)
    if texts["dates"] and not parts.location:
        place = _cut(texts["dates"][0])
        if any(ch.isalpha() for ch in place) and len(place.split()) <= 5:
            parts.location = place
    parts.company = _WEB_ADDRESS.sub("", parts.company).strip() or parts.company
    return parts


# a web address in brackets beside an employer's name: 'Rebound (reboundgame.com)'
_WEB_ADDRESS = re.compile(r"\s*\((?:https?://)?(?:www\.)?[\w-]+(?:\.[\w-]+)+[^)\s]*\)?")


def _pieces(text: str) -> list[str]:
    return [piece.strip() for piece in text.split(",")]


def _placed(fields: Fields) -> Fields:
    """The field tagger's reading with its place checked against the place shape: where it read
    an employer as the first words of the place ('Apple, Cupertino, CA, USA', no employer found),
    the words before a 'City, ST' or 'City, Region, Country' ending are the employer."""
    pieces = _pieces(fields.place)
    if fields.employer or len(pieces) < 3 or (len(pieces) == 3 and is_place(pieces)):
        return fields
    for cut in range(max(1, len(pieces) - 3), len(pieces) - 1):
        if is_place(pieces[cut:]):
            return Fields(fields.title, ", ".join(pieces[:cut]), ", ".join(pieces[cut:]))
    return fields


def _title_by_employer(rows: list[tuple[RawLine, str]], combined: Fields) -> str:
    """The title a combined line gives under an employer line of its own: its words but its
    dates and place, however the field tagger cuts them; '' where no employer line is above it
    (then what the tagger reads as the title, or as an employer, is the title)."""
    if rows[0][1] != "employer":
        return ""
    words = _cut(" ".join(strip_markup(line.text) for line, lab in rows if lab == "role_header"))
    words = words.replace(combined.place, "") if combined.place else words
    return " ".join(words.strip(" ,|–—-").split())


_EMPHASIS = re.compile(r"\s*(\*\*|__)(?P<words>[^*_]+?)\1")


def _emphasised_employer(lines: list[str]) -> tuple[str, str] | None:
    """The employer and place of an employer line that sets its first words in bold and more
    after them ('**Capital One** McLean, VA'): the bold words are the employer, the rest its place
    where it is shaped like one. None for any other line (the field tagger reads those)."""
    bold = _EMPHASIS.match(lines[0]) if lines else None
    rest = _cut(strip_markup(lines[0][bold.end() :])) if bold else ""
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
    return first_range(text) is not None and not _cut(text)


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
    for at, (line, label) in enumerate(block):
        states = stated_fields(line, label)
        wrapped = label == above[0] and "dates" not in above[1]
        closed = closing and "dates" in held and label != "dates" and "dates" not in states
        opens = (
            opened_by_dates and bool(held) and only_dates(line) and not only_dates(runs[-1][-1][0])
        )
        if not runs or (states & held and not wrapped) or (closed and at + 1 < len(block)) or opens:
            runs.append([])
            held = set()
        runs[-1].append((line, label))
        held |= states
        above = (label, states)
    return runs


_TITLE_WORDS = 12  # a title line is short


def _indent(line: RawLine) -> int:
    return len(line.text) - len(line.text.lstrip())


def _title_shaped(line: RawLine, header: RawLine, under: tuple[RawLine, str] | None) -> bool:
    """A short line that is no list item, sentence or dates, set no deeper than the header
    above it and over a bullet (a list item, or a deeper line) or last in its section."""
    text = strip_markup(line.text).strip()
    return (
        BULLET.match(line.text) is None
        and len(text.split()) <= _TITLE_WORDS
        and not text.endswith(".")
        and first_range(text) is None
        and _indent(line) <= _indent(header)
        and (
            under is None
            or under[1] == "bullet"
            or BULLET.match(under[0].text) is not None
            or _indent(under[0]) > _indent(line)
        )
    )


def titles_under_headers(rows: list[tuple[RawLine, str]]) -> list[tuple[RawLine, str]]:
    """Rows where the line under a role's header lines that names no title is read as its title
    when it is shaped like one ('Employer      2015' over 'Junior Strategist' over the role's
    list): the model often calls that line a paragraph or other text."""
    out = list(rows)
    opened_by_dates = dates_first(rows)
    for i in range(1, len(out)):
        (line, label), (header, above) = out[i], out[i - 1]
        if label not in ("description", "other") or above not in HEADER_LABELS:
            continue
        start = i - 1
        while start > 0 and out[start - 1][1] in HEADER_LABELS:
            start -= 1
        last = role_runs(out[start:i], opened_by_dates)[-1]
        under = out[i + 1] if i + 1 < len(out) else None
        if not header_parts(last).title and _title_shaped(line, header, under):
            out[i] = (line, "title")
    return out


def _missing_field(run: list[tuple[RawLine, str]]) -> str:
    """The field a role's header lines lack that a line of its own would state: the employer
    where they hold a title, the title where they hold only an employer; '' otherwise."""
    labels = {label for _, label in run}
    if labels & {"title", "role_header"}:
        return "employer"
    return "title" if "employer" in labels else ""


def dated_lines_over_headers(rows: list[tuple[RawLine, str]]) -> list[tuple[RawLine, str]]:
    """Rows where a dated line right over a role's header lines that hold no dates is read as
    their first header line ('Nylon Consulting      2014 - 2015' over 'PR Assistant'): a short
    line that is no list item, set no deeper than the header under it, after evidence, not after
    another header line (but for dates alone where the section's roles open with their dates);
    a line of dates alone is their dates line. The model often calls that line a paragraph or
    other text."""
    out = list(rows)
    opened_by_dates = dates_first(rows)
    for i in range(len(out) - 1):
        (line, label), (header, below) = out[i], out[i + 1]
        after_header = i > 0 and out[i - 1][1] in HEADER_LABELS
        opens = opened_by_dates and only_dates(line)  # as the section's other roles open
        if label not in ("description", "other") or below not in HEADER_LABELS:
            continue
        if after_header and not opens:
            continue
        end = i + 1
        while end < len(out) and out[end][1] in HEADER_LABELS:
            end += 1
        first = role_runs(out[i + 1 : end], opened_by_dates)[0]
        if any("dates" in stated_fields(row, lab) for row, lab in first):
            continue
        text = strip_markup(line.text).strip()
        shaped = BULLET.match(line.text) is None and len(_cut(text).split()) <= _TITLE_WORDS
        if first_range(text) and shaped and _indent(line) <= _indent(header):
            out[i] = (line, "dates" if only_dates(line) else _missing_field(first) or label)
    return out


_WIDE_GAP = re.compile(r"\S(?:[ ]{3,}|\t)\s*$")


def _dated_at_right(line: RawLine) -> bool:
    """A short line that is no list item and ends in its date range, set apart from its words
    by a wide gap ('Walsh University, Ohio                      01/2025 – Present')."""
    text = strip_markup(line.text).rstrip()
    date = first_range(text)
    if date is None or text[date.finish :].strip(" .") or BULLET.match(line.text):
        return False
    words = text[: date.begin]
    return _WIDE_GAP.search(words) is not None and len(words.split()) <= _TITLE_WORDS


def headers_shaped_like_others(rows: list[tuple[RawLine, str]]) -> list[tuple[RawLine, str]]:
    """Rows where a line called other text or a paragraph is read as a header line when it is
    shaped like the section's header lines: where two or more of them end in their dates set
    apart at the right, a line that does too is one, with the label most of them have (the model
    sometimes calls one such line in a list of jobs other text, and its title and list too)."""
    shaped = [label for line, label in rows if label in HEADER_LABELS and _dated_at_right(line)]
    if len(shaped) < 2:
        return rows
    usual = Counter(shaped).most_common(1)[0][0]
    return [
        (line, usual if label in ("description", "other") and _dated_at_right(line) else label)
        for line, label in rows
    ]


# with its scheme, 'www.' or a path: 'Booking.com' alone may be the employer's name
_ADDRESS_ALONE = re.compile(r"(?:https?://|www\.)\S+|[\w-]+(?:\.[\w-]+)+/\S*")


def addresses_are_not_headers(rows: list[tuple[RawLine, str]]) -> list[tuple[RawLine, str]]:
    """Rows where a header line that is a web address alone (an employer's site under its
    role's list, 'https://roadamerica.com') is read as a paragraph: it names no title, employer
    or dates, and read as a title it would take the next role's."""
    return [
        (line, "description")
        if label in HEADER_LABELS and _ADDRESS_ALONE.fullmatch(strip_markup(line.text).strip())
        else (line, label)
        for line, label in rows
    ]


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
