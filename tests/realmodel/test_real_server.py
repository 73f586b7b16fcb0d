"""The LLM engine against a real model: llama.cpp's server with SmolLM2-135M.

These assert guarantees, not prose quality: contracts valid, every cited id exists, the truth
gate holds, no invented numbers, COMPLETE or a clear FAILED; model failures (bad output,
timeouts) end as a clear error and the offline result, never as a crash.
"""

from __future__ import annotations

import json
import time

import pytest

from core.cli import main
from core.contracts import Blackboard, CallOutcome
from core.errors import ProviderError
from core.evaluation.produced import invented_numbers
from core.llm.client import make_llm
from core.llm.prompts import render_prompt
from core.llm.responses import HydeResponse
from tests.realmodel.conftest import MODEL, RealServer
from tests.realmodel.measure import format_rows, summarise

pytestmark = [pytest.mark.realmodel, pytest.mark.timeout(1800)]
CASE = "dev-03-ux-researcher"
LLM_STAGES = {"jd_analyst", "evidence_mapper", "writer", "auditor"}


def test_models_check_finds_json_schema_working(real_server: RealServer, real_key, capsys):
    code = main(["models", "--check", "--json", "--model", MODEL, "--api-base", real_server.url])
    report = json.loads(capsys.readouterr().out)
    assert report["chosen"] == "json_schema"
    assert "json_schema" in report["working"], report
    assert code == 0


def test_a_whole_run_with_the_model_keeps_every_guarantee(
    real_server: RealServer, real_key, eval_dir, tmp_path, capsys, monkeypatch
):
    for name, value in real_server.settings().model_dump(exclude_none=True).items():
        if name in ("max_tokens", "timeout_s", "retries", "provider_retries", "hyde", "cache"):
            monkeypatch.setenv(f"RESUMEFORGE_LLM__{name.upper()}", json.dumps(value))
    monkeypatch.setenv("RESUMEFORGE_MAX_RETRIES", "1")
    from core.settings import get_settings

    get_settings.cache_clear()
    case = eval_dir / CASE
    out = tmp_path / "out"
    started = time.perf_counter()
    code = main(
        [
            "run",
            *("--resume", str(case / "fact_resume.md"), "--jd", str(case / "jd.txt")),
            *("--model", MODEL, "--api-base", real_server.url, "--out", str(out)),
        ]
    )
    printed = capsys.readouterr()
    get_settings.cache_clear()
    print(f"whole run: {time.perf_counter() - started:.0f}s, exit {code}")
    if code == 1:  # a clear FAILED: reasons printed, nothing exported
        assert "FAILED at" in printed.err and "  - " in printed.err
        assert not (out / "resume.docx").exists()
        return
    assert code in (0, 3), printed.out + printed.err
    assert "COMPLETE" in printed.out
    board = Blackboard.model_validate(json.loads((out / "audit.json").read_text())["blackboard"])
    seconds = time.perf_counter() - started
    print(format_rows([summarise(CASE, board, seconds, case)]))  # the eval notes' numbers
    assert board.current_step == "COMPLETE"
    assert {r.stage for r in board.llm_calls} >= LLM_STAGES, "every LLM stage was asked"
    assert_guarantees(board, (case / "fact_resume.md").read_text(encoding="utf-8"))


def assert_guarantees(board: Blackboard, fact_text: str) -> None:
    draft = board.resume_draft
    assert draft is not None
    card_ids = {c.id for c in board.evidence_cards}
    live = draft.live_bullets()
    assert live, "the draft states something"
    for bullet in live:
        assert bullet.evidence_card_ids, bullet.id
        assert set(bullet.evidence_card_ids) <= card_ids, bullet.id
    lines = [(b.id, b.text) for b in live] + [(s.skill, s.skill) for s in draft.skills]
    assert invented_numbers(lines, fact_text) == []
    assert board.audit_report is not None
    blocked = {v.bullet_id for v in board.audit_report.blockers()}
    assert not blocked & {b.id for b in live}, "the truth gate let a blocked line through"


def test_real_malformed_output_goes_through_the_repair_path(real_server: RealServer, real_key):
    """Prompt-only JSON cut off after 3 tokens: the real model's text is malformed and cannot be
    cleaned into the schema, so the one repair call is made; the call ends repaired or as a
    clear bad_output error (the stage would use its offline result), never as a crash."""
    llm = make_llm(real_server.settings(mode="prompt_json", max_tokens=3))
    assert llm is not None
    prompt = render_prompt("hyde", requirement="Design usability studies for a mobile banking app")
    try:
        answer = llm.structured(prompt, HydeResponse, stage="hyde")
    except ProviderError as err:
        assert err.kind == "bad_output"
        record = llm.records[-1]
        assert record.outcome == CallOutcome.FALLBACK
        assert record.attempts == 2, "one request, then the one repair request"
        return
    record = llm.records[-1]
    assert record.outcome == CallOutcome.REPAIRED and "repair call" in record.notes, record
    assert answer.bullet.strip()


def test_a_timeout_is_a_clear_error_within_the_budget(real_server: RealServer, real_key):
    llm = make_llm(real_server.settings(timeout_s=0.5, max_tokens=512))
    assert llm is not None
    long_requirement = "Run moderated and unmoderated usability studies. " * 60
    prompt = render_prompt("hyde", requirement=long_requirement)
    started = time.perf_counter()
    with pytest.raises(ProviderError) as caught:
        llm.structured(prompt, HydeResponse, stage="hyde")
    assert caught.value.kind == "timeout"
    assert time.perf_counter() - started < 15
    assert llm.records[-1].error_code == "timeout"
