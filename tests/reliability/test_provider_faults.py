"""Provider faults during a whole `tailor` run with a model configured (loopback server).

Timeouts, 429 storms (with an absurd Retry-After), 500s, malformed JSON, truncated JSON and empty
answers: every stage degrades to the offline engine (recorded in board.llm_calls and the event
log), the run completes, nothing hangs (pytest-timeout), earlier stages are kept, and the server
never receives more requests than the retry budget computed from LLMSettings allows.
"""

from __future__ import annotations

import time

import pytest

from core.contracts import CallOutcome, PipelineState
from core.llm.client import make_llm
from core.pipeline.runner import RunRequest, tailor
from tests.llm_server import Reply, chat_completion, error_body
from tests.reliability.conftest import (
    StageScript,
    fact_resume,
    fast_llm_settings,
    request_budget,
    requests_per_structured_call,
    sample_jd,
    stages_seen,
    write_inputs,
)
from tests.reliability.inspection import (
    board_file_ok,
    docx_text,
)

LLM_STAGES = {
    "structure_reader",
    "jd_analyst",
    "evidence_mapper",
    "gap_questions",
    "writer",
    "auditor",
}
FAST_FAULTS = {"429_storm", "500"}  # these also run HyDE (one call per requirement)


def _content(text: str, *, finish_reason: str = "stop"):
    def reply(request) -> Reply:
        return Reply(
            body=chat_completion(content=text, model=request.model, finish_reason=finish_reason)
        )

    return reply


FAULTS = {
    # the server answers after 2 s; the client gives up after timeout_s=0.5
    "timeout": lambda request: Reply(body=chat_completion(content="{}"), delay=2.0),
    # every request rate limited, and the server asks for an hour's wait (capped by settings)
    "429_storm": lambda request: Reply(
        status=429,
        body=error_body("Rate limit reached", kind="rate_limit_error", code="rate_limit"),
        headers={"Retry-After": "3600"},
    ),
    "500": lambda request: Reply(status=500, body=error_body("boom", kind="server_error")),
    "malformed_json": _content('{"summary": [oops, "roles": ]} trailing prose'),
    "truncated_json": _content('{"summary": [{"text": "Built the data', finish_reason="length"),
    "empty_content": _content(""),
}


def _run(settings, tmp_path, tag: str, llm):
    resume, jd = write_inputs(tmp_path / "in", fact_resume(tag), sample_jd())
    request = RunRequest(resume_path=resume, jd_path=jd, title="Senior Data Engineer")
    return tailor(request, settings=settings, llm=llm)


@pytest.mark.timeout(120)
@pytest.mark.parametrize("fault", list(FAULTS))
def test_every_stage_degrades_to_offline_within_the_retry_budget(
    fault, rel_settings, embedder, llm_server, tmp_path
):
    llm_settings = fast_llm_settings(timeout_s=0.5, hyde=fault in FAST_FAULTS)
    settings = rel_settings.model_copy(update={"llm": llm_settings})
    llm_server.responder = FAULTS[fault]
    llm = make_llm(llm_settings, api_key="sk-test-faults-0000", api_base=llm_server.url)

    started = time.monotonic()
    result = _run(settings, tmp_path, f"fault-{fault}", llm)
    elapsed = time.monotonic() - started
    board = result.board

    # the run completed on the offline engine, with its outputs
    assert board.current_step == PipelineState.COMPLETE, board.failure_reasons
    assert result.outputs is not None and "Snowflake" in docx_text(result.outputs.docx)
    assert board.requirements and board.evidence_map  # deterministic stages kept their work
    assert all(b.origin == "extractive" for b in board.resume_draft.all_bullets())
    # every LLM stage was tried, failed, and is on record (board and saved board)
    expected = LLM_STAGES | ({"hyde"} if llm_settings.hyde else set())
    seen = set(stages_seen(llm_server)) - {"repair"}
    assert seen == expected, stages_seen(llm_server)
    failed = {c.stage for c in board.llm_calls if c.outcome in (CallOutcome.ERROR, "fallback")}
    assert failed == expected, [(c.stage, c.outcome, c.error) for c in board.llm_calls]
    assert all(c.error for c in board.llm_calls)
    by_state = {e.state: e.llm_calls for e in board.events}
    assert by_state[PipelineState.JD_ANALYSIS] >= 1 and by_state[PipelineState.WRITING] >= 1
    saved = board_file_ok(result.run_dir)
    assert len(saved.llm_calls) == len(board.llm_calls)
    # bounded: the retry budget from the settings, and no sleeping for an hour
    budget = request_budget(settings, requirements=len(board.requirements))
    assert llm_server.count <= budget, (llm_server.count, budget)
    assert all(c.attempts <= requests_per_structured_call(llm_settings) for c in board.llm_calls)
    print(f"{fault}: {llm_server.count} requests, {elapsed:.1f} s")


