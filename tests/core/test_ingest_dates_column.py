"""A CV with a dates column left of the text column (moderncv-style LaTeX PDFs): headings set in
the text column, a range wrapped by the narrow dates column ("2017 –" / "Present"), and
"Title, Employer, City, Region, Country" headers."""

from __future__ import annotations

import pytest

from core.ingest import parse_resume_text
from core.text.dates import dangling_start, join_wrapped, leading_end

PAD = " " * 19


def cv(first_start: str, first_end: str, place: str) -> str:
    return "\n".join(
        [
            "Jordan Reyes",
            "jordan.reyes@example.org",
            "",
            f"{PAD}Profile",
            "Charge nurse with ten years on medical-surgical floors.",
            f"{PAD}Skills",
            f"{PAD}Triage, IV therapy, Epic charting",
            f"{PAD}Experience",
            f"       {first_start:<11}  Charge Nurse, Mercy General Hospital, {place}",
            f"     {first_end:<13} Led a team of eight nurses on a 32-bed unit.  Cut handoff",
            f"{PAD}errors by a third with a bedside checklist.",
            f" 2012 – 2016   Staff Nurse, Riverside Clinic, {place}",
            f"{PAD}Cared for six to eight patients per shift.",
            f"{PAD}Education",
            " 2008 – 2012   Bachelor of Science in Nursing, Lakeside University",
        ]
    )


@pytest.mark.parametrize(
    ("start", "end", "want_start", "want_end", "place"),
    [
        ("2016 –", "Present", "2016", "present", "Columbus, GA, USA"),
        ("Mar 2016 –", "Current", "2016-03", "present", "Munich, Bavaria, Germany"),
        ("2016 to", "2021", "2016", "2021", "Austin, TX"),
        ("06/2016 —", "12/2021", "2016-06", "2021-12", "Leeds, West Yorkshire, UK"),
        ("2016 until", "Present", "2016", "present", "Austin, TX"),
        # the column wrapped inside the end date: its month above, its year below
        ("Jul 2016 until Aug", "2021", "2016-07", "2021-08", "Austin, TX"),
        ("Jul 2016 – Aug", "2021", "2016-07", "2021-08", "Boise, ID"),
    ],
)
def test_a_cv_with_a_dates_column_reads_headings_roles_and_wrapped_ranges(
    start, end, want_start, want_end, place
):
    parsed = parse_resume_text(cv(start, end, place), source_name="cv.pdf", fmt="pdf")
    roles = [(r.title, r.company, r.location, r.start, r.end) for r in parsed.roles]
    assert roles == [
        ("Charge Nurse", "Mercy General Hospital", place, want_start, want_end),
        ("Staff Nurse", "Riverside Clinic", place, "2012", "2016"),
    ]
    assert [(e.title, e.company) for e in parsed.education] == [
        ("Bachelor of Science in Nursing", "Lakeside University")
    ]
    assert {"Profile", "Skills", "Experience", "Education"} <= set(parsed.sections)
    body = [c for c in parsed.cards if c.raw_text.startswith("Led a team")]
    assert len(body) == 1 and body[0].role == "Charge Nurse"  # the end word left the body text
    assert not any(c.raw_text.startswith(end) for c in parsed.cards if c.role == "Charge Nurse")


def test_an_indented_heading_word_is_a_heading_only_in_the_document_heading_column():
    text = "\n".join(
        [
            "Jordan Reyes",
            "",
            "Experience",
            "Charge Nurse | Mercy General Hospital | 2016 – Present",
            "- Led the unit's move to bedside shift reports, covering",
            "    Training",  # a wrapped bullet line, not a heading: no heading is indented
            "Education",
            "BSN, Lakeside University, 2012",
        ]
    )
    parsed = parse_resume_text(text, source_name="cv.txt", fmt="text")
    assert "Training" not in parsed.sections
    assert any("covering Training" in c.raw_text for c in parsed.cards)


def test_wrapped_range_pieces():
    text = "2017 –    Product Manager, Acme"
    span = dangling_start(text)
    assert span is not None and span.start == "2017"
    assert dangling_start("2017 – 2019   Engineer") is None  # a whole range
    assert dangling_start("Engineer since the 2017 – merger") is None  # text after the dash
    assert leading_end("Present     Leading the team") == "Present"
    assert leading_end("Presenting at conferences") is None
    assert leading_end("2019 revenue grew") is None  # a year in a sentence, no column gap
    joined = join_wrapped(span, text, "Present")
    assert (joined.start, joined.end, joined.text) == ("2017", "present", "2017 – Present")
    text = "Jan 2017 until March    Product Manager, Acme"
    span = dangling_start(text)
    assert span is not None and span.start == "2017-01"
    joined = join_wrapped(span, text, "2019")
    assert (joined.start, joined.end) == ("2017-01", "2019-03")
    assert dangling_start("Jan 2017 until Marchant    Product Manager") is None  # no month


@pytest.mark.parametrize(
    ("place", "phone_line"),
    [
        ("Silicon Valley, CA, USA", "Jordan Reyes{gap}(208) 555-0143"),
        ("Boise, ID", "Jordan Reyes{gap}+1 208 555 0143"),
        ("Leeds, West Yorkshire, UK", "Jordan Reyes{gap}jordan.reyes@example.org"),
    ],
)
def test_a_place_set_right_in_the_contact_column_is_not_the_name(place, phone_line):
    name, contact = phone_line.split("{gap}")
    top = place.rjust(100) + "\n" + name + contact.rjust(100 - len(name)) + "\n"
    top += "linkedin.com/in/jreyes".rjust(100) + "\n\nSummary\nCharge nurse, ten years.\n"
    parsed = parse_resume_text(top, source_name="cv.pdf", fmt="pdf")
    assert (parsed.contact.name, parsed.contact.location) == ("Jordan Reyes", place)
    assert not any(place in c.raw_text or "Jordan" in c.raw_text for c in parsed.cards)


def test_a_centred_name_stays_the_name():
    text = " " * 30 + "Jordan Reyes\n" + " " * 18 + "Boise, ID | jordan.reyes@example.org\n"
    text += "\nSummary\nCharge nurse, ten years.\n"
    parsed = parse_resume_text(text, source_name="cv.pdf", fmt="pdf")
    assert (parsed.contact.name, parsed.contact.location) == ("Jordan Reyes", "Boise, ID")
