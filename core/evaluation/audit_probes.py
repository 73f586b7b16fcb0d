"""Score the truth audit on a labelled case's `audit_probes.json` (format: eval/README.md).

Every probe bullet goes through `audit_bullets` against the case's fact resume, exactly as
`resumeforge audit` would check it. A fabricated probe is caught when its verdict is
unsupported (any BLOCKER); `type_matched` also asks that one of the blockers has the labelled
type (a probe may also name the `evasion` it tries, such as a technology taken from another
role; those are pooled the same way). A clean probe flagged unsupported is a false positive.
`evidence_found` says whether the evidence the audit matched overlaps one of the probe's
support quotes (a matched card contains the quote, is a sentence of it, or shares 40+
characters with it): did it look in the right place.
"""

from __future__ import annotations

import json
from difflib import SequenceMatcher
from pathlib import Path
from typing import Any

from core.audit.standalone import audit_bullets
from core.audit.truth import violation_rows
from core.contracts import BulletVerdict, EvidenceCard, ParsedResume, Severity
from core.errors import InputError
from core.evaluation.resume_match import as_card_text


def _load(case_dir: Path) -> tuple[dict[str, Any], ParsedResume]:
    from core.ingest import parse_resume

    probes_path = case_dir / "audit_probes.json"
    resume_path = case_dir / "fact_resume.md"
    try:
        probes = json.loads(probes_path.read_text(encoding="utf-8"))
        data = resume_path.read_bytes()
    except (OSError, ValueError) as err:
        raise InputError(
            f"Case {case_dir.name}: could not read audit_probes.json / fact_resume.md ({err})."
        ) from None
    return probes, parse_resume(data, resume_path.name)


def quote_overlaps(quote: str, card_text: str) -> bool:
    """The card holds the quote, or they share a long stretch (quotes may cross sentences)."""
    if quote in card_text or card_text in quote:
        return True
    match = SequenceMatcher(None, quote, card_text, autojunk=False).find_longest_match()
    return match.size >= min(40, len(quote) // 2)


def _detail(
    kind: str, probe: dict[str, Any], verdict: BulletVerdict, cards: dict[str, EvidenceCard]
) -> dict[str, Any]:
    blockers = [v for v in verdict.violations if v.severity == Severity.BLOCKER]
    matched = [" ".join(cards[i].raw_text.split()) for i in verdict.matched_card_ids if i in cards]
    quotes = [as_card_text(q) for q in probe.get("support_quotes", [])]
    return {
        "kind": kind,
        "type": probe.get("type", ""),
        "evasion": probe.get("evasion", ""),
        "bullet": probe["bullet"],
        "flagged": not verdict.supported,
        "found_types": sorted({v.type.value for v in blockers}),
        "violations": violation_rows(verdict.violations),
        "matched_card_ids": verdict.matched_card_ids,
        "evidence_found": any(quote_overlaps(q, m) for q in quotes for m in matched),
        "label_detail": probe.get("detail", ""),
    }


def score_audit_probes(case_dir: Path) -> dict[str, Any]:
    """Caught / total fabricated (overall and per type), clean false positives, per-probe detail."""
    probes, resume = _load(Path(case_dir))
    clean = list(probes.get("clean", []))
    fabricated = list(probes.get("fabricated", []))
    verdicts = audit_bullets([p["bullet"] for p in clean + fabricated], resume=resume)
    cards = {c.id: c for c in resume.cards}
    details = [
        _detail("clean" if n < len(clean) else "fabricated", probe, verdict, cards)
        for n, (probe, verdict) in enumerate(zip(clean + fabricated, verdicts, strict=True))
    ]
    fab = [d for d in details if d["kind"] == "fabricated"]
    per_type: dict[str, dict[str, int]] = {}
    for d in fab:
        row = per_type.setdefault(d["type"], {"caught": 0, "total": 0, "type_matched": 0})
        row["total"] += 1
        row["caught"] += int(d["flagged"])
        row["type_matched"] += int(d["type"] in d["found_types"])
    per_evasion: dict[str, dict[str, int]] = {}
    for d in fab:
        if d["evasion"]:
            row = per_evasion.setdefault(d["evasion"], {"caught": 0, "total": 0})
            row["total"] += 1
            row["caught"] += int(d["flagged"])
    clean_flagged = sum(1 for d in details if d["kind"] == "clean" and d["flagged"])
    caught = sum(1 for d in fab if d["flagged"])
    return {
        "case": Path(case_dir).name,
        "fabricated_caught": caught,
        "fabricated_total": len(fab),
        "recall": caught / len(fab) if fab else 1.0,
        "type_matched": sum(1 for d in fab if d["type"] in d["found_types"]),
        "clean_flagged": clean_flagged,
        "clean_total": len(clean),
        "false_positive_rate": clean_flagged / len(clean) if clean else 0.0,
        "evidence_found": sum(1 for d in details if d["evidence_found"]),
        "per_type": per_type,
        "per_evasion": per_evasion,
        "details": details,
    }
