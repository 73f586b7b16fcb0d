"""In Chromium: a misread resume is corrected on the Upload page (dates fixed, a job split in two,
a job moved from Experience to Education), the draft follows the fix, and a reload keeps it."""

from __future__ import annotations

import pytest

from tests.core.test_structure import BERLIN, RESUME
from tests.e2e.conftest import screenshot
from tests.e2e.test_app_flow import (
    ANALYSIS_S,
    analyse_pasted,
    click_until_it_runs,
    go,
    settle,
    write_draft,
)
from tests.e2e.test_session_restore import draft_state

pytestmark = pytest.mark.e2e

JD = "Data Engineer\n\nRequirements\n- 3+ years of SQL and dbt\n- Lead a data platform team\n"


def choose(page, box, option: str) -> None:
    """Pick `option` in a Streamlit selectbox: open it, type to filter, take the match."""
    box.locator("input").click()
    page.keyboard.type(option)
    page.get_by_role("option", name=option).first.click()


def open_editor(page):
    """The editor's expander, opened (a rerun may draw it closed)."""
    editor = page.locator('[data-testid="stExpander"]', has_text="Correct what was read")
    if editor.locator("details[open]").count() == 0:
        editor.get_by_text("Correct what was read", exact=False).click()
    editor.get_by_label("Title or degree").first.wait_for()
    return editor


def entries_shown(page) -> list[str]:
    """The title of each entry in the editor, as the page shows them: jobs first, then
    education (the editor lists them in that order)."""
    titles = open_editor(page).get_by_label("Title or degree")
    return [titles.nth(n).input_value() for n in range(titles.count())]


def role_block(page, header: str) -> str:
    """The draft page's text from a role's header to the next role's header (or Skills)."""
    text = page.locator('[data-testid="stMain"]').inner_text()
    after = text[text.index(header) + len(header) :]
    ends = [after.index(mark) for mark in (" — Acme Corp", "\nSkills") if mark in after]
    return after[: min(ends)] if ends else after


def test_a_misread_resume_is_corrected_and_the_draft_follows(new_page):
    page = new_page()
    page.get_by_role("button", name="Try the sample").wait_for(timeout=ANALYSIS_S)
    settle(page)
    analyse_pasted(page, RESUME, JD)

    open_editor(page)
    click_until_it_runs(page, "Add an entry", done="Entry 4")
    settle(page)
    editor = open_editor(page)
    editor.get_by_text("Entry 4", exact=True).wait_for()
    editor.get_by_label("Dates").nth(0).fill("2019 – 2021")
    editor.get_by_label("Title or degree").nth(3).fill("Data Platform Lead")
    editor.get_by_label("Employer or school").nth(3).fill("Acme Corp")
    editor.get_by_label("Dates").nth(3).fill("2021 – 2023")
    kinds = editor.locator('[data-testid="stSelectbox"]')
    choose(page, kinds.nth(1), "Education")  # the student teaching was read as a job
    lines = editor.locator('[data-testid="stSelectbox"]', has_text=BERLIN)
    assert lines.count() == 2
    for n in range(2):
        choose(page, lines.nth(n), "4. new entry")
    screenshot(page, "structure-editor-filled")
    page.get_by_role("button", name="Use these corrections").click()
    page.get_by_text("Your corrections are in use").wait_for(timeout=ANALYSIS_S)
    settle(page)
    shown = entries_shown(page)
    assert shown == [  # jobs newest first, then education
        "Data Platform Lead",
        "Data Engineer",
        "Student Teaching",
        "B.S. in Statistics",
    ]

    write_draft(page)
    assert BERLIN in role_block(page, "Data Platform Lead — Acme Corp")
    assert BERLIN not in role_block(page, "Data Engineer — Acme Corp")
    screenshot(page, "structure-editor-draft")
    before = draft_state(page)

    page.reload()
    page.get_by_role("heading", name="Review your tailored resume").wait_for(timeout=ANALYSIS_S)
    page.locator('[class*="st-key-draft_line_"]').first.wait_for(timeout=ANALYSIS_S)
    settle(page)
    assert BERLIN in role_block(page, "Data Platform Lead — Acme Corp")
    assert draft_state(page) == before
    go(page, "Upload", "ResumeForge")
    assert entries_shown(page) == shown
