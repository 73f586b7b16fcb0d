"""How a model is asked for structured output, chosen per provider (one home for the rule).

- `json_schema`: `response_format={"type": "json_schema", …}`, enforced by the server's grammar.
  Default for local servers (ollama/, lm_studio/, llamafile/, hosted_vllm/) and any `api_base`.
- `tools`: one forced function call. Default where litellm says the model supports it.
- `json`: `response_format={"type": "json_object"}`. Default for every other provider.
- `prompt_json`: no response_format, the schema in the prompt (instructor's MD_JSON). Used after
  a server rejected the other modes (remembered per model), or when configured.

Why: llama.cpp's server returns no `tool_calls` and rejects an object `tool_choice`; LM Studio
rejects `json_object`; both accept a JSON schema (docs/LLM.md). `llm.mode` overrides the choice.
"""

from __future__ import annotations

from typing import Any

from core.llm.endpoints import LOCAL_PROVIDERS, provider_from_string

MODES = ("tools", "json_schema", "json", "prompt_json")


def choose_mode(model: str, *, setting: str = "auto", api_base: str | None = None) -> str:
    """The output mode for `model` ('tools' | 'json_schema' | 'json' | 'prompt_json')."""
    if setting in MODES:
        return setting
    if is_local_server(model, api_base=api_base):
        return "json_schema"
    return "tools" if _supports_tools(model) else "json"


def is_local_server(model: str, *, api_base: str | None = None) -> bool:
    """A server of the operator's own (an `api_base`, or a local provider): llama.cpp, Ollama,
    LM Studio and vLLM enforce a JSON schema as a grammar (core/llm/grammar.py bounds it)."""
    return bool(api_base) or provider_from_string(model) in LOCAL_PROVIDERS


def instructor_mode(name: str) -> Any:
    """instructor's Mode for one of `MODES`."""
    from instructor import Mode

    return {
        "tools": Mode.TOOLS,
        "json_schema": Mode.JSON_SCHEMA,
        "json": Mode.JSON,
        "prompt_json": Mode.MD_JSON,
    }[name]


def _supports_tools(model: str) -> bool:
    import litellm

    try:
        return bool(litellm.supports_function_calling(model=model))
    except Exception:
        return False
