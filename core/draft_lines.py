"""The draft's lines on a board: find one, audit one again after the user's words changed, and
record its verdict; and carry the user's decisions onto a newly written draft (the lines
carried are audited again: a blocked line cannot stay accepted)."""

from __future__ import annotations

from core.contracts import (
    Blackboard,
    BulletStatus,
    BulletVerdict,
    DraftBullet,
    ResumeDraft,
    RoleEntry,
    Severity,
)
from core.draft_carry import Carried, carry_decisions
from core.errors import InputError


def find_line(board: Blackboard, bullet_id: str) -> DraftBullet:
    draft = board.resume_draft
    for bullet in draft.all_bullets() if draft else []:
        if bullet.id == bullet_id:
            return bullet
    raise InputError(f"There is no line called {bullet_id} in the draft.")


def role_of(board: Blackboard, bullet_id: str) -> RoleEntry | None:
    draft = board.resume_draft
    roles = {r.id: r for r in (board.resume.roles if board.resume else [])}
    for role in draft.roles if draft else []:
        if any(b.id == bullet_id for b in role.bullets):
            return roles.get(role.role_id)
    return None


def check_line(board: Blackboard, bullet_id: str, text: str) -> BulletVerdict:
    """The truth audit of `text` as the line `bullet_id` (its cited cards, its role)."""
    from core.audit import check_bullet

    bullet = find_line(board, bullet_id)
    cards = {c.id: c for c in board.evidence_cards}
    return check_bullet(
        text,
        bullet_id=bullet_id,
        cited=[cards[c] for c in bullet.evidence_card_ids if c in cards],
        resume_cards=board.evidence_cards,
        roles=board.resume.roles if board.resume else [],
        role=role_of(board, bullet_id),
    )


def record_verdict(board: Blackboard, verdict: BulletVerdict) -> None:
    """Put a line's new verdict in the audit report, in place of its old one."""
    report = board.audit_report
    if report is None:
        return
    report.verdicts = [v for v in report.verdicts if v.bullet_id != verdict.bullet_id]
    report.verdicts.append(verdict)
    report.truth_violations = [
        v for v in report.truth_violations if v.bullet_id != verdict.bullet_id
    ]
    report.truth_violations.extend(verdict.violations)
    report.passed = not report.blockers()


def carry_onto(
    board: Blackboard,
    before: ResumeDraft,
    *,
    known_cards: set[str],
    keep_words_unless: set[str] | None,
) -> Carried:
    """Give the board's new draft the user's decisions on `before`; audit the lines carried."""
    assert board.resume_draft is not None
    carried = carry_decisions(
        before,
        board.resume_draft,
        known_cards=known_cards,
        keep_words_unless=keep_words_unless,
    )
    board.resume_draft = carried.draft
    for bullet_id in carried.touched:
        bullet = find_line(board, bullet_id)
        verdict = check_line(board, bullet_id, bullet.text)
        record_verdict(board, verdict)
        blocked = any(v.severity == Severity.BLOCKER for v in verdict.violations)
        if blocked and bullet.status == BulletStatus.ACCEPTED:
            bullet.status = BulletStatus.PROPOSED  # a blocked line cannot stay accepted
    return carried
