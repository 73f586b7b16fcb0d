"""Side entries (projects, volunteering, memberships, certifications) carry their own context:
the organisation and dates they name. Hand-written text only."""

from __future__ import annotations

import pytest

from core.audit.dates import role_span
from core.contracts import CardKind, RoleEntry
from core.ingest import parse_resume_text
from core.text.dates import find_dates, stated_dates, stated_periods

RESUME = (
    "Experience\n"
    "Dispatcher | Valley Transit Co. | 2018 – Present\n"
    "- Dispatched 40 buses a shift.\n\n"
    "Projects\n\n"
    "Route map redesign (2021 – 2022)\n"
    "Riders kept missing the transfer at Fifth Street. I redrew the map with the planners and "
    "cut missed transfers by a third.\n\n"
    "Community\n"
    "- Volunteer driver, Meals On Wheels North, 2019–present: deliver 20 lunches every Friday.\n"
    "- Tri-County Dispatchers Association, member since 2020; newsletter editor\n"
    "- Active member of the local Gardening Club of Marston\n"
)


def _card(parsed, words):
    return next(c for c in parsed.cards if words in c.raw_text)


def test_a_project_title_line_above_its_story_dates_every_card_of_it():
    parsed = parse_resume_text(RESUME, source_name="r.txt", fmt="text")
    story = _card(parsed, "cut missed transfers")
    assert (story.project, story.timeframe) == ("Route map redesign", "2021 – 2022")


def test_a_side_line_names_its_organisation_after_the_role_or_first():
    parsed = parse_resume_text(RESUME, source_name="r.txt", fmt="text")
    driver = _card(parsed, "20 lunches")
    assert (driver.company, driver.timeframe) == ("Meals On Wheels North", "2019–present")
    member = _card(parsed, "newsletter editor")
    assert member.company == "Tri-County Dispatchers Association"
    club = _card(parsed, "Gardening Club")
    assert club.company == ""  # 'Club' is no organisation word: nothing is guessed


def test_the_story_of_a_dated_project_is_not_read_as_a_role():
    parsed = parse_resume_text(RESUME, source_name="r.txt", fmt="text")
    assert [(r.title, r.company) for r in parsed.roles] == [("Dispatcher", "Valley Transit Co.")]


# --- every period a side line states, as its card's timeframe --------------------------------

CREDENTIALS = (
    "Experience\n"
    "Line Cook | Harbor Grill | 2019 – Present\n"
    "- Ran the sauté station for 120 covers a night.\n\n"
    "Licenses & Certifications\n"
    "- Registered Nurse, Maine State Board of Nursing, License RN71234, expires 09/30/2027\n"
    "- Certified Public Accountant, Vermont, issued 2016-04-02, renewed 04/2024\n"
    "- Commercial Driver's License Class A, earned 03/2015, valid through 03/2027\n"
    "- Food Protection Manager, ServSafe, 2021\n"
    "\n"
    "Memberships\n"
    "- Gulf Coast Electricians Association, member since 2012; apprenticeship board 2018 – 2021\n"
    "- Chorus of the Bay, 2015 – 2017 and 2020 – present\n"
)


@pytest.mark.parametrize(
    ("words", "timeframe"),
    [
        ("License RN71234", "expires 09/30/2027"),
        ("Certified Public Accountant", "issued 2016-04-02, renewed 04/2024"),
        ("Class A", "earned 03/2015, valid through 03/2027"),
        ("ServSafe", "2021"),
        ("Electricians", "member since 2012; apprenticeship board 2018 – 2021"),
        ("Chorus", "2015 – 2017; 2020 – present"),
    ],
)
def test_a_side_line_carries_every_period_it_states(words, timeframe):
    parsed = parse_resume_text(CREDENTIALS, source_name="r.txt", fmt="text")
    assert _card(parsed, words).timeframe == timeframe


@pytest.mark.parametrize(
    ("text", "periods"),
    [
        ("Notary Public, State of Ohio (commission expires 2027)", "commission expires 2027"),
        ("Forklift operator card (valid until 2026-03-31)", "valid until 2026-03-31"),
        ("Employee of the Quarter Q3 2022 and Q2 2023", "Q3 2022; Q2 2023"),
        # a date inside a longer clause stands alone: the story words are not its qualifier
        ("Rebuilt the desk, moved the team in 2021, then led the 2023 redesign", "2021; 2023"),
        ("Teaching Assistant, Chem 101", ""),
        ("Phone 555-201-3344, badge 1/2/3", ""),
    ],
)
def test_stated_periods_keep_the_words_that_say_what_a_date_is(text, periods):
    assert stated_periods(text) == periods


def test_a_date_with_a_day_is_context_only_and_never_restyled():
    assert find_dates("expires 09/15/2026") == []  # the output's date restyling never sees it
    (span,) = stated_dates("expires 09/15/2026")
    assert (span.text, span.start) == ("09/15/2026", "2026-09")
    (iso,) = stated_dates("issued 2016-04-02")
    assert (iso.text, iso.start) == ("2016-04-02", "2016-04")


@pytest.mark.parametrize(
    ("timeframe", "start", "end", "ongoing"),
    [
        ("member since 2014; program committee 2019 – 2022", 2014, None, True),
        ("earned 11/2018, current through 12/2025", 2018, 2025, False),
        ("2015 – 2017; 2020 – present", 2015, None, True),
        ("expires 09/15/2026", 2026, 2026, False),
    ],
)
def test_the_audit_reads_a_side_entry_with_several_periods_as_one_span(
    timeframe, start, end, ongoing
):
    span = role_span(RoleEntry(id="c", company="Guild", timeframe=timeframe))
    assert span is not None
    assert (span.start, span.end, span.ongoing) == (start, end, ongoing)


