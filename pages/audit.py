"""Page 5 · Audit: truth verdicts, ATS report, and the downloads."""

import streamlit as st

from core.ui import actions, draft_widgets, media, state, widgets

st.title("Audit and downloads")
board = state.board()
if board is None or board.resume_draft is None or board.audit_report is None:
    widgets.render_start_here("There is no draft to audit yet.")
    st.page_link("pages/draft_review.py", label="Go to Draft review", icon=":material/edit_note:")
    st.stop()

bundle = actions.prepare_downloads(state.text(state.TEMPLATE) or actions.template_names()[0])
st.subheader("Downloads")
if bundle is not None:
    draft_widgets.render_downloads(bundle, stem=actions.download_stem())
    media.remember_served_files()  # so "Delete my data" can remove them from the server at once
    st.caption("The DOCX holds only lines the audit supports; rejected lines are left out.")

st.subheader("Truth audit")
draft_widgets.render_audit_summary(board.audit_report, board.resume_draft)
st.subheader("ATS report")
if board.ats_report is None:
    st.caption("No ATS report for this run.")
else:
    draft_widgets.render_ats(board.ats_report)
