"""Shared fixtures for the hardening suite: hostile inputs, faults, secrets, privacy.

Speed: one RESUMEFORGE home per test *session* (`rel_settings`), so the embedding model loads
once; each test makes its inputs unique with a tag (`fact_resume(tag)`), which gives it its own
workspace and run folder. Tests that must own a whole home (subprocess CLI runs) make their own.

LLM runs go through the real litellm + instructor client against `tests.llm_server` on loopback.
`StageScript` answers each request by stage (recognised from the system prompt), like a model
that follows its instructions — or, when told, one that obeys an injection.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from core.settings import LLMSettings, Settings
from tests.llm_server import Reply, ScriptedLLMServer, chat_completion

REPO = Path(__file__).resolve().parents[2]


def _hypothesis_home_outside_the_repo() -> None:
    """Hypothesis keeps caches in ./.hypothesis by default; keep the working tree clean."""
    from hypothesis.configuration import set_hypothesis_home_dir

    set_hypothesis_home_dir(Path(tempfile.gettempdir()) / "resumeforge-hypothesis")


_hypothesis_home_outside_the_repo()
SAMPLES = REPO / "core" / "data" / "samples"
MODEL = "openai/test-model"

# The stage a request belongs to, by a phrase of its system prompt (core/prompts/<stage>.jinja).
STAGE_MARKERS = {
    "technical recruiter": "jd_analyst",
    "evidence-matching": "evidence_mapper",
    "expert resume writer": "writer",
    "truth and ATS auditor": "auditor",
    "You repair JSON": "repair",
    "hypothetical resume bullet": "hyde",
    "help a candidate close gaps": "gap_questions",
    "You read the structure of a resume": "structure_reader",
}

NAME = "Marisol Quenneville"
EMAIL = "marisol.q@example.com"
PHONE = "(555) 555-0199"


NORTHWIND_BULLETS = (
    "Built the company's data warehouse on Snowflake with dbt, replacing 140 hand-written SQL "
    "scripts with 210 tested dbt models; the nightly load fell from 5 hours to 50 minutes.",
    "Designed the data pipelines that pull sales, inventory and loyalty data from 14 source "
    "systems into Snowflake, with incremental loads and automatic backfills.",
    "Built a streaming pipeline on Kafka for point-of-sale events from all 320 stores, about 12 "
    "million events a day.",
    "Scheduled and monitored 85 daily jobs as DAGs in Apache Airflow, with SLA alerts routed to "
    "the on-call channel.",
    "Led the {tag} reconciliation project that matched loyalty records across 3 source systems.",
    "Mentored three junior data engineers through weekly pairing sessions and code review.",
)
BRIGHTLINE_BULLETS = (
    "Wrote the Python services that load claims files from 9 insurance partners into "
    "PostgreSQL, handling about 2 million claims a month.",
    "Moved the analytics team's reporting from spreadsheets to Looker, building 25 dashboards "
    "used in the weekly operations review.",
)


def _bullets(lines: tuple[str, ...] | list[str]) -> str:
    return "\n".join(f"- {line}" for line in lines)


def fact_resume(tag: str, *, extra_bullet: str = "", summary_extra: str = "") -> str:
    """A complete fact resume (contact, three roles, education, skills) unique to `tag`.

    Contact details appear only in the header, so any of them in a prompt is a leak. The tag is
    a project code name in one bullet, so each test gets its own content hash (workspace, run).
    """
    northwind = [line.format(tag=tag) for line in NORTHWIND_BULLETS]
    if extra_bullet:
        northwind.append(extra_bullet)
    return f"""# {NAME}

Minneapolis, MN · {EMAIL} · {PHONE}

## Summary

Seven years of data engineering: building the data pipelines that analysts and finance teams rely
on every morning. Most of my work is in SQL and Python, on Snowflake, dbt, Airflow and Kafka.
{summary_extra}

## Experience

### Northwind Grocers — Senior Data Engineer
*Minneapolis, MN | March 2021 – Present*

{_bullets(northwind)}

### Brightline Health — Data Engineer
*Saint Paul, MN | 06/2018 – 02/2021*

{_bullets(BRIGHTLINE_BULLETS)}

### Lakeside Insurance — Business Intelligence Analyst
*Minneapolis, MN | 2016 – 2018*

- Wrote SQL reports on policy renewals and claims for the underwriting team.

## Education

Bachelor of Science in Statistics, University of Minnesota — May 2016

## Skills

