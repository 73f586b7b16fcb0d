"""What went wrong with a provider call, in words a person can act on.

`classify(exc)` looks through instructor's wrapper to the provider's exception and returns a
`Failure`: the kind (auth | rate_limit | not_found | context_length | timeout | dns | refused |
connection | provider | format_rejected | invalid_response | bad_output), whether a retry may
help, the server's Retry-After, and a redacted detail. `to_error` gives a fixed message per
kind: the detail (the provider's words) only reaches a redacted log line, never a visitor's
screen.
litellm labels some 5xx answers from OpenAI-compatible servers as BadRequestError, so the
HTTP status decides before the exception class does. A failed connection is named by its root
cause (a name that does not resolve, a refused connection), never by the HTTP 500 litellm wraps
it in: no server answered.
"""

from __future__ import annotations

import json
import logging
import socket
from dataclasses import dataclass
from email.utils import parsedate_to_datetime
from time import time
from typing import Any

from pydantic import ValidationError

from core.errors import ProviderError
from core.llm.redaction import redact

log = logging.getLogger("core.llm")

TRANSIENT = frozenset({"rate_limit", "timeout", "refused", "connection", "server"})
_FORMAT_WORDS = (
    "response_format",
    "json_object",
    "json_schema",
    "tool_choice",
    "tools",
    "function",
)
_CONTEXT_WORDS = (
    "context length",
    "context_length",
    "maximum context",
    "too many tokens",
    "context window",
)

MESSAGES = {
    "auth": "{model}: the provider rejected the API key (missing, wrong or without access). "
    "Check the key in the sidebar or the provider's environment variable.",
    "rate_limit": "{model}: the provider is rate limiting this key. Wait a minute and try "
    "again, or choose a fallback model.",
    "not_found": "{model}: the provider does not know this model (or the API base is wrong). "
    "Check the model name, e.g. 'openai/gpt-4o-mini' or 'ollama/llama3.1'.",
    "context_length": "{model}: the request is longer than the model's context window. Use a "
    "model with a larger window or a shorter fact resume.",
    "timeout": "{model}: the provider did not answer within the timeout. Try again, raise "
    "llm.timeout_s, or use a faster model.",
    "dns": "{model}: the provider's host name could not be resolved (no DNS answer). Check the "
    "host in the API base and the network.",
    "refused": "{model}: the connection was refused: nothing listens at the API base's host and "
    "port. Is the local server running, on that port?",
    "connection": "{model}: could not connect to the provider. Check the network and the API "
    "base (is the local server running?).",
    "server": "{model}: the provider had a server error. Try again in a moment.",
    "provider": "{model}: the provider refused the request.",
    "format_rejected": "{model}: the server rejected structured output (response_format/tools).",
    "invalid_response": "{model}: the server answered, but not with valid JSON (is the API base "
    "an OpenAI-compatible endpoint, usually ending in /v1?).",
    "bad_output": "{model}: the model's answer could not be turned into the expected structure "
    "after retries and one repair; the deterministic result is used instead.",
    "privacy": "A prompt would have contained contact details; it was not sent.",
    "budget": "{model}: this run's time for model calls (llm.run_budget_s) is spent; this stage "
    "uses the offline result at once.",
}


@dataclass(frozen=True)
class Failure:
    kind: str
    detail: str = ""
    status: int | None = None
    retry_after: float | None = None

    @property
    def transient(self) -> bool:
        return self.kind in TRANSIENT

    def to_error(self, model: str) -> ProviderError:
        """A fixed message per kind (+ the HTTP status). The provider's own words (its error
        body, which may echo anything the server returned) go only to a redacted log line."""
        public_kind = "provider" if self.kind in ("server", "format_rejected") else self.kind
        message = MESSAGES.get(self.kind, MESSAGES["provider"]).format(model=model)
        if self.status is not None:
            message = f"{message} (HTTP {self.status})"
        if self.detail:
            log.warning("%s: %s: %s", model, self.kind, redact(self.detail))
        return ProviderError(redact(message), kind=public_kind, model=model, status=self.status)