# --- a dated entry heading in a project section: the bullets under it are that entry's -----

PROJECTS = (
    "Experience\n"
    "{job}\n"
    "- {job_bullet}\n\n"
    "PROJECT EXPERIENCE\n\n"
    "{first} ({first_dates})\n"
    "Client: {client} | Value: $4.2M | Role: {role}\n"
    "- {first_bullet}\n"
    "- Wrote the close-out report.\n\n"
    "{second} ({second_dates})\n"
    "- {second_bullet}\n\n"
    "Internal tooling\n"
    "- Kept the shared templates tidy.\n"
)
OCCUPATIONS = [
    {
        "job": "Project Engineer | Marlow Consulting Engineers | 2019 – Present",
        "job_bullet": "Lead design packages for water clients.",
        "first": "Riverside Pump Station Upgrade",
        "first_dates": "2023 – 2024",
        "client": "City of Riverside",
        "role": "Design engineer",
        "first_bullet": "Sized three 150 hp pumps.",
        "second": "Elm Street Bridge Rehabilitation, Phase 2",
        "second_dates": "2021 – 2023",
        "second_bullet": "Inspected 40 deck repairs.",
    },
    {
        "job": "Senior Consultant | Brightlane Advisory LLC | 2017 – 2024",
        "job_bullet": "Ran ERP selections for mid-size manufacturers.",
        "first": "Payroll migration for a 3,000-person retailer",
        "first_dates": "Mar 2022 – Jan 2023",
        "client": "Northway Stores",
        "role": "Functional lead",
        "first_bullet": "Mapped 140 pay codes to the new system.",
        "second": "Warehouse scanning rollout, Ohio and Kentucky sites",
        "second_dates": "2019–2020",
        "second_bullet": "Trained 60 pickers on handheld scanners.",
    },
    {
        "job": "Account Director | Fable & Finch Agency | 2016 – Present",
        "job_bullet": "Managed a team of 6 account executives.",
        "first": "Harvest Festival brand relaunch",
        "first_dates": "2022",
        "client": "Orchard Valley Co-op",
        "role": "Account lead",
        "first_bullet": "Grew festival attendance by 18%.",
        "second": "Transit ad campaign, spring and fall flights",
        "second_dates": "06/2020 - 11/2020",
        "second_bullet": "Placed 220 bus-shelter posters.",
    },
]


@pytest.mark.parametrize("job", OCCUPATIONS, ids=["civil", "consulting", "marketing"])
def test_bullets_under_a_dated_project_heading_carry_its_name_and_dates(job):
    parsed = parse_resume_text(PROJECTS.format(**job), source_name="r.txt", fmt="text")
    for words, name, dates in (
        (job["first_bullet"], job["first"], job["first_dates"]),
        ("close-out report", job["first"], job["first_dates"]),
        (job["second_bullet"], job["second"], job["second_dates"]),
    ):
        card = _card(parsed, words)
        assert (card.kind.value, card.project, card.timeframe) == ("project", name, dates)
    # a project is not a job: the roles are the one job, and no 'Role: …' line became one
    assert [r.id for r in parsed.roles] == ["r01"]
    # an undated block after the projects does not take the last project's dates
    assert _card(parsed, "shared templates").timeframe == ""


@pytest.mark.parametrize(
    ("lines", "cards"),
    [
        (
            "BLS, American Heart Association, 2024\nACLS Provider, 2023\nCCRN (Adult), 2021\n",
            ["BLS, American Heart Association, 2024", "ACLS Provider, 2023", "CCRN (Adult), 2021"],
        ),
        (  # a line ending on a joiner, or a next line in lower case, is one credential wrapped
            "Journeyman Electrician License, State of Ohio &\nCity of Columbus, 2019\n"
            "OSHA 30-Hour Construction Safety, 2020, renewed\nevery three years\n",
            [
                "Journeyman Electrician License, State of Ohio & City of Columbus, 2019",
                "OSHA 30-Hour Construction Safety, 2020, renewed every three years",
            ],
        ),
        (
            "TIPS certified\nCertified Food Handler, State of Virginia\nServSafe Manager\n",
            ["TIPS certified", "Certified Food Handler, State of Virginia", "ServSafe Manager"],
        ),
    ],
)
def test_a_credentials_section_without_bullets_is_one_card_per_credential(lines, cards):
    parsed = parse_resume_text(f"Certifications\n{lines}", source_name="r.txt", fmt="text")
    assert [c.raw_text for c in parsed.cards if c.kind == CardKind.CERTIFICATION] == cards


def test_affiliations_are_a_side_section_one_membership_per_line_not_jobs():
    text = (
        "Experience\nSite Engineer | Acme Builders | 2015 - 2019\n- Ran the site.\n\n"
        "PROFESSIONAL AFFILIATIONS\n"
        "American Society of Civil Engineers (ASCE), member since 2016; branch secretary,\n"
        "2022 – 2024\n"
        "Ohio Nurses Association, member, 2018 – present\n"
    )
    parsed = parse_resume_text(text, source_name="r.txt", fmt="text")
    assert [r.company for r in parsed.roles] == ["Acme Builders"]
    sides = [c.raw_text for c in parsed.cards if c.kind == CardKind.VOLUNTEERING]
    assert sides == [
        "American Society of Civil Engineers (ASCE), member since 2016; branch secretary, "
        "2022 – 2024",
        "Ohio Nurses Association, member, 2018 – present",
    ]
