"""Run every labelled case under a folder through the index, per mode, and score it.

Each case: parse fact_resume.md into cards, index them in a real (temporary) LanceDB folder, and
search with every requirement's text exactly as labelled. Scoring is in evaluate.py.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from pydantic import BaseModel, Field, ValidationError

from core.contracts import ParsedResume
from core.errors import InputError
from core.evaluation.retrieval_metrics import (
    LabelledRequirement,
    ModeSummary,
    RequirementScore,
    contains,
    score_requirement,
    summarize,
)
from core.evaluation.splits import split_of
from core.retrieval.embedder import Embedder
from core.retrieval.index import EvidenceIndex
from core.retrieval.search import MODES
from core.settings import RetrievalSettings

FETCH = 10  # hits fetched per requirement: enough for recall@10 and MRR@10
TARGET_LIFT = 1.10
TARGET_GAP_SHARE = 2 / 3

Parse = Callable[[bytes, str], ParsedResume]


class CaseReport(BaseModel):
    case: str
    split: str = Field("tuning", description="tuning or held-back (core/evaluation/splits.py)")
    cards: int
    unlocated_quotes: list[str] = Field(
        default_factory=list, description="Labelled quotes no card contains (parser splits)"
    )
    summaries: dict[str, ModeSummary] = Field(default_factory=dict)
    scores: list[RequirementScore] = Field(default_factory=list)


class Targets(BaseModel):
    hybrid_ndcg: float
    best_single_ndcg: float
    lift: float = Field(..., description="hybrid nDCG / max(bm25, vector) nDCG")
    lift_met: bool
    terminology_gaps_found: int
    terminology_gaps: int
    terminology_met: bool


class RetrievalEvalReport(BaseModel):
    cases_dir: str
    k: int
    modes: list[str]
    embedder: str
    cases: list[CaseReport] = Field(default_factory=list)
    overall: dict[str, ModeSummary] = Field(default_factory=dict)
    by_split: dict[str, dict[str, ModeSummary]] = Field(
        default_factory=dict, description="Per mode, the tuning and held-back cases apart"
    )
    targets: Targets | None = None


def evaluate_cases(
    cases_dir: Path,
    *,
    modes: Sequence[str],
    k: int,
    settings: RetrievalSettings,
    embedder: Embedder | None,
    parse: Parse,
    embedder_note: str = "",
) -> RetrievalEvalReport:
    unknown = [m for m in modes if m not in MODES]
    if unknown:
        raise InputError(f"Unknown mode(s) {', '.join(unknown)}: use {', '.join(MODES)}.")
    folders = sorted(p for p in Path(cases_dir).iterdir() if (p / "labels.json").is_file())
    if not folders:
        raise InputError(f"No labelled cases (folders with labels.json) under {cases_dir}.")
    report = RetrievalEvalReport(
        cases_dir=str(cases_dir),
        k=k,
        modes=list(modes),
        embedder=embedder.name if embedder else f"none ({embedder_note or 'not loaded'})",
    )
    with tempfile.TemporaryDirectory(prefix="rf-eval-") as work:
        for folder in folders:
            index = EvidenceIndex.open(
                Path(work) / folder.name, embedder=embedder, settings=settings
            )
            report.cases.append(_run_case(folder, index, modes=modes, k=k, parse=parse))
    for mode in modes:
        everything = [s for case in report.cases for s in case.scores if s.requested_mode == mode]
        report.overall[mode] = summarize(mode, everything)
        for split in sorted({c.split for c in report.cases}):
            scores = [
                s
                for case in report.cases
                if case.split == split
                for s in case.scores
                if s.requested_mode == mode
            ]
            report.by_split.setdefault(split, {})[mode] = summarize(mode, scores)
    report.targets = _targets(report.overall)
    return report


def _run_case(
    folder: Path, index: EvidenceIndex, *, modes: Sequence[str], k: int, parse: Parse
) -> CaseReport:
    requirements = _load_requirements(folder)
    resume_path = folder / "fact_resume.md"
    resume = parse(resume_path.read_bytes(), resume_path.name)
    index.build(resume.cards, content_hash=resume.content_hash)
    card_texts = [c.raw_text for c in index.cards]
    quotes = {q.quote for r in requirements for q in r.evidence}
    report = CaseReport(
        case=folder.name,
        split=split_of(folder.name),
        cards=len(card_texts),
        unlocated_quotes=sorted(q for q in quotes if not any(contains(t, q) for t in card_texts)),
    )
    labelled = [r for r in requirements if r.evidence]
    for mode in modes:
        scored: list[RequirementScore] = []
        for req in labelled:
            ranking = index.search(req.text, k=FETCH, mode=mode)
            hit_texts = [hit.text for hit in ranking.results]
            scored.append(
                score_requirement(
                    folder.name,
                    req,
                    hit_texts=hit_texts,
                    card_texts=card_texts,
                    requested_mode=mode,
                    mode=ranking.mode,
                    k=k,
                )
            )
        report.summaries[mode] = summarize(mode, scored)
        report.scores.extend(scored)
    return report


def _load_requirements(folder: Path) -> list[LabelledRequirement]:
    path = folder / "labels.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return [LabelledRequirement.model_validate(r) for r in data["requirements"]]
    except (OSError, ValueError, KeyError, TypeError, ValidationError) as err:
        raise InputError(
            f"{path} is not a valid labels file ({type(err).__name__}: {err}). "
            "See the eval README for the format."
        ) from None


def _targets(overall: dict[str, ModeSummary]) -> Targets | None:
    if not {"bm25", "vector", "hybrid"} <= overall.keys():
        return None
    hybrid = overall["hybrid"]
    best = max(overall["bm25"].ndcg, overall["vector"].ndcg)
    lift = hybrid.ndcg / best if best > 0 else 0.0
    gaps, found = hybrid.terminology_gaps, hybrid.terminology_gaps_found_at_5
    return Targets(
        hybrid_ndcg=hybrid.ndcg,
        best_single_ndcg=best,
        lift=round(lift, 4),
        lift_met=lift >= TARGET_LIFT and hybrid.ran == ["hybrid"],
        terminology_gaps_found=found,
        terminology_gaps=gaps,
        terminology_met=gaps > 0 and found >= TARGET_GAP_SHARE * gaps,
    )


def format_report(report: RetrievalEvalReport) -> str:
    """The report as a plain-text table: overall per mode, then per case."""
    head = f"{'mode (ran)':<24}{'req':>5}{'R@5':>8}{'R@10':>8}{f'nDCG@{report.k}':>9}{'MRR':>8}"
    head += f"{'term-gap@5':>12}"
    lines = [f"Retrieval eval on {report.cases_dir} · embedder: {report.embedder}", ""]
    sections = [("overall", report.overall)]
    sections += [(f"{name} cases", summaries) for name, summaries in report.by_split.items()]
    sections += [(f"{c.case} ({c.split})", c.summaries) for c in report.cases]
    for title, summaries in sections:
        lines += [title, head]
        for mode, s in summaries.items():
            ran = ",".join(s.ran)
            label = mode if ran == mode else f"{mode} ({ran})"
            gaps = f"{s.terminology_gaps_found_at_5}/{s.terminology_gaps}"
            lines.append(
                f"{label:<24}{s.requirements:>5}{s.recall_at_5:>8.3f}{s.recall_at_10:>8.3f}"
                f"{s.ndcg:>9.3f}{s.mrr:>8.3f}{gaps:>12}"
            )
        lines.append("")
    for case in report.cases:
        if case.unlocated_quotes:
            lines.append(f"{case.case}: {len(case.unlocated_quotes)} labelled quote(s) in no card")
    lines += _lift_lines(report)
    if report.targets:
        t = report.targets
        lines += [
            "",
            f"target: hybrid nDCG@{report.k} {t.hybrid_ndcg:.3f} = {t.lift:.2f} x best single "
            f"({t.best_single_ndcg:.3f}); needs >= {TARGET_LIFT:.2f}: "
            f"{'met' if t.lift_met else 'NOT met'}",
            f"target: terminology gaps found at rank <= 5 in hybrid: {t.terminology_gaps_found}/"
            f"{t.terminology_gaps}; needs >= 2/3: {'met' if t.terminology_met else 'NOT met'}",
        ]
    return "\n".join(lines) + "\n"


def _lift_lines(report: RetrievalEvalReport) -> list[str]:
    """Per case: hybrid nDCG over the best single mode, and whether hybrid is worse."""
    if not {"bm25", "vector", "hybrid"} <= set(report.modes):
        return []
    lines = ["", "hybrid vs the best single mode, per case (nDCG)"]
    for case in report.cases:
        s = case.summaries
        best = max(s["bm25"].ndcg, s["vector"].ndcg)
        lift = s["hybrid"].ndcg / best if best > 0 else 0.0
        flag = "  worse than best single" if s["hybrid"].ndcg < best else ""
        lines.append(f"{case.case:<46}{case.split:>10}{lift:>7.2f}x{flag}")
    return lines
