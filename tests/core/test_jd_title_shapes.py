"""Where an ad states its title, by shape: a hiring sentence naming a capitalised title whose head
is in no list, a sentence addressing the person in the role, terms of employment before the
title, slashed titles, a title label run into its value, and markup header fields. Hand-written
ads; no wording from the postings corpus."""

from __future__ import annotations

from core.jd import analyze_jd
from core.jd.title_candidates import _sought, role_head

REQUIREMENTS = "Requirements\n- Three years of relevant experience\n- A driving licence\n"
HTML_REQUIREMENTS = (
    "<h2>Requirements</h2><ul><li>Three years of relevant experience</li>"
    "<li>A driving licence</li></ul>"
)


def _sought_phrases(text: str) -> list[str]:
    return [c.phrase for c in _sought(text, frozenset())]


def test_a_hiring_sentence_names_a_capitalised_title_of_any_head() -> None:
    """'Farrier' and 'Lock Keeper' are in no role-noun list; lower-case adjectives before the
    title are skipped, and the title ends where a common word follows."""
    assert "Farrier" in _sought_phrases("Our yard is seeking a skilled Farrier to join us.")
    assert "Lock Keeper" in _sought_phrases(
        "The trust is looking to hire a Lock Keeper for the canal."
    )
    assert "Head of Orchards" in _sought_phrases(
        "We are recruiting a new Head of Orchards who will"
    )


def test_a_capitalised_run_before_a_lower_case_noun_is_no_title() -> None:
    """'an IT technician': 'IT' alone is not the title the sentence names."""
    assert "IT" not in _sought_phrases("Join our busy team as an IT technician.")


def test_more_hiring_sentence_shapes() -> None:
    assert "Rigger" in _sought_phrases("An opportunity has arisen for a Rigger to work offshore.")
    assert "Dispensing Optician" in _sought_phrases(
        "Are you a Dispensing Optician who loves people?"
    )
    assert "Ward Clerk" in _sought_phrases("We would like to appoint a Ward Clerk for nights.")
    assert "Generalist" in _sought_phrases("- As a Generalist at Harbour Freight, you will")


def test_terms_of_employment_before_a_title_are_not_part_of_it() -> None:
    phrases = _sought_phrases(
        "We have an opening for a Part Time Mobile Mechanic to cover the area."
    )
    assert "Mobile Mechanic" in phrases


def test_a_slashed_title_is_headed_by_its_last_part() -> None:
    assert role_head("Physiotherapist/Nurse", frozenset()) == "role"
    assert role_head("Receptionist/Typist", frozenset({"typist"})) == "learned"
    assert role_head("Wellbeing/Outreach", frozenset()) == "none"


def test_a_title_label_run_into_its_value_gives_the_value() -> None:
    """A scrape lost the colon and the line break: 'Job TitleTenancy Support Officer'."""
    ad = (
        "Organisation: Riverside Housing Trust\nJob TitleTenancy Support Officer\n"
        "Type of PositionFull-time\nWe support tenants across the city.\n" + REQUIREMENTS
    )
    assert analyze_jd(ad).target_title == "Tenancy Support Officer"


def test_a_markdown_front_matter_title_is_the_title() -> None:
    ad = (
        "---\ntitle: Grounds Maintenance Operative\nclosing: 2026-12-01\n---\n"
        "Our parks team looks after twelve sites.\n\n## Requirements\n- Two years in horticulture\n"
    )
    assert analyze_jd(ad).target_title == "Grounds Maintenance Operative"


def test_an_html_first_heading_is_the_title() -> None:
    ad = "<h1>Orchard Keeper</h1><p>Our farm grows apples on forty acres.</p>" + HTML_REQUIREMENTS
    assert analyze_jd(ad).target_title == "Orchard Keeper"
