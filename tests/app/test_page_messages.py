"""AppTest: what the pages say about where a line came from and about the inputs.

- a draft line written from the user's gap answer is labelled "from your answer", not "from your
  resume";
- notes on a resume read in full (invisible characters removed, instructions kept as text) are
  not listed under "Some parts could not be read:";
- with a job ad too short to read, the Upload page says so with what was read from it, and the
  later pages say so and what to do, not "Start on the Upload page"; an ad as long as a published
  one that holds no duties is not called too short.
"""

from __future__ import annotations

from core.contracts import GapAnswer
from core.ui import state
from core.ui.samples import SAMPLE_RESUME, sample_text
from tests.app.conftest import texts

ANSWER = "I ran PySpark jobs on Databricks every night for two years at Northwind."


def test_a_line_written_from_an_answer_says_from_your_answer(app, mapped_session):
    questions = mapped_session.next_questions(limit=3)
    spark = next(q for q in questions if "Spark" in q.question) if questions else None
    assert spark is not None, [q.question for q in questions]
    mapped_session.answer_gaps([GapAnswer(gap_id=spark.gap_id, answer=ANSWER)])
    mapped_session.write_draft()
    board = mapped_session.board
    answer_ids = {c.id for c in board.answer_cards}
    from_answer = [
        b for b in board.resume_draft.all_bullets() if set(b.evidence_card_ids) <= answer_ids
    ]
    assert from_answer
    at = app(mapped_session, "app_pages/draft_review.py")
    rows = [m.value for m in at.markdown if "Databricks" in m.value and ":gray[" in m.value]
    assert rows and all("from your answer" in r for r in rows), rows
    assert not any("from your resume" in r for r in rows), rows
    resume_rows = [m.value for m in at.markdown if "from your resume" in m.value]
    assert resume_rows  # lines quoting the resume keep their label


def test_notes_on_a_resume_read_in_full_are_not_read_problems(app):
    at = app()
    at.radio(key=state.RESUME_MODE).set_value(state.MODE_PASTE).run()
    # zero-width spaces: removed on reading, nothing is lost
    at.text_area(key=state.RESUME_TEXT).input(
        sample_text(SAMPLE_RESUME).replace("Data", "Da\u200bta", 3)
    )
    at.text_area(key=state.JD_TEXT).input(
        "Data Engineer. Requirements: 3+ years of Python and SQL; build ETL pipelines on "
        "Apache Spark; experience with cloud data warehouses such as BigQuery."
    )
    next(b for b in at.button if b.label == "Analyse").click().run()
    assert not at.exception, at.exception
    assert not at.error, [e.value for e in at.error]
    resume = at.session_state[state.SESSION_KEY].resume
    assert any("invisible formatting" in w for w in resume.warnings)  # the reader noted it
    warnings = [w.value for w in at.warning]
    assert not any("could not be read" in w for w in warnings), warnings
    assert any("invisible formatting" in c.value for c in at.caption)  # shown as a note


def test_read_problems_keep_real_problems_and_set_notes_apart():
    from core.ui.widgets import read_problems

    problems, notes = read_problems(
        [
            "cv.pdf: page(s) 2 have no text layer and were skipped.",
            "Removed 2 invisible formatting character(s) from cv.md.",
            "cv.txt is not UTF-8; read it as cp1252.",
        ]
    )
    assert problems == ["cv.pdf: page(s) 2 have no text layer and were skipped."]
    assert len(notes) == 2


def test_a_job_ad_too_short_to_read_is_named_on_the_later_pages(app):
    at = app()
    at.radio(key=state.RESUME_MODE).set_value(state.MODE_PASTE).run()
    at.text_area(key=state.RESUME_TEXT).input(sample_text(SAMPLE_RESUME))
    at.text_area(key=state.JD_TEXT).input("Registered nurse wanted")
    next(b for b in at.button if b.label == "Analyse").click().run()
    assert not at.exception, at.exception
    assert not at.error, [e.value for e in at.error]
    upload = " ".join(w.value for w in at.warning).replace("\\", "")  # as shown, unescaped
    assert "(3 words) was too short to read requirements from" in upload
    assert "All that was read from it: the job title “Registered nurse wanted”." in upload
    assert "paste the whole ad" in upload
    assert not any(b.label.startswith("Next") for b in at.button)  # no way on to empty pages
    for page in ("app_pages/evidence_map.py", "app_pages/draft_review.py", "app_pages/audit.py"):
        at.switch_page(page).run()
        assert not at.exception, at.exception
        shown = texts(at)
        assert "Start on the Upload page" not in shown, page
        assert "too short to read" in shown and "(3 words)" in shown, page
        assert "paste the whole ad" in shown, page


def test_a_long_ad_with_no_duties_is_not_called_too_short(app):
    """An ad as long as a published one, holding only the company's blurb and the benefits."""
    blurb = (
        "We are a friendly family business founded in 1987 in a small town by the river. "
        "Our people enjoy free parking, a staff canteen, a summer party and a winter party. "
        "We value kindness, honesty and good coffee, and we look forward to meeting you soon."
    )
    at = app()
    at.radio(key=state.RESUME_MODE).set_value(state.MODE_PASTE).run()
    at.text_area(key=state.RESUME_TEXT).input(sample_text(SAMPLE_RESUME))
    at.text_area(key=state.JD_TEXT).input(blurb)
    next(b for b in at.button if b.label == "Analyse").click().run()
    assert not at.exception, at.exception
    board = at.session_state[state.SESSION_KEY].board
    assert board.jd is not None and not board.jd.requirements  # nothing the job involves
    upload = " ".join(w.value for w in at.warning).replace("\\", "")
    assert f"the job ad you gave ({len(blurb.split())} words)" in upload
    assert "too short" not in upload and "the benefits" in upload
