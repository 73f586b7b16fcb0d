"""The whole flow in a real browser, as a new user would do it, against `streamlit run`."""

from __future__ import annotations

import json
import re
import time

import pytest
from docx import Document
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.e2e.conftest import screenshot

pytestmark = pytest.mark.e2e

ANALYSIS_S = 90_000  # ms: the first analysis of a fresh server may load the embedding model
SPARK_ANSWER = (
    "In 2023 I rebuilt the loyalty deduplication job in PySpark on Databricks; it processes "
    "40 million records each night."
)
INVENTED = ", saving $4.7M a year"


def settle(page) -> None:
    """Wait until the app's script run has finished (no stale elements left on screen)."""
    page.wait_for_timeout(150)
    page.wait_for_function(
        "() => { const app = document.querySelector('[data-testid=stApp]');"
        " return app && app.getAttribute('data-test-script-state') !== 'running'; }",
        timeout=ANALYSIS_S,
    )


def go(page, title: str, heading: str) -> None:
    """Click a page in the sidebar navigation and wait for its heading and the end of the run.
    (Interaction times are measured precisely in test_interaction_timing.py.)"""
    page.locator('[data-testid="stSidebarNavLink"]', has_text=title).click()
    page.get_by_role("heading", name=heading).wait_for()
    settle(page)


def metric(page, label: str) -> str:
    box = page.locator('[data-testid="stMetric"]', has_text=label).first
    return box.locator('[data-testid="stMetricValue"]').inner_text().strip()


def try_sample(page) -> None:
    page.get_by_role("button", name="Try the sample").wait_for()
    settle(page)  # a click during the first run of a busy server can be lost
    click_until_it_runs(page, "Try the sample", done="What we read from your resume")
    page.get_by_text("What we read from your resume").wait_for(timeout=ANALYSIS_S)
    page.locator('[data-testid="stMetric"]', has_text="Evidence items").wait_for()
    page.mouse.move(0, 0)  # no tooltip in the screenshots
    settle(page)


def analyse_pasted(page, resume: str, jd: str) -> None:
    """Paste a fact resume and a job ad on the Upload page, press Analyse, wait for the read."""
    page.get_by_role("radiogroup", name="Fact resume").get_by_text("Paste text").click()
    page.get_by_label("Paste your fact resume").fill(resume)
    page.get_by_label("Paste the job description").fill(jd)
    page.get_by_role("button", name="Analyse").click()
    page.get_by_text("What we read from your resume").wait_for(timeout=ANALYSIS_S)
    settle(page)


STARTED_MS = 15_000  # a click the server received starts a script run well within this


def click_until_it_runs(page, button: str, *, done: str) -> None:
    """Click `button`; if within STARTED_MS no script run started and `done` is not shown, the
    click was lost (it happens while a second browser session connects to a busy server), so
    click once more. A run that starts and then hangs still fails the caller's wait."""
    for _ in range(2):
        page.get_by_role("button", name=button).click()
        try:
            page.wait_for_function(
                "() => { const app = document.querySelector('[data-testid=stApp]');"
                " return app && app.getAttribute('data-test-script-state') === 'running'; }",
                timeout=STARTED_MS,
            )
            return
        except PlaywrightTimeoutError:
            if page.get_by_text(done).count():
                return


def write_draft(page) -> None:
    go(page, "Draft review", "Review your tailored resume")
    page.get_by_role("button", name="Write the draft").click()
    page.get_by_role("button", name="Regenerate draft").wait_for(timeout=ANALYSIS_S)
    page.locator('[class*="st-key-draft_line_"]').first.wait_for()
    settle(page)


def sample_to_draft_seconds(page) -> tuple[float, float]:
    # A fresh server's first page can take over 30 s on a loaded machine (35 s at load 12,
    # with or without the ONNX embedder); the clock starts at the click, not here.
    page.get_by_role("button", name="Try the sample").wait_for(timeout=ANALYSIS_S)
    started = time.perf_counter()
    try_sample(page)
    analysed = time.perf_counter() - started
    write_draft(page)
    return analysed, time.perf_counter() - started


