"""The job-ad context model (core/jd/unit_context.py): its features, where the reader uses its
rows, and the shipped file against its manifest and `make train`. The ads here are synthetic."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest

import core.jd.unit_context as unit_context
from core.jd.analyze import ad_sections, read_ad
from core.jd.unit_context import (
    KINDS,
    MANIFEST_FILE,
    MODEL_FILE,
    AdContextRoles,
    PlacedUnit,
    UnitContext,
    ad_units,
    context_features,
    unit_context_model,
)
from core.jd.unit_roles import MODEL_FILE as UNIT_MODEL_FILE
from core.jd.unit_roles import ROLES, AdUnitRoles, RoleCuts
from core.resources import package_dir
from tests.conftest import needs_shared
from tests.model_rebuild import assert_rebuilds_shipped

DATA = package_dir("data")
CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "postings" / "postings.jsonl"
WIDTH = 4 * len(ROLES) + 2 + 2 + len(KINDS) + 1 + 2
AD = (
    "Warehouse Operative\n\n"
    "About us\nWe are a family-run distributor supplying shops across the county.\n\n"
    "Requirements\n"
    "- Two years of experience in a busy warehouse\n"
    "- A counterbalance forklift licence\n"
    "- Able to lift heavy boxes safely\n\n"
    "Benefits\n- 25 days of annual leave and a staff discount\n"
)


def _read(ad: str) -> tuple[list, AdUnitRoles, RoleCuts]:
    _, _, sections = ad_sections(ad)
    scores = AdUnitRoles()
    return sections, scores, RoleCuts(scores)


def test_features_carry_the_neighbours_rows_in_the_run_the_section_and_the_place() -> None:
    rows = np.array(
        [[0.1, 0.1, 0.1, 0.5, 0.1, 0.1], [0.7, 0.1, 0.1, 0.0, 0.0, 0.1], [0.6, 0.2, 0.1, 0, 0, 0.1]]
    )
    units = [
        PlacedUnit("We make tools.", "about", 0, False),
        PlacedUnit("Two years in a shop", "requirements", 1, True),
        PlacedUnit("A forklift licence", "requirements", 1, True),
    ]
    features = context_features(rows, units)
    width = len(ROLES)
    assert features.shape == (3, WIDTH)
    first, second, third = features
    assert np.allclose(first[:width], np.log(rows[0]))
    # the first unit is alone in its run: no neighbours, no rest, whatever comes after it
    assert np.allclose(first[width : 3 * width], 0) and first[4 * width + 2] == 1
    assert np.allclose(second[width : 2 * width], 0)  # it opens its list
    assert np.allclose(second[2 * width : 3 * width], rows[2])  # the next item's row
    assert np.allclose(third[width : 2 * width], rows[1])
    assert np.allclose(third[3 * width + 2 : 4 * width + 2], rows[1])  # the rest of its run
    assert first[4 * width + 3] == 0 and second[4 * width + 3] == 1  # in a list
    kinds = features[:, 4 * width + 4 : 4 * width + 4 + len(KINDS)]
    assert kinds[0, KINDS.index("about")] == 1 and kinds[1, KINDS.index("requirements")] == 1
    assert first[-2] == 0 and third[-2] == 1  # its place in the ad


def test_a_units_features_do_not_change_with_the_ads_blank_lines_but_its_place() -> None:
    """One paragraph per line (some DOCX and PDF exports) or a blank line after each: a short
    line over a list, seen as a heading only with the blank line, leaves the list's runs
    alone."""
    ad = (
        "Store Manager\n\nThe details\n"
        "This is a field-based role with travel to our stores. Your car is provided.\n\n"
        "How we hire\n1. A call with our recruiter\n2. A store walk with the regional manager\n"
        "3. A panel interview\n\nWe will tell you where you stand at every step.\n"
    )
    dense = "\n".join(line for line in ad.splitlines() if line.strip())
    read = {}
    for text in (ad, dense):
        sections, scores, cut = _read(text)
        units = ad_units(sections, cut)
        features = context_features(scores.roles([u.text for u in units]), units)
        read[text] = {u.text: f[:-2] for u, f in zip(units, features, strict=True)}
    assert len({len(sections) for sections in (_read(ad)[0], _read(dense)[0])}) == 2
    listed = [t for t in read[ad] if t.startswith("A ")]
    assert len(listed) == 3
    for text in listed:
        assert np.allclose(read[ad][text], read[dense][text]), text


def test_the_ads_own_units_get_the_weighed_rows_and_other_texts_the_units_rows() -> None:
    """A unit's row is `CONTEXT_WEIGHT` of the context model's row and the rest its own: a
    context model that reads every unit as a duty moves each row that far towards a duty."""
    sections, scores, cut = _read(AD)
    bias = np.array([0.0, 30.0, 0.0, 0.0, 0.0, 0.0])
    duty = UnitContext({"weights": np.zeros((WIDTH, len(ROLES))), "bias": bias})
    placed = AdContextRoles(sections, scores, cut, duty)
    units = [u.text for u in ad_units(sections, cut)]
    assert "Two years of experience in a busy warehouse" in units
    base = AdUnitRoles().roles(units)
    rows = placed.roles(units)
    weight = unit_context.CONTEXT_WEIGHT
    assert 0 < weight < 1  # both rows have a say
    wanted = (1 - weight) * base
    wanted[:, ROLES.index("duty")] += weight
    assert np.allclose(rows, wanted, atol=1e-5)
    other = "Three shifts a week at the depot"
    assert np.allclose(placed.roles([other]), AdUnitRoles().roles([other]))


def test_the_reader_reads_asks_with_the_shipped_context_model_unless_told_not_to() -> None:
    read = [r.text for r in read_ad(AD).requirements]
    assert "Two years of experience in a busy warehouse" in read
    assert "A counterbalance forklift licence" in read
    assert not any("annual leave" in t for t in read)
    alone = [r.text for r in read_ad(AD, context_model=False).requirements]
    assert "Two years of experience in a busy warehouse" in alone


def test_shipped_model_matches_its_manifest_and_the_models_stay_small() -> None:
    manifest = json.loads((DATA / MANIFEST_FILE).read_text(encoding="utf-8"))
    model = (DATA / MODEL_FILE).read_bytes()
    assert hashlib.sha256(model).hexdigest() == manifest["model_sha256"]
    assert len(model) + (DATA / UNIT_MODEL_FILE).stat().st_size <= 20 * 1024 * 1024
    assert unit_context_model().weights.shape == (WIDTH, len(ROLES))


def test_shipped_model_was_trained_on_every_hand_label_file_as_it_stands() -> None:
    from tools.train_jd_unit_roles import HAND_LABELS

    manifest = json.loads((DATA / MANIFEST_FILE).read_text(encoding="utf-8"))
    files = manifest["data"]["hand_labels"]["files"]
    assert [Path(f).name for f in files] == [p.name for p in HAND_LABELS]
    for path in HAND_LABELS:
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        assert files[f"tests/corpus_labels/{path.name}"] == digest


@pytest.mark.slow  # trains six unit models and the context model again (about five minutes)
@needs_shared
def test_make_train_rebuilds_the_shipped_context_model_byte_for_byte(tmp_path: Path) -> None:
    """The Makefile's recipe (`make train`: the corpus folder, the fold models in a scratch
    folder) gives the shipped file; written to a scratch folder, the shipped one untouched."""
    recipe = ["-m", "tools.train_jd_unit_context", "--corpus", str(CORPUS.parent)]
    assert_rebuilds_shipped(recipe, tmp_path, MODEL_FILE, MANIFEST_FILE)
