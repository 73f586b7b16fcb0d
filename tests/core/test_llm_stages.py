"""The stage registry is the one list of LLM stages: each entry has its prompt file and the
response model its answer must fit, and the places that list stages read it."""

import pytest
from pydantic import BaseModel

from core.cli.llm import model_table
from core.contracts import LLMStage
from core.llm import responses
from core.llm.accounting import estimate_stage_cost
from core.llm.prompts import PROMPTS_DIR, default_renderer
from core.llm.stages import STAGES, stage_spec
from core.settings import LLMSettings, Settings


def test_every_stage_has_a_registry_entry():
    assert set(STAGES) == set(LLMStage)
    assert all(spec.stage == stage for stage, spec in STAGES.items())


@pytest.mark.parametrize("stage", list(LLMStage))
def test_every_entry_has_its_prompt_file(stage):
    spec = STAGES[stage]
    assert (PROMPTS_DIR / f"{spec.prompt}.jinja").is_file()
    # the file defines both blocks the renderer reads
    template = default_renderer().env.get_template(f"{spec.prompt}.jinja")
    assert {"system", "user"} <= set(template.blocks)


@pytest.mark.parametrize("stage", list(LLMStage))
def test_every_entry_has_its_response_model(stage):
    spec = STAGES[stage]
    if stage == LLMStage.REPAIR:  # answers in the schema of the call it repairs
        assert spec.response_model is None and not spec.per_run
        return
    assert isinstance(spec.response_model, type) and issubclass(spec.response_model, BaseModel)
    assert getattr(responses, spec.response_model.__name__) is spec.response_model
    assert spec.response_model.model_config.get("extra") == "forbid"


def test_every_prompt_file_belongs_to_a_stage():
    files = {p.stem for p in PROMPTS_DIR.glob("*.jinja") if not p.name.startswith("_")}
    assert files == {spec.prompt for spec in STAGES.values()}


def test_token_estimates_drive_the_models_table_and_cost():
    table = model_table(LLMSettings(model="openai/gpt-4o-mini"))
    rows = {row["stage"]: row for row in table["stages"]}
    assert list(rows) == [s.value for s in STAGES]
    for stage, spec in STAGES.items():
        assert (rows[stage]["typical_tokens_in"], rows[stage]["typical_tokens_out"]) == (
            spec.typical_tokens
        )
    assert estimate_stage_cost("openai/gpt-4o-mini", "writer") == estimate_stage_cost(
        "openai/gpt-4o-mini", LLMStage.WRITER
    )
    with pytest.raises(ValueError):
        stage_spec("summariser")


def test_stage_overrides_name_registry_stages():
    settings = Settings(llm={"stages": {"gap_questions": {"temperature": 0.9}}})
    assert settings.llm.for_stage(LLMStage.GAP_QUESTIONS).temperature == 0.9
    assert settings.llm.for_stage("writer").temperature == settings.llm.temperature
    with pytest.raises(ValueError, match="stages"):
        Settings(llm={"stages": {"summariser": {"temperature": 0.9}}})
