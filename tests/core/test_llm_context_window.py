"""The model's context window: where it is read from, that no request over it is sent, and that
the evidence mapper asks in batches that fit and merge to the answer one request would give."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from core.contracts import (
    Blackboard,
    CallOutcome,
    Confidence,
    EvidenceMapping,
    GapResolution,
    GapType,
    Inputs,
    JDAnalysis,
    LLMStage,
    ParsedResume,
    Requirement,
    RoleProfile,
)
from core.errors import ProviderError
from core.llm.client import make_llm
from core.llm.context import DEFAULT_CONTEXT_TOKENS, ContextBudget
from core.llm.fake import FakeCall, FakeLLM
from core.llm.prompts import render_prompt
from core.llm.responses import HydeResponse
from core.pipeline.llm_stages import judge_mapping
from core.settings import LLMSettings
from tests.core.cards import card

pytest_plugins = ("tests.llm_server",)

REQUIREMENTS = 12
CARDS_EACH = 5
ANSWER_TOKENS = 200


# --- a board whose requirements all wait for the model's judgement ----------------------------


def board_and_mapping(*, long_card: str = "") -> tuple[Blackboard, list, list, dict]:
    requirements, cards, candidates = [], [], {}
    for r in range(1, REQUIREMENTS + 1):
        req_id = f"req-{r}"
        requirements.append(
            Requirement(id=req_id, text=f"Operate system {r} with care", keywords=[f"system{r}"])
        )
        ids = [f"card-{r}-{k}" for k in range(1, CARDS_EACH + 1)]
        candidates[req_id] = ids
        for k, card_id in enumerate(ids, start=1):
            text = f"Ran system {r} maintenance shift {k}, logging each check for the audit team"
            cards.append(card(card_id, long_card if (r, k) == (7, 1) and long_card else text))
    board = Blackboard(
        inputs=Inputs(job_description="JD"),
        resume=ParsedResume(source_name="fact.md", content_hash="h", cards=cards),
        jd=JDAnalysis(role_profile=RoleProfile(inferred_level="Senior"), requirements=requirements),
        synonyms_map={"system1": ["platform one"], "unrelated": ["nothing here"]},
    )
    evidence_map = [EvidenceMapping(requirement_id=r.id) for r in requirements]
    gaps = [
        GapResolution(gap_id=f"g-{r.id}", requirement_id=r.id, requirement_text=r.text)
        for r in requirements
    ]
    return board, evidence_map, gaps, candidates


def answer_from_prompt(call: FakeCall, context: dict | None) -> dict[str, Any]:
    """A model that cites, for each requirement it was shown, that requirement's first card and
    (when it was shown too) the next requirement's first card, which is not its candidate."""
    valid = set((context or {}).get("valid_card_ids", ()))
    asked = re.findall(r'"id": "(req-\d+)"', call.prompt.user)
    matches = []
    for req_id in asked:
        number = int(req_id.split("-")[1])
        cited = [f"card-{number}-1", f"card-{number + 1}-1"]
        matches.append(
            {
                "requirement_id": req_id,
                "evidence_card_ids": [c for c in cited if c in valid],
                "confidence": "medium",
                "notes": f"judged {req_id}",
            }
        )
    return {"evidence_map": matches, "gaps": []}


def cards_in(call: FakeCall) -> set[str]:
    return set(re.findall(r'"id": "(card-[\d-]+)"', call.prompt.user))


# --- the mapper's batches -----------------------------------------------------------------------


