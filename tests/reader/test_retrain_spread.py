"""tools.retrain_spread: the scratch tree it retrains in, and the means and differences a keep
rule compares. (A whole run retrains three times, about twenty minutes: not a test.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from tools import retrain_spread as spread


def _report(role: float, edu: float, junk: int) -> dict:
    totals = {"role_recall": role, "education_recall": edu, "junk_in_cards": junk}
    return {"auto": {"totals": {"tuning": totals, "held-back": {"role_recall": None}}}}


def test_tuning_totals_reads_the_tuning_row_only() -> None:
    row = spread.tuning_totals(_report(0.5, 0.75, 2), "auto")
    assert row == {"role_recall": 0.5, "education_recall": 0.75, "junk_in_cards": 2.0}
    with pytest.raises(KeyError):
        spread.tuning_totals(_report(0.5, 0.75, 2), "learned")


def test_means_over_salts_and_differences_against_an_earlier_report() -> None:
    per_salt = {
        "38": {"heldout_json": {"role_recall": 0.8}, "dev_twofold": {"role_recall": 0.6}},
        "40": {"heldout_json": {"role_recall": 0.9}, "dev_twofold": {"role_recall": 0.7}},
        "42": {"heldout_json": {"role_recall": 0.7}, "dev_twofold": {"role_recall": 0.5}},
    }
    mean = spread.means(per_salt)
    assert mean == {"heldout_json": {"role_recall": 0.8}, "dev_twofold": {"role_recall": 0.6}}
    earlier = {"heldout_json": {"role_recall": 0.81}, "dev_twofold": {"role_recall": 0.55}}
    diff = spread.differences(mean, earlier)
    assert diff == {"heldout_json": {"role_recall": -0.01}, "dev_twofold": {"role_recall": 0.05}}


def test_a_figure_missing_at_one_salt_has_no_mean() -> None:
    per_salt = {
        "38": {"heldout_json": {"name_found": 1.0, "role_recall": 0.8}, "dev_twofold": {}},
        "40": {"heldout_json": {"role_recall": 0.6}, "dev_twofold": {}},
    }
    assert spread.means(per_salt)["heldout_json"] == {"role_recall": 0.7}


def test_the_scratch_tree_holds_the_models_and_labels_but_not_the_repo(tmp_path: Path) -> None:
    tree = spread.scratch_tree(tmp_path / "tree")
    assert (tree / "core" / "data" / "line_reader.crfsuite").is_file()
    assert (tree / "tools" / "fit_line_meaning.py").is_file()
    assert (tree / "tests" / "corpus_labels" / "dev.json").is_file()
    assert not list(tree.rglob("__pycache__"))
    # retraining there writes the scratch copy, never the repo's model
    shipped = spread.REPO / "core" / "data" / "line_reader.crfsuite"
    (tree / "core" / "data" / "line_reader.crfsuite").write_bytes(b"retrained")
    assert shipped.read_bytes() != b"retrained"


def test_the_report_prints_each_salt_the_mean_and_the_difference() -> None:
    row = {"role_recall": 0.6, "junk_in_cards": 3.0}
    report = {
        "reader": "auto",
        "data": "lines.jsonl",
        "salts": {"40": {"heldout_json": row, "dev_twofold": row}},
        "mean": {"heldout_json": row, "dev_twofold": row},
        "difference": {"heldout_json": {"role_recall": -0.006}, "dev_twofold": {}},
    }
    text = spread.format_report(report)
    assert "salt 40: 0.600 / - / - / - / - / 3.000" in text
    assert "against: -0.006 / - / - / - / - / -" in text
