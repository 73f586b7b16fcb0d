"""Job-ad sentences read by meaning: fallbacks after the heading, shape and phrase rules.

Three uses of one set of prototype sentences (qualification, duty, wrapper):
- `drop_boilerplate`: a requirement candidate that reads as wrapper text is dropped;
- `lists_by_meaning`: an untitled or unknown-heading list whose items mostly read as
  qualifications becomes a requirements section;
- `qualification_items`: a list item stranded outside a requirements section (under "About",
  in the header, in an unknown section) that reads as a qualification may become a requirement.


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
import threading
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from core.jd.phrases import duty_verbs
from core.jd.requirements import MUST_CUE, NICE_CUE, STRONG_CUE, Candidate
from core.jd.roles import encode_texts, stored_encoding
from core.jd.sections import Section

DATA = Path(__file__).resolve().parent.parent / "data" / "jd_sentence_roles.json"
# Chosen on the tuning ads (docs/eval-notes/jd.md, `MIN_MARGIN`): the highest margin of a labelled
# tuning requirement without a cue was 0.073; 0.10 leaves a step of safety and still catches half
# of the tuning ads' about-us / benefits / process / EEO sentences that carry no cue.
MIN_MARGIN = 0.10

_MATRICES: dict[str, tuple[np.ndarray, np.ndarray]] = {}  # per model name: read-only
_MATRIX_LOCK = threading.Lock()


@lru_cache(maxsize=1)
def prototype_groups() -> tuple[tuple[str, str], ...]:
    """(group, sentence) per prototype; group is 'qualification', 'duty' or 'wrapper'."""
    data = json.loads(DATA.read_text(encoding="utf-8"))
    pairs = [(kind, s) for kind, group in data["asks"].items() for s in group]
    return tuple(pairs + [("wrapper", s) for group in data["boilerplate"].values() for s in group])


def prototypes() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(ask sentences, boilerplate sentences) from the data file."""
    pairs = prototype_groups()
    asks = tuple(s for g, s in pairs if g != "wrapper")
    return asks, tuple(s for g, s in pairs if g == "wrapper")


def prototype_matrices(embedder: Any) -> tuple[np.ndarray, np.ndarray]:
    """(prototype vectors, group index per prototype: 0 qualification, 1 duty, 2 wrapper)."""
    name = str(getattr(embedder, "name", id(embedder)))
    with _MATRIX_LOCK:  # one computation; a second caller waits (core/jd/warm_up.py)
        if name not in _MATRICES:
            pairs = prototype_groups()
            index = np.array([GROUPS.index(g) for g, _ in pairs])
            texts = [s for _, s in pairs]
            _MATRICES[name] = (stored_encoding(embedder, texts, what="jd-prototypes"), index)
        return _MATRICES[name]


GROUPS = ("qualification", "duty", "wrapper")
SAMPLE_CHARS = 160  # a sentence's opening says what it is; encode time grows with its length


def group_scores(texts: list[str], *, embedder: Any) -> np.ndarray:
    """Per text and group (`GROUPS`): the cosine of the group's closest prototype."""
    vectors, index = prototype_matrices(embedder)
    sims = encode_texts(embedder, [t[:SAMPLE_CHARS] for t in texts]) @ vectors.T
    return np.stack([sims[:, index == g].max(1) for g in range(len(GROUPS))], axis=1)


def boilerplate_margins(texts: list[str], *, embedder: Any) -> list[float]:
    """Per text: closest boilerplate prototype's cosine minus closest ask's (higher: wrapper)."""
    if not texts:
        return []
    scores = group_scores(texts, embedder=embedder)
    return [float(x) for x in scores[:, 2] - scores[:, :2].max(1)]


def item_groups(texts: list[str], *, embedder: Any) -> list[str]:
    """The group (`GROUPS`) of each text's closest prototype."""
    if not texts:
        return []
    return [GROUPS[int(i)] for i in group_scores(texts, embedder=embedder).argmax(1)]


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


# An untitled (or unknown-heading) list whose items mostly read as qualifications is a
# requirements list: its heading was one we do not know ("The Ingredients", "Your toolkit").
MIN_ITEMS = 3
MIN_SHARE = 0.6
MAX_ITEM_WORDS = 30


def reads_as_duty(text: str) -> bool:
    """'Prepare monthly reports', 'Assist with audits': an item opening with a duty verb is a
    duty by its shape; it is not encoded (each encode costs time, see docs/BENCHMARKS.md)."""
    first = text.split(maxsplit=1)[0].lower() if text.strip() else ""
    return first in duty_verbs()


def _items(section: Section) -> list[str]:
    """A section's list items: its bullets, or its short one-line blocks when it has none."""
    if section.has_bullets():
        return [b.text for b in section.blocks if b.kind == "bullet"]
    return [b.text for b in section.blocks if len(b.text.split()) <= MAX_ITEM_WORDS]


def lists_by_meaning(sections: list[Section], *, embedder: Any | None) -> list[Section]:
    """Make an 'other' section a requirements section when most of its list items read as
    qualifications by meaning (see `MIN_SHARE`). Without a model the sections stay as they are."""
    lists = [s for s in sections if s.kind == "other" and len(_items(s)) >= MIN_ITEMS]
    if embedder is None or not lists:
        return sections
    texts = [item for s in lists for item in _items(s) if not reads_as_duty(item)]
    try:
        groups = dict(zip(texts, item_groups(texts, embedder=embedder), strict=True))
    except Exception:  # optional: a broken model changes nothing
        return sections
    for section in lists:
        votes = [groups.get(item, "duty") for item in _items(section)]
        if votes.count("qualification") >= MIN_SHARE * len(votes):
            section.kind = "requirements"
    return sections


# A list item outside a requirements section (a glued heading left it under "About", or its
# heading is unknown) is a requirement when it reads as a qualification, clearly closer to the
# qualification prototypes than to duties and wrapper text. Chosen on the tuning ads read as
# written and in two damaged forms (line breaks before capitals removed; all removed): 0.05
# lifts their recall 0.754 -> 0.828 and 0.532 -> 0.616 for +3 extra items on the clean ads
# (0.0: 0.837 / 0.626 for +10). Duty sections are left out: their items are duties.
ITEM_MARGIN = 0.05
ITEM_SECTIONS = frozenset({"header", "about", "other", "culture"})


def qualification_items(sections: list[Section], *, embedder: Any | None) -> frozenset[str]:
    """Bullet texts outside requirement sections that read as qualifications by meaning."""
    items = [
        b.text
        for s in sections
        if s.kind in ITEM_SECTIONS
        for b in s.blocks
        if b.kind == "bullet"
        and len(b.text.split()) <= MAX_ITEM_WORDS
        and not has_cue(b.text)  # a cued item is taken anyway
        and not reads_as_duty(b.text)
    ]
    if embedder is None or not items:
        return frozenset()
    try:
        scores = group_scores(items, embedder=embedder)
    except Exception:  # optional: a broken model adds nothing
        return frozenset()
    margin = scores[:, 0] - scores[:, 1:].max(1)
    return frozenset(t for t, m in zip(items, margin, strict=True) if m >= ITEM_MARGIN)
