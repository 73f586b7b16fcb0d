"""The truth audit on the labelled dev cases: probe targets, and the user's own lines pass."""

from __future__ import annotations

import json

import pytest

from core.audit import audit_bullets, check_bullet
from core.contracts import CardKind
from core.evaluation.audit_eval import summarise_by_split
from core.evaluation.audit_probes import quote_overlaps, score_audit_probes
from core.evaluation.resume_match import as_card_text
from core.ingest import parse_resume

# Targets: fabricated probes caught >= 97% (>= 90% per type), clean flagged <= 3%.
# Floors are what the audit measures now on all dev cases (docs/eval-notes/audit.md), so a
# change that loses ground fails; raise them as the audit improves.
# Measured on the merged tree (`resumeforge eval audit --cases ../shared/eval/dev`, after the
# "2,000 is a count, not a year" fix): tuning 83/84 caught, 2/70 flagged; held-back 39/48
# (81.25%), 1/40. Held-back fell from 41/48 on the audit branch because of ingestion, not the
# audit: after the merge dev-10 parses as one role (the Cobblestone Outfitters block is an
# unattached card, so "Store Manager at Cobblestone" has no role title to be checked against)
# and dev-11's project blocks are roles without a title (so "Project engineer on ..." is not
# compared with "Staff Engineer"). Held-back is below the target; not tuned on.
FLOORS = {  # split: (recall at least, false-positive rate at most)
    "tuning": (0.97, 0.03),
    "held-back": (0.81, 0.05),
}
# A probe cited like a drafted line (its own support quotes): measured 121/132 = 0.917 on the
# merged tree (92.4% on the audit branch; the same ingestion causes as above). The target
# is 0.97; this is the floor.
RECALL_TARGET = 0.91
FALSE_POSITIVE_LIMIT = 0.05


@pytest.fixture(scope="module")
def scores(eval_cases):
    return {case.name: score_audit_probes(case) for case in eval_cases}


@pytest.fixture(scope="module")
def resumes(eval_cases):
    return {
        case.name: parse_resume((case / "fact_resume.md").read_bytes(), "fact_resume.md")
        for case in eval_cases
    }


@pytest.mark.slow
def test_each_split_meets_its_floor(scores):
    by_split = summarise_by_split(list(scores.values()))
    for split, (recall, fp_rate) in FLOORS.items():
        summary = by_split[split]
        assert summary["fabricated_total"] > 0 and summary["clean_total"] > 0
        assert summary["recall"] >= recall, (split, summary["misses"])
        assert summary["false_positive_rate"] <= fp_rate, (
            split,
            summary["false_alarms_by_rule"],
        )


@pytest.mark.slow
def test_per_type_bookkeeping(scores):
    for score in scores.values():
        per_type = score["per_type"]
        assert sum(row["total"] for row in per_type.values()) == score["fabricated_total"]
        assert sum(row["caught"] for row in per_type.values()) == score["fabricated_caught"]
        assert len(per_type) == 7  # all seven falsehood types are present in every case


@pytest.mark.slow
def test_caught_probes_say_what_is_wrong_and_where_it_looked(scores):
    for score in scores.values():
        for detail in score["details"]:
            if detail["kind"] == "fabricated" and detail["flagged"]:
                blockers = [v for v in detail["violations"] if v["severity"] == "BLOCKER"]
                assert all(v["detail"] and v["span"] for v in blockers)
            assert detail["matched_card_ids"], detail["bullet"]
    # The evidence the audit matched holds a labelled support quote: 231 of 242 probes on
    # 2026-11-26. dev-08 (17 of 22) states the same numbers twice, in its "QUICK NUMBERS" list and
    # in its roles; since the reader takes its '->' bullets as bullets the audit cites
    # the list's line, which is true evidence but not the labelled quote, so the floor is pooled.
    found = sum(score["evidence_found"] for score in scores.values())
    probes = sum(len(score["details"]) for score in scores.values())
    assert found >= 0.95 * probes
    assert all(s["evidence_found"] >= 0.75 * len(s["details"]) for s in scores.values())


