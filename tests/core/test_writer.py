from core.contracts import CardKind, Confidence, EvidenceMapping, Priority, Requirement
from core.writer import claim_index, write_draft
from core.writer.budget import LINES_PER_PAGE, estimate_lines
from tests.core.cards import card, roles


def evidence():
    return [
        card(
            "s1",
            "Backend engineer with ten years on payment APIs.",
            kind=CardKind.SUMMARY,
            role_id=None,
        ),
        card(
            "a1",
            "Rewrote the authorization service in Go; p99 fell from 410 ms to 95 ms.",
            skills=["Go"],
        ),
        card(
            "a2", "ran   kubernetes clusters on EKS for 9 services.", skills=["Kubernetes", "EKS"]
        ),
        card("a3", "Organised the office book club.", skills=[]),
        card(
            "g1",
            "Built Django REST APIs handling 1.2M orders a month.",
            role_id="r2",
            company="Globex",
            skills=["Django", "Python"],
        ),
        card(
            "e1",
            "BSc Computer Science, State University, 2014",
            kind=CardKind.EDUCATION,
            role_id=None,
        ),
    ]


def job():
    requirements = [
        Requirement(id="q1", text="Kubernetes in production", keywords=["Kubernetes"]),
        Requirement(id="q2", text="Go", keywords=["Go"], priority=Priority.NICE),
    ]
    mapping = [
        EvidenceMapping(requirement_id="q1", evidence_card_ids=["a2"], confidence=Confidence.HIGH),
        EvidenceMapping(requirement_id="q2", evidence_card_ids=["a1"], confidence=Confidence.HIGH),
    ]
    return requirements, mapping


def draft_for(**kw):
    requirements, mapping = job()
    args = dict(
        cards=evidence(),
        roles=roles(),
        requirements=requirements,
        evidence_map=mapping,
        gaps=[],
        keywords=["Kubernetes", "Go", "Python"],
        target_title="Platform Engineer",
        max_pages=2,
    )
    args.update(kw)
    return write_draft(**args).draft


def test_every_role_and_section_line_is_the_cards_own_words_and_cites_it():
    draft = draft_for()
    texts = {c.id: " ".join(c.raw_text.split()) for c in evidence()}
    lines = [b for r in draft.roles for b in r.bullets] + [
        b for s in draft.sections for b in s.bullets
    ]
    for bullet in lines:
        assert len(bullet.evidence_card_ids) == 1
        source = texts[bullet.evidence_card_ids[0]]
        assert bullet.text.lower() == source.lower()
    assert all(claim.evidence_card_ids for claim in claim_index(draft))


def test_most_relevant_bullets_come_first_within_a_role():
    draft = draft_for()
    # the two most relevant (a2, a1) lead the summary as results; the role says them once
    assert [b.evidence_card_ids[0] for b in draft.summary[1:]] == ["a2", "a1"]
    assert [b.evidence_card_ids[0] for b in draft.roles[0].bullets] == ["a3"]
    assert draft.summary[1].text.startswith("Ran kubernetes")  # capitalised, spacing tidied


def test_skills_follow_jd_keyword_order_and_are_cited():
    skills = draft_for().skills
    assert [s.skill for s in skills][:2] == ["Kubernetes", "Go"]
    assert skills[0].evidence_card_ids == ["a2"]


def test_skills_sharing_a_word_with_the_job_come_before_unrelated_ones():
    from core.contracts import SkillLine
    from core.writer.skills import for_the_job, job_rank

    keywords = ["communication skills", "classroom management"]
    assert job_rank("Classroom management", keywords) == 1
    assert job_rank("Professional communication", keywords) == 2  # shares "communication"
    assert job_rank("Cost accounting", keywords) == 4  # unrelated
    lines = [SkillLine(skill=s) for s in ("Cost accounting", "Professional communication")]
    assert [s.skill for s in for_the_job(lines, keywords)] == ["Professional communication"]


def test_excluded_cards_never_appear():
    draft = draft_for(exclude_ids={"a1"})
    assert all("a1" not in b.evidence_card_ids for b in draft.live_bullets())


