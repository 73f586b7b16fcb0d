"""Build a word-cluster table for span-tagger features (an experiment, not shipped).

    python -m tools.build_word_clusters [--postings ../shared/corpus/postings/postings.jsonl]
                                        [--skillspan ../shared/eval/skillspan]

Unlabelled text only: the job postings of the shared corpus and the sentences of SkillSpan's
train split (its labels are not read; dev is never read). Each word seen at least MIN_COUNT
times gets a vector: its positive pointwise mutual information with the CONTEXTS most frequent
words within WINDOW tokens, reduced to DIMS by a truncated SVD (scipy). The vectors, unit
length, are grouped by k-means (scipy.cluster.vq, fixed seed) at two sizes. The table holds one
line per word: word, cluster id at the coarse size, cluster id at the fine size. No posting text
is kept, only the words and their ids.

Not shipped: as span-tagger features (`core.jd.span_features`) the clusters lowered knowledge
strict F1 on SkillSpan train's tuning part and in 4-fold cross-validation (docs/EVALUATION.md,
"SkillSpan tagger: word clusters and span decoding tried, not kept"); write the table elsewhere
(--out, default ./word_clusters.tsv) to try them again.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

import numpy as np
from scipy.cluster.vq import kmeans2
from scipy.sparse import coo_matrix
from scipy.sparse.linalg import svds

from core.jd.span_features import bare

MIN_COUNT = 5
CONTEXTS = 3000
WINDOW = 2
DIMS = 64
SIZES = (64, 320)
SEED = 0
TABLE = "word_clusters.tsv"


def documents(postings: Path, skillspan: Path) -> list[list[str]]:
    """Lower-cased bare tokens of each posting and each SkillSpan train sentence."""
    docs = []
    for line in postings.read_text(encoding="utf-8").splitlines():
        if line.strip():
            docs.append(json.loads(line).get("text", ""))
    for line in (skillspan / "train.json").read_text(encoding="utf-8").splitlines():
        if line.strip():
            docs.append(" ".join(json.loads(line)["tokens"]))
    return [[w for w in (bare(t).lower() for t in doc.split()) if w] for doc in docs]


def vectors(docs: list[list[str]]) -> tuple[list[str], np.ndarray]:
    counts = Counter(w for doc in docs for w in doc)
    words = sorted((w for w, n in counts.items() if n >= MIN_COUNT and len(w) <= 30))
    row_of = {w: i for i, w in enumerate(words)}
    col_of = {w: i for i, (w, _) in enumerate(counts.most_common(CONTEXTS))}
    pairs: Counter[tuple[int, int]] = Counter()
    for doc in docs:
        for i, word in enumerate(doc):
            row = row_of.get(word)
            if row is None:
                continue
            for j in range(max(0, i - WINDOW), min(len(doc), i + WINDOW + 1)):
                col = col_of.get(doc[j])
                if j != i and col is not None:
                    pairs[(row, col)] += 1
    keys = np.array(list(pairs.keys()), dtype=np.int64)
    vals = np.array(list(pairs.values()), dtype=np.float64)
    total = vals.sum()
    row_sum = np.bincount(keys[:, 0], weights=vals, minlength=len(words))
    col_sum = np.bincount(keys[:, 1], weights=vals, minlength=len(col_of)) ** 0.75
    col_sum = col_sum / col_sum.sum()
    pmi = np.log(vals * 1.0 / (row_sum[keys[:, 0]] / total * col_sum[keys[:, 1]] * total))
    keep = pmi > 0
    matrix = coo_matrix(
        (pmi[keep], (keys[keep, 0], keys[keep, 1])), shape=(len(words), len(col_of))
    ).tocsr()
    u, s, _ = svds(matrix, k=DIMS, random_state=SEED)
    vecs = u * np.sqrt(s)
    norms = np.linalg.norm(vecs, axis=1, keepdims=True)
    return words, vecs / np.where(norms == 0, 1, norms)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--postings", default="../shared/corpus/postings/postings.jsonl")
    parser.add_argument("--skillspan", default="../shared/eval/skillspan")
    parser.add_argument("--out", default=TABLE, help="where to write the table")
    args = parser.parse_args(argv)
    words, vecs = vectors(documents(Path(args.postings), Path(args.skillspan)))
    ids = []
    for size in SIZES:
        _, labels = kmeans2(vecs, size, minit="++", seed=SEED)
        ids.append(labels)
    lines = [f"{w}\t{a}\t{b}" for w, a, b in zip(words, ids[0], ids[1], strict=True)]
    Path(args.out).write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(words)} words, clusters {SIZES} -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
