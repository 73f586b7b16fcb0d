"""One structured call against ONE model: output mode, provider retries, salvage and repair.

Order of events for `ModelCall.run()`:
1. instructor over `litellm.completion` in the provider's output mode (core/llm/output_mode.py:
   JSON schema for local / api_base servers, tools where supported, JSON otherwise; prompt-only
   JSON (MD_JSON) when configured or when this server rejected `response_format`/`tools`).
   Instructor re-asks up to `settings.retries` times when the answer fails validation, quoting
   the error.
2. Provider errors that may pass (429, 5xx, timeouts, connection) are retried up to
   `settings.provider_retries` times with exponential backoff, or the server's Retry-After,
   capped at `settings.max_backoff_s`. litellm's and the OpenAI SDK's own retries are off
   (`num_retries=0`) so the counts are ours.
3. A 400/422 that names response_format / tools → once more in prompt-only mode.
4. Validation retries exhausted, or the answer truncated → the schema assembler on the last
   raw text → else ONE repair call (core/prompts/repair.jinja, temperature 0) → else
   ProviderError(kind="bad_output") so the stage uses its deterministic result.

Every request (first ask, re-asks, the repair call) is measured against the model's context
window first (core/llm/context.py) and logged with its token count; one whose prompt plus
`max_tokens` would not fit is not sent: the first ask ends as ProviderError(kind=
"context_length"), a re-ask or repair that would not fit ends the call as bad output.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from core.contracts import CallOutcome, LLMStage
from core.errors import ProviderError
from core.llm.accounting import Usage
from core.llm.assembler import assemble
from core.llm.context import ContextBudget, Measure, OverWindow
from core.llm.failures import Failure, backoff_seconds, classify, is_parse_failure
from core.llm.grammar import bound_request
from core.llm.output_mode import choose_mode, instructor_mode, is_local_server
from core.llm.prompts import Prompt, render_prompt
from core.llm.redaction import redact
from core.llm.responses import active_validation_context
from core.settings import LLMSettings

log = logging.getLogger("core.llm")


@dataclass
class BadOutput:
    """The answer never validated (or was cut off): the last raw text and the error."""

    raw: str
    error: str


@dataclass
class FormatRejected:
    """The server refused response_format / tools (HTTP 400/422 naming them)."""


@dataclass
class CallSpec:
    """What one structured() call asks for (independent of the model that answers)."""

    stage: str
    prompt: Prompt
    response_model: type[BaseModel]
    context: Mapping[str, Any] | None
    temperature: float
    max_tokens: int


@dataclass
class Answer:
    value: BaseModel
    outcome: CallOutcome
    notes: list[str]


class ModelCall:
    def __init__(
        self,
        *,
        model: str,
        spec: CallSpec,
        settings: LLMSettings,
        connection: dict[str, Any],
        usage: Usage,
        prompt_only: set[str],
        sleep: Callable[[float], None] = time.sleep,
        deadline: float | None = None,
        budget: ContextBudget | None = None,
    ) -> None:
        self.model, self.spec, self.settings = model, spec, settings
        self.connection = connection  # api_key / api_base for this model: memory only
        self.usage, self.prompt_only, self.sleep = usage, prompt_only, sleep
        self.deadline = deadline  # time.monotonic() when the run's time for model calls ends
        self.budget = budget  # the model's context window; None: not checked

    def first_request(self) -> Measure | None:
        """The first request's size as instructor will send it, in this model's output mode
        (None when no window is checked)."""
        if self.budget is None:
            return None
        from instructor.processing.response import handle_response_model

        _, request = handle_response_model(
            self.spec.response_model, self._mode(), messages=self.spec.prompt.messages()
        )
        return self.budget.measure(request, reserved=self.spec.max_tokens)

    def run(self) -> Answer:
        # Errors are raised outside `except` blocks on purpose: the provider's exception (whose
        # request kwargs hold the key) must not ride along as __context__.
        mode = self._mode()
        outcome = self._attempt(mode)
        if isinstance(outcome, FormatRejected):
            log.warning("%s rejected structured output; using prompt-only JSON", self.model)
            self.prompt_only.add(self.model)
            outcome = self._attempt(_md_json())
        if isinstance(outcome, BadOutput):
            return self._salvage(outcome)
        if isinstance(outcome, BaseModel):
            return Answer(outcome, CallOutcome.OK, [])
        assert isinstance(outcome, ProviderError)  # FormatRejected only comes from non-MD_JSON
        raise outcome

    # --- modes and requests ---------------------------------------------------------------------

    def _mode(self) -> Any:
        """The provider's output mode (core/llm/output_mode.py); prompt-only JSON once this
        server rejected structured output."""
        if self.model in self.prompt_only:
            return _md_json()
        name = choose_mode(
            self.model, setting=self.settings.mode, api_base=self.connection.get("api_base")
        )
        return instructor_mode(name)

    def _params(self, *, temperature: float) -> dict[str, Any]:
        return {
            "model": self.model,
            "temperature": temperature,
            "max_tokens": self.spec.max_tokens,
            "timeout": self._timeout(),
            "num_retries": 0,
            **{k: v for k, v in self.connection.items() if v},
        }

    def _timeout(self) -> float:
        """The request timeout: `timeout_s`, or less when the run's time ends sooner."""
        if self.deadline is None:
            return self.settings.timeout_s
        return max(0.1, min(self.settings.timeout_s, self.deadline - time.monotonic()))

    def _time_is_up(self) -> bool:
        return self.deadline is not None and time.monotonic() >= self.deadline

    def _attempt(self, mode: Any) -> BaseModel | BadOutput | FormatRejected | ProviderError:
        """One mode, with provider retries. Returns the value or what went wrong (not raised)."""
        attempts = self.settings.provider_retries + 1
        for attempt in range(attempts):
            failure: Failure | None = None
            try:
                return self._instructor_call(mode)
            except Exception as exc:
                over = _over_window(exc)
                if over is not None and _raw_text(exc):  # a re-ask would not fit
                    return BadOutput(_raw_text(exc), f"a re-ask would not fit: {over}")
                if over is not None:
                    return over.to_error(self.model)
                if _parse_failed(exc):
                    return BadOutput(_raw_text(exc), redact(_error_text(exc)))
                failure = classify(exc)
            if failure.kind == "format_rejected" and mode != _md_json():
                return FormatRejected()
            if not failure.transient or attempt == attempts - 1 or self._time_is_up():
                return failure.to_error(self.model)
            wait = backoff_seconds(
                attempt, failure, base=self.settings.backoff_s, cap=self.settings.max_backoff_s
            )
            log.warning(
                "%s: %s (%s); retry %d/%d in %.2fs",
                self.spec.stage,
                self.model,
                failure.kind,
                attempt + 1,
                attempts - 1,
                wait,
            )
            self.sleep(wait)
        raise AssertionError("unreachable")  # pragma: no cover

    def _instructor_call(self, mode: Any) -> BaseModel:
        import instructor
        import litellm
        from instructor.core.hooks import HookName, Hooks

        def send(*args: Any, **request: Any) -> Any:
            if is_local_server(self.model, api_base=self.connection.get("api_base")):
                bound_request(request, self.spec.context)  # the grammar closes the JSON
            self._check_window(request)
            self.usage.requests += 1
            return litellm.completion(*args, **request)

        client = instructor.from_litellm(send, mode=mode)
        hooks = Hooks()
        hooks.on(HookName.COMPLETION_RESPONSE, self._count_response)
        with active_validation_context(self.spec.context):
            return client.create(
                messages=self.spec.prompt.messages(),  # type: ignore[arg-type]
                response_model=self.spec.response_model,
                max_retries=self.settings.retries,
                strict=False,
                hooks=hooks,
                **self._params(temperature=self.spec.temperature),
            )

    def _check_window(self, request: Mapping[str, Any]) -> None:
        """Log this request's size; raise OverWindow (nothing sent) when it would not fit."""
        if self.budget is None:
            return
        measure = self.budget.measure(request, reserved=int(request.get("max_tokens") or 0))
        self.usage.largest_request = max(self.usage.largest_request, measure.total)
        if not measure.fits:
            log.warning(
                "%s: %s: not sent, too long: %s", self.spec.stage, self.model, measure.describe()
            )
            raise OverWindow(measure)
        log.info("%s: %s request: %s", self.spec.stage, self.model, measure.describe())

    def _count_response(self, response: Any) -> None:
        self.usage.add_response(response, model=self.model)

    # --- salvage ----------------------------------------------------------------------------------

    def _salvage(self, bad: BadOutput) -> Answer:
        spec = self.spec
        assembled = assemble(bad.raw, spec.response_model, context=spec.context)
        if assembled.value is not None:
            return Answer(assembled.value, CallOutcome.COERCED, assembled.notes)
        error = bad.error[:2000] + (
            f"\nAfter cleaning: {assembled.error}" if assembled.error else ""
        )
        repaired = self._repair(bad, error)
        if repaired is not None:
            return Answer(repaired.value, CallOutcome.REPAIRED, ["repair call", *repaired.notes])
        raise Failure("bad_output", _short(assembled.error or bad.error)).to_error(self.model)

    def _repair(self, bad: BadOutput, error: str) -> Any:
        import litellm

        schema = json.dumps(self.spec.response_model.model_json_schema(), ensure_ascii=False)
        prompt = render_prompt(LLMStage.REPAIR, schema_json=schema, raw_text=bad.raw, error=error)
        params = self._params(temperature=0.0)
        override = self.settings.stages.get(LLMStage.REPAIR)
        if override is not None and override.model and override.model != self.model:
            params["model"] = override.model
            if provider_of(override.model) != provider_of(self.model):  # not our key/endpoint
                params.pop("api_key", None)
                params.pop("api_base", None)
        try:  # measured against this model's window, whichever model repairs
            self._check_window({"messages": prompt.messages(), **params})
        except OverWindow:
            return None
        self.usage.requests += 1
        try:
            response = litellm.completion(messages=prompt.messages(), **params)
        except Exception as exc:
            log.warning("%s: repair call failed (%s)", self.spec.stage, classify(exc).kind)
            return None
        self.usage.add_response(response, model=params["model"])
        result = assemble(
            _message_text(response), self.spec.response_model, context=self.spec.context
        )
        return result if result.value is not None else None


