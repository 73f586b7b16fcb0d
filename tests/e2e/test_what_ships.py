"""In Chromium, at a desktop (1440×900) and a phone (390×844) size: what page fit leaves out is
shown before the downloads and the user decides (a line kept is in the downloaded DOCX), and
"Start over" / "Delete my data" delete nothing on the first click.

The long resume is a shared dev case, read at test time (it runs past the page limit)."""

from __future__ import annotations

from pathlib import Path

import pytest
from docx import Document

from tests.e2e.conftest import screenshot
from tests.e2e.test_app_flow import ANALYSIS_S, analyse_pasted, download, settle, try_sample
from tests.e2e.test_screens import VIEWPORTS, open_step

pytestmark = pytest.mark.e2e

LONG_CASE = (
    Path(__file__).resolve().parents[2].parent
    / "shared/eval/dev/dev-06-restaurant-to-hotel-operations"
)


def sized_page(new_page, size: str):
    width, height = VIEWPORTS[size]
    page = new_page()
    page.set_viewport_size({"width": width, "height": height})
    page.get_by_role("button", name="Try the sample").wait_for(timeout=ANALYSIS_S)
    settle(page)
    return page


def write_here(page) -> None:
    open_step(page, "Draft review", "Review your tailored resume")
    page.get_by_role("button", name="Write the draft").click()
    page.get_by_role("button", name="Regenerate draft").wait_for(timeout=ANALYSIS_S)
    settle(page)


def long_case_draft(new_page, size: str):
    """A page at `size` with the long dev case analysed and its draft written."""
    if not LONG_CASE.is_dir():
        pytest.skip("the shared dev cases are not here")
    page = sized_page(new_page, size)
    resume = (LONG_CASE / "fact_resume.md").read_text(encoding="utf-8")
    analyse_pasted(page, resume, (LONG_CASE / "jd.txt").read_text(encoding="utf-8"))
    write_here(page)
    return page


def docx_text(path: Path) -> str:
    return " ".join(" ".join(p.text for p in Document(str(path)).paragraphs).split())


def fit_lines(page) -> list[str]:
    """The lines the page-fit panel lists (each tick box reads "Leave out: <line>"), read once
    every box has drawn its label (a box's container can be on screen before its text)."""
    settle(page)
    boxes = page.locator('[class*="st-key-draft_fit_out_"]')
    boxes.first.wait_for()
    page.wait_for_function(
        "() => [...document.querySelectorAll('[class*=\"st-key-draft_fit_out_\"]')]"
        ".every(box => box.innerText.trim().length > 'Leave out: '.length)",
        timeout=ANALYSIS_S,
    )
    lines = [boxes.nth(n).inner_text().removeprefix("Leave out: ") for n in range(boxes.count())]
    assert all(line.strip() for line in lines), f"a tick box without its line: {lines!r}"
    return lines


@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_page_fit_is_shown_before_the_downloads_and_the_user_decides(new_page, size, tmp_path):
    page = long_case_draft(new_page, size)
    panel = page.locator('[class*="st-key-draft_page_fit"]')
    panel.get_by_text("Page fit leaves out").wait_for()
    listed = fit_lines(page)
    assert listed, "the long resume should run past the page limit"
    marked = page.get_by_text("left out by page fit: accept it to keep it")
    assert marked.count() == len(listed)  # each such line is marked where it is reviewed
    panel.scroll_into_view_if_needed()
    screenshot(page, f"{size}-page-fit-draft-review")
    kept, left = listed[0], listed[1:]
    page.locator('[class*="st-key-draft_fit_out_"]').first.locator("label").click()
    page.get_by_role("button", name="Apply: leave out the ticked lines").click()
    page.get_by_text("Done: the lines you ticked are left out").wait_for()
    settle(page)

    open_step(page, "Audit", "Audit and downloads")
    page.get_by_role("button", name="Download DOCX").wait_for(timeout=ANALYSIS_S)
    note = page.get_by_text("The DOCX and PDF hold").inner_text()
    assert "rejected lines are left out" not in note
    assert f"{len(left)} you rejected" in note if left else True
    screenshot(page, f"{size}-page-fit-audit")
    body = docx_text(download(page, "Download DOCX", tmp_path))
    assert kept in body, "the line the user kept is in the DOCX"
    shipped_anyway = [line for line in left if line in body]
    assert not shipped_anyway, f"the ticked lines are left out: {shipped_anyway} in {body!r}"
    still = fit_lines(page)  # lines page fit takes now, since the kept one stays
    if still:
        page.get_by_role("button", name="Keep every line").click()
        page.get_by_text("You chose to keep every line").wait_for()
        settle(page)
        body = docx_text(download(page, "Download DOCX", tmp_path / "all"))
        assert all(line in body for line in still)
        screenshot(page, f"{size}-page-fit-keep-all")


def open_sidebar(page) -> None:
    expand = page.locator('[data-testid="stExpandSidebarButton"]')
    if expand.count() and expand.is_visible():
        expand.click()
        page.locator('[data-testid="stSidebar"]').get_by_text("Engine").first.wait_for()


def to_job_page(page) -> None:
    """Open the JD analysis page from the sidebar's page list (on a phone the sidebar covers
    the page and closes itself when a page is picked)."""
    open_sidebar(page)
    nav = page.locator('[data-testid="stSidebarNavLink"]', has_text="JD analysis")
    nav.click()
    # while Streamlit swaps pages the old and the new heading can both be there for a moment
    page.get_by_role("heading", name="What the job asks for").first.wait_for()
    settle(page)


@pytest.mark.parametrize("size", list(VIEWPORTS))
@pytest.mark.parametrize(
    ("action", "confirm", "done"),
    [
        ("Start over", "Yes, start over", "Started over"),
        ("Delete my data", "Yes, delete everything", "Your data was deleted"),
    ],
)
def test_destructive_actions_ask_first(new_page, size, action, confirm, done):
    page = sized_page(new_page, size)
    try_sample(page)
    open_sidebar(page)
    page.get_by_role("button", name=action).click()
    page.get_by_role("button", name=confirm).wait_for()
    screenshot(page, f"{size}-{action.lower().replace(' ', '-')}-asks")
    page.keyboard.press("Escape")  # the user thinks again
    page.wait_for_timeout(500)
    settle(page)
    assert page.get_by_text(done).count() == 0
    to_job_page(page)  # the work is still there
    assert page.get_by_text("Start on the Upload page").count() == 0
    open_sidebar(page)
    page.get_by_role("button", name=action).click()
    page.get_by_role("button", name=confirm).click()
    page.get_by_text(done).wait_for(timeout=ANALYSIS_S)
    settle(page)
    to_job_page(page)
    page.get_by_text("Start on the Upload page").wait_for()
