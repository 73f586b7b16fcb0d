"""Typed settings, loaded lazily once per process (`get_settings()`), overridable in tests.

Sources, highest first: keyword arguments, environment (`RESUMEFORGE_…`, nested with `__`, e.g.
`RESUMEFORGE_LLM__MODEL=openai/gpt-4o-mini`), a TOML file (`RESUMEFORGE_CONFIG`, default
`./resumeforge.toml` when present), defaults. API keys are never settings: they come from the
provider's own environment variable, `st.secrets`, or the UI session, and stay in memory.
"""

from __future__ import annotations

import os
import stat
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field
from pydantic_settings import (
    BaseSettings,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
)

from core.contracts import LLMStage, RetrievalMode

# What the app's model menu offers by default: providers with a fixed public host only.
DEFAULT_APP_MODELS = (
    "openai/gpt-4o-mini",
    "anthropic/claude-3-5-haiku-latest",
    "gemini/gemini-2.0-flash",
    "groq/llama-3.3-70b-versatile",
    "deepseek/deepseek-chat",
)
OUTPUT_MODES = ("auto", "tools", "json_schema", "json", "prompt_json")


class StageSettings(BaseModel):
    """Per-stage override; unset fields inherit from the LLM defaults."""

    model: str | None = None
    temperature: float | None = Field(None, ge=0, le=2)
    max_tokens: int | None = Field(None, gt=0)


class LLMSettings(BaseModel):
    model: str | None = Field(None, description="Any litellm model string; None = offline engine")
    api_base: str | None = Field(None, description="Custom OpenAI-compatible endpoint")
    temperature: float = Field(0.2, ge=0, le=2)
    max_tokens: int = Field(4096, gt=0)
    stages: dict[LLMStage, StageSettings] = Field(default_factory=dict)
    fallbacks: list[str] = Field(default_factory=list)
    timeout_s: float = Field(60.0, gt=0)
    context_tokens: int | None = Field(
        None,
        gt=0,
        description="The model's context window in tokens; None: read from the server "
        "(llama.cpp /props, /v1/models) or litellm's model list, else 8192 (core/llm/context.py)",
    )
    run_budget_s: float | None = Field(
        None,
        gt=0,
        description="Seconds one run may spend on model calls; past it each stage uses its "
        "offline result at once (None: no limit)",
    )
    retries: int = Field(2, ge=0, le=10, description="Validation retries per call (instructor)")
    provider_retries: int = Field(2, ge=0, le=10, description="Retries on 429/5xx/timeouts")
    backoff_s: float = Field(1.0, ge=0)
    max_backoff_s: float = Field(30.0, ge=0)
    mode: Literal["auto", "tools", "json_schema", "json", "prompt_json"] = Field(
        "auto",
        description="Structured output: auto (per provider, docs/LLM.md) | tools | json_schema "
        "| json | prompt_json",
    )
    allowed_models: list[str] = Field(
        default_factory=lambda: list(DEFAULT_APP_MODELS),
        description="The app's model menu: visitors choose only among these (never a URL)",
    )
    allow_local_models: bool = Field(
        False, description="App: also offer local servers (ollama/, lm_studio/, llamafile/ …)"
    )
    hyde: bool = True
    cache: bool = True

    def for_stage(self, stage: LLMStage | str) -> StageSettings:
        override = self.stages.get(LLMStage(stage), StageSettings())
        return StageSettings(
            model=override.model or self.model,
            temperature=self.temperature if override.temperature is None else override.temperature,
            max_tokens=override.max_tokens or self.max_tokens,
        )


class RetrievalSettings(BaseModel):
    embedding_model: str = Field("all-MiniLM-L6-v2", description="Name or local path")
    reranker_model: str = "cross-encoder/ms-marco-MiniLM-L-6-v2"
    default_mode: RetrievalMode = RetrievalMode.HYBRID
    rrf_k: int = Field(60, gt=0)
    bm25_weight: float = Field(1.0, ge=0)
    vector_weight: float = Field(1.0, ge=0)
    rerank_top: int = Field(25, gt=0)
    reranker_int8: bool = Field(
        False,
        description="Quantize the reranker to int8: ~2x faster on CPU, ranking effect unmeasured",
    )
    index_uri: str | None = Field(
        None, description="Folder or s3:// / gs:// URI; default: workspace"
    )
    index_budget_s: float = Field(
        120.0, gt=0, description="Embedding one resume longer than this is stopped (refused)"
    )


