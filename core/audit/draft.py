"""`audit_draft`: every live line of a draft against the cards it cites. Passed = no BLOCKER.

- Summary, role and section lines: `check_bullet` against their own cited cards; a role line
  is also held to its role (employer, title, dates), and a line under one role that cites only
  another role's cards is employer_wrong (it would be shown under the wrong employer).
- Role headers (company, title, dates) must be the fact resume's own.
- Skill lines: each listed skill must be named by one of its cited cards.
- No citations → uncited; an id that is not a card → unknown_evidence. Both BLOCKER.
With an LLM, its findings are added on top (core/audit/llm_review.py); they never clear or
downgrade a deterministic blocker.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.audit.names import normalise_org, title_matches
from core.audit.skills import known_skills, skills_in
from core.audit.truth import check_bullet
from core.contracts import (
    AuditReport,
    BulletVerdict,
    DraftBullet,
    DraftRole,
    EvidenceCard,
    ResumeDraft,
    RoleEntry,
    Severity,
    SkillLine,
    TruthViolation,
    ViolationType,
)

V = ViolationType


def _violation(
    bullet_id: str, text: str, kind: ViolationType, detail: str, span: str = ""
) -> TruthViolation:
    return TruthViolation(
        bullet_id=bullet_id,
        bullet_text=text,
        violation=detail,
        type=kind,
        severity=Severity.BLOCKER,
        span=span or text,
    )


def _with(verdict: BulletVerdict, extra: list[TruthViolation]) -> BulletVerdict:
    if not extra:
        return verdict
    return verdict.model_copy(
        update={"violations": [*extra, *verdict.violations], "supported": False}
    )


class DraftAuditor:
    """Holds the resume's cards and roles while one draft is checked."""

    def __init__(self, cards: Sequence[EvidenceCard], roles: Sequence[RoleEntry]) -> None:
        self.cards = list(cards)
        self.by_id = {c.id: c for c in self.cards}
        self.roles = list(roles)
        self.role_by_id = {r.id: r for r in self.roles}

    def line(self, bullet: DraftBullet, role: RoleEntry | None) -> BulletVerdict:
        unknown = [i for i in bullet.evidence_card_ids if i not in self.by_id]
        cited = [self.by_id[i] for i in bullet.evidence_card_ids if i in self.by_id]
        extra = (
            [
                _violation(
                    bullet.id,
                    bullet.text,
                    V.UNKNOWN_EVIDENCE,
                    f"This line cites evidence that does not exist: {', '.join(unknown)}.",
                    ", ".join(unknown),
                )
            ]
            if unknown
            else []
        )
        if role is not None and cited:
            extra += self._misplaced(bullet, role, cited)
        verdict = check_bullet(
            bullet.text,
            bullet_id=bullet.id,
            cited=cited,
            resume_cards=self.cards,
            roles=self.roles,
            role=role,
        )
        if unknown and not cited:  # one clear finding, not "uncited" as well
            verdict = verdict.model_copy(update={"violations": []})
        return _with(verdict, extra)

    def _misplaced(
        self, bullet: DraftBullet, role: RoleEntry, cited: list[EvidenceCard]
    ) -> list[TruthViolation]:
        owners = {c.role_id for c in cited if c.role_id and c.role_id in self.role_by_id}
        if not owners or role.id in owners:
            return []
        elsewhere = ", ".join(
            f"{self.role_by_id[o].company or self.role_by_id[o].title}" for o in sorted(owners)
        )
        return [
            _violation(
                bullet.id,
                bullet.text,
                V.EMPLOYER_WRONG,
                f"This line sits under {role.company or role.title}, but its evidence is from "
                f"{elsewhere}.",
                role.company or role.title,
            )
        ]

    def header(self, drafted: DraftRole) -> list[TruthViolation]:
        """The role's company, title and dates must be the resume's own."""
        bullet_id = f"{drafted.role_id}-header"
        shown = " | ".join(p for p in (drafted.title, drafted.company, drafted.timeframe) if p)
        role = self.role_by_id.get(drafted.role_id)
        if role is None:
            detail = f"Role '{drafted.role_id}' is not in your fact resume."
            return [_violation(bullet_id, shown, V.OTHER, detail)]
        checks = (
            (
                V.EMPLOYER_WRONG,
                "Employer",
                drafted.company,
                role.company,
                normalise_org(drafted.company) == normalise_org(role.company),
            ),
            (
                V.TITLE_INFLATED,
                "Title",
                drafted.title,
                role.title,
                not drafted.title.strip() or title_matches(drafted.title, role.title),
            ),
            (
                V.DATE_WRONG,
                "Dates",
                drafted.timeframe,
                role.timeframe,
                drafted.timeframe.split() == role.timeframe.split(),
            ),
        )
        return [
            _violation(
                bullet_id,
                shown,
                kind,
                f"{what} shown as '{said}', but the resume says '{true}'.",
                said,
            )
            for kind, what, said, true, same in checks
            if not same
        ]

    def skill(self, line: SkillLine) -> BulletVerdict:
        bullet_id = line.id
        cited = [self.by_id[i] for i in line.evidence_card_ids if i in self.by_id]
        unknown = [i for i in line.evidence_card_ids if i not in self.by_id]
        found: list[TruthViolation] = []
        if unknown:
            found.append(
                _violation(
                    bullet_id,
                    line.skill,
                    V.UNKNOWN_EVIDENCE,
                    f"Cites evidence that does not exist: {', '.join(unknown)}.",
                )
            )
        elif not cited:
            found.append(
                _violation(
                    bullet_id, line.skill, V.UNCITED, f"The skill '{line.skill}' cites no evidence."
                )
            )
        elif not self._backs(line.skill, cited):
            found.append(
                _violation(
                    bullet_id,
                    line.skill,
                    V.SKILL_INVENTED,
                    f"None of the cards cited for '{line.skill}' mention it.",
                )
            )
        return BulletVerdict(
            bullet_id=bullet_id,
            bullet_text=line.skill,
            supported=not found,
            matched_card_ids=[c.id for c in cited],
            violations=found,
        )

    @staticmethod
    def _backs(skill: str, cited: list[EvidenceCard]) -> bool:
        wanted = skills_in(skill) or {skill.casefold()}
        listed = known_skills([c.raw_text for c in cited], [s for c in cited for s in c.skills])
        if wanted & listed:
            return True
        text = "\n".join(c.raw_text for c in cited).casefold()
        return skill.casefold() in text


