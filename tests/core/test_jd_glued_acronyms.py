"""Run-together items whose next item opens with an acronym (core/jd/runon.py)."""

from __future__ import annotations

from core.jd import analyze_jd
from core.jd.runon import split_run_together


def test_an_item_glued_to_an_acronym_opening_the_next_is_cut():
    assert split_run_together("Bachelor's degreeCPA license in good standing") == [
        "- Bachelor's degree",
        "- CPA license in good standing",
    ]


def test_names_with_capitals_inside_stay_whole():
    for line in ("Experience with macOS and iOS devices", "Uses PowerPoint, GitHub and SQL daily"):
        assert split_run_together(line) == [line]


def test_a_heading_glued_by_its_colon_to_an_acronym_item_heads_a_list():
    ad = (
        "Clinic Nurse\n"
        "Duties of the Clinic Nurse:Assess patients at intake. Coordinate care with providers."
        "Qualifications of the Clinic Nurse:RN or LPN license in good standing"
        "BLS certification from an approved provider2 years of clinical experience\n"
    )
    texts = [r.text for r in analyze_jd(ad).requirements]
    assert any(t.startswith("RN or LPN license") for t in texts), texts
    assert any(t.startswith("BLS certification") for t in texts), texts
    assert any(t.startswith("2 years of clinical") for t in texts), texts
