"""Response cache (a second identical run makes zero provider calls) and cost accounting."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from core.contracts import CallOutcome, LLMCallRecord
from core.llm.accounting import estimate_stage_cost, price, summarise
from core.llm.cache import ResponseCache, cache_key, clear_caches
from core.llm.client import make_llm
from core.llm.prompts import render_prompt
from core.llm.responses import HydeResponse, MapperResponse
from core.settings import LLMSettings
from tests.llm_server import ScriptedLLMServer

KEY = "sk-test-cache-0123456789"


@pytest.fixture
def llm_server() -> Iterator[ScriptedLLMServer]:
    with ScriptedLLMServer() as server:
        yield server


def _settings(**overrides) -> LLMSettings:
    return LLMSettings(
        **({"model": "openai/test-model", "retries": 0, "provider_retries": 0} | overrides)
    )


def test_second_identical_run_makes_zero_requests(llm_server, private_home):
    directory = private_home / "cache" / "llm"
    prompt = render_prompt("hyde", requirement="Kubernetes")
    llm_server.reply_json({"bullet": "Ran Kubernetes"})

    first = make_llm(
        _settings(), api_key=KEY, api_base=llm_server.url, cache=ResponseCache(directory)
    )
    assert first is not None
    assert first.structured(prompt, HydeResponse, stage="hyde").bullet == "Ran Kubernetes"
    assert llm_server.count == 1

    # a new run: new client, new cache handle on the same folder, a different key
    second = make_llm(
        _settings(),
        api_key="sk-other-key-999999",
        api_base=llm_server.url,
        cache=ResponseCache(directory),
    )
    assert second is not None
    assert second.structured(prompt, HydeResponse, stage="hyde").bullet == "Ran Kubernetes"
    assert llm_server.count == 1  # zero requests the second time
    record = second.records[-1]
    assert record.cache_hit and record.model == "openai/test-model" and record.attempts == 0
    assert (record.prompt_tokens, record.cost_usd) == (0, 0.0)


def test_anything_that_changes_the_answer_misses_the_cache(llm_server, private_home):
    cache = ResponseCache(private_home / "cache" / "llm")
    for _ in range(3):
        llm_server.reply_json({"bullet": "x"})
    llm = make_llm(_settings(), api_base=llm_server.url, api_key=KEY, cache=cache)
    assert llm is not None
    llm.structured(render_prompt("hyde", requirement="Go"), HydeResponse, stage="hyde")
    llm.structured(render_prompt("hyde", requirement="Rust"), HydeResponse, stage="hyde")
    warmer = make_llm(_settings(temperature=0.9), api_base=llm_server.url, api_key=KEY, cache=cache)
    assert warmer is not None
    warmer.structured(render_prompt("hyde", requirement="Go"), HydeResponse, stage="hyde")
    assert llm_server.count == 3 and len(cache) == 3


def test_a_stale_entry_with_an_id_that_no_longer_exists_is_asked_again(llm_server, private_home):
    cache = ResponseCache(private_home / "cache" / "llm")
    llm = make_llm(_settings(), api_base=llm_server.url, api_key=KEY, cache=cache)
    assert llm is not None
    prompt = render_prompt(
        "evidence_mapper", requirements=[{"id": "r1"}], cards=[{"id": "c1"}], synonyms={}
    )
    answer = {"evidence_map": [{"requirement_id": "r1", "evidence_card_ids": ["c1"]}], "gaps": []}
    llm_server.reply_json(answer)
    llm_server.reply_json({"evidence_map": [], "gaps": []})

    llm.structured(
        prompt,
        MapperResponse,
        stage="evidence_mapper",
        validation_context={"valid_card_ids": {"c1"}},
    )
    fresh = llm.structured(
        prompt,
        MapperResponse,
        stage="evidence_mapper",
        validation_context={"valid_card_ids": {"c2"}},
    )

    assert llm_server.count == 2 and fresh.evidence_map == []


def test_cache_off_in_settings_means_no_cache(llm_server, private_home):
    cache = ResponseCache(private_home / "cache" / "llm")
    for _ in range(2):
        llm_server.reply_json({"bullet": "x"})
    llm = make_llm(_settings(cache=False), api_base=llm_server.url, api_key=KEY, cache=cache)
    assert llm is not None
    prompt = render_prompt("hyde", requirement="Go")
    llm.structured(prompt, HydeResponse, stage="hyde")
    llm.structured(prompt, HydeResponse, stage="hyde")
    assert llm_server.count == 2 and len(cache) == 0


def test_cache_key_never_includes_the_key_and_is_stable():
    args = {
        "models": ["m"],
        "messages": [{"role": "user", "content": "x"}],
        "schema": {},
        "params": {},
    }
    assert cache_key(**args) == cache_key(**args)
    assert cache_key(**args) != cache_key(**(args | {"params": {"temperature": 0.1}}))


def test_clear_caches_empties_llm_and_embedding_dirs(private_home):
    root = private_home / "cache"
    cache = ResponseCache(root / "llm")
    cache.set("a", model="m", value={"bullet": "x"})
    cache.set("b", model="m", value={"bullet": "y"})
    cache.close()
    (root / "embeddings").mkdir()
    (root / "embeddings" / "vectors.npy").write_bytes(b"\x00" * 16)

    counts = clear_caches(root)

    assert counts == {"llm_responses": 2, "other_entries": 1}
    assert root.is_dir() and list(root.iterdir()) == []
    assert clear_caches(root) == {"llm_responses": 0, "other_entries": 0}


# --- accounting --------------------------------------------------------------------------------


def test_cost_comes_from_the_local_price_map(llm_server):
    llm = make_llm(_settings(model="openai/gpt-4o-mini"), api_base=llm_server.url, api_key=KEY)
    assert llm is not None
    llm_server.reply_json({"bullet": "x"}, prompt_tokens=1000, completion_tokens=500)
    llm.structured(render_prompt("hyde", requirement="Go"), HydeResponse, stage="hyde")
    record = llm.records[-1]
    expected = price("openai/gpt-4o-mini", 1000, 500)
    assert expected is not None and expected > 0
    assert record.cost_usd == pytest.approx(expected)
    # behind an api_base (a proxy or local server) the mode is a JSON schema (output_mode.py)
    assert llm_server.requests[0].body["response_format"]["type"] == "json_schema"


def test_unknown_models_cost_nothing_known():
    assert price("openai/test-model", 1000, 1000) is None
    assert estimate_stage_cost("openai/test-model", "writer") is None
    assert (estimate_stage_cost("openai/gpt-4o-mini", "writer") or 0) > 0


def test_summarise_totals_per_stage_and_run():
    records = [
        LLMCallRecord(
            stage="writer",
            model="a",
            attempts=2,
            prompt_tokens=100,
            completion_tokens=50,
            cost_usd=0.01,
            latency_ms=5,
        ),
        LLMCallRecord(
            stage="writer", model="b", outcome=CallOutcome.ERROR, attempts=1, latency_ms=1
        ),
        LLMCallRecord(stage="hyde", model="a", cache_hit=True),
    ]
    summary = summarise(records)
    writer, total = summary["stages"]["writer"], summary["total"]
    assert (writer["calls"], writer["requests"], writer["prompt_tokens"]) == (2, 3, 100)
    assert writer["outcomes"]["ok"] == 1 and writer["outcomes"]["error"] == 1
    assert writer["models"] == ["a", "b"]
    assert (total["calls"], total["requests"], total["cache_hits"]) == (3, 3, 1)
    assert total["cost_usd"] == pytest.approx(0.01) and total["latency_ms"] == pytest.approx(6)
    assert summarise([]) == {"stages": {}, "total": summarise([])["total"]}
