"""Years of experience from the role timeline: overlapping roles are merged (two jobs held at
once count once), "present" is today, and the result reads "8 yrs 4 mo across 3 roles"."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date

from core.contracts import RoleEntry


@dataclass(frozen=True)
class Span:
    months: int
    roles: int

    @property
    def years(self) -> float:
        return self.months / 12

    def describe(self) -> str:
        years, months = divmod(self.months, 12)
        parts = [f"{years} yr{'s' if years != 1 else ''}"] if years else []
        parts += [f"{months} mo"] if months or not years else []
        noun = "role" if self.roles == 1 else "roles"
        return f"{' '.join(parts)} across {self.roles} {noun}"


def _month_index(point: str, *, end: bool, today: date) -> int | None:
    if point == "present":
        return today.year * 12 + today.month - 1
    match = re.fullmatch(r"(\d{4})(?:-(\d{2}))?", point)
    if not match:
        return None
    year = int(match.group(1))
    if match.group(2):
        return year * 12 + int(match.group(2)) - 1
    return year * 12 + (11 if end else 0)  # a bare year spans the whole year


def _interval(role: RoleEntry, today: date) -> tuple[int, int] | None:
    if not role.start or not role.end:
        return None
    start = _month_index(role.start, end=False, today=today)
    end = _month_index(role.end, end=True, today=today)
    if start is None or end is None or end < start:
        return None
    return start, end + 1


def experience_span(roles: Iterable[RoleEntry], *, today: date | None = None) -> Span:
    """Months covered by the roles' date ranges, overlaps merged; roles without both ends skip."""
    today = today or date.today()
    dated = [(iv, r) for r in roles if (iv := _interval(r, today)) is not None]
    merged: list[list[int]] = []
    for (start, end), _ in sorted(dated, key=lambda pair: pair[0]):
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return Span(sum(e - s for s, e in merged), len(dated))


def roles_of(card_role_ids: Sequence[str | None], roles: Sequence[RoleEntry]) -> list[RoleEntry]:
    wanted = {rid for rid in card_role_ids if rid}
    return [r for r in roles if r.id in wanted]
