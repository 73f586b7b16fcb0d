"""Train the job-title model (core/jd/title_model.py) on the postings corpus: `make train`.

    python -m tools.train_jd_titles [--corpus ../shared/corpus/postings] [--c C] [--tune]

Distant supervision: every posting of the corpus has a `title` field from its source (metadata,
not part of its text). Each posting is read as the JD reader reads it (`job_ad_text`,
`split_sections`), its title candidates found (`core.jd.title_candidates`), and a candidate is a
positive example when it is that title by the scorer's own test (`title_matches`: the same
words, or the title without its place or team qualifier). Where none is, a 'looking for …'
phrase naming just the title's head word is ('a keen gardener' for 'Estate Gardener': the ad
states its title that way); postings with neither teach nothing
and are left out. Head words: the last word of the title field of at
least `MIN_HEAD` training postings (letters only) is a learned role head; a common word that
as many title fields use is a title word (the words before a candidate's head are all title
words, or not: 'Estate Support' against 'keen').

The postings of tests/corpus_labels/postings_split.json (dev and held-back) are never read here.
C is chosen on a validation fifth of the training postings (number % 5 == 0: the share of them
whose best candidate names their title; `--tune` prints the grid); the model then trains on all
training postings with it. Only weights
over feature names and the head words ship.
"""

from __future__ import annotations

import argparse
import json
import re
import time
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
from scipy.sparse import csr_matrix
from sklearn.linear_model import LogisticRegression

from core.evaluation.jd_scoring import title_matches
from core.evaluation.postings import load_postings, never_trained_on
from core.jd.analyze import job_ad_text
from core.jd.runon import unglue_lists
from core.jd.sections import Section, split_sections
from core.jd.title_candidates import ad_lines, singular, title_candidates, title_features
from core.jd.title_model import MANIFEST_FILE, MODEL_FILE
from core.resources import package_dir
from tools.model_files import sha256, write_manifest

VERSION = 1
MIN_SCORE = 0.05
MIN_HEAD = 3
GRID_C = (0.1, 0.3, 1.0, 3.0)
DEFAULT_CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "postings"
LABELS = Path(__file__).resolve().parents[1] / "tests" / "corpus_labels"
QUALIFIER = re.compile(r"\s[-–—|]\s|,|\(|/")

Example = tuple[list[list[str]], list[int], list[str]]  # features, labels, phrases


def learned_heads(postings: dict[str, dict[str, Any]], ids: list[str]) -> frozenset[str]:
    """Last words of the training postings' title fields, seen at least MIN_HEAD times and
    more often last in a title than elsewhere in one."""
    last: Counter[str] = Counter()
    inside: Counter[str] = Counter()
    for pid in ids:
        words = QUALIFIER.split(postings[pid]["title"] or "")[0].split()
        if words and words[-1] in (words[-1].lower(), words[-1].capitalize()):  # not 'TechToGov'
            last[words[-1].lower()] += 1
        inside.update(w.lower() for w in words[:-1])
    return frozenset(
        w for w, n in last.items() if n >= MIN_HEAD and w.isalpha() and n > inside[w] and len(w) > 2
    )


def learned_title_words(postings: dict[str, dict[str, Any]], ids: list[str]) -> frozenset[str]:
    """Words (letters only, not a brand's camel case) that at least MIN_HEAD of the training
    postings' title fields use ('senior', 'support', 'rgn'), as the head words are found."""
    seen: Counter[str] = Counter()
    for pid in ids:
        words = QUALIFIER.split(postings[pid]["title"] or "")[0].split()
        seen.update(
            {
                w.lower()
                for w in words
                if w.isalpha() and w in (w.lower(), w.capitalize(), w.upper())
            }
        )
    return frozenset(w for w, n in seen.items() if n >= MIN_HEAD and len(w) > 1)


@cache
def training_sections(text: str) -> list[Section]:
    """A posting read as the recipe reads it (once: the measurement's folds read it again)."""
    return split_sections(unglue_lists(job_ad_text(text)))


def posting_examples(
    text: str, title: str, heads: frozenset[str], title_words: frozenset[str]
) -> Example | None:
    sections = training_sections(text)
    candidates = title_candidates(sections, heads)
    plain = "\n".join(line for line, _ in ad_lines(sections))
    labels = [
        int(title_matches(title, c.phrase) or title_matches(title, singular(c.phrase, heads)))
        for c in candidates
    ]
    if not any(labels):  # the ad names only the title's head, in a 'looking for …' phrase
        words = QUALIFIER.split(title)[0].lower().split()
        head = singular(words[-1], heads) if words else ""
        labels = [
            int(c.source == "sought" and singular(c.phrase, heads).lower() == head)
            for c in candidates
        ]
    if not any(labels):
        return None
    feats = [title_features(c, plain, heads, title_words) for c in candidates]
    return feats, labels, [c.phrase for c in candidates]


def _matrix(rows: list[list[str]], index: dict[str, int]) -> csr_matrix:
    data, cols, ptr = [], [], [0]
    for row in rows:
        ids = sorted({index[f] for f in row if f in index})
        cols += ids
        data += [1.0] * len(ids)
        ptr.append(len(cols))
    return csr_matrix((data, cols, ptr), shape=(len(rows), len(index)))


