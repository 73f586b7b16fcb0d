"""The model's context window, and how many tokens a request takes of it.

A request is sent only when its prompt plus the tokens reserved for the answer (`max_tokens`)
fit the window; otherwise it is refused before sending (`OverWindow`) and the stage uses its
offline result for that part (core/llm/model_call.py checks every request, re-asks and the
repair call included; `LLM.fits` lets a stage plan batches that fit).

The window, first found wins:
1. `llm.context_tokens` (settings);
2. an `api_base` server that says: llama.cpp's `GET /props` (`default_generation_settings.n_ctx`,
   the window of one slot), else the OpenAI-compatible `GET /v1/models` entry of the model
   (`max_model_len` of vLLM, `max_context_length`/`loaded_context_length` of LM Studio,
   `context_length`, `context_window`);
3. litellm's model information (`max_input_tokens`, from its bundled price list: hosted models);
4. `DEFAULT_CONTEXT_TOKENS`, small on purpose (a local server's usual default).

Tokens: llama.cpp's own tokenizer when `/props` answered (`POST /apply-template` renders the
chat as the server will, `POST /tokenize` counts it), else a conservative estimate of
`CHARS_PER_TOKEN` characters a token plus a few tokens a message (English prose and JSON run
4-5 characters a token with the tokenizers measured in docs/LLM.md, so the estimate counts high).
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import urllib.error
import urllib.request
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from core.errors import ProviderError

log = logging.getLogger("core.llm")

DEFAULT_CONTEXT_TOKENS = 8192
CHARS_PER_TOKEN = 3.0
TOKENS_PER_MESSAGE = 6  # role markers and separators of a chat template
TOKENS_PER_REQUEST = 4
PROBE_TIMEOUT_S = 5.0
_MODEL_LIST_KEYS = (
    "loaded_context_length",
    "max_model_len",
    "max_context_length",
    "context_length",
    "context_window",
)


@dataclass(frozen=True)
class Window:
    tokens: int
    source: str  # where the figure comes from, said in messages and logs


@dataclass(frozen=True)
class Measure:
    """One request: its prompt tokens, the tokens reserved for the answer, the window."""

    prompt_tokens: int
    reserved: int
    window: Window
    counted_by: str

    @property
    def total(self) -> int:
        return self.prompt_tokens + self.reserved

    @property
    def fits(self) -> bool:
        return self.total <= self.window.tokens

    def describe(self) -> str:
        return (
            f"{self.prompt_tokens:,} prompt tokens ({self.counted_by}) + {self.reserved:,} "
            f"reserved for the answer, window {self.window.tokens:,} ({self.window.source})"
        )


class OverWindow(Exception):
    """A request that would not fit the context window; it was not sent."""

    def __init__(self, measure: Measure) -> None:
        super().__init__(measure.describe())
        self.measure = measure

    def to_error(self, model: str) -> ProviderError:
        m = self.measure
        return ProviderError(
            f"{model}: the request ({m.prompt_tokens:,} tokens, and {m.reserved:,} reserved "
            f"for the answer) does not fit the model's context window of {m.window.tokens:,} "
            f"tokens ({m.window.source}); it was not sent and this step uses its offline "
            "result. Use a model with a larger window (and set llm.context_tokens if the "
            "server does not report it) or lower llm.max_tokens.",
            kind="context_length",
            model=model,
        )


def estimate_tokens(text: str) -> int:
    """A conservative token count of `text` (counts high for English prose and JSON)."""
    return math.ceil(len(text) / CHARS_PER_TOKEN)


def estimate_messages(messages: Sequence[Mapping[str, Any]]) -> int:
    return TOKENS_PER_REQUEST + sum(
        TOKENS_PER_MESSAGE + estimate_tokens(_content_text(m.get("content"))) for m in messages
    )


def _content_text(content: Any) -> str:
    if isinstance(content, list):  # content parts
        return " ".join(str(part.get("text", "")) for part in content if isinstance(part, dict))
    return str(content or "")


def server_root(api_base: str) -> str:
    """`http://host:port/v1` → `http://host:port` (llama.cpp serves /props at its root)."""
    root = api_base.rstrip("/")
    return root[: -len("/v1")] if root.endswith("/v1") else root


def http_json(url: str, payload: Mapping[str, Any] | None = None, *, key: str | None = None) -> Any:
    """GET (no payload) or POST JSON to a local or configured server; the answer's JSON."""
    if not url.startswith(("http://", "https://")):
        raise ValueError("an API base is an http(s) URL")
    data = None if payload is None else json.dumps(payload).encode("utf-8")
    method = "GET" if data is None else "POST"
    request = urllib.request.Request(url, data=data, method=method)  # noqa: S310 - http(s) only
    request.add_header("Accept", "application/json")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if key:
        request.add_header("Authorization", f"Bearer {key}")
    with urllib.request.urlopen(request, timeout=PROBE_TIMEOUT_S) as answer:  # noqa: S310
        return json.loads(answer.read().decode("utf-8"))


