"""Each line's meaning in two forms a CRF reads well: a cluster id and a few bucketed axes.

A line's meaning vector (`core.text.meaning_vectors`) is matched to the nearest of the k-means
centroids in core/data/line_meaning.npy (cosine), and projected on that file's principal axes,
each projection cut into five buckets at the training lines' quintiles (edges in
core/data/line_meaning.json). Both are fitted by `tools/fit_line_meaning.py` on the generated
training lines, never the real documents or the held-out JSON Resumes. The cluster says "reads
like a job title", "like a company", "like an achievement" where the lexical features see only a
rare word's shape; the axes place a line on the main directions the clusters cut up. A line with
no word piece has the cluster "none" and no axes.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from core.resources import package_dir
from core.text.meaning_vectors import meaning_vectors

VECTORS_FILE = "line_meaning.npy"
LAYOUT_FILE = "line_meaning.json"
AXES = 8


@dataclass(frozen=True)
class MeaningSpace:
    centroids: np.ndarray  # k unit rows
    mean: np.ndarray  # the training vectors' mean
    axes: np.ndarray  # m principal axes, unit rows
    edges: np.ndarray  # m rows of bucket edges along each axis


@lru_cache(maxsize=1)
def meaning_space() -> MeaningSpace:
    """The shipped centroids, axes and bucket edges."""
    layout = json.loads((package_dir("data") / LAYOUT_FILE).read_text(encoding="utf-8"))
    rows = np.asarray(np.load(package_dir("data") / VECTORS_FILE), dtype=np.float32)
    k, m = layout["clusters"], layout["axes"]
    edges = np.asarray(layout["edges"], dtype=np.float32)
    return MeaningSpace(rows[:k], rows[k], rows[k + 1 : k + 1 + m], edges)


def meaning_features(texts: Sequence[str]) -> list[dict[str, str]]:
    """Per text: "mc", the nearest centroid's index ("none" without a word piece), and "ma0",
    "ma1", ... the bucket of its projection on each axis."""
    if not texts:
        return []
    space = meaning_space()
    vectors = meaning_vectors([t.strip() for t in texts])
    nearest = (vectors @ space.centroids.T).argmax(axis=1)
    projected = (vectors - space.mean) @ space.axes.T
    out: list[dict[str, str]] = []
    for vector, cluster, along in zip(vectors, nearest, projected, strict=True):
        if not vector.any():
            out.append({"mc": "none"})
            continue
        f = {"mc": str(int(cluster))}
        for i, (x, cut) in enumerate(zip(along, space.edges, strict=True)):
            f[f"ma{i}"] = str(int(np.searchsorted(cut, x)))
        out.append(f)
    return out