@pytest.mark.slow
def test_probes_cited_like_a_drafted_line_meet_the_targets(eval_cases, resumes):
    """As a writer's line: each probe cites the cards its support quotes point to."""
    caught = fabricated = flagged = clean = 0
    for case in eval_cases:
        resume = resumes[case.name]
        roles = {r.id: r for r in resume.roles}
        probes = json.loads((case / "audit_probes.json").read_text(encoding="utf-8"))
        for kind in ("clean", "fabricated"):
            for probe in probes[kind]:
                quotes = [as_card_text(q) for q in probe["support_quotes"]]
                cited = [
                    c
                    for c in resume.cards
                    if any(quote_overlaps(q, " ".join(c.raw_text.split())) for q in quotes)
                ]
                role = next((roles[c.role_id] for c in cited if c.role_id in roles), None)
                verdict = check_bullet(
                    probe["bullet"],
                    cited=cited,
                    resume_cards=resume.cards,
                    roles=resume.roles,
                    role=role,
                )
                if kind == "clean":
                    clean += 1
                    flagged += not verdict.supported
                else:
                    fabricated += 1
                    caught += not verdict.supported
    assert caught / fabricated >= RECALL_TARGET, (caught, fabricated)
    assert flagged / clean <= FALSE_POSITIVE_LIMIT, (flagged, clean)


@pytest.mark.slow
def test_each_resume_line_passes_against_itself(resumes):
    """The extractive writer copies these lines: the audit must never block the user's facts."""
    kinds = {CardKind.EXPERIENCE_BULLET, CardKind.ROLE_SENTENCE, CardKind.SUMMARY}
    for name, resume in resumes.items():
        roles = {r.id: r for r in resume.roles}
        for card in (c for c in resume.cards if c.kind in kinds):
            verdict = check_bullet(
                card.raw_text,
                bullet_id=card.id,
                cited=[card],
                resume_cards=resume.cards,
                roles=resume.roles,
                role=roles.get(card.role_id or ""),
            )
            assert verdict.supported, (name, card.raw_text, verdict.violations)


def test_audit_bullets_finds_the_card_a_line_rests_on(resumes):
    resume = next(iter(resumes.values()))
    target = next(c for c in resume.cards if c.kind == CardKind.EXPERIENCE_BULLET)
    reworded = "Note: " + target.raw_text.rstrip(".") + "."
    verdict = audit_bullets([reworded, "Knitted 40 scarves for a llama sanctuary."], resume=resume)
    assert verdict[0].supported and target.id in verdict[0].matched_card_ids
    assert verdict[0].bullet_id == "bullet-1"
    assert not verdict[1].supported


def _misses(score):
    return [d["bullet"] for d in score["details"] if d["kind"] == "fabricated" and not d["flagged"]]


def _false_alarms(score):
    return [
        (d["bullet"], d["violations"])
        for d in score["details"]
        if d["kind"] == "clean" and d["flagged"]
    ]


def test_audit_bullets_on_a_tiny_resume():
    text = (
        "# Jo Doe\njo@example.com\n\n## Experience\n\n### Acme - Engineer\n2019 - 2023\n\n"
        "- Built the billing service in Go, cutting invoice errors by 30%.\n"
    )
    resume = parse_resume(text.encode(), "tiny.md")
    same, changed, unrelated = audit_bullets(
        [
            "Built the billing service in Go, cutting invoice errors by 30%.",
            "Built the billing service in Go, cutting invoice errors by 50%.",
            "Knitted scarves.",
        ],
        resume=resume,
    )
    assert same.supported and same.matched_card_ids
    assert not changed.supported
    assert changed.violations[0].type.value == "metric_changed"
    assert not unrelated.supported and not unrelated.matched_card_ids
