"""Kind-specific mapping: credentials (variant-aware, name line), degrees, years, logistics."""

from __future__ import annotations

from datetime import date

from core.contracts import (
    CardKind,
    Confidence,
    EvidenceCard,
    GapType,
    Priority,
    Provenance,
    Ranking,
    Requirement,
    RequirementKind,
    RoleEntry,
)
from core.mapping import is_supported, map_evidence, must_have_coverage
from core.mapping.degrees import match_degree
from core.mapping.timeline import experience_span
from core.mapping.verdict import Outcome


def card(
    cid: str, text: str, kind: CardKind = CardKind.CERTIFICATION, role_id: str = ""
) -> EvidenceCard:
    return EvidenceCard(
        id=cid,
        kind=kind,
        raw_text=text,
        role_id=role_id or None,
        provenance=Provenance(source="resume.md", section="x"),
    )


class NoHits:
    def search(self, query, *, k=10, mode="hybrid", hyde=None):  # type: ignore[no-untyped-def]
        return Ranking(query=query, mode="bm25", requested_mode=mode, results=[])


def run(text: str, cards: list[EvidenceCard], *, header: str = "", priority=Priority.MUST):  # type: ignore[no-untyped-def]
    reqs = [Requirement(id="r1", text=text, priority=priority)]
    result = map_evidence(reqs, index=NoHits(), synonyms={}, cards=cards, header=header)
    return result.evidence_map[0], (result.gaps[0] if result.gaps else None)


def test_an_adjacent_credential_is_a_gap_that_names_what_was_found() -> None:
    cards = [card("c1", "ACLS Provider, American Heart Association")]
    mapping, gap = run("ACLS Instructor status", cards)
    assert not is_supported(mapping)
    assert gap is not None and gap.gap_type == GapType.TRUE_GAP
    assert gap.nearby == "ACLS Provider"
    assert gap.adjacent_evidence_ids == ["c1"]


def test_the_asked_credential_is_met_with_high_confidence_and_cited() -> None:
    cards = [card("c0", "Led a team", CardKind.EXPERIENCE_BULLET), card("c1", "OSHA 30-Hour")]
    mapping, gap = run("OSHA 30 card", cards)
    assert gap is None and mapping.confidence == Confidence.HIGH
    assert mapping.evidence_card_ids == ["c1"]


def test_a_credential_in_the_name_line_is_supported_not_a_gap() -> None:
    mapping, gap = run("CCRN certification", [], header="Dana Ruiz, BSN, RN, CCRN")
    assert gap is None and is_supported(mapping)


def test_degree_levels_are_ordered_and_in_progress_is_named() -> None:
    bsn = [card("e1", "BSN, Ridgeview University, 2015", CardKind.EDUCATION)]
    mapping, gap = run("BSN required", bsn)
    assert gap is None and mapping.evidence_card_ids == ["e1"]
    associate = [card("e1", "Associate of Applied Science, 2012", CardKind.EDUCATION)]
    _, gap = run("Bachelor's degree in business", associate)
    assert gap is not None and gap.gap_type == GapType.TRUE_GAP and "associate" in gap.nearby
    pending = [card("e1", "B.S. Accounting, expected May 2026", CardKind.EDUCATION)]
    _, gap = run("Bachelor's degree in accounting", pending)
    assert gap is not None and "in progress" in gap.nearby


def test_software_named_with_degree_letters_is_not_a_degree() -> None:
    """'MS Office' is software, not a master's degree: a master's never meets a request for
    Office skills, and the requirement is not read as a degree one."""
    from core.jd.kinds import requirement_kind
    from core.mapping.degrees import degree_levels

    masters = [card("e1", "Master of Teaching (M.T.), 2000, State University", CardKind.EDUCATION)]
    for text in (
        "Strong technology skills (especially with MS Office programs)",
        "Advanced MS Excel and MS Project",
        "Experience with JD Edwards EnterpriseOne",
    ):
        assert degree_levels(text) == [], text
        assert requirement_kind(text) != RequirementKind.DEGREE, text
        mapping, _ = run(text, masters)
        assert "e1" not in mapping.evidence_card_ids, text
    # the same letters naming a degree still do
    assert degree_levels("MS in Nursing or MBA") == [4]
    assert degree_levels("BS/MS in Computer Science") == [3, 4]
    assert degree_levels("J.D. from an accredited law school") == [5]


def test_a_masters_written_with_in_is_a_masters_and_a_scrum_master_is_not() -> None:
    from core.mapping.degrees import degree_levels

    for held in (
        "Masters in Structure, 2017",
        "Master's in Nursing Education",
        "Masters in Accounting",
    ):
        assert degree_levels(held) == [4], held
        asked = "a Masters degree from an accredited university"
        verdict = match_degree(
            Requirement(id="r1", text=asked), [card("e1", held, CardKind.EDUCATION)]
        )
        assert verdict.outcome == Outcome.MET, held
    for other in ("Certified Scrum Master in 2019", "Master in the art of plating"):
        assert degree_levels(other) == [], other


def test_logistics_are_shown_never_matched_and_not_counted_as_missing_musts() -> None:
    reqs = [
        Requirement(id="r1", text="Must be authorized to work in the US"),
        Requirement(id="r2", text="OSHA 30 card"),
    ]
    result = map_evidence(reqs, index=NoHits(), synonyms={}, cards=[card("c1", "OSHA 30")])
    assert [g.requirement_id for g in result.gaps] == []
    assert result.evidence_map[0].evidence_card_ids == []
    assert must_have_coverage(reqs, result.evidence_map) == 100.0


