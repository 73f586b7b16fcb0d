"""A short line between running text and a list heads that list (so the app can read the list's
section by its meaning: the steps of a hiring process are not asked of the candidate); right under
a heading, the same kind of line is the list's first item. Ads written for this test."""

from __future__ import annotations

from core.jd import analyze_jd
from core.jd.sections import split_sections

AD = (
    "Shift Supervisor\nLakeside Foods\n\n"
    "Requirements\n- Two years of supervising a retail team\n- Food hygiene certificate\n\n"
    "Shift Patterns\n"
    "Shifts are planned four weeks ahead and most fall on weekdays.\n\n"
    "Our recruitment steps\n"
    "1. A short phone conversation with our people team\n"
    "2. A paid trial shift in one of our stores\n"
    "3. A meeting with the area manager\n"
)


def test_a_short_line_between_running_text_and_a_list_heads_the_list() -> None:
    headings = [s.heading for s in split_sections(AD)]
    assert "Our recruitment steps" in headings
    steps = next(s for s in split_sections(AD) if s.heading == "Our recruitment steps")
    assert [b.kind for b in steps.blocks] == ["bullet"] * 3


def test_hiring_steps_under_their_own_heading_are_not_asked(embedder) -> None:
    for model in (None, embedder):
        asked = [r.text for r in analyze_jd(AD, embedder=model).requirements]
        assert any("supervising" in a for a in asked)
        assert not any("phone conversation" in a or "trial shift" in a for a in asked), asked


def test_right_under_a_heading_the_line_above_a_list_is_its_first_item() -> None:
    ad = (
        "Respiratory Therapist\n\nLicences\n"
        "State Respiratory Care Practitioner License\n"
        "- BLS certification\n- ACLS certification\n"
    )
    headings = [s.heading for s in split_sections(ad)]
    assert "State Respiratory Care Practitioner License" not in headings
