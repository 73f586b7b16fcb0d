"""The light assembler: labelled lines → roles, education, cards; never evidence left out.

The labels are given by hand here (what the model would say), so these tests check only how
lines are put together; the model's own quality is measured by `resumeforge eval lines`.
"""

from __future__ import annotations

from core.contracts import CardKind
from core.ingest.layout import split_lines
from core.ingest.learned import read_labelled
from core.ingest.learned_relabel import employers_shaped_like_others
from core.reader.labels import LineLabel as L

TEACHER = """Dana Okafor
dana.okafor@example.org | 555-010-2000

TEACHING LIFE
Riverside Elementary School
Third Grade Teacher
Aug 2018 - Present
- Planned daily lessons for 26 students
- Raised reading scores by 12%
Student Teacher
Jan 2018 - May 2018
Taught math units under a mentor.

PAPERWORK (CERTS & SCHOOL)
B.A. Elementary Education, State University, 2018
CPR certified

REFERENCES
Marta Ruiz, Principal, 555-201-7788
Page 1 of 1"""
TEACHER_LABELS = [
    L("name"), L("contact"), None,
    L("heading", "experience"), L("employer"), L("title"), L("dates"), L("bullet"), L("bullet"),
    L("title"), L("dates"), L("description"), None,
    L("heading", "education"), L("education"), L("certification"), None,
    L("heading", "references"), L("references"), L("furniture"),
]  # fmt: skip


def test_headings_of_any_wording_open_the_sections_the_model_names():
    parsed, _ = read_labelled(TEACHER, TEACHER_LABELS, source_name="t.txt")
    assert [(r.title, r.company, r.start, r.end) for r in parsed.roles] == [
        ("Third Grade Teacher", "Riverside Elementary School", "2018-08", "present"),
        # no employer of its own under the employer line that heads the first role: that one's
        ("Student Teacher", "Riverside Elementary School", "2018-01", "2018-05"),
    ]
    [degree] = parsed.education
    assert (degree.title, degree.company, degree.start) == (
        "B.A. Elementary Education",
        "State University",
        "2018",
    )
    bullets = [c for c in parsed.cards if c.kind == CardKind.EXPERIENCE_BULLET]
    assert {c.role for c in bullets} == {"Third Grade Teacher"} and len(bullets) == 2
    assert any(c.kind == CardKind.CERTIFICATION and "CPR" in c.raw_text for c in parsed.cards)
    assert parsed.contact.name == "Dana Okafor"


def test_other_peoples_details_and_furniture_never_become_evidence_nor_are_shown():
    parsed, left_out = read_labelled(TEACHER, TEACHER_LABELS, source_name="t.txt")
    text = " ".join(c.raw_text for c in parsed.cards)
    assert "Marta" not in text and "7788" not in text and "Page 1" not in text
    assert [item.line for item in left_out] == [19, 20]
    assert all("Marta" not in item.what for item in left_out)


def test_roles_under_an_employer_only_line_keep_that_employer():
    text = (
        "ACME LOGISTICS\nShift Lead, 2020 - 2022\n- Ran a crew of 9\n"
        "Picker, 2018 - 2020\n- Picked 140 lines an hour"
    )
    labels = [L("employer"), L("role_header"), L("bullet"), L("role_header"), L("bullet")]
    parsed, _ = read_labelled(text, labels, source_name="w.txt")
    assert [(r.title, r.company, r.start) for r in parsed.roles] == [
        ("Shift Lead", "ACME LOGISTICS", "2020"),
        ("Picker", "ACME LOGISTICS", "2018"),
    ]
    assert not parsed.contact.name  # the first line is an employer, not a name


def test_a_label_count_that_does_not_match_the_lines_is_refused():
    import pytest

    with pytest.raises(ValueError, match="labels for"):
        read_labelled("a\nb", [L("other")], source_name="x.txt")


def test_a_line_the_model_is_unsure_is_a_name_gives_no_name():
    """A template with no name: the line at its top, which the model calls a name at 0.40 and no
    rule reads as one, is not taken for the person's name; nor is it when the model is sure, as
    it cannot be a name (digits in it); a line shaped like a name the model is sure of is."""
    text = (
        "Design portfolio 2019-2024\nWork\nPrint Designer, Harbor Press, 2019 - 2022\n- Laid out 40"
    )
    labels = [L("name", None, 0.4), L("heading", "experience"), L("role_header"), L("bullet")]
    parsed, _ = read_labelled(text, labels, source_name="t.txt")
    assert parsed.contact.name == ""
    labels[0] = L("name", None, 0.95)
    parsed, _ = read_labelled(text, labels, source_name="t.txt")
    assert parsed.contact.name == ""
    named = text.replace("Design portfolio 2019-2024", "marta quill   |   portfolio")
    parsed, _ = read_labelled(named, labels, source_name="t.txt")
    assert parsed.contact.name == "marta quill"


