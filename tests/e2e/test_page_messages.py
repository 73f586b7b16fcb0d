"""In Chromium against `streamlit run`, at a desktop (1440×900) and a phone (390×844) size:
a draft line written from the user's answer says "from your answer"; notes on a resume read in
full are not listed as read problems; a job ad too short to read is named as such, with what
was read from it, on the Upload page, and on the later pages instead of "Start on the Upload
page"."""

from __future__ import annotations

import pytest

from core.ui.samples import SAMPLE_RESUME, sample_text
from tests.e2e.conftest import screenshot
from tests.e2e.test_app_flow import analyse_pasted, settle, try_sample
from tests.e2e.test_screens import open_step
from tests.e2e.test_what_ships import write_here
from tests.e2e.test_work_survives import SIZES, sized

pytestmark = pytest.mark.e2e

ANSWER = "I ran PySpark jobs on Databricks every night for two years at Northwind."


@pytest.mark.parametrize("size", SIZES)
def test_a_line_from_the_users_answer_says_so(new_page, size):
    page = sized(new_page, size)
    try_sample(page)
    open_step(page, "Evidence map", "Your evidence for each requirement")
    form = page.locator('[data-testid="stForm"]').first
    questions = form.locator("strong").all_inner_texts()
    spark = next(n for n, q in enumerate(questions) if "Apache Spark" in q)
    form.get_by_label("Your answer").nth(spark).fill(ANSWER)
    form.get_by_role("button", name="Save answers").click()
    page.get_by_text("the evidence map is updated").wait_for()
    settle(page)
    write_here(page)
    line = page.locator('[class*="st-key-draft_line_"]', has_text="Databricks every night")
    line.first.scroll_into_view_if_needed()
    assert line.count() == 1
    assert "from your answer" in line.inner_text()
    assert "from your resume" not in line.inner_text()
    resume_line = page.locator('[class*="st-key-draft_line_r"]').first
    assert "from your resume" in resume_line.inner_text()
    screenshot(page, f"messages-line-from-answer-{size}")


@pytest.mark.parametrize("size", SIZES)
def test_notes_are_not_read_problems_and_a_too_short_ad_is_named(new_page, size):
    page = sized(new_page, size)
    page.get_by_role("button", name="Try the sample").wait_for(timeout=90_000)
    resume = sample_text(SAMPLE_RESUME).replace("Data", "Da\u200bta", 3)
    analyse_pasted(page, resume, "Registered nurse wanted")
    page.get_by_text("invisible formatting character").wait_for()
    assert page.get_by_text("Some parts could not be read").count() == 0
    screenshot(page, f"messages-upload-notes-{size}")
    # the Upload page itself says what is wrong with the ad, and what was read from it
    alert = page.locator('[data-testid="stAlert"]', has_text="was too short to read")
    alert.wait_for()
    said = alert.inner_text()
    assert "(3 words)" in said and "“Registered nurse wanted”" in said, said
    assert "\\" not in said  # plain text, no Markdown escapes shown
    assert page.get_by_role("button", name="Next: see what the job asks for").count() == 0
    alert.scroll_into_view_if_needed()
    screenshot(page, f"messages-upload-short-ad-{size}")
    for title, heading in (
        ("Evidence map", "Your evidence for each requirement"),
        ("Draft review", "Review your tailored resume"),
    ):
        open_step(page, title, heading)
        page.get_by_text("was too short to read").wait_for()
        assert page.get_by_text("Start on the Upload page").count() == 0
        assert page.get_by_text("paste the whole ad").count() == 1
        screenshot(page, f"messages-short-ad-{title.replace(' ', '-').lower()}-{size}")
