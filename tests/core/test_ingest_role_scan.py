"""Roles found by scoring lines: orders, stacked builder-PDF lines, field lines, date forms."""

from __future__ import annotations

import pytest

from core.ingest import parse_resume_text
from core.ingest.contact import is_headline
from core.ingest.sections import heading_kind, unglue_headings
from core.text.dates import find_dates


def roles(text: str) -> list[tuple[str, str, str | None, str | None]]:
    parsed = parse_resume_text(text, source_name="r.txt", fmt="text")
    return [(r.title, r.company, r.start, r.end) for r in parsed.roles]


@pytest.mark.parametrize(
    ("written", "start", "end"),
    [
        ("Since March 2021", "2021-03", "present"),
        ("'18–'21", "2018", "2021"),
        ("2015 to date", "2015", "present"),
        ("Jan 2019 - Till Date", "2019-01", "present"),
        ("Sep. 2023Mar. 2024", "2023-09", "2024-03"),
        ("11/2010 to 05/2013", "2010-11", "2013-05"),
        ("Feb '17 – Jan '20", "2017-02", "2020-01"),
        ("Sept. '09 to now", "2009-09", "present"),
        ("2016–19", "2016", "2019"),
        ("2016 - 19", "2016", "2019"),
        ("06.2016 – 12.2019", "2016-06", "2019-12"),
        ("2016.06 - 2019.12", "2016-06", "2019-12"),
        ("2016/06 – 2019/12", "2016-06", "2019-12"),
        ("June, 2016 – Dec, 2019", "2016-06", "2019-12"),
        ("Jun-2016 till date", "2016-06", "present"),
        ("2019 onwards", "2019", "present"),
    ],
)
def test_date_ranges_in_the_forms_people_write(written, start, end):
    (span,) = find_dates(f"Engineer, {written}")
    assert (span.start, span.end) == (start, end)


BUILDER = """Experience
06/2016
Registered Nurse Company Name – City , State
        Cared for 6 patients a shift on a medical-surgical floor.
        Trained new graduate nurses.
Staff Accountant
March 2013 to January 2014 Acme Holdings Inc – City , State
        Reconciled 12 bank accounts every month.
        Helped the purchasing manager during turnover from September 2013 - December 2013.
Sous Chef Jul 2010
Bistro Group LLC – Austin, TX
        Ran the saute station.
"""


def test_stacked_builder_pdf_lines_give_one_role_each_in_any_order():
    assert roles(BUILDER) == [
        ("Registered Nurse", "Company Name", "2016-06", None),
        ("Staff Accountant", "Acme Holdings Inc", "2013-03", "2014-01"),
        ("Sous Chef", "Bistro Group LLC", "2010-07", None),
    ]


@pytest.mark.parametrize(
    ("written", "start"),
    [("2016-06", "2016-06"), ("2019 - 12 nurses", "2019")],
)
def test_what_only_looks_like_a_two_digit_end_year_is_not_one(written, start):
    (span,) = find_dates(f"Engineer, {written}")
    assert (span.start, span.end) == (start, None)


def test_a_sentence_with_a_date_range_is_not_a_role():
    found = roles(BUILDER)
    assert not any("turnover" in title for title, *_ in found)


def test_field_lines_of_a_text_dump_are_roles_and_exact_repeats_merge():
    text = (
        "Company Details\ncompany - F2 Fun Fitness\ndescription - Set sales targets.\n"
        "company - Gold's Gym Pvt Ltd\ndescription - Handled enquiries.\n"
    )
    assert [c for _, c, *_ in roles(text)] == ["F2 Fun Fitness", "Gold's Gym Pvt Ltd"]
    twice = "Experience\nEngineer | Acme Corp | 2019 - 2021\n- Built a thing.\n" * 2
    assert len(roles(twice)) == 1


@pytest.mark.parametrize(
    ("employer", "title", "dates", "start", "end"),
    [
        ("Mercy General Hospital", "Staff Nurse", "2015 - Present", "2015", "present"),
        ("Color Line Builders LLC", "Site Engineer", "2016-2019", "2016", "2019"),
        ("Harbor Bistro", "Line Cook", "03/2012 - 08/2014", "2012-03", "2014-08"),
    ],
)
def test_a_dump_description_field_that_opens_with_a_title_or_dates_belongs_to_the_header(
    employer, title, dates, start, end
):
    head = "Company Details\n"
    by_field = f"company - {employer}\ndescription - Role: {title}\n- Did the work.\n"
    assert roles(head + by_field) == [(title, employer, None, None)]
    by_dates = f"company - {employer}\ndescription - {dates}\tSales, Operations\n"
    assert roles(head + by_dates) == [("", employer, start, end)]
    # the next employer field starts the next role, even right after a title field
    two = by_field + f"company - Other Works Ltd\ndescription - Role: {title}\n"
    assert [c for _, c, *_ in roles(head + two)] == [employer, "Other Works Ltd"]
    # dates given further down, under the same title and no employer, date that role
    late = f"company - \ndescription - Ran the shift.\nDuration: {dates}\nRole: {title}\n"
    assert roles(head + by_field + late) == [(title, employer, start, end)]


def test_a_later_dated_header_with_another_title_or_an_employer_stays_its_own_role():
    head = "Company Details\ncompany - Harbor Gyms Ltd\ndescription - Role: Trainer\n"
    head += "description - Coached members.\n"
    other_title = head + "Duration: 2015-2016\nRole: Sales Manager\n"
    assert [t for t, *_ in roles(other_title)] == ["Trainer", "Sales Manager"]
    dated_first = "Company Details\ncompany - Harbor Gyms Ltd\ndescription - 2012 - 2014\n"
    dated_first += "description - Role: Trainer\n- Coached members.\n"
    dated_first += "Duration: 2015-2016\nRole: Trainer\n"
    assert len(roles(dated_first)) == 2