def test_header_lines_without_evidence_between_them_open_one_role_each():
    """Jobs listed without bullets ('dates / employer / title' over and over) are one run of
    header lines; a second dates line or a second title opens the next role, a title wrapped onto
    a second line does not."""
    text = (
        "Experience\n2021 - present\nHarbor Press, Boston, MA\nSenior Print Designer,\n"
        "Catalogues and Packaging\n2018 - 2021\nNorth Mill Studio\nPrint Designer"
    )
    labels = [
        L("heading", "experience"), L("dates"), L("employer"), L("title"),
        L("title"), L("dates"), L("employer"), L("title"),
    ]  # fmt: skip
    parsed, _ = read_labelled(text, labels, source_name="d.txt")
    assert [(r.title, r.company, r.start, r.end) for r in parsed.roles] == [
        ("Senior Print Designer Catalogues and Packaging", "Harbor Press", "2021", "present"),
        ("Print Designer", "North Mill Studio", "2018", "2021"),
    ]


def test_promotions_without_evidence_under_one_employer_line_are_two_roles():
    text = "ACME LOGISTICS\nShift Lead\n2020 - 2022\nPicker\n2018 - 2020"
    labels = [L("employer"), L("title"), L("dates"), L("title"), L("dates")]
    parsed, _ = read_labelled(text, labels, source_name="w.txt")
    assert [(r.title, r.company, r.start) for r in parsed.roles] == [
        ("Shift Lead", "ACME LOGISTICS", "2020"),
        ("Picker", "ACME LOGISTICS", "2018"),
    ]


def test_a_combined_header_over_a_place_line_is_one_role():
    """'Employer   2015 - 2016' over 'Title   City, ST', both read as combined headers: the
    second line holds no dates of its own, so it is the same role's."""
    text = (
        "Experience\nRebound Games          2015 - 2016\n"
        "Solo Developer          Kalamazoo, MI\n- Shipped"
    )
    labels = [L("heading", "experience"), L("role_header"), L("role_header"), L("bullet")]
    parsed, _ = read_labelled(text, labels, source_name="r.txt")
    assert [(r.start, r.end) for r in parsed.roles] == [("2015", "2016")]


def test_an_employer_set_in_bold_before_its_place_is_the_bold_words():
    """'**Capital One** McLean, VA': the bold words are the employer, the rest its place."""
    text = (
        "Experience\n**North Mill Studio** McLean, VA\nPrint Designer\n2018 - 2021\n- Laid out 40"
    )
    labels = [L("heading", "experience"), L("employer"), L("title"), L("dates"), L("bullet")]
    parsed, _ = read_labelled(text, labels, source_name="b.md")
    assert [(r.title, r.company, r.location) for r in parsed.roles] == [
        ("Print Designer", "North Mill Studio", "McLean, VA")
    ]


def test_a_place_set_apart_at_a_column_gap_is_the_place_not_part_of_the_title_or_employer():
    """A PDF line keeps its column gaps: 'Line Cook        Boise, ID' is a title and a place."""
    text = (
        "Experience\nRiver Grill Group        Boise, ID\nLine Cook        Nampa, ID\n"
        "2018 - 2021\n- Ran the grill station"
    )
    labels = [L("heading", "experience"), L("employer"), L("title"), L("dates"), L("bullet")]
    parsed, _ = read_labelled(text, labels, source_name="g.pdf")
    [role] = parsed.roles
    assert (role.title, role.company) == ("Line Cook", "River Grill Group")
    assert role.location in ("Boise, ID", "Nampa, ID")


def test_a_short_line_under_a_header_without_a_title_over_the_list_is_the_title():
    """'Employer      2015' over 'Junior Strategist' over the role's bullets: the model often
    calls the middle line a paragraph; with no title in the header lines it is the title. A
    sentence there stays the role's evidence."""
    text = (
        "Experience\nFaircom Partners          2015 - 2016\nJunior Social Media Strategist\n"
        "- Wrote 300 posts\nNylon Consulting          2014 - 2015\nWe ran press for architects.\n"
        "- Placed 12 stories"
    )
    labels = [
        L("heading", "experience"), L("role_header"), L("description"), L("bullet"),
        L("role_header"), L("description"), L("bullet"),
    ]  # fmt: skip
    parsed, _ = read_labelled(text, labels, source_name="f.txt")
    assert [(r.title, r.start) for r in parsed.roles] == [
        ("Junior Social Media Strategist", "2015"),
        ("", "2014"),
    ]
    second = [c.raw_text for c in parsed.cards if c.role_id == parsed.roles[1].id]
    assert any("We ran press" in text for text in second)


