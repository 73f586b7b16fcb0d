"""A draft that no longer matches what it rests on says so (page 4), and is rewritten keeping
the user's edits and decisions; what the rewrite kept is said afterwards."""

from __future__ import annotations

import streamlit as st

from core.draft_carry import Carried, PendingChanges, has_decisions
from core.ui import state
from core.ui.progress import run_steps
from core.ui.widgets import safe_text

ANSWERS_CHANGED = (
    "Your answers changed what can be written: rewrite the lines they affect. "
    "Your edited, accepted and rejected lines are kept."
)
STRATEGY_CHANGED = (
    "You changed how a gap is handled since this draft was written: rewrite it to apply that. "
    "Your edited, accepted and rejected lines are kept."
)
OTHER_CHANGE = (
    "What this draft rests on changed since it was written: rewrite it to bring it up to date. "
    "Your edited, accepted and rejected lines are kept."
)


def stale_message(changes: PendingChanges) -> str:
    if changes.answers:
        return ANSWERS_CHANGED
    return STRATEGY_CHANGED if changes.rewrite_all else OTHER_CHANGE


def rewrite_label(changes: PendingChanges) -> str:
    return "Rewrite the lines they affect" if changes.answers else "Rewrite the draft"


def carry_summary(carried: Carried | None) -> str:
    """What a rewrite kept of the user's work, in words ("" when there was nothing to keep)."""
    if carried is None:
        return ""
    kept = len(carried.decided) + len(carried.added_back)
    parts = []
    if kept:
        parts.append(f"kept your {kept} edited, accepted or rejected line{'s' * (kept != 1)}")
    if carried.words_kept:
        parts.append(
            f"left {len(carried.words_kept)} line(s) your answers do not touch as they were"
        )
    if carried.lost:
        gone = "; ".join(f"“{b.text}”" for b in carried.lost)
        parts.append(
            f"dropped {len(carried.lost)} line(s) whose evidence changed or is gone: {gone}"
        )
    return f"The rewrite {', '.join(parts)}." if parts else ""


def rewrite(*, keep_edits: bool = True) -> bool:
    """Write the draft again (keeping the user's work unless `keep_edits` is False)."""
    session = state.session()
    state.set_export_bundle(None)
    write = session.write_draft if keep_edits else lambda: session.write_draft(keep_edits=False)
    ok = run_steps(
        "Writing your tailored resume", [("Writing, auditing and revising the draft", write)]
    )
    if ok:
        flash_carry()
    return ok


def flash_carry() -> None:
    summary = carry_summary(state.session().last_carry)
    if summary:
        state.flash("info", summary)


def render_stale_notice() -> bool:
    """The out-of-date note with its rewrite button (and, when the user decided lines, a way
    to discard them); True when a rewrite ran (the caller reruns)."""
    session = state.session()
    if not session.draft_is_stale():
        return False
    with st.container(border=True, key="draft_stale"):
        st.warning(safe_text(stale_message(session.changes)), icon=":material/update:")
        left, right = st.columns(2)
        if left.button(rewrite_label(session.changes), type="primary", key="draft_rewrite"):
            return rewrite()
        board = session.board
        if has_decisions(board.resume_draft if board else None) and right.button(
            "Discard my edits and write afresh", key="draft_rewrite_afresh"
        ):
            return rewrite(keep_edits=False)
    return False
