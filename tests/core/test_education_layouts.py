"""Education entries in layouts the readers missed on documents they were not written on: a
school's campus after a comma, a bare degree with its field on the
line under it. Rendered files and hand-written text."""

from __future__ import annotations

import pytest

from core.contracts import RoleEntry
from core.evaluation.resume_match import education_matches
from core.ingest import parse_extracted, read_path
from core.settings import IngestSettings
from tests.core.education_readings import assert_rendered_entry_found, rule_education
from tools.line_data.compose import FORMATS


def education(text: str) -> list[tuple[str, str, str]]:
    return [(e.title, e.company, e.location) for e in rule_education(text)]


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_rendered_school_keeps_its_campus(tmp_path, fmt):
    """A fictional person's school written 'University of Lakeland, Riverside' in every format
    the line data renders: each reader keeps the campus (as the entry's place)."""
    education = [
        {
            "institution": "University of Lakeland, Riverside",
            "studyType": "Bachelor",
            "area": "Nursing",
            "startDate": "2008-09-01",
            "endDate": "2012-06-01",
        }
    ]
    label = {"degree": "Bachelor in Nursing", "school": "University of Lakeland, Riverside"}
    assert_rendered_entry_found(tmp_path, fmt, education, label, ("rules", "auto"), "campus")


def test_a_short_name_after_the_school_is_its_place():
    got = education("Education\nB.S. in Biology\nState University of Harbor, Twin Falls\n2014\n")
    assert got == [("B.S. in Biology", "State University of Harbor", "Twin Falls")]


@pytest.mark.parametrize("after", ["GPA 3.8", "Honors", "Dean's List", "Courses: Algebra"])
def test_a_detail_after_the_school_is_not_its_place(after):
    got = education(f"Education\nB.S. in Biology, Lakeside University, {after}\n")
    assert got[0][1:] == ("Lakeside University", "")


def test_the_matcher_reads_a_campus_from_the_place_field():
    label = {"degree": "B.S. in Biology", "school": "University of Lakeland, Riverside"}
    entry = RoleEntry(id="e1", title="B.S. in Biology", company="University of Lakeland")
    assert not education_matches(label, entry)  # the campus lost: not the school
    entry.location = "Riverside"
    assert education_matches(label, entry)


def test_a_name_with_its_date_alone_is_not_taken_for_a_school():
    """Tried and not kept: a plain name with its date read as a school. In a learned reading
    whose model calls an employer block education, every 'Employer — 2019' became a school and
    the chooser kept that reading (docs/EVALUATION.md)."""
    got = education("Education\nZenda Analytics — 2019\nB.S. in Biology, Lakeside University\n")
    assert all(company != "Zenda Analytics" for _, company, _ in got)


def test_a_bare_degree_takes_its_field_from_the_line_under_it():
    text = "Education\nLakeside University      Bachelors\nElectrical Engineering      May 2020\n"
    assert education(text)[0][:2] == ("Bachelors Electrical Engineering", "Lakeside University")
    # every line a paragraph of its own (an HTML or DOCX export)
    text = "Education\n\nB.A.\n\nLinguistics\n\nLakeside University\n"
    got = education(text)
    assert any(
        education_matches(
            {"degree": "B.A. Linguistics", "school": "Lakeside University"},
            RoleEntry(id="e", title=title, company=company),
        )
        for title, company, _ in got
    ), got


def test_a_degree_that_names_its_field_keeps_the_line_under_it_apart():
    text = "Education\nLakeside University      B.S. in Biology\nMarine Ecology Lab      2020\n"
    assert education(text)[0][0] == "B.S. in Biology"


def test_a_field_ending_in_ing_is_what_was_studied_not_a_post():
    got = education("Education\nLakeside University    2019\nSoftware Engineering\n")
    assert got[0][:2] == ("Software Engineering", "Lakeside University")
    got = education("Education\nLakeside University    2019\nTeaching Assistant\n")
    assert got[0][:2] == ("", "Lakeside University")


def test_a_school_with_its_place_in_brackets_keeps_both():
    got = education("Education\nB.S. in Biology, Lakeside University (Springfield, IL), 2014\n")
    assert got == [("B.S. in Biology", "Lakeside University", "Springfield, IL")]


@pytest.mark.parametrize("reader", ["rules", "auto"])
def test_a_degree_heading_takes_the_school_two_paragraphs_below(tmp_path, reader):
    """An HTML export writes the degree as a heading, then its years and its school as
    paragraphs of their own: the school is the degree's, not lost."""
    path = tmp_path / "resume.html"
    path.write_text(
        "<html><body><h1>Dana Whitfield</h1><p>dana.whitfield@example.com</p>"
        "<h2>Experience</h2><h3>Line Cook - Harbor Bistro LLC</h3><p>2019 - 2021</p>"
        "<ul><li>Prepared 200 covers a night</li></ul>"
        "<h2>Education</h2><h3>Bachelor of Mechanical Engineering</h3><p>2005 - 2009</p>"
        "<p>Lakeside University (Springfield, IL)</p></body></html>",
        encoding="utf-8",
    )
    settings = IngestSettings(reader=reader)
    parsed = parse_extracted(read_path(path, settings=settings), settings=settings)
    got = [(e.title, e.company, e.location) for e in parsed.education]
    assert ("Bachelor of Mechanical Engineering", "Lakeside University", "Springfield, IL") in got


@pytest.mark.parametrize(
    "text",
    [
        "Postgraduate in Computer Science\nHarbor Polytechnic\n2022\n"
        "Courses: Cloud Systems and Networks\n",
        "Master in Computer Science, 2022\nCourses: Distributed Systems - Cloud Computing\n",
        "M.S. in Chemistry, 2019\nRelevant Coursework: Systems Biology, Lab Methods\n",
    ],
)
def test_a_courses_line_is_neither_the_school_nor_the_field(text):
    got = education(f"Education\n{text}")
    assert got, text
    degree, school, _ = got[0]
    assert "Courses" not in school and "Coursework" not in school, got
    assert "Course" not in degree, got


@pytest.mark.parametrize(
    ("line", "school"),
    [
        ("Bachelor in Computing, Faculdade Pitágoras, 2010", "Faculdade Pitágoras"),
        ("Master in Physics, Universidad de Colombia, 2012", "Universidad de Colombia"),
        (
            "M.Sc. in Informatics, Technische Universität München, 2015",
            "Technische Universität München",
        ),
        (
            "Postgraduate in Computer Science, Instituto Superior Técnico, 2022",
            "Instituto Superior Técnico",
        ),
    ],
)
def test_a_school_named_in_another_language_is_the_school(line, school):
    got = education(f"Education\n{line}\n")
    assert got and got[0][1] == school, got


def test_a_degree_written_with_the_word_degree_keeps_its_school_below():
    """A school word inside the degree's field ('… Degree in Systems Engineering') does not make
    the degree line a school: the school on the line under it is the degree's."""
    got = education(
        "Education\nBachelor's Degree in Systems Engineering\n"
        "Universidad Distrital de Bogotá\n2011 to 2017\n"
    )
    assert got[0][:2] == (
        "Bachelor's Degree in Systems Engineering",
        "Universidad Distrital de Bogotá",
    )