def test_a_combined_header_over_an_employer_line_holds_the_title():
    """'### Treasurer (2009–2011)' over '#### Swim Club (Blacksburg, VA)': where the employer has
    its own line, the combined line's words (which the field tagger may read as an employer) are
    the title."""
    text = (
        "## Work\n### Treasurer (2009–2011)\n#### Virginia Tech Swim Club (Blacksburg, VA)\n"
        "- Set up the club's bank account"
    )
    labels = [L("heading", "experience"), L("role_header"), L("employer"), L("bullet")]
    parsed, _ = read_labelled(text, labels, source_name="s.md")
    [role] = parsed.roles
    assert (role.title, role.start, role.end) == ("Treasurer", "2009", "2011")
    assert role.company.startswith("Virginia Tech Swim Club")


def test_an_employer_line_with_its_own_dates_heads_only_its_role():
    """'Harbor Press      2019 - 2022' is one job's header; the role after it, with no employer
    line, does not take Harbor Press for its employer (an undated employer line does)."""
    text = (
        "Experience\nHarbor Press          2019 - 2022\nPrint Designer\n- Laid out 40 titles\n"
        "Layout Artist, 2017 - 2019\n- Set type"
    )
    labels = [
        L("heading", "experience"), L("employer"), L("title"), L("bullet"),
        L("role_header"), L("bullet"),
    ]  # fmt: skip
    parsed, _ = read_labelled(text, labels, source_name="h.txt")
    first, second = parsed.roles
    assert (first.start, first.company, second.start) == ("2019", "Harbor Press", "2017")
    assert second.company != "Harbor Press"


def test_a_dated_line_over_header_lines_without_dates_is_their_first_header_line():
    """'Nylon Consulting      2014 - 2015' over 'PR Assistant' after the last role's bullets: the
    model often calls the dated line other text; with no dates in the header under it, it is
    that role's employer line. A bullet with a year in it stays evidence."""
    text = (
        "Experience\nFaircom Partners          2015 - 2016\nJunior Strategist\n- Wrote posts\n"
        "Nylon Consulting          2014 - 2015\nPR Assistant\n- Placed 12 stories in 2014 - 2015\n"
        "Editor\n- Edited"
    )
    labels = [
        L("heading", "experience"), L("role_header"), L("title"), L("bullet"),
        L("other"), L("title"), L("bullet"), L("title"), L("bullet"),
    ]  # fmt: skip
    parsed, _ = read_labelled(text, labels, source_name="n.txt")
    assert [(r.title, r.company, r.start, r.end) for r in parsed.roles] == [
        ("Junior Strategist", "Faircom Partners", "2015", "2016"),
        ("PR Assistant", "Nylon Consulting", "2014", "2015"),
        ("Editor", "", None, None),
    ]


def test_a_web_address_beside_an_employer_is_not_part_of_its_name():
    text = "Experience\nRebound (reboundgame.com)          2015 - 2016\nSolo Developer\n- Shipped"
    labels = [L("heading", "experience"), L("employer"), L("title"), L("bullet")]
    parsed, _ = read_labelled(text, labels, source_name="r.txt")
    assert [(r.title, r.company, r.start) for r in parsed.roles] == [
        ("Solo Developer", "Rebound", "2015")
    ]


def test_a_combined_header_under_an_employer_line_is_the_title_whole():
    """Under an employer line of its own, a combined line's words but its dates and place are the
    title, however the field tagger cuts them ('Adjunct Professor' | 'Business Statistics, …')."""
    text = (
        "Experience\nLakeside College, Solon, OH          08/2024 - Present\n"
        "Adjunct Professor, Business Statistics, Bachelor Program\n- Teach statistics"
    )
    labels = [L("heading", "experience"), L("employer"), L("role_header"), L("bullet")]
    parsed, _ = read_labelled(text, labels, source_name="a.txt")
    [role] = parsed.roles
    assert role.title == "Adjunct Professor, Business Statistics, Bachelor Program"
    assert (role.company, role.start) == ("Lakeside College", "2024-08")


def test_a_role_that_names_its_own_title_and_employer_keeps_its_employer_under_a_group():
    """Under an undated employer line, a combined header naming both a title and an employer of
    its own ('Data Analyst at Stripe, 2018 - 2020') keeps its employer; one naming only one of
    them takes the employer line's."""
    text = (
        "ACME LOGISTICS\nShift Lead, 2020 - 2022\n- Ran a crew of 9\n"
        "Data Analyst at Stripe, 2018 - 2020\n- Built dashboards"
    )
    labels = [L("employer"), L("role_header"), L("bullet"), L("role_header"), L("bullet")]
    parsed, _ = read_labelled(text, labels, source_name="g.txt")
    assert [(r.title, r.company, r.start) for r in parsed.roles] == [
        ("Shift Lead", "ACME LOGISTICS", "2020"),
        ("Data Analyst", "Stripe", "2018"),
    ]


