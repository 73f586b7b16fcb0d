import itertools

import pytest

from core.contracts import AuditReport, Blackboard, Inputs, TruthViolation
from core.contracts import PipelineState as S
from core.pipeline.machine import next_state


def board(**kw):
    return Blackboard(inputs=Inputs(job_description="jd"), **kw)


def blocker():
    return TruthViolation(bullet_id="b1", bullet_text="x", violation="invented")


def test_linear_states_follow_the_sdd_order():
    b = board()
    order = [S.INIT, S.PREPROCESSING, S.JD_ANALYSIS, S.EVIDENCE_MAPPING, S.WRITING, S.AUDITING]
    for current, expected in itertools.pairwise(order):
        assert next_state(current, b) == expected


def test_audit_outcomes():
    assert next_state(S.AUDITING, board(audit_report=AuditReport(passed=True))) == S.COMPLETE
    failing = AuditReport(passed=False, truth_violations=[blocker()])
    assert next_state(S.AUDITING, board(audit_report=failing, retry_count=0)) == S.REVISION
    assert next_state(S.AUDITING, board(audit_report=failing, retry_count=3)) == S.FAILED
    assert next_state(S.REVISION, board()) == S.WRITING


def test_failure_reasons_end_the_run():
    assert next_state(S.JD_ANALYSIS, board(failure_reasons=["no requirements"])) == S.FAILED


def test_terminal_states_have_no_successor():
    with pytest.raises(ValueError):
        next_state(S.COMPLETE, board())


def test_offline_revision_lists_the_lines_it_drops():
    from core.contracts import DraftBullet, DraftRole, ResumeDraft
    from core.pipeline.steps import Deps, apply_changes, do_revision
    from core.settings import Settings

    line = DraftBullet(id="r1-b1", text="Cut costs 90%", evidence_card_ids=["c1"])
    b = board(
        resume_draft=ResumeDraft(roles=[DraftRole(role_id="r1", bullets=[line])]),
        audit_report=AuditReport(
            passed=False,
            truth_violations=[
                TruthViolation(bullet_id="r1-b1", bullet_text=line.text, violation="invented")
            ],
        ),
    )
    before = b.model_dump_json()
    changes = do_revision(b, Deps(index=None, settings=Settings()))
    assert b.model_dump_json() == before  # a step returns what it decided; it edits nothing
    apply_changes(b, changes)
    assert b.retry_count == 1
    assert b.revision_exclude_ids == ["c1"]
    assert [d.id for d in b.resume_draft.dropped] == ["r1-b1"]
    assert b.change_log == ["Revision 1: 1 line(s) to fix."]
