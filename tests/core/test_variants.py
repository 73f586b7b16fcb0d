"""Credential and title variant rules: a neighbouring variant is adjacent, never met."""

from __future__ import annotations

import pytest

from core.text.variants import Match, compare_credential, compare_title, find_credentials


@pytest.mark.parametrize(
    ("asked", "held"),
    [
        ("ACLS Instructor", "ACLS Provider"),
        ("AHA BLS and ACLS Instructor status", "BLS Provider; ACLS Provider"),
        ("OSHA 30 card", "OSHA 10-Hour Construction card"),
        ("Board Certified Oncology Pharmacist (BCOP)", "BCPS, Board Certified Pharmacotherapy"),
        ("Professional Engineer (PE) license", "Engineer Intern (EI), passed the FE exam"),
        ("PE license", "EIT, North Carolina"),
        ("Lean Six Sigma Green Belt", "Lean Six Sigma Yellow Belt"),
        ("NCMA certification (CCCM or CFCM)", "CPCM"),
        ("EPA 608 Universal", "EPA 608 Type II"),
    ],
)
def test_a_neighbouring_credential_is_adjacent_never_met(asked: str, held: str) -> None:
    assert compare_credential(asked, held) == Match.ADJACENT


@pytest.mark.parametrize(
    ("asked", "held"),
    [
        ("ACLS Instructor", "Advanced Cardiovascular Life Support (ACLS) Instructor"),
        ("ACLS Provider", "ACLS Instructor"),  # an instructor holds provider status
        ("OSHA 10", "OSHA 30-Hour"),
        ("EPA 608 Universal certification", "EPA Section 608 Universal"),
        ("EPA 608 Type II", "EPA 608 Universal"),
        ("Lean Six Sigma Green Belt", "Six Sigma Black Belt"),
        ("CCRN", "Maria Lopez, BSN, RN, CCRN"),
        ("NCMA certification (CCCM or CFCM)", "NCMA CCCM"),
        ("ServSafe Manager or equivalent", "ServSafe Food Protection Manager"),
        ("Certified Hotel Administrator (CHA)", "CHA, AHLEI, 2019"),
    ],
)
def test_the_same_or_a_covering_credential_is_met(asked: str, held: str) -> None:
    assert compare_credential(asked, held) == Match.MET


@pytest.mark.parametrize(
    ("asked", "held"),
    [
        ("CCRN", "BLS Provider"),
        ("Certified Hotel Administrator (CHA)", "ServSafe Manager"),
        ("PE license", "pe teacher"),  # an acronym counts in capitals only
    ],
)
def test_an_unrelated_credential_is_none(asked: str, held: str) -> None:
    assert compare_credential(asked, held) == Match.NONE


def test_qualifiers_stay_with_their_own_list_item() -> None:
    found = find_credentials("Maria Lopez, BSN, RN, CCRN | ACLS Provider, BLS Instructor, PALS")
    by_family = {c.family: c.variant for c in found}
    assert by_family["ACLS"] == "Provider"
    assert by_family["BLS"] == "Instructor"
    assert by_family["PALS"] is None
    assert by_family["AACN certification"] == "CCRN"


@pytest.mark.parametrize(
    ("asked", "held", "expected"),
    [
        ("Clinical Pharmacist", "Staff Pharmacist", Match.ADJACENT),
        ("General Manager", "Assistant GM", Match.ADJACENT),
        ("Senior Brand Designer", "Brand Designer", Match.ADJACENT),
        ("District Manager", "Store Manager", Match.ADJACENT),
        ("Project Engineer", "Engineer-in-Training", Match.NONE),
        ("GM", "General Manager", Match.MET),
        ("Registered Nurse", "ICU RN", Match.MET),
        ("Brand Designer", "Sr. Brand Designer", Match.MET),
        ("Supply Chain Analyst II", "Warehouse Supervisor", Match.NONE),
    ],
)
def test_titles_compare_by_level_and_specialty(asked: str, held: str, expected: Match) -> None:
    assert compare_title(asked, held) == expected
