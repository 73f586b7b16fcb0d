"""Job ads written in ways the labelled ones show only once or twice: flattened lists, glued
headings, long legal sentences, money that is not pay. Each test is a posting written here."""

from __future__ import annotations

from core.contracts import Priority
from core.jd import analyze_jd
from core.jd.clauses import clauses
from core.jd.requirements import reads_as_boilerplate
from core.jd.runon import split_run_together

FLATTENED = (
    "Line Cook\nHarbor Grill\n\n"
    "Harbor Grill is a busy seafood restaurant on the pier. Responsibilities - Prepare sauces and "
    "sides for dinner service - Keep the line clean and stocked before each shift - Label and "
    "rotate stock in the walk-in cooler - Other duties as assigned Requirements - Two years of "
    "line cook experience in a high-volume kitchen - Food handler card required - Knife skills "
    "and speed under pressure - Ability to lift 50 pounds\n"
)


def test_a_list_flattened_with_dashes_is_read_item_by_item_under_its_heading():
    analysis = analyze_jd(FLATTENED)
    texts = [r.text for r in analysis.requirements]
    assert "Food handler card required" in texts
    assert "Two years of line cook experience in a high-volume kitchen" in texts
    assert "Knife skills and speed under pressure" in texts
    assert not any("walk-in cooler" in t for t in texts)  # a duty, not a qualification
    kinds = {s.heading: s.kind for s in analysis.sections}
    assert kinds.get("Responsibilities") == "responsibilities"
    assert kinds.get("Requirements") == "requirements"


def test_a_short_header_with_dashes_is_not_a_list():
    line = "Remote - Dallas, TX - Sales - Full-time"
    assert split_run_together(line) == [line]


def test_a_heading_glued_to_its_text_becomes_a_heading_line():
    lines = split_run_together("Job DescriptionWhat you will doWork with families to plan care.")
    assert lines == [
        "",
        "Job Description",
        "",
        "What you will do",
        "- Work with families to plan care.",
    ]


def test_an_item_glued_after_a_name_is_cut_before_its_verb():
    lines = split_run_together("Advanced skills in Microsoft ExcelPrepare monthly accruals")
    assert lines == ["- Advanced skills in Microsoft Excel", "- Prepare monthly accruals"]
    assert split_run_together("Build decks in PowerPoint and QuickBooks") == [
        "Build decks in PowerPoint and QuickBooks"
    ]


def test_money_is_pay_only_as_a_range_a_rate_or_next_to_a_pay_word():
    assert reads_as_boilerplate("Pay: $18 hourly")
    assert reads_as_boilerplate("$62,000 - $70,000 per year")
    assert reads_as_boilerplate("Salary starts at $55,000")
    assert not reads_as_boilerplate("Experience running jobs worth $500,000 or more")


LEGAL = (
    "Minimum Qualification Requirements\n"
    "Two years of full-time experience in maintaining heating plants, such as boilers, burners, "
    "or pumps, in residential buildings, or holding a valid city license as a licensed fireman "
    "with three years of related practice, and either a high school diploma or its equivalent.\n"
)


def test_a_long_legal_sentence_is_cut_into_its_alternatives():
    parts = clauses(" ".join(LEGAL.splitlines()[1:]))
    assert parts[0].startswith("Two years of full-time experience in maintaining heating plants")
    assert parts[0].endswith("in residential buildings")  # the example list stays inside
    assert parts[1].startswith("or holding a valid city license as a licensed fireman")
    analysis = analyze_jd(f"Heating Plant Technician\nCity Housing\n\n{LEGAL}")
    texts = [r.text for r in analysis.requirements]
    assert any(t.startswith("or holding a valid city license") for t in texts)
    assert all(r.priority == Priority.MUST for r in analysis.requirements)


def test_a_framing_phrase_before_the_must_clause_is_dropped():
    text = (
        "In addition to meeting the qualification requirements for Level I, candidates must have "
        "at least one additional year of experience as described above in a supervisory capacity "
        "or have served for one year as a project manager for a large construction project."
    )
    assert clauses(text)[0].startswith("candidates must have at least one additional year")


def test_a_short_bullet_with_a_semicolon_stays_one_item():
    assert clauses("Strong proficiency in Go; working knowledge of Python", bullet=True) == [
        "Strong proficiency in Go; working knowledge of Python"
    ]


CLOSING = (
    "Prep Cook\nSeaside Bistro\n\nRequirements\n"
    "- One year of kitchen experience\n"
    "- Food handler card required\n"
    "- Comfortable with our POS and ordering system\n"
    "- Team player.If you love fresh food, we want to hear from you!"
    "All applicant information will be kept confidential.To learn more about our benefits, "
    "please visit our careers page.\n"
)


