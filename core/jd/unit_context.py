"""Job-ad units read again in their place: a second small model over the unit model's rows.
`read_ad` takes its asks from these rows (docs/EVALUATION.md, "Job ads: units read in their
place" and "Job ads: the context model shipped").

The unit model (`core.jd.unit_roles`) reads a unit by its own words. This model reads each of an
ad's units (every section's `unit_wholes`, cut by `RoleCuts`, in order) from the unit model's
role row for it, the rows of the unit before and after it, the mean row of the rest of its
section, its section's kind and its place in the ad, and gives the unit's role row again (the
reader takes a unit as asked by this row weighed with the unit model's own, `CONTEXT_WEIGHT`:
`core.jd.unit_roles.learned_asks`, `ASK_MIN`). It is
a multinomial logistic regression trained by `tools/train_jd_unit_context.py` on the reader
units of the hand-labelled postings, each unit's row given by a unit model trained without that
unit's source (out of fold), so that it learns from rows like the ones the reader sees on an ad
the unit model never saw. The weights live in `core/data/jd_unit_context.json`, the recipe in
`core/data/jd_unit_context_manifest.json` (`make train`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from core.jd.requirements import unit_wholes
from core.jd.sections import Section
from core.jd.unit_roles import ROLES, AdUnitRoles, RoleCuts
from core.resources import package_dir

MODEL_FILE = "jd_unit_context.json"
MANIFEST_FILE = "jd_unit_context_manifest.json"
# The section kinds `core.jd.sections.classify_heading` gives (and the untitled ones); any other
# kind is one column of its own.
KINDS = (
    "header",
    "other",
    "about",
    "requirements",
    "nice_to_have",
    "responsibilities",
    "company",
    "culture",
    "benefits",
    "pay",
    "process",
    "eeo",
    "conditions",
    "outlook",
)
FLOOR = 1e-4  # the smallest probability taken before its log
# The row the reader takes for a unit: this share of the context model's row, the rest the unit
# model's own, so that a unit's own words keep a say against its neighbours' (a pitch among
# asks, an ask among facts about the job). Chosen with `ASK_MIN` leave one source out in the
# product's place (docs/EVALUATION.md, "Job ads: the context model shipped").
CONTEXT_WEIGHT = 0.5


def ad_units(sections: Sequence[Section], cut: RoleCuts) -> list[tuple[str, str, int]]:
    """The ad's units in order as (text, its section's kind, the section's place)."""
    return [
        (text, section.kind, n)
        for n, section in enumerate(sections)
        for text in unit_wholes(section, cut)
    ]


def context_features(rows: np.ndarray, kinds: Sequence[str], places: Sequence[int]) -> np.ndarray:
    """One feature row per unit of an ad: its own role row (as logs), the rows of the units
    before and after it (zeros at the ends, and whether it is first or last), the mean row of the
    rest of its section (and whether it is alone there), its section's kind, its relative place
    in the ad (and its square) and whether it opens its section. The same function serves
    training."""
    count = len(kinds)
    width = len(ROLES)
    rows = np.asarray(rows, dtype=np.float64).reshape(count, width)
    logs = np.log(np.clip(rows, FLOOR, 1.0))
    members: dict[int, list[int]] = {}
    for j, place in enumerate(places):
        members.setdefault(place, []).append(j)
    zeros = [0.0] * width
    features = []
    for j in range(count):
        found: list[float] = list(logs[j])
        found += list(rows[j - 1]) if j > 0 else zeros
        found += list(rows[j + 1]) if j + 1 < count else zeros
        found += [float(j == 0), float(j + 1 == count)]
        others = [k for k in members[places[j]] if k != j]
        found += list(rows[others].mean(0)) if others else zeros
        found += [float(not others)]
        found += [float(kinds[j] == kind) for kind in KINDS] + [float(kinds[j] not in KINDS)]
        where = j / max(count - 1, 1)
        found += [where, where * where, float(members[places[j]][0] == j)]
        features.append(found)
    return np.asarray(features, dtype=np.float64).reshape(count, -1)


class UnitContext:
    """The loaded model: `roles` gives each unit's role probabilities from its features."""

    def __init__(self, data: dict) -> None:
        self.weights = np.asarray(data["weights"], dtype=np.float64)
        self.bias = np.asarray(data["bias"], dtype=np.float64)

    def roles(self, features: np.ndarray) -> np.ndarray:
        if not len(features):
            return np.zeros((0, len(ROLES)))
        logits = features @ self.weights + self.bias
        logits -= logits.max(1, keepdims=True)
        exp = np.exp(logits)
        return exp / exp.sum(1, keepdims=True)


@lru_cache(maxsize=1)
def unit_context_model() -> UnitContext:
    """The shipped model, loaded once."""
    path = package_dir("data") / MODEL_FILE
    return UnitContext(json.loads(path.read_text(encoding="utf-8")))


class AdContextRoles(AdUnitRoles):
    """One ad's role rows as `AdUnitRoles` gives them, but for the ad's own units the context
    model's row weighed with the unit model's (`CONTEXT_WEIGHT`; where the text first stands in
    the ad); any other text (a clause of a unit, a candidate `extract_candidates` built) keeps
    the unit model's row."""

    def __init__(
        self,
        sections: Sequence[Section],
        scores: AdUnitRoles,
        cut: RoleCuts,
        context: UnitContext,
    ) -> None:
        super().__init__(scores.model)
        self.unit_scores = scores  # the unit model's rows alone
        units = ad_units(sections, cut)
        texts = [u[0] for u in units]
        base = scores.roles(texts)
        self.rows = dict(scores.rows)  # the unit model's rows of every text it has read
        if not units:
            return
        features = context_features(base, [u[1] for u in units], [u[2] for u in units])
        placed = CONTEXT_WEIGHT * context.roles(features) + (1 - CONTEXT_WEIGHT) * base
        seen: set[str] = set()
        for text, row in zip(texts, placed, strict=True):
            if text not in seen:
                seen.add(text)
                self.rows[text] = row.astype(np.float32)