def test_relevant_years_count_the_roles_titled_like_the_job() -> None:
    roles = [
        RoleEntry(id="t1", title="Kindergarten Teacher", start="2019-08", end="2024-06"),
        RoleEntry(id="t2", title="Lead Teller", start="2010-01", end="2019-06"),
    ]
    cards = [
        card("c1", "Taught a class of 24 children", CardKind.EXPERIENCE_BULLET, role_id="t1"),
        card("c2", "Balanced the cash drawer", CardKind.EXPERIENCE_BULLET, role_id="t2"),
    ]
    req = Requirement(id="r1", text="2 years of relevant work experience", priority=Priority.MUST)

    def mapped(title: str, text: str = req.text):
        result = map_evidence(
            [req.model_copy(update={"text": text})],
            index=NoHits(),
            synonyms={},
            cards=cards,
            roles=roles,
            job_title=title,
        )
        return result.evidence_map[0], result.gaps

    mapping, gaps = mapped("Elementary Teacher K-5")
    assert gaps == [] and mapping.evidence_card_ids == ["c1"]
    assert "titled like the job" in mapping.notes
    # the teller years do not count for another job; a rank word alone makes no match
    assert mapped("Lead Cook")[1] != []
    assert mapped("Elementary Teacher K-5", "6 years of related experience")[1] != []
    # a domain the resume's timeline cannot judge stays with the general matcher
    assert mapped("Elementary Teacher K-5", "2 years of related nursing experience")[1] != []


def test_years_merge_overlapping_roles_and_present_is_today() -> None:
    roles = [
        RoleEntry(id="a", start="2016-01", end="2020-06"),
        RoleEntry(id="b", start="2019-01", end="present"),
        RoleEntry(id="c", start="2012", end="2013"),
        RoleEntry(id="d", start="2014", end=None),  # no end: not counted
    ]
    span = experience_span(roles, today=date(2024, 5, 1))
    assert span.months == (2024 - 2016) * 12 + 5 + 24
    assert span.describe() == "10 yrs 5 mo across 3 roles"


def test_a_close_line_with_a_result_meets_an_achievement_requirement() -> None:
    from core.contracts import EvidenceHit, MetricEntry
    from core.mapping.by_kind import ACHIEVEMENT_SIMILARITY, result_lines

    with_result = card("c1", "Closed at 134% of quota in FY23", CardKind.EXPERIENCE_BULLET)
    with_result.metrics = [MetricEntry(value="134%", description="of quota")]
    plain = card("c2", "Sold to hospital systems", CardKind.EXPERIENCE_BULLET)
    requirement = Requirement(id="r1", text="A consistent record of quota over-achievement")
    close = ACHIEVEMENT_SIMILARITY + 0.05
    hits = [
        EvidenceHit(card_id="c2", text=plain.raw_text, scores={"vector": close}),
        EvidenceHit(card_id="c1", text=with_result.raw_text, scores={"vector": close}),
    ]
    decided = result_lines(requirement, hits, [with_result, plain])
    assert decided is not None
    mapping, gap = decided
    assert mapping.evidence_card_ids == ["c1"] and mapping.confidence == Confidence.MEDIUM
    assert gap is not None and gap.gap_type == GapType.TERMINOLOGY_GAP
    far = [EvidenceHit(card_id="c1", text=with_result.raw_text, scores={"vector": 0.1})]
    assert result_lines(requirement, far, [with_result, plain]) is None


def test_years_with_no_domain_are_met_by_the_role_timeline() -> None:
    roles = [
        RoleEntry(id="a", start="2015-01", end="2019-12"),
        RoleEntry(id="b", start="2020-01", end="present"),
    ]
    cards = [
        card("c1", "Ran the night shift", CardKind.EXPERIENCE_BULLET, role_id="a"),
        card("c2", "Opened two stores", CardKind.EXPERIENCE_BULLET, role_id="b"),
    ]
    reqs = [Requirement(id="r1", text="5+ years of professional experience")]
    result = map_evidence(reqs, index=NoHits(), synonyms={}, cards=cards, roles=roles)
    mapping = result.evidence_map[0]
    assert result.gaps == [] and mapping.evidence_card_ids == ["c2", "c1"]
    assert mapping.notes is not None and mapping.notes.endswith("across 2 roles overall")
    too_many = [Requirement(id="r1", text="30+ years of professional experience")]
    result = map_evidence(too_many, index=NoHits(), synonyms={}, cards=cards, roles=roles)
    assert [g.requirement_id for g in result.gaps] == ["r1"]


def test_a_degree_in_the_name_line_is_supported_without_copying_the_name() -> None:
    mapping, gap = run("Doctor of Pharmacy (PharmD)", [], header="Dana Ruiz, PharmD, BCPS")
    assert gap is None and is_supported(mapping)
    assert "Dana" not in " ".join(mapping.matched_terms) + (mapping.notes or "")


def test_a_degree_that_equivalent_experience_may_replace_is_not_a_gap_for_being_unfinished():
    pending = [card("e1", "B.S. Operations Management, in progress", CardKind.EDUCATION)]
    text = "Bachelor's degree in supply chain or a related field, or equivalent work experience"
    verdict = match_degree(Requirement(id="r1", text=text), pending)
    assert verdict.outcome == Outcome.UNDECIDED
    _, gap = run("Bachelor's degree in supply chain", pending)
    assert gap is not None and "in progress" in gap.nearby
