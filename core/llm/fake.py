"""FakeLLM: the test double for stage unit tests (no litellm, no network).

    llm = FakeLLM()
    llm.enqueue({"bullet": "Cut p99 latency 40%"})          # dict, model instance or Exception
    answer = my_stage(..., llm=llm)
    stage, prompt, response_model = llm.calls[0]

Answers are given in order. Dicts and model instances are validated against the asked response
model WITH the validation context, like the real client: an unknown card id (or any invalid
answer) becomes `ProviderError(kind="bad_output")`, which is what the real client raises once
retries and repair are spent. Enqueued exceptions are raised as they are. Every call appends an
`LLMCallRecord`. Asking with nothing queued is a test bug and raises `LookupError`.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from pydantic import BaseModel, ValidationError

from core.contracts import CallOutcome, LLMCallRecord, LLMStage
from core.errors import ProviderError
from core.llm.prompts import Prompt

T = TypeVar("T", bound=BaseModel)


class FakeCall(NamedTuple):
    stage: str
    prompt: Prompt
    response_model: type[BaseModel]


class FakeLLM:
    def __init__(self, model: str = "fake/model") -> None:
        self.model = model
        self.records: list[LLMCallRecord] = []
        self.calls: list[FakeCall] = []
        self.contexts: list[dict | None] = []
        self._queue: deque[Any] = deque()

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
        self.calls.append(FakeCall(stage, prompt, response_model))
        self.contexts.append(validation_context)
        if not self._queue:
            raise LookupError(f"FakeLLM: no answer queued for stage {stage!r}")
        answer = self._queue.popleft()
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
