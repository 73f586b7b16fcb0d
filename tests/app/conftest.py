"""AppTest fixtures: a real TailoringSession on the shipped sample, seeded into session state.

The embedding model loads once per test session: every app test shares one Settings (one cache
dir), so `core.retrieval.get_embedder` returns the same loaded model each time. The sample is
parsed, analysed, mapped and drafted once per test session too (`seeded_workspaces`): each test
gets its own copy of that workspace, reopened the way a reload reopens it (`restore_latest`:
the saved board, and the index read back from the workspace's LanceDB on first use).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from core.service import TailoringSession
from core.settings import Settings
from core.ui import state
from core.ui.samples import SAMPLE_JD, SAMPLE_RESUME, SAMPLE_TITLE, sample_text
from core.workspace import Workspace

REPO = Path(__file__).resolve().parents[2]
APP = REPO / "streamlit_app.py"
TIMEOUT = 90  # seconds per script run; the first one may load the embedding model


@pytest.fixture(autouse=True)
def main_module_kept(monkeypatch):
    """An AppTest run can leave the app script installed as `__main__`; a later test that
    spawns a process would run the whole app again in the child. Each app test gives the
    process back with the `__main__` it found."""
    monkeypatch.setitem(sys.modules, "__main__", sys.modules["__main__"])


@pytest.fixture(scope="session")
def app_settings(tmp_path_factory) -> Settings:
    return Settings(home=tmp_path_factory.mktemp("rf-app-home"))


@pytest.fixture(scope="session")
def embedder(app_settings):
    from core.retrieval import get_embedder

    return get_embedder(app_settings.retrieval.embedding_model, cache_dir=app_settings.cache_dir)


@pytest.fixture
def fresh_session(app_settings, embedder, tmp_path) -> TailoringSession:
    workspace = Workspace.open(app_settings.workspaces_dir / tmp_path.name)
    return TailoringSession.create(workspace=workspace, settings=app_settings)


@pytest.fixture(scope="session")
def seeded_workspaces(app_settings, embedder, tmp_path_factory) -> dict[str, Path]:
    """The sample run once for the whole test session: its workspace saved after evidence
    mapping ("mapped") and after the draft ("drafted"), outside the app's workspaces folder."""
    seeds = tmp_path_factory.mktemp("seeded-workspaces")
    session = TailoringSession.create(
        workspace=Workspace.open(seeds / "build"), settings=app_settings
    )
    session.load_resume_text(sample_text(SAMPLE_RESUME), source_name=SAMPLE_RESUME)
    session.analyze_job(sample_text(SAMPLE_JD), target_title=SAMPLE_TITLE)
    session.map_evidence()
    shutil.copytree(session.workspace.root, seeds / "mapped")
    session.write_draft()
    assert session.board is not None and session.board.resume_draft is not None
    shutil.copytree(session.workspace.root, seeds / "drafted")
    return {"mapped": seeds / "mapped", "drafted": seeds / "drafted"}


def seeded_copy(template: Path, settings: Settings, name: str) -> TailoringSession:
    """A new session on a private copy of a seeded workspace, reopened from its saved run."""
    root = settings.workspaces_dir / name
    shutil.copytree(template, root)
    session = TailoringSession.create(workspace=Workspace.open(root), settings=settings)
    assert session.restore_latest() is not None, f"no saved run in {template}"
    return session


@pytest.fixture
def mapped_session(app_settings, seeded_workspaces, tmp_path) -> TailoringSession:
    """The sample parsed, analysed and mapped (no draft yet): this test's own copy."""
    return seeded_copy(seeded_workspaces["mapped"], app_settings, tmp_path.name)


@pytest.fixture
def drafted_session(app_settings, seeded_workspaces, tmp_path) -> TailoringSession:
    """The sample mapped and drafted: this test's own copy."""
    return seeded_copy(seeded_workspaces["drafted"], app_settings, tmp_path.name)


def open_app(
    settings: Settings, session: TailoringSession | None, page: str | None = None
) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
    at.session_state[state.SETTINGS_KEY] = settings
    if session is not None:
        at.session_state[state.SESSION_KEY] = session
    at.run()
    assert not at.exception, at.exception
    if page is not None:
        at.switch_page(page).run()
        assert not at.exception, at.exception
    return at


@pytest.fixture
def app(app_settings, embedder):
    """open_app(session=None, page=None) -> AppTest, with the shared test settings."""

    def opener(session: TailoringSession | None = None, page: str | None = None) -> AppTest:
        return open_app(app_settings, session, page)

    return opener


def texts(at: AppTest) -> str:
    """Everything the page shows as Markdown, captions, alerts and titles, unescaped."""
    parts = [
        e.value
        for kind in ("title", "header", "subheader", "markdown", "caption")
        for e in getattr(at, kind)
    ]
    parts += [
        e.value for kind in ("error", "warning", "info", "success") for e in getattr(at, kind)
    ]
    return "\n".join(str(p) for p in parts).replace("\\", "")
