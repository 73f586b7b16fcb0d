"""An ad whose header names no job: the title is the capitalised phrase naming a role that the
ad names most often. Hand-written ads of occupations and wordings no rule names."""

from __future__ import annotations

from core.jd import analyze_jd

AD = """Company Description
Harbor & Pine runs three garden centres on the coast. We suggest you visit us.

Role Description
This is a full-time on-site role for a Nursery Operations Coordinator at our Bayside site.
The Nursery Operations Coordinator plans the weekly plant orders and the watering rota.

Qualifications
- 2+ years of experience in a garden centre or nursery
- Knowledge of plant care and pest control
- Valid driver's licence
"""


def test_the_role_the_ad_names_most_is_its_title() -> None:
    assert analyze_jd(AD).target_title == "Nursery Operations Coordinator"


def test_a_header_title_still_wins_over_the_prose() -> None:
    ad = "Senior Garden Technician\n\n" + AD
    assert analyze_jd(ad).target_title == "Senior Garden Technician"


def test_no_capitalised_role_phrase_gives_no_title() -> None:
    ad = AD.replace("Nursery Operations Coordinator", "person")
    assert analyze_jd(ad).target_title == ""
