"""The summary as a recruiter reads it: one headline sentence, and no line met twice on the page.

Hand-written resumes of several occupations (nurse, accountant, chef, teacher); the drafts run
through the real writer and the real truth audit.
"""

from core.audit import audit_draft
from core.contracts import (
    CardKind,
    Confidence,
    EvidenceMapping,
    Priority,
    Requirement,
    RoleEntry,
    SkillLine,
)
from core.writer import write_draft
from core.writer.summary import in_sentence, spoken_list, write_summary
from tests.core.cards import card


def _role(role_id: str, title: str, company: str) -> RoleEntry:
    return RoleEntry(id=role_id, company=company, title=title, timeframe="2016 – Present")


def _skills(*names: str) -> list[SkillLine]:
    return [SkillLine(skill=n, evidence_card_ids=["k1"]) for n in names]


def test_the_headline_is_one_sentence_from_title_years_and_skills():
    nurse = [
        card("n0", "Registered nurse with 8 years of experience in acute care.", role_id="r1"),
        card("k1", "Triage, Epic, Patient safety", kind=CardKind.SKILL, role_id=None),
    ]
    rn = [_role("r1", "Registered Nurse", "Mercy Hospital")]
    lines = write_summary(nurse, rn, _skills("Triage", "Epic", "Patient safety"), {})
    assert lines[0].text == (
        "Registered Nurse with 8 years of experience, skilled in Triage, Epic and patient safety."
    )
    assert {"n0", "k1"} <= set(lines[0].evidence_card_ids)

    accountant = [card("a0", "Closed the books monthly for 3 entities.", role_id="r1")]
    staff = [_role("r1", "Staff Accountant", "Ledger & Co")]
    lines = write_summary(accountant, staff, _skills("GAAP", "Excel"), {})
    assert lines[0].text == "Staff Accountant, skilled in GAAP and Excel."

    # a skill the title or the years already name is not listed again
    data = [card("d0", "Data engineer with seven years of data engineering.", role_id="r1")]
    senior = [_role("r1", "Senior Data Engineer", "Northwind")]
    lines = write_summary(data, senior, _skills("Data engineering", "SQL", "Python", "dbt"), {})
    assert lines[0].text == (
        "Senior Data Engineer with seven years of data engineering, skilled in SQL, Python and dbt."
    )
    cook = [card("c0", "Line cook with 6 years of kitchen work.", role_id="r1")]
    lines = write_summary(cook, [_role("r1", "Line Cook", "Bistro")], _skills("Line cook"), {})
    assert lines[0].text == "Line Cook with 6 years of kitchen work."

    teacher = [card("t0", "Taught a class of 24 kindergarten pupils.", role_id="r1")]
    lines = write_summary(teacher, [_role("r1", "Kindergarten Teacher", "Oak School")], [], {})
    assert lines == []  # no skill the job names, no years: a title alone says nothing


def test_a_list_of_items_reads_as_a_sentence_and_commas_inside_an_item_stay_clear():
    assert spoken_list(["Triage"]) == "Triage"
    assert spoken_list(["GAAP", "Excel"]) == "GAAP and Excel"
    assert spoken_list(["Knife skills", "Plating", "Menu costing"]) == (
        "Knife skills, Plating and Menu costing"
    )
    assert spoken_list(["Word, Excel", "SQL"]) == "Word, Excel; SQL"


