"""A job-ad sentence is not cut at an abbreviation's period ('Inc.', initials like 'D.I.'), and a
field of a flattened ad ('Location: …') stays with its value. All text here is made up."""

from __future__ import annotations

from core.jd.analyze import ad_sections
from core.jd.requirements import sentences
from core.jd.runon import unflatten
from core.jd.unit_roles import AdUnitRoles, RoleCuts
from core.text.sentences import ends_in_abbreviation

COMPANY = "Fenwick and Partners, Inc. is seeking a careful field ecologist to join our survey team."
INITIALS = "You will build reports with the K. Lund toolkit and write short summaries."


def test_a_company_suffix_or_initials_do_not_end_a_sentence():
    for sentence in (COMPANY, INITIALS):
        assert sentences(sentence) == [sentence]
        assert RoleCuts(AdUnitRoles())(sentence) == [sentence]
    two = f"{INITIALS} Travel to client sites is paid."
    assert sentences(two) == [INITIALS, "Travel to client sites is paid."]


def test_a_sentence_run_on_in_lower_case_still_ends_after_an_ordinary_word():
    ask = "Applicants must hold a current HGV class 1 licence."
    about = "our depot has been part of the town since 1962 and is family owned."
    assert RoleCuts(AdUnitRoles())(f"{ask} {about}") == [ask, about]


def test_the_abbreviation_rule():
    assert ends_in_abbreviation("reports with the K.")
    assert ends_in_abbreviation("Fenwick and Partners, Inc.")
    assert ends_in_abbreviation("tools, e.g.")
    assert not ends_in_abbreviation("a current licence.")
    assert not ends_in_abbreviation("authorised to work in the U.S.")  # often a sentence's end
    assert ends_in_abbreviation("tools such as D.I.", lower_next=True)
    assert ends_in_abbreviation("Fenwick Corp.", lower_next=True)
    assert not ends_in_abbreviation("we are based in Leeds.", lower_next=True)
    assert not ends_in_abbreviation("Fenwick Corp.")


FLAT = (
    "Survey Analyst Location: Marlow / High Wycombe Area Salary: up to 31,000 per annum plus"
    " pension. The successful candidate will hold a degree in geography and will be confident"
    " with spreadsheets. You will join a small team that maps river habitats for local councils"
    " and you will present what you find to their planning officers each quarter. We offer a"
    " friendly office, flexible hours and paid training in the field techniques we use."
)


def test_a_field_of_a_flattened_ad_stays_with_its_value():
    field = "Location: Marlow / High Wycombe Area"
    lines = (unflatten(FLAT) or "").splitlines()
    assert any(line.lstrip("- ").startswith(field) for line in lines)
    _, _, sections = ad_sections(FLAT)
    units = [b.text for s in sections for b in s.blocks]
    assert not any(u.startswith("Marlow") for u in units)
    assert any(u.startswith(field) for u in units)
