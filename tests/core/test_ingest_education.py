"""Education entries: the degree vocabulary as data, entries on two lines, two entries on one
line, a school named only by its place after the date. Hand-written text only."""

from __future__ import annotations

import pytest

from core.ingest import parse_resume_text
from core.ingest.degrees import DEGREE, without_degree


def education(text: str) -> list[tuple[str, str, str | None]]:
    parsed = parse_resume_text(
        "Experience\nCook | Bistro LLC | 2019 - 2021\n\n" + text, source_name="r.txt", fmt="text"
    )
    return [(e.title, e.company, e.start) for e in parsed.education]


@pytest.mark.parametrize(
    ("line", "degree"),
    [
        ("A.S : Nursing", "A.S"),
        ("BSN. Lakeside University", "BSN."),
        ("Associate of Applied Science, Baking", "Associate of"),
        ("H. S. C. State Board", "H. S. C."),
        ("Pharm.D., 2016", "Pharm.D."),
        ("ASSOCIATE OF ARTS", "ASSOCIATE OF"),
        ("B.E. Mechanical", "B.E."),
    ],
)
def test_degree_forms_from_the_vocabulary(line, degree):
    assert DEGREE.search(line).group(0) == degree


@pytest.mark.parametrize("line", ["mastered the fryer", "Mastercard rollout", "AWS", "Be kind"])
def test_words_that_only_look_like_degrees_are_not(line):
    assert DEGREE.search(line) is None


def test_the_field_a_degree_names_is_not_a_school():
    assert "Pharmacy" not in without_degree("Doctor of Pharmacy | 2016")
    assert "Lakeside College" in without_degree("Diploma in Hotel Management, Lakeside College")


def test_a_school_line_over_a_degree_line_is_one_entry():
    text = "Education\nRiverbend Institute of Technology        Tacoma, WA\n"
    text += "B.S. in Mechanical Engineering        Mar. 2010 - Aug. 2014\n"
    assert education(text) == [
        ("B.S. in Mechanical Engineering", "Riverbend Institute of Technology", "2010-03")
    ]


def test_a_degree_line_over_its_school_line_is_one_entry_even_when_the_field_has_a_school_word():
    text = "Education\nDoctor of Pharmacy | 05/2019\nLakeshore University College of Pharmacy\n"
    assert education(text) == [
        ("Doctor of Pharmacy", "Lakeshore University College of Pharmacy", "2019-05")
    ]


def test_two_entries_written_on_one_line_are_two_entries():
    text = "Education\nA.S : Nursing Mesa Technical College BSN. Ridge University - City , State\n"
    found = education(text)
    assert len(found) == 2
    assert "Mesa Technical College" in found[0][0] + found[0][1]
    assert "Ridge University" in found[1][0] + found[1][1]
    assert "Mesa" not in found[1][0] + found[1][1]


def test_a_school_without_a_school_word_is_the_name_after_the_date():
    text = (
        "Education\nAssociate of Applied Science , Baking and Pastry 2011 Marlowe - City , State\n"
    )
    assert education(text) == [
        ("Associate of Applied Science, Baking and Pastry", "Marlowe", "2011")
    ]


def test_a_degree_piece_with_a_school_word_in_its_field_is_not_taken_for_the_school():
    text = "Education\nJanuary 2008 Diploma Hotel Management  Harbour Institute of Hotel Studies\n"
    ((title, school, _),) = education(text)
    assert school == "Harbour Institute of Hotel Studies"
    assert title == "Diploma Hotel Management"


def test_an_education_heading_glued_after_a_sentence_starts_the_section():
    text = "Summary\nLed weekend sales. Played chess for the county. Education Details \n"
    text += " MBA Finance  Hillcrest College\n B.B.A. Accounts Pune, Maharashtra Lotus College\n"
    found = education(text)
    assert [(t, s) for t, s, _ in found] == [
        ("MBA Finance", "Hillcrest College"),
        ("B.B.A. Accounts Pune", "Maharashtra Lotus College"),
    ]


