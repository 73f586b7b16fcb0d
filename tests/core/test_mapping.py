from core.contracts import (
    Confidence,
    EvidenceHit,
    EvidenceMapping,
    GapStrategy,
    GapType,
    Priority,
    Ranking,
    Requirement,
)
from core.mapping import classify_requirement, map_evidence, must_have_coverage
from core.mapping.terms import TermMatcher, mentions, synonym_classes, whole_keywords

SYNONYMS = {"CI/CD": ["build and release pipelines", "deploy pipeline"]}
CLASSES = TermMatcher(synonym_classes(SYNONYMS))


def hit(card_id, text, vector=0.0):
    return EvidenceHit(card_id=card_id, text=text, scores={"vector": vector})


def req(text, keywords, priority=Priority.MUST, rid="r1"):
    return Requirement(id=rid, text=text, keywords=keywords, priority=priority)


def test_tech_terms_match_on_word_boundaries_with_punctuation():
    assert mentions("Built CI/CD with GitHub Actions", "CI/CD")
    assert mentions("Wrote C++ services", "C++")
    assert not mentions("Wrote C services", "C++")
    assert not mentions("going to the store", "Go")
    assert mentions("Rewrote the service in Go, replacing Python", "Go")


def test_synonym_match_is_reported_separately_from_direct():
    direct, by_syn = CLASSES.match("Automated build and release pipelines", ["CI/CD"])
    assert direct == [] and by_syn == ["CI/CD"]


def test_direct_keyword_in_top_hit_is_high_confidence_without_gap():
    hits = [hit("c1", "Ran Kubernetes clusters on EKS"), hit("c2", "Wrote Go")]
    mapping, gap = classify_requirement(
        req("Kubernetes in production", ["Kubernetes"]), hits, CLASSES
    )
    assert gap is None
    assert mapping.confidence == Confidence.HIGH
    assert mapping.evidence_card_ids == ["c1"]


def test_synonym_only_evidence_is_a_supported_terminology_gap():
    hits = [hit("c7", "Automated build and release pipelines for 9 services", 0.5)]
    mapping, gap = classify_requirement(req("Design CI/CD pipelines", ["CI/CD"]), hits, CLASSES)
    assert gap is not None and gap.gap_type == GapType.TERMINOLOGY_GAP
    assert mapping.evidence_card_ids == ["c7"] and mapping.confidence == Confidence.MEDIUM


def test_close_but_unnamed_evidence_asks_the_user():
    hits = [hit("c3", "Ran quarterly game days that broke dependencies", 0.7)]
    mapping, gap = classify_requirement(
        req("Chaos engineering", ["chaos engineering"]), hits, CLASSES
    )
    assert gap.gap_type == GapType.HIDDEN_EVIDENCE and gap.strategy == GapStrategy.ASK_USER
    assert mapping.confidence == Confidence.LOW


def test_nothing_relevant_is_a_true_gap_must_asks_nice_omits():
    hits = [hit("c9", "Baked bread", 0.05)]
    _, must_gap = classify_requirement(req("Terraform", ["Terraform"]), hits, CLASSES)
    _, nice_gap = classify_requirement(
        req("Istio", ["Istio"], priority=Priority.NICE), hits, CLASSES
    )
    assert must_gap.gap_type == GapType.TRUE_GAP and must_gap.strategy == GapStrategy.ASK_USER
    assert nice_gap.gap_type == GapType.TRUE_GAP and nice_gap.strategy == GapStrategy.OMIT
    assert must_gap.adjacent_evidence_ids == []


class ListIndex:
    """A tiny searcher over fixed hits, to test map_evidence's own logic."""

    def __init__(self, hits):
        self.hits = hits
        self.queries = []

    def search(self, query, *, k=10, mode="hybrid", hyde=None):
        self.queries.append(query)
        return Ranking(query=query, mode="bm25", requested_mode=mode, results=self.hits[:k])