@pytest.mark.parametrize(
    ("employer", "empty"),
    [
        ("Talwalkars Fitness Pvt Ltd", "description - "),
        ("Harbor Gyms Ltd", "description -"),
        ("Lakeside Clubs LLC", ""),
    ],
)
def test_an_undated_entry_written_twice_in_a_row_with_no_text_is_one_role(employer, empty):
    head = "Company Details\ncompany - F2 Fun Fitness\ndescription - Set sales targets.\n"
    twice = f"company - {employer}\n{empty}\n" * 2
    assert [c for _, c, *_ in roles(head + twice)] == ["F2 Fun Fitness", employer]
    # the same empty repeat after a body of its own is still one role
    told = f"company - {employer}\n{empty}\ncompany - {employer}\ndescription - Ran the desk.\n"
    assert [c for _, c, *_ in roles(head + told)] == ["F2 Fun Fitness", employer]


def test_undated_entries_of_one_employer_with_text_of_their_own_or_apart_stay_apart():
    head = "Company Details\n"
    told = "company - Harbor Gyms Ltd\ndescription - Sold memberships.\n"
    told += "company - Harbor Gyms Ltd\ndescription - Ran the front desk.\n"
    assert len(roles(head + told)) == 2
    apart = "company - Harbor Gyms Ltd\ndescription - \ncompany - F2 Fun Fitness\n"
    apart += "description - Set sales targets.\ncompany - Harbor Gyms Ltd\ndescription - \n"
    assert [c for _, c, *_ in roles(head + apart)] == [
        "Harbor Gyms Ltd",
        "F2 Fun Fitness",
        "Harbor Gyms Ltd",
    ]


def test_employer_first_line_over_a_title_and_dates_line():
    text = "TEACHING\nCEDAR PLAINS SCHOOL DISTRICT -- Olathe, KS\nTeacher, Aug 2016 - present\n"
    text += "- Taught 28 fourth graders.\n"
    text = text.replace("TEACHING", "Experience")
    assert roles(text) == [("Teacher", "CEDAR PLAINS SCHOOL DISTRICT", "2016-08", "present")]


def test_job_headline_is_not_the_name():
    assert is_headline("REGISTERED NURSE", "Experience\n06/2016\nRegistered Nurse Company Name")
    assert not is_headline("Jane Cook", "Experience\nLine Cook, Bistro, 2019 - 2021")
    parsed = parse_resume_text(
        "STAFF ACCOUNTANT\nSummary\nDetail oriented.\n" + BUILDER, source_name="r.txt"
    )
    assert parsed.contact.name == ""


def test_headings_glued_to_text_or_without_spaces():
    assert unglue_headings("EXCEL- Experience - 6 monthsCompany Details") == (
        "EXCEL- Experience - 6 months\nCompany Details"
    )
    assert unglue_headings("WorkExperience") == "WorkExperience"
    assert heading_kind("WorkExperience") == heading_kind("Work Experience")
    assert heading_kind("Honors&Awards") == heading_kind("Honors and Awards")


def test_a_sidebar_contact_line_further_down_is_found_when_the_top_has_none():
    text = "Pat Example\nStore Manager\n\nExperience\nStore Manager | Acme Retail | 2019 - 2023\n"
    text += "- Grew sales 12%.\n\nCONTACT\npat@example.com | (555) 555-0142\n"
    parsed = parse_resume_text(text, source_name="r.txt", fmt="text")
    assert (parsed.contact.email, parsed.contact.phone) == ("pat@example.com", "(555) 555-0142")
    assert not any("pat@example.com" in c.raw_text for c in parsed.cards)
    referees = text + "References\nJo Boss, jo@example.com\n"
    assert parse_resume_text(referees, source_name="r.txt").contact.email == ""


def test_a_dateless_header_over_indented_body_lines_is_a_role():
    text = "Experience\nSous Chef Jul 2010\nBistro Group LLC – Austin, TX\n"
    text += "        Ran the saute station.\n"
    text += "Front Desk Agent Grand Hotel – Austin, TX\n        Checked in 80 guests a day.\n"
    assert [(t, c) for t, c, *_ in roles(text)] == [
        ("Sous Chef", "Bistro Group LLC"),
        ("Front Desk Agent", "Grand Hotel"),
    ]


def test_a_bold_school_with_a_comma_stays_whole():
    text = "# Pat Example\npat@example.com\n\n## Education\n\n"
    text += "### Bachelor of Science in Accounting\n"
    text += "**University of California, Berkeley** | Berkeley, CA\n*Graduated: May 2018*\n"
    parsed = parse_resume_text(text, source_name="r.md")
    assert [(e.title, e.company) for e in parsed.education] == [
        ("Bachelor of Science in Accounting", "University of California, Berkeley")
    ]


def test_company_field_lines_under_any_heading_are_work_history():
    text = "Summary\nSeller.\n\nJOB PROFILE:\n- Built sales plans.\n"
    text += "company - Talwalkars Fitness Pvt Ltd\ndescription - Ran the front desk.\n"
    assert [c for _, c, *_ in roles(text)] == ["Talwalkars Fitness Pvt Ltd"]


STACKED_EMPLOYER_FIRST = """Experience
Harbor Freight Lines Inc.                                          Tacoma, WA
Dispatcher                                                         Feb. 2021 - Mar. 2021
Lindqvist                                                          Tacoma, WA
Operations Lead & Director of Dispatch                             Jun. 2018 - Jan. 2021
• Planned 40 routes a day for 12 drivers.
Bayside Works Co.                                                  Olympia, WA
Co-founder & Fleet Planner                                         Jan. 2016 - Jun. 2017
• Ran the night yard.
Port Authority Training Command, MNR                               Olympia, WA
Yard Clerk (Reserve Service)                                       Aug. 2014 - Apr. 2016
• Logged 300 containers a week.
"""


