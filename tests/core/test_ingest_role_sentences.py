"""A job written as one sentence in a work section, dated outside the job above it, is a role of
its own (core/ingest/role_sentences.py). Hand-written text only."""

from __future__ import annotations

import pytest

from core.ingest import parse_resume_text

_ABOVE = """Jo Park
jo@example.com

Experience

BLUECART FULFILLMENT, Romeoville IL, 2015 – 2018
Started on nights as a picker and moved up to Shift Lead after 14 months.

{line}

Education
A.A.S. Logistics, Harbor Community College, 2014
"""


def parse(line: str):
    return parse_resume_text(_ABOVE.format(line=line), source_name="r.txt", fmt="text")


@pytest.mark.parametrize(
    ("line", "title", "company", "start", "end"),
    [
        (
            "before that: package handler, part-time nights, Harbor Parcel hub in Joliet, "
            "2013-2015, while I was in school.",
            "package handler",
            "Harbor Parcel hub",
            "2013",
            "2015",
        ),
        (
            "earlier: line cook, weekends, Riverside Diner, 2009 – 2012.",
            "line cook",
            "Riverside Diner",
            "2009",
            "2012",
        ),
        (
            "after that: delivery driver at Lakeside Foods, 2018 - 2020",
            "delivery driver",
            "Lakeside Foods",
            "2018",
            "2020",
        ),
        (
            "Cashier, Corner Market Co., 2011–2014, evenings.",
            "Cashier",
            "Corner Market Co.",
            "2011",
            "2014",
        ),
    ],
)
def test_a_job_in_one_sentence_dated_outside_the_job_above_is_a_role(
    line, title, company, start, end
):
    parsed = parse(line)
    assert len(parsed.roles) == 2
    role = parsed.roles[1]
    assert (role.title, role.company, role.start, role.end) == (title, company, start, end)
    card = next(c for c in parsed.cards if line.split(",")[1].strip() in c.raw_text)
    assert card.role_id == role.id  # its card goes with it, not with BlueCart
    assert all(c.role_id == parsed.roles[0].id for c in parsed.cards if "picker" in c.raw_text)


@pytest.mark.parametrize(
    "line",
    [
        # dated inside the job above: a part of it
        "peak season: seasonal lead, Harbor Parcel hub in Joliet, 2016-2017, nights.",
        # no job title
        "moved 38 pallets of short-dated stock to Northern Food Bank, 2012-2013.",
        # no capitalised employer
        "before that: package handler, part-time nights, 2013-2015.",
        # more than one sentence: a story, not a job line
        "Ran the 2013-2015 audit. Package handler at Harbor Parcel covered for me.",
        # a single year, not a range
        "before that: package handler, Harbor Parcel hub in Joliet, 2013.",
    ],
)
def test_a_sentence_that_is_not_a_job_of_its_own_stays_in_the_job_above(line):
    parsed = parse(line)
    assert len(parsed.roles) == 1
    assert all(c.role_id == parsed.roles[0].id for c in parsed.cards if c.section == "Experience")
