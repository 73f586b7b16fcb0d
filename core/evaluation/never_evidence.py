"""Junk and sensitive lines from the real-resume labels that reached a card (should be none).

    python -m core.evaluation.never_evidence [../shared/eval/real]

A label string of three characters or fewer ('1/2', '?', 'Â', '---') counts when it is a whole
token of a card's text; a longer one counts when it appears in the card's text (case and runs of
whitespace ignored). Reported per file and as totals for the tuning and held-back groups.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from core.contracts import EvidenceCard
from core.evaluation.splits import split_of

DEFAULT_CASES = Path(__file__).resolve().parents[2].parent / "shared" / "eval" / "real"


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().lower()


def leaked(cards: list[EvidenceCard], bad: list[str]) -> list[str]:
    """The label strings in `bad` found in any card's text."""
    found = []
    for label in bad:
        needle = _squash(label)
        if not needle:
            continue
        for card in cards:
            text = _squash(card.raw_text)
            hit = needle in text.split() if len(needle) <= 3 else needle in text
            if hit:
                found.append(label)
                break
    return found


def evaluate(cases: Path) -> dict[str, dict[str, object]]:
    from core.ingest import parse_extracted, read_path

    labels = json.loads((cases / "labels" / "resumes.json").read_text(encoding="utf-8"))
    results: dict[str, dict[str, object]] = {}
    for label in labels:
        parsed = parse_extracted(read_path(cases / label["file"]))
        junk = leaked(parsed.cards, label.get("junk_lines", []))
        sensitive = leaked(parsed.cards, label.get("sensitive", []))
        results[label["file"]] = {
            "split": split_of(label["file"]),
            "junk": junk,
            "junk_total": len(label.get("junk_lines", [])),
            "sensitive": sensitive,
            "sensitive_total": len(label.get("sensitive", [])),
            "left_out": len(getattr(parsed, "left_out", [])),
        }
    return results


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    results = evaluate(Path(args[0]) if args else DEFAULT_CASES)
    totals: dict[str, list[int]] = {}
    for name, row in results.items():
        print(
            f"{name:42} {row['split']:9} junk {len(row['junk'])}/{row['junk_total']} "  # type: ignore[arg-type]
            f"sensitive {len(row['sensitive'])}/{row['sensitive_total']} "  # type: ignore[arg-type]
            f"left out {row['left_out']}  {row['junk'] + row['sensitive']}"  # type: ignore[operator]
        )
        group = totals.setdefault(str(row["split"]), [0, 0, 0, 0])
        group[0] += len(row["junk"])  # type: ignore[arg-type]
        group[1] += int(row["junk_total"])  # type: ignore[call-overload]
        group[2] += len(row["sensitive"])  # type: ignore[arg-type]
        group[3] += int(row["sensitive_total"])  # type: ignore[call-overload]
    for split, (junk, junk_all, sens, sens_all) in sorted(totals.items()):
        print(f"{split}: junk lines in cards {junk}/{junk_all}, sensitive {sens}/{sens_all}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
