"""The real litellm + instructor path against the scripted loopback server: every fault case
asserts the exact number of requests the server received."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import pytest

from core.contracts import CallOutcome
from core.errors import ProviderError
from core.llm.client import LiteLLMClient, make_llm
from core.llm.prompts import render_prompt
from core.llm.responses import HydeResponse, MapperResponse, WriterResponse
from core.settings import LLMSettings, StageSettings
from tests.llm_server import Reply, ScriptedLLMServer, chat_completion


@pytest.fixture
def llm_server() -> Iterator[ScriptedLLMServer]:
    with ScriptedLLMServer() as server:
        yield server


KEY = "sk-test-0123456789abcdef"
MAPPER_OK = {
    "evidence_map": [
        {"requirement_id": "r1", "evidence_card_ids": ["c1"], "confidence": "high", "notes": ""}
    ],
    "gaps": [],
}


def settings(**overrides) -> LLMSettings:
    base = {
        "model": "openai/test-model",
        "retries": 1,
        "provider_retries": 1,
        "backoff_s": 0.0,
        "max_backoff_s": 2.0,
        "timeout_s": 5.0,
    }
    return LLMSettings(**(base | overrides))


def client(server: ScriptedLLMServer, **overrides) -> LiteLLMClient:
    llm = make_llm(settings(**overrides), api_key=KEY, api_base=server.url)
    assert isinstance(llm, LiteLLMClient)
    return llm


def hyde_prompt():
    return render_prompt("hyde", requirement="Run Kubernetes in production")


def mapper_prompt():
    return render_prompt(
        "evidence_mapper",
        requirements=[{"id": "r1", "text": "Go services"}],
        cards=[{"id": "c1", "text": "Built Go services for payments"}],
        synonyms={"golang": ["go"]},
    )


def test_valid_json_one_request_with_key_tokens_and_settings(llm_server):
    llm = client(llm_server, stages={"hyde": StageSettings(temperature=0.7, max_tokens=300)})
    llm_server.reply_json({"bullet": "Ran Kubernetes for 40 services"}, prompt_tokens=50)

    answer = llm.structured(hyde_prompt(), HydeResponse, stage="hyde")

    assert answer.bullet == "Ran Kubernetes for 40 services"
    assert llm_server.count == 1
    request = llm_server.requests[0]
    assert request.model == "test-model"
    assert request.body["temperature"] == 0.7 and request.body["max_tokens"] == 300
    # an api_base server: JSON schema mode (core/llm/output_mode.py)
    assert request.body["response_format"]["type"] == "json_schema"
    assert request.body["response_format"]["json_schema"]["name"] == "HydeResponse"
    assert request.headers["Authorization"] == f"Bearer {KEY}"  # key passed per call
    assert "Run Kubernetes in production" in request.text()
    record = llm.records[-1]
    assert (record.stage, record.outcome, record.attempts) == ("hyde", CallOutcome.OK, 1)
    assert (record.prompt_tokens, record.completion_tokens) == (50, 7)
    assert record.latency_ms > 0 and not record.cache_hit


def test_tools_mode_sends_a_forced_tool_call(llm_server):
    llm = client(llm_server, mode="tools")
    llm_server.reply_json(MAPPER_OK)

    answer = llm.structured(
        mapper_prompt(),
        MapperResponse,
        stage="evidence_mapper",
        validation_context={"valid_card_ids": {"c1"}},
    )

    assert answer.evidence_map[0].evidence_card_ids == ["c1"]
    assert llm_server.count == 1
    body = llm_server.requests[0].body
    assert body["tool_choice"]["function"]["name"] == body["tools"][0]["function"]["name"]
    assert "response_format" not in body


def test_invalid_then_valid_makes_one_retry(llm_server):
    llm = client(llm_server)
    llm_server.reply_text("I think the bullet is: ran Kubernetes")
    llm_server.reply_json({"bullet": "Ran Kubernetes"})

    assert llm.structured(hyde_prompt(), HydeResponse, stage="hyde").bullet == "Ran Kubernetes"
    assert llm_server.count == 2
    assert (llm.records[-1].outcome, llm.records[-1].attempts) == (CallOutcome.OK, 2)


def test_empty_content_then_valid(llm_server):
    llm = client(llm_server)
    llm_server.reply_text("")
    llm_server.reply_json({"bullet": "Ran Kubernetes"})

    assert llm.structured(hyde_prompt(), HydeResponse, stage="hyde").bullet == "Ran Kubernetes"
    assert llm_server.count == 2


def test_unknown_evidence_id_is_retried_with_the_error(llm_server):
    llm = client(llm_server)
    bad = json.loads(json.dumps(MAPPER_OK))
    bad["evidence_map"][0]["evidence_card_ids"] = ["c1", "c404"]
    llm_server.reply_json(bad)
    llm_server.reply_json(MAPPER_OK)

    answer = llm.structured(
        mapper_prompt(),
        MapperResponse,
        stage="evidence_mapper",
        validation_context={"valid_card_ids": {"c1"}},
    )

    assert answer.evidence_map[0].evidence_card_ids == ["c1"]
    assert llm_server.count == 2
    retry_text = llm_server.requests[1].text()
    assert "unknown evidence card id(s): 'c404'" in retry_text
    assert "unknown evidence card" not in llm_server.requests[0].text()


def test_prose_wrapped_json_is_cleaned_by_the_assembler(llm_server):
    llm = client(llm_server)
    prose = 'Sure! Here it is:\n```json\n{"bullet": "Ran Kubernetes"}\n```\nAnything else?'
    llm_server.reply_text(prose)
    llm_server.reply_text(prose)  # the validation retry gets prose again

    answer = llm.structured(hyde_prompt(), HydeResponse, stage="hyde")

    assert answer.bullet == "Ran Kubernetes"
    assert llm_server.count == 2  # 1 + 1 retry, no repair call
    record = llm.records[-1]
    assert record.outcome == CallOutcome.COERCED
    assert any("fence" in note for note in record.notes)


def test_truncated_json_gets_one_repair_call_then_falls_back(llm_server):
    llm = client(llm_server)
    for _ in range(3):  # first try, one validation retry, the repair call
        llm_server.reply_text('{"bullet": "Ran Kuber')

    with pytest.raises(ProviderError) as caught:
        llm.structured(hyde_prompt(), HydeResponse, stage="hyde")

    assert caught.value.kind == "bad_output"
    assert "deterministic" in str(caught.value)
    assert llm_server.count == 3
    repair = llm_server.requests[2]
    assert repair.body["temperature"] == 0.0
    assert "response_format" not in repair.body and "tools" not in repair.body
    assert "You repair JSON" in repair.text() and '"bullet": "Ran Kuber' in repair.text()
    record = llm.records[-1]
    assert (record.outcome, record.attempts) == (CallOutcome.FALLBACK, 3)


def test_cut_off_answer_goes_straight_to_repair_which_succeeds(llm_server):
    llm = client(llm_server)
    llm_server.reply_text('{"bullet": "Ran Kuber', finish_reason="length")
    llm_server.reply_text('{"bullet": "Ran Kubernetes"}')

    answer = llm.structured(hyde_prompt(), HydeResponse, stage="hyde")

    assert answer.bullet == "Ran Kubernetes"
    assert llm_server.count == 2  # no validation retry on a cut-off answer: repair at once
    assert "cut off" in llm_server.requests[1].text()
    assert llm.records[-1].outcome == CallOutcome.REPAIRED


def test_429_waits_as_long_as_retry_after_says(llm_server):
    llm = client(llm_server)
    llm_server.reply_error(429, "Rate limit reached", headers={"Retry-After": "0.4"})
    llm_server.reply_json({"bullet": "Ran Kubernetes"})

    llm.structured(hyde_prompt(), HydeResponse, stage="hyde")

    assert llm_server.count == 2
    gap = llm_server.requests[1].at - llm_server.requests[0].at
    assert 0.4 <= gap < 2.0


def test_retry_after_is_capped_by_max_backoff(llm_server):
    llm = client(llm_server, max_backoff_s=0.1)
    llm_server.reply_error(429, "Rate limit reached", headers={"Retry-After": "30"})
    llm_server.reply_json({"bullet": "Ran Kubernetes"})
    started = time.perf_counter()

    llm.structured(hyde_prompt(), HydeResponse, stage="hyde")

    assert llm_server.count == 2 and time.perf_counter() - started < 5


def test_500_then_success(llm_server):
    llm = client(llm_server, backoff_s=0.05)
    llm_server.reply_error(500, "internal error", kind="server_error")
    llm_server.reply_json({"bullet": "Ran Kubernetes"})

    assert llm.structured(hyde_prompt(), HydeResponse, stage="hyde").bullet == "Ran Kubernetes"
    assert llm_server.count == 2
    assert llm_server.requests[1].at - llm_server.requests[0].at >= 0.05
    assert llm.records[-1].attempts == 2


def test_repeated_503_gives_a_clear_error_after_the_provider_retries(llm_server):
    llm = client(llm_server, provider_retries=2)
    for _ in range(3):
        llm_server.reply_error(503, "overloaded", kind="server_error")

    with pytest.raises(ProviderError) as caught:
        llm.structured(hyde_prompt(), HydeResponse, stage="hyde")

    assert caught.value.kind == "provider" and "server error" in str(caught.value)
    assert llm_server.count == 3


def test_timeout(llm_server):
    llm = client(llm_server, timeout_s=0.3, provider_retries=1)
    llm_server.reply_json({"bullet": "late"}, delay=3)
    llm_server.reply_json({"bullet": "late"}, delay=3)
    started = time.perf_counter()

    with pytest.raises(ProviderError) as caught:
        llm.structured(hyde_prompt(), HydeResponse, stage="hyde")

    assert caught.value.kind == "timeout"
    assert "timeout" in str(caught.value)
    assert llm_server.count == 2
    assert time.perf_counter() - started < 2.5


def test_primary_model_fails_over_to_the_fallback(llm_server):
    llm = client(llm_server, fallbacks=["openai/test-fallback"])
    llm_server.reply_error(404, "The model `test-model` does not exist", code="model_not_found")
    llm_server.reply_json({"bullet": "Ran Kubernetes"})

    assert llm.structured(hyde_prompt(), HydeResponse, stage="hyde").bullet == "Ran Kubernetes"
    assert llm_server.count == 2
    assert [r.model for r in llm_server.requests] == ["test-model", "test-fallback"]
    first, second = llm.records[-2:]
    assert (first.model, first.outcome) == ("openai/test-model", CallOutcome.ERROR)
    assert "does not know this model" in first.error
    assert (second.model, second.outcome) == ("openai/test-fallback", CallOutcome.OK)


def test_bad_output_does_not_fail_over(llm_server):
    llm = client(llm_server, retries=0, fallbacks=["openai/test-fallback"])
    llm_server.reply_text("no json here")
    llm_server.reply_text("still none")

    with pytest.raises(ProviderError) as caught:
        llm.structured(hyde_prompt(), HydeResponse, stage="hyde")

    assert caught.value.kind == "bad_output"
    assert llm_server.count == 2  # the try and the repair call; the fallback model is not asked
    assert {r.model for r in llm_server.requests} == {"test-model"}


def test_response_format_rejection_falls_back_to_prompt_only_json(llm_server):
    llm = client(llm_server, mode="json")  # LM Studio rejects json_object
    llm_server.reply_error(400, "'response_format.type' must be 'json_schema'")
    llm_server.reply_text('```json\n{"bullet": "Ran Kubernetes"}\n```')
    llm_server.reply_text('```json\n{"bullet": "Second call"}\n```')

    first = llm.structured(hyde_prompt(), HydeResponse, stage="hyde")
    assert first.bullet == "Ran Kubernetes"
    assert llm_server.count == 2
    rejected, retried = llm_server.requests
    assert rejected.body["response_format"] == {"type": "json_object"}
    assert "response_format" not in retried.body and "tools" not in retried.body
    assert "json codeblock" in retried.messages[-1]["content"]

    second = llm.structured(hyde_prompt(), HydeResponse, stage="hyde")
    assert second.bullet == "Second call"
    assert llm_server.count == 3  # remembered: straight to prompt-only
    assert "response_format" not in llm_server.requests[2].body


def test_tools_rejection_also_falls_back(llm_server):
    llm = client(llm_server, mode="tools")
    llm_server.reply_error(400, "tool_choice is not supported by this model")
    llm_server.reply_text('{"bullet": "Ran Kubernetes"}')

    assert llm.structured(hyde_prompt(), HydeResponse, stage="hyde").bullet == "Ran Kubernetes"
    assert llm_server.count == 2
    assert "tools" in llm_server.requests[0].body and "tools" not in llm_server.requests[1].body


def test_error_kinds_have_actionable_messages(llm_server):
    llm = client(llm_server, provider_retries=0)
    llm_server.reply_error(400, "This model's maximum context length is 8192 tokens")
    with pytest.raises(ProviderError) as caught:
        llm.structured(hyde_prompt(), HydeResponse, stage="hyde")
    assert caught.value.kind == "context_length"
    assert "larger window" in str(caught.value)
    assert llm_server.count == 1


def test_connection_refused_is_named_so():
    with _closed_server() as url:
        llm = make_llm(settings(provider_retries=0), api_key=KEY, api_base=url)
        assert llm is not None
        with pytest.raises(ProviderError) as caught:
            llm.structured(hyde_prompt(), HydeResponse, stage="hyde")
    assert (caught.value.kind, caught.value.status) == ("refused", None)
    assert "local server running" in str(caught.value) and "HTTP" not in str(caught.value)


def test_jinja_syntax_inside_untrusted_text_reaches_the_model_verbatim(llm_server):
    """instructor templates messages when given a context; ours never is (see responses.py)."""
    llm = client(llm_server)
    prompt = render_prompt(
        "evidence_mapper",
        requirements=[{"id": "r1", "text": "Go {{ 7 * 7 }} {% if x %}"}],
        cards=[{"id": "c1", "text": "{{ valid_card_ids }}"}],
        synonyms={},
    )
    llm_server.reply_json(MAPPER_OK)

    llm.structured(
        prompt,
        MapperResponse,
        stage="evidence_mapper",
        validation_context={"valid_card_ids": {"c1"}},
    )

    text = llm_server.requests[0].text()
    assert "Go {{ 7 * 7 }} {% if x %}" in text and "{{ valid_card_ids }}" in text


def test_writer_bullets_must_cite(llm_server):
    llm = client(llm_server, retries=0)
    uncited = {"summary": [], "roles": [{"role_id": "r1", "bullets": [{"text": "Did things"}]}]}
    llm_server.reply_json(uncited)
    llm_server.reply_json(uncited)  # the repair call repeats the mistake

    prompt = render_prompt(
        "writer",
        target_title="Platform Engineer",
        storylines=[],
        roles=[{"role_id": "r1", "cards": [{"id": "c1", "text": "Built Go services"}]}],
        gaps=[],
        max_pages=1,
        revision_notes=[],
    )
    with pytest.raises(ProviderError):
        llm.structured(
            prompt, WriterResponse, stage="writer", validation_context={"valid_card_ids": {"c1"}}
        )
    assert llm_server.count == 2


def test_make_llm_offline_and_operator_key_rules():
    assert make_llm(LLMSettings()) is None
    with pytest.raises(ProviderError) as caught:
        make_llm(settings(), api_key=KEY, api_base="http://10.0.0.1:8000/v1", key_is_operator=True)
    assert caught.value.kind == "auth" and KEY not in str(caught.value)
    operator = make_llm(
        settings(api_base="http://127.0.0.1:9/v1"), api_key=KEY, key_is_operator=True
    )
    assert operator is not None and KEY not in repr(operator)


def test_fallback_of_another_provider_never_gets_the_key(llm_server):
    llm = client(llm_server, fallbacks=["anthropic/claude-haiku-4-5"])
    same = llm._connection_for("openai/test-model", "openai/test-model")
    other = llm._connection_for("anthropic/claude-haiku-4-5", "openai/test-model")
    assert same == {"api_key": KEY, "api_base": llm_server.url}
    assert other == {}


class _closed_server:
    """A loopback URL where nothing listens."""

    def __enter__(self) -> str:
        server = ScriptedLLMServer()
        url = server.url
        server.close()
        return url

    def __exit__(self, *exc) -> None:
        return None


def test_server_responder_answers_when_the_queue_is_empty(llm_server):
    llm_server.responder = lambda request: Reply(body=chat_completion(content='{"bullet": "x"}'))
    llm = client(llm_server)
    assert llm.structured(hyde_prompt(), HydeResponse, stage="hyde").bullet == "x"
    assert llm_server.count == 1
