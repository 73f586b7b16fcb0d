"""Output checks catch each fault they name (on a real offline run, then one fault planted)."""

from __future__ import annotations

import pytest

from core.contracts import DraftBullet, GapAnswer, GapResolution
from core.evaluation.output_checks import output_faults
from core.evaluation.pipeline_eval import private_settings
from core.pipeline.runner import RunRequest, tailor
from core.settings import get_settings

RESUME = """Dana Okafor
dana.okafor@example.org | 555-010-2000

## Summary
Line cook turned kitchen lead with a food-safety record.

## Experience
### Kitchen Lead, Harbor Grill, Portland, OR (2021 - Present)
- Ran a line of 6 cooks through 300 covers a night
- Cut food waste by 18% with a par-level prep sheet
- Trained 9 new cooks on knife skills and station setup

### Line Cook, Blue Door Bistro, Portland, OR (2018 - 2021)
- Worked grill and saute stations for a 120-seat dining room
- Kept a 98% health inspection score across 3 inspections

## Education
Culinary Arts Certificate, Lakeview Community College, 2018

## Certifications
ServSafe Food Protection Manager, 2022
"""
JD = """Sous Chef

Requirements
- 3+ years of experience leading a kitchen line in a high-volume restaurant
- ServSafe certification
- Spanish language skills
- Experience with inventory and food cost control

Benefits
- Staff meals and paid holidays for every team member who joins us this season
"""


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("run")
    (tmp / "resume.md").write_text(RESUME, encoding="utf-8")
    (tmp / "jd.txt").write_text(JD, encoding="utf-8")
    settings = private_settings(get_settings(), tmp / "home")
    request = RunRequest(resume_path=tmp / "resume.md", jd_path=tmp / "jd.txt", out_dir=tmp / "o")
    return tailor(request, settings=settings).board


def _faults(board, name):
    return output_faults(board)[name]


def test_a_clean_run_passes_every_check(board):
    assert not any(output_faults(board).values()), output_faults(board)


def test_a_line_copied_from_the_job_ad_is_caught(board):
    changed = board.model_copy(deep=True)
    changed.resume_draft.roles[0].bullets[
        0
    ].text = "Staff meals and paid holidays for every team member who joins us this season."
    assert _faults(changed, "from_the_ad")


def test_a_placeholder_in_the_header_or_a_role_is_caught(board):
    changed = board.model_copy(deep=True)
    changed.resume_draft.roles[0].company = "Company Name"
    assert _faults(changed, "placeholders")


def test_a_bullet_under_another_roles_heading_is_caught(board):
    changed = board.model_copy(deep=True)
    first, second = changed.resume_draft.roles[:2]
    second.bullets.append(first.bullets[0].model_copy(update={"id": "moved"}))
    assert _faults(changed, "misplaced_bullets") == [
        f"moved under {second.role_id} cites a card of ['{first.role_id}']"
    ]


def test_a_section_heading_as_a_job_title_is_caught(board):
    changed = board.model_copy(deep=True)
    changed.resume_draft.roles[0].title = "Experience"
    assert _faults(changed, "headings_as_titles")


def test_a_paragraph_as_an_education_entry_is_caught(board):
    changed = board.model_copy(deep=True)
    education = next(s for s in changed.resume_draft.sections if s.name == "Education")
    education.bullets.append(DraftBullet(id="para", text=" ".join(["Studied kitchen work"] * 25)))
    assert _faults(changed, "non_entries")


def test_a_summary_repeating_a_bullet_or_stating_a_declined_ask_is_caught(board):
    changed = board.model_copy(deep=True)
    draft = changed.resume_draft
    bullet = draft.roles[0].bullets[0]
    draft.summary = [bullet.model_copy(update={"id": "summary-9"})]
    assert any("repeats" in f for f in _faults(changed, "summary_faults"))
    spanish = next(r for r in changed.jd.requirements if "Spanish" in r.text)
    changed.gap_resolutions.append(
        GapResolution(gap_id="g-es", requirement_id=spanish.id, requirement_text=spanish.text)
    )
    changed.answers.append(GapAnswer(gap_id="g-es", declined=True))
    draft.summary[0].text = "Kitchen lead, fluent in Spanish."
    assert any("Spanish" in f and "do not have" in f for f in _faults(changed, "summary_faults"))
