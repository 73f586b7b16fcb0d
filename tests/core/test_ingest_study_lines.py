"""A study entry written among the jobs is an education entry, not a bullet of the role above."""

from __future__ import annotations

import pytest

from core.contracts import CardKind
from core.ingest import parse_resume_text
from core.ingest.study_lines import is_study_line

WORK = (
    "Summary\nSteady, careful and kind.\n\n"
    "Experience\n"
    "{title}, {company}, 2016 – 2019\n"
    "- {bullet}\n"
    "{study}\n"
    "Studied {subject} at night while working full time.\n"
)
CASES = [
    ("Line Cook", "Harbor Grill", "Prepped 200 covers a night.",
     "09/2012 - 06/2014, Student, A.A.S., Culinary Arts, Lakeside Community College, Erie, PA",
     "food safety", "Lakeside Community College"),
    ("Bookkeeper", "Marsh & Sons", "Closed the books monthly.",
     "2010 – 2014 | B.S. | Accounting | Ohio State University | Columbus, OH",
     "cost accounting", "Ohio State University"),
    ("Teaching Assistant", "Pine Elementary", "Ran reading groups for 12 pupils.",
     "Aug 2015 – May 2017, Student, M.Ed., Curriculum, Riverbend University, Austin, TX",
     "child development", "Riverbend University"),
]  # fmt: skip


@pytest.mark.parametrize(("title", "company", "bullet", "study", "subject", "school"), CASES)
def test_a_study_line_among_the_jobs_is_an_education_entry(
    title, company, bullet, study, subject, school
):
    text = WORK.format(title=title, company=company, bullet=bullet, study=study, subject=subject)
    parsed = parse_resume_text(text, source_name="r.txt", fmt="text")
    assert any(entry.company == school for entry in parsed.education)
    education = [c.raw_text for c in parsed.cards if c.kind == CardKind.EDUCATION]
    work = [c.raw_text for c in parsed.cards if c.kind != CardKind.EDUCATION]
    assert any(school in c for c in education) and any(subject in c for c in education)
    assert not any(school in c or subject in c for c in work)
    assert any(bullet in c for c in work)  # the role keeps its own bullet
    assert [r.company for r in parsed.roles] == [company]


@pytest.mark.parametrize(
    "line",
    [
        "Sponsored 12 staff through MBA study at Lakeside College, 2019 – 2021, on budget",
        "Taught CPR, first aid and BLS to 40 nurses, Mercy Hospital, 2018 – 2020",
        "2016 – 2019, Line Cook, Harbor Grill, Erie, PA",
    ],
)
def test_a_work_line_that_mentions_study_stays_work(line):
    assert not is_study_line(line)
