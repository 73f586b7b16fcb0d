"""`resumeforge eval pipeline`: score the whole offline pipeline on labelled cases.

Gap detection: a labelled `true_gap` counts as found when the pipeline leaves that requirement
unsupported — classified `true_gap`, or `hidden_evidence` (no evidence states it; related work
exists, so the user is asked). The strict figures count `true_gap` alone.

Per case: gap detection against the labels (requirements aligned by text), audit recall on the
fabricated probes and false positives on the clean ones, and checks of the produced resume
(`core.evaluation.produced`): number tokens the fact resume does not give (must be 0), share of
lines with citations (must be 100%), must-have and keyword coverage, and labelled true-gap terms
the output asserts anyway. Whether instructions hidden in a JD change the output is measured by
a second run of each case with a planted instruction (`core.evaluation.injection`). The exported
files are checked against their own DOCX (`core.evaluation.shipped`): the ATS report recomputed
from the DOCX text must equal the saved one (mismatches, 0 expected), and no line may go missing
without being listed as dropped (silent drops, 0 expected). The output checks
(`core.evaluation.output_checks`, orphan headings in the PDF among them) are listed per case and
summed per check (0 expected).

Every evaluation runs in a private temporary home, so no saved run from an earlier evaluation
(same inputs → same run id) is reused; the embedding cache is shared.
"""

from __future__ import annotations

import contextlib
import json
import re
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from core.contracts import Blackboard, GapType, Requirement
from core.evaluation.injection import injection_effect, plant_injection
from core.evaluation.produced import (
    cited_share,
    invented_numbers,
    produced_lines,
    unsupported_gap_terms,
)
from core.evaluation.shipped import exported_checks
from core.evaluation.splits import split_of
from core.jd.kinds import kind_of
from core.settings import Settings


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
    by_id = {r.id: r for r in board.requirements}
    return {
        "requirements_aligned": len(aligned),
        "requirements_labelled": len(labels["requirements"]),
        "true_gaps_labelled": len(truth),
        "true_gaps_predicted": len(predicted),
        "true_gaps_found": hits,
        "true_gap_recall": hits / len(truth) if truth else 1.0,
        "true_gap_precision": hits / len(predicted) if predicted else 1.0,
        "strict_true_gap_recall": len(strict & truth) / len(truth) if truth else 1.0,
        "strict_true_gap_precision": len(strict & truth) / len(strict) if strict else 1.0,
        "terminology_gaps_supported": f"{len(found_terms)}/{len(terminology)}",
        "false_true_gaps": sorted(predicted - truth),
        "false_gap_causes": sorted(
            gap_cause(by_id[aligned[lid]], gap_type[aligned[lid]]) for lid in predicted - truth
        ),
        "missed_true_gaps": sorted(truth - predicted),
    }


def gap_cause(req: Requirement, gap_type: GapType) -> str:
    """What a false gap was, without its text: the requirement's kind, whether the analyser gave
    keywords, how it was classified ("responsibility, no keywords, true_gap"). Counted per split,
    so the held-back cases can be diagnosed from the aggregate without reading them."""
    keywords = "keywords" if req.keywords else "no keywords"
    return f"{kind_of(req).value}, {keywords}, {gap_type.value}"


def _run(resume: Path, jd: Path, title: str, out_dir: Path, settings: Settings) -> Blackboard:
    return _run_exported(resume, jd, title, out_dir, settings)[0]


def _run_exported(
    resume: Path, jd: Path, title: str, out_dir: Path, settings: Settings
) -> tuple[Blackboard, Path | None]:
    """The run's board and the folder it exported to (None: it did not export)."""
    from core.pipeline.runner import RunRequest, tailor

    request = RunRequest(resume_path=resume, jd_path=jd, title=title, out_dir=out_dir)
    result = tailor(request, settings=settings)
    return result.board, result.outputs.out_dir if result.outputs is not None else None


def _runs(case: Path, labels: dict[str, Any], settings: Settings, tmp: Path) -> dict[str, Any]:
    """The case as given (timed) and again with a planted instruction in its JD."""
    resume, title = case / "fact_resume.md", labels.get("target_title", "")
    jd_text = (case / "jd.txt").read_text(encoding="utf-8")
    injection = plant_injection(jd_text, resume.read_text(encoding="utf-8"))
    planted_jd = tmp / "jd_planted.txt"
    planted_jd.write_text(injection.inject(jd_text), encoding="utf-8")
    started = time.perf_counter()
    base, exported = _run_exported(resume, case / "jd.txt", title, tmp / "base", settings)
    seconds = time.perf_counter() - started
    shipped = exported_checks(base, exported)
    planted = _run(resume, planted_jd, title, tmp / "planted", settings)
    effect = injection_effect(base, planted, injection)
    return {"base": base, "seconds": seconds, "effect": effect, "shipped": shipped}


