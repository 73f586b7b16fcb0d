"""How long each page interaction after the draft takes in a real browser (target ≤ 1 s each).

The clock runs in the page: from the click (a capturing listener, `performance.now()`) to the
first poll (every POLL_MS) that finds the interaction's result on screen AND the script run
finished (stApp not `running`, no stale element left). Each interaction is repeated REPEATS
times; the test prints the median, min and max, and the time until the result first showed.
"""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest

from tests.e2e.test_app_flow import ANALYSIS_S, go, settle, try_sample, write_draft

pytestmark = [pytest.mark.e2e, pytest.mark.bench]  # `make bench` runs it; `make test` does not

POLL_MS = 20
REPEATS = 5
TARGET_S = 1.0
PAGES = [
    ("Upload", "ResumeForge"),
    ("JD analysis", "What the job asks for"),
    ("Evidence map", "Your evidence for each requirement"),
    ("Draft review", "Review your tailored resume"),
    ("Audit", "Audit and downloads"),
]
ANSWER = "In 2023 I rebuilt the nightly deduplication job in PySpark on Databricks (40M records)."
INVENTED = ", saving $4.7M a year"

CLOCK = """() => {
  if (window.__rf) return;
  const rf = window.__rf = {armed: false, t0: null, seen: null, ran: false};
  document.addEventListener('click', () => {
    if (rf.armed) { rf.t0 = performance.now(); rf.armed = false; }
  }, true);
  new MutationObserver(() => {
    const app = document.querySelector('[data-testid=stApp]');
    if (app && app.getAttribute('data-test-script-state') === 'running') rf.ran = true;
  }).observe(document.documentElement,
             {subtree: true, attributes: true, attributeFilter: ['data-test-script-state']});
}"""
ARM = "() => Object.assign(window.__rf, {armed: true, t0: null, seen: null, ran: false})"
DONE = """(target) => {
  const rf = window.__rf, now = performance.now();
  if (rf.t0 === null) return false;
  const shown = new Function('return (' + target + ')')();
  if (shown && rf.seen === null) rf.seen = now;
  const app = document.querySelector('[data-testid=stApp]');
  const state = app && app.getAttribute('data-test-script-state');
  const idle = state !== 'running' && state !== 'rerunRequested'
    && !document.querySelector('[data-stale="true"]');
  return shown && idle ? {shown: (rf.seen - rf.t0) / 1000, done: (now - rf.t0) / 1000,
                          ran: rf.ran} : false;
}"""


def timed_click(page, locator, shown_js: str) -> dict:
    """Click `locator`; wait until `shown_js` (a JS expression) is true and the run is over."""
    page.evaluate(CLOCK)
    page.evaluate(ARM)
    locator.click()
    handle = page.wait_for_function(DONE, arg=shown_js, polling=POLL_MS, timeout=ANALYSIS_S)
    return handle.json_value()


def in_line(bullet_id: str, js: str) -> str:
    """A JS expression over `line`, the container of one draft line."""
    key = json.dumps(f".st-key-draft_line_{bullet_id}")
    return f"(() => {{ const line = document.querySelector({key}); return !!line && ({js}); }})()"


def heading_shown(heading: str) -> str:
    text = json.dumps(heading)
    return f"[...document.querySelectorAll('h1')].some(h => h.textContent.includes({text}))"


def line_ids(page, prefix: str = "") -> list[str]:
    return page.evaluate(
        """(prefix) => [...document.querySelectorAll('[class*="st-key-draft_line_"]')]
             .map(e => [...e.classList].find(c => c.startsWith('st-key-draft_line_')))
             .map(c => c.slice('st-key-draft_line_'.length))
             .filter(id => id.startsWith(prefix))""",
        prefix,
    )


def switch_pages(page) -> dict[str, list[dict]]:
    times: dict[str, list[dict]] = {title: [] for title, _ in PAGES}
    for _ in range(REPEATS):
        for title, heading in PAGES:
            link = page.locator('[data-testid="stSidebarNavLink"]', has_text=title)
            times[title].append(timed_click(page, link, heading_shown(heading)))
    return times


def edit_lines(page) -> list[dict]:
    times = []
    for bullet_id in line_ids(page, "r")[:REPEATS]:
        line = page.locator(f".st-key-draft_line_{bullet_id}")
        line.get_by_role("button", name="Edit").click()
        box = line.get_by_label("Line text")
        box.fill(box.input_value().rstrip(".") + INVENTED + ".")
        settle(page)
        save = line.get_by_role("button", name="Save and re-audit")
        shown = in_line(bullet_id, "line.textContent.includes('audit blocks this line')")
        times.append(timed_click(page, save, shown))
    return times


def set_statuses(page, button: str, shown: str, skip: list[str]) -> list[dict]:
    times = []
    for bullet_id in [i for i in line_ids(page) if i not in skip][:REPEATS]:
        line = page.locator(f".st-key-draft_line_{bullet_id}")
        click = line.get_by_role("button", name=button)
        times.append(timed_click(page, click, in_line(bullet_id, shown)))
    return times


def answer_gap(new_page) -> dict:
    """A fresh session each time: the sample leaves one question to answer."""
    page = new_page()
    try_sample(page)
    write_draft(page)
    go(page, "Evidence map", "Your evidence for each requirement")
    page.get_by_label("Your answer").first.fill(ANSWER)
    shown = (
        "[...document.querySelectorAll('[data-testid=stAlert]')]"
        ".some(a => a.textContent.includes('the evidence map is updated'))"
    )
    result = timed_click(page, page.get_by_role("button", name="Save answers"), shown)
    page.context.close()
    return result


def summary(name: str, runs: list[dict]) -> tuple[str, float]:
    done = [r["done"] for r in runs]
    shown = [r["shown"] for r in runs]
    median = statistics.median(done)
    line = (
        f"{name:<34} median {median:.2f} s (min {min(done):.2f}, max {max(done):.2f}; "
        f"result first on screen {statistics.median(shown):.2f}) n={len(runs)}"
    )
    return line, median


def test_each_interaction_after_the_draft(new_page):
    page = new_page()
    try_sample(page)
    write_draft(page)
    results: dict[str, list[dict]] = {}
    for title, runs in switch_pages(page).items():
        results[f"page switch → {title}"] = runs
    go(page, "Draft review", "Review your tailored resume")
    blocked = line_ids(page, "r")[:REPEATS]  # edited with an invented number: cannot be accepted
    results["edit a line → inline verdict"] = edit_lines(page)
    accepted = "line.querySelector('[class*=st-key-draft_accept_] button').disabled"
    results["accept a line → marked accepted"] = set_statuses(page, "Accept", accepted, blocked)
    restore = "[...line.querySelectorAll('button')].some(b => b.textContent.includes('Restore'))"
    results["reject a line → marked rejected"] = set_statuses(page, "Reject", restore, [])
    settle(page)
    results["answer a gap → map updated"] = [answer_gap(new_page) for _ in range(REPEATS)]

    print(f"\nE2E interaction timing: click → result shown and run over (poll {POLL_MS} ms)")
    over = []
    for name, runs in results.items():
        assert len(runs) == REPEATS, (name, runs)
        line, median = summary(name, runs)
        print(line)
        if median > TARGET_S:
            over.append(name)
    print(f"over the {TARGET_S:.0f} s target: {over or 'none'}")
    print(f"load average: {Path('/proc/loadavg').read_text().strip()}")
