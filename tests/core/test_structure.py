"""The structure the user can correct: roles and education with their lines, written by
`parse --structure`, applied by `run --structure` — and never a way to add evidence."""

from __future__ import annotations

import json

import pytest
from docx import Document

from core.contracts import CardKind
from core.ingest import parse_resume
from core.ingest.structure import ResumeStructure, apply_structure, structure_of

RESUME = """# Pat Example
pat@example.com · (555) 555-0142

## Experience

### Acme Corp — Data Engineer
*2019 – 2023*

- Built 12 dbt models for the finance team.
- Cut the nightly load from 5 hours to 50 minutes.
- Moved to the Berlin office in 2021 and ran the data platform team of 4 there.
- Hired and onboarded 3 analytics engineers in Berlin.

### Student Teaching
*2017 – 2018*

- Taught statistics to 40 first-year students at Lakeside University.

## Education

B.S. in Statistics, Lakeside University — 2018
"""
BERLIN = "Berlin"


def parsed(text: str = RESUME):
    return parse_resume(text.encode(), "r.md")


def applied(resume, structure):
    """The corrected parse and the notes the structure added to its warnings."""
    fixed = apply_structure(resume, structure)
    return fixed, fixed.warnings[len(resume.warnings) :]


def split_and_move(structure: ResumeStructure) -> ResumeStructure:
    """The corrections a user makes: the Berlin years become their own role, the student
    teaching moves out of Experience into Education."""
    data = structure.model_dump()
    acme, teaching, school = data["entries"]
    berlin = [line for line in acme["lines"] if BERLIN in line]
    acme["lines"] = [line for line in acme["lines"] if BERLIN not in line]
    acme["dates"] = "2019 – 2021"
    lead = {
        "id": "r-berlin",
        "kind": "role",
        "title": "Data Platform Lead",
        "company": "Acme Corp",
        "location": "Berlin",
        "dates": "2021 – 2023",
        "lines": berlin,
    }
    teaching["kind"] = "education"
    data["entries"] = [lead, acme, teaching, school]
    return ResumeStructure.model_validate(data)


def test_the_structure_as_read_applies_without_changing_anything():
    resume = parsed()
    again, notes = applied(resume, structure_of(resume))
    assert notes == []
    assert again.roles == resume.roles and again.education == resume.education
    assert [(c.id, c.role_id, c.kind) for c in again.cards] == [
        (c.id, c.role_id, c.kind) for c in resume.cards
    ]


def test_split_dates_and_a_job_read_as_education_are_corrected():
    resume = parsed()
    fixed, notes = applied(resume, split_and_move(structure_of(resume)))
    assert notes == []
    assert [(r.id, r.title, r.start, r.end) for r in fixed.roles] == [
        ("r-berlin", "Data Platform Lead", "2021", "2023"),
        ("r01", "Data Engineer", "2019", "2021"),
    ]
    assert [r.title for r in fixed.education] == ["Student Teaching", "B.S. in Statistics"]
    berlin = [c for c in fixed.cards if BERLIN in c.raw_text]
    assert berlin and all(
        c.role_id == "r-berlin" and c.role == "Data Platform Lead" for c in berlin
    )
    taught = next(c for c in fixed.cards if c.raw_text.startswith("Taught statistics"))
    assert taught.kind == CardKind.EDUCATION
    assert fixed.content_hash != resume.content_hash  # a corrected parse is indexed anew


def test_a_structure_cannot_add_evidence_and_says_what_it_left_out():
    resume = parsed()
    data = structure_of(resume).model_dump()
    data["entries"][0]["lines"].append("Led a team of 40 engineers across 3 continents.")
    fixed, notes = applied(resume, ResumeStructure.model_validate(data))
    assert not any("40 engineers" in c.raw_text for c in fixed.cards)
    assert notes == [
        "Not in your resume, so left out: 'Led a team of 40 engineers across 3 continents.'."
    ]


def test_an_entry_marked_not_a_job_leaves_the_roles():
    resume = parsed()
    data = structure_of(resume).model_dump()
    data["entries"][1]["kind"] = "not_a_job"
    fixed, _ = applied(resume, ResumeStructure.model_validate(data))
    assert [r.id for r in fixed.roles] == ["r01"]
    taught = next(c for c in fixed.cards if c.raw_text.startswith("Taught statistics"))
    assert taught.role_id is None and taught.kind == CardKind.OTHER


def test_corrections_survive_a_reread_where_the_same_lines_are_still_there():
    structure = split_and_move(structure_of(parsed()))
    edited = RESUME.replace(
        "- Built 12 dbt models for the finance team.\n",
        "- Built 12 dbt models for the finance team.\n- Wrote the team's SQL style guide.\n",
    )
    fixed, notes = applied(parsed(edited), structure)
    assert notes == []
    assert next(c for c in fixed.cards if "style guide" in c.raw_text).role_id == "r01"
    assert {c.role_id for c in fixed.cards if BERLIN in c.raw_text} == {"r-berlin"}


@pytest.mark.slow
def test_cli_parse_structure_edit_and_run_with_it(tmp_path, capsys):
    from core.cli import main

    resume, jd = tmp_path / "r.md", tmp_path / "jd.txt"
    resume.write_text(RESUME, encoding="utf-8")
    jd.write_text("Data Engineer\n\nRequirements\n- 3+ years of SQL and dbt\n- Lead a data team\n")
    structure = tmp_path / "structure.json"
    assert main(["parse", str(resume), "--structure", "--out", str(structure)]) == 0
    read = ResumeStructure.model_validate_json(structure.read_text(encoding="utf-8"))
    structure.write_text(split_and_move(read).model_dump_json(indent=2), encoding="utf-8")
    out = tmp_path / "out"
    args = ["run", "--resume", str(resume), "--jd", str(jd), "--out", str(out)]
    assert main([*args, "--structure", str(structure)]) == 0, capsys.readouterr().err
    paragraphs = Document(str(out / "resume.docx")).paragraphs
    lines = [p.text.replace("\xa0", " ") for p in paragraphs]  # dates keep their parts together
    experience = lines[lines.index("Experience") : lines.index("Education")]
    assert "Data Platform Lead — Acme Corp\t2021 – 2023" in experience
    assert "Data Engineer — Acme Corp\t2019 – 2021" in experience
    assert not any("Student Teaching" in line for line in experience)
    assert any("Student Teaching" in line for line in lines[lines.index("Education") :])
    audit = json.loads((out / "audit.json").read_text(encoding="utf-8"))
    assert [r["title"] for r in audit["blackboard"]["resume"]["roles"]] == [
        "Data Platform Lead",
        "Data Engineer",
    ]


def test_cli_run_names_a_structure_file_that_is_not_one(tmp_path, capsys):
    from core.cli import main

    resume, jd, bad = tmp_path / "r.md", tmp_path / "jd.txt", tmp_path / "s.json"
    resume.write_text(RESUME, encoding="utf-8")
    jd.write_text("Data Engineer\n\nRequirements\n- SQL\n")
    bad.write_text('{"entries": [{"kind": "job"}]}', encoding="utf-8")
    code = main(["run", "--resume", str(resume), "--jd", str(jd), "--structure", str(bad)])
    assert code == 2
    assert "not a structure from `resumeforge parse --structure`" in capsys.readouterr().err
