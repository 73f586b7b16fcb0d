"""Names a line uses, against its evidence (core/audit/skills.py): what may back what."""

from __future__ import annotations

import pytest

from core.audit.skills import check_names, described, known_skills


def blocking(text: str, evidence: str) -> list[str]:
    findings = check_names(
        text,
        evidence=evidence,
        evidence_skills=known_skills([evidence]),
        resume_text=evidence,
        resume_skills=known_skills([evidence]),
    )
    return [f.span for f in findings.findings if f.blocker]


def test_a_kind_of_system_written_as_its_acronym_is_backed_by_its_plain_description():
    evidence = "Ran the crew's jobs in the work-order system (Maximo) and closed 900 a year."
    assert described("CMMS", evidence)
    assert blocking("Ran the crew's jobs in Maximo, the CMMS, closing 900 a year.", evidence) == []


@pytest.mark.parametrize(
    ("name", "evidence"),
    [
        ("Pulumi", "Wrote infrastructure as code in Terraform."),  # a sibling product
        ("Kubernetes", "Ran container orchestration on Docker Swarm."),  # a product, not a kind
        ("CMMS", "Kept the parts inventory in a spreadsheet."),  # nothing that describes it
    ],
)
def test_a_product_or_an_undescribed_acronym_is_not_backed_by_other_names(name, evidence):
    assert not described(name, evidence)
    assert name in " ".join(blocking(f"Ran the work in {name}.", evidence))


def test_retention_is_backed_by_the_turnover_it_is_the_other_side_of():
    evidence = "Cut hourly turnover from 112% to 58% with stay interviews and pay bands."
    assert blocking("Improved retention, cutting hourly turnover from 112% to 58%.", evidence) == []
