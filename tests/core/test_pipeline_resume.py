"""Resuming a run from any saved state: a crash after state X leaves blackboard.json as saved after
X; advancing the board loaded from disk finishes the run with the same result as one that was
never interrupted, and runs no finished state again."""

from __future__ import annotations

import pytest

from core.contracts import PipelineState as S
from core.ingest import parse_resume
from core.pipeline import Deps, advance, new_board
from core.pipeline.store import load_board
from core.retrieval import EvidenceIndex
from core.settings import Settings

# The whole offline pipeline six times: not in the fast tier, which keeps one resume
# check: tests/core/test_pipeline_run_object.py resumes a saved run after evidence mapping.
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def case(eval_dir):
    folder = eval_dir / "dev-01-backend-engineer"
    resume = parse_resume((folder / "fact_resume.md").read_bytes(), "fact_resume.md")
    return resume, (folder / "jd.txt").read_text(encoding="utf-8")


def fresh_board(case):
    resume, jd = case
    return new_board(resume=resume, jd_text=jd, target_title="Senior Platform Engineer")


@pytest.fixture(scope="module")
def deps(case, tmp_path_factory):
    settings = Settings(home=tmp_path_factory.mktemp("resume-home"))
    index = EvidenceIndex.open(
        tmp_path_factory.mktemp("index"), embedder=None, settings=settings.retrieval
    )
    index.build(case[0].cards, content_hash=case[0].content_hash)
    return Deps(index=index, settings=settings)


@pytest.fixture(scope="module")
def uninterrupted(case, deps, tmp_path_factory):
    return advance(fresh_board(case), deps, run_dir=tmp_path_factory.mktemp("whole"))


def ran(board) -> list[S]:
    return [e.state for e in board.events if e.detail != "rewind"]


@pytest.mark.parametrize(
    "crash_after", [S.PREPROCESSING, S.JD_ANALYSIS, S.EVIDENCE_MAPPING, S.WRITING, S.AUDITING]
)
def test_a_run_resumed_after_any_state_ends_as_an_uninterrupted_one(
    crash_after, case, deps, uninterrupted, tmp_path
):
    assert uninterrupted.current_step == S.COMPLETE, uninterrupted.failure_reasons
    advance(fresh_board(case), deps, run_dir=tmp_path, stop_after=crash_after)
    saved = load_board(tmp_path)  # all that survives the crash
    assert saved is not None and saved.current_step == crash_after

    resumed = advance(saved, deps, run_dir=tmp_path)

    assert resumed.current_step == S.COMPLETE, resumed.failure_reasons
    assert ran(resumed) == ran(uninterrupted)  # each state once: nothing finished ran again
    texts = [b.text for b in resumed.resume_draft.all_bullets()]
    assert texts == [b.text for b in uninterrupted.resume_draft.all_bullets()]
    assert [c.model_dump() for c in resumed.claim_index] == [
        c.model_dump() for c in uninterrupted.claim_index
    ]
    assert load_board(tmp_path).model_dump_json() == resumed.model_dump_json()
