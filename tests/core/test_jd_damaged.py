"""`eval jd --damaged`: each ad re-read with its line breaks lost, as pastes lose them."""

from __future__ import annotations

import json

from core.cli import main
from core.evaluation.jd_damage import flattened, glued
from core.evaluation.jd_eval import evaluate_jds

AD = """Payroll Specialist

Requirements
- 3+ years of payroll processing
- Working knowledge of ADP Workforce Now
- Strong attention to detail

Benefits
- Dental plan
"""

LABELS = {
    "target_title": "Payroll Specialist",
    "requirements": [
        {"id": "r1", "text": "3+ years of payroll processing", "priority": "must"},
        {"id": "r2", "text": "Working knowledge of ADP Workforce Now", "priority": "must"},
        {"id": "r3", "text": "Strong attention to detail", "priority": "must"},
    ],
    "jd_keywords": ["payroll", "ADP Workforce Now"],
}


def test_glued_removes_only_breaks_before_capitals():
    text = "close process\n  Conduct demos\n- keep the dash\nlower case stays\n\nNext"
    assert glued(text) == "close processConduct demos\n- keep the dash\nlower case staysNext"


def test_flattened_keeps_no_line_break_and_no_double_space():
    assert flattened("a line\n\n  - item one\n  - item two\n") == "a line - item one - item two"


def test_damaged_eval_scores_each_form_against_the_same_labels(tmp_path):
    case = tmp_path / "dev-01-payroll"
    case.mkdir()
    (case / "jd.txt").write_text(AD, encoding="utf-8")
    (case / "labels.json").write_text(json.dumps(LABELS), encoding="utf-8")
    result = evaluate_jds(tmp_path, damaged=True)
    assert result["summary"]["all"]["requirement_recall"] == 1.0
    assert set(result["damaged"]) == {"glued", "flattened"}
    for form in ("glued", "flattened"):
        [line] = result["damaged"][form]["cases"]
        assert line["case"] == "dev-01-payroll" and line["split"] == "tuning"
        summary = result["damaged"][form]["summary"]["all"]
        assert summary["requirement_recall"] == line["requirement_recall"]
        assert len(line["missed"]) == round(3 * (1 - line["requirement_recall"]))
    assert "damaged" not in evaluate_jds(tmp_path)


def test_damaged_option_prints_one_block_per_form(tmp_path, capsys):
    case = tmp_path / "dev-01-payroll"
    case.mkdir()
    (case / "jd.txt").write_text(AD, encoding="utf-8")
    (case / "labels.json").write_text(json.dumps(LABELS), encoding="utf-8")
    assert main(["eval", "jd", "--cases", str(tmp_path), "--damaged"]) == 0
    out = capsys.readouterr().out
    assert "damaged paste: glued" in out and "damaged paste: flattened" in out
