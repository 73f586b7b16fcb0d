"""AppTest: page 5 (Audit) — verdicts, ATS visuals, and downloads that hold the draft."""

from __future__ import annotations

import io
import json

from docx import Document

from core.contracts import BulletStatus
from core.pipeline.outputs import final_draft
from tests.app.conftest import texts

PAGE = "app_pages/audit.py"


def downloads(at):
    return {b.label: b for b in at.get("download_button")}


def test_a_verdict_banner_with_counts_and_one_coverage_display(app, drafted_session):
    at = app(drafted_session, PAGE)
    assert not at.exception, at.exception
    board = drafted_session.board
    lines = len(board.resume_draft.all_bullets())
    banner = [
        e.value
        for kind in (at.success, at.warning, at.error)
        for e in kind
        if "lines checked" in e.value
    ]
    assert len(banner) == 1 and f"{lines} lines checked" in banner[0]
    metrics = {m.label: m.value for m in at.metric}
    ats = board.ats_report
    assert metrics["Job keywords in your DOCX"] == f"{ats.keyword_coverage_score:.0f}%"
    musts = len(ats.must_haves_supported) + len(ats.must_haves_missing)
    assert metrics["Must-haves your DOCX shows"] == f"{len(ats.must_haves_supported)} of {musts}"
    assert not at.get("progress") and "Role signal" not in metrics  # one display, no riddle
    shown = texts(at)
    assert all(k in shown for k in ats.supported_keywords + ats.missing_keywords)
    # coverage counts the ATS keywords only; the ad's other terms are said to be left out
    assert ats.terms_not_counted == board.jd.other_terms and ats.terms_not_counted
    assert f"{len(ats.terms_not_counted)} other term(s) in the ad are not counted" in shown


def test_downloads_hold_the_tailored_content(app, drafted_session):
    at = app(drafted_session, PAGE)
    buttons = downloads(at)
    # a first draft has no earlier one: no "changes since the previous draft" offer
    assert set(buttons) == {"Download DOCX", "Download PDF", "Download audit JSON"}
    bundle = at.session_state["rf_export"]
    assert bundle.pdf.startswith(b"%PDF")
    document = Document(io.BytesIO(bundle.docx))
    body = "\n".join(p.text for p in document.paragraphs)
    draft = drafted_session.board.resume_draft
    # what the export ships: one date style, fitted to the typeset pages (core/pipeline/outputs)
    shipped = final_draft(drafted_session.board, template="classic", date_style=None)
    live = [b for b in shipped.all_bullets() if b.status != BulletStatus.REJECTED]
    assert live and all(" ".join(b.text.split()) in " ".join(body.split()) for b in live)
    audit = json.loads(bundle.audit_json)
    saved = audit["blackboard"]["resume_draft"]
    assert [b["text"] for b in saved["summary"]] == [b.text for b in draft.summary]


def test_a_rejected_line_leaves_the_docx_and_the_export_is_redone(app, drafted_session):
    at = app(drafted_session, PAGE)
    first = at.session_state["rf_export"]
    line = next(b for r in drafted_session.board.resume_draft.roles for b in r.bullets)
    drafted_session.set_bullet_status(line.id, BulletStatus.REJECTED)
    at.run()
    second = at.session_state["rf_export"]
    assert second.signature != first.signature
    body = "\n".join(p.text for p in Document(io.BytesIO(second.docx)).paragraphs)
    assert line.text not in body


def test_a_blocked_edit_is_listed_and_kept_out_of_the_docx(app, drafted_session):
    line = next(b for r in drafted_session.board.resume_draft.roles for b in r.bullets)
    invented = line.text.rstrip(".") + ", growing revenue by 83%."
    drafted_session.edit_bullet(line.id, invented)
    at = app(drafted_session, PAGE)
    shown = texts(at)
    assert "Blockers (these lines never reach the DOCX)" in shown
    assert f"Line: “{invented}”" in shown  # the blocker names its line
    assert any("Audit: 1 line blocked" in e.value for e in at.error)
    body = "\n".join(
        p.text for p in Document(io.BytesIO(at.session_state["rf_export"].docx)).paragraphs
    )
    assert invented not in body


def test_the_diff_download_names_what_changed_since_the_previous_draft(app, drafted_session):
    from core.contracts import GapAnswer

    first = {b.text for b in drafted_session.board.resume_draft.all_bullets()}
    question = drafted_session.next_questions(limit=3)[0]
    answer = "Ran a Kafka migration for the loyalty event stream across four regional clusters."
    drafted_session.answer_gaps([GapAnswer(gap_id=question.gap_id, answer=answer)])
    drafted_session.write_draft()
    second = {b.text for b in drafted_session.board.resume_draft.all_bullets()}
    assert second != first, "answering a gap should change the draft"
    at = app(drafted_session, PAGE)
    diff = at.session_state["rf_export"].diff_md.decode().replace("\\", "")
    assert diff.startswith("# Changes from the previous variant"), diff[:200]
    for text in second - first:
        assert text in diff
    assert "Download changes since the previous draft" in downloads(at)  # now there is one
