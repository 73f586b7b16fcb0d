"""Scope as a comparison of roles: who did it, at what level (core/audit/agency.py)."""

from __future__ import annotations

import pytest

from core.audit.agency import check_agency, find_markers
from core.audit.scope import check_scope


def raised(text: str, evidence: str, role_evidence: str = "") -> bool:
    return bool(check_scope(text, evidence=evidence, role_evidence=role_evidence))


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        (
            "Led the migration of 4,200 legacy agreements into the repository.",
            "Co-led the migration of 4,200 legacy agreements with the Records lead.",
        ),
        (
            "Managed 2 junior paralegals and a legal assistant on contract matters.",
            "Assign and check the work of 2 junior paralegals and a legal assistant "
            "(informal lead; they report to the Legal Operations Manager).",
        ),
        (
            "Designed and built the new loyalty app for the retail stores.",
            "Sponsored the new loyalty app for the retail stores; the digital team designed it.",
        ),
        (
            "Independently built the demand forecast for the warehouse.",
            "Built the demand forecast for the warehouse with the finance analyst.",
        ),
        (
            "Designed and built two landing pages for the product launch.",
            "Mocked up two landing pages for the product launch for the web developer, "
            "who built the pages.",
        ),
        (
            "Co-led the safety committee's audit of the loading docks.",
            "Member of the safety committee that audited the loading docks.",
        ),
    ],
)
def test_a_higher_part_than_the_evidence_states_is_raised(claim, evidence):
    assert raised(claim, evidence)


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        ("Managed the annual budget for the bistro.", "Owned the annual budget for the bistro."),
        (
            "Led a team of 3 direct reports in the billing group.",
            "Led a team of 3 direct reports in the billing group.",
        ),
        (
            "Helped lead the migration of legacy agreements.",
            "Co-led the migration of legacy agreements with the Records lead.",
        ),
        (
            "Contributed to the rewrite of the server training manual.",
            "Co-led, with the training director, the rewrite of the server training manual.",
        ),
        (
            "Co-led the chiller replacement with the project manager.",
            "Co-led with the project manager: chiller replacement on a Sunday.",
        ),
    ],
)
def test_the_same_or_a_lower_part_passes(claim, evidence):
    assert not raised(claim, evidence)


def test_the_level_may_come_from_another_line_of_the_same_role():
    claim = "Owned the P&L for the bistro."
    cited = "Revenue grew from $4.9M to $6.8M at the bistro."
    role = "Full P&L ownership for the bistro: built the annual budget with the owners."
    assert raised(claim, cited)
    assert not raised(claim, cited, role)


def test_the_best_matching_sentence_speaks_for_the_clause():
    evidence = (
        "Preceptor for 14 APPE students since 2018. Co-preceptor of the PGY1 oncology "
        "elective; the clinical pharmacy specialist is the primary preceptor."
    )
    found = check_agency(
        "Primary preceptor of the PGY1 oncology elective and preceptor for 14 APPE students.",
        evidence=evidence,
    )
    assert found.findings and "Co-preceptor" in found.findings[0].detail


def test_markers_read_whole_words_and_skip_led_to():
    assert [m.level_name for m in find_markers("Co-led the rewrite")] == ["shared"]
    assert find_markers("The change led to fewer errors.") == []
    assert find_markers("Sold 40 leads a week") == []


def test_words_that_are_also_ordinary_work_do_not_lower_the_level():
    """An accountant approves invoices and a nurse gives primary care: doing the work."""
    assert not raised(
        "Processed 300 vendor invoices a week in NetSuite.",
        "Approved 300 vendor invoices a week in NetSuite.",
    )
    assert not raised(
        "Gave primary care to 30 patients a day on the unit.",
        "Provided primary care to 30 patients a day on the unit as part of the nursing team.",
    )


def test_a_leadership_verb_whose_subject_is_someone_else_is_not_the_lines_claim():
    evidence = (
        "Contributed to the 2022 rewrite of the supplier agreement template, which the deputy "
        "counsel led; drafted the insurance exhibits."
    )
    assert not raised(evidence, evidence.replace("the 2022", "our 2022"))
    # the same words as the person's own claim still need the evidence's level
    assert raised("Led the 2022 rewrite of the supplier agreement template.", evidence)


def test_a_dropped_co_is_raised_even_when_other_lines_match_the_line_better():
    # the line's second half matches another bullet of the role best and its first half the
    # project's header; the person's part in the report is said in a third line, with "co-"
    evidence = "Built traffic models of the 14 signalised junctions and 3 roundabouts on Hale St."
    role = (
        "Hale Street Corridor Traffic Report (2022) | Client: Borough of Wexley | Role: Analyst\n"
        "Co-authored the traffic report with the principal engineer."
    )
    claim = (
        "Authored the Hale Street corridor traffic report, building traffic models of the 14 "
        "signalised junctions and 3 roundabouts."
    )
    assert raised(claim, evidence, role)
    # said with the qualifier, the line keeps the evidence's part
    assert not raised("Co-" + claim[0].lower() + claim[1:], evidence, role)


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        (
            "Oversaw 6 clinics in the region during the new records system rollout.",
            "Trained the front-desk leads of 6 clinics in the region on the new records system.",
        ),
        (
            "Managed 14 drivers on the night routes.",
            "Built the night route plan and ran it for 14 drivers from the north depot.",
        ),
    ],
)
def test_authority_over_a_count_the_evidence_gives_under_a_lower_verb_is_raised(claim, evidence):
    details = [f.detail for f in check_scope(claim, evidence=evidence)]
    assert any("claims authority" in d for d in details), details


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        ("Managed 14 drivers on the night routes.", "Supervised a crew of 14 drivers at night."),
        ("Oversaw 6 clinics in the region.", "Oversee the 6 clinics of the north region."),
        ("Trained the desk leads of 6 clinics.", "Trained the desk leads of 6 clinics."),
    ],
)
def test_authority_over_a_count_the_evidence_also_gives_passes(claim, evidence):
    assert not raised(claim, evidence)
