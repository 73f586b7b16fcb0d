"""Page 5 · Audit: the verdict at a glance, the downloads, each problem under its line, and
the keyword coverage."""

import streamlit as st

from core.ui import draft_actions, draft_widgets, media, page_fit_widgets, state, widgets

st.title("Audit and downloads")
board = state.board()
if board is None or board.resume_draft is None or board.audit_report is None:
    widgets.render_start_here("There is no draft to audit yet.")
    st.page_link(
        "app_pages/draft_review.py", label="Go to Draft review", icon=":material/edit_note:"
    )
    st.stop()

draft_widgets.render_verdict_banner(board.audit_report, board.resume_draft)
template = state.text(state.TEMPLATE) or draft_actions.template_names()[0]
date_style = state.text(state.DATE_STYLE) or "short"
# before the downloads: what they leave out, and the user's choice
draft_actions.show_page_fit(template, date_style, prefix="audit")
bundle = draft_actions.prepare_downloads(template, date_style)
ats = None
if bundle is not None:
    draft_widgets.render_downloads(bundle, stem=draft_actions.download_stem())
    draft_widgets.render_preview(bundle)
    media.remember_served_files()  # so deleting or expiring the data removes them at once
    document = draft_actions.shipped_document(bundle)
    blocked = board.blocked_line_ids()
    st.caption(page_fit_widgets.left_out_note(board.resume_draft, document, blocked))
    ats = draft_actions.shipped_ats(bundle)  # made on the DOCX's own text

draft_widgets.render_audit_problems(board.audit_report, board.resume_draft)
st.subheader("Keywords an applicant tracking system looks for")
if ats is None:
    st.caption("No keyword report for this run.")
else:
    draft_widgets.render_ats(ats)
