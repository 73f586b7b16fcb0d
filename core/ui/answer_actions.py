"""Answers stay editable (page 3): change the words of an answer, or withdraw an answer or an
"I don't have this". Each callback calls one TailoringSession method; a draft already written
is kept and marked out of date (core/service.py)."""

from __future__ import annotations

from dataclasses import dataclass

from core.contracts import AnswerStatus, GapAnswer
from core.ui import state
from core.ui.progress import attempt

EDIT_PREFIX = "evidence_edit_"
EDIT_ROLE_PREFIX = "evidence_edit_role_"
STALE_NOTE = "Your draft is kept but now out of date: rewrite the lines this affects on page 4."


@dataclass(frozen=True)
class GivenAnswer:
    """A gap the user has answered or declined, as the page shows it."""

    gap_id: str
    requirement: str
    declined: bool
    text: str  # the answer's words ("" for a decline)
    role_id: str  # "" when the answer names no role


def given_answers() -> list[GivenAnswer]:
    session = state.session()
    board = session.board
    if board is None:
        return []
    given = []
    for gap in board.gap_resolutions:
        if gap.answer_status == AnswerStatus.OPEN:
            continue
        card = session.evidence_quote(gap.answer_card_id) if gap.answer_card_id else None
        given.append(
            GivenAnswer(
                gap_id=gap.gap_id,
                requirement=gap.requirement_text,
                declined=gap.answer_status == AnswerStatus.DECLINED,
                text=card.raw_text if card else "",
                role_id=(card.role_id or "") if card else "",
            )
        )
    return given


def seed_edit_boxes(answers: list[GivenAnswer]) -> None:
    """Put each answer's words in its edit box, once (later the box holds the user's typing)."""
    for answer in answers:
        state.seed_input(f"{EDIT_PREFIX}{answer.gap_id}", answer.text)
        state.seed_input(f"{EDIT_ROLE_PREFIX}{answer.gap_id}", answer.role_id)


def save_answer_edit(gap_id: str) -> None:
    """Callback of an answer's "Save change": the new words replace the old answer."""
    text = state.text(f"{EDIT_PREFIX}{gap_id}").strip()
    if not text:
        state.flash("warning", "An answer cannot be empty: write it, or withdraw it instead.")
        return
    role_id = state.text(f"{EDIT_ROLE_PREFIX}{gap_id}") or None
    had_draft = _has_draft()
    answer = GapAnswer(gap_id=gap_id, answer=text, role_id=role_id)
    error = attempt(lambda: state.session().answer_gaps([answer]))
    if error:
        state.flash("error", f"{error} Your words are kept; fix them and save again.")
        return
    state.set_export_bundle(None)
    note = f" {STALE_NOTE}" if had_draft else ""
    state.flash("success", f"Answer changed; the evidence map is updated.{note}")


def withdraw_answer(gap_id: str) -> None:
    """Callback of "Withdraw": the question is open again, the answer's evidence is gone."""
    had_draft = _has_draft()
    error = attempt(lambda: state.session().withdraw_answer(gap_id))
    if error:
        state.flash("error", error)
        return
    state.forget_inputs_of(  # withdrawn means gone: the reopened question starts empty
        [
            f"{EDIT_PREFIX}{gap_id}",
            f"{EDIT_ROLE_PREFIX}{gap_id}",
            f"evidence_answer_{gap_id}",
            f"evidence_decline_{gap_id}",
        ]
    )
    state.set_export_bundle(None)
    note = f" {STALE_NOTE}" if had_draft else ""
    state.flash("success", f"Withdrawn: the question is open again.{note}")


def _has_draft() -> bool:
    board = state.session().board
    return board is not None and board.resume_draft is not None
