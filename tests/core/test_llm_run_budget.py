"""A run's time for model calls (`llm.run_budget_s`): the request in flight when it ends is cut
off then, and every later call falls back at once, recorded as `budget`."""

from __future__ import annotations

import time

import pytest

from core.errors import ProviderError
from core.llm.client import make_llm
from core.llm.prompts import render_prompt
from core.llm.responses import HydeResponse
from core.settings import LLMSettings
from tests.llm_server import Reply, ScriptedLLMServer, chat_completion

SLOW_S = 4.0


def hyde(llm) -> None:
    llm.structured(render_prompt("hyde", requirement="Python"), HydeResponse, stage="hyde")


def test_past_the_budget_a_call_falls_back_at_once_without_a_request() -> None:
    with ScriptedLLMServer() as server:
        server.responder = lambda request: Reply(
            body=chat_completion(content='{"bullet": "Built Python services."}'), delay=SLOW_S
        )
        settings = LLMSettings(
            model="openai/test-model", run_budget_s=1.0, provider_retries=2, retries=0
        )
        llm = make_llm(settings, api_key="sk-test-0123456789", api_base=server.url)
        assert llm is not None
        llm.start_run()
        started = time.monotonic()
        with pytest.raises(ProviderError) as first:
            hyde(llm)
        assert first.value.kind == "timeout"
        assert time.monotonic() - started < SLOW_S - 1, "cut off when the budget ended"
        assert server.count == 1, "no retry past the budget"

        started = time.monotonic()
        with pytest.raises(ProviderError) as second:
            hyde(llm)
        assert time.monotonic() - started < 0.5
        assert second.value.kind == "budget" and "run_budget_s" in str(second.value)
        assert server.count == 1
        assert llm.records[-1].error_code == "budget"

        llm.start_run()  # the next run has its own time
        server.responder = lambda request: Reply(
            body=chat_completion(content='{"bullet": "Built Python services."}')
        )
        hyde(llm)
        assert server.count == 2