SQL, Python, Snowflake, dbt, Apache Airflow, Kafka, PostgreSQL, Looker
"""


def sample_jd(extra: str = "") -> str:
    text = (SAMPLES / "sample_jd.txt").read_text(encoding="utf-8")
    return f"{text.rstrip()}\n\n{extra}\n" if extra else text


def write_inputs(folder: Path, resume: str | bytes, jd: str, *, resume_name: str = "resume.md"):
    """Write a resume and a JD into `folder`; returns (resume_path, jd_path)."""
    folder.mkdir(parents=True, exist_ok=True)
    resume_path = folder / resume_name
    if isinstance(resume, bytes):
        resume_path.write_bytes(resume)
    else:
        resume_path.write_text(resume, encoding="utf-8")
    jd_path = folder / "jd.txt"
    jd_path.write_text(jd, encoding="utf-8")
    return resume_path, jd_path


# --- settings, embedder, server -----------------------------------------------------------------


def fast_llm_settings(**overrides: Any) -> LLMSettings:
    """A model on the loopback server with small, explicit retry budgets and no waiting."""
    base: dict[str, Any] = {
        "model": MODEL,
        "retries": 1,
        "provider_retries": 1,
        "backoff_s": 0.0,
        "max_backoff_s": 0.05,
        "timeout_s": 3.0,
        "cache": False,
        "hyde": False,  # one call per requirement: only where a test is about it
    }
    return LLMSettings(**(base | overrides))


@pytest.fixture(scope="session")
def rel_home(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("rf-reliability-home")


@pytest.fixture(scope="session")
def rel_settings(rel_home) -> Settings:
    """One home for the suite (one embedding model load); one revision round keeps runs short."""
    return Settings(home=rel_home, max_retries=1)


@pytest.fixture(scope="session")
def embedder(rel_settings):
    """Loads the bundled embedding model once (what `tailor` uses with `rel_settings`)."""
    from core.retrieval import get_embedder

    return get_embedder(rel_settings.retrieval.embedding_model, cache_dir=rel_settings.cache_dir)


@pytest.fixture
def llm_server() -> Iterator[ScriptedLLMServer]:
    with ScriptedLLMServer() as server:
        yield server


def stage_of(request) -> str:
    system = str(request.messages[0].get("content", "")) if request.messages else ""
    return next((stage for key, stage in STAGE_MARKERS.items() if key in system), "unknown")


def json_reply(request, payload: Any) -> Reply:
    """`payload` as the model's answer: a tool call when the request offered tools."""
    text = payload if isinstance(payload, str) else json.dumps(payload)
    name = request.tool_name()
    if name:
        return Reply(body=chat_completion(tool_call=(name, text), model=request.model))
    return Reply(body=chat_completion(content=text, model=request.model))


def valid_answer(stage: str) -> dict[str, Any]:
    """A minimal, valid answer for each stage (the model adds nothing)."""
    return {
        "jd_analyst": {"inferred_level": "Senior", "requirements": []},
        "evidence_mapper": {"evidence_map": [], "gaps": []},
        "writer": {"summary": [], "roles": [], "skills": [], "change_log": []},
        "auditor": {"findings": []},
        "hyde": {"bullet": "Built data pipelines"},
        "gap_questions": {"questions": []},
        "structure_reader": {"entries": []},
    }.get(stage, {})


class StageScript:
    """Answers loopback requests by stage. `answers[stage]` may be a payload (dict/str) or a
    callable(request) -> Reply; stages without an entry get `valid_answer(stage)`."""

    def __init__(self, answers: dict[str, Any] | None = None) -> None:
        self.answers = dict(answers or {})

    def __call__(self, request) -> Reply:
        stage = stage_of(request)
        answer = self.answers.get(stage, valid_answer(stage))
        if callable(answer):
            return answer(request)
        return json_reply(request, answer)


def stages_seen(server: ScriptedLLMServer) -> list[str]:
    return [stage_of(r) for r in server.requests]


# --- budgets ----------------------------------------------------------------------------------


def requests_per_structured_call(llm: LLMSettings) -> int:
    """The most HTTP requests ONE `structured()` call may make (core/llm/model_call.py):
    per model, up to two output modes (structured, then prompt-only JSON after a format
    rejection), each with `provider_retries + 1` attempts of `retries + 1` instructor requests,
    plus one repair request; the same again for every fallback model."""
    per_model = 2 * (llm.provider_retries + 1) * (llm.retries + 1) + 1
    return per_model * (1 + len(llm.fallbacks))


def structured_calls_per_run(settings: Settings, *, requirements: int) -> int:
    """Model calls one run may make (core/pipeline): structure_reader, jd_analyst,
    evidence_mapper and gap_questions once; HyDE once per requirement when on; writer + auditor
    once per writing round (1 + max_retries)."""
    hyde = requirements if settings.llm.hyde else 0
    return 4 + hyde + 2 * (settings.max_retries + 1)


def request_budget(settings: Settings, *, requirements: int) -> int:
    """The most HTTP requests a whole run may send to the provider."""
    calls = structured_calls_per_run(settings, requirements=requirements)
    return calls * requests_per_structured_call(settings.llm)