def audit_draft(
    draft: ResumeDraft,
    *,
    cards: list[EvidenceCard],
    roles: list[RoleEntry],
    llm=None,
) -> AuditReport:
    """Check every live line, header and skill of `draft` against its own cited evidence."""
    auditor = DraftAuditor(cards, roles)
    verdicts: list[BulletVerdict] = []
    headers: list[TruthViolation] = []
    live = {b.id for b in draft.live_bullets()}
    for bullet in draft.summary:
        if bullet.id in live:
            verdicts.append(auditor.line(bullet, None))
    for drafted in draft.roles:
        headers += auditor.header(drafted)
        role = auditor.role_by_id.get(drafted.role_id)
        verdicts += [auditor.line(b, role) for b in drafted.bullets if b.id in live]
    for section in draft.sections:
        verdicts += [auditor.line(b, None) for b in section.bullets if b.id in live]
    verdicts += [auditor.skill(line) for line in draft.skills]
    report = AuditReport(
        truth_violations=[*headers, *(v for verdict in verdicts for v in verdict.violations)],
        verdicts=verdicts,
    )
    if llm is not None:
        from core.audit.llm_review import add_llm_findings

        report = add_llm_findings(report, draft, cards=cards, llm=llm)
    report.passed = not report.blockers()
    return report
