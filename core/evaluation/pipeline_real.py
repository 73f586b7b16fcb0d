"""`resumeforge eval pipeline --cases ../shared/eval/real`: what each real pair ships.

The real resume/job pairs (`pairs.json`) carry no gap labels, so only the checks of the exported
files run: each pair is parsed, written by the offline engine and audited straight through
(`audit_real.straight_board`: real resumes may not pass the completeness gate), exported, and
read back (`shipped.exported_checks`): ATS-vs-DOCX mismatches, silent drops and every output
check, orphan headings in the PDF among them. A resume with no text to read (a scan) is counted
apart, not as a pass.
"""

from __future__ import annotations

import json
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from core.errors import EvidenceParsingError, InputError


def _pair(real_dir: Path, pair: dict[str, Any], tmp: Path) -> dict[str, Any]:
    from core.evaluation.audit_real import straight_board
    from core.evaluation.shipped import exported_checks
    from core.pipeline.outputs import export_run

    name = str(pair.get("id", ""))
    try:
        board = straight_board(real_dir / pair["resume"], real_dir / pair["jd"])
    except EvidenceParsingError as err:
        return {"pair": name, "read": False, "reason": str(err)}
    out = export_run(board, out_dir=tmp / name, template="classic").out_dir
    return {"pair": name, "read": True, **exported_checks(board, out)}


def evaluate_real_exports(real_dir: Path) -> dict[str, Any]:
    try:
        pairs = json.loads((real_dir / "pairs.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise InputError(f"{real_dir}: could not read pairs.json ({err}).") from None
    with tempfile.TemporaryDirectory() as tmp:
        rows = [_pair(real_dir, p, Path(tmp)) for p in pairs if isinstance(p, dict)]
    read = [r for r in rows if r["read"]]
    faults: Counter[str] = Counter()
    for r in read:
        faults.update({name: len(found) for name, found in r["output_faults"].items()})
    return {
        "pairs": rows,
        "not_read": len(rows) - len(read),
        "ats_mismatches": sum(len(r["ats_mismatches"]) for r in read),
        "silent_drops": sum(len(r["silent_drops"]) for r in read),
        "page_fit_dropped": sum(r["page_fit_dropped"] for r in read),
        "output_faults": dict(faults),
    }


def format_real_exports(report: dict[str, Any]) -> str:
    rows = ["pair | ATS mismatches | silent drops | page fit dropped | output-check failures"]
    rows.append("---|---|---|---|---")
    for r in report["pairs"]:
        if not r["read"]:
            rows.append(f"{r['pair']} | not read: {r['reason']} | | |")
            continue
        failures = sum(len(found) for found in r["output_faults"].values())
        rows.append(
            f"{r['pair']} | {len(r['ats_mismatches'])} | {len(r['silent_drops'])} | "
            f"{r['page_fit_dropped']} | {failures}"
        )
    faults = report["output_faults"]
    checks = ", ".join(f"{name} {n}" for name, n in faults.items())
    rows.append(
        f"\nall pairs: ATS-vs-DOCX mismatches {report['ats_mismatches']}; silent drops "
        f"{report['silent_drops']}; page fit dropped (listed) {report['page_fit_dropped']}; "
        f"not read {report['not_read']}; output-check failures {sum(faults.values())}: {checks}"
    )
    for r in report["pairs"]:
        for problem in [*r.get("ats_mismatches", []), *r.get("silent_drops", [])]:
            rows.append(f"  [{r['pair']}] {problem}")
        for name, found in r.get("output_faults", {}).items():
            rows += [f"  [{r['pair']}] {name}: {fault}" for fault in found]
    return "\n".join(rows) + "\n"
