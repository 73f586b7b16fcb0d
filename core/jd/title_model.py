"""The job title an ad advertises, chosen among its candidate phrases by a small learned model.

A logistic model over each candidate's features (`core.jd.title_candidates`) scores how likely
it is to be the title; the best-scored candidate is the title. It is trained by
`tools/train_jd_titles.py` on the job-postings corpus, outside its dev and held-back postings,
each candidate labelled by the posting's own title field (metadata the ad's text need not hold).
The weights, the title head words seen in those postings' title fields (job nouns such as
'practitioner') and the common words those fields use ('senior', 'support'; words only: no
posting text), live in `core/data/jd_title_model.json`; the
recipe and its scores in `core/data/jd_title_model_manifest.json`.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from typing import Any

from core.jd.headings import ROLE_NOUN
from core.jd.sections import Section
from core.jd.title_candidates import (
    LOCATION_WORDS,
    Candidate,
    ad_lines,
    singular,
    title_candidates,
    title_features,
)
from core.resources import package_dir

MODEL_FILE = "jd_title_model.json"
MANIFEST_FILE = "jd_title_model_manifest.json"


@lru_cache(maxsize=1)
def _model() -> dict[str, Any]:
    path = package_dir("data") / MODEL_FILE
    model: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    model["heads"] = frozenset(model["heads"])
    model["title_words"] = frozenset(model.get("title_words", ()))
    return model


def title_heads() -> frozenset[str]:
    heads: frozenset[str] = _model()["heads"]
    return heads


def candidate_score(features: list[str], weights: dict[str, float]) -> float:
    """The model's probability that a candidate with these features is the title."""
    z = sum(weights.get(f, 0.0) for f in features)
    return 1.0 / (1.0 + math.exp(-max(min(z, 30.0), -30.0)))


def ranked_candidates(
    sections: list[Section], model: dict[str, Any] | None = None
) -> list[tuple[float, Candidate]]:
    """The ad's title candidates, best first, each with its score (`model`: one in place of the
    shipped one, with its heads and title words as frozensets)."""
    model = model or _model()
    heads = model["heads"]
    text = "\n".join(line for line, _ in ad_lines(sections))
    scored = [
        (candidate_score(title_features(c, text, heads, model["title_words"]), model["weights"]), c)
        for c in title_candidates(sections, heads)
    ]
    return sorted(scored, key=lambda pair: -pair[0])


def stated_title(candidates: list[Candidate]) -> Candidate | None:
    """The title the ad states: the first segment of a header line or labelled value ('Title:
    …', 'Role – …') that names a role, else the first labelled value."""
    for candidate in candidates:
        if candidate.source in {"header", "label"} and ROLE_NOUN.search(candidate.phrase):
            return candidate
    labelled = [c for c in candidates if c.source == "label" and c.segment == 0]
    return labelled[0] if labelled else None


def best_title(sections: list[Section], model: dict[str, Any] | None = None) -> tuple[str, str]:
    """(title, specialty): the title the ad states, else the candidate the model scores best;
    ('', '') when the ad offers none. `model`: one in place of the shipped one (measuring a
    model trained without some postings, `tools.title_accuracy`)."""
    model = model or _model()
    heads = model["heads"]
    best = stated_title(title_candidates(sections, heads))
    if best is None:
        ranked = ranked_candidates(sections, model)
        if not ranked or ranked[0][0] < model["min_score"]:
            return "", ""
        best = ranked[0][1]
    specialty = best.note
    after = best.after
    if not specialty and after and len(after.split()) <= 5 and not LOCATION_WORDS.search(after):
        specialty = after if after[:1].isupper() else ""
    return singular(best.phrase, heads), specialty
