"""A failed model call is named by its cause — a name that does not resolve, a refused
connection, a timeout, the server's HTTP status, content no stage can use — through the real
litellm + instructor path, never as an HTTP status no server sent."""

from __future__ import annotations

import socket

import pytest

from core.errors import ProviderError
from core.llm.client import make_llm
from core.llm.prompts import render_prompt
from core.llm.responses import HydeResponse
from core.settings import LLMSettings
from tests.llm_server import Reply, ScriptedLLMServer, chat_completion, error_body

UNRESOLVABLE = "no-such-host.test"


def ask(api_base: str, **settings: float) -> ProviderError:
    llm = make_llm(
        LLMSettings(model="openai/test-model", provider_retries=0, retries=0, **settings),
        api_key="sk-test-0123456789",
        api_base=api_base,
    )
    assert llm is not None
    with pytest.raises(ProviderError) as caught:
        llm.structured(render_prompt("hyde", requirement="Python"), HydeResponse, stage="hyde")
    assert llm.records[-1].error_code == (
        str(caught.value.status) if caught.value.status else caught.value.kind
    )
    return caught.value


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_a_refused_connection_is_named_so_not_http_500() -> None:
    error = ask(f"http://127.0.0.1:{closed_port()}/v1")
    assert (error.kind, error.status) == ("refused", None)
    assert "refused" in str(error) and "HTTP" not in str(error)


def test_a_name_that_does_not_resolve_is_named_so_not_http_500(monkeypatch) -> None:
    guarded = socket.getaddrinfo  # the network guard's; every other name still goes through it

    def getaddrinfo(host, *args, **kwargs):
        if host == UNRESOLVABLE:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return guarded(host, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    error = ask(f"http://{UNRESOLVABLE}:8080/v1")
    assert (error.kind, error.status) == ("dns", None)
    assert "could not be resolved" in str(error) and "HTTP" not in str(error)


DOWN = Reply(status=503, body=error_body("down", kind="server_error"))
NOT_JSON = Reply(status=200, body="<html>not json</html>")
PROSE = Reply(body=chat_completion(content="Happy to help! Great candidate."))
SLOW = Reply(body=chat_completion(content="{}"), delay=3.0)


@pytest.mark.parametrize(
    ("reply", "kind", "status", "words"),
    [
        (DOWN, "provider", 503, "HTTP 503"),
        (NOT_JSON, "invalid_response", 200, "not with valid JSON"),
        (PROSE, "bad_output", None, "could not be turned into the expected structure"),
        (SLOW, "timeout", None, "within the timeout"),
    ],
    ids=["http-status", "not-json", "prose", "timeout"],
)
def test_an_answer_is_named_by_what_was_wrong_with_it(reply, kind, status, words) -> None:
    with ScriptedLLMServer() as server:
        server.responder = lambda request: reply
        error = ask(server.url, timeout_s=1.0)
    assert (error.kind, error.status) == (kind, status)
    assert words in str(error)
    if status is None:
        assert "HTTP" not in str(error)
