"""Job-ad units read again in their place: a second small model over the unit model's rows.
`read_ad` takes its asks from these rows (docs/EVALUATION.md, "Job ads: units read in their
place" and "Job ads: the context model shipped").

The unit model (`core.jd.unit_roles`) reads a unit by its own words. This model reads each of an
ad's units (every section's `unit_wholes`, cut by `RoleCuts`, in order) from the unit model's
role row for it, the rows of the units before and after it in its run (the list or the prose it
stands in), the mean row of the rest of that run, its section's kind and its place in the ad,
and gives the unit's role row again (the
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
from typing import NamedTuple

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


class PlacedUnit(NamedTuple):
    """One of an ad's units in its place: its text, its section's kind, the run of units it
    stands in (a number per run of the ad) and whether that run is a list."""

    text: str
    kind: str
    run: int
    listed: bool


def ad_units(sections: Sequence[Section], cut: RoleCuts) -> list[PlacedUnit]:
    """The ad's units in order (every section's `unit_wholes`), each with its run: the list
    items one after another in a section form one run, the prose sentences one after another
    another. A run does not change with the ad's blank lines: a blank line between two
    paragraphs or two items starts no new run, and a short line a layout without blank lines
    leaves in the section above (a heading not seen as one) sits in a prose run of its own
    next to the list it heads."""
    units: list[PlacedUnit] = []
    run = -1
    for section in sections:
        seen: set[str] = set()
        listed: bool | None = None
        for block in section.blocks:
            bullet = block.kind == "bullet"
            if bullet is not listed:
                run, listed = run + 1, bullet
            alone = Section(kind=section.kind, heading=section.heading, blocks=[block])
            for text in unit_wholes(alone, cut):
                if text not in seen:
                    seen.add(text)
                    units.append(PlacedUnit(text, section.kind, run, bullet))
    return units


def context_features(rows: np.ndarray, units: Sequence[PlacedUnit]) -> np.ndarray:
    """One feature row per unit of an ad: its own role row (as logs), the rows of the units
    before and after it in its run (zeros at the run's ends, and whether it opens or closes the
    run), the mean row of the rest of its run (and whether it is alone there), whether the run
    is a list, its section's kind and its relative place in the ad (and its square). Nothing
    here reads the ad's lines, so blank lines between units change no feature but the place.
    The same function serves training."""
    count = len(units)
    width = len(ROLES)
    rows = np.asarray(rows, dtype=np.float64).reshape(count, width)
    logs = np.log(np.clip(rows, FLOOR, 1.0))
    members: dict[int, list[int]] = {}
    for j, unit in enumerate(units):
        members.setdefault(unit.run, []).append(j)
    zeros = [0.0] * width
    features = []
    for j, unit in enumerate(units):
        run = members[unit.run]
        at = run.index(j)
        found: list[float] = list(logs[j])
        found += list(rows[run[at - 1]]) if at > 0 else zeros
        found += list(rows[run[at + 1]]) if at + 1 < len(run) else zeros
        found += [float(at == 0), float(at + 1 == len(run))]
        others = [k for k in run if k != j]
        found += list(rows[others].mean(0)) if others else zeros
        found += [float(not others), float(unit.listed)]
        found += [float(unit.kind == kind) for kind in KINDS] + [float(unit.kind not in KINDS)]
        where = j / max(count - 1, 1)
        found += [where, where * where]
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
        texts = [u.text for u in units]
        base = scores.roles(texts)
        self.rows = dict(scores.rows)  # the unit model's rows of every text it has read
        if not units:
            return
        features = context_features(base, units)
        placed = CONTEXT_WEIGHT * context.roles(features) + (1 - CONTEXT_WEIGHT) * base
        seen: set[str] = set()
        for text, row in zip(texts, placed, strict=True):
            if text not in seen:
                seen.add(text)
                self.rows[text] = row.astype(np.float32)