def provider_exception(exc: BaseException) -> BaseException:
    """The innermost exception worth reading (instructor wraps provider errors)."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        nxt = current.__cause__ or current.__context__
        if nxt is None or type(current).__module__.startswith(("litellm", "openai", "httpx")):
            return current
        current = nxt
    return exc


def is_parse_failure(exc: BaseException) -> bool:
    from instructor.core.exceptions import IncompleteOutputException, ResponseParsingError

    return isinstance(
        exc,
        ValidationError | json.JSONDecodeError | ResponseParsingError | IncompleteOutputException,
    )


def classify(exc: BaseException) -> Failure:
    import litellm
    import openai

    inner = provider_exception(exc)
    if _answered_with_invalid_json(exc, inner):
        return Failure("invalid_response", _short(str(inner)), 200)
    status = getattr(inner, "status_code", None)
    status = status if isinstance(status, int) else None
    text = str(inner)
    lowered = text.lower()
    detail = _short(text)
    if isinstance(inner, litellm.ContextWindowExceededError) or any(
        w in lowered for w in _CONTEXT_WORDS
    ):
        return Failure("context_length", detail, status)
    if isinstance(inner, litellm.Timeout | openai.APITimeoutError) or status == 408:
        return Failure("timeout")  # litellm's 408 is its own, not the server's answer
    if status in (401, 403) or isinstance(inner, litellm.AuthenticationError):
        return Failure("auth", "", status)
    if status == 429 or isinstance(inner, litellm.RateLimitError):
        return Failure("rate_limit", detail, status, retry_after(inner))
    if status == 404 or isinstance(inner, litellm.NotFoundError) or "not provided" in lowered:
        return Failure("not_found", detail, status)
    if status in (400, 422) and any(w in lowered for w in _FORMAT_WORDS):
        return Failure("format_rejected", detail, status)
    if cause := _network_cause(exc):
        return Failure(cause)  # no server answered: there is no HTTP status to show
    if "connection error" in lowered or isinstance(inner, openai.APIConnectionError):
        return Failure("connection")
    if (status is not None and status >= 500) or isinstance(
        inner, litellm.InternalServerError | litellm.ServiceUnavailableError
    ):
        return Failure("server", detail, status, retry_after(inner))
    return Failure("provider", detail, status)


def _network_cause(exc: BaseException) -> str | None:
    """'dns' or 'refused' when the chain under `exc` holds that socket error, else None."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        if isinstance(current, socket.gaierror):
            return "dns"
        if isinstance(current, ConnectionRefusedError):
            return "refused"
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return None


def _answered_with_invalid_json(exc: BaseException, inner: BaseException) -> bool:
    """HTTP 200 whose body is not JSON: litellm reports it as a 500 caused by a JSONDecodeError
    (and says "[200 OK]"); it is the server's answer, not a server error."""
    if "[200 OK]" not in str(inner):
        return False
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        if isinstance(current, json.JSONDecodeError):
            return True
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return False


def retry_after(exc: BaseException) -> float | None:
    """Seconds from a Retry-After / retry-after-ms header, if the server sent one."""
    headers: Any = getattr(exc, "litellm_response_headers", None)
    if headers is None:
        response = getattr(exc, "response", None)
        headers = getattr(response, "headers", None)
    if not headers:
        return None
    millis = headers.get("retry-after-ms")
    if millis:
        try:
            return max(0.0, float(millis) / 1000)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        try:
            return max(0.0, parsedate_to_datetime(value).timestamp() - time())
        except (TypeError, ValueError):
            return None


def backoff_seconds(attempt: int, failure: Failure, *, base: float, cap: float) -> float:
    """Exponential (base · 2^attempt) unless the server said how long to wait; capped."""
    wait = base * (2**attempt)
    if failure.retry_after is not None:
        wait = failure.retry_after
    return max(0.0, min(cap, wait))


def _short(text: str, limit: int = 240) -> str:
    text = redact(" ".join(text.split()))
    for prefix in ("litellm.", "OpenAIException - "):
        text = text.replace(prefix, "")
    return text if len(text) <= limit else text[: limit - 1] + "…"
