"""Every number in a bullet must be a number its cited evidence gives.

A number that is not there is metric_changed when the evidence has a near number of the same
kind — the same digits reordered (95 → 59), or the same words around it ("from 23 to 4" →
"from 32 to 4", "52 parents" → "25 parents") — and metric_invented otherwise (a new figure or
outcome the evidence never gives).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise

from core.audit.derived import shown_derivation
from core.audit.quantities import Quantity, digits_of, dimension, metric_quantities
from core.audit.vocabulary import CONTEXT_STOPWORDS
from core.retrieval.text_analysis import tokenize

_WORD = re.compile(r"[a-z0-9][a-z0-9.%$,+-]*")


@dataclass(frozen=True)
class MetricFinding:
    span: str
    detail: str
    changed: bool  # True: a near number exists (metric_changed); False: invented


def _counts(word: str) -> bool:
    return word not in CONTEXT_STOPWORDS


def _context(text: str, quantity: Quantity, width: int = 2) -> set[str]:
    before = [
        w for w in _WORD.findall(text[: quantity.start].lower()) if w not in CONTEXT_STOPWORDS
    ]
    after = [w for w in _WORD.findall(text[quantity.end :].lower()) if w not in CONTEXT_STOPWORDS]
    return {w.strip(".,") for w in before[-width:] + after[:width]} - {""}


def _compatible(a: Quantity, b: Quantity) -> bool:
    return a.kind == b.kind or {a.kind, b.kind} == {"count", "multiplier"}


def _relative_gap(a: Quantity, b: Quantity) -> float:
    return abs(a.value - b.value) / max(abs(a.value), abs(b.value), 1e-9)


def nearest_given(
    claimed: Quantity, text: str, given: Sequence[Quantity], evidence: str, used: Sequence[Quantity]
) -> Quantity | None:
    """The evidence number this one most likely distorts, if any.

    Near means the same kind and either the same digits reordered, two or more shared words
    around it, or one shared word and a value within half of it. Evidence numbers the bullet
    already states correctly are the last choice (the distorted one is usually another).
    """
    said_context = _context(text, claimed)
    ranked: list[tuple[bool, int, float, Quantity]] = []
    for other in given:
        if not _compatible(claimed, other):
            continue
        shared = len(said_context & _context(evidence, other))
        gap = _relative_gap(claimed, other)
        if digits_of(claimed) == digits_of(other) or shared >= 2 or (shared and gap <= 0.5):
            already = any(other.same_as(u) for u in used)
            ranked.append((already, -shared, gap, other))
    ranked.sort(key=lambda item: item[:3])
    return ranked[0][3] if ranked else None


def is_stated(claimed: Quantity, given: Sequence[Quantity]) -> bool:
    """`given` holds this number: same value and kind, and "95 ms" is not "95 s" (a unit on both
    sides must agree; a missing one is not judged)."""
    return any(claimed.same_as(g) and same_terms(claimed, g) for g in given)


def same_terms(a: Quantity, b: Quantity) -> bool:
    """Unit, period and statistic agree wherever both sides state one ("per month" is not "per
    day", p99 is not the median)."""
    pairs = ((dimension(a.unit), dimension(b.unit)), (a.rate, b.rate), (a.stat, b.stat))
    return all(not x or not y or x == y for x, y in pairs)


# Up to five words (a unit, a time or a place: "from 41 in the first audit to 6") may sit between
# a change's two ends.
_BETWEEN_PAIR = re.compile(
    r"^(?:\s*[\w%]+){0,5}?\s*(?:to|→|->)\s*(?:about\s+|roughly\s+|under\s+|over\s+|nearly\s+|~)?$",
    re.I,
)


def _pairs(text: str, quantities: Sequence[Quantity]) -> list[tuple[Quantity, Quantity]]:
    """ "from A to B" changes: consecutive numbers joined by "to" (units, a time or a place may
    sit between)."""
    return [(a, b) for a, b in pairwise(quantities) if _BETWEEN_PAIR.match(text[a.end : b.start])]


def _changed_in_pair(
    text: str, evidence: str, said: Sequence[Quantity], given: Sequence[Quantity]
) -> list[MetricFinding]:
    """A "from A to B" whose A (or B) the evidence gives with another partner: B (or A) changed,
    even when the changed number happens to appear elsewhere in the evidence."""
    theirs = _pairs(evidence, given)
    found: list[MetricFinding] = []
    for a, b in _pairs(text, said):
        if any(a.same_as(x) and b.same_as(y) for x, y in theirs):
            continue
        for x, y in theirs:
            if a.same_as(x) and not b.same_as(y) and _compatible(b, y):
                wrong = b
            elif b.same_as(y) and not a.same_as(x) and _compatible(a, x):
                wrong = a
            else:
                continue
            detail = (
                f"'{a.text} to {b.text}' does not match the evidence, which says "
                f"'{x.text} to {y.text}'."
            )
            found.append(MetricFinding(wrong.text, detail, True))
            break
    return found


def _distinctive(q: Quantity) -> bool:
    """Money, a fraction or a figure of 100 or more is rarely the same number by chance."""
    return q.kind == "money" or q.value != int(q.value) or abs(q.value) >= 100


def _stems(words: set[str]) -> set[str]:
    return {t for w in words for t in tokenize(w)}


def stated_nearby(claimed: Quantity, text: str, context: str) -> bool:
    """Another line of the same role gives this number about the same thing: a distinctive
    figure, or one with a word next to it there too ("25 parents" is not backed by "25
    minutes" elsewhere; "64 pages" backs "64-page")."""
    around = _stems(_context(text, claimed))
    return any(
        is_stated(claimed, [g]) and (_distinctive(g) or around & _stems(_context(context, g)))
        for g in metric_quantities(context)
    )


def _difference(claimed: Quantity, given: Quantity) -> str:
    """What differs between two numbers of the same value: unit, period or statistic."""
    if claimed.unit and given.unit and dimension(claimed.unit) != dimension(given.unit):
        here, there = claimed.unit, given.unit
    elif claimed.rate and given.rate and claimed.rate != given.rate:
        here, there = f"a {claimed.rate}", f"a {given.rate}"
    elif claimed.stat != given.stat:
        here, there = _stat_name(claimed.stat), _stat_name(given.stat)
    else:
        return f"does not match the evidence, which says '{_terms(given)}'"
    return f"is {here} here, but {there} in the evidence, which says '{_terms(given)}'"


def _stat_name(stat: str) -> str:
    return {"p50": "median", "": "plain figure"}.get(stat, stat)


def _terms(q: Quantity) -> str:
    rate = f" a {q.rate}" if q.rate else ""
    stat = "median" if q.stat == "p50" else q.stat
    return " ".join(p for p in (stat, q.text, rate.strip()) if p)


RATIO_TOLERANCE = 0.1  # "tripled" for 4 → 12.5 is fair; for 4 → 9 it is not


def _backs_kind(claimed: Quantity, given: Quantity) -> bool:
    """A multiplier ("tripled", "15-fold") is a ratio: a count of the same value ("3 stores")
    does not back it, only a multiplier or a change whose ends give that ratio."""
    return claimed.kind != "multiplier" or given.kind == "multiplier"


def _stated_ratios(text: str, quantities: Sequence[Quantity]) -> list[float]:
    return [
        max(a.value, b.value) / min(a.value, b.value)
        for a, b in _pairs(text, quantities)
        if a.kind == b.kind and min(a.value, b.value) > 0
    ]


def _ratio_given(claimed: Quantity, ratios: Sequence[float]) -> bool:
    return any(abs(r - claimed.value) <= RATIO_TOLERANCE * claimed.value for r in ratios)


def check_metrics(
    text: str, *, evidence: str, context: str = "", skip: Iterable[str] = ()
) -> list[MetricFinding]:
    """Findings for numbers in `text` that `evidence` (or, about the same thing, `context`: the
    other lines of its role) does not give."""
    given = metric_quantities(evidence)
    said = metric_quantities(text)
    skipped = set(skip)
    findings: list[MetricFinding] = []
    ratios = _stated_ratios(evidence, given) + _stated_ratios(context, metric_quantities(context))
    for claimed in said:
        if claimed.kind == "multiplier" and _ratio_given(claimed, ratios):
            continue
        equal = [g for g in given if claimed.same_as(g) and _backs_kind(claimed, g)]
        if claimed.text in skipped or is_stated(claimed, equal):
            continue
        if not equal and (
            (claimed.kind != "multiplier" and stated_nearby(claimed, text, context))
            or shown_derivation(claimed, said, given)
        ):
            continue
        if equal:
            detail = f"'{claimed.text}' {_difference(claimed, equal[0])}."
            findings.append(MetricFinding(claimed.text, detail, True))
            continue
        near = nearest_given(claimed, text, given, evidence, said)
        if near is not None and not _backs_kind(claimed, near):
            detail = (
                f"'{claimed.text}' claims a change of {claimed.value:g}×, but the evidence's "
                f"'{near.text}' is a count, and no change it states gives that ratio."
            )
        elif near is not None:
            detail = f"'{claimed.text}' does not match the evidence, which says '{near.text}'."
        else:
            detail = f"'{claimed.text}' is not in the evidence this line cites."
        findings.append(MetricFinding(claimed.text, detail, near is not None))
    flagged = {f.span for f in findings}
    findings += [
        f for f in _changed_in_pair(text, evidence, said, given) if f.span not in flagged | skipped
    ]
    return findings
