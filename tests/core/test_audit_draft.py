"""audit_draft: every live line, role header and skill against its own cited cards (+ the LLM)."""

from __future__ import annotations

from datetime import UTC, datetime

from core.audit import audit_draft
from core.contracts import (
    BulletStatus,
    CardKind,
    DraftBullet,
    DraftRole,
    DraftSection,
    EvidenceCard,
    Provenance,
    ResumeDraft,
    RoleEntry,
    Severity,
    SkillLine,
    ViolationType,
)
from core.errors import ProviderError
from core.llm.fake import FakeLLM

V = ViolationType
ROLES = [
    RoleEntry(id="r1", company="Acme Robotics", title="Software Engineer", timeframe="2019 – 2023"),
    RoleEntry(id="r2", company="Globex", title="Junior Developer", timeframe="2015 – 2019"),
]


def _card(card_id: str, text: str, role_id: str | None, **extra) -> EvidenceCard:
    role = next((r for r in ROLES if r.id == role_id), None)
    return EvidenceCard(
        id=card_id,
        raw_text=text,
        role_id=role_id,
        company=role.company if role else "",
        role=role.title if role else "",
        timeframe=role.timeframe if role else "",
        **({"provenance": Provenance(source="fact.md", section="Experience")} | extra),
    )


CARDS = [
    _card("c1", "Cut API p95 latency from 800 ms to 200 ms by adding a Redis cache.", "r1"),
    _card("c2", "Wrote 40 integration tests in Python for the billing service.", "r1"),
    _card("c3", "Maintained the PHP storefront and its MySQL database.", "r2"),
    _card("s1", "Backend engineer with 8 years of Python and Go.", None, kind=CardKind.SUMMARY),
    _card(
        "u1",
        "Yes: I ran weekly Terraform plan reviews for 6 months at Acme.",
        None,
        kind=CardKind.USER_ANSWER,
        provenance=Provenance(
            source="user_answer",
            question="Have you used Terraform?",
            answered_at=datetime(2025, 1, 1, tzinfo=UTC),
        ),
    ),
    _card("e1", "B.S. Computer Science, State University, 2015", None, kind=CardKind.EDUCATION),
]


def line(bullet_id: str, text: str, *ids: str, **extra) -> DraftBullet:
    return DraftBullet(id=bullet_id, text=text, evidence_card_ids=list(ids), **extra)


def draft(**changes) -> ResumeDraft:
    base = ResumeDraft(
        target_title="Platform Engineer",
        summary=[line("summary-1", CARDS[3].raw_text, "s1")],
        roles=[
            DraftRole(
                role_id="r1",
                company="Acme Robotics",
                title="Software Engineer",
                timeframe="2019 – 2023",
                bullets=[
                    line("r1-b1", CARDS[0].raw_text, "c1"),
                    line(
                        "r1-b2", "Wrote 40 Python integration tests for the billing service.", "c2"
                    ),
                ],
            ),
            DraftRole(
                role_id="r2",
                company="Globex",
                title="Junior Developer",
                timeframe="2015 – 2019",
                bullets=[line("r2-b1", CARDS[2].raw_text, "c3")],
            ),
        ],
        skills=[
            SkillLine(skill="Redis", evidence_card_ids=["c1"]),
            SkillLine(skill="Python", evidence_card_ids=["c2"]),
        ],
        sections=[
            DraftSection(name="Education", bullets=[line("education-1", CARDS[5].raw_text, "e1")]),
            DraftSection(
                name="Additional Experience",
                bullets=[
                    line("additional-1", "Ran weekly Terraform plan reviews for 6 months.", "u1")
                ],
            ),
        ],
    )
    for name, value in changes.items():
        setattr(base, name, value)  # assignment is validated: skill lines get their ids
    return base


def run(d: ResumeDraft, llm=None):
    return audit_draft(d, cards=CARDS, roles=ROLES, llm=llm)


def blocked_ids(report) -> set[str]:
    return {v.bullet_id for v in report.blockers()}


def test_faithful_draft_passes_with_a_verdict_per_line_and_skill():
    report = run(draft())
    assert report.passed, report.truth_violations
    ids = [v.bullet_id for v in report.verdicts]
    assert ids == [
        "summary-1",
        "r1-b1",
        "r1-b2",
        "r2-b1",
        "education-1",
        "additional-1",
        "skill-1",
        "skill-2",
    ]
    assert all(v.supported for v in report.verdicts)
    assert report.verdicts[1].matched_card_ids == ["c1"]


def test_a_user_answer_card_is_evidence_like_any_other():
    report = run(draft())
    verdict = next(v for v in report.verdicts if v.bullet_id == "additional-1")
    assert verdict.supported and verdict.matched_card_ids == ["u1"]


