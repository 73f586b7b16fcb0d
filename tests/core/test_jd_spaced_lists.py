"""Lists whose items an export kept apart by one space only, wrapper paragraphs under a list,
and "would be ideal" as a nice-to-have cue. Each ad is written here."""

from __future__ import annotations

from core.contracts import Priority
from core.jd import analyze_jd
from core.jd.runon import split_run_together
from core.jd.spaced import spaced_cuts

SPACED = (
    "Plumbing Service Technician\nNorthside Mechanical\n\n"
    "Requirements\n\n"
    "Journeyman plumber license Experience with QuickBooks Online and Microsoft Outlook "
    "Knowledge of local plumbing codes 3+ years of residential service experience Strong "
    "customer service skills Valid driver license with a clean record Able to lift 60 pounds "
    "Comfortable working in crawl spaces and attics Backflow certification is desired\n\n"
    "Northside Mechanical has served the valley since 1978. We offer medical, dental and a "
    "401(k) with a match. Every technician gets a stocked van.\n\n"
    "All applicants must be legally authorized to work in the United States. Benefits start on "
    "the first of the month after hire. New technicians earn 10 days of paid leave per year.\n"
)


def test_items_kept_apart_by_one_space_are_read_one_by_one():
    texts = [r.text for r in analyze_jd(SPACED).requirements]
    assert "Journeyman plumber license" in texts
    assert "Knowledge of local plumbing codes" in texts
    assert "3+ years of residential service experience" in texts
    assert "Strong customer service skills" in texts
    assert "Valid driver license with a clean record" in texts


def test_names_inside_a_spaced_item_stay_whole():
    texts = [r.text for r in analyze_jd(SPACED).requirements]
    # "with QuickBooks", "and Microsoft Outlook": a small word keeps the name in its item
    assert "Experience with QuickBooks Online and Microsoft Outlook" in texts


def test_the_cue_of_a_spaced_item_sets_its_priority():
    by_text = {r.text: r.priority for r in analyze_jd(SPACED).requirements}
    assert by_text["Backflow certification is desired"] == Priority.NICE
    assert by_text["Journeyman plumber license"] == Priority.MUST


def test_a_paragraph_mostly_of_wrapper_sentences_is_not_read_as_requirements():
    texts = " | ".join(r.text for r in analyze_jd(SPACED).requirements)
    assert "legally authorized" not in texts  # its paragraph is benefits and notices
    assert "10 days of paid leave" not in texts
    assert "since 1978" not in texts and "stocked van" not in texts


def test_a_paragraph_of_asks_with_one_perk_keeps_its_asks():
    ad = (
        "Dental Assistant\n\nRequirements\n\n"
        "You must hold a current radiography certificate. Two years of chairside experience is "
        "required. Experience with Dentrix is preferred. We offer a uniform allowance.\n"
    )
    texts = [r.text for r in analyze_jd(ad).requirements]
    assert "You must hold a current radiography certificate." in texts
    assert "Two years of chairside experience is required." in texts


def test_prose_and_short_lines_are_not_spaced_lists():
    prose = (
        "You will work with the Operations team and the Finance group to plan each quarter. "
        "Our clients include hospitals in Ohio and Texas, and you will visit them with Sales."
    )
    assert spaced_cuts(prose) == []
    assert split_run_together("Strong Excel skills Detail oriented") == [
        "Strong Excel skills Detail oriented"
    ]  # too short to be a run-together list


def test_would_be_ideal_is_a_nice_to_have_cue_outside_a_list():
    ad = (
        "Payroll Specialist\n\nAbout the role\n\n"
        "You will run payroll for 400 staff. Experience with ADP Workforce Now would be ideal.\n\n"
        "Requirements\n- 2+ years of payroll experience\n- Advanced Excel skills\n"
    )
    by_text = {r.text: r.priority for r in analyze_jd(ad).requirements}
    assert by_text["Experience with ADP Workforce Now would be ideal."] == Priority.NICE


def test_an_adjective_before_an_acronym_stays_in_its_item():
    line = (
        "5+ years of hands-on commercial HVAC experience Strong troubleshooting skills EPA 608 "
        "certification required Experience with building automation systems Valid driver "
        "license Able to read blueprints and wiring diagrams on site"
    )
    pieces = [p.removeprefix("- ") for p in split_run_together(line)]
    assert "5+ years of hands-on commercial HVAC experience" in pieces
    assert "Experience with building automation systems" in pieces


