"""Optional cross-encoder reranking of the fused top candidates.

`get_reranker(model)` returns None (with `reranker_unavailable_reason(model)`) when the model
cannot be loaded — offline, the default `cross-encoder/ms-marco-MiniLM-L-6-v2` is not
available here, so "hybrid+rerank" then runs as "hybrid" and the ranking says why.
`get_reranker(model, int8=True)` quantizes the model's linear layers to int8 after loading
(about twice as fast on CPU; opt-in because its effect on the real model's ranking could not be
measured offline).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from typing import Any

log = logging.getLogger(__name__)

_MAX_PAIR_CHARS = 2000  # a cross-encoder reads ~512 tokens; longer text is cut, not sent whole
# Pairs are length-sorted by sentence-transformers; small batches keep one long card from
# padding all 25 pairs to its length: 230 ms instead of 938 ms for 25 pairs (MiniLM-L6 shape).
_BATCH = 8


class Reranker:
    """A loaded CrossEncoder; `score(query, texts)` gives one relevance score per text."""

    def __init__(self, name: str, model: Any) -> None:
        self.name = name
        self._model = model
        self._lock = threading.Lock()

    def score(self, query: str, texts: Sequence[str]) -> list[float]:
        if not texts:
            return []
        pairs = [(query[:_MAX_PAIR_CHARS], text[:_MAX_PAIR_CHARS]) for text in texts]
        with self._lock:
            raw = self._model.predict(
                pairs, batch_size=_BATCH, show_progress_bar=False, convert_to_numpy=True
            )
        return [float(_first_logit(value)) for value in raw]


def _first_logit(value: Any) -> float:
    """Single-label models give a scalar; multi-label ones a row (take the first column)."""
    try:
        return float(value)
    except TypeError:
        return float(value[0])


_LOADED: dict[tuple[str, bool], Reranker | None] = {}
_REASONS: dict[str, str] = {}
_LOCK = threading.Lock()


def get_reranker(model: str, *, int8: bool = False) -> Reranker | None:
    """The cross-encoder `model` (name or local folder), loaded once per process, or None."""
    key = ((model or "").strip(), int8)
    with _LOCK:
        if key not in _LOADED:
            _LOADED[key] = _load(*key)
        return _LOADED[key]


def reranker_unavailable_reason(model: str) -> str | None:
    return _REASONS.get((model or "").strip())


def _load(name: str, int8: bool) -> Reranker | None:
    if not name:
        _REASONS[name] = "no reranker model is configured"
        return None
    try:
        from core.retrieval.embedder import quiet_model_loading

        quiet_model_loading()
        from sentence_transformers import CrossEncoder

        model = CrossEncoder(name, device="cpu")
        reranker = Reranker(name, _quantized(model) if int8 else model)
    except Exception as err:  # a missing or broken model means "no reranking", never a crash
        text = " ".join(str(err).split())[:300] or type(err).__name__
        _REASONS[name] = f"the reranker {name!r} could not be loaded: {text}"
        log.info("%s; reranking is off", _REASONS[name])  # rankings carry the note
        return None
    _REASONS.pop(name, None)
    return reranker


def _quantized(model: Any) -> Any:
    """`model` with every nn.Linear swapped for a dynamically quantized int8 one, in place."""
    import warnings

    import torch

    with warnings.catch_warnings():  # torch deprecates eager quantization in favour of torchao
        warnings.simplefilter("ignore")
        torch.ao.quantization.quantize_dynamic(
            model, {torch.nn.Linear}, dtype=torch.qint8, inplace=True
        )
    return model
