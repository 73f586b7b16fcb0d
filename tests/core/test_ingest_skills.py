"""Skill lexicon and find_skills: symbols in names, aliases, and conservative short names."""

from __future__ import annotations

import json

import pytest

from core.ingest import find_skills, load_skill_lexicon, parse_resume_text
from core.ingest.skills import LEXICON_PATH


def test_lexicon_file_is_well_formed_and_large():
    raw = json.loads(LEXICON_PATH.read_text(encoding="utf-8"))
    lexicon = load_skill_lexicon()
    assert len(lexicon.skills) >= 300
    assert {"software_practices", "product_management", "design", "ux_research"} <= set(
        raw["skills"]
    )
    assert set(raw["needs_context"]) <= set(raw["case_sensitive"])
    # every alias resolves to exactly one canonical name
    for canonical, aliases in lexicon.skills.items():
        for alias in (canonical, *aliases):
            assert lexicon.canonical(alias) is not None, alias


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("C++ and C# on .NET, Node.js and CI/CD", ["C++", "C#", ".NET", "Node.js", "CI/CD"]),
        ("Migrated finance to SAP S/4HANA", ["SAP S/4HANA"]),
        ("Ran k8s clusters and split testing in Figma", ["Kubernetes", "A/B testing", "Figma"]),
        ("Built services in Golang and Postgres", ["Go", "PostgreSQL"]),
        ("Dovetail, Maze and the SUS questionnaire", ["Dovetail", "Maze", "SUS"]),
        ("Wrote ASP.NET apps", [".NET"]),
    ],
)
def test_symbols_and_aliases_map_to_canonical_names(text, expected):
    assert find_skills(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "She is my go-to person for incidents",
        "two years ago we moved offices",
        "Go-to-market launch with sales",
        "Raised a Series C round",
        "Go live was in March",
        "John R. Smith led R&D",
        "We tried Plan B and got a C grade",
        "Excel at communication with stakeholders",
    ],
)
def test_short_everyday_words_are_not_skills(text):
    found = find_skills(text)
    assert not {"Go", "R", "C", "Excel"} & set(found), found


@pytest.mark.parametrize(
    ("text", "skill"),
    [
        ("I write Go for almost everything", "Go"),
        ("Rewrote the service in Go, replacing the monolith", "Go"),
        ("Go, Python, SQL", "Go"),
        ("Analyzed the data with mixed-effects models in R (lme4)", "R"),
        ("Embedded firmware written in C", "C"),
        ("Built SQL reports in Excel", "Excel"),
    ],
)
def test_short_names_in_a_technical_context_are_skills(text, skill):
    assert skill in find_skills(text)


def test_order_of_first_appearance_without_duplicates():
    text = "Kafka then Python, then Kafka again and python3"
    assert find_skills(text) == ["Kafka", "Python"]


def test_extra_terms_from_the_resume_skills_section():
    text = "Ran geo-split tests with a painted-door test and PostgreSQL"
    found = find_skills(text, extra=["geo-split tests", "Painted-Door Test", "postgres", "R"])
    assert found == ["geo-split tests", "Painted-Door Test", "PostgreSQL"]
    # a term the lexicon treats conservatively keeps its rules even when listed as extra
    assert "R" not in find_skills("R&D budget", extra=["R"])


def test_no_invented_skills():
    assert find_skills("Improved the kitchen rota and wrote the quarterly plan") == []


def test_lexicon_patterns_are_compiled_only_when_a_text_holds_their_first_word():
    from core.ingest.skills import _compiled

    _compiled.cache_clear()
    found = find_skills("Built payment services in Python and Go on Kubernetes.")
    assert {"Python", "Kubernetes"} <= set(found)
    compiled = _compiled.cache_info().currsize
    assert 0 < compiled < len(list(load_skill_lexicon().terms())) / 10
    find_skills("Built payment services in Python and Go on Kubernetes.")
    assert _compiled.cache_info().currsize == compiled  # each pattern compiled once


@pytest.mark.parametrize(
    ("written", "name"),
    [("Quick Books", "QuickBooks"), ("Power Point", "PowerPoint"), ("Net Suite", "NetSuite")],
)
def test_a_product_name_written_with_a_space_is_the_one_word_name(written, name):
    assert load_skill_lexicon().canonical(written) == name
    assert load_skill_lexicon().canonical("Word Python") is None


@pytest.mark.parametrize(
    ("wrapped", "whole", "pieces"),
    [
        ("Payroll, Sage, Quick\nBooks, Excel", "Quick Books", ("Quick", "Books")),
        ("Figma, Adobe Photoshop, In\nDesign, Canva", "In Design", ("In", "Design")),
        ("Teams, Outlook, Power\nPoint, Zoom", "Power Point", ("Power", "Point")),
    ],
)
def test_a_skills_list_name_cut_by_a_line_wrap_is_one_skill(wrapped, whole, pieces):
    parsed = parse_resume_text(f"Skills\n{wrapped}\n", source_name="r.txt", fmt="text")
    skills = [s for card in parsed.cards for s in card.skills]
    assert not set(pieces) & set(skills)
    # two lists written on two lines keep their own items
    apart = parse_resume_text("Skills\nExcel, Word\nPython, SQL\n", source_name="r.txt", fmt="text")
    listed = {s for card in apart.cards for s in card.skills}
    assert {"Word", "Python"} <= listed, (whole, listed)


def test_a_note_in_brackets_with_a_date_or_a_colon_is_not_a_skill():
    from core.ingest.evidence import skill_terms

    line = "AutoCAD Civil 3D (daily since 2018: surfaces, Pipe Networks), Epic (since 2019)"
    assert skill_terms(line) == ["AutoCAD Civil 3D", "Pipe Networks", "Epic"]
    assert "lme4" in skill_terms("R (tidyverse, lme4)")
