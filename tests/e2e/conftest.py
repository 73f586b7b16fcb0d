"""A real `streamlit run streamlit_app.py` on a free loopback port, and Debian's Chromium.

The server gets a private RESUMEFORGE_HOME under tmp. Start-up is checked by polling
/_stcore/health; if it never answers, the server log is printed and the test fails. When the
browser cannot start: skip locally, FAIL when CI=true (the browser tests must run in CI).
"""

from __future__ import annotations

import contextlib
import os
import signal
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
NETGUARD = REPO / "tests" / "netguard"  # sitecustomize.py: the network guard for the server
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


class RunningApp(str):
    """The URL of a running app (use it as the string it is), plus `.url` and `.proc`: the
    server's Popen. The server leads its own process group, so a test can kill the whole of it
    with `os.killpg(app.proc.pid, signal.SIGKILL)`."""

    proc: subprocess.Popen

    def __new__(cls, url: str, proc: subprocess.Popen) -> RunningApp:
        app = super().__new__(cls, url)
        app.proc = proc
        return app

    @property
    def url(self) -> str:
        return str(self)


@contextmanager
def streamlit_app(
    home: Path,
    extra_env: dict[str, str] | None = None,
    *,
    script: Path | None = None,
    port: int | None = None,
) -> Iterator[RunningApp]:
    """`streamlit run streamlit_app.py` (or `script`, from the repo's folder and so with its
    .streamlit/config.toml) with RESUMEFORGE_HOME=home; yields its URL (a `RunningApp`: a str
    with `.url` and `.proc`). The server's output goes to home/server.log (printed when it does
    not start). `port`: the port of a server this one replaces (default: a free one)."""
    port = port or free_port()
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
    # The network guard runs in the server too, reporting to its own log (checked at the end).
    netguard_log = home / "netguard.log"
    env["PYTHONPATH"] = os.pathsep.join([str(NETGUARD), str(REPO)])
    env["RF_NETGUARD_LOG"] = str(netguard_log)
    env.update(extra_env or {})
    command = [
        sys.executable, "-m", "streamlit", "run", str(script or REPO / "streamlit_app.py"),
        "--server.headless", "true",
        "--server.port", str(port),
        "--server.address", "127.0.0.1",
        "--browser.gatherUsageStats", "false",
    ]  # fmt: skip
    with log_path.open("wb") as log:
        proc = subprocess.Popen(
            command, cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        if not wait_for_health(url, proc, START_TIMEOUT_S):
            print(f"--- streamlit server log ({log_path}) ---")
            print(log_path.read_text(errors="replace"))
            pytest.fail(f"streamlit did not answer {url}/_stcore/health in {START_TIMEOUT_S} s")
        yield RunningApp(url, proc)
    finally:
        stop_server(proc)
    if netguard_log.exists() and netguard_log.read_text().strip():
        pytest.fail(f"the app server tried to reach the network: {netguard_log.read_text()}")


def stop_server(proc: subprocess.Popen) -> None:
    """SIGTERM, then SIGKILL after 15 s; then SIGKILL whatever is left of its process group."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)


@pytest.fixture(scope="session")
def app_url(server_home: Path) -> Iterator[str]:
    with streamlit_app(server_home) as app:
        yield app.url


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
def new_page(chromium, request):
    """new_page() -> a page of a NEW browser context (its own cookies: its own session) on the
    app at `url`, by default at `app_url` (that shared server starts only when needed).
    `on_request(request)`, when given, sees every request of that context from before the first
    navigation on. When the test fails, every page it opened is saved as a screenshot."""
    contexts = []

    def opener(url: str | None = None, *, on_request=None):
        context = chromium.new_context(
            viewport={"width": 1440, "height": 2000}, accept_downloads=True
        )
        context.set_default_timeout(30_000)
        contexts.append(context)
        if on_request is not None:
            context.on("request", on_request)
        page = context.new_page()
        page.goto(url or request.getfixturevalue("app_url"))
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
