"""A run folder is named by its inputs and by the code that makes it: the same inputs resume
their run, an updated ResumeForge tailors them again (core/pipeline/store.code_fingerprint)."""

from __future__ import annotations

import pytest

from core.contracts import PipelineState
from core.pipeline import runner
from core.pipeline.runner import RunRequest, tailor
from core.pipeline.store import code_fingerprint
from tests.reliability.conftest import fact_resume, sample_jd, write_inputs


def test_the_fingerprint_follows_every_file_but_bytecode(tmp_path):
    code, prompts = tmp_path / "core", tmp_path / "prompts"
    (code / "mapping").mkdir(parents=True)
    prompts.mkdir()
    (code / "mapping" / "questions.py").write_text("QUOTE = 160\n")
    (prompts / "gap_questions.jinja").write_text("Ask about the gap.\n")
    before = code_fingerprint((code, prompts))
    assert code_fingerprint((code, prompts)) == before
    (code / "__pycache__").mkdir()
    (code / "__pycache__" / "x.cpython-311.pyc").write_bytes(b"\0compiled")
    assert code_fingerprint((code, prompts)) == before  # a compile is not a change
    (prompts / "gap_questions.jinja").write_text("Ask about the gap, quoting the line.\n")
    edited = code_fingerprint((code, prompts))
    assert edited != before
    (code / "mapping" / "questions.py").rename(code / "mapping" / "asks.py")
    assert code_fingerprint((code, prompts)) not in (before, edited)  # a rename is a change


@pytest.mark.timeout(180)
def test_the_same_inputs_resume_their_run_and_updated_code_tailors_them_again(
    rel_settings, embedder, tmp_path, monkeypatch
):
    resume_path, jd_path = write_inputs(tmp_path / "in", fact_resume("code-update"), sample_jd())
    request = RunRequest(
        resume_path=resume_path,
        jd_path=jd_path,
        title="Senior Data Engineer",
        out_dir=tmp_path / "out",
    )
    first = tailor(request, settings=rel_settings)
    assert first.board.current_step == PipelineState.COMPLETE
    again = tailor(request, settings=rel_settings)
    assert again.run_dir == first.run_dir  # same code, same inputs: the saved run

    monkeypatch.setattr(runner, "code_fingerprint", lambda: "0" * 64)  # as after an update
    updated = tailor(request, settings=rel_settings)
    assert updated.run_dir != first.run_dir
    assert updated.board.current_step == PipelineState.COMPLETE
    assert updated.board.run_id != first.board.run_id