def test_a_year_in_brackets_after_the_degree_goes_with_its_brackets():
    got = education("Education\nMBA (2019), Harlow Business School\nB.Com (2014), Elm College\n")
    assert got == [("MBA", "Harlow Business School", "2019"), ("B.Com", "Elm College", "2014")]


def test_school_first_then_degree_and_year():
    got = education("Education\nLakeside University — B.A. History, 2012\n")
    assert got == [("B.A. History", "Lakeside University", "2012")]


def test_a_school_name_wrapped_by_a_narrow_column_is_one_name():
    got = education("Education\nB.F.A. Illustration, Ringling\nCollege, 2011\n")
    assert got == [("B.F.A. Illustration", "Ringling College", "2011")]


def test_a_school_line_under_a_degree_line_is_not_taken_for_a_wrap():
    got = education("Education\nB.A. History, Magna Cum Laude\nUniversity of Leeds, 2009\n")
    assert got == [("B.A. History, Magna Cum Laude", "University of Leeds", "2009")]


def test_school_degree_and_dates_stacked_on_three_lines_are_one_entry():
    text = (
        "Education\nRiverbend Polytechnic\nDiploma in Welding\n2014 – 2016\n"
        "Lakeside College\nB.S. Biology\n2009 – 2013\n"
    )
    assert education(text) == [
        ("Diploma in Welding", "Riverbend Polytechnic", "2014"),
        ("B.S. Biology", "Lakeside College", "2009"),
    ]


@pytest.mark.parametrize(
    "place",
    ["Cambridge, MA, USA", "Baltimore, MD", "Starkville, MS", "Dhaka, BA"],
)
def test_a_place_wrapped_after_a_comma_stays_with_its_entry_even_when_it_reads_as_a_degree(place):
    text = "Education\n2010 – 2014   B.S. in Biology, Lakeside Institute of Technology,\n"
    text += f"              {place}\n2008 – 2010   A.A., Harbor Community College\n"
    assert education(text) == [
        ("B.S. in Biology", "Lakeside Institute of Technology", "2010"),
        ("A.A.", "Harbor Community College", "2008"),
    ]


@pytest.mark.parametrize("date", ["2015", "05/2015", "May 2015", "2013 – 2015"])
def test_dates_written_above_each_entry_open_the_entry_below(date):
    start = date.split(" – ")[0]
    text = f"Education\n{date}\nB.A. : Graphic Design Lakeside University - Reno, NV\n"
    text += "    Dean's List for Fine Arts\n    Worked on the design for the company newsletter\n"
    text += f"{date.replace('15', '09')}\nHigh School Diploma Harbor High School - Reno, NV\n"
    text += "    4.0 GPA\n"
    got = education(text)
    # two entries ('for the company newsletter', a common noun, opens none); how 'B.A. : Field
    # School' divides into degree and school is not what this test is about
    assert len(got) == 2
    assert "B.A." in f"{got[0][0]} {got[0][1]}" and "Lakeside University" in got[0][1]
    assert "Diploma" in f"{got[1][0]} {got[1][1]}" and "Harbor High School" in got[1][1]
    assert [when for _, _, when in got] == [
        parse_start(start),
        parse_start(start.replace("15", "09")),
    ]


def parse_start(written: str) -> str:
    from core.text.dates import first_range

    span = first_range(written)
    assert span is not None
    return span.start or ""


@pytest.mark.parametrize(
    ("school", "campus", "place"),
    [
        ("University of Lakeland", "Riverside", "Riverside, CA, USA"),
        ("State University of Harbor", "Twin Cities", "Minneapolis, MN, USA"),
        ("University of Northmoor", "Los Altos", "Los Altos, CA, US"),
    ],
)
def test_a_campus_between_the_school_and_its_place_is_part_of_the_school(school, campus, place):
    text = f"Education\n2010 – 2014   B.S. in Biology, {school}, {campus},\n"
    text += f"              {place}\n2008 – 2010   A.A., Harbor Community College, Reno, NV\n"
    assert education(text) == [
        ("B.S. in Biology", f"{school}, {campus}", "2010"),
        ("A.A.", "Harbor Community College", "2008"),
    ]


