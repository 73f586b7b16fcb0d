"""The user's work survives regenerates and re-maps (a real TailoringSession on the sample,
offline engine): edits, accepted and rejected lines, gap answers; a saved answer keeps the
draft and marks it out of date; answers stay editable and can be withdrawn (pages 3 and 4)."""

from __future__ import annotations

from core.contracts import AnswerStatus, BulletStatus, GapAnswer, GapStrategy
from core.ui import answer_actions, stale_draft
from core.ui.samples import SAMPLE_RESUME, sample_text
from tests.app.conftest import seeded_copy, texts

EVIDENCE = "app_pages/evidence_map.py"
DRAFT = "app_pages/draft_review.py"
SPARK = "I ran Apache Spark jobs on EMR every day at Northwind for two years."


def role_lines(session):
    return [b for r in session.board.resume_draft.roles for b in r.bullets]


def decide_some_lines(session) -> tuple[str, str, str]:
    """An edited, a rejected and an accepted line; returns their ids."""
    edited, rejected, accepted = role_lines(session)[:3]
    session.edit_bullet(edited.id, edited.text.rstrip(".") + " every week.")
    session.set_bullet_status(rejected.id, BulletStatus.REJECTED)
    session.set_bullet_status(accepted.id, BulletStatus.ACCEPTED)
    return edited.id, rejected.id, accepted.id


def decisions(session) -> dict[str, tuple[str, BulletStatus]]:
    return {
        b.id: (b.text, b.status)
        for b in session.board.resume_draft.all_bullets()
        if b.status != BulletStatus.PROPOSED
    }


def spark_gap(session) -> str:
    return next(q.gap_id for q in session.next_questions(limit=50) if "Spark" in q.question)


def test_a_strategy_change_and_a_regenerate_keep_every_decision(drafted_session):
    session = drafted_session
    decide_some_lines(session)
    before = decisions(session)
    assert len(before) == 3 and any(t.endswith("every week.") for t, _ in before.values())
    gap = session.board.gap_resolutions[0]
    other = GapStrategy.OMIT if gap.strategy != GapStrategy.OMIT else GapStrategy.ADJACENT
    session.set_gap_strategy(gap.gap_id, other)
    assert session.draft_is_stale() and not session.draft_is_current()
    assert stale_draft.stale_message(session.changes) == stale_draft.STRATEGY_CHANGED
    session.write_draft()
    assert session.draft_is_current() and not session.draft_is_stale()
    assert decisions(session) == before
    assert "kept your 3 edited, accepted or rejected lines" in stale_draft.carry_summary(
        session.last_carry
    )
    verdicts = {v.bullet_id for v in session.board.audit_report.verdicts}
    assert set(before) <= verdicts  # the carried lines were audited again


def test_the_decisions_survive_a_re_map_and_a_reload(drafted_session, app_settings, tmp_path):
    session = drafted_session
    decide_some_lines(session)
    before = decisions(session)
    session.map_evidence()
    assert session.board.resume_draft is not None and session.draft_is_stale()
    reopened = seeded_copy(session.workspace.root, app_settings, f"{tmp_path.name}-again")
    assert decisions(reopened) == before and reopened.draft_is_stale()
    reopened.write_draft()
    assert decisions(reopened) == before


def test_the_decisions_survive_a_corrected_structure_and_its_re_map(drafted_session):
    from core.ingest.structure import structure_of

    session = drafted_session
    decide_some_lines(session)
    before = decisions(session)
    session.correct_structure(structure_of(session.resume))  # re-read, re-analysed, re-mapped
    assert session.board.resume_draft is None  # a new run: nothing written for it yet
    session.write_draft()
    assert decisions(session) == before


def test_analysing_the_same_inputs_again_keeps_the_decisions(drafted_session):
    session = drafted_session
    decide_some_lines(session)
    before = decisions(session)
    job, title = session.board.inputs.job_description, session.board.inputs.target_title
    session.load_resume_text(sample_text(SAMPLE_RESUME), source_name=SAMPLE_RESUME)
    session.analyze_job(job, target_title=title)
    session.map_evidence()
    session.write_draft()
    assert decisions(session) == before


def test_another_resume_for_the_same_job_takes_no_decision_of_the_first(drafted_session):
    session = drafted_session
    decide_some_lines(session)
    job, title = session.board.inputs.job_description, session.board.inputs.target_title
    other = sample_text(SAMPLE_RESUME).replace("Mentored three", "Coached four")
    other = other.replace("Designed the data pipelines", "Drew up the data flows")
    session.load_resume_text(other, source_name="other.md")
    session.analyze_job(job, target_title=title)
    session.map_evidence()
    session.write_draft()
    assert not any(t.endswith("every week.") for t, _ in decisions(session).values())
    kept = decisions(session)
    cards = {c.id: c.raw_text for c in session.board.evidence_cards}
    for bullet in session.board.resume_draft.all_bullets():  # what is kept cites unchanged cards
        if bullet.id in kept:
            assert all(c in cards for c in bullet.evidence_card_ids)


def test_another_job_starts_without_the_previous_jobs_decisions(drafted_session):
    session = drafted_session
    decide_some_lines(session)
    job = session.board.inputs.job_description
    session.analyze_job(job + "\nAlso: on-call rotation one week in six.", target_title="Other")
    session.map_evidence()
    session.write_draft()
    assert decisions(session) == {}


def test_discarding_starts_every_line_afresh(drafted_session):
    session = drafted_session
    decide_some_lines(session)
    session.write_draft(keep_edits=False)
    assert decisions(session) == {} and session.last_carry is None


