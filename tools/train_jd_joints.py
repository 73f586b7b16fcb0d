"""Train the list-joint model (core/jd/joints.py) on the postings corpus: `make train`.

    python -m tools.train_jd_joints [--corpus ../shared/corpus/postings] [--out core/data]

Labels for free: the markup postings (HTML, Markdown) keep their lists, so each run of two or
more consecutive list items (`job_ad_text` lines opening with a bullet glyph) joined with one
space is a run-together list whose item starts are known; each prose paragraph joined the same
way gives joints where no item starts. Every joint (`core.jd.joints.JOINT`) is labelled 1 where
an item starts, else 0. The opening and closing rates of common words are counted on the
training lists. C and the decision threshold are chosen by 5-fold cross-validation grouped by
posting (the threshold with the best F1 of the pooled out-of-fold probabilities); the manifest
also holds leave-one-source-out scores, and the same scores of the hand rule this model replaced
(`RULE_JOINT`, `_rule_opens`), scored without its line-shape gate.

The postings of tests/corpus_labels/postings_split.json (dev and held-back) are never trained
on; the plain-text postings carry no list markup and give no example.
"""

from __future__ import annotations

import argparse
import json
import re
import time
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
from scipy.sparse import csr_matrix
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GroupKFold

from core.evaluation.postings import load_postings, never_trained_on
from core.jd.analyze import job_ad_text
from core.jd.joints import JOINT, MANIFEST_FILE, MODEL_FILE, STRIP, joint_features
from core.jd.phrases import phrase_words
from core.jd.rarity import common_words
from core.jd.requirements import MUST_CUE, NICE_CUE
from core.jd.sections import BULLET, ITEM_START
from core.resources import package_dir
from tools.model_files import sha256, write_manifest

VERSION = 1
DEFAULT_CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "postings"
LABELS = Path(__file__).resolve().parents[1] / "tests" / "corpus_labels"
MARKUP = frozenset({"html", "markdown"})
MIN_PROSE_WORDS = 12
MIN_COUNT = 3  # a feature seen at fewer training joints is not kept
MIN_RATE_COUNT = 5  # a common word's rate is kept when seen this often in the training lists
C_GRID = (0.1, 0.3, 1.0, 3.0)
FOLDS = 5
SEED = 0

Example = tuple[str, list[int], str]  # (joined text, item start offsets, posting id)


def _key(word: str) -> str:
    return word.strip(STRIP).lower().replace("’", "'")


def _joined(lines: list[str], pid: str) -> Example:
    """Lines joined with one space, with the offsets where the second and later lines start."""
    starts, joined = [], ""
    for line in lines:
        starts.append(len(joined) + 1 if joined else 0)
        joined = f"{joined} {line}" if joined else line
    return joined, starts[1:], pid


def posting_examples(pid: str, text: str) -> tuple[list[Example], list[list[str]]]:
    """The joined list stretches and prose paragraphs of one posting, and its lists' items.

    A list stretch is a run of lines holding two or more list items and the short lines among
    them (headings, labels), blank lines skipped; every line of it after the first starts at a
    joint labelled 1, as a run-together paste must be cut there too. A prose paragraph (a line of
    `MIN_PROSE_WORDS` words or more that is no list item) closes the stretch and is an example
    of its own, with no item start."""
    examples: list[Example] = []
    lists: list[list[str]] = []
    stretch: list[str] = []
    items: list[str] = []
    for line in [*job_ad_text(text).split("\n"), "x " * MIN_PROSE_WORDS]:
        bullet = BULLET.match(line)
        bare = " ".join(line[bullet.end() :].split()) if bullet else " ".join(line.split())
        if not bare:
            continue
        if bullet:
            stretch.append(bare)
            items.append(bare)
        elif len(bare.split()) < MIN_PROSE_WORDS:
            stretch.append(bare)
        else:
            if len(items) >= 2:
                examples.append(_joined(stretch, pid))
                lists.append(items)
            stretch, items = [], []
            examples.append((bare, [], pid))
    return examples[:-1], lists


def corpus_examples(
    postings: dict[str, dict[str, Any]], skip: frozenset[str]
) -> tuple[list[Example], dict[str, list[list[str]]]]:
    examples: list[Example] = []
    lists: dict[str, list[list[str]]] = {}
    for pid, posting in sorted(postings.items()):
        if pid in skip or posting["format"] not in MARKUP:
            continue
        found, lists[pid] = posting_examples(pid, posting["text"])
        examples += found
    return examples, lists


