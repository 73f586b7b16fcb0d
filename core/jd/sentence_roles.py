"""Boilerplate by meaning, one sentence at a time: a fallback after the heading and phrase rules.

A requirement candidate that no heading or phrase rule caught can still be an employer talking
about itself, its benefits, how to apply, equal opportunity or legal terms ("Our teams are
proud to serve the region", "Applications close on Friday"). With the embedding model the
retrieval stage already loaded, each candidate is compared with prototype sentences of what ads
ask for (qualifications, duties) and of what they wrap around the asks (about-us, benefits,
process, EEO, legal); the prototypes are data (`core/data/jd_sentence_roles.json`). A candidate
is boilerplate when its closest boilerplate prototype beats its closest ask by `MIN_MARGIN`
cosine and it carries no requirement cue ("required", "5+ years", "experience with", "a plus":
its shape already says it asks). All candidates of an ad are encoded in one call (small
batches, see `core.jd.roles`).
Without an embedder, or when it fails, nothing is dropped.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from core.jd.requirements import MUST_CUE, NICE_CUE, STRONG_CUE, Candidate
from core.jd.roles import encode_texts

DATA = Path(__file__).resolve().parent.parent / "data" / "jd_sentence_roles.json"
# Chosen on the tuning ads (docs/eval-notes/jd.md, round 3): the highest margin of a labelled
# tuning requirement without a cue was 0.073; 0.10 leaves a step of safety and still catches half
# of the tuning ads' about-us / benefits / process / EEO sentences that carry no cue.
MIN_MARGIN = 0.10

_MATRICES: dict[str, tuple[np.ndarray, np.ndarray]] = {}  # per model name: read-only


@lru_cache(maxsize=1)
def prototypes() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(ask sentences, boilerplate sentences) from the data file."""
    data = json.loads(DATA.read_text(encoding="utf-8"))
    asks = tuple(s for group in data["asks"].values() for s in group)
    wrapper = tuple(s for group in data["boilerplate"].values() for s in group)
    return asks, wrapper


def _matrices(embedder: Any) -> tuple[np.ndarray, np.ndarray]:
    name = str(getattr(embedder, "name", id(embedder)))
    if name not in _MATRICES:
        asks, wrapper = prototypes()
        vectors = encode_texts(embedder, [*asks, *wrapper])
        _MATRICES[name] = (vectors[: len(asks)], vectors[len(asks) :])
    return _MATRICES[name]


def boilerplate_margins(texts: list[str], *, embedder: Any) -> list[float]:
    """Per text: closest boilerplate prototype's cosine minus closest ask's (higher: wrapper)."""
    if not texts:
        return []
    asks, wrapper = _matrices(embedder)
    rows = encode_texts(embedder, texts)
    closest_wrapper, closest_ask = (rows @ wrapper.T).max(1), (rows @ asks.T).max(1)
    return [float(w - a) for w, a in zip(closest_wrapper, closest_ask, strict=True)]


def has_cue(text: str) -> bool:
    """Does the sentence's own wording say it asks something ("required", "5+ years", "a plus")?"""
    return any(cue.search(text) for cue in (STRONG_CUE, MUST_CUE, NICE_CUE))


def boilerplate_by_meaning(texts: list[str], *, embedder: Any | None) -> list[bool]:
    """Which texts read, by meaning, as boilerplate rather than something asked (cued texts
    never do)."""
    open_texts = [t for t in texts if not has_cue(t)]
    if embedder is None or not open_texts:
        return [False] * len(texts)
    try:
        scores = boilerplate_margins(open_texts, embedder=embedder)
        margins = dict(zip(open_texts, scores, strict=True))
    except Exception:  # optional: a broken model drops nothing
        return [False] * len(texts)
    return [margins.get(t, -1.0) >= MIN_MARGIN for t in texts]


def drop_boilerplate(candidates: list[Candidate], *, embedder: Any | None) -> list[Candidate]:
    """The candidates that do not read as boilerplate by meaning (all of them without a model)."""
    wrapper = boilerplate_by_meaning([c.text for c in candidates], embedder=embedder)
    return [c for c, drop in zip(candidates, wrapper, strict=True) if not drop]
