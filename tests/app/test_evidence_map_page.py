"""AppTest: page 3 (Evidence map) — the table, gap strategies and the gap-answer form."""

from __future__ import annotations

from core.contracts import (
    AnswerStatus,
    CardKind,
    Confidence,
    GapStrategy,
    Priority,
    RequirementKind,
)
from core.ui.evidence_widgets import plain_text, requirement_status, requirement_views
from tests.app.conftest import texts

PAGE = "app_pages/evidence_map.py"


def test_one_card_per_requirement_with_status_quote_and_source(app, mapped_session):
    at = app(mapped_session, PAGE)
    board = mapped_session.board
    cards = {c.id: c for c in board.evidence_cards}
    views = requirement_views(board, mapped_session.evidence_quote)
    assert [v.requirement.id for v in views] == sorted(
        (r.id for r in board.requirements),
        key=lambda i: next(r.priority for r in board.requirements if r.id == i) != Priority.MUST,
    )
    shown = texts(at)
    for view in views:
        assert view.requirement.text in shown
        assert view.status.capitalize() in shown
        if view.cards:
            best = plain_text(view.cards[0].raw_text)
            assert best in shown and "**" not in best and not best.startswith("#")
    mapped = {i for m in board.evidence_map for i in m.evidence_card_ids}
    assert any(cards[i].provenance.source == "sample_resume.md" for i in mapped)
    assert "From sample_resume.md" in shown
    assert "###" not in texts(at.main)  # no raw Markdown in the cards (the sidebar has some)


def test_a_gap_shows_the_closest_line_of_the_resume_not_nothing(app, mapped_session):
    board = mapped_session.board
    views = requirement_views(board, mapped_session.evidence_quote)
    near = [v for v in views if v.closest is not None]
    assert near, "the sample has a true gap with a close but not stating line"
    at = app(mapped_session, PAGE)
    shown = texts(at.main)
    for view in near:
        assert not view.cards and view.gap is not None and view.status == "gap"
        assert view.closest.id in view.gap.adjacent_evidence_ids
        assert plain_text(view.closest.raw_text) in shown
    assert "Nothing in your resume says this outright. The closest line:" in shown
    asked = {q.gap_id: q.question for q in mapped_session.next_questions(limit=50)}
    quoted = [v for v in near if v.gap.gap_id in asked]
    assert quoted, "a must-have gap with a close line is asked about"
    for view in quoted:  # the question quotes the same line (cut after 160 characters)
        assert " ".join(view.closest.raw_text.split())[:40] in asked[view.gap.gap_id]


def test_the_status_of_a_requirement_reads_as_a_job_seeker_would_say_it():
    from core.contracts import EvidenceMapping, GapResolution, GapType

    def gap(kind, answer=AnswerStatus.OPEN):
        return GapResolution(gap_id="g", requirement_text="x", gap_type=kind, answer_status=answer)

    strong = EvidenceMapping(requirement_id="r", evidence_card_ids=["c"], confidence="high")
    weak = EvidenceMapping(requirement_id="r", evidence_card_ids=["c"], confidence="medium")
    assert requirement_status(strong, None) == "met"
    assert requirement_status(weak, None) == "partly met"
    assert requirement_status(None, None) == "gap"
    assert requirement_status(weak, gap(GapType.TERMINOLOGY_GAP)) == "different wording"
    assert requirement_status(None, gap(GapType.TRUE_GAP)) == "gap"
    assert requirement_status(None, gap(GapType.TRUE_GAP, AnswerStatus.ANSWERED)) == "met"
    # where, when and how the work is done is shown, never matched
    assert requirement_status(None, None, RequirementKind.LOGISTICS) == "condition"
    assert requirement_status(None, gap(GapType.TRUE_GAP), RequirementKind.LOGISTICS) == "gap"


