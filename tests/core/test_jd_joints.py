"""The learned list-joint reader (core/jd/joints.py): does a new list item start at a joint?

The ads here are written for these tests; the corpus the model was trained on is read only to
check that the shipped file carries none of its e-mail addresses, and to rebuild it.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

from core.jd.joints import MANIFEST_FILE, MODEL_FILE, joints_model
from core.jd.rarity import common_words
from core.jd.spaced import spaced_cuts
from core.resources import package_dir
from tests.conftest import needs_shared
from tests.model_rebuild import assert_holds_no_corpus_email, assert_rebuilds_shipped

DATA = package_dir("data")
CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "postings" / "postings.jsonl"
LEXICAL = ("p", "n", "p2", "n2", "p_ns")

DIPLOMA = (
    "High School diploma or GED Minimum of 5 years' experience working on construction related "
    "equipment Computer proficiency, especially with Microsoft products."
)


def _starts(line: str, cuts: list[int]) -> list[str]:
    return [line[at:].split()[0] for at in cuts]


def test_items_run_together_are_cut_where_each_starts() -> None:
    starts = _starts(DIPLOMA, joints_model().cuts(DIPLOMA))
    assert "Minimum" in starts and "Computer" in starts
    assert "GED" not in starts and "Microsoft" not in starts  # names inside an item


def test_a_list_item_after_a_sentence_end_is_cut_too() -> None:
    line = (
        "Bachelor's degree in accounting or finance required. Strong knowledge of payroll and "
        "month end close Experience with NetSuite or a similar ERP system Excellent written "
        "and verbal communication skills Ability to manage several deadlines at once"
    )
    starts = _starts(line, spaced_cuts(line))
    assert starts == ["Strong", "Experience", "Excellent", "Ability"]


def test_prose_has_few_joints_the_model_takes_for_items() -> None:
    prose = (
        "You will work with the Operations team and the Finance group to plan each quarter, "
        "and our clients include hospitals in Ohio and Texas that you will visit with Sales."
    )
    assert joints_model().cuts(prose) == []


def test_features_hold_only_common_words_and_shapes() -> None:
    """The shipped weights name no rare word: no names, no addresses."""
    data = json.loads((DATA / MODEL_FILE).read_text(encoding="utf-8"))
    vocabulary = common_words()
    for feature in data["features"]:
        kind, _, value = feature.partition("=")
        if kind in LEXICAL:
            word = value.rsplit("_", 1)[0] if kind == "p_ns" else value
            assert word in vocabulary or re.fullmatch(r"<[^>]+>", word), feature
    for rates in data["rates"].values():
        assert set(rates) <= vocabulary


@pytest.mark.skipif(not CORPUS.is_file(), reason="the postings corpus is not beside the repo")
def test_model_file_carries_no_corpus_email() -> None:
    assert_holds_no_corpus_email(MODEL_FILE, CORPUS)


def test_shipped_model_matches_its_manifest() -> None:
    manifest = json.loads((DATA / MANIFEST_FILE).read_text(encoding="utf-8"))
    model = (DATA / MODEL_FILE).read_bytes()
    assert hashlib.sha256(model).hexdigest() == manifest["model_sha256"]
    assert manifest["params"]["threshold"] == json.loads(model)["threshold"]


@pytest.mark.slow  # trains the model again (a few minutes)
@needs_shared
def test_make_train_rebuilds_the_shipped_model_byte_for_byte(tmp_path: Path) -> None:
    """The Makefile's recipe (`make train`: the corpus folder, every other setting the tool's
    default) gives the shipped file; written to a scratch folder, the shipped one untouched."""
    recipe = ["-m", "tools.train_jd_joints", "--corpus", str(CORPUS.parent)]
    assert_rebuilds_shipped(recipe, tmp_path, MODEL_FILE, MANIFEST_FILE)
