"""A job-ad unit whose parts do different things (an ask and a fact about the job, an ask and
how to apply) is read part by part; a unit whose parts do one thing stays whole."""

from __future__ import annotations

from core.jd.analyze import read_ad
from core.jd.unit_roles import AdUnitRoles, RoleCuts

ROLE = (
    "You will be based at our Leeds depot, but will need a full UK driving licence to reach our"
    " other sites. The team packs garden furniture for retailers across the north."
)
LIST = """What you bring
- Two years of experience leading a warehouse shift
- Counterbalance forklift licence
- Careful handling of stock records. If this sounds like you, send your CV to jobs@example.org
- Good spoken English - the shift starts at 6am daily
"""
AD = f"Warehouse Team Leader\n\nAbout the role\n{ROLE}\n\n{LIST}"


def test_the_ask_of_a_mixed_unit_is_read_without_the_rest():
    asked = [r.text for r in read_ad(AD).requirements]
    assert "will need a full UK driving licence to reach our other sites." in asked
    assert "Careful handling of stock records." in asked
    assert "Good spoken English" in asked
    assert not any("Leeds depot" in t or "jobs@example.org" in t or "6am" in t for t in asked)


def test_parts_of_one_role_and_idioms_stay_whole():
    cut = RoleCuts(AdUnitRoles())
    for unit in (
        "Experience of payroll software, including but not limited to Sage and Xero",
        "Knowledge of stock control, so that orders leave on time",
        "Two years of experience in a warehouse. A counterbalance forklift licence is essential.",
        "Prepare the weekly rota. Check deliveries against orders.",
        "A first aid certificate (renewed - or due for renewal - within the year)",
    ):
        assert cut(unit) == [unit]


def test_a_sentence_run_on_in_lower_case_is_a_part_of_its_own():
    cut = RoleCuts(AdUnitRoles())
    ask = "Applicants must hold a current HGV class 1 licence."
    about = "our depot has been part of the town since 1962 and is family owned."
    assert cut(f"{ask} {about}") == [ask, about]
    assert cut("Experience with Word, Excel etc. and a tidy desk.") == [
        "Experience with Word, Excel etc. and a tidy desk."
    ]


def test_parts_are_quoted_as_written_joints_and_spacing_kept():
    """Parts the model reads alike join back as the ad writes them (the dash, the double space
    and the line break between them kept), so every requirement quotes the ad."""
    cut = RoleCuts(AdUnitRoles())
    units = {
        "Good spoken English - fluent written English - the shift starts at 6am daily": (
            "Good spoken English - fluent written English"
        ),
        "A forklift licence is essential.  Two years in a warehouse is essential.\n"
        "We offer free parking and a pension.": (
            "A forklift licence is essential.  Two years in a warehouse is essential."
        ),
    }
    for unit, ask in units.items():
        parts = cut(unit)
        assert parts[0] == ask and len(parts) == 2
        assert all(part in unit for part in parts)
