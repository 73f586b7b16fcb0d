"""FakeLLM: ordered answers, recorded calls, validation with the context like the real client."""

from __future__ import annotations

import pytest

from core.contracts import CallOutcome
from core.errors import ProviderError
from core.llm.client import LLM
from core.llm.fake import FakeLLM
from core.llm.prompts import render_prompt
from core.llm.responses import HydeResponse, MapperResponse


def _mapper_prompt():
    return render_prompt(
        "evidence_mapper", requirements=[{"id": "r1"}], cards=[{"id": "c1"}], synonyms={}
    )


def test_answers_in_order_and_records_calls():
    llm: LLM = FakeLLM()  # conformance to the protocol is checked by mypy (core/llm/fake.py)
    llm.enqueue({"bullet": "first"}, HydeResponse(bullet="second"))
    prompt = render_prompt("hyde", requirement="Go")

    assert llm.structured(prompt, HydeResponse, stage="hyde").bullet == "first"
    assert llm.structured(prompt, HydeResponse, stage="hyde").bullet == "second"

    stage, seen_prompt, model = llm.calls[0]
    assert (stage, seen_prompt, model) == ("hyde", prompt, HydeResponse)
    assert [r.outcome for r in llm.records] == [CallOutcome.OK, CallOutcome.OK]
    assert llm.pending == 0


def test_enqueued_exception_is_raised_and_recorded():
    llm = FakeLLM().enqueue(ProviderError("rate limited", kind="rate_limit"))
    with pytest.raises(ProviderError) as caught:
        llm.structured(render_prompt("hyde", requirement="Go"), HydeResponse, stage="hyde")
    assert caught.value.kind == "rate_limit"
    assert llm.records[-1].outcome == CallOutcome.ERROR and "rate_limit" in llm.records[-1].error


def test_unknown_card_id_becomes_bad_output_like_the_real_client():
    llm = FakeLLM().enqueue(
        {"evidence_map": [{"requirement_id": "r1", "evidence_card_ids": ["c404"]}], "gaps": []}
    )
    with pytest.raises(ProviderError) as caught:
        llm.structured(
            _mapper_prompt(),
            MapperResponse,
            stage="evidence_mapper",
            validation_context={"valid_card_ids": {"c1"}},
        )
    assert caught.value.kind == "bad_output" and "unknown evidence card" in str(caught.value)
    assert llm.records[-1].outcome == CallOutcome.FALLBACK
    assert llm.contexts[-1] == {"valid_card_ids": {"c1"}}


def test_nothing_queued_is_a_loud_test_bug_not_a_provider_error():
    with pytest.raises(LookupError, match="hyde"):
        FakeLLM().structured(render_prompt("hyde", requirement="Go"), HydeResponse, stage="hyde")
