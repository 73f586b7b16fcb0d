"""A first result needs no LLM library: the offline app path (router modules, sample through
analysis and mapping) never imports litellm or instructor (they cost seconds at start-up)."""

from __future__ import annotations

import os

import pytest

from tests.app.conftest import REPO
from tests.child import last_line, run_python

SCRIPT = """
import sys, tempfile
from pathlib import Path
import core.ui.actions, core.ui.draft_actions, core.ui.session_setup  # what the router and
import core.ui.sidebar, core.ui.samples, core.ui.state  # its pages load
from core.service import TailoringSession
from core.settings import Settings
from core.ui.samples import SAMPLE_JD, SAMPLE_RESUME, sample_text
from core.workspace import Workspace
settings = Settings(home=Path(tempfile.mkdtemp()))
session = TailoringSession.create(workspace=Workspace.open(settings.home / "w"), settings=settings)
session.load_resume_text(sample_text(SAMPLE_RESUME), source_name=SAMPLE_RESUME)
session.analyze_job(sample_text(SAMPLE_JD))
session.map_evidence()
print(sorted(m for m in ("litellm", "instructor", "openai") if m in sys.modules))
"""


@pytest.mark.slow
def test_the_offline_first_result_does_not_import_llm_libraries():
    env = {**os.environ, "PYTHONPATH": str(REPO), "HF_HUB_OFFLINE": "1"}
    output = run_python(SCRIPT, env=env)
    assert last_line(output) == "[]", output
