"""Run-together items (core/jd/runon.py): the next item opening with an acronym, and a heading
in front of its first item in a flattened paste."""

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


FLAT_AD = (
    "Account Executive Northwind Foods About us We deliver produce to restaurants across Ohio. "
    "Job Description What you will do Work with restaurant owners to plan weekly orders"
    "Call new prospects every week and track them in the CRM. Qualifications Bachelor's degree "
    "preferred. 2+ years of sales experience in food service. Experience with Salesforce CRM is "
    "a plus. Benefits Medical, dental and vision plans."
)


def test_a_heading_in_front_of_its_first_item_in_a_flattened_paste_is_cut_off():
    lines = split_run_together(FLAT_AD)
    assert "Qualifications" in lines and "- Bachelor's degree preferred." in lines
    assert "- Experience with Salesforce CRM is a plus." in lines  # no cut before a name
    reqs = {r.text: r for r in analyze_jd(FLAT_AD).requirements}
    assert reqs["Bachelor's degree preferred."].priority.value == "nice"
    assert reqs["2+ years of sales experience in food service."].priority.value == "must"
    assert not any(t.startswith(("Qualifications", "Job Description")) for t in reqs)


def test_a_heading_word_that_opens_a_duty_or_a_label_is_no_heading():
    assert "Process" not in split_run_together("Reconcile accountsProcess Write-offs and refunds")
    lines = split_run_together("Duties of the Nurse:Assess patients at intake")
    assert "Duties of the Nurse:" in lines
