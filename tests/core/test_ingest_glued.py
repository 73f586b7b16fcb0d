"""Words run together by an export: a month glued to its year, a label written twice, and a
list of dated entries without bullets (one card per entry)."""

from __future__ import annotations

import pytest

from core.contracts import CardKind
from core.ingest import parse_resume_text
from core.ingest.glued import unglue_words


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("General Studies December2015", "General Studies December 2015"),
        ("Line cook, Mar2019 – Sept.2021", "Line cook, Mar 2019 – Sept. 2021"),
        ("B.S. Nursing GPA: GPA: 3.8 cum laude", "B.S. Nursing GPA: 3.8 cum laude"),
        ("Honors: Honors: Dean's list", "Honors: Dean's list"),
    ],
)
def test_glued_dates_and_repeated_labels_are_put_apart(written, read):
    assert unglue_words(written) == read


@pytest.mark.parametrize(
    "text",
    ["Office2019 and Windows2000", "Mayo2015 clinic rotation", "GPA: 3.8, Major GPA: 3.9"],
)
def test_words_that_only_look_glued_stay_as_written(text):
    assert unglue_words(text) == text


def test_a_glued_date_is_read_as_the_entry_date():
    text = "Education\nB.S. Accounting, Lakeside University, December2015\n"
    parsed = parse_resume_text(text, source_name="r.txt", fmt="text")
    entry = parsed.education[0]
    assert (entry.timeframe, entry.start) == ("December 2015", "2015-12")


@pytest.mark.parametrize(
    ("heading", "kind", "entries"),
    [
        ("Certificates", CardKind.CERTIFICATION,
         ["2023 Certified Food Handler, State of Ohio", "2021 ServSafe Manager, NRA",
          "2019 TIPS certified, Health Communications"]),
        ("Licenses", CardKind.CERTIFICATION,
         ["2022 BLS Provider, American Heart Association", "2020 RN License, Ohio Board"]),
        ("Community", CardKind.VOLUNTEERING,
         ["2022 - Mentor, Girls Who Code", "2018 - Organizer, Python Users Group"]),
    ],
)  # fmt: skip
def test_year_led_lines_without_bullets_are_one_card_each(heading, kind, entries):
    text = "Summary\nCareful and steady.\n\n" + heading + "\n" + "\n".join(entries) + "\n"
    cards = parse_resume_text(text, source_name="r.txt", fmt="text").cards
    assert sorted(c.raw_text for c in cards if c.kind == kind) == sorted(entries)


def test_a_paragraph_with_one_dated_line_stays_whole():
    text = "Summary\nCareful.\n\nCommunity\n2019 onwards I coached the under-10s\nevery Saturday.\n"
    cards = parse_resume_text(text, source_name="r.txt", fmt="text").cards
    assert [c.raw_text for c in cards if c.kind == CardKind.VOLUNTEERING] == [
        "2019 onwards I coached the under-10s every Saturday."
    ]
