"""The orchestrator: runs the SDD state machine over a Blackboard, saving it after every state.

`advance(board, deps, run_dir=…, stop_after=…)` runs from the board's current state until a
terminal state (or `stop_after`), so a run interrupted by a crash or a closed browser resumes from
its last saved state. Each state is recorded in the event log with timing, engine and LLM calls.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from core.contracts import Blackboard, Inputs, LengthRules, LLMCallRecord, ParsedResume, RunEvent
from core.contracts import PipelineState as S
from core.errors import ResumeForgeError
from core.pipeline.machine import TERMINAL, next_state, state_before, straight_path
from core.pipeline.steps import (
    Changes,
    Deps,
    apply_changes,
    do_auditing,
    do_jd_analysis,
    do_mapping,
    do_preprocess,
    do_revision,
    do_writing,
)
from core.pipeline.store import save_board

ACTIONS: dict[S, Callable[[Blackboard, Deps], Changes]] = {
    S.PREPROCESSING: do_preprocess,
    S.JD_ANALYSIS: do_jd_analysis,
    S.EVIDENCE_MAPPING: do_mapping,
    S.WRITING: do_writing,
    S.AUDITING: do_auditing,
    S.REVISION: do_revision,
}


def new_board(
    *,
    resume: ParsedResume,
    jd_text: str,
    target_title: str = "",
    max_pages: int = 2,
    max_retries: int = 3,
    template: str = "classic",
    no_education: bool = False,
    run_id: str = "",
) -> Blackboard:
    return Blackboard(
        run_id=run_id,
        inputs=Inputs(
            job_description=jd_text,
            target_title=target_title,
            length_rules=LengthRules(max_pages=max_pages),
            template_path=template,
            resume_source=resume.source_name,
            no_education=no_education,
        ),
        resume=resume,
        max_retries=max_retries,
    )


def run_state(board: Blackboard, state: S, deps: Deps) -> None:
    """Run one state's action, record it in the event log and mark it finished."""
    board.current_step = state
    board.finished_states = [s for s in board.finished_states if s != state]
    calls_before = len(board.llm_calls)
    records_before = len(_llm_records(deps))
    started = time.perf_counter()
    action = ACTIONS.get(state)
    if action is not None:
        if deps.on_state:
            deps.on_state(state.value)
        try:
            apply_changes(board, action(board, deps))
        except ResumeForgeError as err:
            board.failure_reasons.append(f"{state.value}: {err}")
        finally:
            _collect_llm_calls(board, _llm_records(deps)[records_before:])
    board.events.append(
        RunEvent(
            state=state,
            seconds=round(time.perf_counter() - started, 4),
            engine=board.engine,
            llm_calls=len(board.llm_calls) - calls_before,
            detail="; ".join(board.failure_reasons[-1:]) if state == S.FAILED else "",
        )
    )
    board.finished_states.append(state)


def advance(
    board: Blackboard,
    deps: Deps,
    *,
    run_dir: Path | None = None,
    stop_after: S | None = None,
) -> Blackboard:
    """Run from the board's current state to a terminal state (or through `stop_after`)."""
    board.engine = getattr(deps.llm, "model", None) or "offline"
    state = board.current_step
    if state == S.INIT:
        run_state(board, S.INIT, deps)
        _save(board, run_dir)
        state = next_state(S.INIT, board)
    elif state not in TERMINAL and state in board.finished_states:
        state = next_state(state, board)
    while state not in TERMINAL:
        run_state(board, state, deps)
        _save(board, run_dir)
        if stop_after is not None and state == stop_after:
            return board
        state = next_state(state, board)
    run_state(board, state, deps)
    _save(board, run_dir)
    return board


def rewind_to(board: Blackboard, state: S) -> None:
    """Make `state` the next to run again (e.g. WRITING after new gap answers); clears what
    that state and the ones after it produced."""
    if state in (S.PREPROCESSING, S.JD_ANALYSIS, S.EVIDENCE_MAPPING, S.WRITING):
        board.resume_draft = None
        board.claim_index = []
        board.audit_report = None
        board.ats_report = None
        board.retry_count = 0
        board.revision_exclude_ids = []
        board.revision_notes = []
    board.failure_reasons = []
    board.current_step = state_before(state)
    path = straight_path()
    board.finished_states = path[: path.index(state)]
    board.events.append(RunEvent(state=board.current_step, engine=board.engine, detail="rewind"))


def _llm_records(deps: Deps) -> list[LLMCallRecord]:
    """The client's call log (every model call, fallbacks and cache hits included)."""
    records = getattr(deps.llm, "records", None)
    return records if isinstance(records, list) else []


def _collect_llm_calls(board: Blackboard, records: list[LLMCallRecord]) -> None:
    """Copy this state's LLM call records onto the board (each record once)."""
    present = {id(record) for record in board.llm_calls}
    board.llm_calls.extend(r for r in records if id(r) not in present)


def _save(board: Blackboard, run_dir: Path | None) -> None:
    if run_dir is not None:
        save_board(run_dir, board)


__all__ = ["Deps", "advance", "new_board", "rewind_to", "run_state"]