def test_employer_lines_above_title_and_dates_lines_stay_with_their_own_role():
    """A role without bullets does not take the next role's employer line; 'Co-founder' is not
    an organisation word; 'Command, MNR' is not a place."""
    assert [(t, c) for t, c, *_ in roles(STACKED_EMPLOYER_FIRST)] == [
        ("Dispatcher", "Harbor Freight Lines Inc."),
        ("Operations Lead & Director of Dispatch", "Lindqvist"),
        ("Co-founder & Fleet Planner", "Bayside Works Co."),
        ("Yard Clerk (Reserve Service)", "Port Authority Training Command, MNR"),
    ]


def test_the_part_with_an_organisation_word_is_the_employer_and_the_other_the_title():
    text = "Experience\nBanquet- Front desk Jan 2010 to Jan 2013\nGrand Hotel – Austin, TX\n"
    text += "        Prepared access cards.\n"
    assert roles(text) == [("Banquet- Front desk", "Grand Hotel", "2010-01", "2013-01")]
    place = "Experience\nServer — Pecan Grove Grill — College Station, TX — 2008–2012\n"
    assert roles(place) == [("Server", "Pecan Grove Grill", "2008", "2012")]
    both = "Experience\nLAKESIDE COMMUNITY HOSPITAL, Dayton, OH\nPharmacy Resident | 2016 - 2017\n"
    assert roles(both)[0][:2] == ("Pharmacy Resident", "LAKESIDE COMMUNITY HOSPITAL")


def test_an_organisation_word_inside_the_title_does_not_stand_for_the_employer():
    text = "Experience\nLAKEVIEW FAMILY PHARMACY #12, Dayton, OH\n"
    text += "Pharmacy Intern | 05/2013 - 05/2016\n"
    text += "▪ Filled 300 prescriptions a day.\n"
    assert roles(text) == [
        ("Pharmacy Intern", "LAKEVIEW FAMILY PHARMACY #12", "2013-05", "2016-05")
    ]
    run_on = (
        "Experience\n06/2016\nRegistered Nurse Mercy Hospital – Dayton, OH\n        Cared for 6.\n"
    )
    assert roles(run_on)[0][:2] == ("Registered Nurse", "Mercy Hospital")


SIDEBAR = """DANA PETROVA
dana.petrova@example.com | 555-201-3344

EXPERIENCE

Harbor Pharmacy Group                                           Mar '19 – Present
Pharmacy Manager, Elm Street Store  ·  Springfield, IL
✓ Cut prescription wait times from 40 to 15 minutes with a two-queue counter.
✓ Trained 6 technicians on the new dispensing robot.

SKILLS
Inventory control
Immunizations
LANGUAGES
English — native
Spanish — conversational

Bluebird Drug Co.                                               Jun '14 – Feb '19
Staff Pharmacist, Oak Park  ·  Springfield, IL
✓ Ran the flu clinic: 1,200 shots a season.
✓ Precepted 4 pharmacy interns a year.

EDUCATION
PharmD, Midwest College of Pharmacy, 2014
"""


def test_a_role_after_a_two_column_sidebar_stays_a_role():
    found = roles(SIDEBAR)
    assert ("Staff Pharmacist, Oak Park", "Bluebird Drug Co.", "2014-06", "2019-02") in found
    assert (
        "Pharmacy Manager, Elm Street Store",
        "Harbor Pharmacy Group",
        "2019-03",
        "present",
    ) in (found)
    parsed = parse_resume_text(SIDEBAR, source_name="r.txt", fmt="text")
    flu = next(c for c in parsed.cards if "flu clinic" in c.raw_text)
    assert flu.role_id == next(r.id for r in parsed.roles if r.company == "Bluebird Drug Co.")
    # the sidebar keeps its own lines
    spanish = next(c for c in parsed.cards if "Spanish" in c.raw_text)
    assert spanish.role_id is None


def test_title_employer_and_place_on_one_line_with_commas():
    text = (
        "Experience\n"
        "Line Cook, Juniper Restaurant Group, Portland, OR — 2019 – 2022\n"
        "- Ran the grill station on weekends.\n"
        "Prep Cook, Harbor Hotel, Seattle, WA (2016 – 2019)\n"
        "- Prepped 200 covers a night.\n"
    )
    parsed = parse_resume_text(text, source_name="r.txt", fmt="text")
    got = [(r.title, r.company, r.location, r.start, r.end) for r in parsed.roles]
    assert got == [
        ("Line Cook", "Juniper Restaurant Group", "Portland, OR", "2019", "2022"),
        ("Prep Cook", "Harbor Hotel", "Seattle, WA", "2016", "2019"),
    ]


def test_titles_under_one_employer_line_are_promotions_at_that_employer():
    text = (
        "Experience\n"
        "Northwind Logistics Inc., Reno, NV\n"
        "Shift Supervisor | Mar 2021 – Present\n"
        "- Led a crew of 12 pickers.\n"
        "Warehouse Associate | Jun 2018 – Feb 2021\n"
        "- Picked 180 orders a shift.\n"
        "Forklift Operator | 2012 – 2014\n"
        "- Loaded trailers.\n"
    )
    parsed = parse_resume_text(text, source_name="r.txt", fmt="text")
    got = [(r.title, r.company, r.location) for r in parsed.roles]
    assert got == [
        ("Shift Supervisor", "Northwind Logistics Inc.", "Reno, NV"),
        ("Warehouse Associate", "Northwind Logistics Inc.", "Reno, NV"),
        ("Forklift Operator", "", ""),  # four years between: not shown to be the same employer
    ]
    picked = next(c for c in parsed.cards if "180 orders" in c.raw_text)
    assert picked.company == "Northwind Logistics Inc."


