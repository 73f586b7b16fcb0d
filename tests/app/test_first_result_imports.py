"""A first result needs no LLM library: the offline app path (router modules, the sidebar's
model menu, sample through analysis, mapping and the draft) never imports litellm, instructor or
openai (seconds at start-up and ~130 MB of the server's memory), nor torch or
sentence-transformers (the bundled model runs on ONNX Runtime)."""

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
from core.llm.endpoints import visitor_models
settings = Settings(home=Path(tempfile.mkdtemp()))
assert visitor_models(settings.llm)  # the sidebar's model menu (the default models)
session = TailoringSession.create(workspace=Workspace.open(settings.home / "w"), settings=settings)
session.load_resume_text(sample_text(SAMPLE_RESUME), source_name=SAMPLE_RESUME)
session.analyze_job(sample_text(SAMPLE_JD))
session.map_evidence()
session.write_draft()  # the offline writer and audit
heavy = ("litellm", "instructor", "openai", "torch", "sentence_transformers", "transformers")
print(sorted(m for m in heavy if m in sys.modules))
"""


@pytest.mark.slow
def test_the_offline_first_result_does_not_import_llm_libraries():
    env = {**os.environ, "PYTHONPATH": str(REPO), "HF_HUB_OFFLINE": "1"}
    output = run_python(SCRIPT, env=env)
    assert last_line(output) == "[]", output
