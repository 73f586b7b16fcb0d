"""`resumeforge audit --resume R --bullets FILE [--role ROLE] [--json]`: truth-check lines.

The bullets file holds one line per bullet (list markers such as "-", "*", "•" or "1." are
removed), or a JSON list of strings (or of {"bullet": …, "role": …} objects). A Markdown
heading ("### Meridian Outfitters — Engineer") places the lines under it in that role, as a
draft does; `--role` places every line in one role. A line placed nowhere is held to the role
of its evidence. Exit 0 when the check ran, even when some lines are unsupported; 2 on bad
input.
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path
from typing import Any

from core.audit.truth import violation_rows
from core.cli.output import emit_json
from core.contracts import BulletVerdict, EvidenceCard, ParsedResume, RoleEntry
from core.errors import InputError

MAX_BULLETS_BYTES = 1_000_000
MAX_BULLETS = 2000
_MARKER = re.compile(r"^\s*(?:[-*•–—>]|\d{1,3}[.)])\s+")


def read_bullets(path: Path) -> list[str]:
    """The bullets in a text or JSON file; a clear InputError for anything else."""
    return [bullet for bullet, _ in read_placed_bullets(path)]


def read_placed_bullets(path: Path) -> list[tuple[str, str]]:
    """(bullet, the role heading it stands under or "") for each bullet of the file."""
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
        bullets = _headed_lines(text)
    bullets = [(" ".join(b.split()), role) for b, role in bullets if b.strip()]
    if not bullets:
        raise InputError(f"--bullets {path}: no bullets found (write one per line).")
    if len(bullets) > MAX_BULLETS:
        raise InputError(f"--bullets {path}: more than {MAX_BULLETS} bullets; split the file.")
    return bullets


def _headed_lines(text: str) -> list[tuple[str, str]]:
    lines: list[tuple[str, str]] = []
    heading = ""
    for line in text.splitlines():
        if line.lstrip().startswith("#"):
            heading = line.strip(" #")
            continue
        lines.append((_MARKER.sub("", line).strip(), heading))
    return lines


def _json_bullets(text: str, path: Path) -> list[tuple[str, str]]:
    try:
        data = json.loads(text)
    except ValueError as err:
        raise InputError(f"--bullets {path}: not valid JSON ({err.args[0]}).") from None
    if isinstance(data, list) and all(isinstance(item, str) for item in data):
        return [(item, "") for item in data]
    if isinstance(data, list) and all(
        isinstance(item, dict)
        and isinstance(item.get("bullet"), str)
        and isinstance(item.get("role", ""), str)
        for item in data
    ):
        return [(item["bullet"], item.get("role", "")) for item in data]
    raise InputError(
        f'--bullets {path}: JSON must be a list of strings, e.g. ["Led …", "Built …"], '
        'or of objects such as {"bullet": "Led …", "role": "Meridian Outfitters"}.'
    )


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


def _placements(
    resume: ParsedResume, headings: list[str], role: str | None
) -> list[RoleEntry | None]:
    """The role each line stands under: `--role` for all, else each line's heading."""
    from core.audit.names import oriented
    from core.audit.role_scope import role_named

    roles = [oriented(r) for r in resume.roles]
    if role:
        found = role_named(role, roles)
        if found is None:
            known = "; ".join(f"{r.id}: {r.company} — {r.title}".strip(" —") for r in roles)
            raise InputError(f"--role {role!r}: no role of the resume matches ({known}).")
        return [found] * len(headings)
    return [role_named(h, roles) if h else None for h in headings]


def cmd_audit(args: argparse.Namespace) -> int:
    from core.audit import audit_bullets

    placed_bullets = read_placed_bullets(Path(args.bullets))
    resume = read_resume(Path(args.resume))
    bullets = [bullet for bullet, _ in placed_bullets]
    placed = _placements(resume, [heading for _, heading in placed_bullets], args.role)
    verdicts = audit_bullets(bullets, resume=resume, placed=placed)
    cards = {c.id: c for c in resume.cards}
    rows = [verdict_row(v, cards) for v in verdicts]
    if args.json:
        supported = sum(1 for row in rows if row["verdict"] == "supported")
        emit_json({"resume": resume.source_name, "supported": supported, "bullets": rows})
    else:
        print(format_rows(rows), end="")
    return 0
