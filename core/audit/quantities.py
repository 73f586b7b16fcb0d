"""Numbers as a resume states them: counts, percentages, money, multipliers, percentiles, years.

`find_quantities(text)` reads every number in a line and normalises it, so "$1.2M" and
"$1.2 million", "8x" and "eight times", "four teams" and "4 teams" compare equal, while "95 ms"
and "59 ms" do not. The comparison is strict on purpose: the value and the kind (money,
percent, multiplier, percentile, plain count) must both agree. "About", "~", "+" and "more
than" qualify a number without changing it, so they are ignored.

Years (1950-2039 written as four bare digits) are returned with kind "year"; the date check,
not the metric check, judges them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.text.number_words import find_worded

MAGNITUDES = {
    "k": 1e3,
    "thousand": 1e3,
    "m": 1e6,
    "mm": 1e6,
    "million": 1e6,
    "b": 1e9,
    "bn": 1e9,
    "billion": 1e9,
}
MULTIPLIER_WORDS = {
    "twice": 2,
    "double": 2,
    "doubled": 2,
    "doubling": 2,
    "triple": 3,
    "tripled": 3,
    "tripling": 3,
    "quadruple": 4,
    "quadrupled": 4,
    "quadrupling": 4,
    "quintupled": 5,
    # a cut by half is the same ratio read the other way ("from 40 to 20")
    "halve": 2,
    "halved": 2,
    "halving": 2,
}

_DIGITS = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+"
_NUMERIC = re.compile(
    rf"(?<![\w.,/])(?P<cur>[$€£]\s?)?(?P<num>{_DIGITS})"
    r"(?P<mag>\s?(?:thousand|million|billion)\b|(?:k|K|m|M|mm|MM|bn|B)\b)?"
    r"(?P<unit>\s?(?:%|percent\b|per\s?cent\b)|\s?(?:x|×)(?!\w)|\s(?:times)\b)?"
)
_PERCENTILE = re.compile(r"(?<![\w.])[pP](?P<num>\d{2}(?:\.\d+)?)\b")
_MULTIPLIER = re.compile(r"\b(?P<word>" + "|".join(MULTIPLIER_WORDS) + r")\b", re.IGNORECASE)
UNITS = {
    "ms": "ms",
    "millisecond": "ms",
    "milliseconds": "ms",
    "s": "s",
    "sec": "s",
    "secs": "s",
    "second": "s",
    "seconds": "s",
    "min": "min",
    "mins": "min",
    "minute": "min",
    "minutes": "min",
    "h": "h",
    "hr": "h",
    "hrs": "h",
    "hour": "h",
    "hours": "h",
    "day": "day",
    "days": "day",
    "week": "week",
    "weeks": "week",
    "month": "month",
    "months": "month",
    "year": "year",
    "years": "year",
    "yr": "year",
    "yrs": "year",
    "kb": "kb",
    "mb": "mb",
    "gb": "gb",
    "tb": "tb",
    "pb": "pb",
}
_UNIT_AFTER = re.compile(
    r"[\s-]?(?P<unit>" + "|".join(sorted(UNITS, key=len, reverse=True)) + r")\b", re.I
)
_CURRENCY_AFTER = re.compile(r"[\s-]?(?:dollars?|usd|eur|euros?|gbp|pounds?)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Quantity:
    """One number as written (`text`, with its position) and what it means (`value`, `kind`)."""

    text: str
    value: float
    kind: str  # count | percent | money | multiplier | percentile | year
    start: int
    end: int
    unit: str = ""  # time or data unit written after it (ms, s, min, h, day, …, gb)
    rate: str = ""  # "a month", "per day": the period it is counted over (day, month, …)
    stat: str = ""  # the statistic it is (p99, p50 for "median", mean)

    def same_as(self, other: Quantity) -> bool:
        """Same kind and value; with units of one dimension on both sides, the same amount
        ("3,100 GB" is "3.1 TB"). A unit on one side only is not converted."""
        if self.kind != other.kind and {self.kind, other.kind} != {"count", "multiplier"}:
            return False
        mine, theirs = self.value, other.value
        if (
            self.unit
            and other.unit
            and _BASE.get(self.unit, self.unit) == _BASE.get(other.unit, other.unit)
        ):
            mine, theirs = mine * _SCALE.get(self.unit, 1.0), theirs * _SCALE.get(other.unit, 1.0)
        scale = max(abs(mine), abs(theirs), 1e-9)
        return abs(mine - theirs) <= scale * 1e-9


def _numeric(match: re.Match[str], text: str) -> Quantity:
    raw = match.group("num").replace(",", "")
    value = float(raw)
    mag = (match.group("mag") or "").strip().lower()
    value *= MAGNITUDES.get(mag, 1.0)
    unit = (match.group("unit") or "").strip().lower()
    end = match.end()
    kind = "count"
    if match.group("cur"):
        kind = "money"
    elif unit in ("%", "percent", "per cent", "percent"):
        kind = "percent"
    elif unit in ("x", "×", "times"):
        kind = "multiplier"
    else:
        after = _CURRENCY_AFTER.match(text, end)
        if after and mag:
            kind, end = "money", after.end()
        elif "," not in match.group("num") and _is_year(raw, text, match):  # "2,000" is a count
            kind = "year"
    return _with_unit(text, text[match.start() : end].strip(), value, kind, match.start(), end)


# Data sizes compare in GB (decimal, as storage is sold: 1 TB = 1,000 GB), short times in s.
_SCALE = {"kb": 1e-6, "mb": 1e-3, "tb": 1e3, "pb": 1e6, "ms": 1e-3, "min": 60, "h": 3600}
_BASE = {"kb": "gb", "mb": "gb", "tb": "gb", "pb": "gb", "ms": "s", "min": "s", "h": "s"}
_PERIODS = r"day|night|shift|week|month|quarter|year|hour|minute"
_RATE = re.compile(
    rf"^(?:[\s-]+(?!(?:a|an|per|each|every)\b)[\w'$%.,-]+){{0,4}}?\s*(?:\s(?:a|an|per|each|every)\s+|/\s?)"
    rf"(?P<period>{_PERIODS})s?\b",
    re.I,
)
_ADVERB_PERIODS = {
    "daily": "day",
    "nightly": "night",
    "weekly": "week",
    "monthly": "month",
    "quarterly": "quarter",
    "yearly": "year",
    "annually": "year",
    "hourly": "hour",
}
_FREQUENCY = re.compile(
    rf"\s+(?:(?:a|an|per|each|every)\s+(?P<period>{_PERIODS})s?\b"
    rf"|(?P<adverb>{'|'.join(_ADVERB_PERIODS)})\b)",
    re.I,
)
_STAT_BEFORE = re.compile(
    r"(?P<stat>\bp\d{2}(?:\.\d+)?|\bmedian|\bmean|\baverage|\bavg"
    r"|\b\d{2}(?:st|nd|rd|th)[- ]percentile)"
    r"(?:\s+[^\s,;:.]+){0,5}\s*$",
    re.I,
)


def dimension(unit: str) -> str:
    """The unit a unit converts to ("tb" → "gb", "ms" → "s"); others stand for themselves."""
    return _BASE.get(unit, unit)


def _stat(text: str, start: int) -> str:
    found = _STAT_BEFORE.search(text[max(0, start - 60) : start])
    if not found:
        return ""
    word = found.group("stat").lower()
    if word == "median":
        return "p50"
    if word in ("mean", "average", "avg"):
        return "mean"
    return "p" + re.sub(r"\D", "", word) if "percentile" in word else word


def _with_unit(text: str, raw: str, value: float, kind: str, start: int, end: int) -> Quantity:
    unit = _unit(text, end)
    rate = _RATE.match(text[end : end + 60])
    period = rate.group("period").lower() if rate else ""
    return Quantity(raw, value, kind, start, end, unit, period, _stat(text, start))


def _unit(text: str, end: int) -> str:
    found = _UNIT_AFTER.match(text, end)
    return UNITS[found.group("unit").lower()] if found else ""


def _is_year(raw: str, text: str, match: re.Match[str]) -> bool:
    if not re.fullmatch(r"(19[5-9]\d|20[0-3]\d)", raw) or match.group("mag"):
        return False
    return not re.match(r"\s?(?:ms|s|sec|seconds|users|people|rows)\b", text[match.end() :])


def find_quantities(text: str) -> list[Quantity]:
    """Every number in `text`, normalised, in order of appearance."""
    found: list[Quantity] = [_numeric(m, text) for m in _NUMERIC.finditer(text)]
    for m in _PERCENTILE.finditer(text):
        found.append(Quantity(m.group(0), float(m.group("num")), "percentile", *m.span()))
    for w in find_worded(text):
        found.append(_with_unit(text, w.text, w.value, w.kind, w.start, w.end))
    for m in _MULTIPLIER.finditer(text):
        value = float(MULTIPLIER_WORDS[m.group("word").lower()])
        often = _FREQUENCY.match(text, m.end())
        if often:  # "twice a week" is how often, a count over a period, not a ratio
            period = (often.group("period") or often.group("adverb")).lower()
            period = _ADVERB_PERIODS.get(period, period)
            found.append(Quantity(m.group(0), value, "count", *m.span(), rate=period))
            continue
        found.append(Quantity(m.group(0), value, "multiplier", *m.span()))
    found.sort(key=lambda q: q.start)
    return found


def metric_quantities(text: str) -> list[Quantity]:
    return [q for q in find_quantities(text) if q.kind != "year"]


def digits_of(quantity: Quantity) -> str:
    return "".join(sorted(re.sub(r"\D", "", f"{quantity.value:g}")))
