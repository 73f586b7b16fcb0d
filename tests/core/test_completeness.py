"""Completeness gate (SDD + seed 001): no draft until the fact resume yields a name with an email
or phone, at least one role, and education (or the user's word that there is none); each missing
piece is named."""

from __future__ import annotations

import pytest

from core.ingest import parse_resume
from core.pipeline import new_board
from core.pipeline.steps import completeness_problems

HEADER = "# Pat Example\npat@example.com · (555) 555-0142\n\n"
ROLE = "## Experience\n\n### Acme Corp — Data Engineer\n*2019 – 2023*\n\n- Built 12 dbt models.\n\n"
SCHOOL = "## Education\n\nB.S. in Statistics, Lakeside University — 2019\n"


def problems_of(text: str, *, no_education: bool = False) -> list[str]:
    resume = parse_resume(text.encode(), "r.md")
    board = new_board(resume=resume, jd_text="Data Engineer\n- SQL", no_education=no_education)
    return completeness_problems(board)


def test_a_complete_resume_passes():
    assert problems_of(HEADER + ROLE + SCHOOL) == []


@pytest.mark.parametrize(
    ("header", "named"),
    [
        ("# Pat Example\n\n", "an email or phone number"),
        ("pat@example.com · (555) 555-0142\n\n", "your name"),
        ("", "your name and an email or phone number"),
    ],
)
def test_missing_contact_details_are_named(header, named):
    problems = problems_of(header + ROLE + SCHOOL)
    assert problems == [f"contact details at the top ({named})"]


def test_a_phone_alone_is_enough_contact():
    assert problems_of("# Pat Example\n(555) 555-0142\n\n" + ROLE + SCHOOL) == []


def test_missing_roles_and_education_are_named_and_education_can_be_waived():
    skills_only = HEADER + "## Skills\nPython, SQL\n"
    problems = problems_of(skills_only)
    assert any("at least one role" in p for p in problems)
    assert any("education" in p for p in problems)
    assert not any("education" in p for p in problems_of(HEADER + ROLE, no_education=True))
