"""`eval jd`: score the JD analyser on labelled cases, per case and per split.

Two label formats are read:
- dev cases (`<cases>/<case>/jd.txt` + `labels.json` with `requirements`, `jd_keywords`,
  `target_title`);
- real postings (`<cases>/labels/jds.json`, one object per posting with `file`, `title`,
  `requirements`, `keywords`, `boilerplate_examples`).

The analyser runs without the target title (as a user who pastes only the ad), so the title is
scored too. Per-case scoring lives in `core.evaluation.jd_scoring`; this module finds the cases,
runs them and sums them up into tuning and held-back groups (`core.evaluation.splits`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.errors import InputError
from core.evaluation.jd_damage import DAMAGES
from core.evaluation.jd_scoring import score_posting
from core.evaluation.postings import held_back_postings, load_postings, posting_labels
from core.evaluation.splits import split_of
from core.ingest import read_path
from core.jd import analyze_jd

SUMMED = (
    ("requirement_recall", "requirements", "matched_count", "labelled"),
    ("priority_accuracy", "requirements", "priority_hits", "matched_count"),
    ("keyword_recall", "keywords", "found_count", "labelled"),
    ("keyword_recall_either_tier", "keywords", "either_count", "labelled"),
    ("keyword_precision", "keywords", "useful_count", "extracted"),
)


@dataclass(frozen=True)
class LabelledJD:
    name: str
    path: Path
    labels: dict[str, Any]
    # a corpus posting: its text as published, its split and its format / occupation
    text: str | None = None
    split: str | None = None
    facets: tuple[tuple[str, str], ...] = ()


def find_cases(cases: Path, labels: Path | None = None) -> list[LabelledJD]:
    """The labelled postings under `cases` (a dev or a real folder, or the postings corpus with
    a label file of ours, `labels`). None: InputError."""
    if labels is not None:
        return _corpus_cases(cases, labels)
    real = cases / "labels" / "jds.json"
    if real.is_file():
        entries = json.loads(real.read_text(encoding="utf-8"))
        return [
            LabelledJD(Path(e["file"]).stem, cases / e["file"], _real_labels(e)) for e in entries
        ]
    found = (
        [
            LabelledJD(d.name, d / "jd.txt", json.loads((d / "labels.json").read_text("utf-8")))
            for d in sorted(p for p in cases.iterdir() if p.is_dir())
            if (d / "jd.txt").is_file() and (d / "labels.json").is_file()
        ]
        if cases.is_dir()
        else []
    )
    if not found:
        raise InputError(
            f"No labelled job ads under {cases}: expected <case>/jd.txt + labels.json folders "
            "or labels/jds.json."
        )
    return found


def _corpus_cases(folder: Path, labels: Path) -> list[LabelledJD]:
    if not labels.is_file():
        raise InputError(f"--labels {labels}: no such file")
    postings = load_postings(folder)
    held = held_back_postings(labels)
    found = []
    for entry in json.loads(labels.read_text(encoding="utf-8")):
        posting = postings.get(entry["id"])
        if posting is None:
            raise InputError(f"{labels}: posting {entry['id']} is not in {folder}")
        found.append(
            LabelledJD(
                entry["id"],
                folder / "postings.jsonl",
                posting_labels(entry, posting),
                text=posting["text"],
                split="held-back" if entry["id"] in held else "tuning",
                facets=(("format", posting["format"]), ("occupation", posting["occupation"])),
            )
        )
    if not found:
        raise InputError(f"{labels}: no labelled postings")
    return found


def _real_labels(entry: dict[str, Any]) -> dict[str, Any]:
    return {
        "case": Path(entry["file"]).stem,
        "target_title": entry.get("title", ""),
        "requirements": [
            {"id": f"r{i}", **req} for i, req in enumerate(entry.get("requirements", []), 1)
        ],
        "jd_keywords": entry.get("keywords", []),
        "boilerplate_examples": entry.get("boilerplate_examples", []),
    }


def score_case(
    case: LabelledJD,
    *,
    embedder: Any | None = None,
    damage: Callable[[str], str] | None = None,
) -> dict[str, Any]:
    """Analyse one posting (its text first passed through `damage`, if given) and score it."""
    text = case.text if case.text is not None else read_path(case.path).text
    if damage is not None:
        text = damage(text)
    analysis = analyze_jd(text, embedder=embedder)
    scored = score_posting(analysis, case.labels)
    scored["case"] = case.name
    scored["split"] = case.split or split_of(case.name)
    scored["facets"] = dict(case.facets)
    return scored


def summarise(scores: list[dict[str, Any]]) -> dict[str, Any]:
    """Micro-averaged metrics over a group of case scores."""
    out: dict[str, Any] = {"cases": len(scores)}
    for name, part, hits, total in SUMMED:
        num = sum(s[part][hits] for s in scores)
        den = sum(s[part][total] for s in scores)
        out[name] = round(num / den, 4) if den else None
    out["min_case_keyword_recall"] = min((s["keywords"]["recall"] for s in scores), default=None)
    out["boilerplate_as_requirements"] = sum(s["boilerplate"]["as_requirements"] for s in scores)
    titled = [s for s in scores if s["title"]["labelled"]]  # an ad that states no title: not scored
    out["title_right"] = (
        round(sum(s["title"]["right"] for s in titled) / len(titled), 4) if titled else None
    )
    out["few_requirements_warnings"] = sum(bool(s["warnings"]) for s in scores)
    return out


def evaluate_jds(
    cases: Path,
    *,
    embedder: Any | None = None,
    damaged: bool = False,
    labels: Path | None = None,
) -> dict[str, Any]:
    """Score every labelled posting under `cases`; group totals for tuning, held-back, all.

    `damaged` also re-reads every posting in each damaged form of `core.evaluation.jd_damage`
    and adds, per form, each case's requirement recall and boilerplate and the group totals."""
    found = find_cases(cases, labels)
    scores = [score_case(case, embedder=embedder) for case in found]
    result: dict[str, Any] = {"cases": scores, "summary": _groups(scores)}
    facets = sorted({item for s in scores for item in s["facets"].items()})
    if facets:
        result["by"] = {
            f"{key}={value}": summarise([s for s in scores if s["facets"].get(key) == value])
            for key, value in facets
        }
    if damaged:
        result["damaged"] = {}
        for form, damage in DAMAGES.items():
            hurt = [score_case(case, embedder=embedder, damage=damage) for case in found]
            result["damaged"][form] = {
                "cases": [_damaged_line(s) for s in hurt],
                "summary": _groups(hurt),
            }
    return result


