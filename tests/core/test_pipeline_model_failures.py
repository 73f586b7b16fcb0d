"""`run --model` after failed model calls. The loopback provider answers 401
first, then works: the first run says it ran offline and exits 3; the same command again asks
the model again (the saved run is not reused) and exits 0 with the model as the engine."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.cli import main
from core.cli.pipeline import MODEL_CALLS_FAILED
from tests.llm_server import Reply, ScriptedLLMServer, chat_completion, error_body
from tests.reliability.conftest import StageScript

pytestmark = pytest.mark.slow


def run_args(case: Path, server: ScriptedLLMServer, out: Path) -> list[str]:
    return [
        "run",
        "--resume",
        str(case / "fact_resume.md"),
        "--jd",
        str(case / "jd.txt"),
        "--model",
        "openai/test-model",
        "--api-base",
        server.url,
        "--out",
        str(out),
    ]


def test_a_run_whose_model_calls_failed_is_retried_and_says_what_ran(
    eval_dir, tmp_path, capsys, monkeypatch
):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-retry-0123456789")
    monkeypatch.setenv("RESUMEFORGE_LLM__PROVIDER_RETRIES", "0")
    monkeypatch.setenv("RESUMEFORGE_LLM__RETRIES", "0")
    monkeypatch.setenv("RESUMEFORGE_LLM__HYDE", "false")
    from core.settings import get_settings

    get_settings.cache_clear()
    case = eval_dir / "dev-01-backend-engineer"
    with ScriptedLLMServer() as server:
        server.responder = lambda request: Reply(status=401, body=error_body("bad key"))
        code = main(run_args(case, server, tmp_path / "first"))
        first = capsys.readouterr().out
        assert code == MODEL_CALLS_FAILED
        assert "engine: offline (model calls failed: 401)" in first
        failed_requests = server.count
        assert failed_requests > 0
        saved = json.loads((tmp_path / "first" / "audit.json").read_text())["blackboard"]
        assert {c["error_code"] for c in saved["llm_calls"]} == {"401"}

        server.responder = StageScript()  # the key was fixed
        code = main(run_args(case, server, tmp_path / "second"))
        second = capsys.readouterr().out
        assert code == 0, second
        assert server.count > failed_requests, "the model was asked again"
        assert "engine: openai/test-model" in second and "offline" not in second

        # a finished run with a working model is reused: no new requests
        asked = server.count
        assert main(run_args(case, server, tmp_path / "third")) == 0
        assert server.count == asked
    get_settings.cache_clear()


def prose(request) -> Reply:
    """A valid chat envelope whose content no stage can use."""
    text = "Happy to help! This candidate looks like a great fit for the role."
    return Reply(body=chat_completion(content=text, model=request.model))


def test_a_model_answering_prose_is_a_failure_and_the_next_run_asks_again(
    eval_dir, tmp_path, capsys, monkeypatch
):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-prose-0123456789")
    monkeypatch.setenv("RESUMEFORGE_LLM__PROVIDER_RETRIES", "0")
    monkeypatch.setenv("RESUMEFORGE_LLM__RETRIES", "0")
    monkeypatch.setenv("RESUMEFORGE_LLM__HYDE", "false")
    from core.settings import get_settings

    get_settings.cache_clear()
    case = eval_dir / "dev-01-backend-engineer"
    with ScriptedLLMServer() as server:
        server.responder = prose
        code = main(run_args(case, server, tmp_path / "first"))
        first = capsys.readouterr()
        assert code == MODEL_CALLS_FAILED
        assert "engine: offline (model calls failed: bad_output)" in first.out
        assert "gave no usable answer (bad_output)" in first.err
        assert "run the same command again" in first.err
        prose_requests = server.count
        assert prose_requests > 0

        server.responder = StageScript()  # a working server
        code = main(run_args(case, server, tmp_path / "second"))
        second = capsys.readouterr().out
        assert code == 0, second
        assert server.count > prose_requests, "the failed board was not reused"
        assert "engine: openai/test-model" in second and "offline" not in second
    get_settings.cache_clear()


def test_a_run_past_its_time_for_model_calls_falls_back_at_once_and_says_so(
    eval_dir, tmp_path, capsys, monkeypatch
):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-budget-0123456789")
    monkeypatch.setenv("RESUMEFORGE_LLM__PROVIDER_RETRIES", "2")
    monkeypatch.setenv("RESUMEFORGE_LLM__RETRIES", "0")
    monkeypatch.setenv("RESUMEFORGE_LLM__HYDE", "false")
    monkeypatch.setenv("RESUMEFORGE_LLM__RUN_BUDGET_S", "2")
    from core.settings import get_settings

    get_settings.cache_clear()
    case = eval_dir / "dev-01-backend-engineer"
    with ScriptedLLMServer() as server:
        slow = StageScript()
        server.responder = lambda request: Reply(**{**vars(slow(request)), "delay": 6.0})
        code = main(run_args(case, server, tmp_path / "out"))
        captured = capsys.readouterr()
    get_settings.cache_clear()
    assert code == MODEL_CALLS_FAILED
    saved = json.loads((tmp_path / "out" / "audit.json").read_text())["blackboard"]
    calls = [c for c in saved["llm_calls"] if c["stage"] != "structure_reader"]
    # The time counts from the start of the run (indexing included): on a busy machine it may
    # be spent before the first model call, which then falls back at once like the rest.
    codes = [c["error_code"] for c in calls]
    assert set(codes) <= {"timeout", "budget"} and codes.count("budget") >= len(codes) - 1 >= 1
    assert sum(c["attempts"] for c in calls) <= 1, "one request at most, cut off; none after"
    assert all(c["latency_ms"] < 4_000 for c in calls), "cut off when the time ran out"
    assert "offline (model calls failed: budget" in captured.out
    assert "gave no usable answer (budget" in captured.err
