"""Page 3 · Evidence map: requirement × evidence, gaps and their strategies, gap answers."""

import streamlit as st

from core.ui import actions, state, widgets

st.title("Your evidence for each requirement")
session = state.session()
board = state.board()
if board is None or not board.evidence_map:
    widgets.render_start_here("Your evidence has not been mapped to a job yet.")
    st.stop()

widgets.render_mapping_metrics(board)
st.dataframe(
    widgets.evidence_rows(board, session.evidence_quote),
    hide_index=True,
    width="stretch",
    column_config={"Evidence": st.column_config.TextColumn(width="large")},
)

st.subheader("Gaps")
if not board.gap_resolutions:
    st.success("No gaps: every requirement has evidence.")
for gap in board.gap_resolutions:
    widgets.render_gap(gap, on_strategy=actions.change_gap_strategy)

st.subheader("Tell us what your resume does not say")
questions = session.next_questions(limit=3)
if not questions:
    st.caption("No open questions. Change a gap's strategy to “Ask me about it” to answer it.")
else:
    st.caption(
        "A true answer becomes evidence the draft can cite (marked as your answer). "
        "“I don't have this” keeps the resume honest. Must-haves come first."
    )
    widgets.render_gap_form(
        questions, on_submit=actions.submit_gap_answers, roles=actions.role_choices()
    )

widgets.render_next("pages/draft_review.py", "Next: write and review the tailored draft")
