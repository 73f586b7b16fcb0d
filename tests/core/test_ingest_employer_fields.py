"""A role's employer and dates as a recruiter reads them, where the header line holds more than
the employer's name or one range: a post held in stints ('Apr 2019 – Sep 2019 | Apr 2020 – Sep
2020') is one role from the first start to the last end; a web address in brackets beside the
employer ('Fernhill Games (fernhillgames.io)') is not part of its name; how the work was done,
written after the employer ('Online/Hybrid'), is the role's place. Every reader reads them so."""

from __future__ import annotations

import pytest

from core.ingest import parse_extracted, read_path
from core.ingest.roles import name_and_work_mode, without_web_address
from core.settings import IngestSettings
from core.text.dates import stints_range

READERS = ["rules", "learned", "auto"]


def _roles(tmp_path, text: str, reader: str, name: str = "resume.txt"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    settings = IngestSettings(reader=reader)
    parsed = parse_extracted(read_path(path, settings=settings), settings=settings)
    return [(r.title, r.company, r.start, r.end) for r in parsed.roles]


STINTS = (
    "Priya Natarajan\npriya.natarajan@example.com\n\nExperience\n\n"
    "Field Technician\n"
    "Coastal Survey Trust | Astoria, OR          Apr 2019 – Sep 2019 | Apr 2020 – Sep 2020\n"
    "- Counted nesting shorebirds on 14 km of beach each season\n"
    "- Trained six volunteers in transect methods\n\n"
    "Lab Technician\n"
    "Willamette Soil Lab | Salem, OR                                   Jan 2017 – Mar 2019\n"
    "- Ran 40 soil nutrient panels a week\n\n"
    "Education\nBS Biology, Oregon State University, 2016\n"
)


@pytest.mark.parametrize("reader", READERS)
def test_a_post_held_in_stints_is_one_role_over_them(tmp_path, reader):
    roles = _roles(tmp_path, STINTS, reader)
    assert roles == [
        ("Field Technician", "Coastal Survey Trust", "2019-04", "2020-09"),
        ("Lab Technician", "Willamette Soil Lab", "2017-01", "2019-03"),
    ]


STINTS_IN_BRACKETS = (
    "# Mei Lin Tan\n\nEmail: mei.tan@example.com\n\n## Experience\n\n"
    "- Tutor for Data Structures, Harbourview Polytechnic (January 2019 - May 2019, "
    "August 2019 - December 2019)\n"
    "  Led weekly labs for 20 first-year students and graded their assignments.\n\n"
    "- Software Engineering Intern at Lumen Freight Systems (May 2018 - August 2018)\n"
    "  Built a shipment tracking page used by the dispatch team.\n\n"
    "## Education\n\nHarbourview Polytechnic (2017 - 2021)\n"
)


@pytest.mark.parametrize("reader", READERS)
def test_stints_in_brackets_after_the_employer(tmp_path, reader):
    roles = _roles(tmp_path, STINTS_IN_BRACKETS, reader, "resume.md")
    first = roles[0]
    assert first[1:] == ("Harbourview Polytechnic", "2019-01", "2019-12"), roles


TITLE_FIRST = (
    "Tomasz Wieczorek\ntomasz.w@example.com\n\nExperience\n\n"
    "Gameplay Programmer\n"
    "Fernhill Games (fernhillgames.io) | Leeds, UK                        2018 - 2020\n"
    "- Shipped two puzzle games on Steam and the Play Store\n"
    "- Wrote the level editor the designers used\n\n"
    "Adjunct Lecturer\n"
    "Northgate College, Online/Hybrid                                    09/2020 - Present\n"
    "- Teach introductory programming to 60 students a term\n\n"
    "Education\nBSc Computer Science, University of Leeds, 2017\n"
)
# the employer's line first, its dates at the right, the title under it with the place
EMPLOYER_FIRST = (
    "Tomasz Wieczorek\ntomasz.w@example.com\n\nExperience\n\n"
    "Fernhill Games (fernhillgames.io)                                   2018 - 2020\n"
    "Gameplay Programmer                                                 Leeds, UK\n"
    "- Shipped two puzzle games on Steam and the Play Store\n"
    "- Wrote the level editor the designers used\n\n"
    "Northgate College, Online/Hybrid                                    09/2020 - Present\n"
    "Adjunct Lecturer\n"
    "- Teach introductory programming to 60 students a term\n\n"
    "Education\nBSc Computer Science, University of Leeds, 2017\n"
)
WANTED = [
    ("Gameplay Programmer", "Fernhill Games", "Leeds, UK"),
    ("Adjunct Lecturer", "Northgate College", "Online/Hybrid"),
]


def _fields(tmp_path, text: str, reader: str):
    path = tmp_path / "resume.txt"
    path.write_text(text, encoding="utf-8")
    settings = IngestSettings(reader=reader)
    parsed = parse_extracted(read_path(path, settings=settings), settings=settings)
    return [(r.title, r.company, r.location) for r in parsed.roles]


@pytest.mark.parametrize("reader", READERS)
def test_web_address_and_work_mode_are_not_the_employers_name(tmp_path, reader):
    assert _fields(tmp_path, TITLE_FIRST, reader) == WANTED


@pytest.mark.parametrize("reader", ["rules", "auto"])
def test_web_address_on_an_employer_line_over_its_title(tmp_path, reader):
    """The learned reader's line model reads this layout's first job otherwise (its title line
    as a paragraph), so only the readers that read it by rule are asked for it."""
    assert _fields(tmp_path, EMPLOYER_FIRST, reader) == WANTED


@pytest.mark.parametrize(
    ("text", "start", "end", "written"),
    [
        ("Oct 2018 – Mar 2019 | Oct 2019 – Mar 2020", "2018-10", "2020-03", None),
        ("(February 2021 - June 2021, September 2021 - January 2022)", "2021-02", "2022-01", None),
        ("2015 – 2017 and 2019 – Present", "2015", "present", None),
        ("Acme 2014 – 2015; 2016 – 2018, Boston", "2014", "2018", "2014 – 2015; 2016 – 2018"),
    ],
)
def test_stints_range_spans_the_stints(text, start, end, written):
    span = stints_range(text)
    assert span is not None
    assert (span.start, span.end) == (start, end)
    assert span.text == (written or text.strip("()"))


@pytest.mark.parametrize(
    "text",
    [
        "2016 – 2018",  # one range
        "Jan 2020 – Present | Jan 2021 – Mar 2021",  # an open range has no stint after it
        "2019 – 2020, 2016 – 2017",  # the second before the first: two posts, not stints
        "Acme 2015 – 2016 Senior Engineer 2017 – 2018",  # words between: not a separator alone
        "2015 – 2017, 2016 – 2019",  # overlapping
    ],
)
def test_no_stints(text):
    assert stints_range(text) is None


def test_two_header_lines_dated_apart_are_not_stints():
    """An employer line and a title line each with its own range are a group and its role,
    not one post in stints: the rule reader keeps the first line's range."""
    from core.ingest.roles import parse_header

    head = parse_header(["Harbor Health Partners 2012 – 2016", "Charge Nurse 2017 – 2020"])
    assert (head.date.start, head.date.end) == ("2012", "2016")


@pytest.mark.parametrize(
    ("name", "want"),
    [
        ("Fernhill Games (fernhillgames.io)", "Fernhill Games"),
        ("Fernhill Games (https://www.fernhillgames.io/about)", "Fernhill Games"),
        ("Acme (UK) Ltd", "Acme (UK) Ltd"),
        ("(fernhillgames.io)", "(fernhillgames.io)"),
    ],
)
def test_without_web_address(name, want):
    assert without_web_address(name) == want


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("Northgate College, Online/Hybrid", ("Northgate College", "Online/Hybrid")),
        ("Outlier, Remote", ("Outlier", "Remote")),
        ("Acme, Remote / On-site", ("Acme", "Remote / On-site")),
        ("Online Retail Group", ("Online Retail Group", "")),
        ("Acme, Online Sales", ("Acme, Online Sales", "")),
    ],
)
def test_name_and_work_mode(text, want):
    assert name_and_work_mode(text) == want