def test_a_role_written_as_a_paragraph_with_a_header_sentence_first():
    text = (
        "Work Experience\n\n"
        "Bookkeeper at Alder Street Accounting LLC, Jan 2019 – Present. I reconcile 14 client "
        "ledgers each month and prepare quarterly sales tax returns for 9 retailers.\n\n"
        "Accounts Clerk at Fennel Foods Group, 2015 – 2018. I matched 300 invoices a week "
        "to purchase orders and chased the late ones.\n"
    )
    parsed = parse_resume_text(text, source_name="r.txt", fmt="text")
    assert [(r.title, r.company, r.start, r.end) for r in parsed.roles] == [
        ("Bookkeeper", "Alder Street Accounting LLC", "2019-01", "present"),
        ("Accounts Clerk", "Fennel Foods Group", "2015", "2018"),
    ]
    clerk = parsed.roles[1].id
    invoices = next(c for c in parsed.cards if "300 invoices" in c.raw_text)
    assert invoices.role_id == clerk
    assert "300 invoices" in text[invoices.provenance.char_start : invoices.provenance.char_end]


def test_a_sentence_that_mentions_an_employer_and_a_year_is_not_a_header():
    text = (
        "Experience\n"
        "Cashier | Pine Market Stores | 2017 – 2019\n"
        "I trained at Pine Market Stores in 2017. Later I opened the store on Sundays and "
        "counted the safe at the end of each shift for the manager on duty.\n"
    )
    assert roles(text) == [("Cashier", "Pine Market Stores", "2017", "2019")]


def test_a_two_column_text_dump_reads_column_by_column():
    from core.ingest import parse_resume

    left = ["Sam Rivera", "sam@example.org", "Reno, NV", "", "Skills", "Forklift", "RF scanners"]
    left += ["Pallet jacks", ""]
    right = [
        "Experience",
        "Picker | Dunmore Distribution Inc. | 2019 – 2023",
        "- Picked 220 lines an hour.",
        "- Trained 6 new pickers.",
        "- Kept the aisle clear.",
        "Loader | Kestrel Freight Co. | 2016 – 2019",
        "- Loaded 30 trailers a week.",
        "- Checked seals.",
        "",
    ]
    dump = "\n".join(f"{a:<32}{b}" for a, b in zip(left, right, strict=True))
    parsed = parse_resume(dump.encode(), "dump.txt")
    assert [(r.title, r.company, r.start, r.end) for r in parsed.roles] == [
        ("Picker", "Dunmore Distribution Inc.", "2019", "2023"),
        ("Loader", "Kestrel Freight Co.", "2016", "2019"),
    ]
    assert parsed.contact.email == "sam@example.org"
    trained = next(c for c in parsed.cards if "6 new pickers" in c.raw_text)
    assert "Forklift" not in trained.raw_text and trained.role_id == parsed.roles[0].id


def test_a_dated_part_of_a_job_without_a_title_stays_in_that_job():
    text = (
        "Experience\n"
        "Field Technician | Orbit Cable Systems | 2015 – Present\n"
        "- Install 5 home connections a day.\n"
        "Fiber repair clinic at the depot (Saturdays, 2019 – 2021)\n"
        "- Spliced 40 trunk lines.\n"
        "Installer | Beacon Wireless Inc. | 2017 – 2018\n"
        "- Mounted rooftop antennas on weekends.\n"
    )
    parsed = parse_resume_text(text, source_name="r.txt", fmt="text")
    assert [(r.title, r.company) for r in parsed.roles] == [
        ("Field Technician", "Orbit Cable Systems"),
        ("Installer", "Beacon Wireless Inc."),  # a second job at the same time keeps its title
    ]
    spliced = next(c for c in parsed.cards if "40 trunk lines" in c.raw_text)
    assert spliced.role_id == parsed.roles[0].id


def test_a_label_and_value_table_in_a_text_file_is_not_read_as_two_columns():
    from core.ingest import parse_resume

    labels = ["Email:", "Phone:", "Location:", "Languages:", "Licence:", "Availability:"]
    values = ["pat@example.com", "(555) 555-0142", "Reno, NV", "English, Spanish", "RN 12345"]
    values.append("Nights and weekends")
    table = "\n".join(f"{a:<16}{b}" for a, b in zip(labels, values, strict=True))
    text = (
        f"Pat Example\n{table}\n\nExperience\n"
        "Registered Nurse | Mercy General Hospital | 06/2016 – Present\n"
        "- Cared for 6 patients per shift.\n"
    )
    parsed = parse_resume(text.encode(), "r.txt")
    joined = " ".join(" ".join(c.raw_text.split()) for c in parsed.cards)
    assert "Languages: English, Spanish" in joined
    assert "Cared for 6 patients per shift." in joined  # not cut at a single space
    assert [(r.title, r.company) for r in parsed.roles] == [
        ("Registered Nurse", "Mercy General Hospital")
    ]


