"""AppTest: what page fit leaves out is shown before the downloads and the user decides; the
Audit page's ATS report is the one its DOCX's text gives.

A long resume (a shared dev case, read at test time) runs past the page limit, so page fit has
lines to take; the sample fits one page and serves the ATS check."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest
from docx import Document

from core.contracts import BulletStatus
from core.mapping.terms import mentions
from core.service import TailoringSession
from core.workspace import Workspace
from tests.app.conftest import seeded_copy, texts

DRAFT, AUDIT = "app_pages/draft_review.py", "app_pages/audit.py"
LONG_CASE = (
    Path(__file__).resolve().parents[2].parent
    / "shared/eval/dev/dev-06-restaurant-to-hotel-operations"
)


@pytest.fixture(scope="module")
def long_seed(app_settings, embedder, tmp_path_factory) -> Path:
    if not LONG_CASE.is_dir():
        pytest.skip("the shared dev cases are not here")
    root = tmp_path_factory.mktemp("long-seed") / "build"
    session = TailoringSession.create(workspace=Workspace.open(root), settings=app_settings)
    session.load_resume_text(
        (LONG_CASE / "fact_resume.md").read_text(encoding="utf-8"), source_name="resume.md"
    )
    session.analyze_job((LONG_CASE / "jd.txt").read_text(encoding="utf-8"), target_title="")
    session.map_evidence()
    session.write_draft()
    assert session.board is not None and session.board.resume_draft is not None
    copy = root.parent / "drafted"
    shutil.copytree(root, copy)
    return copy


@pytest.fixture
def long_session(app_settings, long_seed, tmp_path) -> TailoringSession:
    session = seeded_copy(long_seed, app_settings, tmp_path.name)
    plan = session.page_fit_plan(template="classic", date_style="short")
    assert plan.lines, "the long case should run past the page limit"
    return session


def docx_text(at) -> str:
    body = Document(io.BytesIO(at.session_state["rf_export"].docx)).paragraphs
    return " ".join(" ".join(p.text for p in body).split())


def in_docx(text: str, body: str) -> bool:
    return " ".join(text.split()) in body


def test_the_lines_page_fit_takes_are_shown_before_the_downloads(app, long_session):
    plan = long_session.page_fit_plan(template="classic", date_style="short")
    for page in (DRAFT, AUDIT):
        at = app(long_session, page)
        assert not at.exception, at.exception
        shown = texts(at)
        assert f"Page fit leaves out {len(plan.lines)} line(s)" in shown
        for line in plan.lines:
            assert at.checkbox(key=f"draft_fit_out_{line.id}").value is True
    body = docx_text(at)
    assert not any(in_docx(b.text, body) for b in plan.lines)
    # the audit page names every reason a line is missing, not only rejection
    note = next(c.value for c in at.caption if c.value.startswith("The DOCX and PDF hold"))
    assert f"{len(plan.lines)} page fit left out" in note
    assert "rejected lines are left out" not in texts(at)


def test_unticked_lines_are_kept_and_ticked_ones_left_out_by_the_user(app, long_session):
    plan = long_session.page_fit_plan(template="classic", date_style="short")
    keep, *leave = plan.lines
    at = app(long_session, AUDIT)
    at.checkbox(key=f"draft_fit_out_{keep.id}").uncheck()
    at.button(key="audit_fit_apply").click().run()
    assert not at.exception, at.exception
    assert keep.status == BulletStatus.ACCEPTED
    assert all(b.status == BulletStatus.REJECTED for b in leave)
    assert in_docx(keep.text, docx_text(at))  # an accepted line: page fit never takes it


def test_a_line_the_user_accepted_is_never_taken_by_page_fit(app, long_session):
    plan = long_session.page_fit_plan(template="classic", date_style="short")
    accepted = plan.lines[0]
    long_session.set_bullet_status(accepted.id, BulletStatus.ACCEPTED)
    at = app(long_session, AUDIT)
    assert in_docx(accepted.text, docx_text(at))
    again = long_session.page_fit_plan(template="classic", date_style="short")
    assert accepted.id not in {b.id for b in again.lines}


def test_keep_every_line_ships_every_line_and_can_be_undone(app, long_session):
    plan = long_session.page_fit_plan(template="classic", date_style="short")
    at = app(long_session, AUDIT)
    at.button(key="audit_fit_keep_all").click().run()
    assert not at.exception, at.exception
    body = docx_text(at)
    assert all(in_docx(b.text, body) for b in plan.lines)
    assert "You chose to keep every line" in texts(at)
    audit = json.loads(at.session_state["rf_export"].audit_json)
    assert audit["run_stats"]["page_fit_dropped"] == 0
    at.button(key="audit_fit_again").click().run()
    assert not any(in_docx(b.text, docx_text(at)) for b in plan.lines)


def test_the_page_fit_choice_is_saved_with_the_run(app, app_settings, long_session):
    """Keeping every line is saved on the board: the run reopened (as after a reload) keeps it."""

    def reopened() -> TailoringSession:
        again = TailoringSession.create(
            workspace=Workspace.open(long_session.workspace.root), settings=app_settings
        )
        assert again.restore_latest() is not None
        return again

    at = app(long_session, AUDIT)
    at.button(key="audit_fit_keep_all").click().run()
    assert not at.exception, at.exception
    again = reopened()
    assert again.board is not None and again.board.fit_pages is False
    at = app(again, AUDIT)
    assert "You chose to keep every line" in texts(at)
    assert "Page fit leaves out" not in texts(at)
    at.button(key="audit_fit_again").click().run()
    assert reopened().board.fit_pages is True


def test_the_audit_pages_keywords_are_the_docx_texts(app, drafted_session):
    at = app(drafted_session, AUDIT)
    body = docx_text(at)
    shown = texts(at)
    has = next(line for line in shown.splitlines() if line.startswith("**Keywords your DOCX has"))
    lacks = next(line for line in shown.splitlines() if line.startswith("**Keywords it lacks"))
    present = has.split(":**", 1)[1].strip().split(" · ")
    missing = lacks.split(":**", 1)[1].strip().split(" · ")
    assert present and all(mentions(body, k) for k in present if k != "none")
    assert not any(mentions(body, k) for k in missing if k != "none")
    audit = json.loads(at.session_state["rf_export"].audit_json)
    assert audit["blackboard"]["ats_report"]["supported_keywords"] == [
        k for k in present if k != "none"
    ]


def test_when_only_accepted_lines_are_left_the_page_says_it_runs_over(app, long_session):
    board = long_session.board
    board.inputs.length_rules.max_pages = 1
    for bullet in board.resume_draft.all_bullets():
        long_session.set_bullet_status(bullet.id, BulletStatus.ACCEPTED)
    at = app(long_session, AUDIT)
    assert not at.exception, at.exception
    plan = long_session.page_fit_plan(template="classic", date_style="short")
    assert plan.over_limit and not plan.lines  # page fit takes none of them
    warning = next(w.value for w in at.warning if "over the limit" in w.value)
    assert f"runs to {plan.pages} pages" in warning
    body = docx_text(at)
    assert all(in_docx(b.text, body) for b in board.resume_draft.summary)
