"""`models --check`: the right verdict against a server that enforces a JSON schema
(the way llama.cpp's server does), one that only does tools, and one that is down."""

from __future__ import annotations

import json
import socket

from core.cli import main
from core.cli.llm import MODEL_CHECK_FAILED
from tests.llm_server import Reply, ScriptedLLMServer, chat_completion, error_body

MODEL = "openai/probe-model"


def json_schema_server(request) -> Reply:
    """llama.cpp-like: a JSON schema is honoured; tool_choice objects and json_object are
    rejected; without response_format the model chats."""
    body = request.body
    if body.get("tools"):
        return Reply(status=400, body=error_body("tool_choice must be a string: 'auto' | 'none'"))
    kind = (body.get("response_format") or {}).get("type")
    if kind == "json_schema":
        return Reply(body=chat_completion(content='{"word": "ready"}'))
    if kind == "json_object":
        return Reply(status=400, body=error_body("'response_format.type' must be 'json_schema'"))
    return Reply(body=chat_completion(content="Sure! Here is a word: ready."))


def tools_only_server(request) -> Reply:
    body = request.body
    if body.get("response_format"):
        return Reply(status=400, body=error_body("response_format is not supported"))
    if body.get("tools"):
        name = body["tools"][0]["function"]["name"]
        return Reply(body=chat_completion(tool_call=(name, '{"word": "ready"}')))
    return Reply(body=chat_completion(content="I can only call functions."))


def check(capsys, monkeypatch, api_base: str, *extra: str) -> tuple[int, dict]:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-probe-0123456789")
    code = main(["models", "--check", "--json", "--model", MODEL, "--api-base", api_base, *extra])
    return code, json.loads(capsys.readouterr().out)


def test_a_json_schema_server_works_in_the_chosen_mode(capsys, monkeypatch):
    with ScriptedLLMServer() as server:
        server.responder = json_schema_server
        code, report = check(capsys, monkeypatch, server.url)
        assert server.count == 4  # one tiny call per mode
    assert code == 0
    assert report["chosen"] == "json_schema" and report["working"] == ["json_schema"]
    results = {r["mode"]: r for r in report["results"]}
    assert results["tools"]["problem"] == "format_rejected"
    assert results["prompt_json"]["problem"] == "bad_output"
    assert all(r["seconds"] >= 0 for r in report["results"])
    assert report["advice"] == "OK: runs will use json_schema."


def test_a_tools_only_server_gets_the_setting_to_change(capsys, monkeypatch):
    with ScriptedLLMServer() as server:
        server.responder = tools_only_server
        code, report = check(capsys, monkeypatch, server.url)
    assert code == MODEL_CHECK_FAILED
    assert report["working"] == ["tools"]
    assert 'llm.mode = "tools"' in report["advice"]
    assert "RESUMEFORGE_LLM__MODE=tools" in report["advice"]


def test_a_server_that_is_down_is_named_with_how_to_start_one(capsys, monkeypatch):
    with socket.socket() as sock:  # a free port nothing listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    url = f"http://127.0.0.1:{port}/v1"
    code, report = check(capsys, monkeypatch, url)
    assert code == MODEL_CHECK_FAILED
    assert report["working"] == []
    assert {r["problem"] for r in report["results"]} == {"refused"}
    assert report["advice"].startswith(f"Nothing answers at {url}")


def test_the_text_report_names_each_mode_and_the_latency(capsys, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-probe-0123456789")
    with ScriptedLLMServer() as server:
        server.responder = json_schema_server
        code = main(["models", "--check", "--model", MODEL, "--api-base", server.url])
    out = capsys.readouterr().out
    assert code == 0
    assert "json_schema  works" in out and "tools        fails (format_rejected)" in out
    assert "OK: runs will use json_schema." in out