def test_a_short_line_last_in_its_section_under_a_header_without_a_title_is_the_title():
    text = "Experience\nBlue Cube Software          8/2011 - 1/2012\nSAS Trainer\nSkills\nSAS"
    labels = [
        L("heading", "experience"), L("role_header"), L("description"),
        L("heading", "skills"), L("skills"),
    ]  # fmt: skip
    parsed, _ = read_labelled(text, labels, source_name="b.txt")
    assert [(r.title, r.start) for r in parsed.roles] == [("SAS Trainer", "2011-08")]


def test_an_employer_the_field_tagger_reads_into_the_place_is_the_employer():
    """'…, Apple, Cupertino, CA, USA': the words before a 'City, ST, Country' ending are the
    employer where the tagger took them for the start of the place and found no employer."""
    text = (
        "Experience\n2007 – 2012  Software Development Engineer II, Apple, Cupertino, CA, USA\n"
        "Designed software components."
    )
    labels = [L("heading", "experience"), L("role_header"), L("description")]
    parsed, _ = read_labelled(text, labels, source_name="m.txt")
    [role] = parsed.roles
    assert (role.title, role.company, role.location) == (
        "Software Development Engineer II",
        "Apple",
        "Cupertino, CA, USA",
    )


def test_a_range_left_open_at_a_dash_ends_on_the_line_under_it():
    """Dates in a narrow column wrap: '2017 –' on the header line, 'Present' starting the next."""
    text = (
        "Experience\n   2017 –  Product Manager, Google, Mountain View, CA\n"
        "  Present  Leading teams that launch products.\n"
        "2012 – 2017  Engineer, Amazon, Seattle, WA\n  Built services."
    )
    labels = [
        L("heading", "experience"), L("role_header"), L("description"),
        L("role_header"), L("description"),
    ]  # fmt: skip
    parsed, _ = read_labelled(text, labels, source_name="c.txt")
    assert [(r.start, r.end) for r in parsed.roles] == [("2017", "present"), ("2012", "2017")]


def test_a_single_year_is_not_closed_by_a_date_on_the_line_under_it():
    text = "Experience\n2016  Engineer, Campaign HQ\n2015 – 2016 data moved to the new warehouse"
    labels = [L("heading", "experience"), L("role_header"), L("description")]
    parsed, _ = read_labelled(text, labels, source_name="y.txt")
    assert [(r.start, r.end) for r in parsed.roles] == [("2016", None)]


def test_where_each_role_ends_with_its_dates_an_undated_line_after_them_opens_the_next():
    """'Employer   City' over 'Title   Dates': a role with no bullets runs into the next role's
    header; the next employer line, after the first role's dates, is the next role's."""
    text = (
        "Experience\nHarbor Press          Boston, MA\n"
        "Print Designer          Feb. 2021 - Mar. 2021\n"
        "North Mill Studio          Salem, MA\nLayout Artist          Jun. 2018 - Jan. 2021\n"
        "- Set type"
    )
    labels = [
        L("heading", "experience"), L("role_header"), L("role_header"), L("employer"),
        L("role_header"), L("bullet"),
    ]  # fmt: skip
    parsed, _ = read_labelled(text, labels, source_name="p.txt")
    first, second = parsed.roles
    assert (first.start, second.start, second.company) == (
        "2021-02",
        "2018-06",
        "North Mill Studio",
    )
    assert "North Mill" not in first.company


def test_where_roles_open_with_their_dates_a_role_missing_its_dates_takes_none_of_the_next():
    """'Dates' over '**Employer** City' over 'Title', again and again, without bullets: a role
    whose dates line the model missed has no dates, and the roles after it keep their own (the
    next dates line opens the next role, as in the rest of the section)."""
    text = (
        "Experience\n2022 – 2025\n**Plaid** San Francisco, CA\nData Scientist\n"
        "**Affirm** San Francisco, CA\nMachine Learning Engineer\n"
        "2018 – 2021\n**Stripe** San Francisco, CA\nData Scientist"
    )
    labels = [
        L("heading", "experience"), L("dates"), L("employer"), L("title"),
        L("employer"), L("title"), L("dates"), L("employer"), L("title"),
    ]  # fmt: skip
    parsed, _ = read_labelled(text, labels, source_name="d.md")
    assert [(r.company, r.title, r.start, r.end) for r in parsed.roles] == [
        ("Plaid", "Data Scientist", "2022", "2025"),
        ("Affirm", "Machine Learning Engineer", None, None),
        ("Stripe", "Data Scientist", "2018", "2021"),
    ]


