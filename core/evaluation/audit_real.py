"""False alarms of the truth audit on real resumes (`eval audit --cases ../shared/eval/real`).

The real resume/job pairs (`pairs.json`) carry no audit probes, but they give an out-of-sample
count of false alarms: each pair is parsed, written by the offline engine (extractive, so every
line is the resume's own words) and audited, straight through; every line the audit blocks is
a truthful line refused. The audit's rules were never chosen by reading these files.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from core.contracts import Blackboard, Inputs
from core.errors import InputError


def straight_board(resume_path: Path, jd_path: Path) -> Blackboard:
    """Parse → write (offline) → audit, straight through, on a board: real resumes may not pass
    the completeness gate, and what is measured here does not depend on it."""
    from core.audit import audit_draft
    from core.ingest import parse_resume
    from core.jd.analyze import analyze_jd
    from core.writer import write_draft

    resume = parse_resume(resume_path.read_bytes(), resume_path.name)
    jd_text = jd_path.read_text(encoding="utf-8", errors="replace")
    jd = analyze_jd(jd_text)
    draft = write_draft(
        cards=resume.cards,
        roles=resume.roles,
        requirements=jd.requirements,
        evidence_map=[],
        gaps=[],
        keywords=jd.all_terms(),
        target_title="",
        max_pages=2,
    ).draft
    board = Blackboard(
        run_id="real",
        inputs=Inputs(job_description=jd_text),
        resume=resume,
        jd=jd,
        resume_draft=draft,
    )
    board.audit_report = audit_draft(draft, cards=resume.cards, roles=resume.roles)
    return board


def _pair(real_dir: Path, pair: dict[str, Any]) -> dict[str, Any]:
    board = straight_board(real_dir / pair["resume"], real_dir / pair["jd"])
    verdicts = board.audit_report.verdicts if board.audit_report else []
    blocked = [
        {
            "line": v.bullet_text,
            "rules": sorted({x.type.value for x in v.violations if x.severity.value == "BLOCKER"}),
            "details": [x.violation for x in v.violations if x.severity.value == "BLOCKER"],
        }
        for v in verdicts
        if not v.supported
    ]
    return {"pair": pair.get("id", ""), "lines": len(verdicts), "blocked": blocked}


def evaluate_real_pairs(real_dir: Path) -> dict[str, Any]:
    try:
        pairs = json.loads((real_dir / "pairs.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise InputError(f"{real_dir}: could not read pairs.json ({err}).") from None
    rows = [_pair(real_dir, p) for p in pairs if isinstance(p, dict)]
    return {
        "pairs": rows,
        "lines": sum(r["lines"] for r in rows),
        "blocked": sum(len(r["blocked"]) for r in rows),
    }


def format_real_report(report: dict[str, Any]) -> str:
    rows = ["pair | lines | blocked (truthful lines refused)", "---|---|---"]
    rows += [f"{r['pair']} | {r['lines']} | {len(r['blocked'])}" for r in report["pairs"]]
    rows.append(f"\nall pairs: {report['blocked']} of {report['lines']} lines blocked")
    for r in report["pairs"]:
        for b in r["blocked"]:
            rows.append(f"  - [{r['pair']}] {b['line']} -- {'; '.join(b['details'])}")
    return "\n".join(rows) + "\n"
