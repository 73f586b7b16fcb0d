"""No card carries anyone's e-mail address or phone number: the person's own contact details
belong in the header, a referee's or advisor's are another person's details. Both are reported in
`left_out`. Hand-written text; the evidence lines around them stay."""

from __future__ import annotations

import pytest

from core.ingest import parse_resume

RESUME = """Amara Lindqvist
amara.lindqvist@example.org | (503) 555-0142

Experience
Lab Manager, Northfield University | 2019 - 2024
- Ran a 12-person soil chemistry lab and its $400K equipment budget
- Trained 30 students a year on mass spectrometry safety

Education
PhD, Soil Science, Northfield University, 2019
(Advisor: Dr. Helena Marsh, Department of Soil Science)

Honors
Graduate Research Award, 2018

Dr. Tomas Reyes
Professor of Chemistry, Northfield University
Phone: (503) 555-0199 | t.reyes@northfield.example.edu

amara.lindqvist@example.org | (503) 555-0142 | Portland, OR
"""


def test_contact_details_and_other_peoples_details_never_become_cards() -> None:
    parsed = parse_resume(RESUME.encode(), "amara.txt")
    texts = " ".join(card.raw_text for card in parsed.cards)
    for value in ("555-0142", "555-0199", "t.reyes@", "amara.lindqvist@", "Helena Marsh", "Reyes"):
        assert value not in texts
    assert "Ran a 12-person soil chemistry lab" in texts
    assert "Graduate Research Award" in texts
    reasons = {item.why for item in parsed.left_out}
    assert "contact details" in reasons
    assert any(why.startswith("another person's details") for why in reasons)


def test_a_titled_name_alone_is_another_persons_details() -> None:
    text = RESUME.replace(
        "Graduate Research Award, 2018\n", "Graduate Research Award, 2018\n\nProf. Tomas Reyes\n"
    )
    parsed = parse_resume(text.encode(), "amara.txt")
    assert not any("Tomas Reyes" in card.raw_text for card in parsed.cards)
    assert any("Graduate Research Award" in card.raw_text for card in parsed.cards)


def test_a_number_with_a_thousands_comma_stays_one_skill_term() -> None:
    text = (
        "Ana Ruiz\nana.ruiz@example.org\n\nExperience\nTech, Acme | 2019 - 2021\n"
        "- Serviced chillers\n\nSkills\nChillers up to 1,200 tons, Niagara N4, brazing\n"
    )
    skills = parse_resume(text.encode(), "ana.txt").skills
    assert "000" not in " ".join(skills).split() and not any(
        s.startswith("200 tons") for s in skills
    )


@pytest.mark.parametrize(
    "name", ['Christa "CJ" Okafor', "Christa (CJ) Okafor", "Christa ‘CJ’ Okafor"]
)
def test_a_name_with_a_nickname_in_quotes_or_brackets_is_the_name(name) -> None:
    from core.ingest import parse_resume_text

    body = "Experience\nCook | Bistro LLC | 2019 - 2021\n- Cooked 200 covers\n"
    text = f"{name}\ncj@example.org\n\n{body}"
    parsed = parse_resume_text(text, source_name="r.txt", fmt="text")
    assert parsed.contact.name == name
    assert not any("Okafor" in card.raw_text for card in parsed.cards)
