"""Skill phrases from the shared term list that the resume never uses (core/audit/listed_terms.py),
checked through the whole truth audit on a real parsed resume."""

from __future__ import annotations

import pytest

from core.audit import audit_bullets
from core.audit.listed_terms import listed_terms
from core.contracts import Severity, ViolationType
from core.ingest import parse_resume

RESUME = """# Dana Okafor
dana@example.com

## Experience

### Mercy Valley Hospital - Clinical Pharmacist
2016 - present

- Verify chemotherapy orders for the 30-bed oncology unit.
- Run medication reconciliation for patients discharged from the cardiac unit.
- Taught patients how to use their inhalers before discharge.
"""


@pytest.fixture(scope="module")
def resume():
    return parse_resume(RESUME.encode(), "resume.md")


def invented(resume, line: str) -> list[str]:
    verdict = audit_bullets([line], resume=resume)[0]
    return [
        v.span
        for v in verdict.violations
        if v.type == ViolationType.SKILL_INVENTED and v.severity == Severity.BLOCKER
    ]


def test_a_listed_term_with_a_word_the_resume_never_uses_is_invented(resume):
    line = "Verify chemotherapy orders for oncology clinical trials on the 30-bed oncology unit."
    assert invented(resume, line) == ["clinical trials"]


@pytest.mark.parametrize(
    "line",
    [
        "Verify chemotherapy orders for the 30-bed oncology unit.",
        # the resume's own words in another order: left to the overlap check
        "Run medication reconciliation and patient teaching on inhalers before discharge.",
    ],
)
def test_the_resumes_own_words_are_not_invented_terms(resume, line):
    assert not invented(resume, line)


def test_listed_terms_prefers_the_longest_term_and_reads_plurals():
    found = [t for t, _, _ in listed_terms("Managed clinical trials and project management.")]
    assert "clinical trial" in found and "project management" in found
