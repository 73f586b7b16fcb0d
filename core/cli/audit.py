"""`resumeforge audit --resume R --bullets FILE [--json]`: truth-check lines against the facts.

The bullets file holds one line per bullet (list markers such as "-", "*", "•" or "1." are
removed), or a JSON list of strings. Exit 0 when the check ran, even when some lines are
unsupported; 2 on bad input.
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path
from typing import Any

from core.audit.truth import violation_rows
from core.cli.output import emit_json
from core.contracts import BulletVerdict, EvidenceCard, ParsedResume
from core.errors import InputError

MAX_BULLETS_BYTES = 1_000_000
MAX_BULLETS = 2000
_MARKER = re.compile(r"^\s*(?:[-*•–—>]|\d{1,3}[.)])\s+")


def read_bullets(path: Path) -> list[str]:
    """The bullets in a text or JSON file; a clear InputError for anything else."""
    if not path.is_file():
        raise InputError(f"--bullets {path}: no such file.")
    if path.stat().st_size > MAX_BULLETS_BYTES:
        raise InputError(f"--bullets {path}: the file is larger than 1 MB; split it up.")
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(f"--bullets {path}: not a UTF-8 text file.") from None
    stripped = text.strip()
    if stripped.startswith(("[", "{")):
        bullets = _json_bullets(stripped, path)
    else:
        bullets = [_MARKER.sub("", line).strip() for line in text.splitlines()]
    bullets = [" ".join(b.split()) for b in bullets if b.strip()]
    if not bullets:
        raise InputError(f"--bullets {path}: no bullets found (write one per line).")
    if len(bullets) > MAX_BULLETS:
        raise InputError(f"--bullets {path}: more than {MAX_BULLETS} bullets; split the file.")
    return bullets


def _json_bullets(text: str, path: Path) -> list[str]:
    try:
        data = json.loads(text)
    except ValueError as err:
        raise InputError(f"--bullets {path}: not valid JSON ({err.args[0]}).") from None
    if not isinstance(data, list) or not all(isinstance(item, str) for item in data):
        raise InputError(
            f'--bullets {path}: JSON must be a list of strings, e.g. ["Led …", "Built …"].'
        )
    return data


def read_resume(path: Path) -> ParsedResume:
    from core.ingest import parse_resume

    if not path.is_file():
        raise InputError(f"--resume {path}: no such file.")
    return parse_resume(path.read_bytes(), path.name)


def verdict_row(verdict: BulletVerdict, cards: dict[str, EvidenceCard]) -> dict[str, Any]:
    return {
        "bullet_id": verdict.bullet_id,
        "bullet": verdict.bullet_text,
        "verdict": "supported" if verdict.supported else "unsupported",
        "violations": violation_rows(verdict.violations),
        "evidence": [
            {
                "card_id": cid,
                "text": cards[cid].raw_text,
                "company": cards[cid].company,
                "role": cards[cid].role,
            }
            for cid in verdict.matched_card_ids
            if cid in cards
        ],
    }


def format_rows(rows: list[dict[str, Any]]) -> str:
    out: list[str] = []
    for n, row in enumerate(rows, 1):
        out.append(f"{n}. {row['verdict'].upper()}: {row['bullet']}")
        for v in row["violations"]:
            out.append(f"   {v['severity']} {v['type']} [{v['span']}]: {v['detail']}")
        for e in row["evidence"]:
            text = e["text"] if len(e["text"]) <= 160 else e["text"][:157] + "…"
            out.append(f"   evidence {e['card_id']}: {text}")
    supported = sum(1 for row in rows if row["verdict"] == "supported")
    out.append("")
    out.append(f"{supported} of {len(rows)} bullets supported by your fact resume.")
    return "\n".join(out) + "\n"


def cmd_audit(args: argparse.Namespace) -> int:
    from core.audit import audit_bullets

    bullets = read_bullets(Path(args.bullets))
    resume = read_resume(Path(args.resume))
    verdicts = audit_bullets(bullets, resume=resume)
    cards = {c.id: c for c in resume.cards}
    rows = [verdict_row(v, cards) for v in verdicts]
    if args.json:
        supported = sum(1 for row in rows if row["verdict"] == "supported")
        emit_json({"resume": resume.source_name, "supported": supported, "bullets": rows})
    else:
        print(format_rows(rows), end="")
    return 0
