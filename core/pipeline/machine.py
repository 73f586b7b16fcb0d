"""The SDD state machine (section 5.1): which state follows which, and on what condition."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from core.contracts import Blackboard
from core.contracts import PipelineState as S


def _audit_passed(b: Blackboard) -> bool:
    return b.audit_report is not None and b.audit_report.passed


def _can_revise(b: Blackboard) -> bool:
    return not _audit_passed(b) and b.retry_count < b.max_retries


@dataclass(frozen=True)
class Transition:
    source: S
    target: S
    condition: Callable[[Blackboard], bool] = lambda _: True


TRANSITIONS = (
    Transition(S.INIT, S.PREPROCESSING),
    Transition(S.PREPROCESSING, S.JD_ANALYSIS),
    Transition(S.JD_ANALYSIS, S.EVIDENCE_MAPPING),
    Transition(S.EVIDENCE_MAPPING, S.WRITING),
    Transition(S.WRITING, S.AUDITING),
    Transition(S.AUDITING, S.COMPLETE, _audit_passed),
    Transition(S.AUDITING, S.REVISION, _can_revise),
    Transition(S.AUDITING, S.FAILED, lambda b: not _audit_passed(b) and not _can_revise(b)),
    Transition(S.REVISION, S.WRITING),
)

TERMINAL = (S.COMPLETE, S.FAILED)


def straight_path() -> list[S]:
    """The states of a run with no revision, in order (each state's first transition)."""
    path = [S.INIT]
    while path[-1] not in TERMINAL:
        path.append(next(t.target for t in TRANSITIONS if t.source == path[-1]))
    return path


def state_before(state: S) -> S:
    """The state a straight run passes just before `state` (what a rewind to it leaves)."""
    path = straight_path()
    if state not in path[1:]:
        raise ValueError(f"Cannot rewind to {state}: it is not on a run's straight path")
    return path[path.index(state) - 1]


def next_state(current: S, board: Blackboard) -> S:
    if board.failure_reasons:
        return S.FAILED
    for transition in TRANSITIONS:
        if transition.source == current and transition.condition(board):
            return transition.target
    raise ValueError(f"No valid transition from {current}")
