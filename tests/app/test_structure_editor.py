"""AppTest: the Upload page's editor of what was read — a title and dates fixed, a job split in
two, a job read as experience moved to education — and the draft that follows the fix."""

from __future__ import annotations

from core.contracts import PipelineState
from tests.core.test_structure import BERLIN, RESUME

JD = "Data Engineer\n\nRequirements\n- 3+ years of SQL and dbt\n- Lead a data platform team\n"


def prefix_of(session) -> str:
    return f"structure_{session.resume.content_hash[:10]}_"


def test_the_structure_is_corrected_in_the_app_and_the_draft_follows(app, fresh_session):
    fresh_session.load_resume_text(RESUME, source_name="r.md")
    fresh_session.analyze_job(JD)
    fresh_session.map_evidence()
    at = app(fresh_session)
    assert any(e.label.startswith("Correct what was read") for e in at.expander)
    at.button(key=f"{prefix_of(fresh_session)}add").click().run()  # an entry to split into
    prefix = prefix_of(fresh_session)
    at.text_input(key=f"{prefix}dates_0").set_value("2019 – 2021")
    at.selectbox(key=f"{prefix}kind_1").set_value("education")
    at.text_input(key=f"{prefix}title_3").set_value("Data Platform Lead")
    at.text_input(key=f"{prefix}company_3").set_value("Acme Corp")
    at.text_input(key=f"{prefix}dates_3").set_value("2021 – 2023")
    moved = 0
    for box in at.selectbox:
        if box.key and box.key.startswith(f"{prefix}line_") and BERLIN in box.label:
            box.set_value(3)
            moved += 1
    assert moved == 2
    next(b for b in at.button if b.label == "Use these corrections").click().run()
    assert not at.exception, at.exception
    assert not at.error, [e.value for e in at.error]

    resume = fresh_session.resume
    assert [(r.title, r.start, r.end) for r in resume.roles] == [
        ("Data Platform Lead", "2021", "2023"),  # newest first
        ("Data Engineer", "2019", "2021"),
    ]
    assert resume.education[0].title == "Student Teaching"
    board = fresh_session.board
    assert board is not None and board.current_step == PipelineState.EVIDENCE_MAPPING
    assert board.resume.roles == resume.roles  # mapped again on the corrected resume
    fresh_session.write_draft()
    draft = fresh_session.board.resume_draft
    assert draft is not None
    roles = {(r.title, r.timeframe): r for r in draft.roles}
    assert set(roles) == {("Data Platform Lead", "2021 – 2023"), ("Data Engineer", "2019 – 2021")}
    under_lead = " ".join(b.text for b in roles[("Data Platform Lead", "2021 – 2023")].bullets)
    under_engineer = " ".join(b.text for b in roles[("Data Engineer", "2019 – 2021")].bullets)
    assert BERLIN in under_lead and BERLIN not in under_engineer


def test_a_reread_of_the_corrected_resume_keeps_the_corrections_another_resume_does_not(
    fresh_session,
):
    from core.ingest.structure import structure_of
    from tests.core.test_structure import split_and_move

    fresh_session.load_resume_text(RESUME, source_name="r.md")
    fresh_session.correct_structure(split_and_move(structure_of(fresh_session.resume)))
    edited = RESUME.replace("- Cut the nightly", "- Wrote the SQL style guide.\n- Cut the nightly")
    again = fresh_session.load_resume_text(edited, source_name="r.md")
    assert [r.title for r in again.roles] == ["Data Platform Lead", "Data Engineer"]
    assert any("corrections of what was read were applied again" in w for w in again.warnings)
    other = (
        "# Sam Okafor\nsam@example.com\n\n## Experience\n\n### Globex — Analyst\n"
        "*2020 – 2024*\n\n- Built weekly sales reports for 12 stores.\n"
    )
    fresh = fresh_session.load_resume_text(other, source_name="other.md")
    assert [r.title for r in fresh.roles] == ["Analyst"]
    assert not any("applied again" in w for w in fresh.warnings)
