"""A degree is claimed only as the resume holds it (core/audit/degrees.py)."""

from __future__ import annotations

import pytest

from core.audit.degrees import check_degrees

EDUCATION = (
    "B.Sc. Logistics -- Harbour Technical University -- in progress, 90 of 120 credits, "
    "expected June 2027\n"
    "Associate of Applied Science, Business -- Millbrook Community College -- 2015"
)


@pytest.mark.parametrize(
    "claim",
    [
        "Holds a B.Sc. in Logistics from Harbour Technical University.",
        "Logistics graduate (B.Sc., Harbour Technical University) with 9 years in warehousing.",
        "Earned an MBA while running the night shift.",
    ],
)
def test_a_degree_in_progress_or_not_held_may_not_be_claimed(claim):
    assert check_degrees(claim, evidence=EDUCATION)


@pytest.mark.parametrize(
    "claim",
    [
        "Completing a B.Sc. in Logistics at Harbour Technical University (expected 2027).",
        "Pursuing a B.Sc. in Logistics while working full time.",
        "Holds an Associate of Applied Science in Business.",
        "Built pick-rate reports in MS Excel for the Boston, MA site.",
    ],
)
def test_a_degree_as_the_resume_holds_it_passes(claim):
    assert not check_degrees(claim, evidence=EDUCATION)


def test_a_finished_entry_at_the_level_wins_over_one_in_progress():
    both = EDUCATION + "\nB.A. History -- Millbrook College -- 2012"
    assert not check_degrees("Holds a B.A. in History.", evidence=both)
