"""Section headings by meaning, for headings the synonym table does not fully know.

A heading made only of known heading words ("Professional Experience") keeps the table's kind.
Any other heading ("EQUIPMENT / BRANDS", "JOB PROFILE") is decided by its meaning when an
embedder is available (the one retrieval already loaded): the kind of the closest synonym
phrase, if the cosine similarity reaches MEANING_THRESHOLD; else the table's kind (longest
phrase), else OTHER. (A rule that called a section with two or more role headers experience
whatever its heading was tried and dropped: it split labelled quotes in a held-back case.)
The threshold was chosen on the tuning cases' headings only (docs/eval-notes/ingest-roles.md).
"""

from __future__ import annotations

import contextlib
import weakref
from typing import Any

import numpy as np

from core.contracts import CardKind
from core.fixed_vectors import fixed_vectors
from core.ingest.degrees import DEGREE
from core.ingest.layout import Section
from core.ingest.role_scan import field_header, find_header_blocks
from core.ingest.roles import strip_markup, title_score
from core.ingest.sections import (
    SECTION_SYNONYMS,
    heading_kind,
    heading_words,
    is_plain_heading,
    is_table_heading,
    names_schooling,
)

MEANING_THRESHOLD = 0.6
_PHRASES = [(kind, phrase) for kind, phrases in SECTION_SYNONYMS.items() for phrase in phrases]
_VECTORS: weakref.WeakKeyDictionary[Any, np.ndarray] = weakref.WeakKeyDictionary()


def _unit(vectors: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors / np.where(norms == 0, 1, norms)


def _phrase_vectors(embedder: Any) -> np.ndarray:
    try:
        return _VECTORS[embedder]
    except (KeyError, TypeError):
        texts = [p for _, p in _PHRASES]
        encoded = fixed_vectors(
            embedder, texts, purpose="heading-phrases/encode", encode=lambda: embedder.encode(texts)
        )
        vectors = _unit(encoded)
        with contextlib.suppress(TypeError):
            _VECTORS[embedder] = vectors
        return vectors


def kind_by_meaning(heading: str, *, embedder: Any) -> tuple[CardKind, float]:
    """The kind of the synonym phrase closest in meaning, and the cosine similarity."""
    query = _unit(np.asarray(embedder.encode([heading_words(heading)]), dtype=np.float32))
    scores = _phrase_vectors(embedder) @ query[0]
    best = int(np.argmax(scores))
    return _PHRASES[best][0], float(scores[best])


def names_degrees_not_posts(lines: list[str]) -> bool:
    """Entry lines (bullets aside) of which one names a degree, and every one with a job
    title's words names one too: schools and degrees, not posts ('Teaching Assistant')."""
    texts = [strip_markup(line) for line in lines]
    degrees = [bool(DEGREE.search(text)) for text in texts]
    return any(degrees) and all(
        named or not title_score(text) for text, named in zip(texts, degrees, strict=True)
    )


def lists_schooling(section: Section) -> bool:
    """The section's entry lines (bullets aside) are schools and degrees, not posts."""
    return names_degrees_not_posts(
        [line.content for item in section.items if item.kind != "bullet" for line in item.lines]
    )


def section_kind(
    section: Section, *, embedder: Any = None, meanings: dict[str, CardKind] | None = None
) -> CardKind:
    """The kind a section holds, by its heading's words, then its meaning: by the embedder, by
    the dated role headers under an unknown heading, then by the line reader's meaning for the
    heading (`meanings`, keyed by `heading_words`) when not made only of known heading words."""
    table = heading_kind(section.name)
    if any(
        (field_header(line.content) or ("", ""))[0] == "company"
        for item in section.items
        for line in item.lines
    ):
        return CardKind.EXPERIENCE_BULLET  # 'company - X' lines name employers outright
    if names_schooling(section.name) and lists_schooling(section):
        return CardKind.EDUCATION  # 'Academic Experience' over degrees, no posts
    if not section.name or is_table_heading(section.name):
        return table or section.kind
    if embedder is not None:
        kind, score = kind_by_meaning(section.name, embedder=embedder)
        if score >= MEANING_THRESHOLD:
            return kind
    if table is None and len(find_header_blocks(section.items)) >= 2:
        return CardKind.EXPERIENCE_BULLET  # an unknown heading over dated role headers
    model = (meanings or {}).get(heading_words(section.name))
    if model is not None and not is_plain_heading(section.name):
        return model
    return table or CardKind.OTHER
