"""Quantities in evidence text, each kept exactly as written ('~1.1M', '$49.99', '40+', 'p99').

Numbers, percentages, money, counts, K/M/B suffixes, ranges ('3–5'), multipliers ('8x'),
percentiles ('p99') and durations ('410 ms': value '410', description 'ms'). A year range such as
'2016–2018' is two dates, so it yields '2016' and '2018'.
"""

from __future__ import annotations

import re

from core.contracts import MetricEntry

_NUM = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_SCALE = r"(?:[KMB]|k|bn)(?![A-Za-z])"
_CURRENCY = r"(?:US\$|[$€£¥])"
_ONE = rf"{_CURRENCY}?(?:{_NUM})(?:{_SCALE})?"
METRIC = re.compile(
    rf"(?<![\w.,$€£¥/])(?P<value>(?:[~≈]|[<>]=?)?{_ONE}"
    rf"(?:\s?[–—-]\s?{_ONE}(?![\w]))?(?:%|\+|x(?![A-Za-z])|×)?\+?)"
    rf"|(?<![\w])(?P<pct>[pP]\d{{2,3}}(?:\.\d+)?)(?![\w])"
)
_YEAR_RANGE = re.compile(r"^((?:19|20)\d\d)\s?[–—-]\s?((?:19|20)\d\d)$")
_STOP = frozenset(
    [
        "to",
        "from",
        "and",
        "or",
        "with",
        "at",
        "in",
        "on",
        "by",
        "for",
        "than",
        "instead",
        "after",
        "before",
        "vs",
        "over",
        "across",
        "within",
        "each",
        "the",
        "a",
        "an",
    ]
)
_WORD = re.compile(r"[A-Za-z][\w/'’-]*")
_CLAUSE_END = re.compile(r"[;:]|[.!?](?=\s|$)|\n")


def _description(text: str, end: int) -> str:
    if hyphenated := re.match(r"-([A-Za-z]+)", text[end : end + 30]):
        return hyphenated.group(1)  # '24-hour', '7-day'
    words: list[str] = []
    for token in re.finditer(r"\S+", text[end : end + 60]):
        word = token.group(0)
        clean = word.rstrip(",;:.)!?")
        if not _WORD.fullmatch(clean) or clean.lower() in _STOP:
            break
        words.append(clean)
        if clean != word or len(words) == 3:
            break
    return " ".join(words)


def _clause(text: str, start: int, end: int) -> str:
    left = 0
    for match in _CLAUSE_END.finditer(text, 0, start):
        left = match.end()
    right = _CLAUSE_END.search(text, end)
    clause = text[left : right.start() if right else len(text)].strip()
    return clause if len(clause) <= 160 else clause[:157].rstrip() + "…"


def extract_metrics(text: str) -> list[MetricEntry]:
    """Every quantity in `text`, in order; `value` is the exact written form."""
    metrics: list[MetricEntry] = []
    for match in METRIC.finditer(text):
        value = match.group("value") or match.group("pct")
        if not value or not any(ch.isdigit() for ch in value):
            continue
        context = _clause(text, match.start(), match.end())
        years = _YEAR_RANGE.match(value)
        if years:
            for year in years.groups():
                metrics.append(MetricEntry(value=year, description="year", context=context))
            continue
        description = _description(text, match.end())
        metrics.append(MetricEntry(value=value, description=description, context=context))
    return metrics
