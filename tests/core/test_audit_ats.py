"""build_ats_report: keyword coverage word for word, suggestions (synonyms included), role
signal, must-haves."""

from __future__ import annotations

from core.audit import ats_suggestions, build_ats_report
from core.audit.ats import role_signal_score
from core.contracts import (
    Confidence,
    DraftBullet,
    DraftRole,
    EvidenceCard,
    EvidenceMapping,
    JDAnalysis,
    Priority,
    Provenance,
    Requirement,
    ResumeDraft,
    RoleProfile,
    SkillLine,
)

SYNONYMS = {"Kubernetes": ["K8s", "EKS"], "chaos engineering": ["game days"]}


def _card(card_id: str, text: str, skills=()) -> EvidenceCard:
    return EvidenceCard(
        id=card_id, raw_text=text, skills=list(skills), provenance=Provenance(source="f.md")
    )


CARDS = [
    _card("c1", "Moved 9 services to EKS with Helm charts."),
    _card("c2", "Wrote Python tooling for deploys."),
    _card("c3", "Ran quarterly game days in staging."),
    _card("c4", "Mentor two engineers through weekly one-on-ones."),
]


def _draft(*lines: tuple[str, str], skills=()) -> ResumeDraft:
    bullets = [
        DraftBullet(id=f"r1-b{n}", text=text, evidence_card_ids=[cid])
        for n, (text, cid) in enumerate(lines, 1)
    ]
    return ResumeDraft(
        roles=[DraftRole(role_id="r1", company="Acme", title="Engineer", bullets=bullets)],
        skills=[SkillLine(skill=s, evidence_card_ids=["c2"]) for s in skills],
    )


def _jd(keywords, requirements=(), level="Senior") -> JDAnalysis:
    return JDAnalysis(
        role_profile=RoleProfile(inferred_level=level),
        keywords=list(keywords),
        requirements=list(requirements),
    )


def test_keyword_coverage_is_word_for_word_and_ignores_case():
    draft = _draft(("Moved 9 services to EKS with Helm charts.", "c1"), skills=["python"])
    jd = _jd(["Kubernetes", "Python", "Terraform", "chaos engineering"])
    report = build_ats_report(draft, jd=jd, evidence_map=[], cards=CARDS, synonyms=SYNONYMS)
    # EKS is a synonym of Kubernetes, but a search of the document for "Kubernetes" finds
    # nothing: it is missing, and suggested, since the evidence states it by that synonym
    assert report.supported_keywords == ["Python"]
    assert report.missing_keywords == ["Kubernetes", "Terraform", "chaos engineering"]
    assert "Kubernetes" in report.suggested_keywords
    assert report.keyword_coverage_score == 25.0


def test_missing_keywords_split_into_suggestions_and_true_gaps():
    draft = _draft(("Moved 9 services to EKS with Helm charts.", "c1"))
    jd = _jd(["chaos engineering", "Terraform", "mentoring"])
    report = build_ats_report(draft, jd=jd, evidence_map=[], cards=CARDS, synonyms=SYNONYMS)
    # game days (a synonym) and "Mentor" (another word form) are in the evidence; Terraform is not
    assert report.suggested_keywords == ["chaos engineering", "mentoring"]
    assert "Terraform" in report.missing_keywords
    assert "Terraform" not in report.suggested_keywords
    sentences = ats_suggestions(report)
    assert len(sentences) == 2 and "chaos engineering" in sentences[0]


def test_project_synonym_map_is_used_by_default():
    draft = _draft(("Moved 9 services to K8s with Helm charts.", "c1"))
    report = build_ats_report(draft, jd=_jd(["Kubernetes"]), evidence_map=[], cards=CARDS)
    assert report.missing_keywords == ["Kubernetes"]  # K8s is not the job's word
    assert report.suggested_keywords == ["Kubernetes"]  # the evidence's EKS is, by the map


def test_must_have_coverage_needs_strong_mapping_cited_in_the_draft():
    reqs = [
        Requirement(id="r1", text="Kubernetes in production", priority=Priority.MUST),
        Requirement(id="r2", text="Python tooling", priority=Priority.MUST),
        Requirement(id="r3", text="Chaos engineering", priority=Priority.MUST),
        Requirement(id="r4", text="Nice extra", priority=Priority.NICE),
    ]
    mapping = [
        EvidenceMapping(requirement_id="r1", evidence_card_ids=["c1"], confidence=Confidence.HIGH),
        EvidenceMapping(
            requirement_id="r2", evidence_card_ids=["c2"], confidence=Confidence.MEDIUM
        ),
        EvidenceMapping(requirement_id="r3", evidence_card_ids=["c3"], confidence=Confidence.LOW),
        EvidenceMapping(requirement_id="r4", evidence_card_ids=["c1"], confidence=Confidence.HIGH),
    ]
    # c2 is mapped but not used by the draft; c3 is used but only a low-confidence match
    draft = _draft(("Moved 9 services to EKS.", "c1"), ("Ran quarterly game days.", "c3"))
    report = build_ats_report(
        draft, jd=_jd([], reqs), evidence_map=mapping, cards=CARDS, synonyms=SYNONYMS
    )
    assert report.must_haves_supported == ["Kubernetes in production"]
    assert report.must_haves_missing == ["Python tooling", "Chaos engineering"]
    assert report.must_have_coverage == 33.3


