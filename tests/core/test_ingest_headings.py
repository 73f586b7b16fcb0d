"""Section headings: the synonym table, compound headings, and the meaning fallback (the
embedding model retrieval already loads; without it, the table alone)."""

from __future__ import annotations

import pytest

from core.contracts import CardKind
from core.ingest import parse_resume_text
from core.ingest.heading_meaning import MEANING_THRESHOLD, kind_by_meaning

HEAD = "# Pat Example\npat@example.com\n\n## Experience\n\n### Acme Corp — Cook\n*2019 – 2023*\n\n"
HEAD += "- Ran the grill station for 120 covers a night.\n\n"


def kinds(text: str, embedder=None) -> dict[str, set[CardKind]]:
    parsed = parse_resume_text(text, source_name="r.md", embedder=embedder)
    out: dict[str, set[CardKind]] = {}
    for card in parsed.cards:
        out.setdefault(card.section, set()).add(card.kind)
    return out


def test_compound_heading_reads_its_first_kind_and_keeps_the_degree():
    text = HEAD + "## Education & Certification\n\nB.S. in Nutrition, Lakeside University, 2018\n"
    text += "ServSafe Manager, 2020\n"
    parsed = parse_resume_text(text, source_name="r.md")
    assert next((e.title, e.company) for e in parsed.education) == (
        "B.S. in Nutrition",
        "Lakeside University",
    )
    assert kinds(text)["Education & Certification"] == {CardKind.EDUCATION}


@pytest.mark.slow
def test_unknown_heading_is_read_by_meaning_when_the_model_is_there(embedder):
    text = HEAD + "## Prizes\n\n- Best New Cook, Austin Food Awards 2021\n"
    assert kinds(text, embedder)["Prizes"] == {CardKind.AWARD}
    assert kinds(text)["Prizes"] == {CardKind.OTHER}  # no model: the table alone


@pytest.mark.slow
def test_meaning_overrides_a_table_word_only_when_other_words_are_unknown(embedder):
    text = HEAD + "## Voluntary Work\n\n- Cooked for the shelter every Sunday.\n"
    assert kinds(text, embedder)["Voluntary Work"] == {CardKind.VOLUNTEERING}
    kind, score = kind_by_meaning("Professional Experience", embedder=embedder)
    assert kind == CardKind.EXPERIENCE_BULLET and score >= MEANING_THRESHOLD
    assert kinds(HEAD, embedder)["Experience"] == {CardKind.EXPERIENCE_BULLET, CardKind.OTHER}


CAPS_WORD = """Robin Hale
robin@example.com | 555-410-2201

EXPERIENCE
{employer}
{role}

EDUCATION
{degree}
{detail}

{heading}
{first}
{second}
"""


@pytest.mark.parametrize(
    ("fields", "heading"),
    [
        (
            {
                "employer": "Surveyor | Tri-County Land Survey LLC | 2018 – Present",
                "role": "- Ran boundary surveys for 300 parcels.",
                "degree": "B.S. Geomatics, Ferris State University, 2018",
                "detail": "Senior project: GNSS network adjustment",
                "first": "Trimble Business Center, Carlson Survey, AutoCAD Civil 3D",
                "second": "ArcGIS Pro (daily since 2019)",
            },
            "SOFTWARE",
        ),
        (
            {
                "employer": "Pastry Cook | Rue Verte Bakery | 2016 – 2022",
                "role": "- Laminated 40 kg of croissant dough a shift.",
                "degree": "A.A.S. Baking and Pastry Arts, Johnson & Wales University, 2016",
                "detail": "Externship at a hotel bakery",
                "first": "French (fluent), Spanish (conversational)",
                "second": "Italian (basic)",
            },
            "LANGUES:",
        ),
    ],
    ids=["surveyor", "pastry"],
)
def test_one_all_caps_word_after_a_blank_line_is_a_heading_not_education(fields, heading):
    text = CAPS_WORD.format(heading=heading, **fields)
    parsed = parse_resume_text(text, source_name="r.txt", fmt="text")
    education = [c for c in parsed.cards if c.kind.value == "education"]
    assert not any(heading.rstrip(":") in c.raw_text for c in education)
    assert not any(fields["first"][:12] in c.raw_text for c in education)


@pytest.mark.parametrize(
    "below",
    ["Senior Engineer | 2019 – 2021", "Senior Engineer\n2019 – 2021"],
    ids=["one-line header", "stacked"],
)
def test_one_all_caps_employer_over_its_role_stays_the_employer(below):
    text = f"Experience\n\nSTRIDEWELL\n{below}\n- Built the billing service.\n"
    parsed = parse_resume_text(text, source_name="r.txt", fmt="text")
    assert [(r.title, r.company) for r in parsed.roles] == [("Senior Engineer", "STRIDEWELL")]