def test_education_section_and_summary_come_from_evidence():
    draft = draft_for()
    assert [s.name for s in draft.sections] == ["Education"]
    headline = draft.summary[0]
    # title + the top skills the job asks for, as a sentence; EKS is on the Skills line only
    assert headline.text == "Engineer, skilled in Kubernetes and Go."
    assert "EKS" in [s.skill for s in draft.skills]
    assert {"a1", "a2"} <= set(headline.evidence_card_ids)
    results = [b for b in draft.summary if "p99" in b.text or "1.2M" in b.text]
    assert results  # a strongest result (a line with a number), its first clause
    assert all(
        b.text.rstrip(".").lower() in " ".join(c.raw_text for c in evidence()).lower()
        for b in results
    )
    role_lines = {b.text for r in draft.roles for b in r.bullets}
    assert not role_lines & {b.text for b in results}  # not said again under the role


def test_page_budget_is_enforced():
    many = [
        card(f"x{n}", "Shipped a feature that did a thing for the customers " * 3)
        for n in range(80)
    ]
    requirements, mapping = job()
    draft = write_draft(
        cards=many,
        roles=roles(),
        requirements=requirements,
        evidence_map=mapping,
        gaps=[],
        keywords=[],
        target_title="",
        max_pages=1,
    ).draft
    assert estimate_lines(draft) <= LINES_PER_PAGE


def test_the_page_budget_never_takes_the_education_entries():
    """Roles, projects and publications full of lines that match the job, and a degree that
    matches none: the degree stays, job-matching lines are cut to fit one page."""
    said = '"Kubernetes upgrades for {} Go services without downtime", a talk given in 2022. '
    lines = [
        card(f"{kind.value}{n}", (said.format(n + 3) * 4).strip(), kind=kind, role_id=role)
        for kind, role, count in [
            (CardKind.EXPERIENCE_BULLET, "r1", 8),
            (CardKind.EXPERIENCE_BULLET, "r2", 8),
            (CardKind.PROJECT, None, 4),
            (CardKind.PUBLICATION, None, 4),
        ]
        for n in range(count)
    ]
    degree = card(
        "e1", "BSc Computer Science, State University, 2014", kind=CardKind.EDUCATION, role_id=None
    )
    requirements, mapping = job()
    draft = write_draft(
        cards=[*lines, degree],
        roles=roles(),
        requirements=requirements,
        evidence_map=mapping,
        gaps=[],
        keywords=["Kubernetes", "Go"],
        target_title="",
        max_pages=1,
    ).draft
    assert estimate_lines(draft) <= LINES_PER_PAGE
    education = [s for s in draft.sections if s.name == "Education"]
    assert education and education[0].bullets[0].evidence_card_ids == ["e1"], draft.sections


# --- resume-style lines, sections and skills ---------------------------------------------------

from core.writer.lines import resume_line, strip_markdown  # noqa: E402
from core.writer.skills import accepted  # noqa: E402
from core.writer.text_rules import first_person, without_mojibake  # noqa: E402


def test_resume_lines_drop_the_subject_and_keep_every_fact():
    assert resume_line("Yes: at Orbitline I qualify for the 2 on-call rotas") == (
        "Qualify for the 2 on-call rotas at Orbitline"
    )
    assert resume_line("In 2023 I rebuilt our nightly ETL.") == "Rebuilt the nightly ETL in 2023."
    assert resume_line("We cut cost by 10%; we also hired 3") == "Cut cost by 10%; also hired 3"
    assert resume_line("My panel's time in range averaged 71%") == (
        "The panel's time in range averaged 71%"
    )
    assert resume_line("Moved to the US in 2019") == "Moved to the US in 2019"
    assert resume_line("The team helped me grow") == ""  # first person left: not shipped
    assert not first_person("US Navy, 4 years") and first_person("helped us")
    assert not first_person("Staff Engineer I Jun 2019 – Dec 2021") and first_person("Then I led")


def test_markdown_residue_is_stripped():
    assert strip_markdown("**MSN, Nursing Education** … *in progress*") == (
        "MSN, Nursing Education … in progress"
    )
    assert strip_markdown("### Bachelor of Science") == "Bachelor of Science"
    assert strip_markdown("**Quick numbers:** `SQL`") == "Quick numbers: SQL"
    assert strip_markdown("C# and F# on .NET, 5 * 3 ops") == "C# and F# on .NET, 5 * 3 ops"


