"""The line reader's meaning features: each line's meaning cluster and axis buckets, for it and
its next neighbours, from the files the manifest records."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest

from core.reader.features import sequence_features
from core.reader.lines import Line
from core.reader.meaning import AXES, LAYOUT_FILE, VECTORS_FILE, meaning_features, meaning_space
from core.reader.model import MANIFEST_FILE, load_tagger
from core.resources import package_dir


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _manifest() -> dict[str, dict[str, str]]:
    return json.loads((package_dir("data") / MANIFEST_FILE).read_text(encoding="utf-8"))


def test_shipped_meaning_files_match_the_manifest_and_are_small_unit_rows() -> None:
    meaning = _manifest()["meaning"]
    for name in (VECTORS_FILE, LAYOUT_FILE):
        assert _sha256(package_dir("data") / name) == meaning[name]
    assert (package_dir("data") / VECTORS_FILE).stat().st_size < 500_000
    space = meaning_space()
    assert space.centroids.shape[1] == space.axes.shape[1] == 384
    assert space.edges.shape == (AXES, 4)
    assert np.allclose(np.linalg.norm(space.centroids, axis=1), 1.0, atol=1e-4)
    assert np.allclose(np.linalg.norm(space.axes, axis=1), 1.0, atol=1e-4)


def test_each_line_and_its_next_neighbours_carry_its_meaning() -> None:
    texts = ["Head Keeper", "", "Broadland Wildlife Park", "Kept 120 hives through varroa"]
    kept, features = sequence_features([Line(text=t) for t in texts])
    meanings = meaning_features([texts[i] for i in kept])
    keys = ["mc", *(f"ma{i}" for i in range(AXES))]
    for f, meaning in zip(features, meanings, strict=True):
        assert {key: f[key] for key in keys} == meaning
    assert features[1]["-1:mc"] == meanings[0]["mc"] and features[1]["1:ma0"] == meanings[2]["ma0"]
    assert "-2:mc" not in features[2] and "1:mc" not in features[-1]
    assert meaning_features([" "]) == [{"mc": "none"}]


def test_related_lines_share_a_cluster_and_unrelated_ones_do_not() -> None:
    """Lines of one kind share a cluster, and the three kinds take three clusters. The 64
    clusters split some kinds by field (job titles: software, analysts, managers), so at least
    three lines of eight share one; eight random lines would hardly ever put three in one."""
    from collections import Counter

    kinds = {
        "degree": [
            "Bachelor of Science in Biology",
            "BSc Computer Science",
            "B.A. in Economics",
            "Master of Science in Chemistry",
            "MBA, Finance",
            "Bachelor of Arts in History",
            "M.Sc. Mechanical Engineering",
            "Associate Degree in Nursing",
        ],
        "title": [
            "Senior Developer",
            "Operations Analyst",
            "Staff Accountant",
            "Project Manager",
            "Software Engineer",
            "Sales Manager",
            "Registered Nurse",
            "Data Analyst",
        ],
        "result": [
            "Reduced costs by 20%",
            "Cut waste by 15% in a year",
            "Raised sales by 12% in two quarters",
            "Lowered turnover by 30%",
            "Grew revenue by 25% year over year",
            "Shortened delivery times by 40%",
            "Improved customer satisfaction scores by 18%",
            "Saved $50K a year in licence fees",
        ],
    }
    modes = {}
    for kind, lines in kinds.items():
        [(mode, count)] = Counter(f["mc"] for f in meaning_features(lines)).most_common(1)
        assert count >= 3, kind
        modes[kind] = mode
    assert len(set(modes.values())) == 3


def test_the_shipped_model_reads_the_meaning_features() -> None:
    attributes = {attr for attr, _ in load_tagger().info().state_features}
    for prefix in ("mc:", "-1:mc:", "1:mc:", "ma0:", "-1:ma0:"):
        assert any(a.startswith(prefix) for a in attributes), prefix


@pytest.mark.slow
def test_refitting_on_the_recorded_data_gives_the_shipped_meaning_files(
    tmp_path: Path, line_data: Path
) -> None:
    """The fit is deterministic (fixed seed and rounds); in CI the data is built first."""
    from tools.fit_line_meaning import main

    manifest = _manifest()
    assert _sha256(line_data) == manifest["data"]["sha256"]
    main(["--data", str(line_data), "--out", str(tmp_path)])
    for name in (VECTORS_FILE, LAYOUT_FILE):
        assert _sha256(tmp_path / name) == manifest["meaning"][name]


def test_the_clusters_hardly_move_when_the_data_gains_or_loses_a_few_lines() -> None:
    """Seeds are drawn by keys from each text's own words, so data that lost 1% of its lines
    (an extractor that now reads a few lines differently) is clustered much as before. Lines'
    meanings run into one another (no clean topics): on this data, seeds drawn by position in
    the sorted texts gave an adjusted Rand index of 0.13 between the two fits."""
    from sklearn.metrics import adjusted_rand_score

    from tools.fit_line_meaning import spherical_kmeans

    rng = np.random.default_rng(7)
    vectors = rng.normal(size=(1500, 16)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    texts = [f"line {i}" for i in range(len(vectors))]
    kept = rng.random(len(vectors)) > 0.01

    def clusters(centres: np.ndarray) -> np.ndarray:
        return (vectors @ centres.T).argmax(axis=1)

    full = spherical_kmeans(vectors, texts, 12)
    fewer = spherical_kmeans(vectors[kept], [t for t, k in zip(texts, kept, strict=True) if k], 12)
    assert adjusted_rand_score(clusters(full), clusters(fewer)) > 0.5
    # another salt draws other seeds: the keys, not the order of the texts, choose them
    assert not np.array_equal(full, spherical_kmeans(vectors, texts, 12, seed=1))