def test_map_evidence_queries_with_keywords_and_records_mode():
    index = ListIndex([hit("c1", "Ran Kubernetes clusters")])
    requirements = [
        req("Run production workloads", ["Kubernetes"]),
        req("Terraform", ["Terraform"], rid="r2"),
    ]
    result = map_evidence(requirements, index=index, synonyms=SYNONYMS)
    assert "Kubernetes" in index.queries[0]
    assert result.retrieval_mode == "bm25"
    assert [g.requirement_id for g in result.gaps] == ["r2"]


def test_must_have_coverage_counts_only_supported_musts():
    requirements = [
        req("a", [], rid="r1"),
        req("b", [], rid="r2"),
        req("c", [], Priority.NICE, "r3"),
    ]
    evidence_map = [
        EvidenceMapping(requirement_id="r1", evidence_card_ids=["c1"], confidence=Confidence.HIGH),
        EvidenceMapping(requirement_id="r2", evidence_card_ids=["c2"], confidence=Confidence.LOW),
        EvidenceMapping(requirement_id="r3", evidence_card_ids=["c3"], confidence=Confidence.HIGH),
    ]
    assert must_have_coverage(requirements, evidence_map) == 50.0


def test_an_acronym_written_out_element_by_element_is_stated_in_other_words():
    from core.retrieval import load_synonyms

    matcher = TermMatcher(synonym_classes(load_synonyms()))
    text = "Qualified every deal on metrics, economic buyer, decision criteria and champion"
    assert matcher.match(text, ["MEDDPICC"]) == ([], ["MEDDPICC"])
    assert matcher.match("Wrote installation qualification protocols", ["IQ/OQ/PQ"]) == ([], [])
    two = "Wrote installation qualification and performance qualification protocols"
    assert matcher.match(two, ["IQ/OQ/PQ"]) == ([], ["IQ/OQ/PQ"])


def test_without_keywords_two_common_words_of_a_long_requirement_are_not_evidence():
    requirement = req(
        "Experience managing oral oncolytic therapy, including specialty pharmacy coordination",
        [],
    )
    weak = [hit("c1", "Verify oral therapy continuation for inpatients", vector=0.5)]
    mapping, gap = classify_requirement(requirement, weak, CLASSES)
    assert gap is not None and gap.gap_type == GapType.TRUE_GAP
    close = [hit("c1", "Verify oral therapy continuation for inpatients", vector=0.7)]
    mapping, gap = classify_requirement(requirement, close, CLASSES)
    assert gap is None and mapping.evidence_card_ids == ["c1"]


def test_a_several_word_term_named_in_the_requirement_reaches_its_synonyms():
    classes = TermMatcher(synonym_classes({"preventive maintenance": ["PM route"]}))
    requirement = req("Experience building and running a preventive maintenance program", [])
    hits = [hit("c1", "Built the PM route for 1,150 assets", vector=0.3)]
    mapping, gap = classify_requirement(requirement, hits, classes)
    assert gap is not None and gap.gap_type == GapType.TERMINOLOGY_GAP
    assert mapping.evidence_card_ids == ["c1"] and mapping.confidence == Confidence.MEDIUM


def test_a_phrase_around_a_named_tool_does_not_stand_in_for_it():
    classes = TermMatcher(synonym_classes({"data processing": ["batch jobs"]}))
    requirement = req("Apache Spark for large-scale data processing", ["Apache Spark"])
    hits = [hit("c1", "Ran nightly batch jobs in Python", vector=0.3)]
    mapping, gap = classify_requirement(requirement, hits, classes)
    assert gap is not None and gap.gap_type == GapType.TRUE_GAP
    assert mapping.evidence_card_ids == []


def test_an_acronym_the_requirement_names_is_evidence_on_its_own():
    requirement = req("Experience in a 3PL or multi-client warehouse environment", [])
    hits = [hit("c1", "3PL, 640,000 sq ft, 2 main clients", vector=0.2)]
    mapping, gap = classify_requirement(requirement, hits, CLASSES)
    assert gap is None and mapping.evidence_card_ids == ["c1"]
    other = [hit("c1", "Ran a 640,000 sq ft warehouse", vector=0.2)]  # one plain word only
    _, gap = classify_requirement(requirement, other, CLASSES)
    assert gap is not None and gap.gap_type == GapType.TRUE_GAP


