"""What page fit leaves out, shown before the downloads (pages 4 and 5), and the user's choice:
tick the lines to leave out (the others are kept), or keep every line on a longer document.
Page fit never takes a line the user accepted or wrote (core/pipeline/outputs.py)."""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from core.contracts import BulletStatus, ResumeDraft
from core.pipeline.outputs import PageFitPlan, page_fit_dropped
from core.ui.widgets import safe_text


def _pages(n: int) -> str:
    return f"{n} page{'s' if n != 1 else ''}"


def render_page_fit(
    plan: PageFitPlan,
    *,
    fitting: bool,
    prefix: str,
    choice_key: Callable[[str], str],
    on_apply: Callable[[list[str]], None],
    on_keep_all: Callable[[bool], None],
) -> None:
    """The page-fit panel: nothing when every line fits; else the lines it would leave out with
    a tick box each and the two choices. `prefix` keeps the widget keys of two pages apart."""
    if not fitting:
        with st.container(border=True, key=f"{prefix}_page_fit"):
            st.info(
                f"You chose to keep every line: the document runs to "
                f"{_pages(plan.pages_unfitted)}.",
                icon=":material/unfold_more:",
            )
            st.button(
                f"Fit to {_pages(plan.max_pages)} again",
                key=f"{prefix}_fit_again",
                on_click=on_keep_all,
                args=(False,),
            )
        return
    if plan.over_limit:
        st.warning(
            f"The document runs to {_pages(plan.pages)}, over the limit of "
            f"{_pages(plan.max_pages)}: only lines you accepted or wrote are left, and page fit "
            "never takes those. Reject lines to shorten it.",
            icon=":material/warning:",
        )
    if not plan.lines:
        return
    ids = [b.id for b in plan.lines]
    with st.container(border=True, key=f"{prefix}_page_fit"):
        why = (
            f"to keep the document within the limit of {_pages(plan.max_pages)}"
            if plan.pages_unfitted > plan.max_pages
            else f"so the document ends on page {plan.pages}, not on a page holding a few lines"
        )
        st.warning(
            f"**Page fit leaves out {len(plan.lines)} line(s)** {why}. They are not in the "
            "downloads unless you keep them: untick a line to keep it, or keep every line.",
            icon=":material/content_cut:",
        )
        with st.form(f"{prefix}_page_fit_form", border=False):
            for bullet in plan.lines:
                st.checkbox(
                    f"Leave out: {safe_text(bullet.text)}", value=True, key=choice_key(bullet.id)
                )
            st.form_submit_button(
                "Apply: leave out the ticked lines, keep the others",
                key=f"{prefix}_fit_apply",
                type="primary",
                on_click=on_apply,
                args=(ids,),
            )
        st.button(
            f"Keep every line ({_pages(plan.pages_unfitted)})",
            key=f"{prefix}_fit_keep_all",
            on_click=on_keep_all,
            args=(True,),
        )


def left_out_note(draft: ResumeDraft, document: ResumeDraft, blocked: set[str]) -> str:
    """One sentence saying every reason a drafted line is not in the document, with counts."""
    rejected = sum(b.status == BulletStatus.REJECTED for b in draft.all_bullets())
    blocked_now = sum(b.id in blocked for b in draft.all_bullets())
    audit = len(draft.dropped)
    fitted = len(page_fit_dropped(draft, document))
    shipped = len(document.live_bullets())
    parts = [
        f"{n} {why}"
        for n, why in (
            (rejected, "you rejected"),
            (blocked_now + audit, "the audit blocks"),
            (fitted, "page fit left out (listed above)"),
        )
        if n
    ]
    left = "; left out: " + ", ".join(parts) if parts else "; no line left out"
    return f"The DOCX and PDF hold {shipped} line(s), only lines the audit supports{left}."