def test_where_roles_open_with_their_dates_a_dates_line_called_other_text_opens_its_role():
    """In the same layout, a line of dates alone that the model calls other text, under the last
    role's header lines, opens the next role with those dates."""
    text = (
        "Experience\n2015 – 2018\n**Munch** New York, NY\nData Science Advisor\n"
        "Summer 2015\n**Civis Analytics** Washington, DC\nApplied Data Scientist Fellow\n"
        "Fall 2014\n**Insight** New York, NY\nFellow"
    )
    labels = [
        L("heading", "experience"), L("dates"), L("employer"), L("title"),
        L("other"), L("employer"), L("title"), L("dates"), L("employer"), L("title"),
    ]  # fmt: skip
    parsed, _ = read_labelled(text, labels, source_name="d.md")
    assert [(r.company, r.start) for r in parsed.roles] == [
        ("Munch", "2015"),
        ("Civis Analytics", "2015"),
        ("Insight", "2014"),
    ]
    assert parsed.roles[1].timeframe == "Summer 2015"


def test_a_line_of_dates_alone_over_header_lines_without_dates_is_their_dates_line():
    """A line of dates alone over an employer and a title line is their dates line, not their
    employer line (the employer is the line that names it)."""
    text = (
        "Experience\nFaircom Partners          2015 - 2016\nJunior Strategist\n- Wrote posts\n"
        "2014 - 2015\nNylon Consulting\nPR Assistant\n- Placed 12 stories"
    )
    labels = [
        L("heading", "experience"), L("role_header"), L("title"), L("bullet"),
        L("other"), L("employer"), L("title"), L("bullet"),
    ]  # fmt: skip
    parsed, _ = read_labelled(text, labels, source_name="n.txt")
    assert [(r.title, r.company, r.start, r.end) for r in parsed.roles][1] == (
        "PR Assistant",
        "Nylon Consulting",
        "2014",
        "2015",
    )


JOBS_DATED_AT_RIGHT = (
    "Experience\n"
    "Harbor Press, Boston, MA                      2019 – Present\nPrint Designer\n"
    "    • Laid out 40 titles\n"
    "North Mill, Salem, MA                         2017 – 2019\nLayout Artist\n    • Set type\n"
    "Kestrel Books, Lowell, MA                     2015 – 2017\nJunior Designer\n"
    "    • Drew maps for 12 guides"
)


def test_a_line_shaped_like_the_sections_dated_headers_is_one_though_called_other_text():
    """Jobs whose employer lines end in dates set apart at the right: the one the model calls
    other text (with its title and list) is a job like the others, its title the short line
    under it. One header line so dated sets no shape."""
    labels = [
        L("heading", "experience"), L("role_header"), L("title"), L("bullet"),
        L("role_header"), L("title"), L("bullet"), L("other"), L("other"), L("other"),
    ]  # fmt: skip
    parsed, _ = read_labelled(JOBS_DATED_AT_RIGHT, labels, source_name="j.pdf")
    assert [(r.title, r.start, r.end) for r in parsed.roles] == [
        ("Print Designer", "2019", "present"),
        ("Layout Artist", "2017", "2019"),
        ("Junior Designer", "2015", "2017"),
    ]
    # one header line dated at the right sets no shape: lines called other text stay so
    alone = labels[:4] + [L("other")] * 6
    assert [
        r.title for r in read_labelled(JOBS_DATED_AT_RIGHT, alone, source_name="j.pdf")[0].roles
    ] == ["Print Designer"]


def test_a_web_address_alone_under_a_roles_list_names_no_title():
    """An employer's site on a line of its own under its role's list, called a title, is not
    the next role's title (nor a header line at all)."""
    text = (
        "Experience\nRoad Works, Inc.\nIT Assistant          May 2024 - Present\n"
        "- Kept the network up\nhttps://roadworks.example\nSupply House, Inc.\n"
        "IT Helpdesk Intern          Jun 2023 - Aug 2023\n- Answered tickets"
    )
    labels = [
        L("heading", "experience"), L("employer"), L("role_header"), L("bullet"),
        L("title"), L("employer"), L("role_header"), L("bullet"),
    ]  # fmt: skip
    parsed, _ = read_labelled(text, labels, source_name="w.pdf")
    assert [(r.title, r.company) for r in parsed.roles] == [
        ("IT Assistant", "Road Works, Inc."),
        ("IT Helpdesk Intern", "Supply House, Inc."),
    ]


