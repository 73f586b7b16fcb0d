"""Dates in a bullet against the role the evidence belongs to.

A year the cited evidence itself states is always fine. Any other year must fall inside the
role's date range; a year written as the start of a range ("from 2015", "since 2021",
"2015–2018") must be the role's start year, and one written as the end of a range must be its
end year. A year inside the role that the evidence does not state is only a warning (the
evidence does not say when); a year outside it, or a range that moves the start or end, is
date_wrong. Without a known role, a year the evidence does not state is date_wrong.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.audit.quantities import Quantity, find_quantities
from core.contracts import RoleEntry
from core.text.dates import MONTH, YEAR, month_abbreviation, month_number, stated_dates

_PRESENT = r"(?:present|today|current)"
_DASH = r"(?:–|—|-|to|until|through|thru)"
RANGE = re.compile(
    rf"(?:\b(?:from|between)\s+)?(?:{MONTH}\s+)?(?P<start>{YEAR})\s*(?:{_DASH}|and)\s*"
    rf"(?:{MONTH}\s+)?(?P<end>{YEAR}|{_PRESENT})\b",
    re.I,
)
SINCE = re.compile(
    rf"\b(?:since|starting in|joined in|joined)\s+(?:{MONTH}\s+)?(?P<start>{YEAR})\b", re.I
)
FROM = re.compile(rf"\bfrom\s+(?:{MONTH}\s+)?(?P<start>{YEAR})\b", re.I)


_TO_PRESENT = re.compile(rf"(?:since\s+(?:{MONTH}\s+)?\d{{4}}|{_DASH}\s*{_PRESENT}\b)", re.I)


@dataclass(frozen=True)
class DateFinding:
    year_text: str
    detail: str
    blocker: bool


@dataclass(frozen=True)
class RoleSpan:
    start: int | None
    end: int | None  # None with `ongoing` = present
    ongoing: bool
    start_month: int | None = None
    end_month: int | None = None


def role_span(role: RoleEntry) -> RoleSpan | None:
    """The role's first and last year, from the parser's normalised fields or the timeframe."""
    start = _year_of(role.start)
    end = _year_of(role.end)
    ongoing = (role.end or "").lower() == "present"
    periods = stated_dates(role.timeframe) if start is None else []
    starts = [y for p in periods if (y := _year_of(p.start)) is not None]
    if starts:  # a side entry can state several periods ('member since 2014; program
        # committee 2019 – 2022'): from the earliest start to the latest end, open if any is
        ongoing = any(p.end == "present" for p in periods)
        ends = [y for p in periods if (y := _year_of(p.end or p.start)) is not None]
        start, end = min(starts), (None if ongoing else max(ends, default=None))
    if start is None:
        years = [int(y) for y in re.findall(rf"\b({YEAR})\b", role.timeframe)]
        if not years:
            return None
        start = years[0]
        ongoing = bool(re.search(_PRESENT, role.timeframe, re.I))
        end = None if ongoing else years[-1]
    if end is None and not ongoing:
        end = start
    return RoleSpan(start, end, ongoing, _month_of(role.start), _month_of(role.end))


def _year_of(value: str | None) -> int | None:
    match = re.match(r"(\d{4})", value or "")
    return int(match.group(1)) if match else None


def _month_of(value: str | None) -> int | None:
    match = re.match(r"\d{4}-(\d{2})", value or "")
    return int(match.group(1)) if match else None


def _month_before(text: str, index: int) -> int | None:
    match = re.search(rf"\b({MONTH})\s+$", text[:index], re.I)
    return month_number(match.group(1)) if match else None


def _describe(role: RoleEntry) -> str:
    where = role.company or role.title or "this role"
    return f"{where} ({role.timeframe})" if role.timeframe else where


@dataclass(frozen=True)
class _Stated:
    year: Quantity
    position: str  # "start" | "end" | ""
    range_text: str = ""
    month: int | None = None


def _stated_years(text: str) -> list[_Stated]:
    """Every year in `text`, marked as the start or end of a stated period where it is one."""
    marks: dict[int, tuple[str, str]] = {}
    for m in RANGE.finditer(text):
        if m.group(0).lower().startswith("between") or " and " not in m.group(0).lower():
            marks[m.start("start")] = ("start", m.group(0))
            marks[m.start("end")] = ("end", m.group(0))
    for pattern in (SINCE, FROM):
        for m in pattern.finditer(text):
            marks.setdefault(m.start("start"), ("start", m.group(0)))
    years = [q for q in find_quantities(text) if q.kind == "year"]
    return [
        _Stated(y, *marks.get(y.start, ("", "")), month=_month_before(text, y.start)) for y in years
    ]


def _evidence_states(stated: _Stated, evidence_text: str) -> bool:
    """The evidence gives this year in the same role: a period must be the same period."""
    value = int(stated.year.value)
    anywhere = re.search(rf"(?<!\d){value}(?!\d)", evidence_text) is not None
    claimed = RANGE.search(stated.range_text)
    if claimed is not None:
        return any(
            m.group("start") == claimed.group("start")
            and m.group("end").lower() == claimed.group("end").lower()
            for m in RANGE.finditer(evidence_text)
        )
    if SINCE.search(stated.range_text):
        starts = [
            m.group("start")
            for m in (*SINCE.finditer(evidence_text), *RANGE.finditer(evidence_text))
        ]
        return str(value) in starts
    return anywhere


def check_dates(text: str, *, evidence_text: str, roles: list[RoleEntry]) -> list[DateFinding]:
    """Date findings for one bullet; `roles` are the roles its evidence belongs to."""
    findings: list[DateFinding] = []
    spans = [(r, s) for r in roles if (s := role_span(r)) is not None]
    for stated in _stated_years(text):
        if _evidence_states(stated, evidence_text):
            continue
        finding = _judge_year(stated, spans, _years_in(evidence_text))
        if finding.detail:
            findings.append(finding)
    ongoing = _TO_PRESENT.search(text)
    if ongoing and ongoing.group(0).lower() in evidence_text.lower():
        ongoing = None
    if ongoing and spans and not any(s.ongoing for _, s in spans):
        role = spans[0][0]
        findings.append(
            DateFinding(
                ongoing.group(0),
                f"The bullet says this is ongoing, but {_describe(role)} has ended.",
                True,
            )
        )
    return findings


def _wrong_month(stated: _Stated, span: RoleSpan) -> int | None:
    """The role's own month when the bullet names another month for its start or end."""
    value = int(stated.year.value)
    if stated.month is None:
        return None
    if stated.position == "start" and value == span.start:
        expected = span.start_month
    elif stated.position == "end" and value == span.end:
        expected = span.end_month
    else:
        return None
    return expected if expected is not None and expected != stated.month else None


