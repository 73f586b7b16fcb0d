"""What a recruiter reads on the lines and the Skills line: no ALL-CAPS label left at the start
of a bullet ("TRAINING: …"), and no everyday word ("academic", "basic", "charts") listed as a
skill unless the job asks for it. Resumes written for these tests."""

from __future__ import annotations

from core.contracts import CardKind
from core.writer import write_draft
from core.writer.lines import resume_line
from core.writer.skills import skill_lines
from tests.core.cards import card, roles
from tests.core.test_writer import job


def test_a_leading_all_caps_label_is_dropped_and_an_acronym_stays():
    assert resume_line("TRAINING: Completed 40 hours of wound care training") == (
        "Completed 40 hours of wound care training"
    )
    assert resume_line("IMMUNIZATIONS: Hepatitis B, MMR and TB current") == (
        "Hepatitis B, MMR and TB current"
    )
    assert resume_line("KEY ACHIEVEMENT: cut waste by 12% in one quarter") == (
        "Cut waste by 12% in one quarter"
    )
    # an acronym names the thing the line is about: it stays
    assert resume_line("HIPAA: trained 40 staff on privacy") == "HIPAA: trained 40 staff on privacy"
    assert resume_line("BLS: American Heart Association, 2023") == (
        "BLS: American Heart Association, 2023"
    )
    # a label needs words after it; a capital word inside a line is not a label
    assert resume_line("TRAINING: CPR") == "TRAINING: CPR"
    assert resume_line("Led the NIGHT SHIFT: 30 beds") == "Led the NIGHT SHIFT: 30 beds"


def test_the_draft_line_loses_the_label_and_its_card_keeps_its_words():
    labelled = card("n1", "TRAINING: Completed 40 hours of wound care training at Mercy.")
    cards = [labelled]
    requirements, mapping = job()
    draft = write_draft(
        cards=cards,
        roles=roles(),
        requirements=requirements,
        evidence_map=mapping,
        gaps=[],
        keywords=["wound care"],
        target_title="Nurse",
        max_pages=2,
    ).draft
    texts = [b.text for b in draft.live_bullets()]
    assert "Completed 40 hours of wound care training at Mercy." in texts
    assert not any(t.startswith("TRAINING") for t in texts)
    assert labelled.raw_text.startswith("TRAINING: ")


def _listed(*names: str):
    return card("k1", ", ".join(names), kind=CardKind.SKILL, skills=list(names))


def test_everyday_words_are_not_listed_as_skills():
    grid = _listed("academic", "basic", "charts", "phlebotomy", "Python", "triage", "EKG")
    names = [s.skill for s in skill_lines([grid], ["EKG"], resume_text=grid.raw_text)]
    assert not {"academic", "basic", "charts"} & set(names)
    assert {"phlebotomy", "Python", "triage", "EKG"} <= set(names)


def test_an_everyday_word_the_job_asks_for_stays_and_a_product_name_stays():
    grid = _listed("charts", "sales", "Outlook", "Epic", "Basic")
    names = [s.skill for s in skill_lines([grid], ["sales", "charts"], resume_text=grid.raw_text)]
    assert {"charts", "sales"} <= set(names)  # the job's own terms
    assert {"Outlook", "Epic"} <= set(names)  # capitalised names rarer than everyday words
    assert "Basic" not in names  # as common as an everyday word, capital or not