def test_the_headline_counts_must_haves_and_keywords(app, mapped_session):
    at = app(mapped_session, PAGE)
    board = mapped_session.board
    views = requirement_views(board, mapped_session.evidence_quote)
    counted = [v for v in views if v.status != "condition"]  # conditions are named, not counted
    musts = [v for v in counted if v.requirement.priority == Priority.MUST]
    metrics = {m.label: m.value for m in at.metric}
    met = sum(v.status == "met" for v in musts)
    assert metrics["Must-haves met"] == f"{met} of {len(musts)}"
    assert metrics["Job keywords in your resume"].endswith("%")
    assert at.get("vega_lite_chart") or at.get("arrow_vega_lite_chart")


def test_gaps_are_listed_with_a_strategy_picker(app, mapped_session):
    at = app(mapped_session, PAGE)
    gaps = mapped_session.board.gap_resolutions
    assert gaps, "the sample has at least one true gap"
    for gap in gaps:
        assert at.selectbox(key=f"evidence_strategy_{gap.gap_id}").value == gap.strategy
        assert gap.requirement_text in texts(at)


def test_changing_a_strategy_calls_core(app, mapped_session):
    at = app(mapped_session, PAGE)
    gap = mapped_session.board.gap_resolutions[0]
    new = GapStrategy.OMIT if gap.strategy != GapStrategy.OMIT else GapStrategy.ADJACENT
    at.selectbox(key=f"evidence_strategy_{gap.gap_id}").set_value(new).run()
    assert not at.exception
    changed = next(g for g in mapped_session.board.gap_resolutions if g.gap_id == gap.gap_id)
    assert changed.strategy == new and changed.user_confirmed
    assert at.selectbox(key=f"evidence_strategy_{gap.gap_id}").value == new


def test_questions_come_must_haves_first_a_few_at_a_time(app, mapped_session):
    at = app(mapped_session, PAGE)
    questions = mapped_session.next_questions(limit=3)
    assert 0 < len(questions) <= 3
    priorities = [q.priority for q in questions]
    assert priorities == sorted(priorities, key=lambda p: p != Priority.MUST)
    for q in questions:
        assert at.text_area(key=f"evidence_answer_{q.gap_id}") is not None
        assert at.checkbox(key=f"evidence_decline_{q.gap_id}").label == "I don't have this"


def test_an_answer_becomes_user_attested_evidence_and_remaps(app, mapped_session):
    at = app(mapped_session, PAGE)
    question = mapped_session.next_questions(limit=3)[0]
    gap = next(g for g in mapped_session.board.gap_resolutions if g.gap_id == question.gap_id)
    answer = (
        "Built a Spark job in PySpark on Databricks that deduplicated 40 million loyalty records."
    )
    at.text_area(key=f"evidence_answer_{question.gap_id}").input(answer)
    next(b for b in at.button if b.label == "Save answers").click().run()
    assert not at.exception, at.exception
    board = mapped_session.board
    answered = next(g for g in board.gap_resolutions if g.gap_id == question.gap_id)
    assert answered.answer_status == AnswerStatus.ANSWERED
    card = next(c for c in board.evidence_cards if c.id == answered.answer_card_id)
    assert card.kind == CardKind.USER_ANSWER and card.raw_text == answer
    mapping = next(m for m in board.evidence_map if m.requirement_id == gap.requirement_id)
    assert mapping.evidence_card_ids[0] == card.id and mapping.confidence == Confidence.HIGH
    shown = texts(at)
    assert answer.rstrip(".") in shown and "From your answer" in shown
    assert "Saved 1 answer as your evidence" in shown


def test_the_form_asks_which_role_and_the_answer_belongs_to_it(app, mapped_session):
    at = app(mapped_session, PAGE)
    question = mapped_session.next_questions(limit=3)[0]
    role = mapped_session.board.resume.roles[0]
    at.text_area(key=f"evidence_answer_{question.gap_id}").input("Ran 3 Spark jobs a night.")
    at.selectbox(key=f"evidence_role_{question.gap_id}").select(role.id)
    next(b for b in at.button if b.label == "Save answers").click().run()
    assert not at.exception, at.exception
    board = mapped_session.board
    answered = next(g for g in board.gap_resolutions if g.gap_id == question.gap_id)
    card = next(c for c in board.evidence_cards if c.id == answered.answer_card_id)
    assert card.role_id == role.id