@pytest.mark.parametrize(
    ("header", "title", "company"),
    [
        (
            "Athlete - Retail Associate Harbor Outfitters Inc - Boise, ID",
            "Athlete - Retail Associate",
            "Harbor Outfitters Inc",
        ),
        ("Cashier / Stock Associate | Boise, ID", "Cashier / Stock Associate", ""),
        ("Lifeguard – Swim Instructor", "Lifeguard – Swim Instructor", ""),
        ("Analyst - Principal Financial Group - Boise, ID", "Analyst", "Principal Financial Group"),
        ("Nurse - Mercy General Hospital - Boise, ID", "Nurse", "Mercy General Hospital"),
        ("Barista - Blue Door Coffee", "Barista", "Blue Door Coffee"),
        # on its own line, joined by a slash or a dot, or before an 'at' or a tighter joiner
        (
            "Staff Pharmacist / Clinical Consultant | Cedar Health Inc",
            "Staff Pharmacist / Clinical Consultant",
            "Cedar Health Inc",
        ),
        ("Shift Lead · Line Cook | Harbor Grill Co", "Shift Lead · Line Cook", "Harbor Grill Co"),
        ("Shift Lead · Line Cook, Harbor Grill", "Shift Lead · Line Cook", "Harbor Grill"),
        ("Senior Engineer - Payments at Lumen Labs", "Senior Engineer - Payments", "Lumen Labs"),
        (
            "Data Analyst - Reporting — Northwind Group",
            "Data Analyst - Reporting",
            "Northwind Group",
        ),
        # the same joiner twice: no tighter bond, the middle name is not the title's
        ("Nurse - Berlin - Mercy Hospital", "Nurse", "Mercy Hospital"),
        # a part that ends in a title word but names an organisation stays the employer
        ("Welder / Foreman | Ridge Steel Corp", "Welder / Foreman", "Ridge Steel Corp"),
        ("Planner - Harbor Logistics Group", "Planner", "Harbor Logistics Group"),
    ],
)
def test_a_title_in_two_parts_is_one_title(header, title, company):
    text = f"Experience\n03/2019 to 06/2021\n{header}\n    Served 200 guests a day.\n"
    assert roles(text) == [(title, company, "2019-03", "2021-06")]


@pytest.mark.parametrize(
    ("header", "company", "place"),
    [
        ("Line Cook | Harbor Grill GmbH, Munich, Germany", "Harbor Grill GmbH", "Munich, Germany"),
        ("Line Cook | Ridge Diner Co, Bogotá, Colombia", "Ridge Diner Co", "Bogotá, Colombia"),
        (
            "Line Cook | Ridge Diner Co, Ciudad de México, MX",
            "Ridge Diner Co",
            "Ciudad de México, MX",
        ),
        # a place alone after the employer stays the place, whole
        ("Line Cook - Ridge Diner | Portland, Oregon, USA", "Ridge Diner", "Portland, Oregon, USA"),
    ],
)
def test_a_place_written_after_the_employer_is_the_roles_place(header, company, place):
    text = f"Experience\n03/2019 to 06/2021\n{header}\n    Served 200 guests a day.\n"
    parsed = parse_resume_text(text, source_name="r.txt", fmt="text")
    assert [(r.title, r.company, r.location) for r in parsed.roles] == [
        ("Line Cook", company, place)
    ]


@pytest.mark.parametrize(
    ("header", "company", "place"),
    [
        ("Line Cook | Harbor Grill / Ridge Diner", "Harbor Grill / Ridge Diner", ""),
        ("Harbor Grill / Ridge Diner Inc | Line Cook", "Harbor Grill / Ridge Diner Inc", ""),
        ("Line Cook | Harbor Grill / Boise, ID", "Harbor Grill", "Boise, ID"),  # a place
        ("Line Cook | Harbor Grill / Remote", "Harbor Grill", "Remote"),
        ("Line Cook, Harbor Grill GmbH / Ridge Diner", "Harbor Grill GmbH / Ridge Diner", ""),
    ],
)
def test_an_employer_in_two_names_joined_by_a_slash_is_one_employer(header, company, place):
    text = f"Experience\n03/2019 to 06/2021\n{header}\n    Served 200 guests a day.\n"
    parsed = parse_resume_text(text, source_name="r.txt", fmt="text")
    assert [(r.title, r.company, r.location) for r in parsed.roles] == [
        ("Line Cook", company, place)
    ]


@pytest.mark.parametrize("arrow", ["->", "-->", "=>", "→"])
def test_arrow_bullets_are_bullets_with_their_wrapped_lines(arrow):
    text = (
        "Experience\nHARBOR FOODS DC -- Aurora, IL -- 2018 – 2021\nInventory Lead\n"
        f"{arrow} ran cycle counts with 4 clerks: A monthly, B quarterly, C twice a\n"
        "   year, about 2,000 locations a week\n"
        f"{arrow} accuracy 96.2% -> 99.4% in 2 years. Worked the variances weekly\n"
        "\nSkills\n"
        f"{arrow} Excel: pivot tables, XLOOKUP,\n   Power Query\n{arrow} Kronos timekeeping\n"
    )
    parsed = parse_resume_text(text, source_name="r.txt", fmt="text")
    bullets = [c.raw_text for c in parsed.cards if c.role == "Inventory Lead"]
    assert (
        "ran cycle counts with 4 clerks: A monthly, B quarterly, C twice a year, about 2,000 "
        "locations a week" in bullets
    )
    assert "accuracy 96.2% -> 99.4% in 2 years. Worked the variances weekly" in bullets
    skills = [c.raw_text for c in parsed.cards if c.section == "Skills"]
    assert skills == ["Excel: pivot tables, XLOOKUP, Power Query", "Kronos timekeeping"]


