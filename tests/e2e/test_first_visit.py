"""The first visitor of a fresh server, at a desktop (1440×900) and a phone (390×844) size: a
loading message comes before the pipeline is imported, Streamlit's own list of page files never
shows, and the message is gone once the Upload page is usable. Times are measured by
`python -m bench.first_visit_bench` (docs/BENCHMARKS.md); here only their order is checked."""

from __future__ import annotations

import pytest

from bench.first_visit_bench import FIRST_BYTE, RAW_NAMES, WATCH
from tests.e2e.conftest import screenshot, streamlit_app
from tests.e2e.test_screens import VIEWPORTS

pytestmark = pytest.mark.e2e

USABLE_MS = 120_000  # a fresh server on a loaded machine; the figure itself is the bench's


@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_a_fresh_server_shows_a_loading_message_first(chromium, tmp_path, size):
    width, height = VIEWPORTS[size]
    with streamlit_app(tmp_path) as app:
        context = chromium.new_context(viewport={"width": width, "height": height})
        try:
            context.add_init_script(WATCH % repr(RAW_NAMES).replace("'", '"'))
            page = context.new_page()
            page.goto(app.url, wait_until="commit")
            page.get_by_text("Loading ResumeForge").wait_for(timeout=USABLE_MS)
            screenshot(page, f"{size}-first-visit-loading")
            page.wait_for_function(
                "() => window.__rfFirstVisit.usable !== null", timeout=USABLE_MS, polling=100
            )
            marks = page.evaluate("() => window.__rfFirstVisit")
            marks["first_byte"] = page.evaluate(FIRST_BYTE)
            assert marks["loading"] is not None and marks["loading"] == marks["content"]
            assert marks["loading"] < marks["usable"]
            # the order the bench splits the wait by: Streamlit's start, then the app's message
            assert marks["first_byte"] < marks["frontend"] < marks["connected"] < marks["loading"]
            assert marks["raw_nav"] is False, "Streamlit's own page list was shown"
            assert page.get_by_text("Loading ResumeForge").count() == 0
            nav = page.locator('[data-testid="stSidebarNavLink"]', has_text="1 · Upload")
            assert nav.count() == 1  # the app's own navigation is there
            screenshot(page, f"{size}-first-visit-upload")
        finally:
            context.close()