def _chef():
    """A sous chef: six numbered results for a role capped at five lines on one page."""
    results = [
        "Cut food cost by 12% through weekly menu costing.",
        "Trained 6 line cooks on knife skills and plating.",
        "Served 300 covers a night on weekends.",
        "Ran 2 catering events a month for up to 150 guests.",
        "Kept waste under 4% of purchases for 3 years.",
        "Raised the health inspection score to 98 of 100.",
        "Wrote 40 recipe cards for the prep line.",
        "Ordered produce from 5 local farms.",
    ]
    cards = [
        card(f"c{n}", text, role_id="r1", company="Bistro", role="Sous Chef")
        for n, text in enumerate(results)
    ]
    cards += [
        card(
            "s1",
            "Sous chef with 9 years of experience in French kitchens.",
            kind=CardKind.SUMMARY,
            role_id=None,
        ),
        card(
            "k1",
            "Knife skills, Plating, Menu costing",
            kind=CardKind.SKILL,
            role_id=None,
            skills=["Knife skills", "Plating", "Menu costing"],
        ),
        card("cert1", "ServSafe Food Handler, 2022", kind=CardKind.CERTIFICATION, role_id=None),
        card("cert2", "First Aid at Work, 2021", kind=CardKind.CERTIFICATION, role_id=None),
    ]
    requirements = [
        Requirement(id="q1", text="ServSafe certification", keywords=["ServSafe"]),
        Requirement(
            id="q2", text="Menu costing", keywords=["menu costing"], priority=Priority.NICE
        ),
    ]
    mapping = [
        EvidenceMapping(
            requirement_id="q1", evidence_card_ids=["cert1"], confidence=Confidence.HIGH
        ),
        EvidenceMapping(requirement_id="q2", evidence_card_ids=["c0"], confidence=Confidence.HIGH),
    ]
    roles = [_role("r1", "Sous Chef", "Bistro")]
    output = write_draft(
        cards=cards,
        roles=roles,
        requirements=requirements,
        evidence_map=mapping,
        gaps=[],
        keywords=["menu costing", "ServSafe", "plating"],
        target_title="Head Chef",
        max_pages=1,
    )
    return output.draft, cards, roles


def test_a_skill_is_written_as_a_sentence_writes_it_and_names_keep_their_capitals():
    assert in_sentence("Professional communication") == "professional communication"
    assert in_sentence("Conflict resolution techniques") == "conflict resolution techniques"
    assert in_sentence("Patient care") == "patient care"
    # names, acronyms, tools the lexicon knows, rare words and single words stay as listed
    for kept in (
        "Microsoft Word",
        "Google Analytics",
        "Python scripting",
        "SQL",
        "Teams",
        "Excel modelling",
        "Meticulous attention to detail",
        "Kubernetes",
    ):
        assert in_sentence(kept) == kept


def test_no_summary_line_repeats_a_role_line_and_every_line_still_passes_the_audit():
    draft, cards, roles = _chef()
    assert draft.summary[0].text == (
        "Sous Chef with 9 years of experience, skilled in menu costing and Plating."
    )
    role_lines = [b.text for r in draft.roles for b in r.bullets]
    summary = [b.text for b in draft.summary]
    assert not set(summary) & set(role_lines)
    summary_cards = {cid for b in draft.summary[1:] for cid in b.evidence_card_ids}
    role_cards = {cid for r in draft.roles for b in r.bullets for cid in b.evidence_card_ids}
    assert not summary_cards & role_cards
    # the two strongest results are summary lines, and the role shows its next lines instead
    assert "Cut food cost by 12% through weekly menu costing." in summary
    assert len(role_lines) == 4  # the role's one-page cap, filled
    report = audit_draft(draft, cards=cards, roles=roles)
    assert all(v.supported for v in report.verdicts), [
        (v.bullet_id, v.violations) for v in report.verdicts if not v.supported
    ]


def test_a_certificate_in_certifications_is_a_summary_line_only_when_the_job_asks_for_it():
    draft, _, _ = _chef()
    certifications = next(s for s in draft.sections if s.name == "Certifications")
    assert {"cert1", "cert2"} <= {c for b in certifications.bullets for c in b.evidence_card_ids}
    summary_cards = {cid for b in draft.summary for cid in b.evidence_card_ids}
    assert "cert1" in summary_cards  # ServSafe: the job asks for it
    assert "cert2" not in summary_cards  # First Aid: already in Certifications, not asked


def test_tools_named_like_titles_in_the_headline_sentence_are_not_read_as_titles():
    from core.audit.names import find_titles

    headline = "Graphic Designer with 5 years of experience, skilled in Photoshop, InDesign and "
    assert [t.text for t in find_titles(headline + "Illustrator.")] == ["Graphic Designer"]
    assert [t.text for t in find_titles("Staff Accountant, skilled in GAAP and Excel.")] == [
        "Staff Accountant"
    ]
