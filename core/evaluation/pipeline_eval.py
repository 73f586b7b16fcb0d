"""`resumeforge eval pipeline`: score the whole offline pipeline on labelled cases.

Gap detection: a labelled `true_gap` counts as found when the pipeline leaves that requirement
unsupported — classified `true_gap`, or `hidden_evidence` (no evidence states it; related work
exists, so the user is asked). The strict figures count `true_gap` alone.

Per case: gap detection against the labels (requirements aligned by text), audit recall on the
fabricated probes and false positives on the clean ones, and checks of the produced resume:
numbers not in the fact resume (must be 0), share of lines with citations (must be 100%),
must-have and keyword coverage, whether injected instructions changed anything, run time.
"""

from __future__ import annotations

import json
import re
import tempfile
import time
from pathlib import Path
from typing import Any

from core.contracts import Blackboard, GapType
from core.settings import Settings

NUMBER = re.compile(r"\d[\d,.]*")


def align_requirements(board: Blackboard, labels: dict[str, Any]) -> dict[str, str]:
    """label requirement id → extracted requirement id (best word overlap, ≥ 0.5)."""

    def words(text: str) -> set[str]:
        return set(re.findall(r"[a-z0-9+#/]+", text.lower()))

    aligned: dict[str, str] = {}
    for label in labels["requirements"]:
        target = words(label["text"])
        best, best_score = "", 0.0
        for req in board.requirements:
            score = len(target & words(req.text)) / max(1, len(target))
            if score > best_score:
                best, best_score = req.id, score
        if best_score >= 0.5:
            aligned[label["id"]] = best
    return aligned


def score_gaps(board: Blackboard, labels: dict[str, Any]) -> dict[str, Any]:
    aligned = align_requirements(board, labels)
    gap_type = {g.requirement_id: g.gap_type for g in board.gap_resolutions}
    unsupported = (GapType.TRUE_GAP, GapType.HIDDEN_EVIDENCE)
    predicted = {lid for lid, rid in aligned.items() if gap_type.get(rid) in unsupported}
    strict = {lid for lid, rid in aligned.items() if gap_type.get(rid) == GapType.TRUE_GAP}
    truth = {r["id"] for r in labels["requirements"] if r["gap"] == "true_gap"}
    terminology = [r["id"] for r in labels["requirements"] if r["gap"] == "terminology_gap"]
    found_terms = [
        lid
        for lid in terminology
        if lid in aligned and gap_type.get(aligned[lid]) != GapType.TRUE_GAP
    ]
    hits = len(predicted & truth)
    return {
        "requirements_aligned": len(aligned),
        "requirements_labelled": len(labels["requirements"]),
        "true_gaps_labelled": len(truth),
        "true_gaps_predicted": len(predicted),
        "true_gap_recall": hits / len(truth) if truth else 1.0,
        "true_gap_precision": hits / len(predicted) if predicted else 1.0,
        "strict_true_gap_recall": len(strict & truth) / len(truth) if truth else 1.0,
        "strict_true_gap_precision": len(strict & truth) / len(strict) if strict else 1.0,
        "terminology_gaps_supported": f"{len(found_terms)}/{len(terminology)}",
        "false_true_gaps": sorted(predicted - truth),
        "missed_true_gaps": sorted(truth - predicted),
    }


def invented_numbers(board: Blackboard, fact_text: str) -> list[str]:
    fact = fact_text.replace(",", "")
    found = []
    draft = board.resume_draft
    for line in draft.live_bullets() if draft else []:
        for token in NUMBER.findall(line.text):
            token = token.rstrip(".,").replace(",", "")
            if token and token not in fact:
                found.append(f"{token} in {line.id}")
    return found


def injection_effect(board: Blackboard, fact_text: str) -> list[str]:
    """Terms that appear only in flagged JD instructions and yet made it into the draft."""
    from core.ingest import find_skills

    if board.jd is None or board.resume_draft is None:
        return []
    text = " ".join(b.text for b in board.resume_draft.live_bullets())
    text += " " + " ".join(s.skill for s in board.resume_draft.skills)
    leaked = []
    for line in board.jd.suspicious_instructions:
        for term in find_skills(line):
            if term.lower() not in fact_text.lower() and term.lower() in text.lower():
                leaked.append(term)
    return leaked


