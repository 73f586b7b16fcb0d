"""Page 4 · Draft review: the tailored resume line by line, with citations; accept, reject, edit."""

import streamlit as st

from core.ui import draft_actions, draft_widgets, stale_draft, state, widgets

st.title("Review your tailored resume")
session = state.session()
board = state.board()
if board is None or not board.evidence_map:
    widgets.render_start_here("There is nothing to draft from yet.")
    st.stop()

templates = draft_actions.template_names()
if state.text(state.TEMPLATE) not in templates:
    state.reset_input(state.TEMPLATE, templates[0])
if draft_actions.education_missing():
    state.reset_flag("draft_no_education", board.inputs.no_education)
    st.checkbox(
        "My resume has no education to list",
        key="draft_no_education",
        on_change=draft_actions.set_no_education,
        args=("draft_no_education",),
        help="Your fact resume has no education section; tick this if there is none to add.",
    )
pick, dates, write = st.columns([2, 2, 1], vertical_alignment="bottom")
pick.selectbox("Template", templates, key=state.TEMPLATE, format_func=draft_actions.template_label)
dates.selectbox(
    "Dates written as",
    list(draft_actions.DATE_STYLES),
    key=state.DATE_STYLE,
    format_func=draft_actions.date_style_label,
    help="One style for every date in the DOCX and PDF.",
)
label = "Regenerate draft" if board.resume_draft else "Write the draft"
if write.button(label, type="primary", key="draft_write") and draft_actions.write_draft():
    st.rerun()  # draw the new draft with every control in step

draft = board.resume_draft
if draft is None:
    st.info("Press “Write the draft” to write a tailored resume from your evidence.")
    st.stop()

if stale_draft.render_stale_notice():
    st.rerun()  # the rewritten draft, with every control in step

if board.failure_reasons:
    st.warning("The last run did not finish cleanly:")
    widgets.render_bullets(board.failure_reasons)

date_style = state.text(state.DATE_STYLE) or "short"
draft_actions.show_page_fit(state.text(state.TEMPLATE), date_style, prefix="draft")


@st.fragment
def line(bullet_id: str) -> None:
    """Re-runs alone when its buttons are used: a click redraws one line, not the page."""
    bullet = draft_actions.find_line(bullet_id)
    if bullet is not None:
        current = state.board()
        report = current.audit_report if current else None
        verdict = (
            next((v for v in report.verdicts if v.bullet_id == bullet_id), None) if report else None
        )
        draft_widgets.render_line(
            bullet,
            verdict=verdict,
            lookup=session.evidence_quote,
            on_status=draft_actions.set_line_status,
            on_edit=draft_actions.edit_line,
            on_toggle_editor=draft_actions.toggle_editor,
            fit_out=draft_actions.page_fit_takes(bullet),
        )


st.markdown("### Summary")
for bullet in draft.summary:
    line(bullet.id)
st.markdown("### Experience")
for role in draft.roles:
    draft_widgets.render_role_heading(role.title, role.company, role.timeframe, role.location)
    for bullet in role.bullets:
        line(bullet.id)
draft_widgets.render_skills(draft)
for section in draft.sections:
    st.markdown(f"### {widgets.safe_text(section.name)}")
    for bullet in section.bullets:
        line(bullet.id)
draft_widgets.render_dropped(draft)
widgets.render_next("app_pages/audit.py", "Next: the audit and your downloads")
