"""Train the ATS keyword filter (`core.jd.keyword_filter`) on hand-judged keyword lists.

    python -m tools.train_jd_keyword_filter --corpus ../shared/corpus/postings [--out DIR] [--loso]
        [--context SCALE] [--retry spans|trims] [--check [--sweep 0.1,0.2]]

Writes core/data/keyword_filter.json and its manifest (`make train`; --out elsewhere for an
experiment). `analyze_jd` lists the candidates the filter keeps as the ad's ATS keywords and the
rest as other terms in the ad (`core.jd.keyword_tiers`). `--check` scores the trained filter on
the dev postings' judged keywords (tests/corpus_labels/keyword_judgements_dev.json) and on the
labelled keywords of ../shared/eval/dev and ../shared/eval/real, found among the ATS keywords and
in either tier (tuning figures).

Data: the training postings whose keyword lists were judged searchable or not by hand
(tests/corpus_labels/keyword_judgements.json, docs/labelling/keywords.md; none of them a dev or
held-back posting). Each posting is read by `core.jd.analyze.read_ad`; every keyword candidate
that is not a job title (titles are always kept) and whose `keyword_key` was judged is one
example. The model is a logistic regression over `keyword_features` and the scaled meaning
vector and, unless `--context 0`, the unit roles and scaled meaning vector of the sentence around
the candidate (`context_of_keywords`); features seen fewer than MIN_COUNT times are dropped.
`--sweep` adds other thresholds to `--check`'s figures, with the eval labels each threshold
loses and the dev keywords listed that no judge saw. `--retry` is what a dropped candidate is
tried again as (`core.jd.keyword_tiers`): "spans" (the default) or "trims".

`--loso` writes no model: per source of the judged postings, the model is trained on the other
sources and scores that one (what it does on an ad from a source it never saw). The threshold
`keep_min` is chosen on those pooled out-of-fold scores (`choose_keep_min`: the highest that
keeps SEARCHABLE_KEPT_MIN of the searchable candidates of an unseen source) and written with the
model, so it is chosen on data the model did not train on; the F1-best threshold is reported
beside it.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
from scipy.sparse import csr_matrix, hstack
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score

from core.evaluation.jd_eval import find_cases
from core.evaluation.jd_scoring import keyword_found
from core.evaluation.postings import keyword_key, load_postings
from core.jd.analyze import read_ad
from core.jd.keyword_filter import (
    ALWAYS_KEPT,
    MANIFEST_FILE,
    MODEL_FILE,
    KeywordFilter,
    context_of,
    context_of_keywords,
    keyword_features,
)
from core.jd.keyword_tiers import RETRIES, keyword_tiers
from core.resources import package_dir
from core.text.meaning_vectors import DIM, SOURCE, meaning_vectors
from tools.model_files import sha256, write_manifest

VERSION = 1
LABELS = Path(__file__).resolve().parents[1] / "tests" / "corpus_labels" / "keyword_judgements.json"
DEV_LABELS = LABELS.with_name("keyword_judgements_dev.json")
SHARED = Path(__file__).resolve().parents[2] / "shared"
DEFAULT_CORPUS = SHARED / "corpus" / "postings"
SEED = 0
MIN_COUNT = 2
C = 0.3
VECTOR_SCALE = 3.0
CONTEXT_SCALE = 3.0  # the sentence around the candidate: its unit roles and its meaning vector
# keep_min: the highest threshold (0.05 steps) whose pooled leave-one-source-out scores keep this
# share of the searchable candidates of an unseen source. What the filter drops is still shown
# (among the other terms in the ad), but a searchable keyword there is one the ATS coverage and
# the writer's aim leave out, so most of them must stay.
SEARCHABLE_KEPT_MIN = 0.9

# keyword text, features, searchable, source, the meaning vector of the sentence around it
Example = tuple[str, list[str], bool, str, np.ndarray]


def examples(postings: dict[str, dict[str, Any]], with_context: bool = True) -> list[Example]:
    """Every judged, non-title keyword candidate of the judged postings, in label order; with
    WITH_CONTEXT, the unit roles of the sentence around it among its features (the filter reads them
    only when trained with the context: `KeywordFilter`)."""
    entries = json.loads(LABELS.read_text(encoding="utf-8"))
    out: list[Example] = []
    for entry in entries:
        posting = postings[entry["id"]]
        judged = {k["key"]: k["searchable"] for k in entry["judged"]}
        ad = read_ad(posting["text"])
        context = context_of(ad)
        kept = [
            k
            for k in ad.keywords
            if k.category not in ALWAYS_KEPT and keyword_key(k.text) in judged
        ]
        around, sentences = context_of_keywords([k.text for k in kept], ad.clean)
        for keyword, roles, sentence in zip(kept, around, sentences, strict=True):
            features = keyword_features(keyword, context) + (roles if with_context else [])
            label = judged[keyword_key(keyword.text)]
            out.append((keyword.text, features, label, posting["source"], sentence))
    return out


def _matrix(rows: list[Example], index: dict[str, int], scale: float, context: float) -> csr_matrix:
    cols, row_ids = [], []
    for i, (_, features, _, _, _) in enumerate(rows):
        found = sorted({index[f] for f in features if f in index})
        cols += found
        row_ids += [i] * len(found)
    data = np.ones(len(cols), dtype=np.float32)
    lexical = csr_matrix((data, (row_ids, cols)), shape=(len(rows), len(index)))
    vectors = meaning_vectors([r[0] for r in rows]) * scale
    blocks = [lexical, csr_matrix(vectors)]
    if context:
        blocks.append(csr_matrix(np.stack([r[4] for r in rows]) * context))
    return hstack(blocks, format="csr")


def train(
    rows: list[Example], c: float, scale: float, context: float
) -> tuple[list[str], LogisticRegression]:
    counts = Counter(f for r in rows for f in set(r[1]))
    features = sorted(f for f, n in counts.items() if n >= MIN_COUNT)
    index = {f: i for i, f in enumerate(features)}
    y = np.array([r[2] for r in rows])
    model = LogisticRegression(C=c, max_iter=3000, solver="liblinear", random_state=SEED)
    model.fit(_matrix(rows, index, scale, context), y)
    return features, model


def scores_of(
    rows: list[Example], features: list[str], model: Any, scale: float, context: float
) -> np.ndarray:
    index = {f: i for i, f in enumerate(features)}
    return model.predict_proba(_matrix(rows, index, scale, context))[:, 1]


def at_threshold(labels: np.ndarray, scores: np.ndarray, keep_min: float) -> dict[str, float]:
    kept = scores >= keep_min
    junk = int((kept & ~labels).sum())
    return {
        "keep_min": keep_min,
        "kept": int(kept.sum()),
        "f1": round(2 * float((kept & labels).sum()) / max(float(kept.sum() + labels.sum()), 1), 3),
        "junk_share_kept": round(junk / max(int(kept.sum()), 1), 3),
        "searchable_kept": round(float((kept & labels).sum() / max(int(labels.sum()), 1)), 3),
    }


def choose_keep_min(labels: np.ndarray, scores: np.ndarray) -> float:
    """The highest threshold (0.05 steps) that keeps SEARCHABLE_KEPT_MIN of the searchable
    candidates (the lowest step when none does)."""
    wanted = max(int(labels.sum()), 1)
    steps = [round(step * 0.05, 2) for step in range(1, 20)]
    keeping = [t for t in steps if ((scores >= t) & labels).sum() / wanted >= SEARCHABLE_KEPT_MIN]
    return max(keeping, default=steps[0])


def f1_best_keep_min(labels: np.ndarray, scores: np.ndarray) -> float:
    """The threshold (0.05 steps) with the best F1 of keeping the searchable candidates (the
    lowest of ties); reported beside the chosen one."""

    def f1(keep_min: float) -> float:
        kept = scores >= keep_min
        hits = float((kept & labels).sum())
        return 2 * hits / max(float(kept.sum() + labels.sum()), 1.0)

    return max((round(step * 0.05, 2) for step in range(1, 20)), key=lambda t: (f1(t), -t))


def loso(
    rows: list[Example], c: float, scale: float, context: float
) -> tuple[dict[str, Any], np.ndarray]:
    """Per source: train on the others, score it. Returns the figures and pooled scores."""
    pooled = np.zeros(len(rows))
    figures: dict[str, Any] = {}
    for source in sorted({r[3] for r in rows}):
        test = [i for i, r in enumerate(rows) if r[3] == source]
        train_rows = [r for r in rows if r[3] != source]
        features, model = train(train_rows, c, scale, context)
        pooled[test] = scores_of([rows[i] for i in test], features, model, scale, context)
        labels = np.array([rows[i][2] for i in test])
        auc = roc_auc_score(labels, pooled[test]) if 0 < labels.sum() < len(labels) else None
        figures[source] = {
            "candidates": len(test),
            "searchable": int(labels.sum()),
            "auc": round(float(auc), 3) if auc is not None else None,
        }
    return figures, pooled


def check(
    model: KeywordFilter, postings: dict[str, dict[str, Any]], keep_mins: list[float]
) -> dict[str, Any]:
    """Tuning figures of a trained filter at each of KEEP_MINS (the model's own first): the dev
    postings' judged keywords (share of the listed keywords judged not searchable, share of the
    searchable ones still listed) and the labelled keywords of eval/dev and eval/real found
    (loose match), without and with the filter. Each ad is read once."""
    dev = [
        (
            {k["key"]: k["searchable"] for k in e["judged"]},
            context_of(read_ad(postings[e["id"]]["text"])),
        )
        for e in json.loads(DEV_LABELS.read_text(encoding="utf-8"))
    ]
    cases = {
        name: [
            (case.labels.get("jd_keywords", []), read_ad(case.path.read_text(encoding="utf-8")))
            for case in find_cases(SHARED / "eval" / name)
        ]
        for name in ("dev", "real")
    }
    figures: dict[str, Any] = {}
    for keep_min in keep_mins:
        model.keep_min = keep_min
        figures[str(keep_min)] = _figures(model, dev, cases)
    return figures


def _figures(model: KeywordFilter, dev: list, cases: dict[str, list]) -> dict[str, Any]:
    junk = searchable = wanted = listed = unjudged = 0
    not_judged: list[str] = []
    for said, context in dev:
        texts = [k.text for k in keyword_tiers(model, context).ats]
        keys = [keyword_key(t) for t in texts]
        junk += sum(said.get(k) is False for k in keys)
        searchable += sum(said.get(k) is True for k in keys)
        unjudged += sum(k not in said for k in keys)
        not_judged += [t for t, k in zip(texts, keys, strict=True) if k not in said]
        wanted += sum(said.values())
        listed += len(keys)
    figures: dict[str, Any] = {
        "dev_postings_judged": {
            "listed": listed,
            "unjudged": unjudged,
            "junk_share": round(junk / max(junk + searchable, 1), 3),
            "searchable_kept": round(searchable / max(wanted, 1), 3),
            "not_judged": not_judged,
        }
    }
    for name, read in cases.items():
        found = {"all": 0, "kept": 0, "either": 0, "labelled": 0}
        lost: list[str] = []
        for labels, ad in read:
            everything = [k.text for k in ad.keywords]
            tiers = keyword_tiers(model, context_of(ad))
            kept_texts = [k.text for k in tiers.ats]
            either = kept_texts + [k.text for k in tiers.other]
            for label in labels:
                found["labelled"] += 1
                there = keyword_found(label, everything, strict=False)
                kept = keyword_found(label, kept_texts, strict=False)
                found["all"] += there
                found["kept"] += kept
                found["either"] += keyword_found(label, either, strict=False)
                if there and not kept:
                    lost.append(label)
        figures[f"eval_{name}_keyword_recall"] = {
            "unfiltered": round(found["all"] / max(found["labelled"], 1), 3),
            "filtered": round(found["kept"] / max(found["labelled"], 1), 3),
            "either_tier": round(found["either"] / max(found["labelled"], 1), 3),
            "lost": lost,
        }
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", default=str(DEFAULT_CORPUS), help="the postings corpus folder")
    parser.add_argument("--out", default=str(package_dir("data")), help="weights, manifest")
    parser.add_argument("--c", type=float, default=C, help="inverse L2 strength")
    parser.add_argument("--scale", type=float, default=VECTOR_SCALE, help="meaning vector scale")
    parser.add_argument("--context", type=float, default=CONTEXT_SCALE, help="0: no sentence")
    parser.add_argument("--loso", action="store_true", help="score each source left out; no model")
    parser.add_argument("--check", action="store_true", help="score the dev judgements too")
    parser.add_argument("--retry", default="spans", choices=RETRIES, help="a dropped one's parts")
    parser.add_argument("--sweep", default="", help="--check also at these keep_min, a,b,c")
    args = parser.parse_args()
    corpus = Path(args.corpus)
    started = time.monotonic()
    postings = load_postings(corpus)
    rows = examples(postings, with_context=args.context > 0)
    labels = np.array([r[2] for r in rows])
    by_source, pooled = loso(rows, args.c, args.scale, args.context)
    keep_min = choose_keep_min(labels, pooled)
    curve = [at_threshold(labels, pooled, round(t * 0.05, 2)) for t in range(0, 20)]
    report = {
        "leave_one_source_out": by_source,
        "pooled_auc": round(float(roc_auc_score(labels, pooled)), 3),
        "pooled_at_thresholds": curve,
        "keep_min": keep_min,
        "keep_min_f1_best": f1_best_keep_min(labels, pooled),
    }
    if args.loso:
        print(json.dumps(report, indent=1))
        return 0
    features, model = train(rows, args.c, args.scale, args.context)
    lexical = len(features)
    weights = np.round(model.coef_[0], 4)
    data = {
        "comment": "ATS keyword filter, trained by tools/train_jd_keyword_filter.py.",
        "version": VERSION,
        "keep_min": keep_min,
        "retry": args.retry,
        "features": features,
        "weights": weights[:lexical].tolist(),
        "vector_weights": weights[lexical : lexical + DIM].tolist(),
        "bias": round(float(model.intercept_[0]), 4),
        "vector": {"source": SOURCE, "dim": DIM, "scale": args.scale},
        **(
            {
                "context": {
                    "scale": args.context,
                    "vector_weights": weights[lexical + DIM :].tolist(),
                }
            }
            if args.context
            else {}
        ),
    }
    Path(args.out).mkdir(parents=True, exist_ok=True)
    out = Path(args.out) / MODEL_FILE
    out.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    manifest = {
        "version": VERSION,
        "command": "python -m tools.train_jd_keyword_filter",
        "data": {
            "corpus": "shared/corpus/postings/postings.jsonl (outside the repository)",
            "sha256": sha256(corpus / "postings.jsonl"),
            "judgements": {
                "file": "tests/corpus_labels/keyword_judgements.json",
                "sha256": sha256(LABELS),
                "postings": len(json.loads(LABELS.read_text(encoding="utf-8"))),
            },
            "candidates": len(rows),
            "searchable": int(labels.sum()),
        },
        "params": {
            "C": args.c,
            "vector_scale": args.scale,
            "context_scale": args.context,
            "retry": args.retry,
            "min_count": MIN_COUNT,
            "keep_min_rule": f"highest keeping {SEARCHABLE_KEPT_MIN} of searchable (pooled LOSO)",
            "seed": SEED,
        },
        "features": lexical,
        "train_seconds": round(time.monotonic() - started),
        **report,
    }
    if args.check:
        sweep = [keep_min] + [float(t) for t in args.sweep.split(",") if t]
        manifest["checks (tuning)"] = check(KeywordFilter(data), postings, sweep)
    print(write_manifest(Path(args.out) / MANIFEST_FILE, manifest, out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
