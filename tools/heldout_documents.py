"""The readers' figures on documents neither reader was made on: the held-out JSON Resumes,
rendered to files as the line data renders them and scored as `resumeforge eval resumes` scores.

    python -m tools.heldout_documents [--corpus ../shared/corpus] [--readers rules,learned,auto]
        [--json]

The held-out JSON Resumes are the fixed fifth the line data marks held out
(`tools.line_data.build.held_out`, by the hash of the file name): the line reader is never
trained on them, and the rule reader's rules were written from the dev documents and the eval
cases. Each is rendered in the two formats the line data gives it (`write_rendering`: the same
seeded draws), read back by each reader, and its work entries and education scored with the
matcher of `eval resumes` (`core.evaluation.resume_match`). The labels are what the rendering
shows: a role's title, employer and dates as printed, an education entry's degree ('Bachelor in
Physics') and school. The renderings are synthetic (the generator's layouts, which the line
reader is trained on), so these figures check the chooser away from the tuning documents; they
do not stand in for real documents'.

Beside the `eval resumes` figures, two of lists (their own columns, `skills_recall` and
`certificate_recall`): each skill the rendering prints (a keyword, or a group's name where it has
none) found among the reading's skills, and each certificate's name found inside one
certification card (a list split at its wraps breaks both).
"""

from __future__ import annotations

import argparse
import json
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from core.contracts import CardKind, ParsedResume
from core.evaluation.resume_eval import format_resume_table, labelled_report, score_real_resume
from core.evaluation.resume_match import compact, label_hash
from core.ingest import parse_extracted, read_path
from core.settings import IngestSettings
from tools.line_data.build import held_out, write_rendering
from tools.line_data.compose import FORMATS, Style, clean, format_date

READERS = ("rules", "learned", "auto")


def _printed(value: Any, style: Style) -> str | None:
    return format_date(str(value), style.date_style, style.present) if value else None


def role_labels(resume: dict[str, Any], style: Style) -> list[dict[str, Any]]:
    """The work entries as the rendering prints them (title, employer, start, end)."""
    labels = []
    for entry in resume.get("work") or []:
        if not isinstance(entry, dict):
            continue
        title, employer = (
            clean(entry.get("position")),
            clean(entry.get("company") or entry.get("name")),
        )
        if not title and not employer:
            continue
        start = _printed(entry.get("startDate"), style)
        end = style.present if start and not entry.get("endDate") else None
        labels.append(
            {
                "title": title or None,
                "employer": employer or None,
                "start": start,
                "end": _printed(entry.get("endDate"), style) or end,
            }
        )
    return labels


def education_labels(resume: dict[str, Any]) -> list[dict[str, Any]]:
    """Each education entry's degree ('Bachelor in Physics', as printed) and school."""
    labels = []
    for entry in resume.get("education") or []:
        if not isinstance(entry, dict):
            continue
        degree = " in ".join(
            p for p in (clean(entry.get("studyType")), clean(entry.get("area"))) if p
        )
        school = clean(entry.get("institution"))
        if degree or school:
            labels.append({"degree": degree or None, "school": school or None})
    return labels


def skill_labels(resume: dict[str, Any], style: Style) -> list[str]:
    """The skills the rendering prints, one per listed item (as `compose.skills_blocks` draws
    them): the keywords, or a group's name where the group lists none."""
    groups = [s for s in resume.get("skills") or [] if isinstance(s, dict)]
    groups = [s for s in groups if s.get("name") or s.get("keywords")]
    words = [clean(k) for s in groups for k in (s.get("keywords") or []) if clean(k)]
    if style.skills_style == "comma":
        return words[:30]
    if style.skills_style == "list":
        return (words or [clean(s.get("name")) for s in groups])[:14]
    named = [clean(k) for s in groups for k in (s.get("keywords") or [clean(s.get("name"))])]
    return [n for n in named if n]


def certificate_labels(resume: dict[str, Any]) -> list[str]:
    """Each certificate's name, as the rendering prints it."""
    entries = [e for e in resume.get("certificates") or [] if isinstance(e, dict)]
    return [clean(e.get("name")) for e in entries if clean(e.get("name"))]


