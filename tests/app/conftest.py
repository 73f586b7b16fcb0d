"""AppTest fixtures: a real TailoringSession on the shipped sample, seeded into session state.

The embedding model loads once per test session: every app test shares one Settings (one cache
dir), so `core.retrieval.get_embedder` returns the same loaded model each time.
"""

from __future__ import annotations

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


@pytest.fixture
def mapped_session(fresh_session) -> TailoringSession:
    fresh_session.load_resume_text(sample_text(SAMPLE_RESUME), source_name=SAMPLE_RESUME)
    fresh_session.analyze_job(sample_text(SAMPLE_JD), target_title=SAMPLE_TITLE)
    fresh_session.map_evidence()
    return fresh_session


@pytest.fixture
def drafted_session(mapped_session) -> TailoringSession:
    mapped_session.write_draft()
    return mapped_session


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
