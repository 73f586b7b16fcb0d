"""`eval keywords` (core/evaluation/keyword_judged.py) scores the ATS keywords only, and counts
the searchable keywords found in either tier. The posting and its judgements are written here."""

from __future__ import annotations

import json
from pathlib import Path

from core.evaluation.keyword_judged import evaluate_keywords, format_report
from core.evaluation.postings import keyword_key
from core.jd import analyze_jd

AD = """Registered Nurse

Requirements
- Current RN license and BLS certification
- Experience with Epic and wound care
- A passion for helping people in a fast-paced environment
"""


def test_the_ats_keywords_are_scored_and_the_other_terms_count_only_in_either_tier(
    tmp_path: Path,
) -> None:
    analysis = analyze_jd(AD)
    assert analysis.keywords and analysis.other_terms  # the ad gives both tiers
    (tmp_path / "postings.jsonl").write_text(json.dumps({"id": "p-1", "text": AD}) + "\n")
    # every ATS keyword judged junk, every other term judged searchable: the worst case
    judged = [{"key": keyword_key(k), "searchable": False} for k in analysis.keywords]
    judged += [{"key": keyword_key(k), "searchable": True} for k in analysis.other_terms]
    labels = tmp_path / "judged.json"
    labels.write_text(json.dumps([{"id": "p-1", "judged": judged}]))
    summary = evaluate_keywords(tmp_path, labels)["summary"]
    assert summary["listed"] == len(analysis.keywords) and summary["unjudged"] == 0
    assert summary["junk_share"] == 1.0 and summary["searchable_listed"] == 0
    assert summary["searchable_either_tier"] == len(analysis.other_terms)
    assert "in either tier" in format_report({"summary": summary})