def test_words_stated_through_synonyms_count_and_make_it_other_words():
    classes = TermMatcher(synonym_classes({"forecast": ["projection", "projections"]}))
    requirement = req("Turning volume projections into staffing plans for each department", [])
    line = [hit("c1", "Built the weekly volume forecast the staffing rota runs on", vector=0.3)]
    mapping, gap = classify_requirement(requirement, line, classes)
    assert gap is not None and gap.gap_type == GapType.TERMINOLOGY_GAP
    assert mapping.evidence_card_ids == ["c1"]
    _, gap = classify_requirement(requirement, line, CLASSES)  # no synonym data: one word
    assert gap is not None and gap.gap_type == GapType.TRUE_GAP


def test_unstated_keywords_fall_back_to_the_sentence_but_never_for_a_named_tool():
    line = hit("c1", "P&L and payroll to budget", vector=0.7)
    owner = req("P&L ownership, including payroll and controllable expenses", ["P&L ownership"])
    result = map_evidence([owner], index=ListIndex([line]), synonyms={})
    assert result.gaps == [] and result.evidence_map[0].evidence_card_ids == ["c1"]
    spark = req("Apache Spark for large-scale data processing", ["Apache Spark"])
    text = "Large-scale data processing in Python batch jobs"
    result = map_evidence([spark], index=ListIndex([hit("c1", text, 0.7)]), synonyms={})
    assert [g.gap_type for g in result.gaps] == [GapType.HIDDEN_EVIDENCE]  # close, not stated
    assert result.evidence_map[0].confidence == Confidence.LOW


def test_a_category_word_in_the_synonym_data_does_not_stand_in_for_a_product():
    from core.retrieval import load_synonyms

    matcher = TermMatcher(synonym_classes(load_synonyms()))
    requirement = req("Experience with Power BI or Tableau", ["Power BI", "Tableau"])
    hits = [hit("c1", "I know I have gaps: my dashboards and reporting live in Excel", 0.4)]
    mapping, gap = classify_requirement(requirement, hits, matcher)
    assert gap is not None and gap.gap_type == GapType.TRUE_GAP
    assert mapping.evidence_card_ids == []


def test_the_retail_and_warehouse_vocabulary_reaches_its_other_names():
    from core.retrieval import load_synonyms

    matcher = TermMatcher(synonym_classes(load_synonyms()))
    lp = req("A working knowledge of loss prevention practices", [])
    hits = [hit("c1", "Cut shrink from 2.9% to 1.1% of sales with monthly audits", 0.3)]
    mapping, gap = classify_requirement(lp, hits, matcher)
    assert gap is not None and gap.gap_type == GapType.TERMINOLOGY_GAP
    assert mapping.evidence_card_ids == ["c1"]


def test_a_one_word_keyword_stands_for_the_phrase_it_qualifies():
    lines = [
        hit("c1", "Clinical pharmacist on the inpatient hematology unit for 9 years", 0.5),
        hit("c2", "Clinical lead for the anticoagulation service", 0.45),
    ]
    trials = req("Experience supporting oncology clinical trials", ["clinical"], Priority.NICE)
    result = map_evidence([trials], index=ListIndex(lines), synonyms={})
    assert [g.gap_type for g in result.gaps] == [GapType.TRUE_GAP]
    assert result.evidence_map[0].evidence_card_ids == []
    stated = [hit("c3", "Dispensed study drug for 6 clinical trials in the research pharmacy")]
    result = map_evidence([trials], index=ListIndex(lines + stated), synonyms={})
    assert result.gaps == [] and result.evidence_map[0].evidence_card_ids == ["c3"]
    # A context noun, a named tool and an acronym do not widen the keyword.
    assert whole_keywords("Familiarity with the insurance industry", ["insurance"]) == ["insurance"]
    assert whole_keywords("Python services at scale", ["Python"]) == ["Python"]
    assert whole_keywords("Full P&L accountability", ["P&L"]) == ["P&L"]
    assert whole_keywords("clinical trials", ["clinical", "clinical trials"]) == [
        "clinical",
        "clinical trials",
    ]


