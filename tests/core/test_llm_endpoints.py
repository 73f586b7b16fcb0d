"""Model endpoints only from the operator: no visitor model string makes the
server contact a host. A listener on another loopback port counts what reaches it."""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterator

import pytest

from core.errors import ProviderError
from core.llm.client import make_llm
from core.llm.endpoints import check_visitor_model, visitor_models
from core.llm.prompts import render_prompt
from core.llm.responses import HydeResponse
from core.settings import DEFAULT_APP_MODELS, LLMSettings
from tests.llm_server import Reply, ScriptedLLMServer, error_body


@pytest.fixture
def listener() -> Iterator[ScriptedLLMServer]:
    """Stands in for an internal service: answers with a secret, counts every request."""
    with ScriptedLLMServer() as server:
        server.responder = lambda request: Reply(
            status=500, body=error_body("INTERNAL-SECRET token=abc123", kind="server_error")
        )
        yield server


def hostile_models(base: str) -> list[str]:
    """Model strings that carry a host, or route to a provider that reads one from the string
    or defaults to a host on the server's machine."""
    host = base.removesuffix("/v1").removeprefix("http://")
    return [
        f"oobabooga/{base}/metadata/v1/token?q=",
        f"oobabooga/{base}#",
        f"openai/{base}",
        f"{base}/chat",
        f"hosted_vllm/{host}",
        f"openai/model@{host}",
        f"openai/{host}",
        "ollama/llama3.1",
        "ollama_chat/llama3.1",
        "lm_studio/qwen",
        "llamafile/model",
        "custom_openai/x",
        "huggingface/x",
        "oobabooga/x",
        "",
    ]


def test_no_visitor_model_string_reaches_a_host(listener):
    settings = LLMSettings(allowed_models=list(DEFAULT_APP_MODELS))
    for model in hostile_models(listener.url):
        with pytest.raises(ProviderError) as caught:
            check_visitor_model(model, settings)
        assert caught.value.kind == "not_allowed"
        assert "not available" in str(caught.value) and listener.url not in str(caught.value)
    assert listener.count == 0


def test_an_operator_list_with_urls_or_local_servers_is_filtered(listener):
    hostile = hostile_models(listener.url)
    settings = LLMSettings(allowed_models=[*hostile, "openai/gpt-4o-mini"])
    assert visitor_models(settings) == ["openai/gpt-4o-mini"]
    assert visitor_models(settings, operator_model=f"oobabooga/{listener.url}") == [
        "openai/gpt-4o-mini"
    ]
    assert listener.count == 0


def test_local_servers_only_when_the_operator_enabled_them():
    allowed = ["ollama/llama3.1", "lm_studio/qwen2.5-7b-instruct", "openai/gpt-4o-mini"]
    assert visitor_models(LLMSettings(allowed_models=allowed)) == ["openai/gpt-4o-mini"]
    enabled = LLMSettings(allowed_models=allowed, allow_local_models=True)
    assert visitor_models(enabled) == allowed
    assert check_visitor_model("ollama/llama3.1", enabled) == "ollama/llama3.1"
    # a local model with a host in it stays out even when local servers are enabled
    with pytest.raises(ProviderError):
        check_visitor_model("ollama/llama3.1@127.0.0.1:11434", enabled)


def test_the_operator_model_from_secrets_is_offered_first():
    settings = LLMSettings(allowed_models=["openai/gpt-4o-mini"])
    models = visitor_models(settings, operator_model="anthropic/claude-3-5-haiku-latest")
    assert models == ["anthropic/claude-3-5-haiku-latest", "openai/gpt-4o-mini"]


def test_a_provider_error_body_is_never_in_the_message_only_in_a_redacted_log(listener, caplog):
    """The operator's endpoint answers with a body holding a secret and a key: the error a
    visitor sees is the fixed message; the log line has the body, with the key redacted."""
    listener.responder = lambda request: Reply(
        status=400, body=error_body("INTERNAL-SECRET sk-leakedkey1234567890 is not allowed")
    )
    settings = LLMSettings(model="openai/test-model", provider_retries=0, retries=0)
    llm = make_llm(settings, api_key="sk-test-0123456789", api_base=listener.url)
    assert llm is not None
    with (
        caplog.at_level(logging.WARNING, logger="core.llm"),
        pytest.raises(ProviderError) as caught,
    ):
        llm.structured(render_prompt("hyde", requirement="Python"), HydeResponse, stage="hyde")
    assert "INTERNAL-SECRET" not in str(caught.value)
    assert "(HTTP 400)" in str(caught.value)
    assert all("INTERNAL-SECRET" not in r.error for r in llm.records)
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "INTERNAL-SECRET" in logged and "sk-leakedkey1234567890" not in logged


def test_a_200_with_invalid_json_is_reported_as_such(listener):
    listener.responder = lambda request: Reply(status=200, body="<html>not json</html>")
    settings = LLMSettings(model="openai/test-model", provider_retries=2, retries=0)
    llm = make_llm(settings, api_key="sk-test-0123456789", api_base=listener.url)
    assert llm is not None
    with pytest.raises(ProviderError) as caught:
        llm.structured(render_prompt("hyde", requirement="Python"), HydeResponse, stage="hyde")
    message = str(caught.value)
    assert "not with valid JSON" in message and "server error" not in message
    assert caught.value.kind == "invalid_response"
    assert listener.count == 1  # an answer, not a transient fault: no retries


def test_the_default_menu_is_routed_as_litellm_routes_it(monkeypatch):
    """The app draws its model menu without importing litellm: its table of the default models'
    providers must be litellm's own answer (a litellm update that routes one differently fails
    here), and with litellm's proxy switched on litellm itself is asked."""
    import litellm

    from core.llm import endpoints

    assert set(endpoints.KNOWN_PROVIDERS) == set(DEFAULT_APP_MODELS)
    for model, provider in endpoints.KNOWN_PROVIDERS.items():
        assert litellm.get_llm_provider(model)[1] == provider, model
        assert provider in endpoints.FIXED_HOST_PROVIDERS, model
    monkeypatch.setitem(sys.modules, "litellm", None)  # `import litellm` would fail
    assert visitor_models(LLMSettings()) == list(DEFAULT_APP_MODELS)
    monkeypatch.setenv("USE_LITELLM_PROXY", "True")
    with pytest.raises(ImportError):
        endpoints.provider_from_string(DEFAULT_APP_MODELS[0])
