"""FakeLLM: the test double for stage unit tests (no litellm, no network).

    llm = FakeLLM()
    llm.enqueue({"bullet": "Cut p99 latency 40%"})          # dict, model instance or Exception
    answer = my_stage(..., llm=llm)
    stage, prompt, response_model = llm.calls[0]

Answers are given in order; with none queued, `respond(call, validation_context)` (when given)
answers, e.g. from the prompt it was shown. Dicts and model instances are validated against the
asked response model WITH the validation context, like the real client: an unknown card id (or
any invalid answer) becomes `ProviderError(kind="bad_output")`, which is what the real client
raises once retries and repair are spent. Enqueued exceptions are raised as they are. Every call
appends an `LLMCallRecord`. Asking with nothing queued and no `respond` is a test bug and raises
`LookupError`.

A window: `FakeLLM(context_tokens=2000, max_tokens=200)` counts each prompt with the client's
conservative estimate (core/llm/context.py) and, like the real client, refuses one whose prompt
plus `max_tokens` exceeds the window (ProviderError kind "context_length", nothing consumed from
the queue). `sent_tokens` lists the prompt tokens of every call it answered or failed.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from pydantic import BaseModel, ValidationError

from core.contracts import CallOutcome, LLMCallRecord, LLMStage
from core.errors import ProviderError
from core.llm.context import estimate_messages
from core.llm.prompts import Prompt

T = TypeVar("T", bound=BaseModel)


class FakeCall(NamedTuple):
    stage: str
    prompt: Prompt
    response_model: type[BaseModel]


class FakeLLM:
    def __init__(
        self,
        model: str = "fake/model",
        *,
        context_tokens: int | None = None,
        max_tokens: int = 0,
        respond: Callable[[FakeCall, dict | None], Any] | None = None,
    ) -> None:
        self.model = model
        self.records: list[LLMCallRecord] = []
        self.calls: list[FakeCall] = []
        self.contexts: list[dict | None] = []
        self.context_tokens = context_tokens
        self.max_tokens = max_tokens
        self.sent_tokens: list[int] = []
        self.respond = respond
        self._queue: deque[Any] = deque()

    def prompt_tokens(self, prompt: Prompt) -> int:
        return estimate_messages(prompt.messages())

    def fits(self, prompt: Prompt, response_model: type[BaseModel], *, stage: LLMStage) -> bool:
        if self.context_tokens is None:
            return True
        return self.prompt_tokens(prompt) + self.max_tokens <= self.context_tokens

    def enqueue(self, *answers: Any) -> FakeLLM:
        self._queue.extend(answers)
        return self

    @property
    def pending(self) -> int:
        return len(self._queue)

    def structured(
        self,
        prompt: Prompt,
        response_model: type[T],
        *,
        stage: LLMStage,
        validation_context: dict | None = None,
    ) -> T:
        if not self.fits(prompt, response_model, stage=stage):
            self._record(stage, CallOutcome.ERROR, error="context_length: not sent")
            raise ProviderError(
                f"{self.model}: the request does not fit the context window of "
                f"{self.context_tokens} tokens; it was not sent.",
                kind="context_length",
                model=self.model,
            )
        self.calls.append(FakeCall(stage, prompt, response_model))
        self.contexts.append(validation_context)
        self.sent_tokens.append(self.prompt_tokens(prompt))
        if self._queue:
            answer = self._queue.popleft()
        elif self.respond is not None:
            answer = self.respond(self.calls[-1], validation_context)
        else:
            raise LookupError(f"FakeLLM: no answer queued for stage {stage!r}")
        if isinstance(answer, BaseException):
            kind = getattr(answer, "kind", "provider")
            self._record(stage, CallOutcome.ERROR, error=f"{kind}: {answer}")
            raise answer
        data = answer.model_dump(mode="json") if isinstance(answer, BaseModel) else answer
        try:
            value = response_model.model_validate(data, context=validation_context)
        except ValidationError as err:
            self._record(stage, CallOutcome.FALLBACK, error=str(err)[:500])
            raise ProviderError(
                f"{self.model}: the answer did not fit {response_model.__name__}: "
                f"{err.errors()[0].get('msg', '')}",
                kind="bad_output",
                model=self.model,
            ) from None
        self._record(stage, CallOutcome.OK)
        return value

    def _record(self, stage: str, outcome: CallOutcome, *, error: str = "") -> None:
        self.records.append(
            LLMCallRecord(stage=stage, model=self.model, outcome=outcome, error=error)
        )


if TYPE_CHECKING:  # mypy proves the fake conforms to the LLM protocol the stages depend on
    from core.llm.client import LLM

    _conforms: LLM = FakeLLM()
