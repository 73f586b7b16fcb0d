"""A server killed (SIGKILL, whole process group) while it writes a draft: the next server on the
same home starts cleanly, serves the flow again, and the killed session's files are intact. A
server restarted under an open page: the page reconnects with everything the visitor typed and
the engine they chose, key included."""

from __future__ import annotations

import os
import signal
import uuid
from pathlib import Path
from urllib.parse import urlsplit

import lancedb
import pytest

from core.contracts import Blackboard
from core.retrieval.index import EvidenceIndex
from core.retrieval.store import LanceStore, builder_lock, decode_rows
from core.settings import Settings
from core.workspace import expire_idle_workspaces
from tests.e2e.conftest import screenshot, streamlit_app
from tests.e2e.test_app_flow import go, settle, try_sample, write_draft

pytestmark = pytest.mark.e2e


def user_workspaces(parent: Path) -> set[Path]:
    """Workspaces of browser sessions (not the background warm-up's throwaway one)."""
    if not parent.exists():
        return set()
    return {p for p in parent.iterdir() if p.is_dir() and not p.name.startswith("warmup")}


def assert_no_error_shown(page) -> None:
    shown = page.locator("body").inner_text()
    assert page.locator('[data-testid="stException"]').count() == 0, shown
    assert "Traceback" not in shown, shown


def kill_while_writing_the_draft(page, app) -> None:
    """Click "Write the draft" and SIGKILL the server group once its st.status is on screen
    (the step runs right after the status is sent), then wait for the server to be gone."""
    go(page, "Draft review", "Review your tailored resume")
    page.get_by_role("button", name="Write the draft").click()
    page.wait_for_function(
        "() => document.body.innerText.includes('Writing your tailored resume')", polling="raf"
    )
    os.killpg(app.proc.pid, signal.SIGKILL)
    assert app.proc.wait(timeout=10) == -signal.SIGKILL


def assert_index_opens(index_dir: Path, settings: Settings) -> None:
    """The LanceDB folder opens and reads with lancedb itself and through the app's own store;
    its builder lock (fcntl, freed with the dead process) can be taken at once."""
    db = lancedb.connect(str(index_dir))
    tables = db.list_tables().tables
    assert tables, f"no LanceDB table in {index_dir}"
    for name in tables:
        assert db.open_table(name).to_arrow().num_rows > 0, name
    store = LanceStore(str(index_dir))
    assert store.stored_key()
    chunks, cards, vectors = decode_rows(store.read())
    assert chunks and cards and len(vectors) == len(chunks)
    with builder_lock(str(index_dir), timeout_s=2) as problem:
        assert problem == "", f"the dead server's index lock is still held: {problem}"
    index = EvidenceIndex.open(index_dir, embedder=None, settings=settings.retrieval)
    assert index.warnings == []


def test_a_server_killed_mid_run_leaves_a_home_the_next_server_can_use(new_page, tmp_path_factory):
    home = tmp_path_factory.mktemp("rf-e2e-crash-home")
    settings = Settings(home=home)
    workspaces = settings.workspaces_dir
    with streamlit_app(home) as app:
        page = new_page(app.url)
        try_sample(page)
        (killed,) = user_workspaces(workspaces)
        kill_while_writing_the_draft(page, app)
        page.close()
    (home / "server.log").rename(home / "server-killed.log")
    boards_at_kill = sorted(killed.rglob("blackboard.json"))
    assert boards_at_kill, f"the killed session saved no run under {killed}"
    at_kill = Blackboard.model_validate_json(boards_at_kill[-1].read_text(encoding="utf-8"))
    print(
        f"\nkilled at pipeline state {at_kill.current_step.value}; "
        f"draft saved before the kill: {at_kill.resume_draft is not None}"
    )

    with streamlit_app(home) as app:
        page = new_page(app.url)
        page.get_by_role("button", name="Try the sample").wait_for()
        assert_no_error_shown(page)
        try_sample(page)
        write_draft(page)
        assert_no_error_shown(page)
        screenshot(page, "crash-restart-draft")
        (fresh,) = user_workspaces(workspaces) - {killed}
    log = (home / "server.log").read_text(errors="replace")
    assert "Traceback" not in log, log

    boards = sorted(home.rglob("blackboard.json"))
    assert set(boards_at_kill) <= set(boards) and len(boards) > len(boards_at_kill)
    for path in boards:
        Blackboard.model_validate_json(path.read_text(encoding="utf-8"))
    leftovers = sorted(str(p.relative_to(home)) for p in home.rglob("*.tmp"))
    print(f"temp files left by the kill (harmless, removed with the workspace): {leftovers}")
    assert_index_opens(killed / "index", settings)

    removed = expire_idle_workspaces(workspaces, max_idle_s=0)
    assert killed in removed and fresh in removed
    assert not killed.exists()


MODEL = "openai/gpt-4o-mini"  # a sidebar preset


def test_a_restarted_server_keeps_what_the_visitor_typed_and_the_engine_chosen(
    new_page, tmp_path_factory
):
    """A redeploy or crash restarts the server under an open page: the page reconnects to a new
    server session that starts from what the browser still shows, never from the defaults
    (which would drop the pasted texts and run the visitor's next step keyless or offline)."""
    home = tmp_path_factory.mktemp("rf-e2e-restart-home")
    canary = f"sk-canary-{uuid.uuid4().hex}"
    resume = "Jane Roe\nData engineer at Northwind, 2019-2024: built nightly Spark jobs."
    jd = "We need a data engineer with Spark and SQL."
    with streamlit_app(home) as app:
        page = new_page(app.url)
        page.get_by_role("button", name="Try the sample").wait_for()
        settle(page)
        page.get_by_role("radiogroup", name="Fact resume").get_by_text("Paste text").click()
        settle(page)
        page.get_by_label("Paste your fact resume").fill(resume)
        page.get_by_label("Paste the job description").fill(jd)
        page.locator('[data-testid="stSidebar"] [data-testid="stSelectbox"]').first.click()
        page.get_by_role("option", name=MODEL).click()
        settle(page)
        key_box = page.get_by_label("API key", exact=True)
        key_box.fill(canary)
        key_box.press("Enter")
        settle(page)
        page.get_by_text(f"Engine: {MODEL} · your key").wait_for()
        port = urlsplit(app.url).port
    (home / "server.log").rename(home / "server-before-restart.log")

    with streamlit_app(home, port=port):
        # a click that reruns the script; it waits until the page has reconnected (enabled)
        page.get_by_role("button", name="Clear cached model answers").click()
        settle(page)
        page.get_by_text(f"Engine: {MODEL} · your key").wait_for()
        assert page.get_by_label("Paste your fact resume").input_value() == resume
        assert page.get_by_label("Paste the job description").input_value() == jd
        assert page.get_by_label("API key", exact=True).input_value() == canary
        screenshot(page, "restart-inputs-kept")
