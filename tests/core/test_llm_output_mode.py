"""The structured-output mode per provider (core/llm/output_mode.py), and the override."""

from __future__ import annotations

import pytest

from core.llm.output_mode import choose_mode


@pytest.mark.parametrize(
    ("model", "api_base", "expected"),
    [
        ("ollama/llama3.1", None, "json_schema"),
        ("ollama_chat/qwen2.5:7b-instruct", None, "json_schema"),
        ("lm_studio/qwen2.5-7b-instruct", None, "json_schema"),
        ("llamafile/model", None, "json_schema"),
        ("openai/qwen2.5-7b-instruct", "http://127.0.0.1:8080/v1", "json_schema"),
        ("openai/gpt-4o-mini", None, "tools"),
        ("openai/some-unknown-model", None, "json"),
    ],
)
def test_auto_picks_json_schema_for_local_servers_and_tools_where_supported(
    model, api_base, expected
):
    assert choose_mode(model, api_base=api_base) == expected


def test_the_setting_overrides_the_choice():
    assert choose_mode("ollama/llama3.1", setting="tools") == "tools"
    assert choose_mode("openai/gpt-4o-mini", setting="prompt_json") == "prompt_json"
    assert choose_mode("openai/x", setting="json_schema") == "json_schema"


def test_the_models_table_shows_the_mode_runs_will_use():
    from core.cli.llm import model_table
    from core.settings import LLMSettings

    local = model_table(LLMSettings(model="openai/local", api_base="http://127.0.0.1:8080/v1"))
    assert {row["mode"] for row in local["stages"] if row["stage"] != "repair"} == {"json_schema"}
