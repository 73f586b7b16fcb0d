"""Concurrency and crashes.

- Two sessions (two workspaces) running at once in threads stay isolated: no card of one is
  visible in the other's search, board or export.
- The same session asked to write the draft twice at once (a double click) gives one
  consistent run; two exports at once both produce complete, readable files.
- A CLI run killed with SIGKILL (while indexing, or after its first saved state) is resumed by
  running the same command again; the workspace is not corrupted.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest

from core.contracts import PipelineState
from core.pipeline.store import load_board
from core.retrieval import EvidenceIndex
from core.service import TailoringSession
from core.settings import RetrievalSettings
from core.workspace import Workspace
from tests.reliability.conftest import (
    REPO,
    fact_resume,
    sample_jd,
    write_inputs,
)
from tests.reliability.inspection import (
    board_file_ok,
    docx_text,
)


def run_together(*actions: Callable[[], object], timeout: float = 150) -> list[object]:
    """Start every action at the same moment in its own thread; re-raise the first error."""
    barrier = threading.Barrier(len(actions))
    results: list[object] = [None] * len(actions)
    errors: list[BaseException] = []

    def worker(index: int, action: Callable[[], object]) -> None:
        try:
            barrier.wait()
            results[index] = action()
        except BaseException as err:
            errors.append(err)

    threads = [threading.Thread(target=worker, args=(i, a)) for i, a in enumerate(actions)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout)
    assert not any(t.is_alive() for t in threads), "a concurrent action hung"
    if errors:
        raise errors[0]
    return results


def writing_runs(board) -> int:
    """How many times the writer ran on this board (the event log names each state run)."""
    return sum(1 for e in board.events if e.state == PipelineState.WRITING and e.detail != "rewind")


def new_session(settings) -> TailoringSession:
    workspace = Workspace.open(settings.workspaces_dir / f"conc-{uuid.uuid4().hex[:8]}")
    return TailoringSession.create(workspace=workspace, settings=settings)


def full_run(session: TailoringSession, tag: str):
    session.load_resume_text(fact_resume(tag), source_name=f"{tag}.md")
    session.analyze_job(sample_jd(), target_title="Senior Data Engineer")
    session.map_evidence()
    board = session.write_draft()
    return board, session.export(template="classic")


@pytest.mark.timeout(180)
def test_two_sessions_at_once_stay_isolated(rel_settings, embedder):
    first, second = new_session(rel_settings), new_session(rel_settings)
    tags = (f"Zephyr{uuid.uuid4().hex[:6]}", f"Quokka{uuid.uuid4().hex[:6]}")

    results = run_together(lambda: full_run(first, tags[0]), lambda: full_run(second, tags[1]))

    for session, (board, outputs), mine, other in (
        (first, results[0], tags[0], tags[1]),
        (second, results[1], tags[1], tags[0]),
    ):
        assert board.current_step == PipelineState.COMPLETE, board.failure_reasons
        assert any(mine in c.raw_text for c in board.evidence_cards)
        assert not any(other in c.raw_text for c in board.evidence_cards)
        hits = session._open_index().search(f"{other} reconciliation project", k=50, mode="bm25")
        assert not any(other in hit.text for hit in hits.results)
        assert any(mine in hit.text for hit in hits.results)  # the search itself works
        text = docx_text(outputs.docx)
        assert other not in text and other not in outputs.audit_json.read_text()
    assert first.workspace.root != second.workspace.root


@pytest.mark.timeout(180)
def test_a_double_click_on_write_gives_one_consistent_run(rel_settings, embedder):
    session = new_session(rel_settings)
    session.load_resume_text(fact_resume("double-click"), source_name="r.md")
    session.analyze_job(sample_jd(), target_title="Senior Data Engineer")
    session.map_evidence()

    boards = run_together(session.write_draft, session.write_draft)

    assert boards[0] is boards[1] is session.board  # one board
    board = session.board
    assert writing_runs(board) == 1, [e.state for e in board.events]  # one run
    session.write_draft()  # a third click once it is done: nothing changed, nothing rerun
    assert writing_runs(board) == 1
    assert board.current_step == PipelineState.COMPLETE, board.failure_reasons
    runs = [p for p in session.workspace.runs_dir.iterdir() if p.is_dir()]
    assert [p.name for p in runs] == [board.run_id]
    saved = board_file_ok(session.workspace.run_dir(board.run_id))  # valid JSON, valid board
    assert saved.current_step == PipelineState.COMPLETE
    assert [b.text for b in saved.resume_draft.all_bullets()] == [
        b.text for b in board.resume_draft.all_bullets()
    ]
    ids = [b.id for b in board.resume_draft.all_bullets()]
    assert len(ids) == len(set(ids))  # no line written twice

    exports = run_together(
        lambda: session.export(template="classic"), lambda: session.export(template="classic")
    )
    for outputs in exports:
        assert "Snowflake" in docx_text(outputs.docx)
        assert board_file_ok(session.workspace.run_dir(board.run_id))


def _cli(resume: Path, jd: Path) -> list[str]:
    return [sys.executable, "-m", "core", "run", "--resume", str(resume), "--jd", str(jd)]


def _wait_for(pattern: str, home: Path, proc: subprocess.Popen, timeout: float = 90) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and proc.poll() is None:
        if any(home.glob(pattern)):
            return True
        time.sleep(0.02)
    return False


@pytest.mark.timeout(240)
@pytest.mark.parametrize(
    "kill_when", ["workspaces/*/index/*", "workspaces/*/runs/*/blackboard.json"]
)
@pytest.mark.slow
def test_a_cli_run_killed_mid_way_resumes_cleanly(kill_when, tmp_path):
    home = tmp_path / "home"
    resume, jd = write_inputs(tmp_path / "in", fact_resume("crash"), sample_jd())
    env = {
        **os.environ,
        "RESUMEFORGE_HOME": str(home),
        "RESUMEFORGE_RETRIEVAL__EMBEDDING_MODEL": "",  # BM25 only: a fast subprocess
    }
    proc = subprocess.Popen(
        _cli(resume, jd), cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    try:
        reached = _wait_for(kill_when, home, proc)
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.kill()
        proc.communicate(timeout=30)
    assert reached, "the run finished or failed before the kill point"
    assert proc.returncode == -signal.SIGKILL

    again = subprocess.run(
        _cli(resume, jd), cwd=REPO, env=env, capture_output=True, text=True, timeout=150
    )

    assert again.returncode == 0, again.stderr[-2000:]
    assert "COMPLETE" in again.stdout and "Traceback" not in again.stderr
    (run_dir,) = [p.parent for p in home.glob("workspaces/*/runs/*/blackboard.json")]
    board = load_board(run_dir)
    assert board is not None and board.current_step == PipelineState.COMPLETE
    states = [e.state for e in board.events]
    assert states.count(PipelineState.COMPLETE) == 1
    index = EvidenceIndex.open(
        run_dir.parents[1] / "index", embedder=None, settings=RetrievalSettings()
    )
    assert index.search("Snowflake dbt warehouse", k=3, mode="bm25").results
    assert index.warnings == []  # the index on disk was readable, not rebuilt from damage
