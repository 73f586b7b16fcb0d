"""A whole job ad pasted into a one-line field (`core.jd.runon.unflatten`): its headings and
list items are read again. An ad written here, flattened as
`core.evaluation.jd_damage.flattened` does."""

from __future__ import annotations

from core.evaluation.jd_damage import flattened
from core.jd import analyze_jd
from core.jd.runon import split_run_together, unflatten

SCHOOL = """Science Teacher (Grades 6-8)
Lakeview Middle School

About the school
Lakeview Middle School serves 900 students in a growing suburban district. Our science department
has eight teachers and a new lab wing opened last year. We care about curiosity and kindness.

What you will do
- Plan and deliver lessons aligned with state science standards
- Run safe laboratory activities and keep the lab stocked
- Assess student progress and report to families each term
- Coordinate with the special education team on accommodations

Qualifications
State teaching certificate in middle-grades science
Two years of classroom teaching experience
Familiarity with Google Classroom and lab safety practices
Strong classroom management skills

Nice to have
- Coaching or club sponsorship experience
- Bilingual English and Spanish
"""

ASKS = {
    "school": [
        "State teaching certificate in middle-grades science",
        "Two years of classroom teaching experience",
        "Familiarity with Google Classroom and lab safety practices",
        "Strong classroom management skills",
        "Coaching or club sponsorship experience",
        "Bilingual English and Spanish",
    ],
}


def found(ad: str, asks: list[str]) -> list[str]:
    read = [r.text for r in analyze_jd(ad).requirements]
    return [a for a in asks if any(a in r for r in read)]


def test_a_flattened_ad_gets_its_requirement_items_back():
    flat = flattened(SCHOOL)
    assert "\n" not in flat
    assert found(SCHOOL, ASKS["school"]) == ASKS["school"]  # as written
    assert found(flat, ASKS["school"]) == ASKS["school"]


def test_a_flattened_ad_keeps_its_prose_out_of_the_requirements():
    read = [r.text for r in analyze_jd(flattened(SCHOOL)).requirements]
    assert not any("900 students" in r or "curiosity" in r for r in read)
    assert not any("Plan and deliver lessons" in r for r in read)  # a duty stays a duty


def test_only_a_long_one_line_text_is_unflattened():
    assert unflatten(SCHOOL) is None  # has line breaks
    assert unflatten("Forklift certification 3+ years in a warehouse") is None  # too short
    assert unflatten(flattened(SCHOOL)) is not None


def test_a_sentence_case_heading_closing_a_dash_item_gets_its_own_line():
    line = (
        "Duties - Lead the morning huddle with the store team - Keep the stockroom tidy and safe "
        "What you bring - 2+ years in retail, ideally in a busy store - Experience with cash "
        "handling and POS systems Nice to have - Spanish - A food handler card"
    )
    lines = split_run_together(line)
    assert "What you bring:" in lines and "Nice to have:" in lines
    assert "- Keep the stockroom tidy and safe" in lines
    assert "- 2+ years in retail, ideally in a busy store" in lines
    # an item that ends in a name or a phrase is not cut ("… all Company policies and procedures.")
    kept = split_run_together(
        "Tasks - Follow all Company policies and procedures. - Report incidents to the manager on "
        "duty - Close the store at night with a colleague - Count the tills and lock the safe "
        "before you leave the building"
    )
    assert "- Follow all Company policies and procedures." in kept
