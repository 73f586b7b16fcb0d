import pytest

from core.contracts import AnswerStatus, GapAnswer, GapResolution, GapStrategy, GapType, Priority
from core.errors import InputError
from core.mapping.questions import apply_answers, build_questions


def gap(gid, priority=Priority.MUST, strategy=GapStrategy.ASK_USER):
    return GapResolution(
        gap_id=gid,
        requirement_id=gid.replace("gap-", ""),
        requirement_text=f"Experience with {gid}",
        priority=priority,
        gap_type=GapType.TRUE_GAP,
        strategy=strategy,
    )


def test_questions_only_for_ask_user_gaps_must_haves_first():
    gaps = [gap("gap-r1", Priority.NICE), gap("gap-r2"), gap("gap-r3", strategy=GapStrategy.OMIT)]
    questions = build_questions(gaps)
    assert [q.gap_id for q in questions] == ["gap-r2", "gap-r1"]
    assert "must-have" in questions[0].impact


def test_answer_becomes_a_user_attested_card():
    gaps, cards = apply_answers(
        [gap("gap-r1")],
        [GapAnswer(gap_id="gap-r1", answer="Managed Terraform modules for 12 AWS accounts")],
        existing_ids=set(),
    )
    assert len(cards) == 1
    new = cards[0]
    assert new.provenance.source == "user_answer" and new.provenance.answered_at is not None
    assert "gap-r1" in new.provenance.question
    assert new.skills == ["Terraform", "AWS"] or "Terraform" in new.skills
    assert gaps[0].answer_status == AnswerStatus.ANSWERED and gaps[0].answer_card_id == new.id


def test_declining_keeps_the_gap_and_omits_it():
    gaps, cards = apply_answers(
        [gap("gap-r1")], [GapAnswer(gap_id="gap-r1", declined=True)], existing_ids=set()
    )
    assert cards == []
    assert gaps[0].answer_status == AnswerStatus.DECLINED and gaps[0].strategy == GapStrategy.OMIT


def test_unknown_gap_is_a_clear_error():
    with pytest.raises(InputError, match="unknown gaps: gap-zz"):
        apply_answers([gap("gap-r1")], [GapAnswer(gap_id="gap-zz", answer="x")], existing_ids=set())


def test_a_question_names_the_adjacent_credential_found():
    from core.contracts import GapResolution, GapType

    gap = GapResolution(
        gap_id="gap-r1",
        requirement_id="r1",
        requirement_text="ACLS Instructor status",
        gap_type=GapType.TRUE_GAP,
        nearby="ACLS Provider",
    )
    (question,) = build_questions([gap])
    assert question.question.startswith("You list ACLS Provider; this job asks for")
    assert "Nothing in your fact resume" not in question.question


def test_a_personal_quality_is_asked_for_what_shows_it_after_the_things_done() -> None:
    def asked(gid: str, text: str, priority: Priority = Priority.MUST) -> GapResolution:
        return gap(gid, priority).model_copy(update={"requirement_text": text})

    gaps = [
        asked("gap-r1", "Responsible and compassionate"),
        asked("gap-r2", "A team player with excellent communication and interpersonal skills"),
        asked("gap-r3", "Experience with Epic charting"),
        asked("gap-r4", "Excellent analytical and organizational skills.", Priority.NICE),
        asked("gap-r5", "Knowledge of GAAP", Priority.NICE),
    ]
    questions = build_questions(gaps)
    # must-haves first; within each, the things done before the qualities
    assert [q.gap_id for q in questions] == ["gap-r3", "gap-r1", "gap-r2", "gap-r5", "gap-r4"]
    by_id = {q.gap_id: q.question for q in questions}
    for gid in ("gap-r1", "gap-r2", "gap-r4"):
        assert "shows this through what you did" in by_id[gid]
        assert "Nothing in your fact resume" not in by_id[gid]
    for gid in ("gap-r3", "gap-r5"):
        assert "Nothing in your fact resume shows it" in by_id[gid]


@pytest.mark.parametrize(
    ("text", "quality"),
    [
        ("Self-motivated, creative, and flexible", True),
        ("Good communication skills and the ability to work well with others", True),
        ("Attention to detail.", True),
        ("Patient with excellent problem-solving skills", True),
        ("Patient care experience in a Level I trauma center", False),
        ("Excellent knowledge of nursing care methods and procedures", False),
        ("Strong communication skills with physicians and families", False),
        ("Excellent English communication skills", False),  # a language is asked
    ],
)
def test_what_reads_as_a_personal_quality(text: str, quality: bool) -> None:
    from core.jd.kinds import is_quality

    assert is_quality(text) is quality


def _card(card_id: str, text: str):
    from core.contracts import EvidenceCard, Provenance

    return EvidenceCard(id=card_id, raw_text=text, provenance=Provenance(source="resume.pdf"))


def test_a_gap_quotes_the_closest_line_instead_of_saying_nothing_is_there() -> None:
    near = _card("skl-04", "Working long hours,  under pressure\nand tight deadlines.")
    cards = {near.id: near}
    asked = gap("gap-r3").model_copy(
        update={
            "requirement_text": "Ability to work in a fast-paced, high-pressure environment",
            "adjacent_evidence_ids": ["gone-01", "skl-04"],  # the first no longer exists
        }
    )
    (question,) = build_questions([asked], cards.get)
    assert "“Working long hours, under pressure and tight deadlines.”" in question.question
    assert "does not say it outright" in question.question
    assert "Nothing in your fact resume" not in question.question
    # without the cards (or with no close line) the question says plainly that nothing shows it
    (plain,) = build_questions([asked])
    assert "Nothing in your fact resume shows it" in plain.question
    (alone,) = build_questions([asked.model_copy(update={"adjacent_evidence_ids": []})], cards.get)
    assert alone.question == plain.question


def test_a_quality_and_a_hidden_evidence_gap_quote_it_too_and_a_long_line_is_cut() -> None:
    long_text = "Led the evening line of a 180-cover restaurant " + "and more words " * 20
    near = _card("exp-1", long_text)
    quality = gap("gap-r1").model_copy(
        update={"requirement_text": "Attention to detail.", "adjacent_evidence_ids": ["exp-1"]}
    )
    hidden = gap("gap-r2").model_copy(
        update={
            "requirement_text": "Experience running a kitchen line",
            "gap_type": GapType.HIDDEN_EVIDENCE,
            "adjacent_evidence_ids": ["exp-1"],
        }
    )
    by_id = {q.gap_id: q.question for q in build_questions([quality, hidden], {"exp-1": near}.get)}
    for question in by_id.values():
        quoted = question.split("“")[2].split("”")[0]  # the second quote: the resume's line
        assert quoted.startswith("Led the evening line") and quoted.endswith(" …")
        assert len(quoted) <= 162 and "  " not in quoted
    assert "shows this through what you did" in by_id["gap-r1"]
    assert "Your resume has related work (“Led the evening line" in by_id["gap-r2"]


def test_the_answer_card_keeps_the_question_as_it_was_asked() -> None:
    near = _card("skl-04", "Working long hours, under pressure and tight deadlines.")
    asked = gap("gap-r3").model_copy(update={"adjacent_evidence_ids": ["skl-04"]})
    lookup = {near.id: near}.get
    (question,) = build_questions([asked], lookup)
    _, (card,) = apply_answers(
        [asked],
        [GapAnswer(gap_id="gap-r3", answer="Ran the fry station on 300-cover Saturday nights")],
        existing_ids={"skl-04"},
        lookup=lookup,
    )
    assert card.provenance.question == question.question