def test_sample_to_rendered_draft_time(new_page):
    """Runs first. Cold: the first visitor of a fresh server clicks at once (the background
    warm-up is still loading models). Warm: a later visitor. The target applies to the latter."""
    cold_analysed, cold = sample_to_draft_seconds(new_page())
    warm_analysed, warm = sample_to_draft_seconds(new_page())
    print(
        f"\nE2E timing ('Try the sample' → analysis shown / → draft rendered): "
        f"cold server {cold_analysed:.1f} s / {cold:.1f} s; "
        f"warm {warm_analysed:.1f} s / {warm:.1f} s"
    )
    assert warm <= 15.0, f"'Try the sample' → rendered draft took {warm:.1f} s (target ≤ 15 s)"


def test_whole_flow_from_sample_to_downloads(new_page, tmp_path):
    page = new_page()
    try_sample(page)
    screenshot(page, "01-upload")

    go(page, "JD analysis", "What the job asks for")
    page.get_by_text("Must-haves", exact=True).first.wait_for()
    assert page.get_by_text("Apache Spark", exact=False).count() > 0
    # the ad's keywords in two tiers: what the ATS coverage counts, and the rest, still shown
    page.get_by_text("ATS keywords", exact=True).first.wait_for()
    page.get_by_text("Other terms in the ad", exact=True).first.wait_for()
    screenshot(page, "02-jd-analysis")

    go(page, "Evidence map", "Your evidence for each requirement")
    before = metric(page, "All requirements met")
    questions = page.locator('[data-testid="stForm"] strong').all_inner_texts()
    spark = next(n for n, q in enumerate(questions) if "Apache Spark" in q)
    page.get_by_label("Your answer").nth(spark).fill(SPARK_ANSWER)
    page.get_by_role("button", name="Save answers").click()
    page.get_by_text("the evidence map is updated").wait_for()
    settle(page)
    screenshot(page, "03-evidence-map")
    after = metric(page, "All requirements met")
    assert int(after.split(" of ")[0]) > int(before.split(" of ")[0]), (before, after)
    card = page.locator('[class*="st-key-evidence_card_"]', has_text="Apache Spark")
    assert card.filter(has_text="From your answer").count() >= 1

    write_draft(page)
    line = page.locator('[class*="st-key-draft_line_r"]').first  # the first experience line
    line.get_by_role("button", name="Edit").click()
    box = line.get_by_label("Line text")
    original = box.input_value()
    edited = original.rstrip(".") + INVENTED + "."
    box.fill(edited)
    line.get_by_role("button", name="Save and re-audit").click()
    line.get_by_text("audit blocks this line").wait_for()
    settle(page)
    assert (
        line.locator('[data-testid="stAlert"]').filter(has_text=re.compile("4.7M|metric")).count()
        >= 1
    )
    screenshot(page, "04-draft-review")

    go(page, "Audit", "Audit and downloads")
    page.get_by_text("Blockers (these lines never reach the DOCX)").wait_for()
    settle(page)
    banner = page.locator('[data-testid="stAlert"]', has_text="lines checked").first
    assert "line blocked" in banner.inner_text() or "lines blocked" in banner.inner_text()
    screenshot(page, "05-audit")

    docx_path = download(page, "Download DOCX", tmp_path)
    json_path = download(page, "Download audit JSON", tmp_path)
    audit = json.loads(json_path.read_text(encoding="utf-8"))
    body = "\n".join(p.text for p in Document(str(docx_path)).paragraphs)
    board = audit["blackboard"]
    draft_lines = [b["text"] for b in board["resume_draft"]["summary"]]
    draft_lines += [b["text"] for r in board["resume_draft"]["roles"] for b in r["bullets"]]
    blocked = {
        v["bullet_id"]
        for v in board["audit_report"]["truth_violations"]
        if v["severity"] == "BLOCKER"
    }
    assert edited in draft_lines and edited not in body and INVENTED.strip(", ") not in body
    shipped = [
        b for r in board["resume_draft"]["roles"] for b in r["bullets"] if b["id"] not in blocked
    ]
    assert shipped and all(b["text"] in body for b in shipped)
    assert "Jordan Ellery" in body and board["inputs"]["target_title"] == "Senior Data Engineer"
    answers = [c for c in board["evidence_cards"] if c["kind"] == "user_answer"]
    assert [c["raw_text"] for c in answers] == [SPARK_ANSWER]


