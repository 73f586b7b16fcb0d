"""Years requirements read on the role timeline: a field named after "years of" is measured on
the roles titled in it, and a gap names the years that were found."""

from __future__ import annotations

import pytest

from core.contracts import (
    CardKind,
    Confidence,
    EvidenceCard,
    Priority,
    Provenance,
    Ranking,
    Requirement,
    RoleEntry,
)
from core.mapping import map_evidence
from core.mapping.questions import build_questions
from core.mapping.years import field_words, same_root


class NoHits:
    def search(self, query, *, k=10, mode="hybrid", hyde=None):  # type: ignore[no-untyped-def]
        return Ranking(query=query, mode="bm25", requested_mode=mode, results=[])


def bullet(cid: str, text: str, role_id: str) -> EvidenceCard:
    return EvidenceCard(
        id=cid,
        kind=CardKind.EXPERIENCE_BULLET,
        raw_text=text,
        role_id=role_id,
        provenance=Provenance(source="resume.md", section="Experience"),
    )


def mapped(text: str, roles: list[RoleEntry], cards: list[EvidenceCard]):  # type: ignore[no-untyped-def]
    req = Requirement(id="r1", text=text, priority=Priority.MUST)
    result = map_evidence([req], index=NoHits(), synonyms={}, cards=cards, roles=roles)
    return result.evidence_map[0], (result.gaps[0] if result.gaps else None)


NURSE = [
    RoleEntry(id="a", title="Registered Nurse", start="2019-03", end="present"),
    RoleEntry(id="b", title="Patient Care Technician", start="2016-01", end="2019-02"),
]
NURSE_LINES = [
    bullet("c1", "Cared for 5 post-surgical patients a shift on a 32-bed floor", "a"),
    bullet("c2", "Took vital signs and charted intake for 20 patients a shift", "b"),
]
ACCOUNTANT = [
    RoleEntry(id="a", title="Staff Accountant", start="2022-01", end="2024-06"),
    RoleEntry(id="b", title="Bookkeeper", start="2019-01", end="2021-12"),
]
ACCOUNTANT_LINES = [
    bullet("c1", "Closed the month in 4 days for 3 entities", "a"),
    bullet("c2", "Kept the ledgers of 12 small clients", "b"),
]


def test_years_in_a_field_are_met_by_the_roles_titled_in_it() -> None:
    mapping, gap = mapped("3+ years of nursing experience", NURSE, NURSE_LINES)
    assert gap is None
    assert mapping.confidence == Confidence.HIGH  # dated roles titled in the field state it
    assert mapping.evidence_card_ids == ["c1"]  # the nurse role's line, not the technician's
    assert "as Registered Nurse" in (mapping.notes or "")


def test_years_overall_are_stated_by_the_timeline_and_relevant_years_are_a_judgement() -> None:
    overall, gap = mapped("5+ years of professional experience", NURSE, NURSE_LINES)
    assert gap is None and overall.confidence == Confidence.HIGH
    req = Requirement(id="r1", text="2 years of relevant experience", priority=Priority.MUST)
    result = map_evidence(
        [req], index=NoHits(), synonyms={}, cards=NURSE_LINES, roles=NURSE, job_title="Nurse"
    )
    assert result.gaps == [] and result.evidence_map[0].confidence == Confidence.MEDIUM


def test_fewer_years_in_the_field_is_a_gap_whose_question_names_them() -> None:
    mapping, gap = mapped(
        "5+ years of overall general accounting experience", ACCOUNTANT, ACCOUNTANT_LINES
    )
    assert gap is not None and mapping.confidence == Confidence.LOW
    assert gap.nearby == "2 yrs 6 mo across 1 role as Staff Accountant"
    assert gap.unstated == "5+ years"
    question = build_questions([gap])[0].question
    assert question.startswith("You list 2 yrs 6 mo across 1 role as Staff Accountant")
    assert "5+ years" in question


def test_years_there_but_not_all_of_the_field_name_what_was_found() -> None:
    _, gap = mapped("3+ years of ICU nursing experience", NURSE, NURSE_LINES)
    assert gap is not None
    assert gap.nearby.endswith("as Registered Nurse") and gap.unstated == ""


@pytest.mark.parametrize(
    ("text", "roles"),
    [
        # a task after the years, not a field: a product manager has not managed managers
        (
            "At least 2 years managing other product managers",
            [RoleEntry(id="a", title="Senior Product Manager", start="2015-01", end="present")],
        ),
        # a bare root is not the field: an account executive is no accountant
        (
            "5+ years of accounting experience",
            [RoleEntry(id="a", title="Account Executive", start="2012-01", end="present")],
        ),
    ],
)
def test_titles_that_only_look_like_the_field_meet_nothing(
    text: str, roles: list[RoleEntry]
) -> None:
    mapping, gap = mapped(text, roles, [bullet("c1", "Grew the book of business by 40%", "a")])
    assert gap is not None and gap.nearby == "" and mapping.evidence_card_ids == []


def test_too_many_years_overall_is_a_gap_naming_the_years_found() -> None:
    _, gap = mapped("30+ years of professional experience", NURSE, NURSE_LINES)
    assert gap is not None and gap.nearby.endswith("across 2 roles overall")
    assert gap.unstated == "30+ years"


def test_the_field_of_a_years_requirement() -> None:
    assert field_words("5+ years of overall general accounting experience") == {"accounting"}
    assert field_words("3 years of experience in restaurant management, including P&L") == {
        "restaurant",
        "management",
    }
    assert field_words("At least 2 years managing other product managers") == set()
    assert field_words("2 years of relevant work experience") == set()


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("accounting", "accountant", True),
        ("nursing", "nurse", True),
        ("teaching", "teacher", True),
        ("management", "manager", True),
        ("supervisory", "supervisor", True),
        ("sales", "sale", True),
        ("account", "accounting", False),
        ("hospitality", "hospital", False),
        ("design", "engineering", False),
    ],
)
def test_same_root(a: str, b: str, same: bool) -> None:
    assert same_root(a, b) is same