def test_role_signal_follows_the_level_asked_for():
    leading = ["Led the platform team", "Mentored four engineers", "Set the roadmap"]
    hands_on = ["Built the deploy CLI", "Wrote the migration", "Designed the cache"]
    mixed = leading[:1] + hands_on
    assert role_signal_score(leading, "Director") > role_signal_score(leading, "Engineer")
    assert role_signal_score(hands_on, "Engineer") > role_signal_score(hands_on, "Director")
    assert role_signal_score(mixed, "Senior") > role_signal_score(hands_on, "Senior")
    assert role_signal_score([], "Senior") == 0.0


def test_format_warnings_are_carried_and_empty_jd_is_honest():
    draft = _draft(("Moved 9 services to EKS.", "c1"))
    report = build_ats_report(
        draft,
        jd=_jd([]),
        evidence_map=[],
        cards=CARDS,
        format_warnings=["table in the header"],
        synonyms=SYNONYMS,
    )
    assert report.format_warnings == ["table in the header"]
    assert report.keyword_coverage_score == 0.0 and report.must_have_coverage == 0.0


def test_with_the_document_text_every_count_is_made_on_that_text():
    draft = _draft(("Moved 9 services to EKS with Helm charts.", "c1"), skills=["Python"])
    must = Requirement(id="q1", text="CCRN certification", keywords=["CCRN"])
    jd = _jd(["EKS", "Python", "CCRN"], [must])
    # the draft states EKS and Python; the rendered document lost Python but shows CCRN
    document = "Jo Doe\nCCRN\nMoved 9 services to EKS with Helm charts."
    report = build_ats_report(
        draft, jd=jd, evidence_map=[], cards=CARDS, synonyms={}, document_text=document
    )
    assert report.supported_keywords == ["EKS", "CCRN"]
    assert report.missing_keywords == ["Python"]
    assert report.keyword_coverage_score == round(100 * 2 / 3, 1)
    assert report.must_haves_supported == ["CCRN certification"]


def test_a_line_the_render_tidied_still_counts_as_shown_in_the_document(tmp_path):
    from core.contracts import ContactInfo
    from core.render import render_docx
    from core.render.roundtrip import body_paragraphs  # the text the pipeline audits

    line = "Trained 4 staff , ran Helm charts ; moved 9 services to EKS"
    draft = _draft((line, "c1"))
    must = Requirement(id="q1", text="Kubernetes in production", priority=Priority.MUST)
    mapping = [
        EvidenceMapping(requirement_id="q1", evidence_card_ids=["c1"], confidence=Confidence.HIGH)
    ]
    contact = ContactInfo(name="Jo Doe")
    path = render_docx(draft, contact, template="classic", out_path=tmp_path / "r.docx")
    document = "\n".join(body_paragraphs(path))
    assert line not in document  # the render closed the spaces before "," and ";"
    report = build_ats_report(
        draft, jd=_jd([], [must]), evidence_map=mapping, cards=CARDS, document_text=document
    )
    assert report.must_haves_supported == ["Kubernetes in production"]


def test_a_must_have_naming_keywords_needs_them_in_the_text_not_just_a_cited_card():
    """A line citing the mentoring card without saying so does not show 'mentoring'."""
    must = Requirement(
        id="q1", text="Mentoring junior engineers", priority=Priority.MUST, keywords=["mentoring"]
    )
    mapping = [
        EvidenceMapping(requirement_id="q1", evidence_card_ids=["c4"], confidence=Confidence.HIGH)
    ]
    quiet = _draft(("Ran weekly one-on-ones with two engineers.", "c4"))
    said = _draft(("Led mentoring of two engineers in weekly one-on-ones.", "c4"))
    jd = _jd([], [must])
    for draft, shown in ((quiet, False), (said, True)):
        report = build_ats_report(draft, jd=jd, evidence_map=mapping, cards=CARDS, synonyms={})
        assert (report.must_haves_supported == [must.text]) is shown


def test_a_line_missing_from_the_document_never_counts():
    """A blocked or page-fitted line is not in the document: its card shows no must-have and
    its words no keyword."""
    must = Requirement(id="q1", text="Chaos practice", priority=Priority.MUST)
    mapping = [
        EvidenceMapping(requirement_id="q1", evidence_card_ids=["c3"], confidence=Confidence.HIGH)
    ]
    draft = _draft(("Moved 9 services to EKS.", "c1"), ("Ran quarterly game days.", "c3"))
    document = "Jo Doe\nMoved 9 services to EKS."
    report = build_ats_report(
        draft,
        jd=_jd(["game days", "EKS"], [must]),
        evidence_map=mapping,
        cards=CARDS,
        synonyms={},
        document_text=document,
    )
    assert report.supported_keywords == ["EKS"]
    assert report.must_haves_missing == ["Chaos practice"]


def test_coverage_counts_the_ats_keywords_only_and_lists_the_other_terms_apart():
    draft = _draft(("Moved 9 services to EKS with Helm charts.", "c1"))
    jd = _jd(["Helm", "Terraform"]).model_copy(update={"other_terms": ["services", "charts"]})
    ats = build_ats_report(draft, jd=jd, evidence_map=[], cards=CARDS, synonyms=SYNONYMS)
    # the draft states both other terms, yet coverage is Helm of {Helm, Terraform}
    assert ats.keyword_coverage_score == 50.0
    assert ats.supported_keywords == ["Helm"] and ats.missing_keywords == ["Terraform"]
    assert ats.terms_not_counted == ["services", "charts"]