class IngestSettings(BaseModel):
    max_upload_mb: float = Field(10.0, gt=0)
    pdf_timeout_s: float = Field(20.0, gt=0)
    pdf_memory_mb: int = Field(512, gt=0)
    max_zip_entries: int = Field(2000, gt=0)
    max_unzipped_mb: float = Field(100.0, gt=0)
    max_zip_ratio: float = Field(100.0, gt=1)
    max_jd_chars: int = Field(250_000, gt=0, description="A job ad longer than this is refused")
    max_jd_lines: int = Field(5_000, gt=0, description="A job ad with more lines is refused")
    # Work is bounded by the size of the text, not only its bytes: one person's resume is a few
    # hundred lines; these limits refuse a pathological file at once with a clear message.
    max_lines: int = Field(20_000, gt=0, description="Lines of resume text")
    max_chars: int = Field(500_000, gt=0, description="Characters of resume text")
    max_cards: int = Field(3_000, gt=0, description="Evidence cards from one resume")
    max_card_chars: int = Field(6_000, gt=0, description="Characters in one evidence card")
    max_json_depth: int = Field(64, gt=0, description="Nesting depth of a JSON Resume")
    read_markup: bool = Field(
        True,
        description="Markdown and HTML files read through their parsers into text and lines; "
        "off for job-ad files, whose reader reads every published format itself",
    )
    reader: Literal["rules", "learned", "auto"] = Field(
        "auto",
        description="How resume lines are read: the rule reader, the learned line reader "
        "(core/reader), or both and the reading whose structure is the more plausible "
        "(see core/ingest/choice.py)",
    )

    @property
    def max_upload_bytes(self) -> int:
        return int(self.max_upload_mb * 1024 * 1024)


def default_home() -> Path:
    return Path(os.environ.get("RESUMEFORGE_HOME") or Path.home() / ".resumeforge")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="RESUMEFORGE_",
        env_nested_delimiter="__",
        extra="ignore",
    )

    home: Path = Field(default_factory=default_home, description="Workspaces, caches, runs")
    max_retries: int = Field(3, ge=0, le=10, description="Revision rounds before FAILED")
    max_pages: int = Field(2, ge=1, le=4)
    default_template: str = "classic"
    workspace_ttl_hours: float = Field(24.0, gt=0, description="Idle app workspaces expire")
    llm: LLMSettings = Field(default_factory=LLMSettings)
    retrieval: RetrievalSettings = Field(default_factory=RetrievalSettings)
    ingest: IngestSettings = Field(default_factory=IngestSettings)

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        # The config file is looked up when settings load, not when this module is imported.
        toml_file = os.environ.get("RESUMEFORGE_CONFIG", "resumeforge.toml")
        return (init_settings, env_settings, TomlConfigSettingsSource(settings_cls, toml_file))

    @property
    def cache_dir(self) -> Path:
        return self.home / "cache"

    @property
    def workspaces_dir(self) -> Path:
        return self.home / "workspaces"


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()


def temp_home() -> Path:
    """A private home under the system temp dir (hosted demo: no writes outside temp).

    The shared name `resumeforge` is used only when this user owns it and nobody else can write
    to it; otherwise (another user made it first, it is a symlink, or it is group/world writable)
    the home is `resumeforge-<uid>`, held to the same rule, so no other account can read or plant
    files in it.
    """
    base = Path(tempfile.gettempdir())
    for name in ("resumeforge", f"resumeforge-{os.getuid()}"):
        path = base / name
        try:
            path.mkdir(mode=0o700, exist_ok=True)
        except OSError:
            continue
        if _private_dir(path):
            return path
    return Path(tempfile.mkdtemp(prefix="resumeforge-"))


def _private_dir(path: Path) -> bool:
    """A real directory owned by this user that no other user can write to."""
    info = path.lstat()
    return (
        stat.S_ISDIR(info.st_mode)
        and info.st_uid == os.getuid()
        and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
    )
