"""No dead ends: every shared real resume × job-ad pair runs to a finished resume given only what
its file truly lacks (the labels say whether a name, an e-mail or a phone is in the file)."""

from __future__ import annotations

import json

import pytest

from core.contracts import PipelineState
from core.evaluation.pipeline_eval import private_settings
from core.pipeline.runner import RunRequest, tailor
from core.settings import get_settings
from tests.conftest import SHARED, real_pairs, shared_params

REAL = SHARED / "eval" / "real"

pytestmark = pytest.mark.slow


def _contact_in_file(resume: str) -> dict[str, bool]:
    labels = json.loads((REAL / "labels" / "resumes.json").read_text(encoding="utf-8"))
    row = next(r for r in labels if r["file"] == resume)
    return {part: bool(row[f"{part}_present"]) for part in ("name", "email", "phone")}


@pytest.mark.parametrize(("resume", "jd"), shared_params(real_pairs(), width=2))
def test_a_real_pair_finishes_given_only_what_the_file_lacks(resume, jd, tmp_path):
    present = _contact_in_file(resume)
    supplied = {
        "name": "" if present["name"] else "Alex Example",
        "email": "" if present["email"] or present["phone"] else "alex@example.com",
    }
    settings = private_settings(get_settings(), tmp_path / "home")
    request = RunRequest(
        resume_path=REAL / resume, jd_path=REAL / jd, out_dir=tmp_path / "out", **supplied
    )
    result = tailor(request, settings=settings)
    reasons = result.board.failure_reasons
    assert result.board.current_step == PipelineState.COMPLETE, reasons
    assert result.outputs is not None and (tmp_path / "out" / "resume.docx").is_file()
