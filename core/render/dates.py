"""One date style per document: every date the resume shows, written the same way.

Dates are found where the resume states them (role timeframes and dates inside lines, by the
ingestion's date finder) and re-written in the chosen style; the date itself never changes.
A date the resume gives as a year only stays a year (no month is invented). Ranges are joined by
an en dash with non-breaking spaces, so a date range never wraps across lines.

Styles: "short" (Mar 2021 – Present, the default), "long" (March 2021 – Present), "numeric"
(03/2021 – Present), "year" (2021 – Present).
"""

from __future__ import annotations

import calendar
import re
from enum import StrEnum

from core.contracts import DraftBullet, ResumeDraft
from core.text.dates import find_dates, normalize_point

NBSP = "\u00a0"
RANGE_JOIN = f"{NBSP}–{NBSP}"


class DateStyle(StrEnum):
    SHORT = "short"
    LONG = "long"
    NUMERIC = "numeric"
    YEAR = "year"


DEFAULT_DATE_STYLE = DateStyle.SHORT
_POINT = re.compile(r"^(\d{4})(?:-(\d{2}))?$")


def format_point(value: str | None, style: DateStyle) -> str:
    """A normalised point ('2021-03', '2021', 'present') in `style`."""
    if value is None:
        return ""
    if value == "present":
        return "Present"
    match = _POINT.match(value)
    if not match:
        return value
    year, month = match.group(1), match.group(2)
    if month is None or style == DateStyle.YEAR:
        return year
    number = int(month)
    if style == DateStyle.NUMERIC:
        return f"{number:02d}/{year}"
    name = calendar.month_name[number] if style == DateStyle.LONG else calendar.month_abbr[number]
    return f"{name}{NBSP}{year}"


def restyle_dates(text: str, style: DateStyle) -> str:
    """`text` with every date and date range written in `style` (module doc)."""
    spans = find_dates(text)
    if not spans:
        return text
    pieces: list[str] = []
    last = 0
    for span in spans:
        start = format_point(span.start, style)
        if not start:  # not a date the finder could normalise: leave it as written
            continue
        written, end = start, format_point(span.end, style)
        if span.end is not None and end != start:  # 'May–Aug 2018' by years: '2018', once
            written += RANGE_JOIN + end
        pieces += [text[last : span.begin], written]
        last = span.finish
    pieces.append(text[last:])
    return "".join(pieces)


def parse_style(value: str | DateStyle | None) -> DateStyle:
    """A DateStyle from its name; None gives the default; anything else is a ValueError."""
    if value is None or value == "":
        return DEFAULT_DATE_STYLE
    try:
        return DateStyle(str(value).strip().lower())
    except ValueError:
        names = ", ".join(s.value for s in DateStyle)
        raise ValueError(f"Unknown date style '{value}'. Choose one of: {names}.") from None


def _restyled(bullets: list[DraftBullet], style: DateStyle) -> list[DraftBullet]:
    return [b.model_copy(update={"text": restyle_dates(b.text, style)}) for b in bullets]


def with_date_style(draft: ResumeDraft, style: DateStyle | str | None = None) -> ResumeDraft:
    """A copy of `draft` whose timeframes and lines show their dates in one style."""
    chosen = parse_style(style)
    draft = draft.model_copy(deep=True)
    draft.summary = _restyled(draft.summary, chosen)
    for role in draft.roles:
        role.timeframe = restyle_dates(role.timeframe, chosen)
        role.bullets = _restyled(role.bullets, chosen)
    for section in draft.sections:
        section.bullets = _restyled(section.bullets, chosen)
    return draft


__all__ = ["DEFAULT_DATE_STYLE", "DateStyle", "normalize_point", "restyle_dates", "with_date_style"]
