"""The answers the user gave on page 3, each editable and withdrawable."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import streamlit as st

from core.ui.answer_actions import EDIT_PREFIX, EDIT_ROLE_PREFIX, GivenAnswer
from core.ui.widgets import safe_text


def render_given_answers(
    answers: Sequence[GivenAnswer],
    *,
    on_save: Callable[[str], None],
    on_withdraw: Callable[[str], None],
    roles: Sequence[tuple[str, str]] = (),
) -> None:
    """One box per answered or declined requirement: change the words, or withdraw."""
    labels = {"": "No particular role (Additional experience)", **dict(roles)}
    for answer in answers:
        with st.container(border=True, key=f"evidence_given_{answer.gap_id}"):
            st.markdown(f"**{safe_text(answer.requirement)}**")
            if answer.declined:
                st.caption("You said you don't have this: the draft leaves it out.")
            else:
                with st.form(f"evidence_edit_form_{answer.gap_id}", border=False):
                    st.text_area(
                        "Your answer",
                        key=f"{EDIT_PREFIX}{answer.gap_id}",
                        height=80,
                        max_chars=2000,
                    )
                    if roles:
                        st.selectbox(
                            "Which role was this?",
                            options=list(labels),
                            format_func=lambda role_id: labels.get(role_id, role_id),
                            key=f"{EDIT_ROLE_PREFIX}{answer.gap_id}",
                        )
                    st.form_submit_button("Save change", on_click=on_save, args=(answer.gap_id,))
            st.button(
                "Withdraw this answer" if not answer.declined else "Withdraw: ask me again",
                key=f"evidence_withdraw_{answer.gap_id}",
                on_click=on_withdraw,
                args=(answer.gap_id,),
            )