def test_a_jobs_dates_alone_called_page_furniture_are_its_dates():
    """In a list of jobs, a line of dates alone the model calls page furniture is the job's
    dates line; furniture outside the jobs is still left out."""
    text = (
        "Experience\n2022 – 2025\n**Plaid** San Francisco, CA\nData Scientist\n"
        "2022\n**Affirm** San Francisco, CA\nMachine Learning Engineer\n"
        "Skills\nPython, SQL\n2024"
    )
    labels = [
        L("heading", "experience"), L("dates"), L("employer"), L("title"),
        L("furniture"), L("employer"), L("title"),
        L("heading", "skills"), L("skills"), L("furniture"),
    ]  # fmt: skip
    parsed, left_out = read_labelled(text, labels, source_name="f.md")
    assert [(r.company, r.start) for r in parsed.roles] == [("Plaid", "2022"), ("Affirm", "2022")]
    assert [lo.line for lo in left_out] == [10]


def test_dated_entries_with_evidence_under_a_list_heading_are_jobs():
    """The model read the work-history heading as part of the skills ('EXPERIENCE — EIGHT
    YEARS IN GIS' under SKILLS): header lines with a date and a list under them are still jobs,
    with their evidence; the skills lines above them stay skills."""
    text = (
        "SKILLS\nGIS: ArcGIS Pro, QGIS\nEXPERIENCE — EIGHT YEARS IN GIS\n"
        "Coastal Hazards Lab        Nov 2023 - Sep 2024\nLab Manager\n- Mapped shorelines\n"
        "Zonda        Jun 2019 - Sep 2023\nResearch Analyst\n- Tracked 50 counties"
    )
    labels = [
        L("heading", "skills"), L("skills"), L("skills"),
        L("role_header"), L("title"), L("bullet"),
        L("role_header"), L("title"), L("bullet"),
    ]  # fmt: skip
    parsed, _ = read_labelled(text, labels, source_name="g.txt")
    assert [(r.title, r.company, r.start, r.end) for r in parsed.roles] == [
        ("Lab Manager", "Coastal Hazards Lab", "2023-11", "2024-09"),
        ("Research Analyst", "Zonda", "2019-06", "2023-09"),
    ]
    bullets = [c for c in parsed.cards if c.kind == CardKind.EXPERIENCE_BULLET]
    assert [(c.raw_text, c.role_id) for c in bullets] == [
        ("Mapped shorelines", parsed.roles[0].id),
        ("Tracked 50 counties", parsed.roles[1].id),
    ]
    assert any("ArcGIS Pro" in c.raw_text for c in parsed.cards if c.kind == CardKind.SKILL)


def test_undated_header_lines_under_a_list_heading_stay_in_it():
    """Without a date, lines the model calls titles under a skills heading open no job."""
    text = "SKILLS\nProject Manager\n- Led weekly planning\nData Analyst\n- Built dashboards"
    labels = [L("heading", "skills"), L("title"), L("bullet"), L("title"), L("bullet")]
    parsed, _ = read_labelled(text, labels, source_name="s.txt")
    assert parsed.roles == []


def test_a_line_shaped_like_the_employer_lines_is_one_though_called_other_text():
    """The last employer of a list ('Science Research Workshop      Evanston, IL', called other
    text by the model) is read as the section's other employer lines are, so the employer above
    it is not carried to its job; with fewer than two such employer lines nothing changes."""
    text = (
        "Experience\nTower Research Capital          New York, NY\n"
        "Implementation Manager          Nov 2015 - May 2016\n- Ran rollouts\n"
        "Wind Cables Inc          Fort Lee, NJ\n"
        "Engineering Associate          Jan 2014 - May 2014\n- Tested cables\n"
        "Science Research Workshop          Evanston, IL\n"
        "Teaching Fellow          Sep 2011 - Mar 2013\n- Taught labs"
    )
    labels = [
        L("heading", "experience"),
        L("employer"), L("role_header"), L("bullet"),
        L("employer"), L("role_header"), L("bullet"),
        L("other"), L("role_header"), L("bullet"),
    ]  # fmt: skip
    parsed, _ = read_labelled(text, labels, source_name="e.txt")
    assert [(r.title, r.company) for r in parsed.roles] == [
        ("Implementation Manager", "Tower Research Capital"),
        ("Engineering Associate", "Wind Cables Inc"),
        ("Teaching Fellow", "Science Research Workshop"),
    ]
    rows = [(line, label.label) for line, label in zip(split_lines(text), labels, strict=True)]
    assert employers_shaped_like_others(rows[4:]) == rows[4:]  # one employer line: no pattern