def fit(examples: list[Example], c: float) -> dict[str, float]:
    rows = [f for feats, _, _ in examples for f in feats]
    ys = [y for _, labels, _ in examples for y in labels]
    index = {f: i for i, f in enumerate(sorted({f for row in rows for f in row if f != "bias"}))}
    model = LogisticRegression(C=c, max_iter=2000, solver="lbfgs")
    model.fit(_matrix(rows, index), np.array(ys))
    weights = {f: round(float(model.coef_[0][i]), 4) for f, i in index.items()}
    weights["bias"] = round(float(model.intercept_[0]), 4)
    return weights


def top1(examples: list[Example], weights: dict[str, float]) -> float:
    """Share of postings whose best-scored candidate names their title."""
    right = 0
    for feats, labels, _ in examples:
        scores = [sum(weights.get(f, 0.0) for f in row) for row in feats]
        right += labels[int(np.argmax(scores))]
    return round(right / max(len(examples), 1), 4)


def training_ids(postings: dict[str, dict[str, Any]]) -> list[str]:
    """The postings this recipe may read: a title field, not dev, not held back."""
    skip = never_trained_on(LABELS)
    return sorted(pid for pid in postings if pid not in skip and postings[pid]["title"])


def is_validation(pid: str) -> bool:
    """The validation fifth of the training postings (number % 5 == 0)."""
    return int(pid[2:]) % 5 == 0


def examples_for(
    postings: dict[str, dict[str, Any]], ids: list[str]
) -> tuple[frozenset[str], frozenset[str], dict[str, Example]]:
    """Heads and title words learned from `ids`' title fields, and their postings' examples."""
    heads = learned_heads(postings, ids)
    title_words = learned_title_words(postings, ids)
    examples: dict[str, Example] = {}
    for pid in ids:
        found = posting_examples(postings[pid]["text"], postings[pid]["title"], heads, title_words)
        if found is not None:
            examples[pid] = found
    return heads, title_words, examples


def model_file(weights: dict[str, float], heads: frozenset[str], words: frozenset[str]) -> dict:
    """The model as it ships (lists sorted; `core.jd.title_model` reads them as sets)."""
    return {
        "_about": "Job-title candidate weights (core/jd/title_model.py); built by "
        "tools/train_jd_titles.py, do not edit.",
        "version": VERSION,
        "min_score": MIN_SCORE,
        "weights": dict(sorted(weights.items())),
        "heads": sorted(heads),
        "title_words": sorted(words),
    }


def trained_model(postings: dict[str, dict[str, Any]], ids: list[str], c: float) -> dict:
    """A model trained by this recipe on `ids` alone, as `core.jd.title_model` holds one."""
    heads, words, examples = examples_for(postings, ids)
    model = model_file(fit(list(examples.values()), c), heads, words)
    model["heads"], model["title_words"] = heads, words
    return model


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default=str(DEFAULT_CORPUS), help="the postings corpus folder")
    parser.add_argument(
        "--c", type=float, default=None, help="inverse L2 strength (default: best on validation)"
    )
    parser.add_argument("--tune", action="store_true", help="print the validation grid only")
    parser.add_argument("--out", default=str(package_dir("data")), help="folder for the model")
    args = parser.parse_args(argv)
    corpus = Path(args.corpus)
    postings = load_postings(corpus)
    ids = training_ids(postings)
    started = time.perf_counter()
    heads, title_words, examples = examples_for(postings, ids)
    valid = [e for pid, e in examples.items() if is_validation(pid)]
    fold = [e for pid, e in examples.items() if not is_validation(pid)]
    grid = {str(c): top1(valid, fit(fold, c)) for c in GRID_C}
    if args.tune:
        print(json.dumps({"validation_top1": grid, "postings": len(examples)}, indent=1))
        return 0
    chosen = args.c if args.c is not None else float(max(grid, key=lambda c: (grid[c], -float(c))))
    weights = fit(list(examples.values()), chosen)
    seconds = time.perf_counter() - started
    model = model_file(weights, heads, title_words)
    out = Path(args.out) / MODEL_FILE
    out.write_text(json.dumps(model, indent=0) + "\n", encoding="utf-8")
    manifest = {
        "version": VERSION,
        "command": "make train (tools.train_jd_titles)",
        "data": {
            "corpus": "shared/corpus/postings/postings.jsonl (outside the repository)",
            "sha256": sha256(corpus / "postings.jsonl"),
            "postings_with_title_field": len(ids),
            "postings_with_a_candidate_naming_it": len(examples),
            "left_out": "the dev and held-back ids of tests/corpus_labels/postings_split.json",
            "candidates": sum(len(labels) for _, labels, _ in examples.values()),
        },
        "params": {"C": chosen, "min_score": MIN_SCORE, "min_head": MIN_HEAD},
        "validation_top1_by_C": grid,
        "heads": len(heads),
        "title_words": len(title_words),
        "train_seconds": round(seconds),
    }
    print(write_manifest(Path(args.out) / MANIFEST_FILE, manifest, out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
