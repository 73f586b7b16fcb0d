"""The default (rule) reader takes the line reader's word on headings it does not know: their
meaning, whether an unknown line is a heading at all, and whether a capitalised line over a dated
header is that role's employer or a heading (the role-header tagger says whether the header below
names its own employer). Hand-written resumes of occupations and wordings no rule names."""

from __future__ import annotations

import pytest

from core.ingest import parse_resume
from core.settings import IngestSettings

TEACHER = """Dana Whitfield
dana.whitfield@example.org | 555-201-3344

A YEAR IN THE CLASSROOM AND BEFORE
Fourth Grade Teacher, Maple Grove Elementary, 2016 - present
- Planned daily lessons for 28 students in reading and math
- Raised state reading scores by 12% over three years

Student Teacher, Lincoln Middle School, 2015 - 2016
- Co-taught sixth grade science with a mentor teacher

PAPERWORK (DEGREES & SCHOOL)
B.A. Elementary Education, State University, 2015
"""

COOK = """Marco Bellini
marco.bellini@example.org | 555-330-1200

KITCHENS I HAVE WORKED IN
Sous Chef, Olive Tree Trattoria, 2019 - present
- Ran the line for 180 covers a night with a team of 7 cooks
- Cut food cost from 34% to 29% by reworking the weekly order

Line Cook, Harbor Grill, 2016 - 2019
- Worked grill and saute stations on weekend double shifts

SCHOOLING AND PAPERS
Associate of Applied Science, Culinary Arts, Metro Community College, 2016
"""


def _read(text: str, name: str) -> tuple[list[tuple[str, str]], list[str]]:
    parsed = parse_resume(text.encode(), name)
    return [(r.title, r.company) for r in parsed.roles], [e.title for e in parsed.education]


def test_unknown_headings_over_roles_and_a_degree_are_read_by_meaning() -> None:
    roles, education = _read(TEACHER, "teacher.txt")
    assert roles[:2] == [
        ("Fourth Grade Teacher", "Maple Grove Elementary"),
        ("Student Teacher", "Lincoln Middle School"),
    ]
    assert education == ["B.A. Elementary Education"]


def test_a_capitalised_heading_over_a_header_that_names_its_employer_is_a_heading() -> None:
    roles, education = _read(COOK, "cook.txt")
    assert roles == [("Sous Chef", "Olive Tree Trattoria"), ("Line Cook", "Harbor Grill")]
    assert education == ["Associate of Applied Science, Culinary Arts"]


def test_a_capitalised_employer_over_a_header_without_one_stays_the_employer() -> None:
    text = COOK.replace(
        "Sous Chef, Olive Tree Trattoria, 2019 - present",
        "OLIVE TREE TRATTORIA\nSous Chef | 2019 - present",
    ).replace("KITCHENS I HAVE WORKED IN\n", "EXPERIENCE\n")
    roles, _ = _read(text, "cook.txt")
    assert roles[0] == ("Sous Chef", "OLIVE TREE TRATTORIA")


def test_a_name_the_rules_do_not_take_comes_from_the_line_reader_and_never_a_card() -> None:
    text = COOK.replace("Marco Bellini\n", "marco bellini  |  Chef\n", 1)
    parsed = parse_resume(text.encode(), "cook.txt")
    assert parsed.contact.name == "marco bellini"
    assert not any(card.raw_text.lower().startswith("marco bellini") for card in parsed.cards)


def test_no_name_is_taken_from_a_line_that_is_not_shaped_like_one() -> None:
    text = COOK.replace("Marco Bellini\n", "KEY SKILLS: knife work, sauces, costing\n", 1)
    assert parse_resume(text.encode(), "cook.txt").contact.name == ""


@pytest.mark.parametrize("reader", ["rules", "auto"])
def test_an_employer_on_its_own_line_the_rules_miss_comes_from_the_line_reader(reader) -> None:
    """Dates, then the employer and city, then the title, each on its own line: the rules read
    the title and dates; the line reader names the employer line (also when `auto` keeps the
    rule reading)."""
    text = (
        "Jo Reyes\njo.reyes@example.org\n\nEXPERIENCE\n\n2019 – present\n\n"
        "**Northwind Traders** Seattle, WA\nOperations Analyst\n"
        "- Built the weekly demand report used by 4 regional managers\n\n2016 – 2019\n\n"
        "**Bluebird Freight** Tacoma, WA\nLogistics Coordinator\n"
        "- Scheduled 60 outbound loads a day across two docks\n"
    )
    settings = IngestSettings(reader=reader)
    first = parse_resume(text.encode(), "jo.md", settings=settings).roles[0]
    assert (first.title, first.company, first.start) == (
        "Operations Analyst",
        "Northwind Traders",
        "2019",
    )


def test_jobs_written_as_a_list_are_roles_with_their_descriptions() -> None:
    text = (
        "# Lina Park\nlina.park@example.org\n\n## Employment and Experience\n\n"
        "- Lab Technician, Northfield University (January 2016 - May 2018)\n"
        "  Prepared reagents and ran the autoclave schedule for 4 teaching labs a week.\n\n"
        "- Pharmacy Assistant at Harbor Drugs (June 2018 - August 2020)\n"
        "  Filled 120 prescriptions a day and kept the controlled-substance log.\n"
    )
    parsed = parse_resume(text.encode(), "lina.md")
    assert [(r.title, r.company, r.start) for r in parsed.roles] == [
        ("Lab Technician", "Northfield University", "2016-01"),
        ("Pharmacy Assistant", "Harbor Drugs", "2018-06"),
    ]
    autoclave = next(c for c in parsed.cards if "autoclave" in c.raw_text)
    assert autoclave.role_id == parsed.roles[0].id


HEADLINE = """Dana Whitfield
dana.whitfield@example.org | 555-201-3344

PAYROLL SPECIALIST

Detail-minded payroll professional with eight years of multi-state payroll for hospitals.
Known for clean audits and calm year-end closes.

EXPERIENCE

Payroll Specialist, Lakeside Health, Madison, WI
March 2019 - Present
- Ran biweekly payroll for 1,200 employees across three states

EDUCATION
B.S. Accounting, University of Wisconsin, 2015
"""


def test_a_headline_over_the_profile_is_not_a_job_and_its_profile_is_the_summary() -> None:
    """The line reader calls 'PAYROLL SPECIALIST' a title; no date or role line follows it before
    the first heading, so it is the person's headline: no undated role, the lines under it are
    the summary."""
    parsed = parse_resume(HEADLINE.encode(), "dana.md", settings=IngestSettings(reader="learned"))
    assert parsed.roles and all(role.start for role in parsed.roles)
    profile = [c for c in parsed.cards if c.raw_text.startswith(("Detail-minded", "Known for"))]
    assert len(profile) == 2
    assert all(c.kind.value == "summary" and c.role_id is None for c in profile)
