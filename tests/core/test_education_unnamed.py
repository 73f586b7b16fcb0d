"""Education entries whose words no vocabulary knows, read from their layout: a programme
before its school on the school's line or on the line above it, a dated line naming what and
where, a name with its dates heading the degree or programme under it. Hand-written text (no
one's data) read by the rule reader, and one rendered file per format read by every reader."""

from __future__ import annotations

import pytest

from core.ingest.education_shapes import dated_name, what_where
from tests.core.education_readings import assert_rendered_entry_found, rule_education
from tools.line_data.compose import FORMATS


def education(text: str) -> list[tuple[str, str]]:
    return [(e.title, e.company) for e in rule_education(text)]


def test_a_programme_before_its_school_on_the_school_line():
    got = education("Education\nMagister in Astronomy, Universidad del Lago    2014 - 2016\n")
    assert got == [("Magister in Astronomy", "Universidad del Lago")]


def test_a_programme_over_its_school_and_dates_opens_its_own_entry():
    got = education(
        "Education\nLakeside University — 2018 - 2022\nPhD in Optics\n"
        "Advanced Placement Scholar\nHarbor University\n2016 - 2017\n"
    )
    assert got == [
        ("PhD in Optics", "Lakeside University"),
        ("Advanced Placement Scholar", "Harbor University"),
    ]


def test_a_dated_line_naming_what_and_where_is_an_entry():
    got = education(
        "Education\nB.S. in Biology, Harbor University   2014\n"
        "Course in Welding, Kestrel Trade Works | 2016\n"
    )
    assert got == [
        ("B.S. in Biology", "Harbor University"),
        ("Course in Welding", "Kestrel Trade Works"),
    ]


def test_a_name_and_its_dates_head_the_degree_under_them():
    got = education("Education\nKTW — 2005\nDiploma in Network Engineering\n")
    assert got == [("Diploma in Network Engineering", "KTW")]


def test_a_name_and_its_dates_head_the_programme_under_them_at_the_top():
    got = education(
        "Education\nKestrel Trade Works — 2016\nCourse in Welding\n"
        "B.S. in Biology, Harbor University   2014\n"
    )
    assert got == [
        ("Course in Welding", "Kestrel Trade Works"),
        ("B.S. in Biology", "Harbor University"),
    ]


def test_a_name_and_its_dates_under_an_entry_open_nothing_over_a_plain_line():
    """Mid-section, a name with its dates over a line that names no degree may head a project
    or a post listed under education: it stays with the entry above."""
    got = education(
        "Education\nHarbor University — 2014\nB.S. in Biology\n"
        "Kestrel Design — 2016\nBrand Identity Project\n"
    )
    assert [school for _, school in got] == ["Harbor University"]


def test_a_programme_a_name_and_dates_stacked_are_an_entry():
    got = education(
        "Education\nCourse in Welding\nKestrel Trade Works\n2016\n"
        "Harbor University — 2014\nB.S. in Biology\n"
        "Certification in Forklift Safety\nNorthgate Training\n2017\n"
    )
    assert got == [
        ("Course in Welding", "Kestrel Trade Works"),
        ("B.S. in Biology", "Harbor University"),
        ("Certification in Forklift Safety", "Northgate Training"),
    ]


def test_a_programme_opening_the_section_over_its_school_and_dates():
    got = education(
        "Education\nCourse in Welding\nLakeside College\n2016\n"
        "B.S. in Biology, Harbor University   2014\n"
    )
    assert got == [
        ("Course in Welding", "Lakeside College"),
        ("B.S. in Biology", "Harbor University"),
    ]


def test_three_stacked_lines_need_the_dates_alone_under_a_plain_name():
    got = education(
        "Education\nB.S. in Biology, Harbor University   2014\n"
        "Course in Welding\nKestrel Trade Works, Austin\n2016\n"
    )
    assert [school for _, school in got] == ["Harbor University"]


@pytest.mark.parametrize(
    "line",
    [
        "Teaching Assistant, Biology Department | 2013",  # a post, not a programme
        "Completed coursework in ecology, field station | 2013",  # a sentence
        "GPA: 3.8, Harbor University | 2013",  # a labelled detail
        "Course in Welding, Kestrel Trade Works, Lab 4 | 2016",  # a third field that is no place
    ],
)
def test_lines_that_are_not_what_and_where(line):
    assert what_where(line) is None


@pytest.mark.parametrize(
    ("line", "name"),
    [
        ("KTW — 2005", "KTW"),
        ("Bachelor of Arts — 2005", ""),  # a degree
        ("Austin, TX — 2005", ""),  # a place
        ("Senior Developer — 2019", ""),  # a post
        ("Thesis: Optics — 2019", ""),  # a label
    ],
)
def test_a_dated_name(line, name):
    assert dated_name(line) == name


def test_an_employer_over_a_post_is_no_school():
    """An employer's block read under an education heading does not become a school."""
    got = education(
        "Education\nB.S. in Biology, Harbor University   2014\n"
        "Kestrel Digital — 2019\nSenior Developer\n"
    )
    assert [school for _, school in got] == ["Harbor University"]


@pytest.mark.parametrize("fmt", FORMATS)
def test_rendered_entries_in_unknown_words(tmp_path, fmt):
    """A fictional person's education with a programme and a school that name no degree and
    no school word, rendered in every format the line data renders: every reader finds the
    entry with a school word; the rule reader's figures are the ones asserted for the other."""
    education = [
        {
            "institution": "Lakeside University",
            "studyType": "Bachelor",
            "area": "Nursing",
            "startDate": "2008-09-01",
            "endDate": "2012-06-01",
        },
        {
            "institution": "Harbor University",
            "studyType": "Magister",
            "area": "Public Health",
            "startDate": "2013-09-01",
            "endDate": "2015-06-01",
        },
    ]
    label = {"degree": "Magister in Public Health", "school": "Harbor University"}
    assert_rendered_entry_found(
        tmp_path, fmt, education, label, ("rules", "learned", "auto"), "unnamed"
    )
