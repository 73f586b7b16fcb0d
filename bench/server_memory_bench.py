"""Benchmark: the Streamlit server's resident memory, idle and with visitors.

    python -m bench.server_memory_bench [--visitors 8] [--out docs/BENCHMARKS.md]

Starts `streamlit run streamlit_app.py --server.headless true` on a free loopback port with a
fresh RESUMEFORGE_HOME (the end-to-end tests' own helper, tests/e2e/conftest.py) and samples the
resident memory (VmRSS, summed over the server and its child processes) four times a second:

- idle before any visitor (the server has started; no script has run);
- while one visitor clicks "Try the sample" and writes the draft (peak), and settled afterwards
  (the visitor's tab closed; this includes the background warm-up the first visit starts);
- while `--visitors` visitors (Playwright contexts of one Chromium: separate sessions) do the
  same at once (peak), and settled afterwards.

The visitors share one browser driven from one thread: every visitor's click is sent before the
first wait, so the server runs their scripts at the same time. Hosted Streamlit Community Cloud
allows about 1 GB; the targets are ≤ 450 MB settled after the first visitor and ≤ 900 MB with
eight visitors. Writes the "Server memory" section of `--out`.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.markdown import publish

TITLE = "Server memory"
SAMPLE_EVERY_S = 0.25
SETTLE_S = 10.0  # after the last visitor's tab closed, before "settled" is read
VISIT_TIMEOUT_MS = 300_000  # one wait of a visitor under load; the whole phase is bounded too
IDLE_TARGET_MB, VISITORS_TARGET_MB = 450.0, 900.0


def process_tree(pid: int) -> list[int]:
    """`pid` and every process below it (from /proc/<pid>/task/*/children)."""
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        try:
            for task in os.listdir(f"/proc/{current}/task"):
                with open(f"/proc/{current}/task/{task}/children") as children:
                    todo.extend(int(child) for child in children.read().split())
        except OSError:
            continue  # ended meanwhile
    return found


def tree_rss_mb(pid: int, field: str = "VmRSS") -> float:
    """`field` of /proc/<pid>/status (VmRSS, or RssAnon: the part no file backs, which without
    swap cannot be given back) summed over `pid` and its descendants, in MB."""
    total_kb = 0
    for proc in process_tree(pid):
        try:
            with open(f"/proc/{proc}/status") as status:
                total_kb += next(int(ln.split()[1]) for ln in status if ln.startswith(field))
        except (OSError, StopIteration):
            continue  # ended meanwhile
    return total_kb / 1024


@dataclass
class Sampler:
    """Samples `tree_rss_mb(pid)` on a background thread; `peak` since the last `reset()`."""

    pid: int
    peak: float = 0.0
    last: float = 0.0
    _stop: threading.Event = field(default_factory=threading.Event)

    def __post_init__(self) -> None:
        threading.Thread(target=self._run, daemon=True).start()

    def _run(self) -> None:
        while not self._stop.is_set():
            self.last = tree_rss_mb(self.pid)
            self.peak = max(self.peak, self.last)
            time.sleep(SAMPLE_EVERY_S)

    def reset(self) -> None:
        self.peak = self.last = tree_rss_mb(self.pid)

    def settled(self, seconds: float = SETTLE_S) -> float:
        """The median of the samples over the next `seconds` (nothing happening meanwhile)."""
        values = []
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            values.append(tree_rss_mb(self.pid))
            time.sleep(SAMPLE_EVERY_S)
        return statistics.median(values)

    def stop(self) -> None:
        self._stop.set()


def start_visit(page: Any) -> None:
    """Click "Try the sample" (once the first page has rendered; again if the click was lost)."""
    from tests.e2e.test_app_flow import click_until_it_runs, settle

    page.get_by_role("button", name="Try the sample").wait_for(timeout=VISIT_TIMEOUT_MS)
    settle(page)
    click_until_it_runs(page, "Try the sample", done="What we read from your resume")


def sample_shown(page: Any) -> None:
    from tests.e2e.test_app_flow import settle

    page.get_by_text("What we read from your resume").wait_for(timeout=VISIT_TIMEOUT_MS)
    page.locator('[data-testid="stMetric"]', has_text="Evidence items").wait_for()
    settle(page)


def start_draft(page: Any) -> None:
    from tests.e2e.test_app_flow import go

    go(page, "Draft review", "Review your tailored resume")
    page.get_by_role("button", name="Write the draft").click()


def draft_shown(page: Any) -> None:
    from tests.e2e.test_app_flow import settle

    page.get_by_role("button", name="Regenerate draft").wait_for(timeout=VISIT_TIMEOUT_MS)
    page.locator('[class*="st-key-draft_line_"]').first.wait_for()
    settle(page)


STEPS: list[Callable[[Any], None]] = [start_visit, sample_shown, start_draft, draft_shown]


def visit_together(browser: Any, url: str, count: int) -> float:
    """`count` new sessions go from "Try the sample" to a rendered draft, each step sent to
    every session before the next is awaited; returns the seconds it took."""
    started = time.perf_counter()
    contexts = [browser.new_context(viewport={"width": 1440, "height": 2000}) for _ in range(count)]
    try:
        pages = []
        for context in contexts:
            context.set_default_timeout(VISIT_TIMEOUT_MS)
            page = context.new_page()
            page.goto(url)
            pages.append(page)
        for step in STEPS:
            for page in pages:
                step(page)
    finally:
        for context in contexts:
            context.close()
    return time.perf_counter() - started


@contextmanager
def chromium() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS, timeout=60_000
        )
        try:
            yield browser
        finally:
            browser.close()


def measure_once(visitors: int) -> dict[str, float]:
    """One fresh server: idle, one visitor, then `visitors` together (MB and seconds)."""
    from tests.e2e.conftest import streamlit_app

    row: dict[str, float] = {"load": os.getloadavg()[0]}
    with (
        tempfile.TemporaryDirectory(prefix="rf-server-memory-") as home,
        streamlit_app(Path(home)) as app,
        chromium() as browser,
    ):
        sampler = Sampler(app.proc.pid)
        try:
            row["idle"] = sampler.settled(3.0)
            sampler.reset()
            row["one_s"] = visit_together(browser, app.url, 1)
            row["one_peak"] = sampler.peak
            row["one_settled"] = sampler.settled()
            row["one_anon"] = tree_rss_mb(app.proc.pid, "RssAnon")
            sampler.reset()
            row["many_s"] = visit_together(browser, app.url, visitors)
            row["many_peak"] = sampler.peak
            row["many_settled"] = sampler.settled()
            row["many_anon"] = tree_rss_mb(app.proc.pid, "RssAnon")
        finally:
            sampler.stop()
    print("  " + ", ".join(f"{k} {v:.1f}" for k, v in row.items()), flush=True)
    return row


def render(rows: list[dict[str, float]], visitors: int, started: datetime, command: str) -> str:
    def med(key: str) -> float:
        return statistics.median(r[key] for r in rows)

    def runs(key: str) -> str:
        return ", ".join(f"{r[key]:.0f}" for r in rows)

    loads = [r["load"] for r in rows]
    table = [
        ("idle, before any visitor", "idle"),
        ("one visitor: peak", "one_peak"),
        ("after the first visitor, settled", "one_settled"),
        (f"{visitors} visitors at once: peak", "many_peak"),
        (f"after {visitors} visitors, settled", "many_settled"),
        ("  of which anonymous, after the first visitor", "one_anon"),
        (f"  of which anonymous, after {visitors} visitors", "many_anon"),
    ]
    one_ok = med("one_settled") <= IDLE_TARGET_MB
    many_ok = med("many_peak") <= VISITORS_TARGET_MB
    return "\n".join(
        [
            f"Command: `{command}` ({started:%Y-%m-%d %H:%M} UTC, {os.cpu_count()} cores, "
            f"1-minute load average {min(loads):.1f}–{max(loads):.1f} at the start of each run; "
            f"{len(rows)} fresh server(s), median shown). Resident memory (VmRSS) of the "
            "`streamlit run` process and its children, sampled every 0.25 s; a visitor is a new "
            'Chromium context (its own session) that clicks "Try the sample" and writes the '
            f"draft; the {visitors} visitors' clicks are all sent before any is awaited. "
            f'"Settled" is the median over {SETTLE_S:g} s after the visitors\' tabs closed. '
            '"Anonymous" (RssAnon) is the part no file backs: without swap it cannot be given '
            "back; the rest is pages of mapped libraries and of the model's weights file.",
            "",
            "| state | MB (runs) | median MB |",
            "|---|---|---:|",
            *[f"| {label} | {runs(key)} | **{med(key):.0f}** |" for label, key in table],
            "",
            f"One visitor took {med('one_s'):.1f} s (first visit: models load meanwhile), "
            f"{visitors} together {med('many_s'):.1f} s (until the last draft was shown).",
            f"Targets (hosted Streamlit Community Cloud allows about 1 GB): ≤ {IDLE_TARGET_MB:g} "
            f"MB settled after the first visitor — {'met' if one_ok else 'NOT met'}; ≤ "
            f"{VISITORS_TARGET_MB:g} MB with {visitors} visitors at once (peak) — "
            f"{'met' if many_ok else 'NOT met'}.",
        ]
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visitors", type=int, default=8)
    parser.add_argument("--repeats", type=int, default=3, help="fresh servers")
    parser.add_argument("--out", default=None, help="Markdown file to write the section into")
    args = parser.parse_args(argv)
    started = datetime.now(UTC)
    rows = [measure_once(args.visitors) for _ in range(args.repeats)]
    command = f"python -m bench.server_memory_bench --visitors {args.visitors}"
    body = render(rows, args.visitors, started, command)
    publish(args.out, TITLE, body)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