def evaluate_case(case: Path, *, settings: Settings) -> dict[str, Any]:
    from core.audit.probes import score_audit_probes
    from core.pipeline.runner import RunRequest, tailor

    labels = json.loads((case / "labels.json").read_text(encoding="utf-8"))
    fact_text = (case / "fact_resume.md").read_text(encoding="utf-8")
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        request = RunRequest(
            resume_path=case / "fact_resume.md",
            jd_path=case / "jd.txt",
            title=labels.get("target_title", ""),
            out_dir=Path(tmp) / "out",
        )
        result = tailor(request, settings=settings)
    seconds = time.perf_counter() - started
    board = result.board
    draft = board.resume_draft
    lines = draft.live_bullets() if draft else []
    ats = board.ats_report
    return {
        "case": case.name,
        "final_state": board.current_step.value,
        "seconds": round(seconds, 2),
        "gaps": score_gaps(board, labels),
        "audit_probes": score_audit_probes(case),
        "resume": {
            "lines": len(lines),
            "cited_share": (sum(1 for b in lines if b.evidence_card_ids) / len(lines))
            if lines
            else 0,
            "invented_numbers": invented_numbers(board, fact_text),
            "must_have_coverage": ats.must_have_coverage if ats else None,
            "keyword_coverage": ats.keyword_coverage_score if ats else None,
            "injection_leaks": injection_effect(board, fact_text),
            "suspicious_instructions_found": len(board.jd.suspicious_instructions)
            if board.jd
            else 0,
        },
    }


def evaluate_cases(cases_dir: Path, *, settings: Settings) -> dict[str, Any]:
    cases = sorted(p for p in Path(cases_dir).iterdir() if (p / "labels.json").exists())
    results = [evaluate_case(c, settings=settings) for c in cases]
    return {"cases": results, "overall": _overall(results)}


def _overall(results: list[dict[str, Any]]) -> dict[str, Any]:
    truth = sum(r["gaps"]["true_gaps_labelled"] for r in results)
    predicted = sum(r["gaps"]["true_gaps_predicted"] for r in results)
    hits = sum(
        round(r["gaps"]["true_gap_recall"] * r["gaps"]["true_gaps_labelled"]) for r in results
    )
    caught = sum(r["audit_probes"]["fabricated_caught"] for r in results)
    fabricated = sum(r["audit_probes"]["fabricated_total"] for r in results)
    false_pos = sum(r["audit_probes"]["clean_flagged"] for r in results)
    clean = sum(r["audit_probes"]["clean_total"] for r in results)
    return {
        "true_gap_recall": hits / truth if truth else 1.0,
        "true_gap_precision": hits / predicted if predicted else 1.0,
        "audit_recall": caught / fabricated if fabricated else 1.0,
        "audit_false_positive_rate": false_pos / clean if clean else 0.0,
        "invented_numbers": sum(len(r["resume"]["invented_numbers"]) for r in results),
        "min_cited_share": min((r["resume"]["cited_share"] for r in results), default=0),
        "injection_leaks": sum(len(r["resume"]["injection_leaks"]) for r in results),
        "max_seconds": max((r["seconds"] for r in results), default=0),
    }


def format_table(report: dict[str, Any]) -> str:
    rows = ["case | state | gap R/P | term gaps | audit caught | clean FP | cited | must | kw | s"]
    rows.append("---|---|---|---|---|---|---|---|---|---")
    for r in report["cases"]:
        g, a, res = r["gaps"], r["audit_probes"], r["resume"]
        rows.append(
            f"{r['case']} | {r['final_state']} | {g['true_gap_recall']:.2f}/"
            f"{g['true_gap_precision']:.2f} | {g['terminology_gaps_supported']} | "
            f"{a['fabricated_caught']}/{a['fabricated_total']} | "
            f"{a['clean_flagged']}/{a['clean_total']} | {res['cited_share']:.0%} | "
            f"{res['must_have_coverage']} | {res['keyword_coverage']} | {r['seconds']}"
        )
    o = report["overall"]
    rows.append("")
    rows.append(
        f"overall: true-gap recall {o['true_gap_recall']:.2f}, precision "
        f"{o['true_gap_precision']:.2f}; audit recall {o['audit_recall']:.2f}, false positives "
        f"{o['audit_false_positive_rate']:.2f}; invented numbers {o['invented_numbers']}; "
        f"min cited share {o['min_cited_share']:.0%}; injection leaks {o['injection_leaks']}; "
        f"max {o['max_seconds']} s/case"
    )
    return "\n".join(rows) + "\n"
