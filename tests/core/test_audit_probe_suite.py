"""The repo's own audit probes (tests/audit_probes): targets on the tuning part, floors on the
held-back part, and every evasion kind caught. Needs nothing outside the repository."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.evaluation.audit_eval import READ, evaluate_audit_probes, format_probe_report
from core.evaluation.audit_probes import score_audit_probes
from core.evaluation.splits import READ_PROBES

SUITE = Path(__file__).resolve().parents[1] / "audit_probes"
# Targets: fabricated caught >= 97% (every type >= 90%, technology from another role 100%),
# clean flagged <= 2%, on both parts. The held-back part (ap-11 … ap-13) measured 61/64 when
# written, before any rule changed; its lines were never read for rules, only its counts per
# type (docs/eval-notes/audit.md).
FLOORS = {"tuning": (0.97, 0.02), "held-back": (0.97, 0.02)}
TYPE_FLOOR = 0.90


@pytest.fixture(scope="module")
def report():
    return evaluate_audit_probes(SUITE)


@pytest.mark.slow
def test_each_split_meets_its_floor(report):
    for split, (recall, flagged) in FLOORS.items():
        summary = report["by_split"][split]
        assert summary["recall"] >= recall, (split, summary["misses"])
        assert summary["false_positive_rate"] <= flagged, summary["false_alarms_by_rule"]


@pytest.mark.slow
def test_every_type_and_the_cross_role_technology(report):
    for split in ("tuning", "held-back"):
        rows = report["by_split"][split]["per_type"]
        assert all(r["caught"] / r["total"] >= TYPE_FLOOR for r in rows.values()), split
        tech = report["by_split"][split]["per_evasion"]["cross_role_tech"]
        assert tech["caught"] == tech["total"], split


def test_one_case_of_the_suite():
    score = score_audit_probes(SUITE / "ap-01-ml-engineer")
    assert score["clean_flagged"] == 0
    assert score["per_evasion"]["cross_role_tech"]["caught"] == 4
    assert score["fabricated_caught"] == score["fabricated_total"]


@pytest.mark.slow
def test_cases_held_back_until_read_are_tuning_and_shown_apart(report):
    read = report["by_split"][READ]
    assert set(read["cases"]) == READ_PROBES
    assert set(read["cases"]) <= set(report["by_split"]["tuning"]["cases"])
    assert not set(read["cases"]) & set(report["by_split"]["held-back"]["cases"])
    assert f"## {READ} (3 cases)" in format_probe_report(report)
