"""Privacy in a real browser: a key typed in the sidebar stays off screen, off disk and out of
the downloads; text that names other hosts makes Chromium fetch nothing from them."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.e2e.conftest import screenshot, streamlit_app
from tests.e2e.test_app_flow import (
    ANALYSIS_S,
    HOSTILE_JD,
    analyse_pasted,
    download,
    go,
    settle,
    try_sample,
    write_draft,
)
from tests.llm_server import ScriptedLLMServer
from tests.reliability.conftest import StageScript
from tests.reliability.test_secrets import ECHOING_PROVIDER

pytestmark = pytest.mark.e2e

MODEL = "openai/gpt-4o-mini"  # a sidebar preset; the server's api_base points it at loopback


@pytest.fixture(scope="module")
def llm_server() -> Iterator[ScriptedLLMServer]:
    with ScriptedLLMServer() as server:
        yield server


@pytest.fixture(scope="module")
def llm_app(tmp_path_factory, llm_server) -> Iterator[tuple[str, Path]]:
    """A second app whose models answer from the loopback server, with the noisiest logging a
    user could switch on and small retry budgets (so failing stages fall back quickly)."""
    home = tmp_path_factory.mktemp("rf-e2e-llm-home")
    env = {
        "RESUMEFORGE_LLM__API_BASE": llm_server.url,
        "RESUMEFORGE_LLM__RETRIES": "1",
        "RESUMEFORGE_LLM__PROVIDER_RETRIES": "1",
        "RESUMEFORGE_LLM__BACKOFF_S": "0",
        "RESUMEFORGE_LLM__TIMEOUT_S": "5",
        "RESUMEFORGE_LLM__HYDE": "false",
        "RESUMEFORGE_MAX_RETRIES": "1",
        "LITELLM_LOG": "DEBUG",
    }
    with streamlit_app(home, env) as url:
        yield url, home


def visible_text(page) -> str:
    """What a screenshot of the page shows, as text: every rendered text node plus the values
    of the inputs that display theirs (a password field shows dots)."""
    shown = page.locator("body").inner_text()
    inputs = page.locator("input:not([type=password]), textarea")
    values = [inputs.nth(i).input_value() for i in range(inputs.count())]
    return "\n".join([shown, *values])


def test_a_key_typed_in_the_sidebar_never_reaches_screen_disk_logs_or_downloads(
    new_page, llm_app, llm_server, tmp_path
):
    url, home = llm_app
    canary = f"sk-canary-{uuid.uuid4().hex}"
    # The provider answers some stages with errors that echo the key back (401, 400, 500).
    llm_server.responder = StageScript(ECHOING_PROVIDER)
    page = new_page(url)
    page.locator('[data-testid="stSidebar"] [data-testid="stSelectbox"]').first.click()
    page.get_by_role("option", name=MODEL).click()
    key_box = page.get_by_label("API key", exact=True)
    assert key_box.get_attribute("type") == "password"
    key_box.fill(canary)
    key_box.press("Enter")
    settle(page)
    page.get_by_text(f"Engine: {MODEL} · your key").wait_for()

    shown: list[str] = []
    try_sample(page)
    shown.append(visible_text(page))
    screenshot(page, "privacy-01-upload-with-key")
    for title, heading in (
        ("JD analysis", "What the job asks for"),
        ("Evidence map", "Your evidence for each requirement"),
    ):
        go(page, title, heading)
        shown.append(visible_text(page))
    write_draft(page)
    shown.append(visible_text(page))
    go(page, "Audit", "Audit and downloads")
    page.get_by_text("lines checked", exact=False).first.wait_for(timeout=ANALYSIS_S)
    settle(page)
    shown.append(visible_text(page))
    screenshot(page, "privacy-02-audit-with-key")
    downloads = [
        download(page, "Download DOCX", tmp_path),
        download(page, "Download audit JSON", tmp_path),
    ]

    # The key was used: every request the provider saw carried it, and only there.
    # (once in a full CI run no request came; the pages and the server's log tell the next why)
    server_log = (home / "server.log").read_text(errors="replace")[-4000:]
    sidebar = page.locator('[data-testid="stSidebar"]').inner_text()
    assert llm_server.requests, "the model was never called:\n" + "\n---\n".join(
        [*(text[-1500:] for text in shown), f"sidebar at the end:\n{sidebar}", server_log]
    )
    assert {r.headers.get("Authorization") for r in llm_server.requests} == {f"Bearer {canary}"}
    # The echoed errors reached the sidebar, without the key.
    assert any("last model call failed" in text for text in shown)
    assert not [n for n, text in enumerate(shown) if canary in text]
    for path in downloads:
        assert canary.encode() not in path.read_bytes(), path.name
    # Nothing on the server's disk holds it: workspaces, LanceDB, caches, run folders, the
    # server's own log (LITELLM_LOG=DEBUG).
    files = [p for p in home.rglob("*") if p.is_file()]
    assert (home / "server.log") in files and len(files) > 10
    assert not [p for p in files if canary.encode() in p.read_bytes()]

    page.get_by_role("button", name="Forget key").click()
    settle(page)
    assert page.get_by_label("API key", exact=True).input_value() == ""


RESUME_WITH_LINKS = """# Sam Okafor

sam.okafor@example.com · (555) 555-0199

## Experience

### Tidewater Labs — Frontend Engineer
*2019 – Present*

- Built the design system in React and TypeScript used by 6 product teams ![t](https://tracker.example/r.png)
- Cut the bundle size by 40% with code splitting, see <img src="https://tracker.example/i.png"> and [notes](https://tracker.example/n)
- Ran accessibility testing with screen readers <script src="https://tracker.example/s.js"></script>

## Education

B.S. in Computer Science, Coastal State University — 2019
"""

JD_WITH_LINKS = (
    HOSTILE_JD
    + '- <iframe src="https://evil.example/frame"></iframe> Code splitting and performance work\n'
)


def test_hosts_named_in_resume_and_job_text_are_never_contacted(new_page):
    contacted: list[str] = []  # every request of the session, from the first page load on
    page = new_page(on_request=lambda request: contacted.append(request.url))
    first_load = len(contacted)
    analyse_pasted(page, RESUME_WITH_LINKS, JD_WITH_LINKS)
    go(page, "JD analysis", "What the job asks for")
    # the ad is read as published: the iframe is dropped, its line's words stay as text
    page.get_by_text("Code splitting and performance work", exact=False).filter(
        visible=True
    ).first.wait_for()
    assert page.locator('[src*="evil.example"], [href*="evil.example"]').count() == 0
    go(page, "Evidence map", "Your evidence for each requirement")
    write_draft(page)
    # card text is plain text: the image, <img>, <script> and link markup are gone, not rendered
    page.get_by_text("Built the design system", exact=False).filter(visible=True).first.wait_for()
    assert page.locator('[src*="tracker.example"], [href*="tracker.example"]').count() == 0
    go(page, "Audit", "Audit and downloads")
    settle(page)
    screenshot(page, "privacy-03-links-as-text")

    hosts = {urlsplit(u).hostname for u in contacted if u.startswith(("http:", "https:"))}
    assert hosts == {"127.0.0.1"}, sorted(h or "" for h in hosts)
    assert first_load > 5 and len(contacted) > 20  # it saw the app's own traffic from the start