def _groups(scores: list[dict[str, Any]]) -> dict[str, Any]:
    groups = {
        split: summarise([s for s in scores if s["split"] == split])
        for split in ("tuning", "held-back")
        if any(s["split"] == split for s in scores)
    }
    groups["all"] = summarise(scores)
    return groups


def _damaged_line(scored: dict[str, Any]) -> dict[str, Any]:
    req = scored["requirements"]
    return {
        "case": scored["case"],
        "split": scored["split"],
        "requirement_recall": req["recall"],
        "extracted": req["extracted"],
        "boilerplate_as_requirements": scored["boilerplate"]["as_requirements"],
        "missed": req["missed"],
    }


def format_report(result: dict[str, Any]) -> str:
    """A plain-text table: one line per case, then one per group."""
    lines = [
        f"{'case':44} {'split':9} {'req':>5} {'prio':>5} {'kw rec':>6} {'either':>6} "
        f"{'kw prec':>7} {'boiler':>6} {'title':>5}"
    ]
    for s in result["cases"]:
        r, k = s["requirements"], s["keywords"]
        lines.append(
            f"{s['case'][:44]:44} {s['split']:9} {r['recall']:5.2f} {r['priority_accuracy']:5.2f} "
            f"{k['recall']:6.2f} {k['recall_either_tier']:6.2f} {k['precision']:7.2f} "
            f"{s['boilerplate']['as_requirements']:6d} "
            f"{'yes' if s['title']['right'] else 'no':>5}"
        )
    lines.append("")
    for group, g in result["summary"].items():
        lines.append(
            f"{group:10} ({g['cases']} cases): requirement recall {_pct(g['requirement_recall'])}, "
            f"must/nice {_pct(g['priority_accuracy'])}, keywords found in the ATS tier "
            f"{_pct(g['keyword_recall'])} (lowest case {_pct(g['min_case_keyword_recall'])}), "
            f"in either tier {_pct(g['keyword_recall_either_tier'])}, "
            f"keyword precision {_pct(g['keyword_precision'])}, boilerplate as requirements "
            f"{g['boilerplate_as_requirements']}, title right {_pct(g['title_right'])}"
        )
    for facet, g in result.get("by", {}).items():
        lines.append(
            f"{facet[:28]:28} ({g['cases']:2} cases): requirement recall "
            f"{_pct(g['requirement_recall'])}, must/nice {_pct(g['priority_accuracy'])}, "
            f"boilerplate as requirements {g['boilerplate_as_requirements']}, "
            f"title right {_pct(g['title_right'])}"
        )
    for form, part in result.get("damaged", {}).items():
        lines.append("")
        lines.append(f"damaged paste: {form} (requirement recall per case)")
        cells = [f"{c['case'][:14]:14} {c['requirement_recall']:.2f}" for c in part["cases"]]
        lines += ["  " + " | ".join(cells[i : i + 5]) for i in range(0, len(cells), 5)]
        for group, g in part["summary"].items():
            lines.append(
                f"  {group:10} ({g['cases']} cases): requirement recall "
                f"{_pct(g['requirement_recall'])}, boilerplate as requirements "
                f"{g['boilerplate_as_requirements']}"
            )
    return "\n".join(lines)


def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.0%}"
