"""ResumeForge web app: the router. Page config, session state, navigation, sidebar, run.

Routing: st.navigation over the files in app_pages/. The folder is not called pages/ on purpose:
Streamlit treats a pages/ folder beside this script as an automatic multipage app, and on a fresh
server's first request (and in AppTest) would list its files in the sidebar and run them before
this router could. Each st.Page also gets a url_path that differs from its file name.

First bytes: the first run of a process imports the pipeline (seconds under load). Before that
the page config and a loading message go out, so the first visitor sees a message at once
instead of a blank page; the message goes when the navigation is drawn.
"""

import sys

import streamlit as st

st.set_page_config(page_title="ResumeForge", layout="wide")
loading = st.empty()
if "core.service" not in sys.modules:  # this process has not loaded the pipeline yet
    # ASCII only, and the icon set after it: Streamlit loads its emoji catalog (~0.1-0.2 s on a
    # fresh server) for any non-ASCII alert text or an emoji icon, before the message could go.
    loading.info("Loading ResumeForge... the first visit after a restart takes a few seconds.")
# An emoji favicon is drawn in the browser; a ":material/…:" one is fetched from Google's font CDN,
# which would tell a third party about every visitor.
st.set_page_config(page_icon="📄")

from core.environment import apply_process_defaults  # noqa: E402 (after the loading message)
from core.ui import remembered, samples, session_setup, state, widgets  # noqa: E402
from core.ui.sidebar import render_sidebar, render_usage  # noqa: E402

apply_process_defaults()  # the app is an entry point: offline defaults before any model loads
session_setup.init_session_state()
samples.start_warmup()

PAGES = [
    ("app_pages/upload.py", "1 · Upload", "start", ":material/upload_file:"),
    ("app_pages/jd_analysis.py", "2 · JD analysis", "job", ":material/manage_search:"),
    ("app_pages/evidence_map.py", "3 · Evidence map", "evidence", ":material/fact_check:"),
    ("app_pages/draft_review.py", "4 · Draft review", "draft", ":material/edit_note:"),
    ("app_pages/audit.py", "5 · Audit", "report", ":material/verified:"),
]
pages = {
    st.Page(path, title=title, url_path=url, icon=icon, default=n == 0): path
    for n, (path, title, url, icon) in enumerate(PAGES)
}
page = st.navigation(list(pages))
state.keep_inputs_alive(pages[page])
usage_slot = render_sidebar()
widgets.render_steps([(path, title, icon) for path, title, _, icon in PAGES])
widgets.render_flashes()
session_setup.render_resume_offer()
remembered.remember_in_browser()  # this browser's cookie names its last session
loading.empty()  # the navigation is drawn
page.run()
remembered.remember_in_browser(after_page=True)  # when the page's action gave it work
render_usage(usage_slot)  # again: what this run's actions cost (skipped if the page stopped)
