"""Completeness gate: no draft until the fact resume yields a name with an email or phone and at
least one role, each missing piece named; a missing education section is a warning, never a stop."""

from __future__ import annotations

import io

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


def test_missing_roles_stop_but_missing_education_is_only_a_warning():
    from core.ingest.completeness import advisories

    skills_only = HEADER + "## Skills\nPython, SQL\n"
    assert problems_of(skills_only) == [
        "at least one role (company, title and dates) in the experience section"
    ]
    assert problems_of(HEADER + ROLE) == []
    no_school = parse_resume((HEADER + ROLE).encode(), "r.md")
    assert any("No education was read" in note for note in advisories(no_school))
    assert advisories(no_school, no_education=True) == []
    assert advisories(parse_resume((HEADER + ROLE + SCHOOL).encode(), "r.md")) == []


# --- checked right after parsing, and supplied by the user ------------------------------------
NO_CONTACT = ROLE + SCHOOL


def test_supplied_contact_completes_the_parse_and_bad_values_are_clear_errors():
    from core.errors import InputError
    from core.ingest.completeness import missing_parts, with_contact

    resume = parse_resume(NO_CONTACT.encode(), "r.md")
    assert missing_parts(resume) == [
        "contact details at the top (your name and an email or phone number)"
    ]
    done = with_contact(resume, name="Pat Example", phone="(555) 555-0142")
    assert missing_parts(done) == [] and done.contact.name == "Pat Example"
    assert resume.contact.name == ""  # the parse itself is not changed
    assert not any("Pat Example" in c.raw_text for c in done.cards)
    with pytest.raises(InputError, match="not an email"):
        with_contact(resume, email="pat at example")


def test_cli_parse_names_what_is_missing_and_takes_the_flags(tmp_path, capsys):
    from core.cli import main

    path = tmp_path / "r.md"
    path.write_text(ROLE)
    assert main(["parse", str(path), "--full"]) == 0
    err = capsys.readouterr().err
    assert "your name and an email or phone number" in err and "warning: No education" in err
    flags = ["--name", "Pat Example", "--email", "pat@example.com", "--no-education"]
    assert main(["parse", str(path), "--full", *flags]) == 0
    captured = capsys.readouterr()
    assert "missing" not in captured.err
    assert '"name": "Pat Example"' in captured.out


def test_cli_run_stops_right_after_parsing_naming_the_missing_flags(tmp_path, capsys):
    from core.cli import main

    resume, jd = tmp_path / "r.md", tmp_path / "jd.txt"
    resume.write_text(ROLE)
    jd.write_text("Data Engineer\n\nRequirements\n- 3+ years of SQL\n")
    code = main(["run", "--resume", str(resume), "--jd", str(jd), "--out", str(tmp_path / "o")])
    err = capsys.readouterr().err
    assert code == 2
    assert "your name" in err and "--name" in err and "education" not in err
    assert not (tmp_path / "o").exists()


@pytest.mark.slow
def test_cli_run_without_education_finishes_and_says_what_the_resume_lacks(tmp_path, capsys):
    from docx import Document

    from core.cli import main

    resume, jd = tmp_path / "r.md", tmp_path / "jd.txt"
    resume.write_text(HEADER + ROLE)
    jd.write_text("Data Engineer\n\nRequirements\n- 3+ years of SQL\n- dbt\n")
    code = main(["run", "--resume", str(resume), "--jd", str(jd), "--out", str(tmp_path / "o")])
    err = capsys.readouterr().err
    assert code == 0, err
    assert "warning: No education was read" in err
    text = "\n".join(p.text for p in Document(str(tmp_path / "o" / "resume.docx")).paragraphs)
    assert "Acme Corp" in text and "Education" not in text


class _Terminal(io.StringIO):
    """Standard input as a person at a terminal gives it."""

    def isatty(self) -> bool:
        return True


@pytest.mark.slow
def test_cli_run_at_a_terminal_asks_for_exactly_the_missing_contact_and_goes_on(
    tmp_path, capsys, monkeypatch
):
    from docx import Document

    from core.cli import main

    resume, jd = tmp_path / "r.md", tmp_path / "jd.txt"
    resume.write_text("# Pat Example\n\n" + ROLE + SCHOOL)  # a name, no e-mail or phone
    jd.write_text("Data Engineer\n\nRequirements\n- 3+ years of SQL\n")
    monkeypatch.setattr("sys.stdin", _Terminal("pat@example.com\n"))
    code = main(["run", "--resume", str(resume), "--jd", str(jd), "--out", str(tmp_path / "o")])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert "Your e-mail: " in captured.out and "Your name" not in captured.out
    text = "\n".join(p.text for p in Document(str(tmp_path / "o" / "resume.docx")).paragraphs)
    assert "pat@example.com" in text
