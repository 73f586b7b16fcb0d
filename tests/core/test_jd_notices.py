"""Notices, schedules and trailing wrapper sentences never become requirements, without a model.
Ads written here, in several occupations:
- a section headed as a notice to applicants or fine print ("NOTICE FOR INTERNAL
  APPLICANTS", "Applicant Privacy Notice", "Disclaimer") is process text even when its sentences
  say "required" or "must"; "Applicant Requirements" stays a requirements list;
- a shift-times line ("8:00 AM - 4:00 PM") is schedule logistics;
- a list item that carries a wrapper sentence after its ask (a list pasted as one line, or an
  item ending in a perk or pay line) keeps the ask and loses the wrapper sentence."""

from __future__ import annotations

import pytest

from core.jd import analyze_jd
from core.jd.boilerplate import wrapper_shaped
from core.jd.headings import classify_heading
from core.jd.requirements import without_wrapper_sentences


def _texts(ad: str) -> list[str]:
    return [r.text for r in analyze_jd(ad).requirements]


NOTICE_ADS = {
    "nurse": (
        "Staff Nurse - Cardiac Unit\n\nRequirements\n- Current RN license\n"
        "- 2+ years of acute care experience\n- BLS certification\n\n"
        "NOTICE TO INTERNAL APPLICANTS\n\n"
        "Current staff are required to have completed twelve (12) months in their present "
        "post and must inform their manager in writing before applying.\n",
        "twelve (12) months",
    ),
    "warehouse": (
        "Warehouse Associate\n\nWhat you need\n- Forklift certification\n"
        "- Able to lift 50 lbs\n- 1+ year of warehouse experience\n\n"
        "Applicant Privacy Notice\n\n"
        "The personal data you submit is required to assess your application and must be "
        "retained by the company for 24 months.\n",
        "personal data",
    ),
    "teacher": (
        "Year 4 Teacher\n\nQualifications\n- Qualified Teacher Status\n"
        "- Experience teaching Key Stage 2\n- Enhanced DBS check\n\n"
        "Disclaimer\n\n"
        "Applicants must note that this posting is required by state law to remain open for "
        "ten working days.\n",
        "ten working days",
    ),
    "accountant": (
        "Staff Accountant\n\nRequirements\n- Bachelor's degree in accounting\n"
        "- 3+ years of general ledger experience\n- Advanced Excel skills\n\n"
        "The fine print\n\n"
        "Every applicant is required to read the policy on outside employment, and offers "
        "must be accepted within five business days.\n",
        "outside employment",
    ),
}


@pytest.mark.parametrize("occupation", sorted(NOTICE_ADS))
def test_a_notice_section_asks_nothing_even_when_it_says_required(occupation: str) -> None:
    ad, notice = NOTICE_ADS[occupation]
    texts = _texts(ad)
    assert not [t for t in texts if notice in t]
    assert len(texts) == 3  # the three listed asks are all still read


@pytest.mark.parametrize(
    ("heading", "kind"),
    [
        ("NOTICE FOR INTERNAL APPLICANTS", "process"),
        ("Applicant Privacy Notice", "process"),
        ("Disclaimer", "process"),
        ("Remuneration", "pay"),
        ("Work Environment", "conditions"),
        ("Applicant Requirements", "requirements"),
        ("Applicant Qualifications", "requirements"),
        ("Policy experience", "requirements"),
    ],
)
def test_notice_pay_and_environment_headings_have_their_kind(heading: str, kind: str) -> None:
    assert classify_heading(heading) == kind


@pytest.mark.parametrize("heading", ["HR Policy/Strategy", "Legal Research", "Public Policy"])
def test_duty_headings_that_name_policy_or_law_are_no_notice(heading: str) -> None:
    assert classify_heading(heading) != "process"


