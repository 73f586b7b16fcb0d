"""A scripted OpenAI-compatible chat server on 127.0.0.1, for the real litellm + instructor path.

Each test queues the replies it wants, in order; every request the server receives is recorded
(path, headers, JSON body), so a test can assert the exact number of requests and read the
prompts. Usage:

    def test_something(llm_server):
        llm_server.reply_json({"bullet": "Cut build time 40%"})
        llm = make_llm(LLMSettings(model="openai/test-model"), api_base=llm_server.url,
                       api_key="sk-test")
        ...
        assert len(llm_server.requests) == 1

`reply_json` adapts to the request: a tool call when the request asked for one (instructor's
TOOLS mode), otherwise message content. When the queue is empty the server calls
`llm_server.responder(request)` if one is set (suites that run the whole pipeline answer by
stage that way), else it answers 500 "no scripted reply" so a test never hangs.

The server also answers `GET /v1/models` with one model whose window is `context_window` tokens
(131,072 unless changed, as vLLM reports `max_model_len`), so the client's context-window check
(core/llm/context.py) lets through what a large model would take; a test of a small window sets
it lower, or sets `llm.context_tokens`. GET requests are not recorded in `requests`.

Use it as a fixture (`pytest_plugins = ("tests.llm_server",)` in a test module that does not
import this module itself) or as a context manager in your own fixture:

    @pytest.fixture
    def llm_server():
        with ScriptedLLMServer() as server:
            yield server
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

Body = dict[str, Any] | str | Callable[["RecordedRequest"], dict[str, Any] | str]


@dataclass
class RecordedRequest:
    path: str
    headers: dict[str, str]
    body: dict[str, Any]
    at: float

    @property
    def model(self) -> str:
        return str(self.body.get("model", ""))

    @property
    def messages(self) -> list[dict[str, Any]]:
        return list(self.body.get("messages", []))

    def text(self) -> str:
        """Every message content joined: what the model was shown."""
        parts = []
        for message in self.messages:
            content = message.get("content")
            if isinstance(content, list):
                content = " ".join(str(p.get("text", "")) for p in content)
            parts.append(str(content or ""))
        return "\n".join(parts)

    def tool_name(self) -> str | None:
        choice = self.body.get("tool_choice")
        if isinstance(choice, dict):
            return str(choice.get("function", {}).get("name"))
        tools = self.body.get("tools") or []
        return str(tools[0]["function"]["name"]) if tools else None


@dataclass
class Reply:
    status: int = 200
    body: Body = ""
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0


def chat_completion(
    *,
    content: str | None = None,
    tool_call: tuple[str, str] | None = None,
    model: str = "test-model",
    finish_reason: str = "stop",
    prompt_tokens: int = 11,
    completion_tokens: int = 7,
) -> dict[str, Any]:
    """An OpenAI chat.completion body with plain content or one tool call (name, arguments)."""
    message: dict[str, Any] = {"role": "assistant", "content": content}
    if tool_call is not None:
        name, arguments = tool_call
        message["tool_calls"] = [
            {
                "id": "call_1",
                "type": "function",
                "function": {"name": name, "arguments": arguments},
            }
        ]
    return {
        "id": "chatcmpl-test",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [{"index": 0, "message": message, "finish_reason": finish_reason}],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
    }


def error_body(message: str, *, kind: str = "invalid_request_error", code: str = "") -> dict:
    return {"error": {"message": message, "type": kind, "param": None, "code": code or None}}


class ScriptedLLMServer:
    def __init__(self) -> None:
        self.replies: deque[Reply] = deque()
        self.requests: list[RecordedRequest] = []
        self.responder: Callable[[RecordedRequest], Reply] | None = None
        self.context_window = 131_072
        self._lock = threading.Lock()
        self._closing = threading.Event()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self._thread.start()

    @property
    def url(self) -> str:
        """The api_base to hand to litellm (OpenAI style, ending in /v1)."""
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}/v1"

    # --- scripting ------------------------------------------------------------------------------

    def enqueue(self, reply: Reply) -> None:
        with self._lock:
            self.replies.append(reply)

    def reply_json(self, payload: Any, *, delay: float = 0.0, **usage: int) -> None:
        """The payload as JSON: a tool call if the request offered tools, else message content."""
        text = json.dumps(payload)

        def build(request: RecordedRequest) -> dict[str, Any]:
            name = request.tool_name()
            if name:
                return chat_completion(tool_call=(name, text), model=request.model, **usage)
            return chat_completion(content=text, model=request.model, **usage)

        self.enqueue(Reply(body=build, delay=delay))

    def reply_text(self, text: str, *, finish_reason: str = "stop", delay: float = 0.0) -> None:
        """Raw message content (prose, broken or truncated JSON, or empty), never a tool call."""

        def build(request: RecordedRequest) -> dict[str, Any]:
            return chat_completion(content=text, model=request.model, finish_reason=finish_reason)

        self.enqueue(Reply(body=build, delay=delay))

    def reply_error(
        self,
        status: int,
        message: str = "error",
        *,
        headers: dict[str, str] | None = None,
        kind: str = "invalid_request_error",
        code: str = "",
    ) -> None:
        self.enqueue(
            Reply(
                status=status, body=error_body(message, kind=kind, code=code), headers=headers or {}
            )
        )

    # --- inspection -----------------------------------------------------------------------------

    @property
    def count(self) -> int:
        return len(self.requests)

    def __enter__(self) -> ScriptedLLMServer:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        self._closing.set()
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)

    # --- serving --------------------------------------------------------------------------------

    def _next_reply(self, request: RecordedRequest) -> Reply:
        with self._lock:
            self.requests.append(request)
            if self.replies:
                return self.replies.popleft()
        if self.responder is not None:
            return self.responder(request)
        return Reply(status=500, body=error_body("no scripted reply left", kind="server_error"))

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.0"

            def do_GET(self) -> None:
                if self.path.rstrip("/").endswith("/v1/models"):
                    model = {"id": "scripted", "max_model_len": server.context_window}
                    status, payload = 200, {"object": "list", "data": [model]}
                else:
                    status, payload = 404, error_body("not found", kind="not_found_error")
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                try:
                    body = json.loads(raw or b"{}")
                except json.JSONDecodeError:
                    body = {"_raw": raw.decode("utf-8", "replace")}
                request = RecordedRequest(
                    path=self.path, headers=dict(self.headers.items()), body=body, at=time.time()
                )
                reply = server._next_reply(request)
                if reply.delay and server._closing.wait(reply.delay):
                    return
                payload = reply.body(request) if callable(reply.body) else reply.body
                data = (payload if isinstance(payload, str) else json.dumps(payload)).encode()
                try:
                    self.send_response(reply.status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    for name, value in reply.headers.items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout tests)

            def log_message(self, format: str, *args: Any) -> None:
                return  # keep test output clean

        return Handler


@pytest.fixture
def llm_server() -> Iterator[ScriptedLLMServer]:
    with ScriptedLLMServer() as server:
        yield server