@pytest.mark.parametrize(
    ("lines", "texts"),
    [
        (
            "• 1.Exterior works of villas.\n2.Construction of new buildings.\n",
            ["Exterior works of villas.", "Construction of new buildings."],
        ),
        (
            "- 3) Charted vitals for 6 patients.\n4)Titrated drips per protocol.\n",
            ["Charted vitals for 6 patients.", "Titrated drips per protocol."],
        ),
        # a number that is the text's own stays: a count, a decimal
        (
            "1. 3 hospitals merged onto one EHR.\n• 2.5 FTE saved by rota redesign.\n",
            ["3 hospitals merged onto one EHR.", "2.5 FTE saved by rota redesign."],
        ),
    ],
)
def test_a_list_number_written_tight_or_after_a_glyph_is_not_card_text(lines, texts):
    text = f"Experience\nSite Engineer | Acme Builders | 2015 - 2016\n{lines}"
    parsed = parse_resume_text(text, source_name="r.txt", fmt="text")
    assert [c.raw_text for c in parsed.cards if c.role_id and "-h" not in c.id] == texts


def test_numbered_skills_are_the_names_without_their_numbers():
    text = "Skills\n1.Autocad • 2.Catia • 3.Photoshop, Excel\n"
    parsed = parse_resume_text(text, source_name="r.txt", fmt="text")
    assert {"Autocad", "Catia", "Photoshop", "Excel"} <= {s for c in parsed.cards for s in c.skills}
    assert not any(s[0].isdigit() for c in parsed.cards for s in c.skills)


@pytest.mark.parametrize(
    ("written", "start", "end"),
    [
        ("May–Aug 2018", "2018-05", "2018-08"),
        ("June - September 2016", "2016-06", "2016-09"),
        ("Sept. to Dec. 2021", "2021-09", "2021-12"),
        ("Nov–Feb 2019", "2018-11", "2019-02"),  # a winter across the new year
        ("JAN–MAR 2020", "2020-01", "2020-03"),
    ],
)
def test_two_months_sharing_one_year_are_a_range(written, start, end):
    (span,) = find_dates(f"Intern | {written}")
    assert (span.text, span.start, span.end) == (written, start, end)


def test_may_as_a_word_is_no_month_of_a_range():
    assert [s.text for s in find_dates("you may - June 2020 apply")] == ["June 2020"]


PIPE_ROWS = """EMPLOYMENT
{first}
  {bullet}
{second}
{third}

EDUCATION
B.S. Economics, Front Range University, 2019
"""


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        (
            (
                "Harbor Grill  |  Portland, ME  |  Line Cook  |  2019 – present",
                "Seaside Bistro Group  |  Kennebunk, ME  |  Prep Cook  |  May–Aug 2018",
                "County of York, Parks Department  |  Alfred, ME  |  Camp Kitchen Aide"
                "  |  Jun–Aug 2017",
            ),
            [
                ("Line Cook", "Harbor Grill", "2019", "present"),
                ("Prep Cook", "Seaside Bistro Group", "2018-05", "2018-08"),
                ("Camp Kitchen Aide", "County of York, Parks Department", "2017-06", "2017-08"),
            ],
        ),
        (
            (
                "Lakeview Analytics  |  Denver, CO  |  Data Analyst  |  2019 – present",
                "Rocky Ridge Credit Union  |  Boulder, CO  |  Finance Intern  |  May–Aug 2018",
                "Adams Water, Budget and Rates Section  |  Brighton, CO  |  Finance Intern (Budget)"
                "  |  May–Aug 2017",
            ),
            [
                ("Data Analyst", "Lakeview Analytics", "2019", "present"),
                ("Finance Intern", "Rocky Ridge Credit Union", "2018-05", "2018-08"),
                (
                    "Finance Intern (Budget)",
                    "Adams Water, Budget and Rates Section",
                    "2017-05",
                    "2017-08",
                ),
            ],
        ),
    ],
    ids=["kitchen", "finance"],
)
def test_pipe_rows_on_consecutive_lines_are_roles_of_their_own_employers(rows, expected):
    first, second, third = rows
    text = PIPE_ROWS.format(
        first=first, bullet="Ran the weekly numbers.", second=second, third=third
    )
    assert roles(text) == expected


@pytest.mark.parametrize(
    ("header", "title", "employer"),
    [
        ("Northwind, Store Manager    Jul 2016 - Sep 2018", "Store Manager", "Northwind"),
        ("Bluebird Dental, Hygienist    2016 - 2018", "Hygienist", "Bluebird Dental"),
        (
            "Harbor Health, Nurse / Care-Coordinator    2016 - 2018",
            "Nurse / Care-Coordinator",
            "Harbor Health",
        ),
    ],
)
def test_an_employer_then_title_header_with_only_a_comma_between_is_split_by_the_tagger(
    header, title, employer
):
    """No separator rule says which side of the comma is the employer; the role-header tagger
    (trained on real work entries) does."""

    text = f"Jo Reyes\njo@example.org\n\nExperience\n{header}\n- Led a team of 6 on nights\n"
    (role,) = parse_resume_text(text, source_name="r.txt", fmt="text").roles
    assert (role.title, role.company) == (title, employer)


def test_an_employer_sub_heading_under_a_dated_title_heading_is_that_roles_employer() -> None:
    text = (
        "# Ana Ruiz\nana.ruiz@example.org\n\n## Experience\n\n"
        "### Science Teacher (Aug 2015 – Jun 2019)\n#### Lakeside Middle School (Roanoke, VA)\n"
        "- Raised the grade's science pass rate from 71% to 88%\n\n"
        "### Lab Assistant (2013 – 2015)\n#### Northfield University (Blacksburg, VA)\n"
        "- Prepared reagents for 4 teaching labs a week\n"
    )
    parsed = parse_resume_text(text, source_name="ana.md", fmt="markdown")
    assert [(r.title, r.company, r.start) for r in parsed.roles] == [
        ("Science Teacher", "Lakeside Middle School", "2015-08"),
        ("Lab Assistant", "Northfield University", "2013"),
    ]
    science = next(c for c in parsed.cards if "pass rate" in c.raw_text)
    assert science.role_id == parsed.roles[0].id and science.company == "Lakeside Middle School"


