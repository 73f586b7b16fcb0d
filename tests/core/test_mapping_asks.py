"""Requirements that ask several things, and suites asked where a member is stated: judged
through map_evidence on hand-written lines of several occupations."""

from core.contracts import (
    Confidence,
    EvidenceCard,
    EvidenceHit,
    GapStrategy,
    GapType,
    Priority,
    Provenance,
    Ranking,
    Requirement,
)
from core.mapping import map_evidence
from core.mapping.asks import split_asks
from core.mapping.questions import build_questions
from core.retrieval import load_synonyms


class ListIndex:
    """Returns every card as a hit with a fixed cosine: the searcher is not under test."""

    def __init__(self, cards, vector=0.3):
        self.hits = [
            EvidenceHit(card_id=c.id, text=c.raw_text, scores={"vector": vector}) for c in cards
        ]

    def search(self, query, *, k=10, mode="hybrid", hyde=None):
        return Ranking(query=query, mode="hybrid", requested_mode=mode, results=self.hits[:k])


def card(card_id, text):
    return EvidenceCard(id=card_id, raw_text=text, provenance=Provenance(source="resume.md"))


def judge(text, lines, keywords=()):
    cards = [card(f"c{i}", line) for i, line in enumerate(lines)]
    requirement = Requirement(id="r1", text=text, keywords=list(keywords), priority=Priority.MUST)
    result = map_evidence(
        [requirement], index=ListIndex(cards), synonyms=load_synonyms(), cards=cards
    )
    return result.evidence_map[0], (result.gaps[0] if result.gaps else None)


def test_a_requirement_is_split_into_its_asks_and_shared_words_are_distributed():
    assert split_asks("Strong culinary skills and attention to detail").parts == (
        "Strong culinary skills",
        "attention to detail",
    )
    written = split_asks("Excellent written and verbal communication skills.")
    assert written.parts == (
        "Excellent written communication skills",
        "verbal communication skills",
    )
    assert written.shared == "communication skills"
    # "or" offers alternatives: one ask
    assert len(split_asks("Experience in retail or hospitality").parts) == 1
    assert len(split_asks("Patient care").parts) == 1


def test_one_ask_of_two_stated_is_partly_met_and_the_question_names_the_other():
    mapping, gap = judge(
        "Strong culinary skills and attention to detail",
        ["Associate degree, Advanced Culinary Arts", "Ran the pass for 200 covers a night"],
    )
    assert mapping.confidence == Confidence.MEDIUM and mapping.evidence_card_ids == ["c0"]
    assert gap is not None and gap.gap_type == GapType.HIDDEN_EVIDENCE
    assert gap.strategy == GapStrategy.ASK_USER and gap.unstated == "attention to detail"
    question = build_questions([gap])[0].question
    assert "attention to detail" in question and "culinary skills" in question


def test_the_shared_word_stated_alone_is_partly_met_not_met():
    mapping, gap = judge(
        "Must possess effective written and verbal communication skills",
        ["Skills: Reconciliations, Communication, Month-end close"],
    )
    assert mapping.evidence_card_ids == ["c0"] and mapping.confidence == Confidence.MEDIUM
    assert gap is not None and gap.gap_type == GapType.HIDDEN_EVIDENCE
    assert gap.unstated == "written and verbal communication skills"
    # a place the asks share ("environment") is not a thing stated
    _, gap = judge(
        "Ability to work in a fast-paced, high-pressure environment",
        ["Kept the kitchen environment clean"],
    )
    assert gap is not None and gap.gap_type == GapType.TRUE_GAP


def test_every_ask_stated_is_met_and_none_stated_stays_a_true_gap():
    mapping, gap = judge(
        "Patient education and wound care",
        ["Delivered patient education on discharge", "Performed wound care for 20 beds"],
    )
    assert gap is None and set(mapping.evidence_card_ids) == {"c0", "c1"}
    _, gap = judge(
        "Forklift certification and inventory counts",
        ["Taught third grade reading", "Planned field trips"],
    )
    assert gap is not None and gap.gap_type == GapType.TRUE_GAP


def test_a_suite_asked_is_partly_met_by_a_member_stated():
    text = "Ability to utilize applicable Microsoft applications"
    mapping, gap = judge(text, ["Tools: Excel (pivot tables, VBA), Power BI"])
    assert mapping.evidence_card_ids == ["c0"] and mapping.confidence == Confidence.MEDIUM
    assert gap is not None and gap.gap_type == GapType.HIDDEN_EVIDENCE
    assert gap.nearby == "Excel" and "Microsoft Office" in gap.unstated
    _, gap = judge(
        "Proficiency in Adobe Creative Suite", ["Retouched catalogue photos in Photoshop"]
    )
    assert gap is not None and gap.nearby == "Photoshop"
    # a member in lower case is an everyday word, not the product
    _, gap = judge(text, ["Chose every word of the newsletter"])
    assert gap is not None and gap.gap_type == GapType.TRUE_GAP


def test_a_member_asked_is_not_met_by_the_suite():
    _, gap = judge("Advanced Excel skills", ["Proficient in MS Office"], keywords=["Excel"])
    assert gap is not None and gap.gap_type == GapType.TRUE_GAP
    _, gap = judge(
        "Photoshop retouching", ["Adobe Creative Cloud subscriber"], keywords=["Photoshop"]
    )
    assert gap is not None and gap.gap_type == GapType.TRUE_GAP


def test_an_elaboration_is_not_an_ask_and_a_lone_everyday_word_is_never_stated():
    text = (
        "Experience managing commercial property leases, including tenant coordination and "
        "rent reviews"
    )
    assert split_asks(text).parts == (text,)
    _, gap = judge(
        text, ["Managed a commercial fleet of 20 delivery vans", "Reviewed tenant files"]
    )
    assert gap is not None and gap.gap_type == GapType.TRUE_GAP
    # "work well with others": "others" alone is in every resume, so it is not the ask stated
    mapping, gap = judge(
        "Good communication skills and the ability to work well with others",
        ["Strong communication with guests and suppliers", "Trained others on the POS"],
    )
    assert gap is not None and gap.gap_type == GapType.HIDDEN_EVIDENCE
    assert mapping.evidence_card_ids == ["c0"] and "work well with others" in gap.unstated