@pytest.mark.parametrize(
    "line",
    ["8:00 AM - 4:00 PM  4:00 PM - 12:00 AM", "Shifts run 7am to 3pm", "10 p.m. - 6 a.m."],
)
def test_shift_times_are_schedule_logistics(line: str) -> None:
    assert wrapper_shaped(line)


def test_shift_times_with_an_ask_word_stay_an_ask() -> None:
    assert not wrapper_shaped("Must be available to work 8:00 AM - 4:00 PM")


TRAILING = {
    "heating mechanic": (
        "Maintenance Mechanic\n\nMinimum Qualifications\n"
        "1. Three years of experience repairing boilers and burners.  2. A valid driver's "
        "license.  3. Must be able to work rotating shifts, including weekends.    "
        "8:00 AM - 4:00 PM  4:00 PM - 12:00 AM  12:00 AM - 8:00 AM\n",
        "rotating shifts",
        "8:00 AM",
    ),
    "delivery driver": (
        "Delivery Driver\n\nRequirements\n- Clean driving record for 3+ years\n"
        "- Valid CDL Class B license. Company car provided and free parking at the depot.\n"
        "- Able to lift 40 lbs\n",
        "Valid CDL Class B license",
        "Company car",
    ),
    "cook": (
        "Line Cook\n\nWhat we need\n- 2+ years of line cook experience\n"
        "- Food handler card. £11.50 per hour plus tips.\n- Knife skills\n",
        "Food handler card",
        "£11.50",
    ),
    "nurse": (
        "Night Nurse\n\nRequirements\n"
        "- Current RN license. Sign-on bonus of $5,000 after 90 days.\n"
        "- 1+ year of med-surg experience\n- ACLS certification\n",
        "Current RN license",
        "Sign-on bonus",
    ),
}


@pytest.mark.parametrize("occupation", sorted(TRAILING))
def test_a_wrapper_sentence_after_an_ask_in_a_list_item_is_cut_off(occupation: str) -> None:
    ad, ask, wrapper = TRAILING[occupation]
    texts = _texts(ad)
    assert any(ask in t for t in texts)
    assert not [t for t in texts if wrapper in t]
    assert len(texts) >= 3


@pytest.mark.parametrize(
    "item",
    [
        "Payroll experience. Benefits administration.",
        "Bachelor's degree in accounting. CPA preferred.",
        "Three years of experience in retail. Must be able to work weekends 9am to 5pm.",
        "Forklift certification",
    ],
)
def test_an_item_of_asks_keeps_every_sentence(item: str) -> None:
    assert without_wrapper_sentences(item) == item


def test_a_pay_disclosure_item_is_not_freed_from_its_pay_figure() -> None:
    ad = (
        "Security Engineer\n\nWhat you will bring\n- 5+ years of application security\n"
        "- Threat modelling\n- In compliance with local law, we are disclosing the compensation "
        "for roles in locations where legally required. $180,000 - $210,000 is the base salary.\n"
    )
    texts = _texts(ad)
    assert not [t for t in texts if "compensation" in t or "$180,000" in t]
    assert len(texts) == 2


SHIFT_PARAGRAPHS = {
    "night porter": (
        "Night Porter\n\nRequirements\nMust be available to work rotating shifts, including "
        "weekends and holidays. 10:00 PM - 6:00 AM  6:00 AM - 2:00 PM\n\n"
        "About us\nWe are a hotel.\n",
        "Must be available to work rotating shifts",
    ),
    "care assistant": (
        "Care Assistant\n\nWhat you need\nYou must hold a current food hygiene certificate and be "
        "able to work weekends. Monday to Friday, 7am to 3pm.\n",
        "food hygiene certificate",
    ),
}


@pytest.mark.parametrize("occupation", sorted(SHIFT_PARAGRAPHS))
def test_shift_times_beside_an_ask_do_not_make_its_paragraph_wrapper_text(occupation: str) -> None:
    ad, ask = SHIFT_PARAGRAPHS[occupation]
    texts = _texts(ad)
    assert [t for t in texts if ask in t]
    assert not [t for t in texts if "AM" in t or "7am" in t]