def word_rates(lists: list[list[str]]) -> dict[str, dict[str, float]]:
    """How often a common word opens a list item ("open") and closes one ("close"), among its
    appearances in the training lists."""
    seen: Counter[str] = Counter()
    opens: Counter[str] = Counter()
    closes: Counter[str] = Counter()
    vocabulary = common_words()
    for items in lists:
        for item in items:
            words = [_key(w) for w in item.split()]
            words = [w for w in words if w]
            seen.update(w for w in words if w in vocabulary)
            if words:
                opens[words[0]] += 1
                closes[words[-1]] += 1
    return {
        name: {
            w: round(counts[w] / n, 3)
            for w, n in sorted(seen.items())
            if n >= MIN_RATE_COUNT and w in vocabulary
        }
        for name, counts in (("open", opens), ("close", closes))
    }


def joint_rows(
    examples: list[Example], rates: dict[str, dict[str, float]]
) -> tuple[list[list[str]], np.ndarray, np.ndarray]:
    """Per joint: features, label, and the index of its example."""
    rows, labels, owner = [], [], []
    for i, (text, starts, _) in enumerate(examples):
        wanted = set(starts)
        for joint in JOINT.finditer(text):
            rows.append(joint_features(text, joint, rates))
            labels.append(joint.end() in wanted)
            owner.append(i)
    return rows, np.array(labels, dtype=int), np.array(owner)


def _matrix(rows: list[list[str]], index: dict[str, int]) -> csr_matrix:
    r, c = [], []
    for i, found in enumerate(rows):
        cols = sorted({index[f] for f in found if f in index})
        r += [i] * len(cols)
        c += cols
    return csr_matrix((np.ones(len(r)), (r, c)), shape=(len(rows), len(index)))


def fit(
    rows: list[list[str]], labels: np.ndarray, c: float
) -> tuple[list[str], LogisticRegression]:
    counts = Counter(f for found in rows for f in set(found))
    features = sorted(f for f, n in counts.items() if n >= MIN_COUNT)
    index = {f: i for i, f in enumerate(features)}
    model = LogisticRegression(C=c, max_iter=3000, random_state=SEED)
    model.fit(_matrix(rows, index), labels)
    return features, model


def predict(rows: list[list[str]], features: list[str], model: LogisticRegression) -> np.ndarray:
    index = {f: i for i, f in enumerate(features)}
    return model.predict_proba(_matrix(rows, index))[:, 1]


def fold_rows(
    train: list[Example], test: list[Example], lists: dict[str, list[list[str]]]
) -> tuple[list[list[str]], np.ndarray, list[list[str]], np.ndarray]:
    """Features of a fold's training and test joints, with rates counted on its training lists."""
    pids = sorted({pid for _, _, pid in train})
    rates = word_rates([items for pid in pids for items in lists[pid]])
    train_rows, train_y, _ = joint_rows(train, rates)
    test_rows, test_y, _ = joint_rows(test, rates)
    return train_rows, train_y, test_rows, test_y


def scores(probabilities: np.ndarray, labels: np.ndarray, threshold: float) -> dict[str, float]:
    said = probabilities >= threshold
    hits = int((said & (labels == 1)).sum())
    precision = hits / max(int(said.sum()), 1)
    recall = hits / max(int(labels.sum()), 1)
    f1 = 2 * precision * recall / max(precision + recall, 1e-9)
    return {"precision": round(precision, 3), "recall": round(recall, 3), "f1": round(f1, 3)}


def best_threshold(probabilities: np.ndarray, labels: np.ndarray) -> float:
    grid = [round(float(t), 2) for t in np.arange(0.2, 0.91, 0.05)]
    return float(max(grid, key=lambda t: (scores(probabilities, labels, t)["f1"], t)))


# The hand rule the model replaced (core/jd/spaced.py before it), kept here to score it.
RULE_JOINT = re.compile(
    r"(?<=[A-Za-z)])\s+(?=[A-Z][a-z]|[A-Z]{2,6}(?=[\s,/-])|\d{1,2}\s*\+?\s*(?:years|yrs)\b)"
)


def _rule_opens(text: str, joint: re.Match[str]) -> bool:
    words = text[: joint.start()].split()
    word = words[-1].strip("(),;:") if words else ""
    closes = any(cue.fullmatch(word) for cue in (MUST_CUE, NICE_CUE))
    stop, filler = phrase_words()
    if not word or (word.lower() in stop and not closes):
        return False
    if text[joint.end() + 1 : joint.end() + 2].isupper():
        return closes or word.lower() in filler
    return word[:1].islower() or ITEM_START.match(text[joint.end() :]) is not None


def rule_said(examples: list[Example]) -> tuple[np.ndarray, np.ndarray]:
    """The replaced hand rule (without its line-shape gate) at every joint: 1 where it cut."""
    said, labels = [], []
    for text, starts, _ in examples:
        cuts = {m.end() for m in RULE_JOINT.finditer(text) if _rule_opens(text, m)}
        wanted = set(starts)
        for joint in JOINT.finditer(text):
            said.append(joint.end() in cuts)
            labels.append(joint.end() in wanted)
    return np.array(said, dtype=float), np.array(labels, dtype=int)


