"""Education under headings the synonym table did not know ('Studies', 'Academic History',
'Diplomas'), and an 'Academic Experience' heading read by what its section lists: schools and
degrees are education, posts stay experience. Every reader, from files written to disk."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.contracts import CardKind
from core.ingest import parse_extracted, parse_resume_text, read_path
from core.ingest.sections import heading_kind, names_schooling
from core.settings import IngestSettings

READERS = ("rules", "learned", "auto")
TOP = "Dana Whitfield\ndana.whitfield@example.com\n\n"
JOB = "Experience\nLine Cook | Harbor Bistro LLC | 2019 - 2021\n- Prepared 200 covers a night\n\n"


def read(tmp_path: Path, text: str, reader: str):
    path = tmp_path / "resume.txt"
    path.write_text(text, encoding="utf-8")
    settings = IngestSettings(reader=reader)
    return parse_extracted(read_path(path, settings=settings), settings=settings)


@pytest.mark.parametrize(
    "heading",
    [
        "Studies",
        "ACADEMIC HISTORY",
        "Formal Education",
        "Diplomas:",
        "Academic Record",
        "Educational History",
        "Higher Education",
    ],
)
def test_headings_that_name_studies_are_education(heading):
    assert heading_kind(heading) is CardKind.EDUCATION
    parsed = parse_resume_text(
        f"{JOB}{heading}\nB.S. in Biology, Lakeside University, 2014\n",
        source_name="r.txt",
        fmt="text",
    )
    assert [(e.title, e.company) for e in parsed.education] == [
        ("B.S. in Biology", "Lakeside University")
    ]


def test_a_case_study_heading_is_still_projects():
    assert heading_kind("Case Studies") is CardKind.PROJECT
    assert heading_kind("Studies") is CardKind.EDUCATION


@pytest.mark.parametrize("reader", READERS)
def test_a_studies_section_in_a_file_gives_its_schools(tmp_path, reader):
    text = (
        f"{TOP}{JOB}ACADEMIC HISTORY\n\n"
        "Master of Science in Chemistry, Lakeside University, 2016 - 2018\n"
        "B.S. in Biology, Harbor State University, 2012 - 2016\n"
    )
    parsed = read(tmp_path, text, reader)
    schools = {e.company for e in parsed.education}
    assert {"Lakeside University", "Harbor State University"} <= schools, (reader, schools)


def test_a_heading_that_says_schooling_and_experience_is_marked():
    assert names_schooling("Academic Experience")
    assert names_schooling("EDUCATIONAL EXPERIENCE")
    assert not names_schooling("Professional Experience")
    assert not names_schooling("Education")  # the table reads it as education already


SCHOOLS = (
    "Academic Experience\n"
    "Lakeside University - Springfield, IL\n"
    "B.S. in Mechanical Engineering - Awarded May 2014\n"
    "Relevant coursework: Statics, Thermodynamics\n"
    "Harbor Community College - Springfield, IL\n"
    "Associate of Arts - Graduated June 2011\n"
)
POSTS = (
    "Academic Experience\n"
    "Assistant Professor, Department of History, Lakeside University\n"
    "Springfield, IL | September 2018 - August 2021\n"
    "- Taught three sections of Modern European History\n"
    "Teaching Assistant, Department of History, Harbor State University\n"
    "Madison, WI | 2012 - 2018\n"
    "- Led weekly discussion sections\n"
)


@pytest.mark.parametrize("reader", READERS)
def test_academic_experience_over_degrees_is_education(tmp_path, reader):
    parsed = read(tmp_path, f"{TOP}{JOB}{SCHOOLS}", reader)
    schools = {e.company for e in parsed.education}
    assert {"Lakeside University", "Harbor Community College"} <= schools, (reader, schools)
    assert not any("University" in r.company or "College" in r.company for r in parsed.roles)


@pytest.mark.parametrize("reader", READERS)
def test_academic_experience_over_posts_stays_experience(tmp_path, reader):
    parsed = read(tmp_path, f"{TOP}{JOB}{POSTS}", reader)
    titles = [r.title for r in parsed.roles]
    for post in ("Assistant Professor", "Teaching Assistant"):
        assert any(title.startswith(post) for title in titles), (reader, titles)
    assert not parsed.education
