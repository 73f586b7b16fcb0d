"""Train the job-ad context model (core/jd/unit_context.py) on hand-labelled postings: `make train`.

    python -m tools.train_jd_unit_context [--corpus ../shared/corpus/postings] [--folds DIR]
        [--out core/data]

The context model reads a unit from the unit model's role rows (its own, its neighbours', its
section's) and its place; trained on the rows the reader's unit model gives, it would learn that
the row of a unit the unit model was trained on is always right. So its training rows are out of
fold (stacking): for each source of the hand-labelled postings (`tools.train_jd_unit_roles
.HAND_LABELS`) a unit model is trained by the shipped recipe without that source's postings
(`fold_models`, written to `--folds`, kept and reused when the folder holds them; a scratch folder
when not given), and that source's postings are read with it as the reader reads them
(`core.jd.analyze.ad_sections`, every section's `unit_wholes` cut by `RoleCuts`). Each reader
unit whose text is a hand-labelled unit's (`_key`) is a training row with the hand role (pay as
a benefit, process and legal as a notice). The postings of tests/corpus_labels/postings_split.json
(dev and held-back) are never read here.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
from sklearn.linear_model import LogisticRegression
from threadpoolctl import threadpool_limits

from core.errors import JDParsingError
from core.evaluation.postings import labelled_units, load_postings, never_trained_on
from core.jd.analyze import ad_sections
from core.jd.unit_context import MANIFEST_FILE, MODEL_FILE, ad_units, context_features
from core.jd.unit_roles import MANIFEST_FILE as UNIT_MANIFEST
from core.jd.unit_roles import ROLES, AdUnitRoles, RoleCuts, UnitRoles
from core.resources import package_dir
from tools import train_jd_unit_roles as recipe
from tools.model_files import sha256, write_manifest

VERSION = 1
C = 1.0  # the scratch experiment's choice (docs/EVALUATION.md, "units read in their place")
MAX_ITER = 3000
HAND_ROLES = {
    "requirement": "requirement",
    "duty": "duty",
    "benefit": "benefit",
    "pay": "benefit",
    "company": "company",
    "process": "notice",
    "legal": "notice",
    "condition": "condition",
}

Fold = tuple[str, list[str], UnitRoles]


def fold_models(postings: dict[str, dict[str, Any]], folds: Path) -> list[Fold]:
    """(source, its hand posting ids, the unit model trained without it) per source; trained by
    the shipped recipe and written to `folds` unless already there."""
    skip = never_trained_on(recipe.LABELS)
    entries = recipe.hand_entries()
    sources = sorted({postings[e["id"]]["source"] for e in entries})
    folds.mkdir(parents=True, exist_ok=True)
    found = []
    for n, source in enumerate(sources):
        path = folds / f"{n}.json"
        if not path.is_file():
            own = frozenset(pid for pid, p in postings.items() if p["source"] == source)
            hand = recipe.hand_units(postings, skip, exclude=own)
            weak = recipe.training_units(postings, skip | own)
            units, weights, _ = recipe.with_hand_units(weak, hand, recipe.HAND_WEIGHT)
            features, roles, nice = recipe.train(units, recipe.C, weights)
            ids = sorted({e["id"] for e in entries if e["id"] in own})
            data = recipe.model_data(features, roles, nice)
            path.write_text(json.dumps({"source": source, "ids": ids, "model": data}), "utf-8")
        stored = json.loads(path.read_text(encoding="utf-8"))
        if stored["source"] != source:
            raise ValueError(f"{path}: a fold of {stored['source']}, not {source}")
        found.append((source, stored["ids"], UnitRoles(stored["model"])))
    return found


def posting_rows(
    entry: dict[str, Any], posting: dict[str, Any], model: UnitRoles
) -> tuple[np.ndarray, list[int]]:
    """The context features of a hand posting's reader units (rows by `model`) that are
    hand-labelled units, and their roles (indices of `ROLES`)."""
    try:
        _, _, sections = ad_sections(posting["text"])
    except JDParsingError:
        return np.zeros((0, 0)), []
    scores = AdUnitRoles(model)
    units = ad_units(sections, RoleCuts(scores))
    if not units:
        return np.zeros((0, 0)), []
    rows = scores.roles([u.text for u in units])
    features = context_features(rows, units)
    hand: dict[str, str] = {}
    for unit in labelled_units(entry, posting):
        hand.setdefault(recipe._key(unit["text"]), HAND_ROLES[unit["role"]])
    keep = [j for j, u in enumerate(units) if recipe._key(u.text) in hand]
    return features[keep], [ROLES.index(hand[recipe._key(units[j].text)]) for j in keep]


def source_rows(
    postings: dict[str, dict[str, Any]], folds: list[Fold]
) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Per source: its out-of-fold training rows and roles."""
    entries = {e["id"]: e for e in recipe.hand_entries()}
    found = {}
    for source, ids, model in folds:
        blocks, roles = [], []
        for pid in ids:
            features, labels = posting_rows(entries[pid], postings[pid], model)
            if labels:
                blocks.append(features)
                roles += labels
        found[source] = (np.vstack(blocks), np.asarray(roles))
    return found