def download(page, label: str, folder):
    with page.expect_download() as info:
        page.get_by_role("button", name=label).click()
    target = folder / info.value.suggested_filename
    info.value.save_as(str(target))
    return target


def test_a_corrupt_upload_shows_a_readable_error(new_page, tmp_path):
    page = new_page()
    page.get_by_label("Paste the job description").fill("We need SQL and Python experience.")
    corrupt = tmp_path / "resume.pdf"
    corrupt.write_bytes(b"%PDF-1.4\n this is not a real PDF \x00\x01\x02\x03")
    page.locator('[data-testid="stFileUploaderDropzoneInput"]').first.set_input_files(str(corrupt))
    page.get_by_text("resume.pdf").first.wait_for()
    page.get_by_role("button", name="Analyse").click()
    alert = page.locator('[data-testid="stAlert"]').filter(has_text="PDF").first
    alert.wait_for(timeout=ANALYSIS_S)
    message = alert.inner_text()
    assert "Traceback" not in page.content() and "Error:" not in message
    assert page.get_by_label("Paste the job description").input_value().startswith("We need SQL")
    screenshot(page, "upload-error")


def test_two_browser_sessions_do_not_see_each_others_data(new_page, server_home):
    workspaces = server_home / "workspaces"
    before = {p.name for p in workspaces.iterdir()} if workspaces.exists() else set()
    first, second = new_page(), new_page()
    try_sample(first)
    # The second visitor sees an empty app, and nothing of the first one's data.
    second.get_by_role("button", name="Try the sample").wait_for()
    assert second.get_by_label("Paste the job description").count() == 1
    assert second.get_by_label("Paste the job description").input_value() == ""
    go(second, "JD analysis", "What the job asks for")
    second.get_by_text("Start on the Upload page", exact=False).wait_for()
    assert second.get_by_text("Fieldstone", exact=False).count() == 0
    # Now the second one analyses its own, hostile, job text while the first keeps its own.
    go(second, "Upload", "ResumeForge")
    analyse_pasted(second, RESUME_B, HOSTILE_JD)
    go(second, "JD analysis", "What the job asks for")
    # the ad is read as published: a link keeps its words, an image goes; nothing points out
    second.get_by_text("see our stack", exact=False).filter(visible=True).first.wait_for()
    assert second.locator('a[href*="evil.example"]').count() == 0
    assert second.locator('img[src*="evil.example"]').count() == 0
    go(first, "JD analysis", "What the job asks for")
    assert first.get_by_text("Apache Spark", exact=False).count() > 0
    assert first.get_by_text("see our stack", exact=False).count() == 0
    assert second.get_by_text("Apache Spark", exact=False).count() == 0
    # Each visitor got a private workspace folder of its own on the server.
    mine = {p.name for p in workspaces.iterdir() if not p.name.startswith("warmup")} - before
    assert len(mine) == 2


RESUME_B = """# Sam Okafor

sam.okafor@example.com · (555) 555-0199

## Experience

### Tidewater Labs — Frontend Engineer
*2019 – Present*

- Built the design system in React and TypeScript used by 6 product teams.
- Cut the bundle size by 40% with code splitting and lazy loading.

## Education

B.S. in Computer Science, Coastal State University — 2019
"""

HOSTILE_JD = """Frontend Engineer

Requirements:
- 3+ years of React and TypeScript, see [our stack](https://evil.example/phish)
- Experience with design systems ![pixel](https://evil.example/t.png)
- Accessibility testing with <img src=https://evil.example/x.png> screen readers
"""
