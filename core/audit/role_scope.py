"""Which role a line stands under, and which evidence may name its tools there.

A line placed under a role claims the work was done in that role, so a tool or technology it
names must be stated by that role's own lines (its bullets, and the user's answers filed under
it). The resume's role-neutral lines (skills list, certifications, education, summary) attest
a skill but not that it was used in this job: a tool found only there is a warning. A tool that
the resume places under another role is a blocker: the work is real, but not this role's.

A tool's place in time follows from the same evidence: a line that dates work with a tool
before the first role that states it ("… using LangChain in 2020", LangChain only in a 2023
role) claims what the resume does not show.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from core.audit.dates import role_span
from core.audit.quantities import find_quantities
from core.audit.skills import NameFinding, lexicon_terms, product_words, stated
from core.contracts import EvidenceCard, RoleEntry
from core.retrieval.text_analysis import tokenize
from core.text.normalize import comparable_text


def home_role(text: str, cited: Sequence[EvidenceCard], role_texts: RoleTexts) -> RoleEntry | None:
    """The role a line that is placed nowhere most likely stands under: of the roles its
    evidence belongs to, the one whose own lines hold most of the line's words (the best
    evidence's role on a tie). The tools it names do not vote: they are what is then checked
    against the role, and a borrowed tool would pull the line towards its own role."""
    candidates = list(dict.fromkeys(c.role_id for c in cited if c.role_id in role_texts.roles))
    if not candidates:
        return None
    tools = [w for _, w in lexicon_terms(text)] + [p for p, _ in product_words(text, ())]
    words = set(tokenize(text)) - {t for tool in tools for t in tokenize(tool)}

    def held(role_id: str) -> int:
        return len(words & set(tokenize(role_texts.texts.get(role_id, ""))))

    best = max(candidates, key=lambda rid: (held(rid), -candidates.index(rid)))
    return role_texts.roles[best]


@dataclass(frozen=True)
class RoleTexts:
    """Each role's own text (its cards, answers filed under it included), keyed by role id."""

    roles: dict[str, RoleEntry]
    texts: dict[str, str]

    @classmethod
    def of(cls, cards: Sequence[EvidenceCard], roles: Sequence[RoleEntry]) -> RoleTexts:
        by_id = {r.id: r for r in roles}
        lines: dict[str, list[str]] = {}
        for card in cards:
            if card.role_id in by_id:
                lines.setdefault(card.role_id, []).append(comparable_text(card.raw_text))
        return cls(by_id, {rid: "\n".join(text) for rid, text in lines.items()})

    def own_text(self, role: RoleEntry) -> str:
        return self.texts.get(role.id, "")

    def stating(self, name: str) -> list[RoleEntry]:
        """The roles whose own lines state `name`."""
        return [self.roles[rid] for rid, text in self.texts.items() if stated(name, text)]


def _describe(role: RoleEntry) -> str:
    where = role.company or role.title or "another role"
    return f"{where} ({role.timeframe})" if role.timeframe else where


def rescope(finding: NameFinding, home: RoleEntry, role_texts: RoleTexts) -> NameFinding:
    """A name missing from the line's role: a blocker when another role states it, a warning
    when only the role-neutral lines do (a skill the resume lists, not shown in this job)."""
    elsewhere = [r for r in role_texts.stating(finding.span) if r.id != home.id]
    if elsewhere:
        where = "; ".join(_describe(r) for r in elsewhere)
        detail = (
            f"'{finding.span}' is in your resume under {where}, not under {_describe(home)}, "
            "where this line is placed."
        )
        return NameFinding(finding.span, detail, True)
    if finding.blocker:
        return finding
    detail = (
        f"'{finding.span}' is listed in your resume, but no line of {_describe(home)} says you "
        "used it there."
    )
    return NameFinding(finding.span, detail, False)


def line_years(text: str, evidence: str) -> list[int]:
    """The years a line states that its evidence does not."""
    stated_there = {int(q.value) for q in find_quantities(evidence) if q.kind == "year"}
    years = [int(q.value) for q in find_quantities(text) if q.kind == "year"]
    return [y for y in years if y not in stated_there]


def too_early(name: str, text: str, role_texts: RoleTexts, evidence: str) -> str:
    """Why a year of the line comes before the first role that states `name` ('' if none)."""
    years = line_years(text, evidence)
    spans = [s for r in role_texts.stating(name) if (s := role_span(r)) and s.start]
    if not years or not spans:
        return ""
    first = min(s.start for s in spans if s.start is not None)
    early = [y for y in years if y < first]
    if not early or len(early) < len(years):
        return ""
    roles = [r for r in role_texts.stating(name) if (s := role_span(r)) and s.start == first]
    return (
        f"This line dates '{name}' to {early[0]}, but your resume first shows it under "
        f"{_describe(roles[0])}, from {first}."
    )


def names_in(text: str, spans: Sequence[str]) -> list[str]:
    """The distinct names of `spans` that stand in `text` as words."""
    seen: list[str] = []
    for span in spans:
        if span and span not in seen and re.search(re.escape(span), text, re.I):
            seen.append(span)
    return seen


def role_named(hint: str, roles: Sequence[RoleEntry]) -> RoleEntry | None:
    """The role a heading or `--role` names: its id, its employer (whole or shortened), or a
    "Company — Title" / "Title at Company" heading holding the employer's name."""
    from core.audit.names import shortens

    hint = " ".join(hint.strip(" #*").split())
    if not hint:
        return None
    exact = [r for r in roles if r.id == hint]
    named = [r for r in roles if r.company and shortens(hint, r.company)]
    inside = [
        r
        for r in roles
        if r.company and re.search(rf"(?<!\w){re.escape(r.company)}(?!\w)", hint, re.I)
    ]
    for found in (exact, named, inside):
        if len(found) == 1:
            return found[0]
    titled = [r for r in found if r.title and r.title.lower() in hint.lower()] if found else []
    return titled[0] if len(titled) == 1 else None
