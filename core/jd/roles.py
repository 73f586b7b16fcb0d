"""Section roles by meaning: a fallback for sections whose heading names nothing we know.

Headings decide first (`core.jd.sections.classify_heading`). A section left as "other" (an
unknown heading such as "Our Spread* of Total Rewards", or an untitled stretch of the body) is
compared, with the embedding model the retrieval stage already loaded, to short descriptions of
each role; it takes the closest role when that role is clearly closer than the runner-up and
is one a section may safely be moved to (`ASSIGNABLE`).
Optional: without an embedder (or when it fails) the sections are returned as they were.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from core.fixed_vectors import fixed_vectors
from core.jd.sections import Section

ROLE_DESCRIPTIONS: dict[str, tuple[str, ...]] = {
    "requirements": (
        "Qualifications: the degree, licence, certification, years of experience and skills a "
        "candidate must have.",
        "You have experience with these tools; proficiency in; knowledge of; ability to.",
    ),
    "responsibilities": (
        "Duties: what you will do in this job day to day, the tasks and responsibilities.",
        "Manage, prepare, coordinate, review and report on the work of the team.",
    ),
    "company": (
        "About the company: our mission, history, customers, products and values.",
        "We are a leading organisation founded in; our team serves clients across the region.",
    ),
    "benefits": (
        "Benefits and perks: health, dental and vision insurance, paid time off, retirement plan.",
        "Salary range, pay, bonus, commission and total rewards for this role.",
    ),
    "process": (
        "How to apply: send your resume, interview process, next steps, application deadline.",
    ),
    "eeo": (
        "Equal opportunity employer; we do not discriminate; reasonable accommodation; legal "
        "notice and privacy policy.",
    ),
}
# Roles a section may be moved to. Never "requirements" (every sentence of such a section
# becomes one; an untitled section keeps the stricter "states a requirement" test) and never
# "company" (an intro paragraph often holds "you must live local to …").
ASSIGNABLE = frozenset({"responsibilities", "benefits", "process", "eeo"})
MIN_MARGIN = 0.05  # the closest role must beat the runner-up by this much cosine
MIN_SIMILARITY = 0.3
SAMPLE_CHARS = 400


_ROLE_MATRICES: dict[str, tuple[list[str], np.ndarray]] = {}  # per model name: read-only
ENCODE_BATCH = 4  # small batches stay on one thread: fast on a busy 2-core server


def encode_texts(embedder: Any, texts: list[str]) -> np.ndarray:
    """Vectors of `texts`, encoded in small batches."""
    parts = [
        embedder.encode(texts[i : i + ENCODE_BATCH]) for i in range(0, len(texts), ENCODE_BATCH)
    ]
    return np.asarray(np.vstack(parts), dtype=np.float32)


def stored_encoding(embedder: Any, texts: list[str], *, what: str) -> np.ndarray:
    """`encode_texts` of the app's own fixed `texts`, kept on disk (core/fixed_vectors.py)."""
    return fixed_vectors(
        embedder,
        texts,
        purpose=f"{what}/encode_texts-{ENCODE_BATCH}",
        encode=lambda: encode_texts(embedder, texts),
    )


def _role_matrix(embedder: Any) -> tuple[list[str], np.ndarray]:
    """The role descriptions' vectors, computed once per model."""
    name = str(getattr(embedder, "name", id(embedder)))
    if name not in _ROLE_MATRICES:
        kinds: list[str] = []
        texts: list[str] = []
        for kind, descriptions in ROLE_DESCRIPTIONS.items():
            kinds += [kind] * len(descriptions)
            texts += list(descriptions)
        _ROLE_MATRICES[name] = (kinds, stored_encoding(embedder, texts, what="role-descriptions"))
    return _ROLE_MATRICES[name]


def _closest(row: np.ndarray, kinds: Sequence[str], matrix: np.ndarray) -> str | None:
    best: dict[str, float] = {}
    for kind, score in zip(kinds, matrix @ row, strict=True):
        best[kind] = max(best.get(kind, -1.0), float(score))
    ranked = sorted(best.items(), key=lambda pair: -pair[1])
    (kind, top), (_, second) = ranked[0], ranked[1]
    return kind if top >= MIN_SIMILARITY and top - second >= MIN_MARGIN else None


def assign_roles(sections: list[Section], *, embedder: Any | None) -> list[Section]:
    """Give each 'other' section the role its words are closest to (see module docstring)."""
    unknown = [s for s in sections if s.kind == "other" and s.blocks]
    if embedder is None or not unknown:
        return sections
    try:
        kinds, matrix = _role_matrix(embedder)
        samples = [f"{s.heading}\n{s.text}"[:SAMPLE_CHARS] for s in unknown]
        rows = encode_texts(embedder, samples)
    except Exception:  # the fallback is optional: a broken model changes nothing
        return sections
    for section, row in zip(unknown, rows, strict=True):
        kind = _closest(row, kinds, matrix)
        if kind in ASSIGNABLE:
            section.kind = kind
    return sections
