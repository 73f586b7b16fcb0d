"""Headings that lost their own line: a skills heading opening a line of the summary, and a
certificates heading written inside a run-on education line (text dumps, PDF exports)."""

from __future__ import annotations

import pytest

from core.contracts import CardKind
from core.ingest import parse_resume_text
from core.ingest.run_on import opening_heading, unglue_inner_headings


def by_kind(text: str) -> dict[CardKind, list[str]]:
    parsed = parse_resume_text(text, source_name="r.txt", fmt="text")
    out: dict[CardKind, list[str]] = {}
    for card in parsed.cards:
        out.setdefault(card.kind, []).append(card.raw_text)
    return out


@pytest.mark.parametrize(
    ("opening", "items"),
    [
        ("I.T. Skills • Excel (pivot tables) • Tally ERP • Payroll software", ["Tally ERP"]),
        ("KEY SKILLS: • Menu planning • Knife skills • Food cost control", ["Knife skills"]),
        ("Technical Skills: Python, Terraform, Kubernetes, PostgreSQL", ["Terraform"]),
        ("Certifications • BLS • ACLS • PALS", ["ACLS"]),
    ],
)
def test_a_list_heading_opening_the_summary_becomes_its_own_cards(opening, items):
    text = (
        f"{opening}\nCalm under pressure and proud of the team's work.\n\n"
        "Experience\nHead Cook, Riverside Diner, 2018 – 2023\n- Ran the grill for 120 covers.\n"
    )
    cards = by_kind(text)
    listed = cards.get(CardKind.SKILL, []) + cards.get(CardKind.CERTIFICATION, [])
    assert any(all(i in c for i in items) for c in listed)
    assert not any(item in c for c in cards.get(CardKind.SUMMARY, []) for item in items)
    assert not any("Skills" in c or "Certifications •" in c for c in listed)  # heading left out
    assert any("Calm under pressure" in c for c in cards[CardKind.SUMMARY])  # the prose stays


def test_a_sentence_that_mentions_skills_stays_in_the_summary():
    text = (
        "Skills matter: I teach new hires the line in a week.\n\n"
        "Experience\nHead Cook, Riverside Diner, 2018 – 2023\n- Ran the grill for 120 covers.\n"
    )
    assert opening_heading("Skills matter: I teach new hires") is None
    assert any("teach new hires" in c for c in by_kind(text)[CardKind.SUMMARY])


def test_a_heading_inside_a_run_on_education_line_starts_its_section():
    text = (
        "Summary\nRegistered nurse with eight years on a cardiac ward.\n\n"
        "Education\nB.S. Nursing, Lakeside University, 2015 Licenses and Certifications "
        "BLS certified ACLS certified\n"
    )
    cards = by_kind(text)
    assert any("ACLS" in c for c in cards[CardKind.CERTIFICATION])
    assert not any("ACLS" in c for c in cards[CardKind.EDUCATION])


@pytest.mark.parametrize(
    "line",
    [
        "Contributed to Open Source tooling for the warehouse team",  # a project word, prose
        "Led the Work Experience programme for interns",  # not a list kind inside a line
        "Planned the education and training budget for 40 teachers",  # lower case: prose
    ],
)
def test_heading_words_in_prose_do_not_break_the_line(line):
    assert unglue_inner_headings(line) == line


def test_a_capitals_label_inside_a_line_starts_a_new_line():
    line = "Achieving Targets QUALIFICATIONS: Ten years in retail sales."
    assert unglue_inner_headings(line).split("\n") == [
        "Achieving Targets",
        "QUALIFICATIONS: Ten years in retail sales.",
    ]