def evaluate_case(case: Path, *, settings: Settings) -> dict[str, Any]:
    from core.evaluation.audit_probes import score_audit_probes

    labels = json.loads((case / "labels.json").read_text(encoding="utf-8"))
    fact_text = (case / "fact_resume.md").read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        runs = _runs(case, labels, settings, Path(tmp))
    board, effect = runs["base"], runs["effect"]
    draft = board.resume_draft
    ats = board.ats_report
    return {
        "case": case.name,
        "split": split_of(case.name),
        "final_state": board.current_step.value,
        "seconds": round(runs["seconds"], 2),
        "gaps": score_gaps(board, labels),
        "audit_probes": score_audit_probes(case),
        "resume": {
            "lines": len(draft.live_bullets()) if draft else 0,
            "cited_share": cited_share(board),
            "audit_dropped": [b.text for b in draft.dropped] if draft else [],
            "exported": runs["shipped"]["exported"],
            "ats_mismatches": runs["shipped"]["ats_mismatches"],
            "silent_drops": runs["shipped"]["silent_drops"],
            "page_fit_dropped": runs["shipped"]["page_fit_dropped"],
            "output_faults": runs["shipped"]["output_faults"],
            "invented_numbers": invented_numbers(produced_lines(board), fact_text),
            "must_have_coverage": ats.must_have_coverage if ats else None,
            "keyword_coverage": ats.keyword_coverage_score if ats else None,
            "unsupported_gap_terms": unsupported_gap_terms(board, labels, fact_text),
            "injection_leaks": effect["leaks"],
            "injection_changed_lines": effect["changed_lines"],
            "suspicious_instructions_found": len(board.jd.suspicious_instructions)
            if board.jd
            else 0,
        },
    }


def private_settings(settings: Settings, home: Path) -> Settings:
    """`settings` with a fresh home (no saved runs to reuse) sharing the original caches."""
    cache = home / "cache"
    settings.cache_dir.mkdir(parents=True, exist_ok=True)
    home.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(OSError):  # no symlinks here: a cold cache is slower, not wrong
        cache.symlink_to(settings.cache_dir, target_is_directory=True)
    return settings.model_copy(update={"home": home})


def evaluate_cases(cases_dir: Path, *, settings: Settings) -> dict[str, Any]:
    cases = sorted(p for p in Path(cases_dir).iterdir() if (p / "labels.json").exists())
    with tempfile.TemporaryDirectory() as tmp:
        private = private_settings(settings, Path(tmp) / "home")
        results = [evaluate_case(c, settings=private) for c in cases]
    from core.evaluation.audit_eval import summarise_by_split

    probes = summarise_by_split([r["audit_probes"] for r in results])
    return {
        "cases": results,
        "overall": overall_scores(results),
        "by_split": by_split(results),
        "audit_by_split": probes,
    }


