"""What a finished run says about itself: which engine really ran, why it failed, and the
earlier run of the same job it can be compared with (the CLI's report and `diff_from_base.md`).
"""

from __future__ import annotations

import json
from pathlib import Path

from core.contracts import Blackboard, CallOutcome, LLMCallRecord
from core.contracts import PipelineState as S
from core.pipeline.machine import TERMINAL


def failed_call(call: LLMCallRecord) -> bool:
    """Did this model call get no usable answer (the stage used its offline result)? A server
    that answers, but with content no stage can use (prose, not JSON), failed as surely as
    one that did not answer."""
    return bool(call.error) or call.outcome in (CallOutcome.FALLBACK, CallOutcome.ERROR)


def failed_model_calls(board: Blackboard) -> list[LLMCallRecord]:
    """The model calls of this run that got no usable answer."""
    return [r for r in board.llm_calls if failed_call(r)]


def failure_causes(calls: list[LLMCallRecord]) -> str:
    """The causes of failed calls, each once: '401, bad_output'."""
    return ", ".join(sorted({r.error_code or "error" for r in calls}))


def engine_label(board: Blackboard) -> str:
    """What really ran: the model, "offline (model calls failed: 401)" when no model call
    answered usably, or "<model>, partly offline (model calls failed: timeout)"."""
    failed = failed_model_calls(board)
    if not failed:
        return board.engine
    why = f"model calls failed: {failure_causes(failed)}"
    answered = [r for r in board.llm_calls if not failed_call(r)]
    return f"{board.engine}, partly offline ({why})" if answered else f"offline ({why})"


def failed_state(board: Blackboard) -> S | None:
    """The state a FAILED run stopped in: the last non-terminal state it ran (None if none)."""
    ran = [e.state for e in board.events if e.detail != "rewind" and e.state not in TERMINAL]
    return ran[-1] if ran else None


def failure_reasons(board: Blackboard, limit: int = 5) -> list[str]:
    """Why a run failed: the recorded reasons, else the audit's blocking findings."""
    if board.failure_reasons:
        return list(board.failure_reasons)
    blockers = board.audit_report.blockers() if board.audit_report else []
    if not blockers:
        return ["the audit did not pass"]
    reasons = [f"{v.bullet_id}: {v.violation}" for v in blockers[:limit]]
    if len(blockers) > limit:
        reasons.append(f"… and {len(blockers) - limit} more blocking finding(s)")
    retries = f"after {board.retry_count} revision(s)"
    return [f"the audit still found {len(blockers)} blocking problem(s) {retries}", *reasons]


def previous_run(out_dir: Path, board: Blackboard) -> Path | None:
    """The newest other run folder beside `out_dir` made from the same fact resume (same content
    hash) for the same job (same JD text); None when this is the first run of that job.

    The folders are tried newest first and the first match is the answer, so a runs folder that
    grows with every run costs one parse, not one per run; a folder whose audit.json does not
    even contain this resume's hash is passed over without parsing it."""
    here = Path(out_dir).resolve()
    parent = here.parent
    if not parent.is_dir():
        return None
    dated = [
        (t, p)
        for p in parent.iterdir()
        if p.is_dir() and p.resolve() != here and (t := _saved_at(p)) is not None
    ]
    dated.sort(key=lambda pair: pair[0], reverse=True)  # stable: equal times keep folder order
    return next((p for _, p in dated if _same_resume_and_job(p, board)), None)


def _saved_at(run: Path) -> float | None:
    """When `run`'s audit.json was written (None: no such file)."""
    try:
        return (run / "audit.json").stat().st_mtime
    except OSError:
        return None


def _same_resume_and_job(run: Path, board: Blackboard) -> bool:
    """Was the run saved in `run` (its audit.json) made from the same fact resume and JD?"""
    current_hash = board.resume.content_hash if board.resume else None
    try:
        text = (run / "audit.json").read_text(encoding="utf-8")
        if current_hash and current_hash not in text:
            return False  # a hash is written as it is (hex), so it is not this resume's run
        saved = json.loads(text)["blackboard"]
        resume_hash = saved["resume"]["content_hash"]
        jd_text = saved["inputs"]["job_description"]
    except (OSError, ValueError, KeyError, TypeError):
        return False  # not a run folder, or one this version cannot read
    return resume_hash == current_hash and jd_text == board.inputs.job_description
