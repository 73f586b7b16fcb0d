"""An equivalence qualifier and the ad's title line are not requirements of their own."""

from __future__ import annotations

from core.jd.analyze import analyze_jd


def _texts(ad: str) -> list[str]:
    return [r.text for r in analyze_jd(ad).requirements]


def test_an_equivalence_qualifier_is_no_requirement_of_its_own() -> None:
    ad = (
        "Payroll Supervisor\nQualifications\n"
        "- Bachelor's degree in Accounting or Finance\n"
        "- Equivalent combination of education and experience\n"
        "- Working knowledge of ADP Workforce Now\n"
    )
    texts = _texts(ad)
    assert not any(t.lower().startswith("equivalent") for t in texts)
    assert "Bachelor's degree in Accounting or Finance" in texts
    assert "Working knowledge of ADP Workforce Now" in texts


def test_or_equivalent_work_experience_is_dropped_in_another_occupation() -> None:
    ad = (
        "Licensed Practical Nurse\nRequirements\n"
        "- Diploma from an accredited practical nursing program\n"
        "- Or equivalent work experience.\n"
        "- Current LPN license in good standing\n"
    )
    texts = _texts(ad)
    assert texts == [
        "Diploma from an accredited practical nursing program",
        "Current LPN license in good standing",
    ]
    # an experience ask that only names its field is not such a qualifier
    alone = "Warehouse Associate\nRequirements\n- Equivalent experience\n- Forklift certification\n"
    assert _texts(alone) == ["Forklift certification"]
    kept = "Line Cook\nRequirements\n- Comparable kitchen experience in a high-volume restaurant\n"
    assert _texts(kept) == ["Comparable kitchen experience in a high-volume restaurant"]


def test_the_title_line_is_no_requirement_and_its_years_are_not_asked_twice() -> None:
    ad = (
        "Job Description: Warehouse Supervisor (5+ Years of Experience)\n"
        "Requirements\n- 5+ years of experience in warehouse operations\n"
        "- Forklift certification\n"
    )
    reqs = analyze_jd(ad).requirements
    assert [r.text for r in reqs] == [
        "5+ years of experience in warehouse operations",
        "Forklift certification",
    ]


def test_the_title_lines_years_stay_asked_when_the_body_states_none() -> None:
    ad = (
        "Job Description: Sous Chef (3+ Years of Experience)\n"
        "Requirements\n- ServSafe Food Manager certification\n"
        "- Knife skills and menu costing\n"
    )
    reqs = analyze_jd(ad).requirements
    assert reqs[0].text == "3+ Years of Experience"
    assert reqs[0].years == 3.0
    assert "Job Description" not in " ".join(r.text for r in reqs)
