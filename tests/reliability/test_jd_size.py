"""A pasted job ad over the size limits is refused at once, before any work."""

from __future__ import annotations

import time
import uuid

import pytest

from core.errors import InputError
from core.service import TailoringSession
from core.workspace import Workspace


@pytest.fixture(scope="module")  # a refused job ad changes nothing: one session serves both
def loaded_session(rel_settings, embedder, eval_cases):
    workspace = Workspace.open(rel_settings.workspaces_dir / f"jd-size-{uuid.uuid4().hex[:8]}")
    session = TailoringSession.create(workspace=workspace, settings=rel_settings)
    resume = eval_cases[0] / "fact_resume.md"
    session.load_resume(resume.read_bytes(), resume.name)
    return session


@pytest.mark.timeout(120)
@pytest.mark.parametrize(
    "paste",
    [
        "Requirements\n" + "- Python experience\n" * 6_000,  # too many lines
        "Experience with Python and SQL. " * 10_000,  # too many characters, one line
    ],
)
def test_a_huge_pasted_job_ad_is_refused_at_once(loaded_session, paste):
    started = time.monotonic()
    with pytest.raises(InputError, match="too long"):
        loaded_session.analyze_job(paste)
    assert time.monotonic() - started < 1.0
    assert loaded_session.board is None  # nothing half-done was kept