def list_scores(parsed: ParsedResume, label: dict[str, Any]) -> dict[str, int]:
    """How many of the printed skills are among the reading's skills (equal when compacted),
    and how many certificate names stand inside one certification card."""
    read = {compact(skill) for skill in parsed.skills}
    cards = [compact(c.raw_text) for c in parsed.cards if c.kind is CardKind.CERTIFICATION]
    skills, certificates = label.get("skills", []), label.get("certificates", [])
    return {
        "skills": len(skills),
        "skills_found": sum(compact(s) in read for s in skills),
        "certificates": len(certificates),
        "certificates_found": sum(any(compact(c) in card for card in cards) for c in certificates),
    }


def with_list_recall(report: dict[str, Any]) -> dict[str, Any]:
    """`report` with the skills and certificate recall added to each total (new columns)."""

    def add(totals: dict[str, Any], rows: list[dict[str, Any]]) -> None:
        for key, found in (("skills", "skills_recall"), ("certificates", "certificate_recall")):
            total = sum(r.get(key, 0) for r in rows)
            hits = sum(r.get(f"{key}_found", 0) for r in rows)
            totals[found] = round(hits / total, 3) if total else None

    files = report["files"]
    for split, totals in report["totals"].items():
        add(totals, [f for f in files if split in ("all", f["split"])])
    for fmt, totals in report.get("by_format", {}).items():
        add(totals, [f for f in files if f["format"] == fmt])
    return report


def label_of(resume: dict[str, Any], style: Style) -> dict[str, Any]:
    """A label in `eval resumes`' schema for one rendering of `resume`, with the skills and
    certificates it prints."""
    basics = resume.get("basics") or {}
    name, email = clean(basics.get("name")), clean(basics.get("email"))
    return {
        "roles": role_labels(resume, style),
        "education": education_labels(resume),
        "skills": skill_labels(resume, style),
        "certificates": certificate_labels(resume),
        "name_present": bool(name),
        "name_sha256": label_hash(name) if name else None,
        "email_present": bool(email),
        "email_sha256": label_hash(email) if email else None,
    }


def heldout_files(corpus: Path) -> list[tuple[Path, str]]:
    """(JSON Resume, format) for every held-out rendering, as the line data draws them."""
    files = sorted((corpus / "jsonresume").glob("jr-*.json"))
    return [
        (file, fmt)
        for number, file in enumerate(files)
        if held_out(file.name)
        for fmt in (FORMATS[number % 4], FORMATS[(number + 1) % 4])
    ]


def score_heldout(corpus: Path, readers: list[str]) -> dict[str, dict[str, Any]]:
    """Each reader's report on the held-out renderings."""
    rows: dict[str, list[dict[str, Any]]] = {reader: [] for reader in readers}
    with tempfile.TemporaryDirectory() as tmp:
        for file, fmt in heldout_files(corpus):
            resume = json.loads(file.read_text(encoding="utf-8"))
            try:
                path, style, _ = write_rendering(resume, file.stem, fmt, Path(tmp))
            except Exception as err:  # a rendering the generator cannot make (as the build skips)
                print(f"skip {file.stem} {fmt}: {type(err).__name__}")
                continue
            score_file(rows, path, label_of(resume, style), f"{file.stem}:{fmt}", fmt)
            path.unlink(missing_ok=True)
    return {reader: with_list_recall(labelled_report(found)) for reader, found in rows.items()}


def score_file(
    rows: dict[str, list[dict[str, Any]]], path: Path, label: dict[str, Any], name: str, fmt: str
) -> None:
    """Each reader's (the keys of `rows`) score of one rendered file, added to its rows."""
    for reader, found in rows.items():
        settings = IngestSettings(reader=reader)
        parsed = parse_extracted(read_path(path, settings=settings), settings=settings)
        row = {"file": name, "split": "tuning", "format": fmt}
        found.append({**row, **score_real_resume(parsed, label), **list_scores(parsed, label)})


def run(
    score: Callable[[Path, list[str]], dict[str, dict[str, Any]]],
    description: str,
    argv: list[str] | None,
) -> int:
    """The command line of a rendered tuning set: `score`'s report per reader, a table or JSON."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--corpus", default="../shared/corpus", help="the shared corpus folder")
    parser.add_argument("--readers", default=",".join(READERS), help="comma-separated readers")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    reports = score(Path(args.corpus), args.readers.split(","))
    if args.json:
        print(json.dumps(reports, indent=1))
        return 0
    for reader, report in reports.items():
        print(f"== {reader}")
        print(format_resume_table(report))
    return 0


def main(argv: list[str] | None = None) -> int:
    return run(score_heldout, __doc__.splitlines()[0], argv)


if __name__ == "__main__":
    raise SystemExit(main())