def test_an_answer_keeps_the_draft_marks_it_stale_and_a_rewrite_keeps_the_rest(drafted_session):
    session = drafted_session
    decide_some_lines(session)
    before = decisions(session)
    draft_before = session.board.resume_draft.model_copy(deep=True)
    gap_id = spark_gap(session)
    session.answer_gaps([GapAnswer(gap_id=gap_id, answer=SPARK)])
    assert session.board.resume_draft == draft_before  # kept, not thrown away
    assert session.draft_is_stale()
    assert stale_draft.stale_message(session.changes) == stale_draft.ANSWERS_CHANGED
    assert session.answer_text(gap_id) == SPARK
    session.write_draft()
    assert decisions(session) == before
    cited = [b for b in session.board.resume_draft.all_bullets() if "Spark" in b.text]
    assert any(c.startswith("ans-") for b in cited for c in b.evidence_card_ids)
    untouched = {b.id: b.text for b in draft_before.all_bullets() if b.id not in before}
    now = {b.id: b.text for b in session.board.resume_draft.all_bullets()}
    changed = [i for i, text in untouched.items() if now.get(i) != text]
    # only new lines differ, and a summary line that now names the answered skill (the ATS
    # keywords are ranked by how searchable they are, so Apache Spark leads the job's skills)
    assert all(i.startswith("summary") and "Spark" in now.get(i, "") for i in changed), changed


def test_an_answer_can_be_edited_and_withdrawn(drafted_session):
    session = drafted_session
    gap_id = spark_gap(session)
    session.answer_gaps([GapAnswer(gap_id=gap_id, answer=SPARK)])
    card_id = next(g.answer_card_id for g in session.board.gap_resolutions if g.gap_id == gap_id)
    session.answer_gaps([GapAnswer(gap_id=gap_id, answer="I ran Spark on Databricks daily.")])
    assert session.answer_text(gap_id) == "I ran Spark on Databricks daily."
    assert [c.id for c in session.board.answer_cards] == [card_id]  # replaced, not added
    session.write_draft()
    session.withdraw_answer(gap_id)
    gap = next(g for g in session.board.gap_resolutions if g.gap_id == gap_id)
    assert gap.answer_status == AnswerStatus.OPEN and gap.answer_card_id is None
    assert session.board.answer_cards == []
    assert gap_id in {q.gap_id for q in session.next_questions(limit=50)}  # asked again
    mapped = {c for m in session.board.evidence_map for c in m.evidence_card_ids}
    assert card_id not in mapped  # the index still holds it, the run does not see it
    assert session.draft_is_stale()
    session.write_draft()
    assert not any(card_id in b.evidence_card_ids for b in session.board.resume_draft.all_bullets())


def test_a_decline_can_be_withdrawn(drafted_session):
    session = drafted_session
    gap_id = spark_gap(session)
    session.answer_gaps([GapAnswer(gap_id=gap_id, declined=True)])
    assert session.changes.rewrite_all
    session.withdraw_answer(gap_id)
    gap = next(g for g in session.board.gap_resolutions if g.gap_id == gap_id)
    assert gap.answer_status == AnswerStatus.OPEN and gap.strategy == GapStrategy.ASK_USER


# --- the pages -----------------------------------------------------------------------------
def test_page_3_lists_answers_editable_and_withdrawable(app, drafted_session):
    gap_id = spark_gap(drafted_session)
    at = app(drafted_session, EVIDENCE)
    at.text_area(key=f"evidence_answer_{gap_id}").input(SPARK)
    at.button(key="FormSubmitter:evidence_gap_form-Save answers").click().run()
    assert "Your draft is kept but now out of date" in texts(at)
    assert "Your answers (1)" in texts(at)
    box = at.text_area(key=f"{answer_actions.EDIT_PREFIX}{gap_id}")
    assert box.value == SPARK
    box.input("I ran Spark on Databricks daily.")
    at.button(key=f"FormSubmitter:evidence_edit_form_{gap_id}-Save change").click().run()
    assert "Answer changed" in texts(at)
    assert drafted_session.answer_text(gap_id) == "I ran Spark on Databricks daily."
    at.button(key=f"evidence_withdraw_{gap_id}").click().run()
    assert not at.exception, at.exception
    assert "Withdrawn: the question is open again." in texts(at)
    assert "Your answers (" not in texts(at)
    assert gap_id in {q.gap_id for q in drafted_session.next_questions(limit=3)}
    assert at.text_area(key=f"evidence_answer_{gap_id}").value == ""  # starts empty again


def test_page_4_says_the_draft_is_out_of_date_and_rewrites_keeping_edits(app, drafted_session):
    edited, _, _ = decide_some_lines(drafted_session)
    drafted_session.answer_gaps([GapAnswer(gap_id=spark_gap(drafted_session), answer=SPARK)])
    at = app(drafted_session, DRAFT)
    assert stale_draft.ANSWERS_CHANGED in texts(at)
    at.button(key="draft_rewrite").click().run()
    assert not at.exception, at.exception
    assert stale_draft.ANSWERS_CHANGED not in texts(at)
    assert "kept your 3 edited, accepted or rejected lines" in texts(at)
    assert decisions(drafted_session)[edited][0].endswith("every week.")


def test_page_4_can_discard_the_edits_and_write_afresh(app, drafted_session):
    decide_some_lines(drafted_session)
    gap = drafted_session.board.gap_resolutions[0]
    other = GapStrategy.OMIT if gap.strategy != GapStrategy.OMIT else GapStrategy.ADJACENT
    drafted_session.set_gap_strategy(gap.gap_id, other)
    at = app(drafted_session, DRAFT)
    assert stale_draft.STRATEGY_CHANGED in texts(at)
    at.button(key="draft_rewrite_afresh").click().run()
    assert not at.exception, at.exception
    assert decisions(drafted_session) == {}  # every line as the writer proposes it
    assert not any(t.endswith("every week.") for t in texts(at).splitlines())
