"""A role's dates written one date a line, its start over its end with no joiner between them
('Mar 2019' / 'Jun 2021', '2017-05-01' / 'Current'), as designed resumes set a dates column:
every reader reads one range, and a full date there is not taken for a page's date stamp."""

from __future__ import annotations

import pytest

from core.ingest import parse_extracted, read_path
from core.settings import IngestSettings
from core.text.dates import join_wrapped, stacked_start, wrapped_start


def resume(start: str, end: str) -> str:
    return (
        "Dana Whitfield\ndana.whitfield@example.com\n\nExperience\n\n"
        "Line Cook\nHarbor Bistro LLC\n2014-01 – 2016-12\n- Prepared 200 covers a night\n\n"
        f"Prep Cook\nLakeside Diner\n{start}\n{end}\n- Prepped vegetables and sauces\n\n"
        "Education\nCulinary Arts Diploma, Lakeside Community College, 2013\n"
    )


@pytest.mark.parametrize("reader", ["rules", "learned", "auto"])
@pytest.mark.parametrize(
    ("start", "end", "want"),
    [
        ("Mar 2019", "Jun 2021", ("2019-03", "2021-06")),
        ("2019-03", "2021-06", ("2019-03", "2021-06")),
        ("2019-03-01", "2021-06-30", ("2019-03", "2021-06")),
        ("2017-05-01", "Current", ("2017-05", "present")),
        ("05/2017", "Present", ("2017-05", "present")),
    ],
)
def test_a_start_over_its_end_is_one_range(tmp_path, reader, start, end, want):
    path = tmp_path / "resume.txt"
    path.write_text(resume(start, end), encoding="utf-8")
    settings = IngestSettings(reader=reader)
    parsed = parse_extracted(read_path(path, settings=settings), settings=settings)
    roles = [(r.title, r.company, r.start, r.end) for r in parsed.roles]
    assert roles == [
        ("Line Cook", "Harbor Bistro LLC", "2014-01", "2016-12"),
        ("Prep Cook", "Lakeside Diner", *want),
    ]
    assert not any(item.why == "page furniture" for item in parsed.left_out), parsed.left_out


def test_a_full_date_alone_is_still_a_date_stamp(tmp_path):
    """With no other half of a range over or under it, a full date alone is the document's
    date stamp and is left out."""
    text = resume("Mar 2019", "Jun 2021") + "\n2024-01-15\n"
    path = tmp_path / "resume.txt"
    path.write_text(text, encoding="utf-8")
    parsed = parse_extracted(read_path(path))
    assert [item.what for item in parsed.left_out if item.why == "page furniture"] == ["2024-01-15"]


@pytest.mark.parametrize(
    ("upper", "lower", "start", "end", "written"),
    [
        ("Mar 2019", "Jun 2021", "2019-03", "2021-06", "Mar 2019 – Jun 2021"),
        ("2017-05-01", "Current", "2017-05", "present", "2017-05-01 – Current"),
        ("(2016)", "2018", "2016", "2018", "2016 – 2018"),
    ],
)
def test_stacked_start_pieces(upper, lower, start, end, written):
    span = stacked_start(upper, lower)
    assert span is not None
    joined = join_wrapped(span, upper, lower)
    assert (joined.start, joined.end) == (start, end)
    assert joined.text == written


@pytest.mark.parametrize(
    ("upper", "lower"),
    [
        ("2021", "2019"),  # an 'end' before the start: two separate dates
        ("Line Cook 2019", "2020"),  # a header line with a date, not a date alone
        ("2019", "Harbor Bistro"),  # no end under it
        ("2017 – 2019", "Present"),  # a whole range already
        ("2019", "2020 revenue grew"),  # a sentence under it
    ],
)
def test_what_is_no_stacked_start(upper, lower):
    assert stacked_start(upper, lower) is None
    assert wrapped_start(upper, lower) is None or upper.endswith("–")
