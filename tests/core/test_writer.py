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


def test_every_line_is_the_cards_own_words_and_cites_it():
    draft = draft_for()
    texts = {c.id: " ".join(c.raw_text.split()) for c in evidence()}
    for bullet in draft.live_bullets():
        assert len(bullet.evidence_card_ids) == 1
        source = texts[bullet.evidence_card_ids[0]]
        assert bullet.text.lower() == source.lower()
    assert all(claim.evidence_card_ids for claim in claim_index(draft))


def test_most_relevant_bullets_come_first_within_a_role():
    acme = draft_for().roles[0]
    assert [b.evidence_card_ids[0] for b in acme.bullets][:2] == ["a2", "a1"]
    assert acme.bullets[0].text.startswith("Ran kubernetes")  # capitalised, spacing tidied


def test_skills_follow_jd_keyword_order_and_are_cited():
    skills = draft_for().skills
    assert [s.skill for s in skills][:2] == ["Kubernetes", "Go"]
    assert skills[0].evidence_card_ids == ["a2"]


def test_excluded_cards_never_appear():
    draft = draft_for(exclude_ids={"a1"})
    assert all("a1" not in b.evidence_card_ids for b in draft.live_bullets())


def test_education_section_and_summary_come_from_evidence():
    draft = draft_for()
    assert [s.name for s in draft.sections] == ["Education"]
    assert draft.summary[0].evidence_card_ids == ["s1"]


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
