"""The ATS keyword scorer experiment: train it on SkillSpan train, score it end to end.

    python -m tools.train_keyword_scorer [--data ../shared/eval/skillspan] [--out keyword_scorer]
        [--cache DIR] [--spread keyword_word_spread.json] [--check]

Not shipped and not used by `analyze_jd` (docs/EVALUATION.md, "ATS keyword scorer learned from
SkillSpan: tried, not wired in"); the weights and manifest go to --out, outside the package.
`--check` then reads the project's own job ads (`eval jd` on ../shared/eval/dev and on the
postings corpus's dev labels) with the phrase chunker's candidates filtered by the scorer at
each threshold, as `analyze_jd` would read them if it were wired in. Features and scoring:
tools/keyword_features.py.

Candidates are what the phrase chunker (`core.jd.phrases.phrase_terms`) gives on each train
sentence that holds a gold skill or knowledge span (text that asks for something, as the
requirement and duty text the chunker reads in `analyze_jd`), minus single everyday words
(`too_common_alone`, dropped before the scorer anyway). A candidate is positive when it shares a
token with a gold KNOWLEDGE span (tools, technologies, fields, credentials: what a recruiter
searches); skill spans ("work in a team") are no positive, as the written rule for searchable
keywords leaves verb phrases out.

Folds are SkillSpan train postings by idx % 4 (as `tools.train_skill_spans` tunes). The span
tagger's marks on each fold come from a tagger fit on the other three folds with the shipped
parameters (`CHOSEN`), so the scorer learns how far to trust the tagger on unseen text. The
regularisation C is chosen by out-of-fold log-loss. The threshold `keep_min` is chosen end to end:
each fold's postings are read by `eval skills`' keyword scoring with the tagger and the scorer fit
on the other folds, and the threshold with the highest loose precision of the ATS list + tagger
keywords whose knowledge recall falls by at most RECALL_LOSS is kept. SkillSpan dev is never
read here.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from scipy.sparse import csr_matrix
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss, roc_auc_score

from core.evaluation.skill_eval import detokenise
from core.evaluation.span_scoring import Sentence, load_sentences
from core.jd.phrases import phrase_terms
from core.jd.rarity import too_common_alone
from core.jd.skill_spans import KINDS, tag_tokens
from tools.keyword_features import (
    KeywordScorer,
    Mark,
    Spread,
    candidate_features,
    load_spread,
    searchable,
)
from tools.train_skill_spans import CHOSEN, sha256, skillspan_data
from tools.train_skill_spans import train as train_tagger

VERSION = 1
MODEL_FILE = "keyword_scorer.json"
MANIFEST_FILE = "keyword_scorer_manifest.json"
CHECKS = (("../shared/eval/dev", None), ("../shared/corpus/postings", "postings_dev.json"))
LABELS = Path(__file__).resolve().parents[1] / "tests" / "corpus_labels"
FOLDS = 4
MIN_COUNT = 3
C_GRID = (0.03, 0.1, 0.3, 1.0, 3.0)
THRESHOLDS = tuple(round(0.05 * i, 2) for i in range(1, 19))
PIPELINE_THRESHOLDS = (-1.0, 0.02, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5)
RECALL_LOSS = 0.01  # the most knowledge recall the scorer may cost (out-of-fold, end to end)


def fold_of(sentence: Sentence) -> int:
    return sentence.posting[1] % FOLDS


def out_of_fold_marks(data: list[Sentence], cache: Path) -> list[list[Mark]]:
    """Per sentence, the spans a tagger fit on the other folds marks (character offsets)."""
    import pycrfsuite

    marks: list[list[Mark]] = [[] for _ in data]
    for fold in range(FOLDS):
        model = cache / f"skill_spans.fold{fold}.crfsuite"
        if not model.is_file():
            started = time.perf_counter()
            train_tagger([s for s in data if fold_of(s) != fold], CHOSEN, model)
            print(f"tagger without fold {fold}: {time.perf_counter() - started:.0f} s", flush=True)
        tagger = pycrfsuite.Tagger()
        tagger.open(str(model))
        for i, sentence in enumerate(data):
            if fold_of(sentence) != fold or not sentence.tokens:
                continue
            _, offsets = detokenise(sentence.tokens)
            spans = tag_tokens(list(sentence.tokens), tagger)
            for kind in KINDS:
                for first, last in spans[kind]:
                    marks[i].append(Mark(kind, offsets[first][0], offsets[last - 1][1]))
    return marks


def candidates(
    data: list[Sentence], marks: list[list[Mark]], spread: Spread | None
) -> list[dict[str, Any]]:
    """Every chunker candidate of every sentence: its features, label, fold and gold span ids."""
    rows = []
    for i, sentence in enumerate(data):
        text, offsets = detokenise(sentence.tokens)
        for at, phrase in phrase_terms(text):
            if too_common_alone(phrase):
                continue
            end = at + len(phrase)
            tokens = [j for j, (s, e) in enumerate(offsets) if s < end and e > at]
            touched = [
                (i, span)
                for span in sentence.gold["knowledge"]
                if tokens and span[0] <= tokens[-1] and tokens[0] < span[1]
            ]
            skill = any(
                tokens and span[0] <= tokens[-1] and tokens[0] < span[1]
                for span in sentence.gold["skill"]
            )
            rows.append(
                {
                    "features": candidate_features(text, at, phrase, marks[i], spread),
                    "label": int(bool(touched)),
                    "skill": skill,
                    "has_span": bool(sentence.gold["knowledge"] or sentence.gold["skill"]),
                    "fold": fold_of(sentence),
                    "touched": touched,
                    "phrase": phrase,
                }
            )
    return rows


def matrix(rows: list[dict[str, Any]], index: dict[str, int]) -> csr_matrix:
    data, cols, ptr = [], [], [0]
    for row in rows:
        found = sorted({index[f] for f in row["features"] if f in index})
        cols += found
        data += [1.0] * len(found)
        ptr.append(len(cols))
    return csr_matrix((data, cols, ptr), shape=(len(rows), len(index)), dtype=np.float64)


def feature_index(rows: list[dict[str, Any]]) -> dict[str, int]:
    counts = Counter(f for row in rows for f in set(row["features"]))
    return {f: i for i, f in enumerate(sorted(f for f, n in counts.items() if n >= MIN_COUNT))}


def fit(x: csr_matrix, y: np.ndarray, c: float) -> LogisticRegression:
    model = LogisticRegression(C=c, max_iter=2000, solver="liblinear", random_state=0)
    return model.fit(x, y)


def out_of_fold(rows: list[dict[str, Any]], c: float) -> np.ndarray:
    probs = np.zeros(len(rows))
    folds = np.array([row["fold"] for row in rows])
    y = np.array([row["label"] for row in rows])
    for fold in range(FOLDS):
        train_rows = [row for row in rows if row["fold"] != fold]
        index = feature_index(train_rows)
        model = fit(matrix(train_rows, index), y[folds != fold], c)
        held = [row for row in rows if row["fold"] == fold]
        probs[folds == fold] = model.predict_proba(matrix(held, index))[:, 1]
    return probs


def curve(rows: list[dict[str, Any]], probs: np.ndarray, gold: int) -> list[dict[str, float]]:
    """Per threshold: candidates kept, their precision, and recall of gold knowledge spans."""
    out = []
    for threshold in (0.0, *THRESHOLDS):
        kept = [row for row, p in zip(rows, probs, strict=True) if p >= threshold]
        hits = sum(row["label"] for row in kept)
        found = len({t for row in kept for t in row["touched"]})
        precision = hits / len(kept) if kept else 0.0
        recall = found / gold if gold else 0.0
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        out.append(
            {
                "threshold": threshold,
                "kept": len(kept),
                "precision": round(precision, 4),
                "knowledge_recall": round(recall, 4),
                "f1": round(f1, 4),
            }
        )
    return out


def payload_of(model: LogisticRegression, index: dict[str, int]) -> dict[str, Any]:
    """The weights as the shipped JSON holds them (zero weights left out)."""
    weights = model.coef_[0]
    kept = [(f, round(float(w), 5)) for f, w in zip(index, weights, strict=True) if w != 0]
    return {
        "features": [f for f, _ in kept],
        "weights": [w for _, w in kept],
        "bias": round(float(model.intercept_[0]), 5),
    }


def _swap(names: Sequence[tuple[Any, str]], values: Sequence[Any]) -> None:
    for (module, name), value in zip(names, values, strict=True):
        setattr(module, name, value)


def filtered_chunker(
    scorer: KeywordScorer | None, threshold: float, spread: Spread | None
) -> Callable[[str], list[tuple[int, str]]]:
    """`phrase_terms` as `analyze_jd` would call it with the scorer wired in."""
    if scorer is None:
        return phrase_terms
    return lambda text: searchable(text, phrase_terms(text), scorer, threshold, spread)


def pipeline_curve(
    data: list[Sentence], rows: list[dict[str, Any]], c: float, cache: Path, spread: Spread | None
) -> list[dict[str, float]]:
    """`eval skills`' keyword figures (ATS list + tagger: loose precision, knowledge recall) on
    each fold, read with the tagger and the scorer fit on the other folds, summed over folds."""
    import pycrfsuite

    from core.evaluation import skill_eval
    from core.jd import analyze, skill_spans

    y = np.array([row["label"] for row in rows])
    folds = np.array([row["fold"] for row in rows])
    totals: dict[float, list[float]] = {t: [0.0, 0.0, 0.0, 0.0] for t in PIPELINE_THRESHOLDS}
    # The fold's tagger and scorer stand in for the shipped tagger and the bare chunker.
    swapped = ((skill_spans, "_tagger"), (analyze, "phrase_terms"))
    originals = [getattr(module, name) for module, name in swapped]
    try:
        for fold in range(FOLDS):
            tagger = pycrfsuite.Tagger()
            tagger.open(str(cache / f"skill_spans.fold{fold}.crfsuite"))
            train_rows = [row for row in rows if row["fold"] != fold]
            index = feature_index(train_rows)
            scorer = KeywordScorer(
                payload_of(fit(matrix(train_rows, index), y[folds != fold], c), index)
            )
            held = [s for s in data if fold_of(s) == fold]
            gold = sum(len(s.gold["knowledge"]) for s in held)
            for threshold in PIPELINE_THRESHOLDS:
                chosen = scorer if threshold >= 0 else None
                chunker = filtered_chunker(chosen, threshold, spread)
                _swap(swapped, [lambda tagger=tagger: tagger, chunker])
                report = skill_eval.score_keywords(held)["ATS list + tagger"]
                total = totals[threshold]
                total[0] += report["precision_loose"] * report["keywords"]
                total[1] += report["keywords"]
                total[2] += report["recall_loose"]["knowledge"] * gold
                total[3] += gold
            print(f"pipeline fold {fold} done", flush=True)
    finally:
        _swap(swapped, originals)
    out = []
    for threshold, (hits, places, found, spans) in totals.items():
        precision, recall = hits / places, found / spans
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        out.append(
            {
                "threshold": threshold,
                "keyword_places": int(places),
                "precision_loose": round(precision, 4),
                "knowledge_recall_loose": round(recall, 4),
                "f1": round(f1, 4),
            }
        )
    return out


def check_cases(scorer: KeywordScorer, spread: Spread | None) -> list[dict[str, Any]]:
    """`eval jd` keyword recall and precision on the project's job ads per threshold (-1: the
    chunker unfiltered). Tuning figures: these ads were read while building the reader."""
    from core.evaluation.jd_eval import evaluate_jds
    from core.jd import analyze

    original = analyze.phrase_terms
    out = []
    try:
        for cases, labels in CHECKS:
            for threshold in PIPELINE_THRESHOLDS:
                chosen = scorer if threshold >= 0 else None
                analyze.phrase_terms = filtered_chunker(chosen, threshold, spread)  # type: ignore[assignment]
                label_file = LABELS / labels if labels else None
                summary = evaluate_jds(Path(cases), labels=label_file)["summary"]["all"]
                row = {"cases": cases, "threshold": threshold}
                row |= {k: v for k, v in summary.items() if k.startswith(("keyword", "min_case"))}
                print(row, flush=True)
                out.append(row)
    finally:
        analyze.phrase_terms = original
    return out


def build(
    source: Path, out: Path, cache: Path, spread_file: Path | None, check: bool
) -> dict[str, Any]:
    spread = load_spread(spread_file) if spread_file else None
    data = [s for s in load_sentences(source) if s.tokens]
    marks = out_of_fold_marks(data, cache)
    rows = [row for row in candidates(data, marks, spread) if row["has_span"]]
    y = np.array([row["label"] for row in rows])
    gold = sum(len(s.gold["knowledge"]) for s in data)
    print(f"{len(rows)} candidates, {int(y.sum())} positive; {gold} gold knowledge spans")
    grid = {}
    for c in C_GRID:
        probs = out_of_fold(rows, c)
        grid[c] = (log_loss(y, probs), roc_auc_score(y, probs), probs)
        print(f"C {c}: out-of-fold log-loss {grid[c][0]:.4f}, AUC {grid[c][1]:.4f}", flush=True)
    chosen_c = min(grid, key=lambda c: grid[c][0])
    table = curve(rows, grid[chosen_c][2], gold)
    for row in table:
        print(row)
    pipeline = pipeline_curve(data, rows, chosen_c, cache, spread)
    for row in pipeline:
        print(row)
    floor = pipeline[0]["knowledge_recall_loose"] - RECALL_LOSS
    best = max(
        (row for row in pipeline[1:] if row["knowledge_recall_loose"] >= floor),
        key=lambda row: (row["precision_loose"], -row["threshold"]),
    )
    index = feature_index(rows)
    payload = payload_of(fit(matrix(rows, index), y, chosen_c), index)
    (out / MODEL_FILE).write_text(json.dumps(payload, separators=(",", ":")) + "\n", "utf-8")
    manifest = {
        "version": VERSION,
        "command": "python -m tools.train_keyword_scorer",
        "model_file": MODEL_FILE,
        "model_sha256": sha256(out / MODEL_FILE),
        "model_bytes": (out / MODEL_FILE).stat().st_size,
        "data": {
            **skillspan_data(source, len(data)),
            "candidates": len(rows),
            "positive": int(y.sum()),
            "label": "a phrase_terms candidate sharing a token with a gold knowledge span",
            "sentences_used": "those holding a gold skill or knowledge span (text that asks)",
        },
        "folds": "train postings by idx % 4; tagger marks from a tagger fit on the other folds",
        "spread_table": str(spread_file) if spread_file else None,
        "params": {"C": chosen_c, "min_count": MIN_COUNT, "solver": "liblinear", "seed": 0},
        "features": len(payload["features"]),
        "keep_min": best["threshold"],
        "cross_validation": {
            "log_loss_auc_by_C": {
                str(c): [round(v[0], 4), round(v[1], 4)] for c, v in grid.items()
            },
            "chunker candidates by threshold (C chosen)": table,
            "eval skills keywords (ATS list + tagger) by threshold; -1 = no scorer": pipeline,
        },
    }
    if check:
        manifest["checks (tuning, eval jd)"] = check_cases(KeywordScorer(payload), spread)
    (out / MANIFEST_FILE).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return manifest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default="../shared/eval/skillspan", help="SkillSpan folder")
    parser.add_argument("--out", default="keyword_scorer", help="folder for weights, manifest")
    parser.add_argument("--cache", default="", help="keep the fold taggers here (re-runs)")
    parser.add_argument("--spread", default="", help="a tools.build_word_spread table")
    parser.add_argument("--check", action="store_true", help="also score the project's ads")
    args = parser.parse_args(argv)
    source = Path(args.data) / "train.json"
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    spread = Path(args.spread) if args.spread else None
    if args.cache:
        Path(args.cache).mkdir(parents=True, exist_ok=True)
        manifest = build(source, out, Path(args.cache), spread, args.check)
    else:
        with tempfile.TemporaryDirectory() as scratch:
            manifest = build(source, out, Path(scratch), spread, args.check)
    print(f"keep_min {manifest['keep_min']}, {manifest['features']} features")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
