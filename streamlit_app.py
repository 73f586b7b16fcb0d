"""ResumeForge web app: the router. Page config, session state, navigation, sidebar, run.

Routing: st.navigation over the files in pages/. Each st.Page gets a url_path that differs from
its file name on purpose: with a pages/ folder present, Streamlit 1.67 (AppTest on every rerun,
a fresh server on its first request) first tries its automatic pages/ discovery, and a page hash
equal to a discovered file would run that file without this router (no state, no sidebar).
With distinct url paths that lookup misses and this script always runs first.
"""

import streamlit as st

from core.environment import apply_process_defaults
from core.ui import samples, session_setup, widgets
from core.ui.sidebar import render_sidebar, render_usage

apply_process_defaults()  # the app is an entry point: offline defaults before any model loads

# An emoji favicon is drawn in the browser; a ":material/…:" one is fetched from Google's font CDN,
# which would tell a third party about every visitor.
st.set_page_config(page_title="ResumeForge", page_icon="📄", layout="wide")
session_setup.init_session_state()
samples.start_warmup()

PAGES = [
    ("pages/upload.py", "1 · Upload", "start", ":material/upload_file:"),
    ("pages/jd_analysis.py", "2 · JD analysis", "job", ":material/manage_search:"),
    ("pages/evidence_map.py", "3 · Evidence map", "evidence", ":material/fact_check:"),
    ("pages/draft_review.py", "4 · Draft review", "draft", ":material/edit_note:"),
    ("pages/audit.py", "5 · Audit", "report", ":material/verified:"),
]
page = st.navigation(
    [
        st.Page(path, title=title, url_path=url, icon=icon, default=n == 0)
        for n, (path, title, url, icon) in enumerate(PAGES)
    ]
)
usage_slot = render_sidebar()
widgets.render_steps([(path, title, icon) for path, title, _, icon in PAGES])
widgets.render_flashes()
page.run()
render_usage(usage_slot)  # again: what this run's actions cost (skipped if the page stopped)
