"""Fixtures shared by the core tests."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def embedder():
    """The bundled MiniLM as the app loads it (no disk cache), once per test session."""
    from core.retrieval import get_embedder
    from core.retrieval.embedder import DEFAULT_MODEL

    model = get_embedder(DEFAULT_MODEL, cache_dir=None)
    if model is None:
        pytest.skip("embedding model unavailable")
    return model