def _md_json() -> Any:
    from instructor import Mode

    return Mode.MD_JSON


def _parse_failed(exc: BaseException) -> bool:
    from instructor.core.exceptions import IncompleteOutputException, InstructorRetryException

    if isinstance(exc, IncompleteOutputException):
        return True
    return (
        isinstance(exc, InstructorRetryException)
        and exc.__cause__ is not None
        and (is_parse_failure(exc.__cause__))
    )


def _over_window(exc: BaseException) -> OverWindow | None:
    """The OverWindow raised before a request was sent, through instructor's wrapping."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        if isinstance(current, OverWindow):
            return current
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return None


def _raw_text(exc: BaseException) -> str:
    return _message_text(getattr(exc, "last_completion", None))


def _message_text(completion: Any) -> str:
    try:
        message = completion.choices[0].message
    except (AttributeError, IndexError, TypeError):
        return ""
    calls = getattr(message, "tool_calls", None) or []
    if calls:
        return str(calls[0].function.arguments or "")
    return str(getattr(message, "content", "") or "")


def _error_text(exc: BaseException) -> str:
    from instructor.core.exceptions import IncompleteOutputException

    if isinstance(exc, IncompleteOutputException):
        return "the answer was cut off at max_tokens (incomplete JSON)"
    return str(exc.__cause__ or exc)[:4000]


def provider_of(model: str) -> str:
    """litellm's provider for a model string ('openai', 'anthropic', 'ollama', …)."""
    import litellm

    try:
        return str(litellm.get_llm_provider(model)[1])
    except Exception:
        return model.split("/", 1)[0]


def _short(text: str, limit: int = 300) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
