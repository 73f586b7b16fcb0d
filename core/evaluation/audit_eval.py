"""`resumeforge eval audit`: the truth audit on every case's `audit_probes.json`, by split.

Fast (no pipeline run): each case is scored by `core.evaluation.audit_probes.score_audit_probes`,
then the counts are pooled per split (tuning / held-back, `core.evaluation.splits`) and per
falsehood type. Every clean probe the audit flags is listed under the rule (violation type)
that blocked it, with the finding's own words, so each false alarm can be read; every missed
fabricated probe is listed with its label.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from core.evaluation.splits import READ_PROBES, split_of

SPLITS = ("tuning", "held-back")
# Tuning cases that were held back until their misses were read: shown apart as well.
READ = "tuning, held back until read"


def _cases(cases_dir: Path) -> list[Path]:
    return sorted(p for p in Path(cases_dir).iterdir() if (p / "audit_probes.json").exists())


def _blocking_rules(detail: dict[str, Any]) -> list[dict[str, str]]:
    return [v for v in detail["violations"] if v["severity"] == "BLOCKER"]


def summarise_split(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Pooled counts of some cases' probe scores, per type, false alarms by rule, misses."""
    per_type: dict[str, dict[str, int]] = {}
    per_evasion: dict[str, dict[str, int]] = {}
    false_alarms: dict[str, list[dict[str, str]]] = {}
    misses: list[dict[str, str]] = []
    for result in results:
        for kind, row in result["per_type"].items():
            pooled = per_type.setdefault(kind, {"caught": 0, "total": 0, "type_matched": 0})
            for key in pooled:
                pooled[key] += row[key]
        for evasion, row in result.get("per_evasion", {}).items():
            pooled = per_evasion.setdefault(evasion, {"caught": 0, "total": 0})
            for key in pooled:
                pooled[key] += row[key]
        for d in result["details"]:
            if d["kind"] == "clean" and d["flagged"]:
                for v in _blocking_rules(d):
                    false_alarms.setdefault(v["type"], []).append(
                        {"case": result["case"], "bullet": d["bullet"], "detail": v["detail"]}
                    )
            elif d["kind"] == "fabricated" and not d["flagged"]:
                misses.append(
                    {
                        "case": result["case"],
                        "type": d["type"],
                        "evasion": d.get("evasion", ""),
                        "bullet": d["bullet"],
                        "label": d["label_detail"],
                    }
                )
    caught = sum(r["fabricated_caught"] for r in results)
    total = sum(r["fabricated_total"] for r in results)
    flagged = sum(r["clean_flagged"] for r in results)
    clean = sum(r["clean_total"] for r in results)
    return {
        "cases": [r["case"] for r in results],
        "fabricated_caught": caught,
        "fabricated_total": total,
        "recall": caught / total if total else 1.0,
        "clean_flagged": flagged,
        "clean_total": clean,
        "false_positive_rate": flagged / clean if clean else 0.0,
        "per_type": dict(sorted(per_type.items())),
        "per_evasion": dict(sorted(per_evasion.items())),
        "false_alarms_by_rule": dict(sorted(false_alarms.items())),
        "misses": misses,
    }


def summarise_by_split(results: list[dict[str, Any]]) -> dict[str, Any]:
    """`summarise_split` for each split and for all cases together."""
    groups = {s: [r for r in results if split_of(r["case"]) == s] for s in SPLITS}
    read = [r for r in results if r["case"] in READ_PROBES]
    if read:
        groups[READ] = read
    return {**{s: summarise_split(rs) for s, rs in groups.items()}, "all": summarise_split(results)}


def evaluate_audit_probes(cases_dir: Path) -> dict[str, Any]:
    from core.evaluation.audit_probes import score_audit_probes

    results = [score_audit_probes(case) for case in _cases(cases_dir)]
    return {"cases": results, "by_split": summarise_by_split(results)}


def _split_lines(name: str, s: dict[str, Any]) -> list[str]:
    lines = [
        f"## {name} ({len(s['cases'])} cases): fabricated caught {s['fabricated_caught']}/"
        f"{s['fabricated_total']} ({s['recall']:.1%}); clean flagged {s['clean_flagged']}/"
        f"{s['clean_total']} ({s['false_positive_rate']:.1%})",
        "type | caught | total | share | right type",
        "---|---|---|---|---",
    ]
    for kind, row in s["per_type"].items():
        share = row["caught"] / row["total"] if row["total"] else 1.0
        lines.append(
            f"{kind} | {row['caught']} | {row['total']} | {share:.0%} | {row['type_matched']}"
        )
    if s["per_evasion"]:
        lines += ["evasion | caught | total | share", "---|---|---|---"]
        for evasion, row in s["per_evasion"].items():
            share = row["caught"] / row["total"] if row["total"] else 1.0
            lines.append(f"{evasion} | {row['caught']} | {row['total']} | {share:.0%}")
    for rule, alarms in s["false_alarms_by_rule"].items():
        lines.append(f"false alarms by {rule}:")
        lines += [f"  - [{a['case']}] {a['bullet']} -- {a['detail']}" for a in alarms]
    if s["misses"]:
        lines.append("missed:")
        lines += [f"  - [{m['case']}] ({m['type']}) {m['bullet']}" for m in s["misses"]]
    return lines


def format_probe_report(report: dict[str, Any]) -> str:
    rows = ["case | split | caught | clean flagged", "---|---|---|---"]
    for r in report["cases"]:
        rows.append(
            f"{r['case']} | {split_of(r['case'])} | {r['fabricated_caught']}/"
            f"{r['fabricated_total']} | {r['clean_flagged']}/{r['clean_total']}"
        )
    for name in (*SPLITS, READ, "all"):
        if name in report["by_split"]:
            rows += ["", *_split_lines(name, report["by_split"][name])]
    return "\n".join(rows) + "\n"