def test_a_whole_ad_on_one_line_is_not_one_wrapper_paragraph():
    sentences = [
        "Warehouse Lead.",
        "We are a family-owned distributor.",
        "We offer medical and dental insurance.",
        "Paid time off starts on day one.",
        "We are an equal opportunity employer.",
        "Our team ships 4,000 orders a day.",
        "Requirements: 3+ years of warehouse experience.",
        "Forklift certification is required.",
        "Experience with a WMS such as Manhattan is preferred.",
        "Must be able to lift 50 pounds.",
        "Knowledge of cycle counting.",
        "Strong leadership skills are required.",
        "Benefits include a 401(k) with a match.",
        "Apply now through our careers page.",
    ]  # half of them wrapper sentences: as one paragraph, it would all be dropped
    texts = " | ".join(r.text for r in analyze_jd(" ".join(sentences)).requirements)
    assert "Forklift certification is required" in texts
    assert "3+ years of warehouse experience" in texts


def test_one_credential_in_title_case_under_a_list_heading_is_an_item_not_a_heading():
    ad = (
        "School Bus Driver\n\nRequired Qualifications\n\n- High school diploma or GED\n\n"
        "Additional Requirements\n\n\nValid CDL Class B License\nClean Driving Record\n\n"
        "Licenses and Certifications\n\n- First aid card within 90 days\n"
    )
    analysis = analyze_jd(ad)
    texts = [r.text for r in analysis.requirements]
    assert "Valid CDL Class B License" in texts
    headings = [s.heading for s in analysis.sections]
    assert "Licenses and Certifications" in headings  # a kind of credential: still a heading
    assert "Valid CDL Class B License" not in headings


def test_two_everyday_words_glued_on_a_run_on_line_are_cut_but_names_stay():
    line = (
        "Requirements:Valid Driver LicenseReliable TransportationExcellent written "
        "EnglishTeaching experience with PowerPoint and QuickBooks"
    )
    pieces = [p.removeprefix("- ") for p in split_run_together(line)]
    assert "Valid Driver License" in pieces
    assert "Reliable Transportation" in pieces
    assert "Teaching experience with PowerPoint and QuickBooks" in pieces
    # alone on a line nothing is cut: a name may look like two words
    assert split_run_together("Experience with BlueSky and NightWatch") == [
        "Experience with BlueSky and NightWatch"
    ]


def test_an_empty_preferred_heading_makes_the_next_requirements_section_nice_to_have():
    ad = (
        "Science Teacher\n\nRequired\n\nEducation and Experience\n"
        "- Bachelor's degree in biology\n\n"
        "Preferred\n\nEducation and Experience\n- Master's degree in education\n"
    )
    by_text = {r.text: r.priority for r in analyze_jd(ad).requirements}
    assert by_text["Bachelor's degree in biology"] == Priority.MUST
    assert by_text["Master's degree in education"] == Priority.NICE


def test_a_spaced_list_inside_a_glued_line_is_split_too():
    line = (
        "Reports to the controller.Requirements:Payroll system experience Expertise in "
        "Microsoft Excel Bank reconciliation experience Accounts payable experience 3+ years of "
        "bookkeeping experience Strong organization skills Ability to meet monthly deadlines "
        "Associate degree in accounting"
    )
    pieces = [p.removeprefix("- ") for p in split_run_together(line)]
    assert "Expertise in Microsoft Excel Bank reconciliation experience" in pieces
    assert "3+ years of bookkeeping experience" in pieces
    assert "Ability to meet monthly deadlines" in pieces


def test_a_long_heading_label_inside_a_run_on_line_becomes_a_heading():
    ad = (
        "Home Health Aide Northside Care is hiring a Home Health Aide for the east side. "
        "Duties of the Home Health Aide: Help clients bathe and dressKeep a daily care log "
        "Qualifications of the Home Health Aide: Current CNA certificate2+ years of home care "
        "experience"
    )
    analysis = analyze_jd(ad)
    kinds = {s.heading: s.kind for s in analysis.sections}
    assert kinds.get("Qualifications of the Home Health Aide") == "requirements"
    texts = [r.text for r in analysis.requirements]
    assert "Current CNA certificate" in texts
    assert not any("Keep a daily care log" in t for t in texts)
