"""`tools.jd_loso_in_place`: a hand-labelled posting scored as the reader reads it, and the
thresholds a setting changes put back afterwards. The posting here is synthetic, written for
these tests (the tool itself reads the corpus's hand-labelled postings)."""

from __future__ import annotations

import pytest

import core.jd.unit_context as unit_context
import core.jd.unit_roles as unit_roles
from core.jd.unit_roles import unit_roles_model
from tools.jd_loso_in_place import notice_hits, score_posting, score_setting

AD = (
    "Stores Assistant\n\nRequirements\n"
    "- Three years of warehouse experience\n"
    "- A counterbalance forklift licence\n"
    "- Background checks required\n\n"
    "Benefits\n- 25 days of annual leave and a staff discount\n"
)


def _entry(*units: tuple[str, str]) -> dict:
    spans = []
    for text, role in units:
        start = AD.index(text)
        unit = {"span": [start, start + len(text)], "role": role}
        if role == "requirement":
            unit["priority"] = "must"
        spans.append(unit)
    return {"id": "p-test", "units": spans}


def test_a_hand_posting_is_scored_by_its_units_roles() -> None:
    entry = _entry(
        ("Three years of warehouse experience", "requirement"),
        ("A counterbalance forklift licence", "requirement"),
        ("Background checks required", "process"),
        ("25 days of annual leave and a staff discount", "benefit"),
    )
    scored = score_posting(entry, {"text": AD}, unit_roles_model())
    assert (scored["requirements"], scored["found"]) == (2, 2)
    # a short item of a requirements list is kept whatever the model reads: read as asked
    assert [n["notice"] for n in scored["notices"]] == ["Background checks required"]
    assert scored["notices"][0]["section"] == "requirements"


def test_a_notice_counts_when_it_overlaps_a_candidate_either_way() -> None:
    candidates = ["Three years of warehouse experience", "Pay: £12 an hour, paid weekly"]
    assert notice_hits(["Pay: £12 an hour"], candidates) == [
        ("Pay: £12 an hour", "Pay: £12 an hour, paid weekly")
    ]
    assert notice_hits(["25 days of annual leave"], candidates) == []


def test_a_setting_is_put_back_after_scoring() -> None:
    before = unit_roles.UNLISTED_KEEP_MIN
    summary, _ = score_setting([], {}, {"UNLISTED_KEEP_MIN": 0.9})
    assert summary["postings"] == 0
    assert before == unit_roles.UNLISTED_KEEP_MIN


def test_the_context_weight_is_a_setting_put_back_too_and_a_misspelt_one_is_refused() -> None:
    before = (unit_context.CONTEXT_WEIGHT, unit_roles.ASK_MIN)
    score_setting([], {}, {"CONTEXT_WEIGHT": 0.9, "ASK_MIN": 0.6})
    assert before == (unit_context.CONTEXT_WEIGHT, unit_roles.ASK_MIN)
    with pytest.raises(ValueError):
        score_setting([], {}, {"CONTEXT_WIEGHT": 0.9})