def test_a_dated_heading_over_an_employer_sub_heading_is_all_title() -> None:
    """The rules read a one-name heading as the employer and cut a heading at its comma; an
    employer sub-heading below says the whole heading is the title."""
    text = (
        "# Ana Ruiz\nana.ruiz@example.org\n\n## Experience\n\n"
        "### Webmistress (2009 – 2011)\n#### Northfield Rowing Association (Blacksburg, VA)\n"
        "- Rebuilt the booking pages used by 300 members\n\n"
        "### Teacher. Biology, Biology Honors (Aug 2012 – Jun 2013)\n"
        "#### Lakeside High School (Roanoke, VA)\n"
        "- Taught 5 sections of 28 students\n"
    )
    parsed = parse_resume_text(text, source_name="ana.md", fmt="markdown")
    assert [(r.title, r.company, r.location) for r in parsed.roles] == [
        ("Webmistress", "Northfield Rowing Association", "Blacksburg, VA"),
        ("Teacher. Biology, Biology Honors", "Lakeside High School", "Roanoke, VA"),
    ]
    taught = next(c for c in parsed.cards if "5 sections" in c.raw_text)
    assert (taught.company, taught.role) == ("Lakeside High School", parsed.roles[1].title)


def test_a_dated_employer_line_over_another_plain_line_is_not_turned_into_a_title() -> None:
    """Without a deeper sub-heading nothing says the first name is a title."""
    text = (
        "Jo Reyes\njo@example.org\n\nExperience\nRiverside Fitness Centre    2015 - Present\n"
        "Harbor Fitness Club\n- Ran 12 classes a week\n"
    )
    parsed = parse_resume_text(text, source_name="r.txt", fmt="text")
    assert all(role.title != "Riverside Fitness Centre" for role in parsed.roles)


def test_a_place_in_brackets_after_a_name_is_its_location_and_other_brackets_stay() -> None:
    text = (
        "Jo Reyes\njo@example.org\n\nExperience\n"
        "Lab Technician | Harbor Tech Labs (Roanoke, VA) | 2019 - 2021\n- Ran 40 assays a week\n\n"
        "Data Fellow (Machine Learning, Astronomy) | Harbor Observatory | 2022 - 2023\n"
        "- Built 3 models\n"
    )
    roles = parse_resume_text(text, source_name="r.txt", fmt="text").roles
    assert [(r.title, r.company, r.location) for r in roles] == [
        ("Lab Technician", "Harbor Tech Labs", "Roanoke, VA"),
        ("Data Fellow (Machine Learning, Astronomy)", "Harbor Observatory", ""),
    ]


@pytest.mark.parametrize("note", ["EXPERIENCE — NINE YEARS ON SITE", "WORK HISTORY - SELECTED"])
def test_an_all_caps_heading_with_a_note_after_a_dash_opens_its_section(note) -> None:
    text = (
        f"Jo Reyes\njo@example.org\n\nSKILLS\nWelding, rigging\n\n{note}\n"
        "Harbor Steel Works                    Jun 2019 - Sep 2023\nSite Foreman\n"
        "- Ran a crew of 12 welders\n"
    )
    parsed = parse_resume_text(text, source_name="r.txt", fmt="text")
    assert [(r.title, r.company, r.start) for r in parsed.roles] == [
        ("Site Foreman", "Harbor Steel Works", "2019-06")
    ]


def test_an_all_caps_name_and_title_with_a_dash_is_not_a_heading() -> None:
    from core.ingest.sections import is_all_caps_heading

    assert not is_all_caps_heading("HARBOR STEEL WORKS — SITE FOREMAN")
    assert is_all_caps_heading("EDUCATION — TWO DEGREES")


def test_employer_lines_with_a_place_over_a_title_line_give_employer_title_and_place() -> None:
    """'Employer, Remote', 'Employer: City, ST' and 'Employer, City, MA' each over a title line
    (indented or not): the state code 'MA' is a place, not a Master of Arts."""
    text = (
        "Jo Reyes\njo@example.org\n\nExperience\n"
        "Harbor Data Inc, Boston, MA          01/2020 – 05/2024\nData Analyst\n"
        "• Built the weekly sales dashboards for 40 stores.\n"
        "Tidewater Labs, Remote               06/2024 – 08/2024\nContributor\n"
        "• Wrote 200 graded maths problems.\n"
        "Lakeside University Kinesiology Lab: Storrs, CT        2012 - 2013\n"
        "  Undergraduate Researcher\n• Scored 15 sessions a week.\n"
    )
    parsed = parse_resume_text(text, source_name="r.txt", fmt="text")
    assert [(r.title, r.company, r.location, r.start) for r in parsed.roles] == [
        ("Data Analyst", "Harbor Data Inc", "Boston, MA", "2020-01"),
        ("Contributor", "Tidewater Labs", "Remote", "2024-06"),
        ("Undergraduate Researcher", "Lakeside University Kinesiology Lab", "Storrs, CT", "2012"),
    ]
    assert not parsed.education


def test_an_academic_cv_entry_employer_with_a_note_over_a_title_sentence() -> None:
    """'dates  Employer. A sentence about it.' over 'Title.': the employer without its note,
    the title without the full stop."""
    text = (
        "Jo Reyes\njo@example.org\n\nEXPERIENCE\n\n"
        "  2025 - present  Tidewater. Privacy research.\n                  Research Scientist.\n\n"
        "     2014 - 2016  Harbor Mobile. Startup building a new mobile network.\n"
        "                  Software Architect.\n\n"
        "     2012 - 2013  Omnia. Co., Ltd.\n                  Data Engineer.\n"
    )
    parsed = parse_resume_text(text, source_name="r.txt", fmt="text")
    assert [(r.title, r.company, r.start) for r in parsed.roles] == [
        ("Research Scientist", "Tidewater", "2025"),
        ("Software Architect", "Harbor Mobile", "2014"),
        ("Data Engineer", "Omnia. Co., Ltd.", "2012"),
    ]


