"""Derived numbers: a difference or ratio of two stated numbers, allowed only when the line
shows how (it states both numbers it comes from).

"Cut onboarding from 40 to 30 days (25%)" is true when the evidence gives 40 and 30: the line
shows both, and 25% is the change between them. "Cut onboarding by 25%" alone is not shown and
stays a finding. The derived figure must agree to the precision it is written in.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

from core.audit.quantities import Quantity


def _precision(q: Quantity) -> float:
    digits = q.text.split(".")[1] if "." in q.text else ""
    decimals = len("".join(ch for ch in digits if ch.isdigit()))
    return 0.5 * 10**-decimals


def _candidates(a: float, b: float) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {"count": [abs(a - b)], "money": [abs(a - b)]}
    if a:
        out["percent"] = [abs(a - b) / abs(a) * 100]
    if a and b:
        out["multiplier"] = [a / b, b / a]
    return out


def shown_derivation(
    claimed: Quantity, said: Sequence[Quantity], given: Sequence[Quantity]
) -> bool:
    """`claimed` is the difference, change in percent or ratio of two numbers that the line
    states and the evidence gives."""
    stated = [q for q in said if q is not claimed and any(q.same_as(g) for g in given)]
    tolerance = _precision(claimed) * (100 if claimed.kind == "money" else 1)
    for a, b in permutations(stated, 2):
        if a.kind != b.kind or a.kind in ("year", "percentile"):
            continue
        wanted = _candidates(a.value, b.value).get(claimed.kind, [])
        if any(abs(value - claimed.value) <= max(tolerance, 1e-9) for value in wanted):
            return True
    return False
