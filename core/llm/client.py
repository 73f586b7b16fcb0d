"""The LLM interface every stage codes against, and its one real implementation.

    llm = make_llm(settings.llm, api_key=key)          # None when no model is configured
    prompt = render_prompt(LLMStage.HYDE, requirement=text)
    answer = llm.structured(prompt, HydeResponse, stage=LLMStage.HYDE)

`structured` returns a validated instance or raises `ProviderError` (kind: auth | rate_limit |
not_found | context_length | timeout | dns | refused | connection | provider | bad_output |
budget) with a message that says what happened and what to do, never containing the key. Every
call appends one `LLMCallRecord` per model tried to `llm.records` (tokens, cost, latency, cache
hit, outcome, attempts). `start_run()` starts a run's time for model calls
(`settings.run_budget_s`); once it is spent every call fails at once with kind `budget`.

Context window: `fits(prompt, response_model, stage=…)` says whether the stage's first request
(its prompt as instructor sends it, plus `max_tokens` for the answer) fits the model's window
(core/llm/context.py: `llm.context_tokens`, else what the server or litellm says, else a small
default), so a stage can plan batches; `structured` never sends a request that does not fit
(kind `context_length`, nothing sent).

Keys: `api_key` and `api_base` live in this object's memory only and are passed per request to
the configured model and to fallbacks of the SAME provider; fallbacks of another provider use
that provider's own environment variable. With no `api_key`, litellm reads the provider's
environment variable (OPENAI_API_KEY, ANTHROPIC_API_KEY, …).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, ValidationError

from core.contracts import CallOutcome, LLMCallRecord, LLMStage
from core.environment import apply_process_defaults
from core.errors import ProviderError
from core.llm.accounting import Usage
from core.llm.cache import ResponseCache, cache_key
from core.llm.context import ContextBudget
from core.llm.failures import Failure
from core.llm.model_call import Answer, CallSpec, ModelCall, provider_of
from core.llm.prompts import Prompt
from core.llm.redaction import (
    quiet_provider_logs,
    redact,
    remember_environment_secrets,
    remember_secret,
)
from core.settings import LLMSettings

T = TypeVar("T", bound=BaseModel)
log = logging.getLogger("core.llm")
NO_FALLBACK = frozenset({"bad_output", "privacy", "budget"})


class LLM(Protocol):
    model: str
    records: list[LLMCallRecord]

    def structured(
        self,
        prompt: Prompt,
        response_model: type[T],
        *,
        stage: LLMStage,
        validation_context: dict | None = None,
    ) -> T: ...

    def fits(self, prompt: Prompt, response_model: type[BaseModel], *, stage: LLMStage) -> bool:
        """Would this stage's request for `prompt` fit the model's context window?"""
        ...


class LiteLLMClient:
    """instructor over litellm.completion, with retries, fallbacks, repair, cache, accounting."""

    def __init__(
        self,
        settings: LLMSettings,
        *,
        api_key: str | None = None,
        api_base: str | None = None,
        cache: ResponseCache | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if not settings.model:
            raise ProviderError("No model is configured.", kind="not_found")
        quiet_provider_logs()
        self.settings = settings
        self.model: str = settings.model
        self.records: list[LLMCallRecord] = []
        self.cache = cache if settings.cache else None
        self._api_key = api_key
        self._api_base = api_base
        self._sleep = sleep
        self._prompt_only: set[str] = set()
        self._deadline: float | None = None
        self._budgets: dict[str, ContextBudget] = {}
        remember_secret(self)
        if api_key is None:  # litellm will read the provider's environment variable
            remember_environment_secrets()

    def start_run(self) -> None:
        """A run begins: its model calls may take `settings.run_budget_s` seconds from now."""
        budget = self.settings.run_budget_s
        self._deadline = None if budget is None else time.monotonic() + budget

    def _redaction_secret(self) -> str | None:
        return self._api_key

    def __repr__(self) -> str:  # never show the key
        return f"LiteLLMClient(model={self.model!r}, api_base={self._api_base!r})"

    def structured(
        self,
        prompt: Prompt,
        response_model: type[T],
        *,
        stage: LLMStage,
        validation_context: dict | None = None,
    ) -> T:
        models = self._models(stage)
        spec = self._spec(prompt, response_model, stage, validation_context)
        key = self._key(models, spec)
        cached = self._from_cache(key, spec)
        if cached is not None:
            return cached  # type: ignore[return-value]
        if self._deadline is not None and time.monotonic() >= self._deadline:
            err = Failure("budget").to_error(models[0])
            self._record(
                spec, models[0], Usage(), time.perf_counter(), CallOutcome.ERROR, error=err
            )
            log.warning("%s: %s", spec.stage, err)
            raise err
        model, answer = self._ask_in_order(models, spec)
        if key is not None and self.cache is not None:
            self.cache.set(key, model=model, value=answer.value.model_dump(mode="json"))
        return answer.value  # type: ignore[return-value]

    def fits(self, prompt: Prompt, response_model: type[BaseModel], *, stage: LLMStage) -> bool:
        model = self._models(stage)[0]
        spec = self._spec(prompt, response_model, stage, None)
        measure = self._call(model, spec, model, Usage()).first_request()
        return measure is None or measure.fits

    def _models(self, stage: LLMStage) -> list[str]:
        """The stage's model, then the fallbacks."""
        first = self.settings.for_stage(stage).model or self.model
        return list(dict.fromkeys([first, *self.settings.fallbacks]))

    def _spec(
        self,
        prompt: Prompt,
        response_model: type[BaseModel],
        stage: LLMStage,
        validation_context: dict | None,
    ) -> CallSpec:
        stage_settings = self.settings.for_stage(stage)
        return CallSpec(
            stage=stage,
            prompt=prompt,
            response_model=response_model,
            context=validation_context,
            temperature=float(stage_settings.temperature or 0.0),
            max_tokens=int(stage_settings.max_tokens or self.settings.max_tokens),
        )

    def _call(self, model: str, spec: CallSpec, primary: str, usage: Usage) -> ModelCall:
        connection = self._connection_for(model, primary)
        return ModelCall(
            model=model,
            spec=spec,
            settings=self.settings,
            connection=connection,
            usage=usage,
            prompt_only=self._prompt_only,
            sleep=self._sleep,
            deadline=self._deadline,
            budget=self._budget_for(model, connection),
        )

    def _budget_for(self, model: str, connection: dict[str, Any]) -> ContextBudget:
        """One window per model, found on first use (core/llm/context.py)."""
        if model not in self._budgets:
            self._budgets[model] = ContextBudget(
                model=model,
                api_base=connection.get("api_base"),
                api_key=connection.get("api_key"),
                setting=self.settings.context_tokens,
            )
        return self._budgets[model]

    def _ask_in_order(self, models: list[str], spec: CallSpec) -> tuple[str, Answer]:
        """The configured model, then each fallback, until one answers (one record each)."""
        for index, model in enumerate(models):
            usage, started = Usage(), time.perf_counter()
            call = self._call(model, spec, models[0], usage)
            try:
                answer = call.run()
            except ProviderError as err:
                outcome = CallOutcome.FALLBACK if err.kind == "bad_output" else CallOutcome.ERROR
                log.warning("%s: %s", spec.stage, redact(err))
                self._record(spec, model, usage, started, outcome, error=err)
                if err.kind in NO_FALLBACK or index == len(models) - 1:
                    raise
                log.warning("%s: trying fallback %s", spec.stage, models[index + 1])
                continue
            self._record(spec, model, usage, started, answer.outcome, notes=answer.notes)
            return model, answer
        raise AssertionError("unreachable")  # pragma: no cover

    # --- helpers --------------------------------------------------------------------------------

    def _connection_for(self, model: str, primary: str) -> dict[str, Any]:
        """The key and API base go only to the primary model's provider."""
        if model != primary and provider_of(model) != provider_of(primary):
            return {}
        return {"api_key": self._api_key, "api_base": self._api_base}

    def _key(self, models: list[str], spec: CallSpec) -> str | None:
        if self.cache is None:
            return None
        params = {
            "temperature": spec.temperature,
            "max_tokens": spec.max_tokens,
            "mode": self.settings.mode,
            "api_base": self._api_base,
        }
        return cache_key(
            models=models,
            messages=spec.prompt.messages(),
            schema=spec.response_model.model_json_schema(),
            params=params,
        )

    def _from_cache(self, key: str | None, spec: CallSpec) -> BaseModel | None:
        if key is None or self.cache is None:
            return None
        entry = self.cache.get(key)
        if entry is None:
            return None
        try:
            value = spec.response_model.model_validate(entry.get("value"), context=spec.context)
        except ValidationError:
            return None  # stale (e.g. the cards changed): ask the model again
        self.records.append(
            LLMCallRecord(
                stage=spec.stage, model=str(entry.get("model", "")), attempts=0, cache_hit=True
            )
        )
        return value

    def _record(
        self,
        spec: CallSpec,
        model: str,
        usage: Usage,
        started: float,
        outcome: CallOutcome,
        *,
        error: ProviderError | None = None,
        notes: list[str] | None = None,
    ) -> None:
        self.records.append(
            LLMCallRecord(
                stage=spec.stage,
                model=model,
                outcome=outcome,
                attempts=usage.requests,
                prompt_tokens=usage.prompt_tokens,
                completion_tokens=usage.completion_tokens,
                cost_usd=round(usage.cost_usd, 8),
                latency_ms=round((time.perf_counter() - started) * 1000, 2),
                error=redact(str(error or ""))[:500],
                error_code=_code_of(error),
                notes=list(notes or [])[:20],
            )
        )


def _code_of(error: ProviderError | None) -> str:
    if error is None:
        return ""
    return str(error.status) if error.status is not None else error.kind


def make_llm(
    settings: LLMSettings,
    *,
    api_key: str | None = None,
    api_base: str | None = None,
    key_is_operator: bool = False,
    cache: ResponseCache | None = None,
) -> LLM | None:
    """The configured client, or None (offline engine) when no model is set.

    An operator's key (hosted demo, from st.secrets) is never sent to an endpoint a user typed:
    with `key_is_operator` an `api_base` argument is refused. The operator's own
    `settings.api_base` still applies.
    """
    if not settings.model:
        return None
    apply_process_defaults()  # litellm: the local price list, no ./.env
    if key_is_operator and api_base:
        raise ProviderError(
            "The hosted demo's key cannot be used with a custom API base. Enter your own API "
            "key to use your own server, or clear the API base.",
            kind="auth",
            model=settings.model,
        )
    return LiteLLMClient(
        settings, api_key=api_key, api_base=api_base or settings.api_base, cache=cache
    )
