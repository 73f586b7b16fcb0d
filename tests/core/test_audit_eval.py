"""`resumeforge eval audit`: probe scores pooled per split and type, false alarms by rule."""

from __future__ import annotations

import json

import pytest

from core.cli import main
from core.evaluation.audit_eval import evaluate_audit_probes, format_probe_report
from core.evaluation.splits import split_of


@pytest.fixture(scope="module")
def report(eval_dir):
    return evaluate_audit_probes(eval_dir)


@pytest.mark.slow
def test_every_case_is_scored_in_its_own_split(report, eval_cases):
    by_split = report["by_split"]
    assert [r["case"] for r in report["cases"]] == [c.name for c in eval_cases]
    for split in ("tuning", "held-back"):
        assert by_split[split]["cases"]
        assert all(split_of(name) == split for name in by_split[split]["cases"])
    pooled = by_split["all"]
    assert pooled["fabricated_total"] == sum(
        by_split[s]["fabricated_total"] for s in ("tuning", "held-back")
    )
    assert pooled["clean_total"] == sum(r["clean_total"] for r in report["cases"])


@pytest.mark.slow
def test_per_type_rows_add_up_and_false_alarms_name_their_rule(report):
    for summary in report["by_split"].values():
        rows = summary["per_type"].values()
        assert sum(r["total"] for r in rows) == summary["fabricated_total"]
        assert sum(r["caught"] for r in rows) == summary["fabricated_caught"]
        alarms = {a["bullet"] for rule in summary["false_alarms_by_rule"].values() for a in rule}
        assert len(alarms) == summary["clean_flagged"]
        for rule, listed in summary["false_alarms_by_rule"].items():
            assert rule and all(a["detail"] and a["case"] for a in listed)
        missed = summary["fabricated_total"] - summary["fabricated_caught"]
        assert len(summary["misses"]) == missed


@pytest.mark.slow
def test_report_text_shows_both_splits_and_the_types(report):
    text = format_probe_report(report)
    assert "## tuning" in text and "## held-back" in text
    assert "scope_inflated |" in text


@pytest.mark.slow
def test_cli_prints_json(eval_dir, capsys):
    assert main(["eval", "audit", "--cases", str(eval_dir), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["by_split"]) == {"tuning", "held-back", "all"}


def test_cli_rejects_a_missing_folder(tmp_path, capsys):
    assert main(["eval", "audit", "--cases", str(tmp_path / "nope")]) == 2
    assert "no such folder" in capsys.readouterr().err


REAL_RESUME = """# Ana Ruiz
ana@example.com

## Experience

### Harbor Clinic - Medical Assistant
2019 - present

- Roomed 30 patients a day and took vitals for 4 physicians.
- Scheduled follow-up visits in Epic and called patients with lab results.
"""
REAL_JD = """Medical Assistant
Harbor Health

Requirements:
- 2+ years as a medical assistant
- Experience with Epic scheduling
- Taking vitals and rooming patients
"""


def test_eval_audit_on_a_real_folder_counts_the_truthful_lines_it_refuses(tmp_path, capsys):
    (tmp_path / "resumes").mkdir()
    (tmp_path / "jds").mkdir()
    (tmp_path / "resumes" / "r1.md").write_text(REAL_RESUME, encoding="utf-8")
    (tmp_path / "jds" / "j1.txt").write_text(REAL_JD, encoding="utf-8")
    pairs = [{"id": "p1", "resume": "resumes/r1.md", "jd": "jds/j1.txt"}]
    (tmp_path / "pairs.json").write_text(json.dumps(pairs), encoding="utf-8")
    assert main(["eval", "audit", "--cases", str(tmp_path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["lines"] >= 2 and report["blocked"] == 0
    assert [p["pair"] for p in report["pairs"]] == ["p1"]


def test_eval_audit_names_an_unreadable_pairs_file(tmp_path, capsys):
    (tmp_path / "pairs.json").write_text("{not json", encoding="utf-8")
    assert main(["eval", "audit", "--cases", str(tmp_path)]) != 0
    assert "pairs.json" in capsys.readouterr().err
