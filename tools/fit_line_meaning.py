"""Fit the line reader's meaning space: `make train`, before `tools.train_line_reader`.

    python -m tools.fit_line_meaning [--data ~/.cache/resumeforge/line_data/lines.jsonl]

The distinct non-blank lines of the generated training documents (JSON Resumes of the train
split, the fictional people, DataTurks' Indeed resumes; never the real documents, whose
leave-out figures chose the feature, nor the held-out JSON Resumes) are turned into meaning
vectors (`core.text.meaning_vectors`). They are grouped by spherical k-means (cosine, a
k-means++ start whose draws are keyed by each line's own words and a fixed salt, a fixed number
of rounds) and their principal axes found (SVD of the centred vectors), each axis cut at the
projections' quintiles: the same data gives the same file, and data that differs by a few lines
gives nearly the same clusters. Written: core/data/line_meaning.npy (float32 rows: the
centroids, the mean, the axes) and core/data/line_meaning.json (their counts and the bucket
edges); the line reader's manifest records both files' sha256.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path

import numpy as np

from core.reader.meaning import AXES, LAYOUT_FILE, VECTORS_FILE
from core.reader.training import REAL_SOURCES, load_docs
from core.resources import package_dir
from core.text.meaning_vectors import meaning_vectors

DEFAULT_DATA = Path.home() / ".cache" / "resumeforge" / "line_data" / "lines.jsonl"
K = 64
ROUNDS = 30
SEED = 40  # salt of the seeds' draws: chosen of 38-42 on the tuning sets (docs/EVALUATION.md)
QUANTILES = (0.2, 0.4, 0.6, 0.8)


def training_texts(data: Path) -> list[str]:
    """The distinct stripped non-blank lines of the training documents, real ones left out."""
    texts = {
        line.text.strip()
        for doc in load_docs(data)
        if doc.split == "train" and doc.source not in REAL_SOURCES
        for line in doc.lines
        if line.text.strip()
    }
    return sorted(texts)


def _draws(texts: list[str], seed: int = SEED) -> np.ndarray:
    """A uniform draw in (0, 1) for each text, from its own words (sha256): a text keeps its draw
    whatever other texts the data holds."""
    digests = [hashlib.sha256(f"{seed}:{t}".encode()).digest()[:8] for t in texts]
    return (np.array([int.from_bytes(d, "big") for d in digests], dtype=np.float64) + 1.0) / 2.0**64


def spherical_kmeans(vectors: np.ndarray, texts: list[str], k: int, seed: int = SEED) -> np.ndarray:
    """k unit centroids: k-means++ seeding by cosine distance, then ROUNDS of assign and mean.
    Each seed is drawn in proportion to its squared distance by keys from the texts themselves
    (the largest log(draw) / weight wins), not by a random generator over the texts' positions:
    data that gains or loses a few lines draws nearly the same seeds and ends in nearly the same
    clusters, so a change to an extractor does not reshuffle the line reader's meaning space."""
    logs = np.log(_draws(texts, seed))
    chosen = [int(logs.argmax())]
    distance = 1.0 - vectors @ vectors[chosen[0]]
    for _ in range(1, k):
        weights = np.clip(distance, 0.0, None).astype(np.float64) ** 2
        keys = np.full(len(vectors), -np.inf)
        keys[weights > 0] = logs[weights > 0] / weights[weights > 0]
        pick = int(keys.argmax())
        chosen.append(pick)
        distance = np.minimum(distance, 1.0 - vectors @ vectors[pick])
    centres = vectors[chosen].copy()
    for _ in range(ROUNDS):
        nearest = (vectors @ centres.T).argmax(axis=1)
        for c in range(k):
            members = vectors[nearest == c]
            if len(members):
                mean = members.astype(np.float64).sum(axis=0)
                centres[c] = (mean / np.linalg.norm(mean)).astype(np.float32)
    return centres.astype(np.float32)


def principal_axes(vectors: np.ndarray, m: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The vectors' mean, their first m principal axes and each axis's quintile edges."""
    mean = vectors.mean(axis=0)
    _, _, rows = np.linalg.svd(vectors - mean, full_matrices=False)
    axes = rows[:m].astype(np.float32)
    edges = np.quantile((vectors - mean) @ axes.T, QUANTILES, axis=0).T
    return mean.astype(np.float32), axes, edges.astype(np.float32)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default=str(DEFAULT_DATA), help="lines.jsonl from the build")
    parser.add_argument("--k", type=int, default=K, help="number of clusters")
    parser.add_argument("--seed", type=int, default=SEED, help="salt of the seeds' draws")
    parser.add_argument("--out", default=str(package_dir("data")), help="folder for the files")
    args = parser.parse_args(argv)
    texts = training_texts(Path(args.data))
    vectors = meaning_vectors(texts)
    kept = [bool(row.any()) for row in vectors]
    vectors, texts = vectors[kept], [t for t, keep in zip(texts, kept, strict=True) if keep]
    centres = spherical_kmeans(vectors, texts, args.k, args.seed)
    mean, axes, edges = principal_axes(vectors, AXES)
    out = Path(args.out)
    np.save(out / VECTORS_FILE, np.vstack([centres, mean[None, :], axes]))
    layout = {"clusters": args.k, "axes": AXES, "edges": [[float(x) for x in e] for e in edges]}
    (out / LAYOUT_FILE).write_text(json.dumps(layout, indent=1) + "\n", encoding="utf-8")
    sizes = np.bincount((vectors @ centres.T).argmax(axis=1), minlength=args.k)
    print(f"{len(texts)} distinct lines, k={args.k}, cluster sizes {sorted(sizes.tolist())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