@pytest.mark.timeout(120)
def test_a_writer_outage_keeps_the_earlier_model_stages(
    rel_settings, embedder, llm_server, tmp_path
):
    """JD analysis and mapping succeed with the model; every writer call fails (500)."""
    storyline = "Owning nightly retail loads end to end"
    llm_server.responder = StageScript(
        {
            "jd_analyst": {
                "inferred_level": "Senior",
                "recommended_storylines": [storyline],
                "requirements": [],
            },
            "writer": lambda request: Reply(status=500, body=error_body("writer down")),
        }
    )
    llm_settings = fast_llm_settings()
    settings = rel_settings.model_copy(update={"llm": llm_settings})
    llm = make_llm(llm_settings, api_key="sk-test-writer-down", api_base=llm_server.url)

    result = _run(settings, tmp_path, "fault-writer-only", llm)
    board = result.board

    assert board.current_step == PipelineState.COMPLETE, board.failure_reasons
    assert board.role_profile.recommended_storylines == [storyline]  # the model's JD analysis
    assert board_file_ok(result.run_dir).role_profile.recommended_storylines == [storyline]
    outcomes = {c.stage: c.outcome for c in board.llm_calls}
    assert outcomes["jd_analyst"] == CallOutcome.OK
    assert outcomes["writer"] == CallOutcome.ERROR
    assert any("Model writer failed" in note for note in board.change_log)
    writer_requests = stages_seen(llm_server).count("writer")
    rounds = 1 + settings.max_retries
    assert writer_requests <= rounds * requests_per_structured_call(llm_settings)
    assert "Snowflake" in docx_text(result.outputs.docx)


def test_after_a_failed_writer_call_regenerate_asks_the_model_again(
    rel_settings, embedder, llm_server
):
    """A draft whose model call failed (offline fallback) is not "up to date": the next click
    writes again and asks the model; once every call succeeded, a click runs nothing."""
    from core.service import TailoringSession
    from core.workspace import Workspace

    llm_server.responder = StageScript(
        {"writer": lambda request: Reply(status=500, body=error_body("writer down"))}
    )
    llm_settings = fast_llm_settings()
    settings = rel_settings.model_copy(update={"llm": llm_settings, "max_retries": 0})
    llm = make_llm(llm_settings, api_key="sk-test-regenerate", api_base=llm_server.url)
    workspace = Workspace.open(settings.workspaces_dir / "regenerate-after-outage")
    session = TailoringSession.create(workspace=workspace, settings=settings, llm=llm)
    session.load_resume_text(fact_resume("regenerate"), source_name="r.md")
    session.analyze_job(sample_jd(), target_title="Senior Data Engineer")
    session.map_evidence()

    def writer_calls() -> list[CallOutcome]:
        return [c.outcome for c in session.board.llm_calls if c.stage == "writer"]

    session.write_draft()
    assert writer_calls() == [CallOutcome.ERROR]
    assert not session.draft_is_current()

    llm_server.responder = StageScript()  # the provider is back
    session.write_draft()
    assert writer_calls() == [CallOutcome.ERROR, CallOutcome.OK]  # asked again
    assert session.draft_is_current()
    session.write_draft()
    assert len(writer_calls()) == 2  # nothing changed and nothing failed: no new run
