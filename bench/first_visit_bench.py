"""Benchmark: what the first visitor of a fresh server sees, and when.

    python -m bench.first_visit_bench [--repeats 3] [--floor] [--out docs/BENCHMARKS.md]

Each repeat starts `streamlit run streamlit_app.py` on a free loopback port with a fresh
RESUMEFORGE_HOME (the end-to-end tests' helper, tests/e2e/conftest.py), waits until
/_stcore/health answers (the server is up; no script has run, nothing is imported), and opens
the app in a new Chromium context. A script in the page (added before the first byte arrives)
samples the page every 20 ms and records, in ms since the navigation started:

- `frontend`: Streamlit's front end drawn (its app frame; the JavaScript has run);
- `connected`: the websocket to the server open (nothing of the script can arrive before);
- `content`: the first text in the main area (whatever it is);
- `loading`: the loading message ("Loading ResumeForge");
- `usable`: the Upload page usable (its job-ad box drawn and the script run finished);
- `raw_nav`: whether Streamlit's own list of page files was ever shown in the sidebar (links
  named after the files, "draft review", before the app's navigation replaces them: what a
  pages/ folder beside the script causes; the app keeps its pages in app_pages/).

Targets: the loading message within 1 s and the Upload page usable within 10 s (medians).
`--floor` also times Streamlit alone: the same visits to a script whose first and only call
after the page config shows the same message (no import of the app at all), served from the
repo's folder with its config, so the part of the wait that is Streamlit's own start is measured
apart from the app's. Writes the "First visit" section of `--out`.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.markdown import publish

TITLE = "First visit"
USABLE_TIMEOUT_MS = 120_000
FIRST_BYTE = "() => performance.getEntriesByType('navigation')[0].responseStart"  # ms
LOADING_TARGET_MS, USABLE_TARGET_MS = 1_000, 10_000
RAW_NAMES = ["streamlit app", "upload", "jd analysis", "evidence map", "draft review", "audit"]

WATCH = """
(() => {
  const marks = {
    frontend: null, connected: null, content: null, loading: null, usable: null, raw_nav: false
  };
  window.__rfFirstVisit = marks;
  const Socket = window.WebSocket;  // the first open socket is the app's connection
  window.WebSocket = function (...args) {
    const socket = new Socket(...args);
    socket.addEventListener('open', () => {
      if (marks.connected === null) marks.connected = performance.now();
    });
    return socket;
  };
  window.WebSocket.prototype = Socket.prototype;
  Object.assign(window.WebSocket, Socket);
  const raw = new Set(%s);
  const tick = () => {
    const now = performance.now();
    const main = document.querySelector('[data-testid="stMain"]');
    const text = main ? main.innerText.trim() : '';
    if (marks.frontend === null && document.querySelector('[data-testid="stApp"]')) {
      marks.frontend = now;
    }
    if (marks.content === null && text) marks.content = now;
    if (marks.loading === null && text.includes('Loading ResumeForge')) marks.loading = now;
    for (const link of document.querySelectorAll('[data-testid="stSidebarNavLink"]')) {
      if (link.offsetParent !== null && raw.has(link.innerText.trim())) marks.raw_nav = true;
    }
    const app = document.querySelector('[data-testid="stApp"]');
    const box = document.querySelector('textarea[aria-label="Paste the job description"]');
    const idle = app && app.getAttribute('data-test-script-state') !== 'running';
    if (marks.usable === null && box && idle) marks.usable = now;
    if (marks.usable === null) setTimeout(tick, 20);
  };
  tick();
})();
"""


FLOOR_SCRIPT = """import streamlit as st

