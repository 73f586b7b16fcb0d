"""`resumeforge models --check`: which structured-output mode works against the configured
endpoint, how fast, and what to change when none does.

One tiny structured call per mode (core/llm/output_mode.py), each with no validation retries and
no provider retries, so every verdict is about the mode itself. The key comes from the provider's
environment variable (or the caller) and stays in memory; errors are the fixed messages of
core/llm/failures.py.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict

from core.llm.failures import classify, is_parse_failure
from core.llm.output_mode import MODES, choose_mode, instructor_mode
from core.llm.redaction import quiet_provider_logs
from core.settings import LLMSettings

PROBE_MESSAGES = [
    {"role": "system", "content": "You answer with one JSON object and nothing else."},
    {"role": "user", "content": 'Reply with this JSON object exactly: {"word": "ready"}'},
]


class ProbeAnswer(BaseModel):
    model_config = ConfigDict(extra="forbid")

    word: str


@dataclass
class ModeResult:
    mode: str
    ok: bool
    seconds: float
    problem: str = ""  # kind of failure: bad_output | format_rejected | connection | auth | …


@dataclass
class ProbeReport:
    model: str
    api_base: str | None
    chosen: str  # the mode runs will use (llm.mode, or the provider's default)
    results: list[ModeResult] = field(default_factory=list)

    @property
    def working(self) -> list[str]:
        return [r.mode for r in self.results if r.ok]

    @property
    def chosen_works(self) -> bool:
        return self.chosen in self.working

    def advice(self) -> str:
        return probe_advice(self)

    def as_dict(self) -> dict[str, Any]:
        return {**asdict(self), "working": self.working, "advice": self.advice()}


def probe_endpoint(
    settings: LLMSettings,
    *,
    api_key: str | None = None,
    api_base: str | None = None,
    timeout_s: float | None = None,
) -> ProbeReport:
    """Try every output mode once (the chosen one first) against `settings.model`."""
    if not settings.model:
        raise ValueError("no model configured")
    quiet_provider_logs()
    base = api_base or settings.api_base
    chosen = choose_mode(settings.model, setting=settings.mode, api_base=base)
    report = ProbeReport(model=settings.model, api_base=base, chosen=chosen)
    params = {
        "model": settings.model,
        "temperature": 0.0,
        "max_tokens": 64,
        "timeout": timeout_s or min(settings.timeout_s, 60.0),
        "num_retries": 0,
        **{k: v for k, v in {"api_key": api_key, "api_base": base}.items() if v},
    }
    for mode in [chosen, *(m for m in MODES if m != chosen)]:
        report.results.append(_try_mode(mode, params))
    return report


def _try_mode(mode: str, params: dict[str, Any]) -> ModeResult:
    import instructor
    import litellm

    client = instructor.from_litellm(litellm.completion, mode=instructor_mode(mode))
    started = time.perf_counter()
    problem = ""
    try:
        answer = client.create(
            messages=PROBE_MESSAGES,  # type: ignore[arg-type]
            response_model=ProbeAnswer,
            max_retries=0,
            strict=False,
            **params,
        )
    except Exception as exc:
        problem = _problem(exc)
    else:
        problem = "" if answer.word.strip() else "bad_output"
    return ModeResult(mode, not problem, round(time.perf_counter() - started, 3), problem)


def _problem(exc: BaseException) -> str:
    cause = exc.__cause__ or exc
    if is_parse_failure(cause) or is_parse_failure(exc):
        return "bad_output"
    return classify(exc).kind


_START_A_SERVER = (
    "Start the server (llama.cpp: `llama-server -m MODEL.gguf --port 8080 --jinja`, then "
    "llm.api_base = http://127.0.0.1:8080/v1; Ollama: `ollama serve`; LM Studio: start its local "
    "server) or fix llm.api_base."
)
ADVICE = {
    "connection": "Nothing answers at {where}. " + _START_A_SERVER,
    "refused": "Nothing answers at {where} (the connection was refused). " + _START_A_SERVER,
    "dns": "The host name in {where} does not resolve: check the host in llm.api_base.",
    "auth": "The server rejected the key: set the provider's key variable (OPENAI_API_KEY, …); "
    "a local server usually accepts any non-empty key.",
    "not_found": "The server does not know the model {model}, or llm.api_base is not the "
    "OpenAI-compatible root (it usually ends in /v1). Check both.",
    "timeout": "The server did not answer within the timeout: raise llm.timeout_s or use a "
    "smaller model.",
    "invalid_response": "{where} answers, but not with OpenAI-style JSON: llm.api_base should "
    "be the OpenAI-compatible root (usually ending in /v1).",
}


def probe_advice(report: ProbeReport) -> str:
    """One sentence: what works, or what to change."""
    if report.chosen_works:
        return f"OK: runs will use {report.chosen}."
    if report.working:
        best = report.working[0]
        return (
            f'{report.chosen} does not work here but {best} does: set llm.mode = "{best}" '
            f"(RESUMEFORGE_LLM__MODE={best})."
        )
    kinds = {r.problem for r in report.results}
    for kind in (
        "dns",
        "refused",
        "connection",
        "auth",
        "not_found",
        "invalid_response",
        "timeout",
    ):
        if kind in kinds:
            where = report.api_base or f"{report.model}'s provider"
            return ADVICE[kind].format(where=where, model=report.model)
    return (
        "The server answers, but no mode produced the expected JSON: use a larger instruction "
        "model, or a server that enforces a JSON schema (llama.cpp with --jinja, Ollama, LM "
        "Studio; see docs/LLM.md)."
    )