class ContextBudget:
    """The window of one model at one endpoint, and a token counter for its requests. The
    window is found once, on first use; counts are remembered per text."""

    def __init__(
        self,
        *,
        model: str,
        api_base: str | None,
        setting: int | None,
        api_key: str | None = None,
        fetch: Callable[..., Any] = http_json,
    ) -> None:
        self.model, self.api_base, self.setting = model, api_base, setting
        self._key = api_key
        self._fetch = fetch
        self._window: Window | None = None
        self._llama_root: str | None = None  # set when the server is llama.cpp's
        self._counts: dict[str, int] = {}

    def __repr__(self) -> str:  # never show the key
        return f"ContextBudget(model={self.model!r}, api_base={self.api_base!r})"

    @property
    def window(self) -> Window:
        if self._window is None:
            self._window = self._find_window()
            found = self._window
            log.info("%s: context window %s tokens (%s)", self.model, found.tokens, found.source)
        return self._window

    def measure(self, request: Mapping[str, Any], *, reserved: int) -> Measure:
        """The tokens of a request (its messages, and the tools when it offers any)."""
        window = self.window
        messages = list(request.get("messages") or [])
        tools = request.get("tools")
        tokens = self._count_messages(messages)
        if tools:
            tokens += self._count_text(json.dumps(tools, ensure_ascii=False))
        counted_by = "the server's tokenizer" if self._llama_root else "estimate"
        return Measure(tokens, reserved, window, counted_by)

    # --- the window -------------------------------------------------------------------------

    def _find_window(self) -> Window:
        if self.setting:
            return Window(int(self.setting), "llm.context_tokens")
        if self.api_base:
            found = self._from_props() or self._from_model_list()
            if found is not None:
                return found
        info = self._from_litellm()
        if info is not None:
            return info
        return Window(DEFAULT_CONTEXT_TOKENS, "a default: set llm.context_tokens")

    def _get(self, url: str) -> Any:
        try:
            return self._fetch(url, None, key=self._key)
        except (OSError, ValueError, urllib.error.URLError) as err:
            log.debug("%s: %s", url, type(err).__name__)
            return None

    def _from_props(self) -> Window | None:
        assert self.api_base is not None
        root = server_root(self.api_base)
        props = self._get(f"{root}/props")
        settings = props.get("default_generation_settings") if isinstance(props, dict) else None
        n_ctx = settings.get("n_ctx") if isinstance(settings, dict) else None
        if not isinstance(n_ctx, int) or n_ctx <= 0:
            return None
        self._llama_root = root
        return Window(n_ctx, "the server's /props")

    def _from_model_list(self) -> Window | None:
        assert self.api_base is not None
        listing = self._get(f"{self.api_base.rstrip('/')}/models")
        entries = listing.get("data") if isinstance(listing, dict) else None
        if not isinstance(entries, list):
            return None
        name = self.model.split("/", 1)[-1]
        mine = [e for e in entries if isinstance(e, dict) and e.get("id") == name]
        for entry in mine or (entries if len(entries) == 1 else []):
            for key in _MODEL_LIST_KEYS:
                value = entry.get(key)
                if isinstance(value, int) and value > 0:
                    return Window(value, f"the server's /v1/models ({key})")
        return None

    def _from_litellm(self) -> Window | None:
        import litellm

        try:
            info = litellm.get_model_info(self.model)
        except Exception:  # not in litellm's list (custom and local names)
            return None
        value = info.get("max_input_tokens") or info.get("max_tokens")
        if isinstance(value, int) and value > 0:
            return Window(value, "litellm's model information")
        return None

    # --- counting ---------------------------------------------------------------------------

    def _count_messages(self, messages: list[dict[str, Any]]) -> int:
        if self._llama_root is None:
            return estimate_messages(messages)
        text = json.dumps(messages, ensure_ascii=False, sort_keys=True)
        key = "m" + hashlib.sha256(text.encode("utf-8")).hexdigest()
        if key not in self._counts:
            count = self._llama_count_chat(messages)
            self._counts[key] = count if count is not None else estimate_messages(messages)
        return self._counts[key]

    def _count_text(self, text: str) -> int:
        if self._llama_root is None:
            return estimate_tokens(text)
        key = "t" + hashlib.sha256(text.encode("utf-8")).hexdigest()
        if key not in self._counts:
            count = self._llama_tokens(text)
            self._counts[key] = count if count is not None else estimate_tokens(text)
        return self._counts[key]

    def _llama_count_chat(self, messages: list[dict[str, Any]]) -> int | None:
        """The chat as the server templates it, counted by its tokenizer (None: not known)."""
        try:
            rendered = self._fetch(
                f"{self._llama_root}/apply-template", {"messages": messages}, key=self._key
            )
        except (OSError, ValueError, urllib.error.URLError):
            rendered = None
        prompt = rendered.get("prompt") if isinstance(rendered, dict) else None
        if isinstance(prompt, str):
            return self._llama_tokens(prompt)
        counts = [self._llama_tokens(_content_text(m.get("content"))) for m in messages]
        if any(c is None for c in counts):
            return None
        return TOKENS_PER_REQUEST + sum(TOKENS_PER_MESSAGE + int(c or 0) for c in counts)

    def _llama_tokens(self, text: str) -> int | None:
        payload = {"content": text, "add_special": True, "parse_special": True}
        try:
            answer = self._fetch(f"{self._llama_root}/tokenize", payload, key=self._key)
        except (OSError, ValueError, urllib.error.URLError):
            return None
        tokens = answer.get("tokens") if isinstance(answer, dict) else None
        return len(tokens) if isinstance(tokens, list) else None