def test_closing_invitations_and_notices_glued_to_a_list_are_not_requirements():
    texts = [r.text for r in analyze_jd(CLOSING).requirements]
    assert "Food handler card required" in texts
    assert "Comfortable with our POS and ordering system" in texts  # "our" inside an ask
    assert not any("hear from you" in t or "confidential" in t or "visit" in t for t in texts)


def test_keywords_name_skills_not_year_counts_or_task_verbs():
    jd = (
        "Security Engineer\nExample Labs\n\nResponsibilities\n"
        "- Conduct internal security assessments of cloud services\n"
        "- Managing access controls for production systems\n\n"
        "Requirements\n- 5+ years of security engineering\n- Design systems experience\n"
    )
    keywords = analyze_jd(jd).keywords
    assert "internal security assessments" in keywords
    assert "access controls" in keywords
    assert not any(k.startswith(("5+", "Conduct", "Managing")) for k in keywords)


def test_the_physical_demands_paragraph_is_boilerplate_but_a_physical_ask_is_not():
    from core.jd.boilerplate import is_boilerplate

    assert is_boilerplate("The incumbent must occasionally lift and/or move up to 40 pounds")
    assert is_boilerplate("Must be able to kneel, climb ladders and push carts as necessary")
    assert is_boilerplate("This position operates in a warehouse setting.")
    assert not is_boilerplate("Ability to stand for long periods and lift heavy items")
    assert not is_boilerplate("5 years of experience as an individual contributor")


def test_a_long_item_with_a_short_head_and_a_dash_is_the_head_and_its_ask():
    item = (
        "Organised – comfortable with Google Sheets and shared calendars, and able to keep "
        "several school trips, budgets and parent letters moving at once"
    )
    assert clauses(item, bullet=True) == [
        "Organised",
        "comfortable with Google Sheets and shared calendars, and able to keep several school "
        "trips, budgets and parent letters moving at once",
    ]
    assert clauses("Organised – keeps the trips moving", bullet=True) == [
        "Organised – keeps the trips moving"
    ]


def test_boilerplate_inside_a_requirements_list_gives_no_keywords() -> None:
    """A benefits paragraph the ad left under its requirements (no heading of its own) is no
    source of keywords: 'Paid Time Off (PTO)' and 'insurance' are not terms to put in a resume."""
    ad = (
        "Staff Accountant\nRequirements\n"
        "- 2+ years of experience with QuickBooks and month-end close\n"
        "- Working knowledge of GAAP\n"
        "Benefits are available including medical, vision, dental, life and disability "
        "insurance. Employees also earn Paid Time Off (PTO) and paid holidays.\n"
    )
    keywords = analyze_jd(ad).keywords
    assert "QuickBooks" in keywords and "GAAP" in keywords
    assert not {"PTO", "Paid Time Off", "insurance"} & set(keywords)


def test_keywords_do_not_end_in_an_adverb_or_a_dangling_according():
    """Invented cook, nurse and analyst lines: 'accurately', 'clearly', 'according (to)' end a
    phrase, they are not part of the term; -ly words whose stem is no everyday word stay
    ('supply', 'assembly')."""
    ad = (
        "Line Cook\nRequirements:\n"
        "- Follow recipes and presentation standards accurately\n"
        "- Provide treatments according to physician's orders\n"
        "- Present inventory findings clearly to store managers\n"
        "- Experience with medical supply chain and engine assembly\n"
    )
    keywords = analyze_jd(ad).all_terms()  # the reader's terms, in either tier
    assert "presentation standards" in keywords and "inventory findings" in keywords
    assert "supply chain" in keywords and "assembly" in keywords
    assert not any(k.endswith(("accurately", "clearly", "according")) for k in keywords)


def test_a_capitalised_word_that_opens_a_bullet_or_a_sentence_is_not_taken_for_a_name():
    """A lone capitalised word is kept inside a sentence ("using Maximo"), not where a bullet
    or a sentence makes it capitalised ("- Collaborates …", "i.e. Certificate to …")."""
    from core.jd.phrases import phrase_terms

    block = (
        "Log every work order using Maximo and close it.\n"
        "- Collaborates effectively with nurses\n"
        "- Obtain approvals, i.e. Certificate to Proceed, before work"
    )
    found = [term for _, term in phrase_terms(block)]
    assert "Maximo" in found
    assert not any(term.startswith(("Collaborates", "Certificate")) for term in found)
