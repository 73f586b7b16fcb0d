"""A local server's JSON grammar gets bounds (strings, lists), so a small model must close its
JSON; hosted providers get the schema unchanged, and answers are validated as before."""

from __future__ import annotations

from core.contracts import LLMStage
from core.llm.client import make_llm
from core.llm.grammar import CARDS_CITED, LIST_ITEMS, STRING_CHARS, bounded
from core.llm.output_mode import is_local_server
from core.llm.prompts import render_prompt
from core.llm.responses import GapQuestionsResponse, MapperResponse
from core.settings import LLMSettings

pytest_plugins = ("tests.llm_server",)


def test_free_strings_and_lists_get_bounds_and_bounded_ones_keep_theirs():
    schema = {
        "type": "object",
        "properties": {
            "type": {"type": "string"},  # a property named "type"
            "kind": {"type": "string", "enum": ["job", "education"]},
            "code": {"type": "string", "pattern": "^[a-z]+$"},
            "short": {"type": "string", "maxLength": 20},
            "maybe": {"anyOf": [{"type": "string"}, {"type": "null"}]},
            "items": {"type": "array", "items": {"type": "string"}},
            "few": {"type": "array", "maxItems": 3, "items": {"type": "integer"}},
        },
    }
    out = bounded(schema)
    props = out["properties"]
    assert props["type"]["maxLength"] == STRING_CHARS
    assert "maxLength" not in props["kind"] and "maxLength" not in props["code"]
    assert props["short"]["maxLength"] == 20
    assert props["maybe"]["anyOf"][0]["maxLength"] == STRING_CHARS
    assert props["items"]["maxItems"] == LIST_ITEMS
    assert props["items"]["items"]["maxLength"] == STRING_CHARS
    assert props["few"]["maxItems"] == 3
    assert "maxLength" not in schema["properties"]["type"], "the stage's own schema is untouched"


def test_only_the_operators_own_servers_get_the_bounds():
    assert is_local_server("openai/anything", api_base="http://127.0.0.1:8080/v1")
    assert is_local_server("ollama/llama3.1")
    assert not is_local_server("openai/gpt-4o-mini")
    assert not is_local_server("anthropic/claude-haiku-4-5")


def test_a_local_servers_request_carries_the_bounded_schema_and_the_answer_validates(llm_server):
    settings = LLMSettings(model="openai/local", retries=0, provider_retries=0, cache=False)
    llm = make_llm(settings, api_base=llm_server.url, api_key="sk-local")
    assert llm is not None
    gaps = [
        {
            "gap_id": "g1",
            "requirement": "Terraform",
            "type": "true_gap",
            "priority": "must",
            "nearby": "",
            "unstated": "",
            "closest": "",
        }
    ]
    llm_server.reply_json({"questions": [{"gap_id": "g1", "question": "Used Terraform?"}]})
    answer = llm.structured(
        render_prompt("gap_questions", gaps=gaps),
        GapQuestionsResponse,
        stage=LLMStage.GAP_QUESTIONS,
        validation_context={"valid_gap_ids": {"g1"}},
    )
    assert answer.questions[0].question == "Used Terraform?"
    schema = llm_server.requests[0].body["response_format"]["json_schema"]["schema"]
    assert schema["properties"]["questions"]["maxItems"] == 1  # one question for the one gap
    assert schema["$defs"]["GapQuestion"]["properties"]["gap_id"]["enum"] == ["g1"]
    question = schema["$defs"]["GapQuestion"]["properties"]["question"]
    assert question["maxLength"] == STRING_CHARS
    assert (
        "maxLength"
        not in GapQuestionsResponse.model_json_schema()["$defs"]["GapQuestion"]["properties"][
            "question"
        ]
    )


def test_ids_from_the_validation_context_are_the_only_ids_and_keyed_lists_have_one_each():
    schema = bounded(
        MapperResponse.model_json_schema(),
        {"valid_requirement_ids": {"r2", "r1"}, "valid_card_ids": {"c1", "c2", "c3"}},
    )
    match = schema["$defs"]["MapperMatch"]["properties"]
    assert match["requirement_id"]["enum"] == ["r1", "r2"]
    assert match["evidence_card_ids"]["items"]["enum"] == ["c1", "c2", "c3"]
    assert match["evidence_card_ids"]["maxItems"] == CARDS_CITED
    assert schema["properties"]["evidence_map"]["maxItems"] == 2
    assert schema["properties"]["gaps"]["maxItems"] == 2
    unrestricted = bounded(MapperResponse.model_json_schema())
    assert "enum" not in unrestricted["$defs"]["MapperMatch"]["properties"]["requirement_id"]
    assert unrestricted["properties"]["evidence_map"]["maxItems"] == LIST_ITEMS
