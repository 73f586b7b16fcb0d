"""`audit_bullets`: truth-check lines that cite nothing against the fact resume.

Used by `resumeforge audit` ("check my current resume against my facts") and the probe eval.
Each line first gets the evidence it most likely rests on (core/audit/matching.py), then the
same deterministic gate as a drafted line (`check_bullet`), placed under the role of its best
evidence as a drafted line is placed under its role. A line no card matches is
unsupported with an `uncited` finding.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.audit.matching import CardMatcher
from core.audit.names import oriented
from core.audit.role_scope import RoleTexts, home_role
from core.audit.truth import check_bullet
from core.contracts import (
    BulletVerdict,
    ParsedResume,
    RoleEntry,
    Severity,
    TruthViolation,
    ViolationType,
)


def audit_bullets(
    texts: list[str], *, resume: ParsedResume, placed: Sequence[RoleEntry | None] = ()
) -> list[BulletVerdict]:
    """One verdict per line, in order; `matched_card_ids` name the evidence each was held to.
    `placed` gives the role each line stands under (from the draft's headings or `--role`);
    a line without one is placed under the role of its evidence."""
    roles = [oriented(r) for r in [*resume.roles, *resume.education]]
    matcher = CardMatcher(cards=list(resume.cards), roles=roles)
    role_texts = RoleTexts.of(resume.cards, roles)
    verdicts: list[BulletVerdict] = []
    for number, raw in enumerate(texts, 1):
        text = " ".join(raw.split())
        bullet_id = f"bullet-{number}"
        cited = matcher.match(text)
        if not cited:
            verdicts.append(_unmatched(bullet_id, text))
            continue
        verdicts.append(
            check_bullet(
                text,
                bullet_id=bullet_id,
                cited=cited,
                resume_cards=list(resume.cards),
                roles=roles,
                role=_placed(placed, number - 1) or home_role(text, cited, role_texts),
            )
        )
    return verdicts


def _placed(placed: Sequence[RoleEntry | None], index: int) -> RoleEntry | None:
    role = placed[index] if index < len(placed) else None
    return oriented(role) if role is not None else None


def _unmatched(bullet_id: str, text: str) -> BulletVerdict:
    violation = TruthViolation(
        bullet_id=bullet_id,
        bullet_text=text,
        violation="No line in your fact resume supports this; add the fact there first.",
        type=ViolationType.UNCITED,
        severity=Severity.BLOCKER,
        span=text,
    )
    return BulletVerdict(
        bullet_id=bullet_id, bullet_text=text, supported=False, violations=[violation]
    )
