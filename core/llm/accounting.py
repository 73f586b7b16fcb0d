"""Tokens, cost and latency: per response, per call record, per stage and per run.

Prices come from litellm's cost map, read from the copy installed with litellm
(`LITELLM_LOCAL_MODEL_COST_MAP=True`, set by `core/environment.py`): nothing is fetched. A model
that is not in the map (local servers, custom names) costs 0.0 here and "unknown" in estimates.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from core.contracts import CallOutcome, LLMCallRecord, LLMStage


@dataclass
class Usage:
    """Running totals for one structured() call (all requests, retries and repair included)."""

    requests: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    largest_request: int = 0  # prompt + reserved answer tokens of the largest request measured

    def add_response(self, response: Any, *, model: str) -> None:
        usage = getattr(response, "usage", None)
        prompt = int(getattr(usage, "prompt_tokens", 0) or 0)
        completion = int(getattr(usage, "completion_tokens", 0) or 0)
        self.prompt_tokens += prompt
        self.completion_tokens += completion
        self.cost_usd += price(model, prompt, completion) or 0.0


def price(model: str, prompt_tokens: int, completion_tokens: int) -> float | None:
    """USD from litellm's local cost map; None when the model is not in it."""
    import litellm

    try:
        prompt_cost, completion_cost = litellm.cost_per_token(
            model=model, prompt_tokens=prompt_tokens, completion_tokens=completion_tokens
        )
    except Exception:  # not mapped, or a provider litellm cannot price
        return None
    return float(prompt_cost) + float(completion_cost)


def estimate_stage_cost(model: str, stage: LLMStage | str) -> float | None:
    """USD of one typical run of a stage (the registry's token estimate)."""
    from core.llm.stages import stage_spec

    prompt, completion = stage_spec(stage).typical_tokens
    return price(model, prompt, completion)


def summarise(records: Iterable[LLMCallRecord]) -> dict[str, Any]:
    """Totals per stage and for the run: calls, requests, tokens, cost, latency, cache hits,
    outcomes."""
    stages: dict[str, dict[str, Any]] = {}
    total = _empty()
    for record in records:
        for bucket in (stages.setdefault(record.stage, _empty()), total):
            bucket["calls"] += 1
            bucket["requests"] += 0 if record.cache_hit else record.attempts
            bucket["prompt_tokens"] += record.prompt_tokens
            bucket["completion_tokens"] += record.completion_tokens
            bucket["cost_usd"] = round(bucket["cost_usd"] + record.cost_usd, 8)
            bucket["latency_ms"] = round(bucket["latency_ms"] + record.latency_ms, 3)
            bucket["cache_hits"] += int(record.cache_hit)
            bucket["outcomes"][record.outcome.value] += 1
            if record.model and record.model not in bucket["models"]:
                bucket["models"].append(record.model)
    return {"stages": stages, "total": total}


def _empty() -> dict[str, Any]:
    return {
        "calls": 0,
        "requests": 0,
        "prompt_tokens": 0,
        "completion_tokens": 0,
        "cost_usd": 0.0,
        "latency_ms": 0.0,
        "cache_hits": 0,
        "outcomes": {outcome.value: 0 for outcome in CallOutcome},
        "models": [],
    }
