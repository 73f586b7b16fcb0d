"""In Chromium, at a desktop (1440×900) and a phone (390×844) size: the page-fit choice is saved
with the session. "Keep every line" survives a reload of the session link, and so does "Fit to
2 pages again" after it.

The long resume is a shared dev case, read at test time (it runs past the page limit)."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import screenshot
from tests.e2e.test_app_flow import ANALYSIS_S, settle
from tests.e2e.test_screens import VIEWPORTS, open_step
from tests.e2e.test_session_restore import token_of
from tests.e2e.test_what_ships import long_case_draft

pytestmark = pytest.mark.e2e

KEPT = "You chose to keep every line"
FITTING = "Page fit leaves out"


def reload_draft_page(page) -> None:
    """Reload the page (its address holds the session link) and wait until the draft is drawn."""
    page.reload()
    page.get_by_role("heading", name="Review your tailored resume").wait_for(timeout=ANALYSIS_S)
    page.locator('[class*="st-key-draft_line_"]').first.wait_for(timeout=ANALYSIS_S)
    settle(page)


@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_keep_every_line_survives_a_reload(new_page, size):
    page = long_case_draft(new_page, size)
    page.locator('[class*="st-key-draft_page_fit"]').get_by_text(FITTING).wait_for()
    page.get_by_role("button", name="Keep every line").click()
    page.get_by_text(KEPT).wait_for()
    settle(page)
    token = token_of(page)
    assert token

    reload_draft_page(page)
    assert token_of(page) == token
    panel = page.locator('[class*="st-key-draft_page_fit"]')
    panel.get_by_text(KEPT).wait_for()
    assert page.get_by_text(FITTING).count() == 0
    panel.scroll_into_view_if_needed()
    screenshot(page, f"{size}-page-fit-kept-after-reload")
    open_step(page, "Audit", "Audit and downloads")
    page.locator('[class*="st-key-audit_page_fit"]').get_by_text(KEPT).wait_for()

    open_step(page, "Draft review", "Review your tailored resume")
    page.get_by_role("button", name="Fit to 2 pages again").click()
    page.locator('[class*="st-key-draft_page_fit"]').get_by_text(FITTING).wait_for()
    settle(page)
    reload_draft_page(page)
    page.locator('[class*="st-key-draft_page_fit"]').get_by_text(FITTING).wait_for()
    assert page.get_by_text(KEPT).count() == 0