def test_one_changed_number_fails_the_draft_on_that_line_only():
    d = draft()
    d.roles[0].bullets[
        0
    ].text = "Cut API p95 latency from 800 ms to 120 ms by adding a Redis cache."
    report = run(d)
    assert not report.passed
    assert blocked_ids(report) == {"r1-b1"}
    violation = report.blockers()[0]
    assert violation.type == V.METRIC_CHANGED and violation.span == "120"
    assert violation.bullet_text.startswith("Cut API p95")


def test_uncited_and_unknown_evidence_are_blockers():
    d = draft()
    d.roles[0].bullets[0].evidence_card_ids = []
    d.roles[0].bullets[1].evidence_card_ids = ["c2", "ghost"]
    d.roles[1].bullets[0].evidence_card_ids = ["nope"]
    report = run(d)
    by_line = {v.bullet_id: {x.type for x in v.violations} for v in report.verdicts}
    assert by_line["r1-b1"] == {V.UNCITED}
    assert V.UNKNOWN_EVIDENCE in by_line["r1-b2"]
    assert by_line["r2-b1"] == {V.UNKNOWN_EVIDENCE}
    assert not report.passed


def test_rejected_lines_are_not_audited():
    d = draft()
    d.roles[0].bullets[0].text = "Invented a 99% speedup."
    d.roles[0].bullets[0].status = BulletStatus.REJECTED
    report = run(d)
    assert report.passed
    assert "r1-b1" not in {v.bullet_id for v in report.verdicts}


def test_a_line_under_the_wrong_role_is_employer_wrong():
    d = draft()
    d.roles[0].bullets.append(line("r1-b3", CARDS[2].raw_text, "c3"))
    report = run(d)
    assert blocked_ids(report) == {"r1-b3"}
    assert report.blockers()[0].type == V.EMPLOYER_WRONG
    assert "Globex" in report.blockers()[0].violation


def test_role_header_must_be_the_resumes_own():
    d = draft()
    d.roles[1].title = "Senior Developer"
    d.roles[1].timeframe = "2014 – 2019"
    report = run(d)
    types = {v.type for v in report.blockers() if v.bullet_id == "r2-header"}
    assert types == {V.TITLE_INFLATED, V.DATE_WRONG}


def test_every_listed_skill_must_be_backed_by_a_cited_card():
    d = draft(
        skills=[
            SkillLine(skill="Redis", evidence_card_ids=["c1"]),
            SkillLine(skill="Kubernetes", evidence_card_ids=["c1"]),
            SkillLine(skill="Go", evidence_card_ids=[]),
        ]
    )
    report = run(d)
    by_line = {v.bullet_id: [x.type for x in v.violations] for v in report.verdicts}
    assert by_line["skill-1"] == []
    assert by_line["skill-2"] == [V.SKILL_INVENTED]
    assert by_line["skill-3"] == [V.UNCITED]


# --- with an LLM --------------------------------------------------------------------------------


def test_llm_findings_are_added_on_top():
    llm = FakeLLM().enqueue(
        {
            "findings": [
                {
                    "bullet_id": "r1-b2",
                    "violation": "Reads like AI voice.",
                    "type": "other",
                    "severity": "WARNING",
                },
                {
                    "bullet_id": "r2-b1",
                    "violation": "Implies ownership of the database.",
                    "type": "scope_inflated",
                    "severity": "BLOCKER",
                },
            ]
        }
    )
    report = run(draft(), llm=llm)
    assert [c.stage for c in llm.calls] == ["auditor"]
    prompt = llm.calls[0].prompt.user
    assert "r1-b2" in prompt and "Redis cache" in prompt  # lines and their evidence text
    llm_found = [v for v in report.truth_violations if v.source == "llm"]
    assert {(v.bullet_id, v.severity) for v in llm_found} == {
        ("r1-b2", Severity.WARNING),
        ("r2-b1", Severity.BLOCKER),
    }
    assert not report.passed and blocked_ids(report) == {"r2-b1"}
    verdict = next(v for v in report.verdicts if v.bullet_id == "r2-b1")
    assert not verdict.supported


def test_llm_cannot_clear_a_deterministic_blocker():
    d = draft()
    d.roles[0].bullets[0].text = "Cut API p95 latency from 800 ms to 20 ms by adding a Redis cache."
    report = run(d, llm=FakeLLM().enqueue({"findings": []}))
    assert not report.passed
    assert blocked_ids(report) == {"r1-b1"}
    assert all(v.source == "deterministic" for v in report.truth_violations)


def test_provider_failure_keeps_the_deterministic_result_and_says_so():
    llm = FakeLLM().enqueue(ProviderError("rate limited", kind="rate_limit"))
    report = run(draft(), llm=llm)
    assert report.passed
    assert any("deterministic" in note for note in report.inconsistencies)


def test_llm_citing_a_line_that_does_not_exist_is_a_provider_failure():
    llm = FakeLLM().enqueue(
        {"findings": [{"bullet_id": "made-up", "violation": "x", "severity": "BLOCKER"}]}
    )
    report = run(draft(), llm=llm)
    assert report.passed
    assert report.inconsistencies