def _years_in(text: str) -> list[int]:
    return sorted({int(y) for y in re.findall(rf"(?<!\d){YEAR}(?!\d)", text)})


def _judge_year(
    stated: _Stated, spans: list[tuple[RoleEntry, RoleSpan]], evidence_years: list[int]
) -> DateFinding:
    year, position = stated.year, stated.position
    value = int(year.value)
    if not position and evidence_years:
        said = ", ".join(str(y) for y in evidence_years)
        return DateFinding(year.text, f"The evidence dates this {said}, not {value}.", True)
    if not spans:
        return DateFinding(year.text, f"The evidence gives no date {value}.", True)
    problems: list[str] = []
    for role, span in spans:
        last = span.end if span.end is not None else 9999
        start = span.start if span.start is not None else 0
        if not start <= value <= last:
            problems.append(f"{value} is outside your time at {_describe(role)}")
        elif position == "start" and value != span.start:
            problems.append(f"you started at {_describe(role)} in {span.start}, not {value}")
        elif position == "end" and span.end is not None and value != span.end:
            problems.append(f"you left {_describe(role)} in {span.end}, not {value}")
        elif (month := _wrong_month(stated, span)) is not None:
            when = "started at" if position == "start" else "left"
            problems.append(f"you {when} {_describe(role)} in {month_abbreviation(month)} {value}")
        elif position:
            return DateFinding(year.text, "", False)
        else:
            return DateFinding(
                year.text,
                f"The evidence does not say {value}; it falls within {_describe(role)}.",
                False,
            )
    detail = "; ".join(problems)
    return DateFinding(year.text, detail[:1].upper() + detail[1:] + ".", True)