def test_an_acronym_that_is_an_everyday_word_is_stated_only_in_capitals():
    # "OR" (operating room) and "IT" are not stated by the words "or" and "it" of a sentence.
    nursing = req("Experience in ICU, PACU, OR would be an asset", [], Priority.NICE)
    line = [hit("e1", "Prepared patients for surgery or discharge on a busy ward", 0.3)]
    _, gap = classify_requirement(nursing, line, CLASSES)
    assert gap is not None and gap.gap_type == GapType.TRUE_GAP
    theatre = [hit("e2", "Scrub nurse in the OR for cardiac cases", 0.3)]
    mapping, gap = classify_requirement(nursing, theatre, CLASSES)
    assert gap is None and mapping.evidence_card_ids == ["e2"]
    support = req("Two years in IT support", ["IT"])
    assert classify_requirement(support, [hit("e3", "Made it easy for guests")], CLASSES)[1]
    assert classify_requirement(support, [hit("e4", "Ran IT support desk")], CLASSES)[1] is None
    assert mentions("Handled HR onboarding", "hr")  # a rarer word stays case-blind
    assert mentions("Prepared food and paid sales tax", "food") and mentions("sales tax", "tax")


def test_office_suite_and_food_safety_are_found_under_their_other_names():
    from core.retrieval import load_synonyms

    matcher = TermMatcher(synonym_classes(load_synonyms()))
    # A long requirement naming the suite among other asks: the suite named plainly is evidence.
    office = req("Comfortable with Microsoft Office and able to learn our booking tool", [])
    line = [hit("s1", "Good working knowledge of MS Office and Outlook calendars", 0.3)]
    mapping, gap = classify_requirement(office, line, matcher)
    assert mapping.evidence_card_ids == ["s1"]
    assert gap is None or gap.gap_type == GapType.TERMINOLOGY_GAP
    kitchen = req("Knowledge of food safety and sanitation practices", [])
    card = [hit("c1", "Certified Food Handler, county health department, 2019", 0.3)]
    mapping, gap = classify_requirement(kitchen, card, matcher)
    assert mapping.evidence_card_ids == ["c1"]
    assert gap is not None and gap.gap_type == GapType.TERMINOLOGY_GAP  # said in other words
    unrelated = [hit("c2", "Handled guest complaints and food orders at the front desk", 0.3)]
    assert classify_requirement(kitchen, unrelated, matcher)[1].gap_type == GapType.TRUE_GAP


def test_a_reconciliation_tool_asked_by_name_is_not_met_by_manual_reconciliations():
    from core.contracts import RequirementKind
    from core.mapping import by_sentence

    tool = req("Experience with automated reconciliation software (BlackLine)", ["BlackLine"])
    assert not by_sentence(tool, RequirementKind.RESPONSIBILITY)  # the name is the ask
    manual = [hit("e1", "Daily reconciliation of operating and payroll bank accounts", 0.5)]
    _, gap = classify_requirement(tool, manual, CLASSES)
    assert gap is not None and gap.gap_type == GapType.TRUE_GAP
    named = [hit("e2", "Rolled out BlackLine for the month-end close", 0.5)]
    assert classify_requirement(tool, named, CLASSES)[1] is None


def test_the_one_thing_a_requirement_asks_stated_plainly_is_evidence():
    cooking = req("Prior cooking experience is preferred", [], Priority.NICE)
    line = [hit("c1", "Prep cook on the banquet line for 300-cover events", 0.3)]
    mapping, gap = classify_requirement(cooking, line, CLASSES)
    assert gap is None and mapping.evidence_card_ids == ["c1"]
    retail = req("Previous retail experience", [])
    assert (
        classify_requirement(retail, [hit("r1", "Ran the retail floor", 0.2)], CLASSES)[1] is None
    )
    other = [hit("c2", "Served guests at the front desk", 0.3)]  # the thing is not stated
    assert classify_requirement(cooking, other, CLASSES)[1].gap_type == GapType.TRUE_GAP
    # two things asked: one of them stated is still not enough on its own
    two = req("Prior cooking and bartending experience", [])
    assert classify_requirement(two, line, CLASSES)[1].gap_type == GapType.TRUE_GAP