def train(
    rows: dict[str, tuple[np.ndarray, np.ndarray]], without: str | None = None, c: float = C
) -> LogisticRegression:
    """The context model fitted on every source's rows but `without`'s."""
    sources = [s for s in sorted(rows) if s != without]
    features = np.vstack([rows[s][0] for s in sources])
    roles = np.concatenate([rows[s][1] for s in sources])
    model = LogisticRegression(C=c, max_iter=MAX_ITER)
    # lbfgs ends at weights that differ in the fourth decimal with the number of BLAS threads;
    # one thread makes the shipped file the same on every machine (`make train`'s rebuild test)
    with threadpool_limits(limits=1):
        model.fit(features, roles)
    if list(model.classes_) != list(range(len(ROLES))):
        raise ValueError(f"a role has no training row: {model.classes_}")
    return model


def model_data(model: LogisticRegression) -> dict[str, Any]:
    """The fitted model as the shipped file holds it (`core.jd.unit_context.UnitContext`)."""
    return {
        "version": VERSION,
        "classes": list(ROLES),
        "weights": np.round(model.coef_.T, 4).tolist(),
        "bias": np.round(model.intercept_, 4).tolist(),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default=str(recipe.DEFAULT_CORPUS))
    parser.add_argument("--folds", help="folder for the six fold unit models (kept, reused)")
    parser.add_argument("--out", default=str(package_dir("data")), help="folder for the model")
    parser.add_argument("--c", type=float, default=C, help="inverse L2 strength")
    args = parser.parse_args(argv)
    corpus = Path(args.corpus)
    postings = load_postings(corpus)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as scratch:
        folds = fold_models(postings, Path(args.folds or scratch))
        rows = source_rows(postings, folds)
    model = train(rows, c=args.c)
    seconds = time.perf_counter() - started
    out = Path(args.out) / MODEL_FILE
    manifest = {
        "version": VERSION,
        "command": "make train (tools.train_jd_unit_context)",
        "data": {
            "corpus": "shared/corpus/postings/postings.jsonl (outside the repository)",
            "sha256": sha256(corpus / "postings.jsonl"),
            "hand_labels": {
                "files": {f"tests/corpus_labels/{p.name}": sha256(p) for p in recipe.HAND_LABELS},
                "postings": sum(len(ids) for _, ids, _ in folds),
            },
            "rows": {s: len(r[1]) for s, r in rows.items()},
            "roles": {
                ROLES[k]: v
                for k, v in sorted(Counter(int(x) for r in rows.values() for x in r[1]).items())
            },
            "unit_model_recipe": f"tools.train_jd_unit_roles (its manifest {UNIT_MANIFEST}), "
            "one model per source left out",
        },
        "params": {"C": args.c, "max_iter": MAX_ITER, "solver": "lbfgs"},
        "train_seconds": round(seconds),
    }
    out.write_text(json.dumps(model_data(model), separators=(",", ":")) + "\n", encoding="utf-8")
    print(write_manifest(Path(args.out) / MANIFEST_FILE, manifest, out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