@pytest.mark.parametrize(
    "after",
    [
        "Stanford, CA, USA",
        "Stanford, CA",
        "Stanford",
        "Honors, Reno, NV",
        "2014",
        "City, State, USA, Hospitality Management",  # a builder's placeholder place, a field
    ],
)
def test_a_place_or_a_detail_after_the_school_is_not_a_campus(after):
    got = education(f"Education\nB.S. in Biology, Lakeside University, {after}\n")
    assert got[0][:2] == ("B.S. in Biology", "Lakeside University")


@pytest.mark.parametrize(
    ("lines", "degree"),
    [
        (
            "Harbor Community College    2012\nAssociate of Arts, Culinary Management",
            "Associate of Arts, Culinary Management",
        ),
        (
            "Lakeside University    2015\nBachelor of Science, Nursing, Honors Program",
            "Bachelor of Science, Nursing",
        ),
        (
            "Lakeside University    2015\nBachelor of Science, Magna Cum Laude",
            "Bachelor of Science",
        ),
        ("Lakeside University    2015\nBachelor of Science, Boise, ID", "Bachelor of Science"),
        ("Lakeside University    2015\nB.S., GPA 3.8", "B.S."),
    ],
)
def test_a_degree_line_under_its_school_keeps_the_field_after_its_comma(lines, degree):
    """The field after a bare degree is part of the degree, as it is when the school follows on
    the same line; a place, a distinction or a grade is not."""
    (entry,) = education("Education\n" + lines)
    assert entry[0] == degree


def test_the_line_under_a_school_that_names_no_degree_is_what_was_studied_there():
    text = "Education\nHarbor Culinary Institute        Jun 2017 - Dec 2017\n"
    text += "Twelve-week pastry and plated desserts programme        Portland, OR\n"
    assert education(text) == [
        ("Twelve-week pastry and plated desserts programme", "Harbor Culinary Institute", "2017-06")
    ]


def test_a_name_after_a_dash_on_the_school_line_is_what_was_studied():
    text = "Education\nMidland State University – Welding Technology        2012 - 2014\n"
    text += "Left to start work as an apprentice        Midland, TX\n"
    assert education(text) == [("Welding Technology", "Midland State University", "2012")]


@pytest.mark.parametrize(
    "below",
    [
        "GPA: 3.9 / 4.0",
        "Graduated with honours, top of the class",
        "Completed the first year of the programme",
        "Dean's List every term",
        "Shift Supervisor",
    ],
)
def test_a_detail_line_under_a_school_is_not_taken_for_a_programme(below):
    text = f"Education\nHarbor Culinary Institute        2015 - 2017\n{below}\n"
    assert [title for title, _, _ in education(text)] == [""]


def test_a_school_name_wrapped_with_its_dates_is_not_a_programme():
    text = "Education\nNorthern Academy of Applied Marine        (09/2010 -\n"
    text += "Engineering Sciences        06/2013)\n"
    assert all(title != "Engineering Sciences" for title, _, _ in education(text))


def test_degrees_under_a_school_line_of_their_own_are_all_of_that_school():
    text = "Education\nLakeshore State University        Duluth, MN\n"
    text += "Master of Science in Nursing        May 2020\n"
    text += "Bachelor of Science in Nursing        GPA: 3.7\n"
    found = education(text)
    assert [(title, school) for title, school, _ in found] == [
        ("Master of Science in Nursing", "Lakeshore State University"),
        ("Bachelor of Science in Nursing", "Lakeshore State University"),
    ]


def test_degrees_listed_above_their_school_line_are_of_that_school():
    text = "Education\n\n- M.Ed. Special Education, 2016\n- B.A. Psychology, 2013\n\n"
    text += "Prairie View College of Education\n"
    found = {title: school for title, school, _ in education(text)}
    assert found["M.Ed. Special Education"] == "Prairie View College of Education"
    assert found["B.A. Psychology"] == "Prairie View College of Education"


def test_a_degree_after_another_schools_full_entry_does_not_take_that_school():
    text = "Education\nB.S. Biology, Coastal University, 2012\nAssociate of Arts, 2009\n"
    found = education(text)
    assert ("Associate of Arts", "") in [(title, school) for title, school, _ in found]
