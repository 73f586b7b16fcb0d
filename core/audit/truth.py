"""The deterministic truth gate for one line: `check_bullet`.

A line is supported when nothing in it goes beyond the evidence it cites: numbers (metrics),
employers, titles and dates (against the role the evidence belongs to), tools and skills, and
scope; and when most of its ordinary words are in that evidence (core/audit/overlap.py).
Anything the cited evidence states word for word is never flagged, so the user's own bullets
always pass. Every finding names the offending span and says what is wrong.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field

from core.audit.dates import check_dates
from core.audit.metrics import check_metrics
from core.audit.names import (
    find_employers,
    find_titles,
    normalise_org,
    title_in_text,
    title_matches,
)
from core.audit.overlap import BLOCK_BELOW, WARN_BELOW, content_overlap
from core.audit.scope import check_scope
from core.audit.skills import check_names, known_skills, skills_in
from core.contracts import (
    BulletVerdict,
    EvidenceCard,
    RoleEntry,
    Severity,
    TruthViolation,
    ViolationType,
)

V = ViolationType


@dataclass
class _Findings:
    bullet_id: str
    text: str
    items: list[TruthViolation] = field(default_factory=list)

    def add(self, kind: ViolationType, span: str, detail: str, *, blocker: bool = True) -> None:
        self.items.append(
            TruthViolation(
                bullet_id=self.bullet_id,
                bullet_text=self.text,
                violation=detail,
                type=kind,
                severity=Severity.BLOCKER if blocker else Severity.WARNING,
                span=span,
            )
        )


def evidence_roles(
    cited: Sequence[EvidenceCard], roles: Sequence[RoleEntry], role: RoleEntry | None
) -> list[RoleEntry]:
    """The roles the cited evidence belongs to (from role ids, else the cards' own fields)."""
    if role is not None:
        return [role]
    by_id = {r.id: r for r in roles}
    found: dict[str, RoleEntry] = {}
    for card in cited:
        if card.role_id and card.role_id in by_id:
            found.setdefault(card.role_id, by_id[card.role_id])
        elif card.company or card.role:
            key = card.role_id or f"{card.company}|{card.role}"
            found.setdefault(
                key,
                RoleEntry(id=key, company=card.company, title=card.role, timeframe=card.timeframe),
            )
    return list(found.values())


def _in_text(phrase: str, text: str) -> bool:
    phrase = re.sub(r"['’]s$", "", phrase.strip())
    return bool(phrase) and re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", text, re.I) is not None


def _check_employers(
    out: _Findings, evidence: str, own: list[RoleEntry], roles: Sequence[RoleEntry]
) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    own_keys = {normalise_org(r.company) for r in own if r.company}
    for mention in find_employers(out.text, [*roles, *own]):
        spans.append((mention.start, mention.end))
        if mention.key in own_keys or _in_text(mention.text, evidence):
            continue
        where = ", ".join(
            f"{r.company} ({r.timeframe})".replace(" ()", "") for r in own if r.company
        )
        detail = (
            f"'{mention.text}' is named, but this work was done at {where}."
            if where
            else (f"The evidence does not mention '{mention.text}'.")
        )
        out.add(V.EMPLOYER_WRONG, mention.text, detail)
    return spans


def _check_titles(
    out: _Findings, evidence: str, own: list[RoleEntry], roles: Sequence[RoleEntry]
) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    for mention in find_titles(out.text):
        spans.append((mention.start, mention.end))
        if title_in_text(mention.text, evidence):
            continue
        pool = [r for r in own if r.title] or list(roles)
        if any(title_matches(mention.text, r.title) for r in pool if r.title):
            continue
        held = "; ".join(f"'{r.title}' at {r.company}" for r in own if r.title)
        detail = (
            f"'{mention.text}' is not your title here: you were {held}."
            if held
            else f"'{mention.text}' is not a title in your resume."
        )
        out.add(V.TITLE_INFLATED, mention.text, detail)
    return spans


def check_bullet(
    text: str,
    *,
    bullet_id: str = "",
    cited: list[EvidenceCard],
    resume_cards: list[EvidenceCard],
    roles: list[RoleEntry],
    role: RoleEntry | None = None,
) -> BulletVerdict:
    """Check one line against the cards it cites. Supported = no BLOCKER."""
    # Compatibility forms fold to what a reader (and an ATS) sees: fullwidth letters are ASCII.
    text = " ".join(unicodedata.normalize("NFKC", text).split())
    out = _Findings(bullet_id, text)
    if not cited:
        out.add(V.UNCITED, text, "This line cites no evidence, so nothing shows it is true.")
        return _verdict(out, cited)
    evidence = "\n".join(
        " ".join(unicodedata.normalize("NFKC", card.raw_text).split()) for card in cited
    )
    own = evidence_roles(cited, roles, role)
    skip = _check_employers(out, evidence, own, roles)
    skip += _check_titles(out, evidence, own, roles)
    dated = [c for c in cited if role is None or c.role_id in (None, role.id)]
    date_evidence = "\n".join(c.raw_text for c in dated)
    for date in check_dates(text, evidence_text=date_evidence, roles=own):
        out.add(V.DATE_WRONG, date.year_text, date.detail, blocker=date.blocker)
    team_numbers: list[str] = []
    places = [p for card in cited for p in card.scope.geography] + [card.location for card in cited]
    role_evidence = _role_text(cited, resume_cards)
    for finding in check_scope(text, evidence=evidence, places=places, role_evidence=role_evidence):
        out.add(V.SCOPE_INFLATED, finding.span, finding.detail)
        team_numbers += [finding.number] if finding.number else []
    for metric in check_metrics(text, evidence=evidence, skip=team_numbers):
        out.add(
            V.METRIC_CHANGED if metric.changed else V.METRIC_INVENTED, metric.span, metric.detail
        )
    _check_skills(out, evidence, cited, resume_cards, skip)
    _check_overlap(out, evidence, own, skip)
    return _verdict(out, cited)


def _role_text(cited: Sequence[EvidenceCard], resume_cards: Sequence[EvidenceCard]) -> str:
    """The other lines of the roles the cited cards belong to (facts may come from any of them)."""
    owners = {c.role_id for c in cited if c.role_id}
    ids = {c.id for c in cited}
    return "\n".join(
        " ".join(unicodedata.normalize("NFKC", c.raw_text).split())
        for c in resume_cards
        if c.role_id in owners and c.id not in ids
    )


def _check_overlap(
    out: _Findings, evidence: str, own: list[RoleEntry], skip: list[tuple[int, int]]
) -> None:
    """A line whose ordinary words are mostly not in its evidence claims something else."""
    text = out.text
    for start, end in sorted(skip, reverse=True):
        text = text[:start] + " " + text[end:]
    said = evidence + "\n" + "\n".join(f"{r.title} {r.company}" for r in own)
    overlap = content_overlap(text, said)
    if overlap.share >= WARN_BELOW:
        return
    listed = ", ".join(overlap.missing[:6])
    detail = (
        f"Only {overlap.share:.0%} of this line's words are in its evidence; not there: {listed}."
    )
    out.add(V.OTHER, listed, detail, blocker=overlap.share < BLOCK_BELOW)


def _check_skills(
    out: _Findings,
    evidence: str,
    cited: Sequence[EvidenceCard],
    resume_cards: Sequence[EvidenceCard],
    skip: list[tuple[int, int]],
) -> None:
    resume_text = "\n".join(card.raw_text for card in resume_cards)
    resume_skills = skills_in(resume_text) | known_skills(
        (), [s for card in resume_cards for s in card.skills]
    )
    evidence_skills = known_skills(
        [c.raw_text for c in cited], [s for c in cited for s in c.skills]
    )
    for name in check_names(
        out.text,
        evidence=evidence,
        evidence_skills=evidence_skills,
        resume_text=resume_text + "\n" + evidence,
        resume_skills=resume_skills,
        skip_spans=skip,
    ):
        out.add(V.SKILL_INVENTED, name.span, name.detail, blocker=name.blocker)


def _verdict(out: _Findings, cited: Sequence[EvidenceCard]) -> BulletVerdict:
    blocked = any(v.severity == Severity.BLOCKER for v in out.items)
    return BulletVerdict(
        bullet_id=out.bullet_id,
        bullet_text=out.text,
        supported=not blocked,
        matched_card_ids=[card.id for card in cited],
        violations=out.items,
    )


def violation_rows(violations: list[TruthViolation]) -> list[dict[str, str]]:
    """Violations as plain rows (type, severity, span, detail) for JSON reports."""
    return [
        {"type": v.type.value, "severity": v.severity.value, "span": v.span, "detail": v.violation}
        for v in violations
    ]