def test_a_combined_header_line_parts_title_employer_and_place_by_its_commas_and_dashes():
    """However the field tagger cuts 'Title, EMPLOYER & CO – City, ST   dates' (the place read as
    the employer, no employer read, or the place left on the employer after the dash), the place
    shape, the title's last comma and the dash put each field where it belongs."""
    headers = [
        "Process Engineer, NORTHWIND & ACME – Essex Junction, VT         Jan 2015 - Dec 2015",
        "Process Technician, HARBOR & IBM – Burlington, VT         Jan 2015 - Dec 2015",
        "Quality Engineer, GLOBEX & INITECH – Essex Junction, VT   Jan 2015 - Dec 2015",
    ]
    for header in headers:
        text = f"Experience\n{header}\n- Cut scrap by 8%"
        labels = [L("heading", "experience"), L("role_header"), L("bullet")]
        parsed, _ = read_labelled(text, labels, source_name="h.txt")
        title, rest = header.split(", ", 1)
        employer, place = rest.split(" – ")[0], rest.split(" – ")[1].split("   ")[0].strip()
        role = parsed.roles[0]
        assert (role.title, role.company, role.location) == (title, employer, place), header


def test_a_dated_line_of_the_profile_is_no_job_when_the_document_heads_its_work_history():
    """Above every heading stands the profile; a line there the model calls a role's header
    ('Lead tech since 2019. Chillers, boilers, …') is part of it when a work heading comes
    later: the job it names is read under that heading. Without any work heading, such a line
    may still be the only job the document states."""
    text = TEACHER.replace(
        "dana.okafor@example.org | 555-010-2000\n",
        "dana.okafor@example.org | 555-010-2000\nLead teacher since 2019. Reading and math.\n",
    )
    labels = [*TEACHER_LABELS[:2], L("role_header"), *TEACHER_LABELS[2:]]
    parsed, _ = read_labelled(text, labels, source_name="t.txt")
    assert [r.title for r in parsed.roles] == ["Third Grade Teacher", "Student Teacher"]
    profile = [c for c in parsed.cards if "Lead teacher since 2019" in c.raw_text]
    assert profile and all(c.kind == CardKind.SUMMARY and not c.role_id for c in profile)

    alone = "Dana Okafor\nLead teacher, Riverside Elementary, since 2019\n- Planned daily lessons\n"
    parsed, _ = read_labelled(
        alone, [L("name"), L("role_header"), L("bullet"), None], source_name="t.txt"
    )
    assert [(r.title, r.start) for r in parsed.roles] == [("Lead teacher", "2019")]


def test_a_field_cut_around_a_date_keeps_no_half_bracket_and_no_date():
    from core.ingest.learned_headers import tidy, title_words, without_dates

    assert without_dates("Service Technician -- (Lead Technician since Apr 2019") == (
        "Service Technician"
    )
    assert without_dates("Pharmacy Resident (ASHP-accredited) | 06/2016 - 06/2017") == (
        "Pharmacy Resident (ASHP-accredited)"  # a bracket closed stays closed
    )
    assert without_dates("Engineer (2019 – 2021)") == "Engineer"  # no empty brackets left
    assert tidy("Analyst) |") == "Analyst" and tidy("(Acme) Corp") == "(Acme) Corp"
    assert tidy("Line Cook      Nampa, ID") == "Line Cook      Nampa, ID"  # column gaps kept
    assert title_words("2019 - 2021 Data Analyst") == "Data Analyst"  # dates first

    text = (
        "EXPERIENCE\nIRONBRIDGE MECHANICAL SERVICES -- Kansas City, MO\n"
        "Service Technician -- 2015 to date (Lead Service Technician since Apr 2019)\n"
        "- Ran the chiller route\n"
    )
    labels = [L("heading", "experience"), L("employer"), L("role_header"), L("bullet"), None]
    parsed, _ = read_labelled(text, labels, source_name="t.txt")
    [role] = parsed.roles
    assert (role.title, role.company, role.start) == (
        "Service Technician",
        "IRONBRIDGE MECHANICAL SERVICES",
        "2015",
    )


def test_a_header_line_inside_a_flat_list_of_bullets_is_one_more_bullet():
    """A list item with the glyph and indent of the bullets above it, and a line wrapped at the
    bullets' text indent, stay in the job's list though the model calls them header lines."""
    text = (
        "Senior Engineer\nZapier    2016 - 2022\n"
        "  - Helped scale the team from 20 to 100 engineers\n"
        "  - Promoted to Senior Engineer Dec. 2019.\n"
        "  - Built the pipelines for the two services, the admin and the\n"
        "    CI/CD, LocalStack, CSS\n"
        "Software Engineer\nSalesforce    2014 - 2016\n  - Wrote a Ruby SDK"
    )
    labels = [
        L("title"), L("role_header"), L("bullet"), L("role_header"), L("bullet"),
        L("employer"), L("title"), L("role_header"), L("bullet"),
    ]  # fmt: skip
    parsed, _ = read_labelled(text, labels, source_name="w.txt")
    assert [(r.title, r.start, r.end) for r in parsed.roles] == [
        ("Senior Engineer", "2016", "2022"),
        ("Software Engineer", "2014", "2016"),
    ]
    bullets = [c for c in parsed.cards if c.kind == CardKind.EXPERIENCE_BULLET]
    assert sum(c.role == "Senior Engineer" for c in bullets) == 3


