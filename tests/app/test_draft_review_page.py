"""AppTest: page 4 (Draft review) — writing, citations, accept / reject / edit + re-audit."""

from __future__ import annotations

from core.contracts import BulletStatus, PipelineState, Severity
from tests.app.conftest import texts

PAGE = "app_pages/draft_review.py"


def first_role_line(session):
    return next(b for role in session.board.resume_draft.roles for b in role.bullets)


def test_write_the_draft_calls_core_and_renders_every_line(app, mapped_session):
    at = app(mapped_session, PAGE)
    assert mapped_session.board.resume_draft is None
    at.button(key="draft_write").click().run()
    assert not at.exception, at.exception
    board = mapped_session.board
    assert board.current_step == PipelineState.COMPLETE, board.failure_reasons
    shown = texts(at)
    lines = board.resume_draft.all_bullets()
    assert lines and all(line.text in shown for line in lines)
    assert at.button(key="draft_write").label == "Regenerate draft"
    for line in lines:
        assert at.button(key=f"draft_accept_{line.id}")
    assert not at.text_area, "edit boxes are drawn only for the line being edited"


def test_citations_expand_to_the_evidence_quotes(app, drafted_session):
    at = app(drafted_session, PAGE)
    line = first_role_line(drafted_session)
    cards = {c.id: c for c in drafted_session.board.evidence_cards}
    expander = next(
        e for e in at.expander if e.label == f"Evidence ({len(line.evidence_card_ids)})"
    )
    assert expander is not None
    quotes = "\n".join(m.value for m in at.markdown).replace("\\", "")
    for card_id in line.evidence_card_ids:
        assert cards[card_id].raw_text in quotes


def test_reject_and_accept_call_core(app, drafted_session):
    at = app(drafted_session, PAGE)
    line = first_role_line(drafted_session)
    at.button(key=f"draft_reject_{line.id}").click().run()
    assert line.status == BulletStatus.REJECTED
    assert at.button(key=f"draft_reject_{line.id}").label == "Restore"
    at.button(key=f"draft_accept_{line.id}").click().run()
    assert line.status == BulletStatus.ACCEPTED


def test_an_edit_with_an_invented_number_is_blocked_inline(app, drafted_session):
    at = app(drafted_session, PAGE)
    line = first_role_line(drafted_session)
    invented = line.text.rstrip(".") + ", saving $4.7M a year."
    at.button(key=f"draft_editor_{line.id}").click().run()
    at.text_area(key=f"draft_edit_{line.id}").input(invented)
    at.button(key=f"draft_save_{line.id}").click().run()
    assert not at.exception, at.exception
    assert line.text == invented and line.status == BulletStatus.EDITED
    report = drafted_session.board.audit_report
    blockers = [v for v in report.blockers() if v.bullet_id == line.id]
    assert blockers and not report.passed
    alerts = " ".join(e.value for e in at.error).replace("\\", "")
    assert "audit blocks this line" in alerts
    assert any(v.violation.replace("\\", "") in alerts for v in blockers)


def test_a_supported_edit_is_accepted_by_the_audit(app, drafted_session):
    at = app(drafted_session, PAGE)
    line = first_role_line(drafted_session)
    at.button(key=f"draft_editor_{line.id}").click().run()
    at.text_area(key=f"draft_edit_{line.id}").input(line.text)
    at.button(key=f"draft_save_{line.id}").click().run()
    verdict = next(v for v in drafted_session.board.audit_report.verdicts if v.bullet_id == line.id)
    assert not [v for v in verdict.violations if v.severity == Severity.BLOCKER]
    assert "supported" in texts(at)


def test_template_choice_lists_the_templates_default_first(app, drafted_session, app_settings):
    from core.render import list_templates

    at = app(drafted_session, PAGE)
    picker = at.selectbox(key="draft_template")
    names = {t.name for t in list_templates()}
    assert len(picker.options) == len(names) >= 2
    assert picker.value == app_settings.default_template
    other = next(n for n in names if n != app_settings.default_template)
    picker.set_value(other).run()
    at.switch_page("app_pages/audit.py").run()
    assert at.session_state["draft_template"] == other  # kept while another page is shown


def test_a_resume_without_education_gets_a_draft_and_can_say_there_is_none(app, fresh_session):
    from core.ui.samples import SAMPLE_JD, SAMPLE_RESUME, sample_text

    resume = sample_text(SAMPLE_RESUME)
    without = resume[: resume.index("## Education")] + resume[resume.index("## Skills") :]
    fresh_session.load_resume_text(without, source_name="no_school.md")
    fresh_session.analyze_job(sample_text(SAMPLE_JD))
    fresh_session.map_evidence()
    at = app(fresh_session, PAGE)
    at.button(key="draft_write").click().run()
    assert not at.error, [e.value for e in at.error]  # a missing education is not a stop
    assert fresh_session.board.current_step == PipelineState.COMPLETE
    at.checkbox(key="draft_no_education").check().run()
    assert fresh_session.board.inputs.no_education is True
    at.button(key="draft_write").click().run()
    assert not at.error, [e.value for e in at.error]
    assert fresh_session.board.current_step == PipelineState.COMPLETE
    assert at.checkbox(key="draft_no_education").value is True


def writing_runs(session) -> int:
    return sum(1 for e in session.board.events if e.state == PipelineState.WRITING)