@pytest.mark.parametrize(
    "text",
    ["Acme Inc. Boston office", "A. Berke, N. Lee.", "St. Mary Hospital", "Omnia. Co., Ltd."],
)
def test_a_point_that_ends_an_abbreviation_or_an_initial_keeps_the_name_whole(text) -> None:
    from core.ingest.roles import name_before_note

    assert name_before_note(text) == text


def test_lines_under_a_role_sub_heading_give_the_dates_employer_and_title_it_lacks() -> None:
    text = (
        "# Jo Reyes\njo@example.org\n\n# PREVIOUS ROLES\n\n"
        "## \u25a0 SENIOR ENGINEER\n\nDATA ENGINEERING | SOFTWARE ENGINEERING\n\n"
        "Tidewater Labs, Melbourne Australia\n\n"
        "A farm-emissions platform for growers in three countries.\n\nDec 2022 \u2013 May 2024\n\n"
        "- Led the rebuild of the reporting service for 40 clients\n\n"
        "## Harbor Institute for Research\nResearch Assistant\nNov 2013 - Jan 2017\n\n"
        "- Collected a speech corpus of 120 speakers\n\n"
        "## Frontend Developer, 11/2019 - 2/2020\n\n"
        "Real estate search app. I used Grid layouts, Material UI to build it, Leaflet maps.\n\n"
        "- Built the map view\n"
    )
    parsed = parse_resume_text(text, source_name="r.md", fmt="markdown")
    got = [(r.title, r.company, r.start, r.end) for r in parsed.roles]
    assert got == [
        ("SENIOR ENGINEER", "Tidewater Labs", "2022-12", "2024-05"),
        ("Research Assistant", "Harbor Institute for Research", "2013-11", "2017-01"),
        ("Frontend Developer", "", "2019-11", "2020-02"),  # a sentence names no employer
    ]
    led = next(c for c in parsed.cards if "40 clients" in c.raw_text)
    assert (led.company, led.timeframe) == ("Tidewater Labs", "Dec 2022 \u2013 May 2024")


def test_headings_deeper_than_a_roles_heading_are_its_title_dates_and_labels() -> None:
    """'## Employer  dates' / '### Title' / '#### Projects:' (a Word resume's heading styles):
    one role, its title from the deeper heading, the labels inside it; a dated deeper heading
    of its own is still a role."""
    text = (
        "# Jo Reyes\njo@example.org\n\n# Experience\n\n"
        "## Tidewater Networks March 2017 to June 2019\n\n### Senior Linux Systems Engineer\n\n"
        "#### Day to day responsibilities:\n\n- Reviewed the code of 6 teams\n\n"
        "#### Projects:\n\n- Moved 900 hosts to a new OS release\n\n"
        "## Harbor Hosting\n\n### Escalation Engineer\n\n### March 2011 - May 2012\n\n"
        "- Handled escalations from 12 administrators\n\n"
        "## Lakeside Telecom\n\n### Network Engineer (2009 - 2010)\n\n"
        "- Ran the NOC night shift\n\n### Network Technician (2007 - 2009)\n\n- Patched racks\n"
    )
    parsed = parse_resume_text(text, source_name="r.md", fmt="markdown")
    assert [(r.title, r.company, r.start) for r in parsed.roles] == [
        ("Senior Linux Systems Engineer", "Tidewater Networks", "2017-03"),
        ("Escalation Engineer", "Harbor Hosting", "2011-03"),
        ("Network Engineer", "Lakeside Telecom", "2009"),
        ("Network Technician", "Lakeside Telecom", "2007"),
    ]
    moved = next(c for c in parsed.cards if "900 hosts" in c.raw_text)
    assert moved.role_id == parsed.roles[0].id
    assert moved.role == "Senior Linux Systems Engineer"


@pytest.mark.parametrize(
    ("header", "title", "employer"),
    [
        (
            "Freelance, Design & Full-Stack    Feb 2019 - Present",
            "Design & Full-Stack",
            "Freelance",
        ),
        (
            "Self-employed, Wedding Photography | 2015 - 2018",
            "Wedding Photography",
            "Self-employed",
        ),
    ],
)
def test_working_for_oneself_then_the_work_gives_employer_and_title(header, title, employer):
    text = f"Jo Reyes\njo@example.org\n\nExperience\n{header}\n- Shot 40 weddings a year\n"
    (role,) = parse_resume_text(text, source_name="r.txt", fmt="text").roles
    assert (role.title, role.company, role.location) == (title, employer, "")


@pytest.mark.parametrize(
    ("line", "title", "company"),
    [
        ("Ride Pilot, Harbor Tours A/S    2019 – 2021", "Ride Pilot", "Harbor Tours A/S"),
        ("Ride Pilot, harbortours.io    2019 – 2021", "Ride Pilot", "harbortours.io"),
        # a name and its legal form, and working for oneself, are not a title and an employer
        ("Harbor Tours, LLC    2019 – 2021", "", "Harbor Tours, LLC"),
        ("Freelance, Design & Full-Stack    2019 – 2021", "Design & Full-Stack", "Freelance"),
    ],
)
def test_a_header_of_two_names_and_no_title_word_reads_title_then_employer(line, title, company):
    from core.ingest.roles import parse_header

    head = parse_header([line])
    assert (head.title, head.company) == (title, company)