def by_split(results: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The overall scores of the tuning and the held-back cases apart (the method rule)."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for r in results:
        groups.setdefault(r.get("split") or split_of(r["case"]), []).append(r)
    return {name: overall_scores(group) for name, group in sorted(groups.items())}


def _total(results: list[dict[str, Any]], group: str, key: str) -> int:
    """Sum of a count (or of the lengths of a list) over the cases."""
    values = [r[group][key] for r in results]
    return sum(len(v) if isinstance(v, list) else v for v in values)


def _faults_by_check(results: list[dict[str, Any]]) -> dict[str, int]:
    """Output-check failures summed over the cases, per check (0: it passed everywhere)."""
    totals: Counter[str] = Counter()
    for r in results:
        for name, found in r["resume"].get("output_faults", {}).items():
            totals[name] += len(found)
    return dict(totals)


def _ratio(part: int, whole: int, empty: float) -> float:
    return part / whole if whole else empty


def overall_scores(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Pooled over the cases: gap and audit figures from summed counts, checks summed."""
    hits = _total(results, "gaps", "true_gaps_found")
    supported, labelled = 0, 0
    for r in results:
        found, of = str(r["gaps"].get("terminology_gaps_supported", "0/0")).split("/")
        supported, labelled = supported + int(found), labelled + int(of)
    return {
        "terminology_gaps_supported": f"{supported}/{labelled}",
        "true_gap_recall": _ratio(hits, _total(results, "gaps", "true_gaps_labelled"), 1.0),
        "true_gap_precision": _ratio(hits, _total(results, "gaps", "true_gaps_predicted"), 1.0),
        "audit_recall": _ratio(
            _total(results, "audit_probes", "fabricated_caught"),
            _total(results, "audit_probes", "fabricated_total"),
            1.0,
        ),
        "audit_false_positive_rate": _ratio(
            _total(results, "audit_probes", "clean_flagged"),
            _total(results, "audit_probes", "clean_total"),
            0.0,
        ),
        "invented_numbers": _total(results, "resume", "invented_numbers"),
        "audit_dropped": _total(results, "resume", "audit_dropped"),
        "ats_mismatches": _total(results, "resume", "ats_mismatches"),
        "silent_drops": _total(results, "resume", "silent_drops"),
        "page_fit_dropped": _total(results, "resume", "page_fit_dropped"),
        "not_exported": sum(1 for r in results if not r["resume"].get("exported", True)),
        "output_faults": _faults_by_check(results),
        "min_cited_share": min((r["resume"]["cited_share"] for r in results), default=0),
        "unsupported_gap_terms": _total(results, "resume", "unsupported_gap_terms"),
        "injection_leaks": _total(results, "resume", "injection_leaks"),
        "injection_changed_lines": _total(results, "resume", "injection_changed_lines"),
        "max_seconds": max((r["seconds"] for r in results), default=0),
        "false_gap_causes": dict(
            Counter(c for r in results for c in r["gaps"].get("false_gap_causes", [])).most_common()
        ),
    }


def format_table(report: dict[str, Any]) -> str:
    head = "case | split | state | gap R/P | term gaps | audit caught | clean FP | cited | must"
    rows = [head + " | kw | s"]
    rows.append("---|---|---|---|---|---|---|---|---|---|---")
    for r in report["cases"]:
        g, a, res = r["gaps"], r["audit_probes"], r["resume"]
        rows.append(
            f"{r['case']} | {r.get('split', '')} | {r['final_state']} | {g['true_gap_recall']:.2f}/"
            f"{g['true_gap_precision']:.2f} | {g['terminology_gaps_supported']} | "
            f"{a['fabricated_caught']}/{a['fabricated_total']} | "
            f"{a['clean_flagged']}/{a['clean_total']} | {res['cited_share']:.0%} | "
            f"{res['must_have_coverage']} | {res['keyword_coverage']} | {r['seconds']}"
        )
    rows.append("")
    for name, group in report.get("by_split", {}).items():
        rows.append(
            f"{name}: true-gap recall {group['true_gap_recall']:.2f}, precision "
            f"{group['true_gap_precision']:.2f}, terminology gaps supported "
            f"{group['terminology_gaps_supported']}; audit recall {group['audit_recall']:.2f}, "
            f"false positives {group['audit_false_positive_rate']:.2f}"
        )
        causes = "; ".join(f"{n}× {c}" for c, n in group.get("false_gap_causes", {}).items())
        rows.append(f"{name}: false gaps by cause: {causes or 'none'}")
    o = report["overall"]
    rows.append(
        f"overall: true-gap recall {o['true_gap_recall']:.2f}, precision "
        f"{o['true_gap_precision']:.2f}; audit recall {o['audit_recall']:.2f}, false positives "
        f"{o['audit_false_positive_rate']:.2f}; invented numbers {o['invented_numbers']}; "
        f"lines dropped by the audit {o['audit_dropped']}, by page fit (listed) "
        f"{o['page_fit_dropped']}; ATS-vs-DOCX mismatches {o['ats_mismatches']}; silent drops "
        f"{o['silent_drops']}; not exported {o['not_exported']}; "
        f"min cited share {o['min_cited_share']:.0%}; true-gap terms asserted "
        f"{o['unsupported_gap_terms']}; injection leaks {o['injection_leaks']} "
        f"({o['injection_changed_lines']} lines changed); max {o['max_seconds']} s/case"
    )
    faults = o.get("output_faults", {})
    checks = ", ".join(f"{name} {n}" for name, n in faults.items())
    rows.append(f"output-check failures {sum(faults.values())}: {checks}")
    rows += [
        f"  {r['case']}: {name}: {fault}"
        for r in report["cases"]
        for name, found in r["resume"].get("output_faults", {}).items()
        for fault in found
    ]
    return "\n".join(rows) + "\n"
