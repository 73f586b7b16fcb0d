"""Page 1 · Upload: the fact resume and the job description, or the sample."""

import streamlit as st

from core.ui import actions, ad_reading, completeness, state, structure_editor, widgets

st.title("ResumeForge")
st.markdown(
    "Tailor your resume to one job **without inventing anything**: every line of the draft cites "
    "the evidence it came from, and a truth audit checks it before you download."
)
st.button(
    "Try the sample",
    on_click=actions.use_sample,
    help="Loads a made-up data engineer's resume and a job ad shipped with ResumeForge.",
    key="upload_try_sample",
)
results = st.container()  # progress, errors and "Next" of an analysis: at the top, in view

left, right = st.columns(2)
left.radio(
    "Fact resume", [state.MODE_UPLOAD, state.MODE_PASTE], key=state.RESUME_MODE, horizontal=True
)
right.radio(
    "Job description", [state.MODE_PASTE, state.MODE_UPLOAD], key=state.JD_MODE, horizontal=True
)

with st.form("upload_form"):
    st.text_input("Target job title (optional)", key=state.TARGET_TITLE)
    left, right = st.columns(2)
    with left:
        resume_file = widgets.render_input(
            state.RESUME_MODE,
            state.RESUME_TEXT,
            kind="resume",
            label="your fact resume",
            types=["md", "txt", "html", "htm", "tex", "docx", "odt", "fodt", "pdf", "json"],
        )
    with right:
        jd_file = widgets.render_input(
            state.JD_MODE,
            state.JD_TEXT,
            kind="jd",
            label="the job description",
            types=["txt", "md", "docx", "odt", "fodt", "pdf", "html", "htm", "json", "yaml", "yml"],
        )
    submitted = st.form_submit_button("Analyse", type="primary")

sample = state.take_request("analyse_sample")
if submitted:
    actions.keep_uploads(resume=resume_file, jd=jd_file)
session = state.session()
with results:
    if submitted or sample:
        actions.analyse(from_sample=sample)
    if session.board is not None and session.board.jd is not None:
        widgets.render_suspicious("the job description", session.board.jd.suspicious_instructions)
        if not ad_reading.render_unread_ad(session.board):
            widgets.render_next("app_pages/jd_analysis.py", "Next: see what the job asks for")

if session.resume is not None:
    widgets.render_parsed_resume(session.resume, note=session.embedder_note)
    structure_editor.render_structure_editor(session)
    completeness.render_completeness(session)
