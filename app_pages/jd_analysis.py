"""Page 2 · JD analysis: the role profile the job description describes."""

import streamlit as st

from core.ui import state, widgets

st.title("What the job asks for")
board = state.board()
if board is None or board.jd is None:
    widgets.render_start_here("No job description has been analysed yet.")
    st.stop()

widgets.render_jd_reading(board.jd)
widgets.render_role_profile(board.jd)
widgets.render_next("app_pages/evidence_map.py", "Next: match your evidence to each requirement")
