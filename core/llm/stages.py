"""The stage registry: every stage that may ask a model, with its prompt file, the Pydantic model
its answer must fit, and the typical tokens of one run (for the `resumeforge models` estimate).

Adding a stage is one entry here plus `core/prompts/<name>.jinja` and a response model in
`core/llm/responses.py` (CONTRIBUTING.md walks through an example); a test checks that every
entry has both. Everything that lists stages (settings overrides, the prompt renderer's test,
`resumeforge models`, the cost estimate) reads this table.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.contracts import LLMStage, Strict
from core.llm.responses import (
    AuditorResponse,
    GapQuestionsResponse,
    HydeResponse,
    JDAnalystResponse,
    MapperResponse,
    StructureReaderResponse,
    WriterResponse,
)


@dataclass(frozen=True)
class StageSpec:
    """One stage. `response_model` None: the stage answers in the schema of another call (repair
    re-asks for the model of the call whose answer was broken). `typical_tokens` (prompt, answer)
    per run: prompts measured on the largest dev case with litellm's local gpt-4o-mini tokenizer
    plus the schema instructor adds, rounded up (docs/LLM.md); answers are rough estimates.
    `per_run`: counted in a run's cost estimate (repair runs only when an answer was broken;
    hyde only when `llm.hyde` is on, decided by the caller)."""

    stage: LLMStage
    response_model: type[Strict] | None
    typical_tokens: tuple[int, int]
    per_run: bool = True

    @property
    def prompt(self) -> str:
        """The prompt file's name: `core/prompts/<prompt>.jinja`."""
        return self.stage.value


STAGES: dict[LLMStage, StageSpec] = {
    spec.stage: spec
    for spec in (
        StageSpec(LLMStage.JD_ANALYST, JDAnalystResponse, (2_200, 900)),
        StageSpec(LLMStage.EVIDENCE_MAPPER, MapperResponse, (2_800, 1_500)),
        StageSpec(LLMStage.WRITER, WriterResponse, (2_900, 2_000)),
        StageSpec(LLMStage.AUDITOR, AuditorResponse, (3_900, 600)),
        StageSpec(LLMStage.GAP_QUESTIONS, GapQuestionsResponse, (750, 500)),
        StageSpec(LLMStage.REPAIR, None, (2_500, 1_500), per_run=False),
        StageSpec(LLMStage.HYDE, HydeResponse, (14 * 330, 14 * 50)),  # ~14 calls a run
        StageSpec(LLMStage.STRUCTURE_READER, StructureReaderResponse, (4_400, 500)),
    )
}


def stage_spec(stage: LLMStage | str) -> StageSpec:
    """The registry entry of a stage (a plain name is accepted; an unknown one raises)."""
    return STAGES[LLMStage(stage)]
