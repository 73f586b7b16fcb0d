"""Keep API keys out of messages and logs.

`redact(text)` removes every key a live client holds in memory (registered with
`remember_secret`) and anything shaped like a provider key or an auth header.
`quiet_provider_logs()` turns off litellm's message logging, debug banners and callbacks,
silences instructor's error logs (they repeat provider error bodies, which may echo the key) and
puts a redacting filter on the loggers of litellm, openai and httpx.
"""

from __future__ import annotations

import logging
import os
import re
import weakref
from collections.abc import Mapping
from typing import Any

REDACTED = "[redacted]"
# Objects holding a key (the LLM clients). Weak: when a session drops its client ("Forget key"),
# its key leaves this registry too; nothing keeps visitors' keys alive for the process lifetime.
_HOLDERS: weakref.WeakSet[Any] = weakref.WeakSet()
_KEY_PATTERNS = (
    re.compile(r"\b(?:sk|pk|rk)-[A-Za-z0-9_\-]{6,}"),  # OpenAI, Anthropic (sk-ant-…), DeepSeek
    re.compile(r"\bgsk_[A-Za-z0-9]{8,}"),  # Groq
    re.compile(r"\bAIza[0-9A-Za-z_\-]{20,}"),  # Google
    re.compile(r"(?i)\bbearer\s+[A-Za-z0-9._\-]{8,}"),
    re.compile(r"(?i)\b(api[_-]?key|x-api-key|authorization)(['\"]?\s*[:=]\s*['\"]?)[^\s'\",}]+"),
)
_PROVIDER_LOGGERS = (
    "LiteLLM",
    "LiteLLM Router",
    "LiteLLM Proxy",
    "openai",
    "openai._base_client",
    "httpx",
    "httpcore",
)


# Environment variables that hold credentials (OPENAI_API_KEY, AZURE_API_KEY, HF_TOKEN, …).
_SECRET_VAR = re.compile(r"(?:^|_)(?:API_?KEY|KEY|TOKEN|SECRET|PASSWORD)$", re.IGNORECASE)


class EnvironmentSecret:
    """One credential value from the process environment, registered for redaction (litellm
    reads provider keys from the environment itself, so no client object holds them)."""

    def __init__(self, value: str) -> None:
        self._value = value

    def _redaction_secret(self) -> str:
        return self._value


_ENVIRONMENT_SECRETS: dict[str, EnvironmentSecret] = {}  # kept alive for the process


def remember_environment_secrets(environ: Mapping[str, str] | None = None) -> int:
    """Register every credential-like environment value for redaction; returns how many."""
    source = os.environ if environ is None else environ
    values = {v.strip() for k, v in source.items() if _SECRET_VAR.search(k) and len(v.strip()) >= 8}
    for value in values - set(_ENVIRONMENT_SECRETS):
        holder = EnvironmentSecret(value)
        _ENVIRONMENT_SECRETS[value] = holder
        remember_secret(holder)
    return len(values)


def remember_secret(holder: Any) -> None:
    """Register an object whose `_redaction_secret()` returns a key `redact` must remove."""
    _HOLDERS.add(holder)


def _secrets() -> list[str]:
    found = {holder._redaction_secret() for holder in list(_HOLDERS)}
    return sorted((s for s in found if s and len(s) >= 6), key=len, reverse=True)


def redact(text: object) -> str:
    out = str(text)
    for secret in _secrets():
        out = out.replace(secret, REDACTED)
    for pattern in _KEY_PATTERNS:
        if pattern.groups:
            out = pattern.sub(lambda m: f"{m.group(1)}{m.group(2)}{REDACTED}", out)
        else:
            out = pattern.sub(REDACTED, out)
    return out


class RedactingFilter(logging.Filter):
    """Rewrites a record's message with keys removed (never drops the record)."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a malformed record: keep the raw template only
            message = str(record.msg)
        record.msg = redact(message)
        record.args = None
        if record.exc_info and record.exc_info[1] is not None:
            record.exc_text = redact(logging.Formatter().formatException(record.exc_info))
            record.exc_info = None
        return True


_FILTER = RedactingFilter()


def quiet_provider_logs() -> None:
    """Idempotent: safe to call before every client is built."""
    import litellm

    litellm.turn_off_message_logging = True
    litellm.suppress_debug_info = True
    litellm.telemetry = False
    litellm.callbacks = []
    litellm.success_callback = []
    litellm.failure_callback = []
    litellm.log_raw_request_response = False
    logging.getLogger("instructor").setLevel(logging.CRITICAL)
    for name in _PROVIDER_LOGGERS:
        logger = logging.getLogger(name)
        if _FILTER not in logger.filters:
            logger.addFilter(_FILTER)
        for handler in logger.handlers:
            if _FILTER not in handler.filters:
                handler.addFilter(_FILTER)
