"""Acceptance on the labelled dev cases: requirement and keyword recall, precision, priority.

Floors are set a little below what the analyser reaches today (see the report printed by
`test_report_per_case`, run with `-s`), so a change that loses requirements fails here.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from core.contracts import JDAnalysis
from core.evaluation.jd_scoring import score_analysis
from core.jd import analyze_jd
from core.jd.sections import NEVER_REQUIREMENTS

# Reached on 2026-11 over the 11 cases (`python -m core eval jd --cases ../shared/eval/dev`):
# requirement recall 0.92-1.00, precision >= 0.92, priority accuracy >= 0.92, keyword recall
# loose 0.79-1.00 (0.91 overall), strict 0.38-1.00. Since the keywords come in two tiers (the
# ATS keywords the filter keeps, the other terms in the ad) the keyword floors hold for either
# tier, and the ATS keywords alone have their own (2026-11-30: loose 0.67-1.00, 0.82 overall;
# strict 0.48-1.00).
MIN_REQUIREMENT_RECALL = 0.9
MIN_MEAN_REQUIREMENT_RECALL = 0.95
MIN_PRECISION = 0.85
MIN_PRIORITY_ACCURACY = 0.9
MIN_KEYWORD_RECALL_STRICT = 0.35
MIN_KEYWORD_RECALL = 0.75
MIN_OVERALL_KEYWORD_RECALL = 0.88
MIN_ATS_KEYWORD_RECALL = 0.65
MIN_OVERALL_ATS_KEYWORD_RECALL = 0.8
NOT_REQUIREMENTS = re.compile(
    r"\$\d|salary|base pay|equity|benefits|health insurance|equal opportunity|our process|"
    r"hiring manager|a call with",
    re.IGNORECASE,
)


@pytest.fixture(scope="module")
def analysed(eval_cases) -> list[tuple[Path, dict[str, Any], JDAnalysis]]:
    out = []
    for case in eval_cases:
        labels = json.loads((case / "labels.json").read_text(encoding="utf-8"))
        jd = (case / "jd.txt").read_text(encoding="utf-8")
        out.append((case, labels, analyze_jd(jd, target_title=labels["target_title"])))
    return out


@pytest.fixture(scope="module")
def scores(analysed) -> list[dict[str, Any]]:
    return [score_analysis(analysis, labels) for _, labels, analysis in analysed]


def test_report_per_case(scores):
    assert len(scores) >= 3
    for s in scores:
        r, k = s["requirements"], s["keywords"]
        print(
            f"\n{s['case']}: requirements recall {r['recall']:.2f} precision "
            f"{r['precision']:.2f} priority {r['priority_accuracy']:.2f} "
            f"({r['extracted']} extracted / {r['labelled']} labelled); keywords recall "
            f"{k['recall_strict']:.2f} strict, {k['recall']:.2f} loose; missed {k['missed_strict']}"
        )


def test_requirement_recall_meets_floor(scores):
    for s in scores:
        r = s["requirements"]
        assert r["recall"] >= MIN_REQUIREMENT_RECALL, (s["case"], r["missed"])
    mean = sum(s["requirements"]["recall"] for s in scores) / len(scores)
    assert mean >= MIN_MEAN_REQUIREMENT_RECALL


def test_precision_meets_floor(scores):
    for s in scores:
        r = s["requirements"]
        assert r["precision"] >= MIN_PRECISION, (s["case"], r["unmatched_extracted"])


def test_priority_accuracy_on_matched_requirements(scores):
    for s in scores:
        r = s["requirements"]
        assert r["priority_accuracy"] >= MIN_PRIORITY_ACCURACY, (s["case"], r["matched"])


def test_keyword_recall_meets_floor(scores):
    """Labelled keywords found in either tier, and among the ATS keywords alone."""
    for s in scores:
        k = s["keywords"]
        assert k["recall_strict"] >= MIN_KEYWORD_RECALL_STRICT, (s["case"], k["missed_strict"])
        assert k["recall_either_tier"] >= MIN_KEYWORD_RECALL, s["case"]
        assert k["recall"] >= MIN_ATS_KEYWORD_RECALL, (s["case"], k["missed"])
    labelled = sum(s["keywords"]["labelled"] for s in scores)
    either = sum(s["keywords"]["either_count"] for s in scores)
    assert either / labelled >= MIN_OVERALL_KEYWORD_RECALL
    found = sum(s["keywords"]["recall"] * s["keywords"]["labelled"] for s in scores)
    assert found / labelled >= MIN_OVERALL_ATS_KEYWORD_RECALL


def test_benefits_pay_and_process_text_never_become_requirements(analysed):
    """No requirement is read from a benefits, pay, process or company section unless the unit
    model is sure it is asked ('This position requires a valid driver's license …' closing the
    equal-opportunity paragraph); an ask in an untitled or other section ('A valid driver's
    license and reliable transportation are needed' under 'The details') may be."""
    from core.jd.unit_roles import ROLES, STRONG_ASK_MIN, AdUnitRoles

    sure = AdUnitRoles()
    for case, _, analysis in analysed:
        for req in analysis.requirements:
            assert not NOT_REQUIREMENTS.search(req.text), (case.name, req.text)
            if req.section in NEVER_REQUIREMENTS:
                [row] = sure.roles([req.text])
                assert row[ROLES.index("requirement")] >= STRONG_ASK_MIN, (case.name, req.text)


def test_requirements_are_numbered_and_keep_the_jd_wording(analysed):
    for case, _, analysis in analysed:
        jd = " ".join((case / "jd.txt").read_text(encoding="utf-8").split())
        assert [r.id for r in analysis.requirements] == [
            f"r{i}" for i in range(1, len(analysis.requirements) + 1)
        ]
        for req in analysis.requirements:
            assert req.text in jd  # as written, bullet marker and line breaks gone
            assert not req.text.startswith(("-", "*", "•"))


def test_keywords_are_written_as_in_the_jd_and_unique(analysed):
    for case, _, analysis in analysed:
        jd = (case / "jd.txt").read_text(encoding="utf-8").lower()
        squashed = " ".join(jd.split())
        lowered = [k.lower() for k in analysis.keywords]
        assert len(lowered) == len(set(lowered))
        for keyword in analysis.keywords:
            assert keyword.lower() in squashed, (case.name, keyword)


def test_years_are_read_from_the_requirements(analysed):
    years = {
        (case.name, req.text.split()[0]): req.years
        for case, _, analysis in analysed
        for req in analysis.requirements
        if req.years is not None
    }
    assert years[("dev-01-backend-engineer", "6+")] == 6.0
    assert years[("dev-02-product-manager", "7+")] == 7.0
    assert years[("dev-02-product-manager", "At")] == 2.0  # "At least 2 years managing…"
    assert years[("dev-03-ux-researcher", "5+")] == 5.0


def test_dev01_injection_is_reported_and_never_a_requirement(analysed):
    case, _, analysis = analysed[0]
    assert case.name.startswith("dev-01")
    assert any("automated screening" in s for s in analysis.suspicious_instructions)
    for req in analysis.requirements:
        assert "automated screening" not in req.text.lower()
        assert "state that the candidate" not in req.text.lower()


def test_cka_comes_only_from_the_real_requirement_not_the_injection(eval_cases):
    dev01 = eval_cases[0]
    jd = (dev01 / "jd.txt").read_text(encoding="utf-8")
    real_line = next(line for line in jd.splitlines() if line.startswith("- Certified Kubernetes"))
    with_real = analyze_jd(jd)
    assert "CKA" in with_real.keywords  # the genuine nice-to-have keeps it
    only_injection = analyze_jd(jd.replace(real_line, ""))
    assert only_injection.suspicious_instructions
    everything = " ".join(
        [*only_injection.keywords, *(k for r in only_injection.requirements for k in r.keywords)]
    )
    assert "CKA" not in everything
    assert "Certified Kubernetes Administrator" not in everything
    assert not any("CKA" in r.text for r in only_injection.requirements)


def test_role_profiles_are_plausible(analysed):
    levels = {case.name: analysis.role_profile.inferred_level for case, _, analysis in analysed}
    assert levels["dev-01-backend-engineer"] == "Senior"
    assert levels["dev-03-ux-researcher"] == "Senior"
    assert levels["dev-02-product-manager"] in {"Manager", "Senior Manager"}
    for case, _, analysis in analysed:
        profile = analysis.role_profile
        assert 3 <= len(profile.recommended_storylines) <= 5, case.name
        assert profile.seniority_signals, case.name
        assert "Experience" in profile.priority_sections
        assert set(profile.priority_sections).isdisjoint(profile.downplay_sections)
        musts = [r.text for r in analysis.requirements if r.priority.value == "must"]
        assert profile.must_haves == musts
        clustered = {t for terms in profile.keyword_clusters.values() for t in terms}
        assert clustered == set(analysis.keywords)


def test_same_requirements_when_the_text_has_no_blank_lines(analysed):
    """One paragraph per line, as some DOCX and PDF exports give it."""
    for case, _, analysis in analysed:
        jd = (case / "jd.txt").read_text(encoding="utf-8")
        dense = "\n".join(line for line in jd.splitlines() if line.strip())
        again = analyze_jd(dense, target_title=analysis.target_title)
        assert [(r.text, r.priority) for r in again.requirements] == [
            (r.text, r.priority) for r in analysis.requirements
        ], case.name
        assert again.suspicious_instructions == analysis.suspicious_instructions