def test_mapper_batches_fit_a_small_window_and_merge_to_the_one_request_answer():
    board, evidence_map, gaps, candidates = board_and_mapping()
    whole = FakeLLM(respond=answer_from_prompt)
    one = judge_mapping(board, evidence_map, gaps, llm=whole, candidates=candidates)
    assert len(whole.calls) == 1

    window = 1400
    small = FakeLLM(context_tokens=window, max_tokens=ANSWER_TOKENS, respond=answer_from_prompt)
    batched = judge_mapping(board, evidence_map, gaps, llm=small, candidates=candidates)

    assert len(small.calls) > 2, "the requirements did not fit one request: batched"
    assert all(tokens + ANSWER_TOKENS <= window for tokens in small.sent_tokens)
    assert all(r.outcome == CallOutcome.OK for r in small.records)
    for call in small.calls:  # each batch shows only its own requirements' candidate cards
        asked = re.findall(r'"id": "(req-\d+)"', call.prompt.user)
        assert cards_in(call) == {c for r in asked for c in candidates[r]}
    assert batched == one
    upgraded = [m for m in batched[0] if m.confidence == Confidence.MEDIUM]
    assert len(upgraded) == REQUIREMENTS
    assert all(
        m.evidence_card_ids == [f"{m.requirement_id.replace('req', 'card')}-1"] for m in upgraded
    )
    assert all(g.gap_type == GapType.HIDDEN_EVIDENCE for g in batched[1])


def test_a_requirement_that_cannot_fit_alone_keeps_its_offline_mapping_and_says_so():
    board, evidence_map, gaps, candidates = board_and_mapping(long_card="checked " * 900)
    window = 1400
    llm = FakeLLM(context_tokens=window, max_tokens=ANSWER_TOKENS, respond=answer_from_prompt)
    mapped, kept = judge_mapping(board, evidence_map, gaps, llm=llm, candidates=candidates)

    assert all(tokens + ANSWER_TOKENS <= window for tokens in llm.sent_tokens)
    refused = [r for r in llm.records if r.outcome == CallOutcome.ERROR]
    assert len(refused) == 1 and "context_length" in refused[0].error
    by_id = {m.requirement_id: m for m in mapped}
    assert by_id["req-7"] == evidence_map[6], "its offline result stands"
    assert all(by_id[f"req-{r}"].confidence == Confidence.MEDIUM for r in range(1, 13) if r != 7)
    assert {g.requirement_id for g in kept if g.gap_type == GapType.TRUE_GAP} == {"req-7"}


def test_only_requirements_the_model_can_change_are_asked():
    board, evidence_map, gaps, candidates = board_and_mapping()
    evidence_map = [
        m.model_copy(update={"confidence": Confidence.HIGH, "evidence_card_ids": ["card-1-1"]})
        if m.requirement_id != "req-3"
        else m
        for m in evidence_map
    ]
    llm = FakeLLM(respond=answer_from_prompt)
    mapped, _ = judge_mapping(board, evidence_map, gaps, llm=llm, candidates=candidates)
    assert len(llm.calls) == 1
    assert re.findall(r'"id": "(req-\d+)"', llm.calls[0].prompt.user) == ["req-3"]
    assert cards_in(llm.calls[0]) == set(candidates["req-3"])
    assert [m.requirement_id for m in mapped if m.confidence == Confidence.MEDIUM] == ["req-3"]


# --- where the window comes from ----------------------------------------------------------------


class LlamaLike:
    """A stub of llama.cpp's /props, /apply-template and /tokenize (a word is a token), and an
    OpenAI-compatible /v1/models, on 127.0.0.1."""

    def __init__(self, *, n_ctx: int | None = None, models: list[dict] | None = None) -> None:
        self.n_ctx, self.models, self.paths = n_ctx, models, []
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                stub.paths.append(self.path)
                if self.path == "/props" and stub.n_ctx:
                    self._json({"default_generation_settings": {"n_ctx": stub.n_ctx}})
                elif self.path == "/v1/models" and stub.models is not None:
                    self._json({"object": "list", "data": stub.models})
                else:
                    self._json({"error": "not found"}, status=404)

            def do_POST(self) -> None:
                stub.paths.append(self.path)
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                if self.path == "/apply-template":
                    text = "\n".join(f"<{m['role']}> {m['content']}" for m in body["messages"])
                    self._json({"prompt": text})
                elif self.path == "/tokenize":
                    self._json({"tokens": list(range(len(body["content"].split())))})
                else:
                    self._json({"error": "not found"}, status=404)

            def _json(self, payload: Any, status: int = 200) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: Any) -> None:
                return

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def stub() -> Iterator[LlamaLike]:
    server = LlamaLike(n_ctx=4096)
    yield server
    server.close()