def test_i_dont_have_this_keeps_the_gap_honest(app, mapped_session):
    at = app(mapped_session, PAGE)
    question = mapped_session.next_questions(limit=3)[0]
    at.checkbox(key=f"evidence_decline_{question.gap_id}").check()
    next(b for b in at.button if b.label == "Save answers").click().run()
    gap = next(g for g in mapped_session.board.gap_resolutions if g.gap_id == question.gap_id)
    assert gap.answer_status == AnswerStatus.DECLINED and gap.strategy == GapStrategy.OMIT
    assert not any(c.kind == CardKind.USER_ANSWER for c in mapped_session.board.evidence_cards)
    assert question.gap_id not in {q.gap_id for q in mapped_session.next_questions(limit=3)}
    shown = texts(at)
    assert "Saved" not in shown and "you don't have 1 requirement" in shown


def test_an_empty_submit_asks_for_an_answer(app, mapped_session):
    at = app(mapped_session, PAGE)
    next(b for b in at.button if b.label == "Save answers").click().run()
    assert "Write an answer" in at.warning[0].value


def test_a_condition_of_the_job_is_shown_not_counted_and_a_gap_names_what_was_found(
    app, mapped_session
):
    from core.contracts import EvidenceMapping, GapResolution, GapType, Requirement

    board = mapped_session.board
    condition = Requirement(id="rc", text="Valid driver’s license and reliable transportation")
    years = Requirement(id="ry", text="12+ years of data engineering experience")
    assert board.jd is not None
    board.jd.requirements += [condition, years]
    board.evidence_map += [
        EvidenceMapping(requirement_id="rc", evidence_card_ids=[], confidence="low"),
        EvidenceMapping(requirement_id="ry", evidence_card_ids=[], confidence="low"),
    ]
    board.gap_resolutions += [
        GapResolution(
            gap_id="gap-ry",
            requirement_id="ry",
            requirement_text=years.text,
            gap_type=GapType.TRUE_GAP,
            nearby="6 yrs 2 mo across 2 roles as Data Engineer",
            unstated="12+ years",
        )
    ]
    at = app(mapped_session, PAGE)
    shown = texts(at)
    assert "Condition" in shown and "check it yourself" in shown
    assert "Not counted: 1 condition of the job" in shown
    assert "Your resume shows 6 yrs 2 mo across 2 roles as Data Engineer" in shown
    views = requirement_views(board, mapped_session.evidence_quote)
    counted = [v for v in views if v.status != "condition"]
    musts = [v for v in counted if v.requirement.priority == Priority.MUST]
    met = sum(v.status == "met" for v in musts)
    assert {m.label: m.value for m in at.metric}["Must-haves met"] == f"{met} of {len(musts)}"


def test_a_long_list_of_missing_keywords_names_the_first_ones_and_keeps_all_on_expand(
    app, mapped_session
):
    from core.ui.evidence_widgets import MISSING_SHOWN

    board = mapped_session.board
    assert board.jd is not None
    extra = [f"Zyxtool{n}" for n in range(MISSING_SHOWN + 5)]  # named nowhere in the resume
    board.jd.keywords = [*board.jd.keywords, *extra]
    at = app(mapped_session, PAGE)
    captions = [c.value for c in at.caption if c.value.startswith("Keywords your resume")]
    missing = len([k for k in board.jd.keywords if k.startswith("Zyxtool")])
    assert len(captions) == 1 and captions[0].endswith("more")
    assert captions[0].count(" · ") == MISSING_SHOWN  # twelve keywords, then "and N more"
    assert extra[-1] not in captions[0] and missing == len(extra)  # the tail is not here …
    (expander,) = [e for e in at.expander if "keywords your resume does not state" in e.label]
    assert all(k in " ".join(c.value for c in expander.caption) for k in extra)  # … but here
