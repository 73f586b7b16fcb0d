"""A real `streamlit run streamlit_app.py` on a free loopback port, and Debian's Chromium.

The server gets a private RESUMEFORGE_HOME under tmp. Start-up is checked by polling
/_stcore/health; if it never answers, the server log is printed and the test fails. When the
browser cannot start: skip locally, FAIL when CI=true (the browser tests must run in CI).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SCREENSHOTS = REPO / "test-artifacts" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
]
START_TIMEOUT_S = 90


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for_health(url: str, proc: subprocess.Popen, timeout_s: float) -> bool:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            return False
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
                if response.status == 200:
                    return True
        except OSError:
            pass
        time.sleep(0.25)
    return False


@pytest.fixture(scope="session")
def server_home(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("rf-e2e-home")


@contextmanager
def streamlit_app(home: Path, extra_env: dict[str, str] | None = None) -> Iterator[str]:
    """`streamlit run streamlit_app.py` with RESUMEFORGE_HOME=home; yields its URL. The server's
    output goes to home/server.log (printed when it does not start)."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log_path = home / "server.log"
    env = {
        **os.environ,
        "RESUMEFORGE_HOME": str(home),
        "HF_HUB_OFFLINE": "1",
        "TRANSFORMERS_OFFLINE": "1",
        "LITELLM_LOCAL_MODEL_COST_MAP": "True",
        "LITELLM_MODE": "PRODUCTION",
    }
    for var in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GEMINI_API_KEY", "GROQ_API_KEY"):
        env.pop(var, None)
    env.update(extra_env or {})
    command = [
        sys.executable, "-m", "streamlit", "run", str(REPO / "streamlit_app.py"),
        "--server.headless", "true",
        "--server.port", str(port),
        "--server.address", "127.0.0.1",
        "--browser.gatherUsageStats", "false",
    ]  # fmt: skip
    with log_path.open("wb") as log:
        proc = subprocess.Popen(command, cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        if not wait_for_health(url, proc, START_TIMEOUT_S):
            print(f"--- streamlit server log ({log_path}) ---")
            print(log_path.read_text(errors="replace"))
            pytest.fail(f"streamlit did not answer {url}/_stcore/health in {START_TIMEOUT_S} s")
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)


@pytest.fixture(scope="session")
def app_url(server_home: Path) -> Iterator[str]:
    with streamlit_app(server_home) as url:
        yield url


@pytest.fixture(scope="session")
def chromium(tmp_path_factory):
    """Debian's Chromium through Playwright (sync API); a fresh temp profile per launch."""
    try:
        from playwright.sync_api import sync_playwright

        playwright = sync_playwright().start()
    except Exception as err:  # pragma: no cover - depends on the machine
        _cannot_start(f"Playwright could not start: {err}")
    try:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS, timeout=60_000
        )
    except Exception as err:
        playwright.stop()
        _cannot_start(f"Chromium could not start from {CHROMIUM}: {err}")
    yield browser
    browser.close()
    playwright.stop()


def _cannot_start(reason: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{reason} (CI=true: browser tests must run; `make browser` installs it)")
    pytest.skip(f"{reason}; run `make browser` (apt-get install -y chromium)")


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


@pytest.fixture
def new_page(chromium, app_url, request):
    """new_page() -> a page of a NEW browser context (its own cookies: its own session) on the
    app at `app_url` (or at `url`). When the test fails, every page it opened is saved as a
    screenshot for the failure report."""
    contexts = []

    def opener(url: str = app_url):
        context = chromium.new_context(
            viewport={"width": 1440, "height": 2000}, accept_downloads=True
        )
        context.set_default_timeout(30_000)
        contexts.append(context)
        page = context.new_page()
        page.goto(url)
        return page

    yield opener
    failed = getattr(request.node, "rep_call", None)
    for n, context in enumerate(contexts):
        if failed is not None and failed.failed:
            for page in context.pages:
                screenshot(page, f"FAILED-{request.node.name}-{n}")
        context.close()


def screenshot(page, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.mouse.move(0, 0)  # no hover tooltip in the picture
    page.wait_for_timeout(300)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