def test_skills_come_from_the_skills_section_or_the_lexicon_and_the_resume():
    prose = card(
        "p1", "Co-led with our clinical nurse specialist in a safe, calm unit; management."
    )
    listed = card("k1", "Excel, business-case models, Epic", kind=CardKind.SKILL)
    text = prose.raw_text + "\n" + listed.raw_text + "\nPython"
    assert not accepted("our clinical nurse specialist", prose, text)
    assert not accepted("management", prose, text)
    assert not accepted("SAFe", prose, text)  # "a safe … unit" is not the framework
    assert not accepted("Excel, business-case models)", listed, text)  # broken bracket
    assert not accepted("field studies", listed, text)  # nowhere in the resume
    assert accepted("Excel", listed, text) and accepted("Epic", listed, text)
    assert accepted("Python", card("p2", "Wrote Python jobs"), text)


def test_sections_hold_only_their_own_kind_of_content():
    stray = card("pub1", "Co-led with our clinical nurse specialist.", kind=CardKind.PUBLICATION)
    paper = card(
        "pub2", '"Early sepsis alerts", Journal of Nursing, 2021', kind=CardKind.PUBLICATION
    )
    draft = draft_for(cards=[*evidence(), stray, paper])
    lines = [b.text for s in draft.sections for b in s.bullets]
    assert not any("nurse specialist" in line for line in lines)
    assert all(not first_person(b.text) for b in draft.live_bullets())


def _answer(card_id: str, text: str, role_id: str | None):
    made = card(card_id, text, kind=CardKind.USER_ANSWER, role_id=role_id or "", company="")
    return made.model_copy(update={"role_id": role_id, "role": ""})


def test_gap_answers_become_bullets_of_the_named_role_or_additional_experience():
    named = _answer("ans-1", "Yes: I ran the on-call rota for 12 engineers.", "r2")
    loose = _answer("ans-2", "In 2023 I rebuilt our nightly billing job.", None)
    draft = draft_for(cards=[*evidence(), named, loose])
    globex = next(r for r in draft.roles if r.role_id == "r2")
    assert "Ran the on-call rota for 12 engineers." in [b.text for b in globex.bullets]
    extra = next(s for s in draft.sections if s.name == "Additional experience")
    assert [b.text for b in extra.bullets] == ["Rebuilt the nightly billing job in 2023."]


def test_lines_with_furniture_or_sensitive_data_are_not_shipped_and_mojibake_is_repaired():
    assert resume_line("Page 2 of 3") == ""
    assert resume_line("Date of birth: 01.02.1990; married") == ""
    assert resume_line("Won the managerâ€™s award") == "Won the manager’s award"
    assert without_mojibake("Company Name ï¼ City , State") == "Company Name City, State"


def test_every_summary_line_passes_the_truth_audit():
    from core.audit import audit_draft

    draft = draft_for()
    report = audit_draft(draft, cards=evidence(), roles=roles())
    summary = [v for v in report.verdicts if v.bullet_id.startswith("summary")]
    assert summary and all(v.supported for v in summary), [v.violations for v in summary]


def test_model_lines_get_the_same_resume_style():
    from core.writer.llm_writer import model_line

    assert model_line("**I led** the `Kafka` migration for 4 teams") == (
        "Led the Kafka migration for 4 teams"
    )


def test_a_listed_skill_loses_the_conjunction_of_its_list():
    """ "Microsoft Word, Excel, and Outlook" lists Outlook, not "and Outlook"."""
    from core.writer.skills import skill_lines

    listed = card(
        "skl-01",
        "Microsoft Word, Excel, and Outlook",
        kind=CardKind.SKILL,
        skills=["Microsoft Word", "Excel", "and Outlook"],
    )
    names = [s.skill for s in skill_lines([listed], [], resume_text=listed.raw_text)]
    assert "Outlook" in names and not any(n.startswith("and ") for n in names)


def test_a_skill_another_listed_skill_names_in_full_is_not_said_twice():
    from core.writer.skills import skill_lines

    grid = (
        "Word, Microsoft Word, patient care, coordinating patient care, triage, phlebotomy, "
        "Kubernetes, Certified Kubernetes Application Developer"
    )
    listed = card(
        "k1",
        grid,
        kind=CardKind.SKILL,
        skills=[s.strip() for s in grid.split(",")],
    )
    lines = skill_lines([listed], ["patient care", "Word"], resume_text=listed.raw_text)
    names = [s.skill for s in lines]
    assert names[:2] == ["coordinating patient care", "Microsoft Word"]  # at the short one's rank
    assert "Word" not in names and "patient care" not in names
    assert "triage" in names and "phlebotomy" in names  # a word no other skill contains stays
    assert "Kubernetes" in names  # a certificate named after it is another thing
    assert all(s.evidence_card_ids == ["k1"] for s in lines)
