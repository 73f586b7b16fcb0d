"""The requirement / keyword matcher that the dev-set test and the eval command share."""

from __future__ import annotations

from core.contracts import JDAnalysis, Priority, Requirement, RoleProfile
from core.evaluation.jd_scoring import keyword_found, requirement_matches, score_analysis

LABEL = "Production experience with Terraform (Pulumi also counts)"


def test_extracted_text_containing_the_label_matches():
    longer = LABEL + "; every cloud resource we own is defined in code"
    assert requirement_matches(LABEL, longer)


def test_case_whitespace_and_punctuation_are_ignored():
    assert requirement_matches(LABEL, "production  experience with\nTERRAFORM, Pulumi also counts.")


def test_strong_overlap_matches_but_a_different_requirement_does_not():
    assert requirement_matches(LABEL, "Production experience with Terraform (Pulumi counts)")
    assert not requirement_matches(LABEL, "Experience operating a service mesh such as Istio")
    assert not requirement_matches(LABEL, "Experience with Terraform")


def test_a_whole_section_pasted_as_one_requirement_does_not_count():
    blob = " ".join([LABEL, *(f"Experience with tool number {i} in production" for i in range(8))])
    assert not requirement_matches(LABEL, blob)


def test_keyword_found_strict_and_loose():
    keywords = ["R", "Python", "accessibility research", "Go"]
    assert keyword_found("python", keywords)
    assert not keyword_found("R or Python", keywords)
    assert keyword_found("R or Python", keywords, strict=False)
    assert keyword_found("accessibility", keywords, strict=False)
    assert not keyword_found("Golang", keywords, strict=False)


def test_score_analysis_counts_recall_precision_and_priority():
    analysis = JDAnalysis(
        role_profile=RoleProfile(inferred_level="Senior"),
        requirements=[
            Requirement(id="r1", text=LABEL, priority=Priority.MUST),
            Requirement(id="r2", text="Competitive salary and equity", priority=Priority.MUST),
            Requirement(id="r3", text="Experience with Istio", priority=Priority.MUST),
        ],
        keywords=["Terraform", "Istio"],
    )
    labels = {
        "case": "x",
        "requirements": [
            {"id": "r1", "text": LABEL, "priority": "must"},
            {"id": "r2", "text": "Experience with Istio", "priority": "nice"},
            {"id": "r3", "text": "Experience with Rust", "priority": "must"},
        ],
        "jd_keywords": ["terraform", "Rust"],
    }
    scores = score_analysis(analysis, labels)
    reqs = scores["requirements"]
    assert reqs["recall"] == round(2 / 3, 4)
    assert reqs["precision"] == round(2 / 3, 4)
    assert reqs["priority_accuracy"] == 0.5
    assert reqs["missed"] == ["Experience with Rust"]
    assert reqs["unmatched_extracted"] == ["Competitive salary and equity"]
    assert scores["keywords"]["recall_strict"] == 0.5
    assert scores["keywords"]["missed"] == ["Rust"]