st.set_page_config(page_title="ResumeForge", layout="wide")
st.info("Loading ResumeForge... the first visit after a restart takes a few seconds.")
"""


def visit_once(script: Path | None = None) -> dict[str, Any]:
    """One fresh server, one first visitor: the marks (ms) and the load average. With `script`
    (the floor) the visit ends when the loading message is drawn."""
    from bench.server_memory_bench import chromium
    from tests.e2e.conftest import streamlit_app

    until = "loading" if script else "usable"
    row: dict[str, Any] = {"load": os.getloadavg()[0]}
    with (
        tempfile.TemporaryDirectory(prefix="rf-first-visit-") as home,
        streamlit_app(Path(home), script=script) as app,
        chromium() as browser,
    ):
        context = browser.new_context(viewport={"width": 1440, "height": 900})
        context.add_init_script(WATCH % repr(RAW_NAMES).replace("'", '"'))
        page = context.new_page()
        page.goto(app.url, wait_until="commit")
        page.wait_for_function(
            f"() => window.__rfFirstVisit && window.__rfFirstVisit.{until} !== null",
            timeout=USABLE_TIMEOUT_MS,
            polling=100,
        )
        row.update(page.evaluate("() => window.__rfFirstVisit"))
        row["first_byte"] = page.evaluate(FIRST_BYTE)
        context.close()
    print("  " + ", ".join(f"{k} {v}" for k, v in row.items()), flush=True)
    return row


def _ms(value: float | None) -> str:
    return "—" if value is None else f"{value / 1000:.2f}"


def _median(rows: list[dict[str, Any]], key: str) -> float | None:
    values = [r[key] for r in rows if r[key] is not None]
    return statistics.median(values) if rows and len(values) == len(rows) else None


def _table(rows: list[dict[str, Any]], moments: list[tuple[str, str]]) -> list[str]:
    def runs(key: str) -> str:
        return ", ".join(_ms(r[key]) for r in rows)

    out = ["| moment | s (runs) | median s |", "|---|---|---:|"]
    out += [f"| {name} | {runs(key)} | **{_ms(_median(rows, key))}** |" for key, name in moments]
    return out


def _between(rows: list[dict[str, Any]], start: str, end: str = "loading") -> float | None:
    """Median ms from one moment to another (None unless every run saw both)."""
    gaps = [r[end] - r[start] for r in rows if r[end] is not None and r[start] is not None]
    return statistics.median(gaps) if rows and len(gaps) == len(rows) else None


def _spans(rows: list[dict[str, Any]], message: str) -> str:
    return (
        f"From the first byte to the {message}: {_ms(_between(rows, 'first_byte'))} s; from "
        f"the websocket's opening: {_ms(_between(rows, 'connected'))} s (medians)."
    )


STREAMLIT_MOMENTS = [
    ("first_byte", "first byte of the page (its HTML)"),
    ("frontend", "Streamlit's front end drawn"),
    ("connected", "websocket to the server open"),
]


def render(
    rows: list[dict[str, Any]], started: datetime, command: str, floor: list[dict[str, Any]]
) -> str:
    loads = [r["load"] for r in rows + floor]
    loading, usable = _median(rows, "loading"), _median(rows, "usable")
    loading_ok = loading is not None and loading <= LOADING_TARGET_MS
    usable_ok = usable is not None and usable <= USABLE_TARGET_MS
    raw = sum(bool(r["raw_nav"]) for r in rows)
    lines = [
        f"Command: `{command}` ({started:%Y-%m-%d %H:%M} UTC, {os.cpu_count()} cores, "
        f"1-minute load average {min(loads):.1f}–{max(loads):.1f} at the start of each run; "
        f"{len(rows)} fresh server(s), median shown). A fresh `streamlit run` (health "
        "answered, no script run yet) and its first visitor, a new Chromium context at "
        "1440×900; times from the start of the navigation, sampled in the page every 20 ms.",
        "",
        *_table(
            rows,
            [
                *STREAMLIT_MOMENTS,
                ("content", "first text in the page"),
                ("loading", "loading message shown"),
                ("usable", "Upload page usable"),
            ],
        ),
        "",
        _spans(rows, "loading message"),
        f"Streamlit's raw list of the page files shown in the sidebar: {raw} of "
        f"{len(rows)} visits.",
        f"Targets: loading message ≤ {LOADING_TARGET_MS / 1000:g} s — "
        f"{'met' if loading_ok else 'NOT met'}; Upload usable ≤ "
        f"{USABLE_TARGET_MS / 1000:g} s — {'met' if usable_ok else 'NOT met'}.",
    ]
    if floor:
        lines += [
            "",
            f"Streamlit alone (`--floor`, {len(floor)} fresh servers, alternating with the app's): "
            "a script that only sets the page config and shows the same message, from the "
            "repo's folder with its config.",
            "",
            *_table(floor, [*STREAMLIT_MOMENTS, ("loading", "message shown")]),
            "",
            _spans(floor, "message"),
        ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3, help="fresh servers")
    parser.add_argument(
        "--floor", action="store_true", help="also time Streamlit alone (a one-message script)"
    )
    parser.add_argument("--out", default=None, help="Markdown file to write the section into")
    args = parser.parse_args(argv)
    started = datetime.now(UTC)
    rows: list[dict[str, Any]] = []
    floor: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="rf-floor-") as folder:
        script = Path(folder) / "floor_app.py"
        script.write_text(FLOOR_SCRIPT, encoding="utf-8")
        for _ in range(args.repeats):
            rows.append(visit_once())
            if args.floor:
                floor.append(visit_once(script))
    flags = (" --floor" if args.floor else "") + (f" --out {args.out}" if args.out else "")
    body = render(rows, started, "python -m bench.first_visit_bench" + flags, floor)
    publish(args.out, TITLE, body)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
