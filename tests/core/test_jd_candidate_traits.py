"""A subject-matter word that describes the candidate ("Patient with…") is no keyword."""

from __future__ import annotations

import pytest

from core.jd.analyze import analyze_jd
from core.jd.keywords import keywords_in


@pytest.mark.parametrize(
    "text",
    [
        "Patient with excellent problem-solving skills",  # nurse
        "Patient, caring and dependable with young children",  # childcare worker
        "Patient and compassionate",  # dental assistant
        "- Patient with difficult callers",  # call-centre agent, as a bullet
    ],
)
def test_a_trait_in_the_candidates_slot_is_no_keyword(text: str) -> None:
    assert "patient" not in [k.text.lower() for k in keywords_in(text)]


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("Python with Django or Flask", "Python"),  # a skill in the same slot
        ("Healthcare, fintech or insurance background", "Healthcare"),  # a list of subjects
        ("Patient care experience in a hospital", "Patient"),  # the noun as a modifier
        ("Patient and family education experience", "Patient"),
        ("Clinical and laboratory experience", "Clinical"),
    ],
)
def test_nouns_in_that_slot_stay_keywords(text: str, kept: str) -> None:
    assert kept in [k.text for k in keywords_in(text)]


def test_the_ads_list_keeps_the_subject_where_it_is_the_subject() -> None:
    ad = (
        "Home Health Aide\nResponsibilities\n"
        "- Assist patients with bathing, dressing and meals\n"
        "Requirements\n- Patient with excellent listening skills\n- CPR certification\n"
    )
    analysis = analyze_jd(ad)
    trait = next(r for r in analysis.requirements if r.text.startswith("Patient with"))
    assert not any(k.lower().startswith("patient") for k in trait.keywords)
    assert "patients" in [k.lower() for k in analysis.all_terms()]  # in either tier
    assert "Patient" not in analysis.all_terms()
