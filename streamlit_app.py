"""ResumeForge web app (placeholder router until the UI lands)."""

import streamlit as st

st.set_page_config(page_title="ResumeForge", page_icon="📄", layout="wide")
st.title("ResumeForge")
st.write("The web app is being built. The CLI works today: `resumeforge --help`.")
