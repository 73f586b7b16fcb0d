"""Page 3 · Evidence map: one card per requirement (status, best quote, source), a headline
panel, and the questions about gaps."""

import streamlit as st

from core.ui import actions, answer_actions, answer_widgets, evidence_widgets, state, widgets

st.title("Your evidence for each requirement")
session = state.session()
board = state.board()
if board is None or not board.evidence_map:
    widgets.render_start_here("Your evidence has not been mapped to a job yet.")
    st.stop()

views = evidence_widgets.requirement_views(board, session.evidence_quote)
evidence_widgets.render_headline(views, actions.keywords_in_evidence())

questions = session.next_questions(limit=3)
if questions:
    st.subheader(f"Tell us what your resume does not say ({len(questions)} open)")
    st.caption(
        "A true answer becomes evidence the draft can cite (marked as your answer). "
        "“I don't have this” keeps the resume honest. Must-haves come first."
    )
    widgets.render_gap_form(
        questions, on_submit=actions.submit_gap_answers, roles=actions.role_choices()
    )

given = answer_actions.given_answers()
if given:
    st.subheader(f"Your answers ({len(given)})")
    st.caption("Change an answer's words, or withdraw it: the evidence map follows at once.")
    answer_actions.seed_edit_boxes(given)
    answer_widgets.render_given_answers(
        given,
        on_save=answer_actions.save_answer_edit,
        on_withdraw=answer_actions.withdraw_answer,
        roles=actions.role_choices(),
    )

st.subheader("Requirement by requirement")
for view in views:
    evidence_widgets.render_requirement_card(view, on_strategy=actions.change_gap_strategy)

widgets.render_next("app_pages/draft_review.py", "Next: write and review the tailored draft")
