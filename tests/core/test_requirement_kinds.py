"""Requirement kinds read from the requirement text."""

from __future__ import annotations

import pytest

from core.contracts import Requirement, RequirementKind
from core.jd.kinds import asked_years, kind_of, requirement_kind

K = RequirementKind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("OSHA 30 card", K.CREDENTIAL),
        ("AHA BLS and ACLS Instructor status", K.CREDENTIAL),
        ("Current, unrestricted license to practice pharmacy in the State of Ohio", K.CREDENTIAL),
        ("B.S. in Civil or Environmental Engineering from an ABET-accredited program", K.DEGREE),
        ("An advanced degree in psychology, human factors, HCI, or a related field", K.DEGREE),
        ("5+ years of store management experience in specialty retail", K.YEARS),
        ("Minimum of one year of oncology pharmacy practice experience", K.YEARS),
        ("A proven track record of growing comp sales, conversion, and UPT", K.ACHIEVEMENT),
        ("Bilingual in English and Spanish", K.LANGUAGE),
        ("Must be authorized to work in the United States without sponsorship", K.LOGISTICS),
        ("Willing to work rotating shifts, weekends and holidays", K.LOGISTICS),
        ("Proficiency in Figma", K.TOOL),
        # travel asks are logistics in any occupation, however they are worded
        ("Will be required to travel 1-2 times per quarter for site visits", K.LOGISTICS),
        ("Ability to travel as necessary.", K.LOGISTICS),
        ("Must be able to travel 20%", K.LOGISTICS),
        ("Must be able to travel 20", K.LOGISTICS),
        ("Travel required up to 30% of the time to client sites", K.LOGISTICS),
        ("Availability to travel overnight to job sites", K.LOGISTICS),
        # the word travel as the subject of the work is not
        ("Experience in corporate travel management", K.RESPONSIBILITY),
        ("Travel nurse experience in a Level I trauma center", K.RESPONSIBILITY),
        # conditions of the job in any occupation: where, when, getting there, the body's work
        ("Relocation to Canada is required", K.LOGISTICS),
        ("Must be able to work full time at our downtown clinic", K.LOGISTICS),
        ("Available for evening and weekend hours during tax season", K.LOGISTICS),
        ("Valid driver’s license and a clean driving record", K.LOGISTICS),  # curly apostrophe
        ("Proof of automobile insurance", K.LOGISTICS),
        ("Reliable transportation to client homes", K.LOGISTICS),
        ("Able to stand for extended periods and lift heavy boxes", K.LOGISTICS),
        # the same words as the subject of the work are not
        ("Experience handling automobile insurance claims", K.RESPONSIBILITY),
        ("Forklift certification", K.CREDENTIAL),
        # work words that are not logistics
        ("Experience managing remote teams", K.RESPONSIBILITY),
        ("3 years of full-time experience", K.YEARS),
        ("Experience conducting medication use evaluations (MUEs)", K.RESPONSIBILITY),
    ],
)
def test_requirement_kind_from_text(text: str, kind: RequirementKind) -> None:
    assert requirement_kind(text) == kind


def test_an_acronym_the_text_defines_otherwise_is_not_that_credential() -> None:
    text = "Experience practicing under a collaborative practice agreement (CPA)"
    assert requirement_kind(text) != K.CREDENTIAL
    assert requirement_kind("Certified Public Accountant (CPA)") == K.CREDENTIAL


def test_an_analysed_kind_is_kept_and_a_missing_one_is_read_from_the_text() -> None:
    given = Requirement(id="r1", text="OSHA 30 card", kind=K.RESPONSIBILITY)
    assert kind_of(given) == K.RESPONSIBILITY
    assert kind_of(Requirement(id="r2", text="OSHA 30 card")) == K.CREDENTIAL


def test_saved_requirements_without_a_kind_still_load() -> None:
    assert Requirement.model_validate({"id": "r1", "text": "Go"}).kind is None


@pytest.mark.parametrize(
    ("text", "years"),
    [("5+ years of HVAC", 5.0), ("three years of hospital pharmacy", 3.0), ("Go", None)],
)
def test_asked_years(text: str, years: float | None) -> None:
    assert asked_years(text) == years


def test_a_travel_percentage_keeps_its_percent_sign_in_the_requirement_text() -> None:
    from core.jd.analyze import analyze_jd

    ad = (
        "Field Service Technician\nRequirements\n"
        "- 3+ years repairing commercial HVAC equipment\n"
        "- Must be able to travel 20% of the time\n"
        "- Willing to travel up to 50%\n"
    )
    texts = {r.text: kind_of(r) for r in analyze_jd(ad).requirements}
    assert texts["Must be able to travel 20% of the time"] == K.LOGISTICS
    assert texts["Willing to travel up to 50%"] == K.LOGISTICS
    assert texts["3+ years repairing commercial HVAC equipment"] == K.YEARS


def test_the_conditions_of_a_job_ad_are_shown_and_its_asks_are_matched() -> None:
    """A home-care ad read end to end: the conditions (schedule, licence written with a curly
    apostrophe, insurance, transport, physical demands) are logistics; the asks are not."""
    from core.jd.analyze import analyze_jd

    ad = (
        "Home Health Aide\nRequirements\n"
        "- 1+ years of experience providing personal care to elderly clients\n"
        "- CPR and First Aid certification\n"
        "- Must be able to work full time at our Springfield office\n"
        "- Ability to work some evening hours and weekends\n"
        "- Valid driver’s license and proof of automobile insurance\n"
        "- Reliable transportation between client homes\n"
        "- Ability to stand for long periods and lift heavy items\n"
    )
    kinds = {r.text: kind_of(r) for r in analyze_jd(ad).requirements}
    conditions = [text for text, kind in kinds.items() if kind == K.LOGISTICS]
    assert len(conditions) == 5, kinds
    assert kinds["1+ years of experience providing personal care to elderly clients"] == K.YEARS
    assert kinds["CPR and First Aid certification"] == K.CREDENTIAL