def cross_validate(
    examples: list[Example], lists: dict[str, list[list[str]]]
) -> tuple[float, float, dict[str, Any]]:
    """C and threshold by grouped 5-fold CV (pooled out-of-fold probabilities)."""
    groups = np.array([pid for _, _, pid in examples])
    folds = GroupKFold(n_splits=FOLDS).split(np.zeros(len(examples)), groups=groups)
    rows = [fold_rows([examples[i] for i in a], [examples[i] for i in b], lists) for a, b in folds]
    grid: dict[str, Any] = {}
    best: tuple[float, float, float] = (-1.0, 0.0, 0.0)
    for c in C_GRID:
        pooled_p, pooled_y = [], []
        for train_rows, train_y, test_rows, test_y in rows:
            features, model = fit(train_rows, train_y, c)
            pooled_p.append(predict(test_rows, features, model))
            pooled_y.append(test_y)
        p, y = np.concatenate(pooled_p), np.concatenate(pooled_y)
        threshold = best_threshold(p, y)
        grid[str(c)] = {"threshold": threshold, **scores(p, y, threshold)}
        print("C", c, grid[str(c)], flush=True)
        if grid[str(c)]["f1"] > best[0]:
            best = (grid[str(c)]["f1"], c, threshold)
    return best[1], best[2], grid


def loso(
    examples: list[Example],
    lists: dict[str, list[list[str]]],
    sources: dict[str, str],
    c: float,
    threshold: float,
) -> dict[str, Any]:
    """Leave one source out: the model trained on every other source, scored on this one,
    beside the hand rule on the same joints."""
    out: dict[str, Any] = {}
    for source in sorted(set(sources.values())):
        test = [e for e in examples if sources[e[2]] == source]
        train = [e for e in examples if sources[e[2]] != source]
        if not test or not train:
            continue
        train_rows, train_y, test_rows, y = fold_rows(train, test, lists)
        features, model = fit(train_rows, train_y, c)
        said, _ = rule_said(test)
        out[source] = {
            "joints": len(y),
            "item_starts": int(y.sum()),
            "model": scores(predict(test_rows, features, model), y, threshold),
            "rule": scores(said, y, 0.5),
        }
        print(source, out[source], flush=True)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default=str(DEFAULT_CORPUS), help="the postings corpus folder")
    parser.add_argument("--out", default=str(package_dir("data")), help="folder for the model")
    args = parser.parse_args(argv)
    corpus = Path(args.corpus)
    postings = load_postings(corpus)
    skip = never_trained_on(LABELS)
    started = time.perf_counter()
    examples, lists = corpus_examples(postings, skip)
    c, threshold, grid = cross_validate(examples, lists)
    sources = {pid: postings[pid]["source"] for pid in lists}
    by_source = loso(examples, lists, sources, c, threshold)
    rates = word_rates([items for pid in sorted(lists) for items in lists[pid]])
    rows, labels, _ = joint_rows(examples, rates)
    features, model = fit(rows, labels, c)
    said, _ = rule_said(examples)
    seconds = time.perf_counter() - started
    weights = np.round(model.coef_[0], 4)
    kept = [(f, float(w)) for f, w in zip(features, weights, strict=True) if w != 0.0]
    data = {
        "version": VERSION,
        "threshold": threshold,
        "bias": round(float(model.intercept_[0]), 4),
        "features": [f for f, _ in kept],
        "weights": [w for _, w in kept],
        "rates": rates,
    }
    out = Path(args.out) / MODEL_FILE
    out.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    manifest = {
        "version": VERSION,
        "command": "make train (tools.train_jd_joints)",
        "data": {
            "corpus": "shared/corpus/postings/postings.jsonl (outside the repository)",
            "sha256": sha256(corpus / "postings.jsonl"),
            "postings_trained_on": len(lists),
            "formats": sorted(MARKUP),
            "left_out": "the dev and held-back ids of tests/corpus_labels/postings_split.json",
            "list_runs": sum(1 for _, starts, _ in examples if starts),
            "prose_paragraphs": sum(1 for _, starts, _ in examples if not starts),
            "joints": len(labels),
            "item_starts": int(labels.sum()),
        },
        "params": {
            "C": c,
            "threshold": threshold,
            "min_count": MIN_COUNT,
            "min_rate_count": MIN_RATE_COUNT,
            "seed": SEED,
        },
        "features": len(kept),
        "train_seconds": round(seconds),
        "cv_grouped_by_posting": grid,
        "rule_on_all_joints": scores(said, labels, 0.5),
        "leave_one_source_out": by_source,
    }
    print(write_manifest(Path(args.out) / MANIFEST_FILE, manifest, out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
