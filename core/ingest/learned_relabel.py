"""Lines around a role's header that the line model often mislabels, read again by their layout
(indent, list glyphs, dates set apart at the right), never by their words: the line under a
role's header lines that names no title is its title (`titles_under_headers`), a dated line over
header lines that hold no dates is their first header line (`dated_lines_over_headers`), a line
shaped like the section's other header lines (its dates set apart at the same edge) is one
(`headers_shaped_like_others`), an undated line with a place set apart at the right, shaped
like the section's employer lines, is one (`employers_shaped_like_others`), a header line inside
a flat list of bullets is one more bullet (`list_lines_are_bullets`), and a web address alone is
no header line (`addresses_are_not_headers`). Rows are (line, label) pairs; each
function returns the rows with some labels changed.
"""

from __future__ import annotations

import re
from collections import Counter

from core.ingest.layout import BULLET, FIELD_GAP, RawLine
from core.ingest.learned_headers import (
    HEADER_LABELS,
    dates_first,
    gap_place,
    header_parts,
    only_dates,
    role_runs,
    stated_fields,
    without_dates,
)
from core.ingest.roles import strip_markup
from core.text.dates import find_dates, first_range, wrapped_start

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
        shaped = (
            BULLET.match(line.text) is None and len(without_dates(text).split()) <= _TITLE_WORDS
        )
        if first_range(text) and shaped and _indent(line) <= _indent(header):
            out[i] = (line, "dates" if only_dates(line) else _missing_field(first) or label)
    return out


_WIDE_GAP = re.compile(r"\S(?:[ ]{3,}|\t)\s*$")
# what sets a leading date range apart from the words after it: a column gap or a separator
_LEAD_GAP = re.compile(r"^(?:[ ]{3,}|\t|\s*[|｜•·,–—-]\s*)\S")


def _dated_edge(line: RawLine) -> str:
    """Where a short line that is no list item holds its date range set apart from its words:
    'right' where it ends in it after a wide gap ('Walsh University, Ohio      01/2025 –
    Present'), 'left' where it opens with it before a gap or a separator ('2016-11 — 2017-07 |
    Python developer, Signtime'); '' for any other line."""
    text = strip_markup(line.text).strip()
    date = first_range(text)
    if date is None or BULLET.match(line.text):
        return ""
    before, after = text[: date.begin], text[date.finish :]
    if not after.strip(" ."):
        right = _WIDE_GAP.search(before) is not None and len(before.split()) <= _TITLE_WORDS
        return "right" if right else ""
    if not before.strip() and _LEAD_GAP.match(after) and len(after.split()) <= _TITLE_WORDS:
        return "left"
    return ""


def headers_shaped_like_others(rows: list[tuple[RawLine, str]]) -> list[tuple[RawLine, str]]:
    """Rows where a line called other text or a paragraph is read as a header line when it is
    shaped like the section's header lines: where two or more of them hold their dates set
    apart at the same edge (ending in them after a wide gap, or opening with them before a gap
    or a separator), a line that does too is one, with the label most of them have (the model
    sometimes calls one such line in a list of jobs other text, and its title and list too)."""
    by_edge: dict[str, Counter[str]] = {}
    for line, label in rows:
        edge = _dated_edge(line) if label in HEADER_LABELS else ""
        if edge:
            by_edge.setdefault(edge, Counter())[label] += 1
    usual = {
        edge: labels.most_common(1)[0][0] for edge, labels in by_edge.items() if labels.total() >= 2
    }
    if not usual:
        return rows
    out = []
    for line, label in rows:
        edge = _dated_edge(line) if label in ("description", "other") else ""
        out.append((line, usual[edge]) if edge in usual else (line, label))
    return out


def _placed_at_right(line: RawLine) -> bool:
    """A short undated line that is no list item and ends in a place set apart from its words
    by a column gap ('Tower Research Capital                New York, NY')."""
    text = strip_markup(line.text).strip()
    if BULLET.match(line.text) or find_dates(text):
        return False
    words, place = gap_place(text)
    return bool(place) and len(words.split()) <= _TITLE_WORDS


def employers_shaped_like_others(rows: list[tuple[RawLine, str]]) -> list[tuple[RawLine, str]]:
    """Rows where a line called other text or a paragraph is read as an employer line when two
    or more of the section's employer lines are shaped as it is: undated, a place set apart at
    the right (the model sometimes calls the last such line of a list of jobs other text, and
    the employer above it would then be carried to that job)."""
    shaped = sum(1 for line, label in rows if label == "employer" and _placed_at_right(line))
    if shaped < 2:
        return rows
    return [
        (
            line,
            "employer" if label in ("description", "other") and _placed_at_right(line) else label,
        )
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


def _list_item_above(rows: list[tuple[RawLine, str]], at: int) -> re.Match[str] | None:
    """The list item whose bullet the line at `at` would continue: the nearest list item above
    it, called a bullet, with only its wrapped text between (lines called bullets or paragraphs,
    no list items, set deeper than its glyph), in a flat list: every list item of the lines
    called bullets or paragraphs right above has its glyph and indent (a list whose items hold
    deeper lists under them is a list of entries, jobs written as list items). None otherwise."""
    body: list[tuple[RawLine, str]] = []
    for line, label in reversed(rows[:at]):
        if label not in ("bullet", "description"):
            break
        body.append((line, label))
    items = [(place, label, BULLET.match(line.text)) for place, (line, label) in enumerate(body)]
    listed = [(place, label, item) for place, label, item in items if item is not None]
    if not listed:
        return None
    nearest_place, nearest_label, nearest = listed[0]
    shape = (nearest["indent"], nearest["marker"])
    wrapped = [line for line, _ in body[:nearest_place]]
    flat = all((item["indent"], item["marker"]) == shape for _, _, item in listed)
    deeper = all(_indent(line) > len(nearest["indent"]) for line in wrapped)
    return nearest if nearest_label == "bullet" and flat and deeper else None


def wrapped_date_ends(rows: list[tuple[RawLine, str]]) -> list[tuple[RawLine, str]]:
    """A line that is only the end of the dates line above it ('Mar 2019' or '2017 –' over
    'Jun 2021' or 'Current', `wrapped_start`) is that role's dates, whatever the model called
    it: a dates column that writes one date a line."""
    out = list(rows)
    for i in range(1, len(out)):
        (above, said), (line, label) = out[i - 1], out[i]
        if said != "dates" or label == "dates":
            continue
        if wrapped_start(strip_markup(above.text).strip(), strip_markup(line.text).strip()):
            out[i] = (line, "dates")
    return out


def list_lines_are_bullets(rows: list[tuple[RawLine, str]]) -> list[tuple[RawLine, str]]:
    """Rows where a header line inside a list of bullets is read as a bullet, by its layout:
    a list item with the glyph and indent of the list item above it ('- Promoted to Senior
    Engineer Dec. 2019.' among the job's '- …' items) is one more item of that list, and a line
    that is no list item, set deeper than the glyph of the list item above and not laid out in
    fields, is that item's wrapped text ('    CI/CD, LocalStack, CSS'). The model sometimes
    calls such a line a role header, a title or an employer, and it would split the job."""
    out = list(rows)
    for at, (line, label) in enumerate(rows):
        if label not in HEADER_LABELS:
            continue
        above = _list_item_above(out, at)
        if above is None:
            continue
        item = BULLET.match(line.text)
        if item is not None:
            same = (item["indent"], item["marker"]) == (above["indent"], above["marker"])
        else:
            same = _indent(line) > len(above["indent"]) and not FIELD_GAP.search(line.text.strip())
        if same:
            out[at] = (line, "bullet")
    return out