def test_regenerate_with_nothing_changed_keeps_the_draft_and_the_edits(app, drafted_session):
    at = app(drafted_session, PAGE)
    line = first_role_line(drafted_session)
    edited = line.text.rstrip(".") + " (reviewed)."
    drafted_session.edit_bullet(line.id, edited)
    runs = writing_runs(drafted_session)
    at.button(key="draft_write").click().run()
    assert not at.exception, at.exception
    assert writing_runs(drafted_session) == runs  # a repeated click is not a second run
    assert first_role_line(drafted_session).text == edited
    assert "Nothing the draft rests on has changed" in texts(at)


def test_regenerate_after_a_strategy_change_writes_again(app, drafted_session):
    from core.contracts import GapStrategy

    at = app(drafted_session, PAGE)
    gap = drafted_session.board.gap_resolutions[0]
    other = next(s for s in GapStrategy if s != gap.strategy)
    runs = writing_runs(drafted_session)
    drafted_session.set_gap_strategy(gap.gap_id, other)
    at.button(key="draft_write").click().run()
    assert not at.exception, at.exception
    assert writing_runs(drafted_session) == runs + 1
    assert "Nothing the draft rests on has changed" not in texts(at)


def test_the_chosen_template_shapes_the_downloaded_docx(app, drafted_session):
    import io

    from docx import Document

    from core.render import list_templates

    def body_font(docx: bytes) -> str:
        return Document(io.BytesIO(docx)).styles["Normal"].font.name

    at = app(drafted_session, PAGE)
    fonts = {}
    for name in sorted(t.name for t in list_templates()):
        at.selectbox(key="draft_template").set_value(name).run()
        at.switch_page("app_pages/audit.py").run()
        assert not at.exception, at.exception
        docx = at.session_state["rf_export"].docx
        body = "\n".join(p.text for p in Document(io.BytesIO(docx)).paragraphs)
        assert first_role_line(drafted_session).text in body
        fonts[name] = body_font(docx)
        at.switch_page(PAGE).run()
    assert len(set(fonts.values())) == len(fonts), fonts  # each template its own look


def test_a_bug_during_a_run_is_a_readable_message_in_its_status(app, drafted_session, monkeypatch):
    at = app(drafted_session, PAGE)

    def broken():
        raise RuntimeError("internal detail that users should not need")

    monkeypatch.setattr(drafted_session, "draft_is_current", lambda: False)
    monkeypatch.setattr(drafted_session, "write_draft", broken)
    draft_before = drafted_session.board.resume_draft
    at.button(key="draft_write").click().run()
    assert not at.exception, at.exception
    labels = [e.label for e in at.main.children.values() if type(e).__name__ == "Status"]
    stopped = "Writing your tailored resume: stopped at “Writing, auditing and revising the draft”"
    assert stopped in labels, labels
    errors = [e.value for e in at.error]
    assert any("Something went wrong inside ResumeForge (RuntimeError)" in e for e in errors)
    assert not any("internal detail" in e for e in errors)
    assert drafted_session.board.resume_draft is draft_before  # nothing lost


def test_a_blocked_line_cannot_be_accepted_until_fixed(app, drafted_session):
    import pytest

    from core.errors import InputError

    at = app(drafted_session, PAGE)
    line = first_role_line(drafted_session)
    original = line.text
    at.button(key=f"draft_editor_{line.id}").click().run()
    at.text_area(key=f"draft_edit_{line.id}").input(original.rstrip(".") + ", saving $4.7M.")
    at.button(key=f"draft_save_{line.id}").click().run()
    assert at.button(key=f"draft_accept_{line.id}").disabled
    with pytest.raises(InputError, match="blocks this line"):
        drafted_session.set_bullet_status(line.id, BulletStatus.ACCEPTED)
    assert line.status == BulletStatus.EDITED
    drafted_session.edit_bullet(line.id, original)  # fixed: now it can be accepted
    at.run()
    assert not at.button(key=f"draft_accept_{line.id}").disabled
    at.button(key=f"draft_accept_{line.id}").click().run()
    assert line.status == BulletStatus.ACCEPTED


def test_captions_speak_plainly_without_internal_ids_or_jargon(app, drafted_session):
    at = app(drafted_session, PAGE)
    shown = texts(at.main)
    ids = {i for b in drafted_session.board.resume_draft.all_bullets() for i in b.evidence_card_ids}
    ids |= {b.id for b in drafted_session.board.resume_draft.all_bullets()}
    assert ids and not any(i in shown for i in ids)
    assert "extractive" not in shown
    assert "supported by your evidence" in shown and "From sample_resume.md" in shown


MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
DATE_SHAPES = {"numeric": r"\b\d{2}/\d{4}\b", "long": rf"\b(?:{MONTHS})\s\d{{4}}\b"}


def test_the_chosen_date_style_is_every_date_of_the_docx_and_pdf(app, drafted_session):
    """One date style per document, chosen by the user (default "Mar 2021")."""
    import io
    import re

    from docx import Document

    def docx_text(docx: bytes) -> str:
        document = Document(io.BytesIO(docx))
        cells = [c.text for t in document.tables for row in t.rows for c in row.cells]
        return "\n".join([p.text for p in document.paragraphs] + cells)

    at = app(drafted_session, PAGE)
    seen = {}
    for style, shape in DATE_SHAPES.items():
        at.selectbox(key="draft_date_style").set_value(style).run()
        at.switch_page("app_pages/audit.py").run()
        assert not at.exception, at.exception
        bundle = at.session_state["rf_export"]
        seen[style] = docx_text(bundle.docx)
        assert re.search(shape, seen[style]), (style, seen[style][:400])
        assert bundle.preview_png.startswith(b"\x89PNG")  # the first page, shown before download
        at.switch_page(PAGE).run()
    assert not re.search(r"\b\d{2}/\d{4}\b", seen["long"])  # one style, not a mix