def test_list_items_holding_deeper_lists_stay_entries():
    """Jobs written as list items, each with its own deeper list: a job's list item under the
    deeper list of the one before is no bullet of it."""
    text = (
        "  • Lecturer, Chartered Institute, 2004 to 2005.\n"
        "       - Statistics for the accountancy programme.\n"
        "  • Teaching Assistant, State University, Feb 2000 to Dec 2001.\n"
        "       - Ran the calculus tutorials."
    )
    labels = [L("bullet"), L("bullet"), L("role_header"), L("bullet")]
    parsed, _ = read_labelled(text, labels, source_name="w.txt")
    assert [r.start for r in parsed.roles] == ["2000-02"]


def test_header_lines_dated_at_their_left_like_the_others_are_header_lines():
    text = (
        "CAREER\n"
        "2016-11 — 2017-07 | Python developer, Signtime\n- Extended Maya for avatars\n"
        "2014-04 — 2016-10 | Web developer, Karuga\n- Built front ends\n"
        "2013-09 — 2014-08 | Secondary school teacher, GRG3\n- Taught geometry"
    )
    labels = [
        L("heading", "experience"),
        *(L("role_header"), L("bullet"), L("role_header"), L("bullet"), L("other"), L("bullet")),
    ]
    parsed, _ = read_labelled(text, labels, source_name="w.txt")
    assert [(r.start, r.end) for r in parsed.roles][-1] == ("2013-09", "2014-08")
    assert len(parsed.roles) == 3


def test_an_employer_line_in_two_columns_keeps_its_place_apart():
    text = (
        "Contract Engineer                                        2015\n"
        "Binti / Sonar                                   San Francisco\n"
        "  ● Built the parent-profile feature"
    )
    labels = [L("role_header"), L("employer"), L("bullet")]
    parsed, _ = read_labelled(text, labels, source_name="w.txt")
    [role] = parsed.roles
    assert (role.title, role.company, role.location) == (
        "Contract Engineer",
        "Binti / Sonar",
        "San Francisco",
    )


def test_a_separator_dot_left_at_a_title_edge_is_cut():
    text = "Senior Java Developer ·\nCampfire Digital Technology\n2021 - 2022\n- Wrote services"
    labels = [L("title"), L("employer"), L("dates"), L("bullet")]
    parsed, _ = read_labelled(text, labels, source_name="w.txt")
    assert parsed.roles[0].title == "Senior Java Developer"


def test_a_title_line_holding_the_employer_over_a_line_of_place_and_dates():
    text = (
        "### Brightcart — Software Engineer II\n*Lehi, UT | 03/2018 – 03/2021*\n"
        "- Owned the Checkout API"
    )
    labels = [L("title"), L("role_header"), L("bullet")]
    parsed, _ = read_labelled(text, labels, source_name="w.md")
    [role] = parsed.roles
    assert (role.title, role.company, role.location, role.start) == (
        "Software Engineer II",
        "Brightcart",
        "Lehi, UT",
        "2018-03",
    )


def test_a_combined_line_set_as_an_employer_line_over_a_title_line_is_the_employer():
    text = (
        "**Student Entrepreneurs for Economic Development** Charlottesville, VA\n"
        "Lead Consultant\n2012 – 2013\n- Advised four founders"
    )
    labels = [L("role_header"), L("title"), L("dates"), L("bullet")]
    parsed, _ = read_labelled(text, labels, source_name="w.md")
    [role] = parsed.roles
    assert (role.title, role.company, role.location) == (
        "Lead Consultant",
        "Student Entrepreneurs for Economic Development",
        "Charlottesville, VA",
    )


def test_a_place_in_brackets_closing_the_employer_is_its_place():
    text = (
        "Front-end Developer\nKnowledge Diffusion, Inc. (Charlottesville, VA)\n"
        "Oct 2014 - Mar 2015\n- Built the course pages"
    )
    labels = [L("title"), L("employer"), L("dates"), L("bullet")]
    parsed, _ = read_labelled(text, labels, source_name="w.md")
    [role] = parsed.roles
    assert (role.company, role.location) == ("Knowledge Diffusion, Inc.", "Charlottesville, VA")