def test_the_window_is_read_from_llama_cpp_and_counted_by_its_tokenizer(stub):
    budget = ContextBudget(model="openai/local", api_base=stub.api_base, setting=None)
    measure = budget.measure(
        {"messages": [{"role": "user", "content": "one two three four"}]}, reserved=100
    )
    assert (budget.window.tokens, budget.window.source) == (4096, "the server's /props")
    assert measure.prompt_tokens == 5  # "<user>" and four words, as the stub tokenizes them
    assert measure.counted_by == "the server's tokenizer" and measure.fits
    assert stub.paths == ["/props", "/apply-template", "/tokenize"]


def test_the_setting_wins_over_the_server(stub):
    budget = ContextBudget(model="openai/local", api_base=stub.api_base, setting=2048)
    assert budget.window.tokens == 2048 and budget.window.source == "llm.context_tokens"
    assert stub.paths == []


def test_an_openai_compatible_model_list_gives_the_window():
    server = LlamaLike(
        models=[{"id": "other", "max_model_len": 1}, {"id": "qwen", "max_model_len": 32768}]
    )
    try:
        budget = ContextBudget(model="openai/qwen", api_base=server.api_base, setting=None)
        assert budget.window.tokens == 32768
        text = "word " * 300
        measure = budget.measure({"messages": [{"role": "user", "content": text}]}, reserved=0)
        assert measure.counted_by == "estimate" and measure.prompt_tokens >= 300
    finally:
        server.close()


def test_hosted_models_use_litellms_figure_and_unknown_ones_a_small_default():
    hosted = ContextBudget(model="openai/gpt-4o-mini", api_base=None, setting=None)
    assert hosted.window.tokens >= 100_000
    assert hosted.window.source == "litellm's model information"
    unknown = ContextBudget(model="openai/no-such-model-here", api_base=None, setting=None)
    assert unknown.window.tokens == DEFAULT_CONTEXT_TOKENS


# --- the client never sends a request over the window -------------------------------------------


def small_client(server_url: str, **overrides: Any):
    settings = {"model": "openai/test-model", "max_tokens": 100, "retries": 0}
    settings |= {"provider_retries": 0, "cache": False, "context_tokens": 800}
    return make_llm(LLMSettings(**(settings | overrides)), api_base=server_url, api_key="sk-t")


def test_a_prompt_over_the_window_is_not_sent(llm_server):
    llm = small_client(llm_server.url)
    long_prompt = render_prompt("hyde", requirement="Run usability studies. " * 200)
    assert not llm.fits(long_prompt, HydeResponse, stage=LLMStage.HYDE)
    with pytest.raises(ProviderError) as caught:
        llm.structured(long_prompt, HydeResponse, stage=LLMStage.HYDE)
    assert caught.value.kind == "context_length" and "was not sent" in str(caught.value)
    assert llm_server.count == 0
    record = llm.records[-1]
    assert (record.error_code, record.attempts, record.outcome) == (
        "context_length",
        0,
        CallOutcome.ERROR,
    )

    short_prompt = render_prompt("hyde", requirement="Run usability studies")
    assert llm.fits(short_prompt, HydeResponse, stage=LLMStage.HYDE)
    llm_server.reply_json({"bullet": "Ran usability studies"})
    assert llm.structured(short_prompt, HydeResponse, stage=LLMStage.HYDE).bullet
    assert llm_server.count == 1


def test_a_reask_that_would_not_fit_ends_the_call_as_bad_output_without_sending_it(llm_server):
    llm = small_client(llm_server.url, retries=2, context_tokens=700)
    prompt = render_prompt("hyde", requirement="Run usability studies")
    llm_server.reply_text(json.dumps({"wrong": "x " * 400}))  # invalid, and long
    with pytest.raises(ProviderError) as caught:
        llm.structured(prompt, HydeResponse, stage=LLMStage.HYDE)
    assert caught.value.kind == "bad_output"
    assert llm_server.count == 1, "neither the re-ask nor the repair fitted: not sent"