def test_shift_times_before_the_next_heading_of_a_flattened_ad_keep_the_asks_above() -> None:
    ad = (
        "Security Officer CITY TRANSIT AUTHORITY Under general supervision, patrol stations and "
        "yards. Responsibilities include the following: 1. Patrol assigned stations. 2. Respond "
        "to alarms. 3. Write incident reports. Candidates selected must be available to work "
        "throughout the city; and will be required to work rotating shifts, including holidays "
        "and weekends. 7:00 AM - 3:00 PM 3:00 PM - 11:00 PM 11:00 PM - 7:00 AM Minimum "
        "Qualification Requirements 1. Two years of full-time experience as a security officer; "
        "or 2. A satisfactory combination of education and experience equivalent to 1 above."
    )
    texts = _texts(ad)
    assert [t for t in texts if "available to work throughout the city" in t]
    assert [t for t in texts if "rotating shifts" in t]
    assert not [t for t in texts if "7:00 AM" in t]


WORK_AUTHORISATION = [
    "All applicants must be legally authorized to work in the United States",
    "Candidates must have the right to work in the UK",
    "You must be eligible to work in Canada without sponsorship",
    "Work authorization: US citizen or permanent resident",
]
TIME_OFF = [
    "A new employee earns up to 13 days of CTO and up to 10 paid holidays per year",
    "Flexible time off from your first day",
    "25 vacation days plus your birthday",
]
ASKS_ABOUT_THEM = [
    "Knowledge of work authorization and I-9 verification processes",
    "Experience administering leave and time off policies",
    "Ability to manage paid time off accruals in ADP",
]


@pytest.mark.parametrize("line", WORK_AUTHORISATION + TIME_OFF)
@pytest.mark.parametrize("job", ["Pharmacy Technician", "Welder", "Payroll Specialist"])
def test_work_authorisation_and_time_off_lines_in_a_requirements_list_are_dropped(
    line: str, job: str
) -> None:
    ad = (
        f"{job}\n\nRequirements\n- 2+ years of experience as a {job.lower()}\n"
        f"- {line}\n- Attention to detail\n- Reliable transportation\n"
    )
    texts = _texts(ad)
    assert line not in texts
    assert len(texts) == 3


@pytest.mark.parametrize("line", ASKS_ABOUT_THEM)
def test_an_hr_ask_about_authorisation_or_leave_is_kept(line: str) -> None:
    ad = (
        "HR Generalist\n\nRequirements\n- 3+ years in HR\n"
        f"- {line}\n- Bachelor's degree in human resources\n"
    )
    assert line in _texts(ad)


OFFERS = [
    "Opportunities for professional development",
    "Great opportunities for career growth",
    "Opportunity to work with a modern fleet",
    "Support of a friendly team of senior chefs",
    "Support from our clinical educators",
]
OFFER_WORDED_ASKS = [
    "Ability to spot opportunities for process improvement",
    "Experience supporting a team of ten",
    "Support of month-end close activities",
]


@pytest.mark.parametrize("line", OFFERS)
@pytest.mark.parametrize("job", ["Line Cook", "Staff Nurse", "HGV Driver"])
def test_an_offer_of_growth_or_support_in_a_requirements_list_is_dropped(
    line: str, job: str
) -> None:
    ad = (
        f"{job}\n\nRequirements\n- 2+ years of experience as a {job.lower()}\n"
        f"- {line}\n- Attention to detail\n- Reliable transportation\n"
    )
    texts = _texts(ad)
    assert line not in texts
    assert len(texts) == 3


@pytest.mark.parametrize("line", OFFER_WORDED_ASKS)
def test_an_ask_that_names_opportunities_or_support_is_kept(line: str) -> None:
    ad = f"Operations Assistant\n\nRequirements\n- 1+ year in an office\n- {line}\n- Excel\n"
    assert line in _texts(ad)
