"""`resumeforge eval resumes`: how well ingestion reads resumes, scored against labels.

Two kinds of case folder:
- real (`labels/resumes.json`, or a label file of ours with `--labels`): per file, role recall
  (title, employer, start, end right, each where labelled; and the looser title + start year on
  one entry), education recall (degree + school), name / e-mail found where present (and a
  name invented where none is present), labelled junk / sensitive strings found in cards.
- dev (one folder per case with `labels.json`): every labelled evidence quote and audit-probe
  support quote inside one card; every labelled employer and date range on a role; and on its
  own entry (a role, an education entry, or the context of a side entry's card: a volunteering
  line's organisation and dates, a project's dates; an employer named in a role's own card).

Matching rules are in `core.evaluation.resume_match`. Every figure is reported for the tuning and
the held-back cases separately (`core.evaluation.splits`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from core.contracts import ParsedResume
from core.errors import InputError
from core.evaluation.resume_match import (
    compact,
    education_matches,
    hashed_in_cards,
    junk_cards,
    label_hash,
    matched_count,
    role_matches,
    role_title_year_matches,
    text_matches,
)
from core.evaluation.splits import split_of
from core.settings import IngestSettings

# the reader a user gets, scored unless another is asked for
DEFAULT_READER: str = IngestSettings.model_fields["reader"].default


def _parse(path: Path, reader: str = DEFAULT_READER) -> ParsedResume:
    from core.ingest import parse_extracted, read_path

    settings = IngestSettings(reader=reader)
    return parse_extracted(read_path(path, settings=settings), settings=settings)


def _found(value: str, hashed: str | None) -> bool:
    """Found at all; and right, where the label keeps the value as a hash."""
    if not value.strip():
        return False
    return hashed is None or label_hash(value) == hashed


def score_real_resume(parsed: ParsedResume, label: dict[str, Any]) -> dict[str, Any]:
    contact = parsed.contact
    junk = label.get("junk_lines", []) + label.get("sensitive", [])
    return {
        "roles": len(label["roles"]),
        "roles_found": matched_count(label["roles"], parsed.roles, role_matches),
        "roles_title_year": matched_count(label["roles"], parsed.roles, role_title_year_matches),
        "roles_parsed": len(parsed.roles),
        "education": len(label["education"]),
        "education_found": matched_count(label["education"], parsed.education, education_matches),
        "name_present": label["name_present"],
        "name_found": _found(contact.name, label.get("name_sha256")),
        "email_present": label["email_present"],
        "email_found": _found(contact.email, label.get("email_sha256")),
        "junk_in_cards": junk_cards(parsed, junk)
        + hashed_in_cards(parsed, label.get("sensitive_sha256", [])),
    }


def evaluate_real(folder: Path, reader: str = DEFAULT_READER) -> dict[str, Any]:
    labels = json.loads((folder / "labels" / "resumes.json").read_text(encoding="utf-8"))
    files = []
    for label in labels:
        path = folder / label["file"]
        row: dict[str, Any] = {"file": path.stem, "split": split_of(path)}
        row.update(score_real_resume(_parse(path, reader), label))
        files.append(row)
    return {"kind": "real", "files": files, "totals": _real_totals(files)}


def evaluate_labelled(
    folder: Path,
    labels_path: Path,
    reader: str = DEFAULT_READER,
    *,
    only: Callable[[str], bool] | None = None,
) -> dict[str, Any]:
    """Score files of `folder` against a label file of our own (tests/corpus_labels): the same
    schema as eval/real, with the candidate's name and e-mail and other people's data as hashes.
    The split comes from `split.json` beside the labels (held back, else tuning); totals are given
    per format as well. `only(file name)`: score just those files."""
    labels = [
        label
        for label in json.loads(labels_path.read_text(encoding="utf-8"))
        if only is None or only(label["file"])
    ]
    split_file = labels_path.parent / "split.json"
    held = (
        set(json.loads(split_file.read_text("utf-8"))["heldback"])
        if split_file.is_file()
        else set()
    )
    files = []
    for label in labels:
        path = folder / label["file"]
        row: dict[str, Any] = {
            "file": path.name,
            "split": "held-back" if label["file"] in held else "tuning",
            "format": label.get("format", path.suffix.lstrip(".")),
        }
        try:
            row.update(score_real_resume(_parse(path, reader), label))
        except InputError as error:  # a file the reader refuses scores nothing found
            row.update(
                score_real_resume(ParsedResume(source_name=path.name, content_hash=""), label)
            )
            row["refused"] = str(error)
        files.append(row)
    return labelled_report(files)


def labelled_report(files: list[dict[str, Any]]) -> dict[str, Any]:
    """The report of scored files (`evaluate_labelled`'s rows, of one run or pooled)."""
    by_format = {
        fmt: _real_totals([f for f in files if f["format"] == fmt])["all"]
        for fmt in sorted({f["format"] for f in files})
    }
    return {"kind": "real", "files": files, "totals": _real_totals(files), "by_format": by_format}


def _share(hits: int, total: int) -> float | None:
    return round(hits / total, 3) if total else None


def _real_totals(files: list[dict[str, Any]]) -> dict[str, Any]:
    totals: dict[str, Any] = {}
    for split in ("tuning", "held-back", "all"):
        rows = [f for f in files if split in ("all", f["split"])]
        with_name = [f for f in rows if f["name_present"]]
        with_email = [f for f in rows if f["email_present"]]
        totals[split] = {
            "files": len(rows),
            "role_recall": _share(
                sum(f["roles_found"] for f in rows), sum(f["roles"] for f in rows)
            ),
            "role_title_year": _share(
                sum(f["roles_title_year"] for f in rows), sum(f["roles"] for f in rows)
            ),
            "education_recall": _share(
                sum(f["education_found"] for f in rows), sum(f["education"] for f in rows)
            ),
            "name_found": _share(sum(f["name_found"] for f in with_name), len(with_name)),
            "email_found": _share(sum(f["email_found"] for f in with_email), len(with_email)),
            "invented_names": sum(f["name_found"] and not f["name_present"] for f in rows),
            "junk_in_cards": sum(len(f["junk_in_cards"]) for f in rows),
        }
    return totals


# --- dev cases ------------------------------------------------------------------------------


def _labelled_quotes(case: Path) -> list[str]:
    labels = json.loads((case / "labels.json").read_text(encoding="utf-8"))
    quotes = [e["quote"] for r in labels["requirements"] for e in r.get("evidence", [])]
    probes_file = case / "audit_probes.json"
    if probes_file.is_file():
        probes = json.loads(probes_file.read_text(encoding="utf-8"))
        for group in probes.values():
            for probe in group if isinstance(group, list) else []:
                quotes.extend(probe.get("support_quotes", []))
    return list(dict.fromkeys(quotes))


def score_dev_case(parsed: ParsedResume, case: Path) -> dict[str, Any]:
    labels = json.loads((case / "labels.json").read_text(encoding="utf-8"))
    facts = labels.get("resume_facts", {})
    card_texts = [compact(card.raw_text) for card in parsed.cards]
    quotes = _labelled_quotes(case)
    missed = [q for q in quotes if not any(compact(q) in text for text in card_texts)]
    entries = parsed.roles + parsed.education
    employers = facts.get("employers", [])
    lost_employers = [
        e
        for e in employers
        if not any(text_matches(e, r.company) for r in entries)
        and not any(compact(e) in compact(r.company) for r in entries)
    ]
    role_cards = [compact(c.raw_text) for c in parsed.cards if c.role_id]
    ranges = facts.get("date_ranges", [])
    lost_ranges = [
        d
        for d in ranges
        if not any(compact(d) in compact(r.timeframe) for r in entries)
        and not any(compact(d) in text for text in role_cards)
    ]
    # on its own entry: also a side entry's context (a volunteering line's organisation and
    # dates, a project's dates) and, for employers, a role's own card (a parent company)
    side_company = [compact(c.company) for c in parsed.cards if c.company]
    side_dates = [compact(c.timeframe) for c in parsed.cards if c.timeframe]
    off_entry_employers = [
        e for e in lost_employers if not any(compact(e) in x for x in side_company + role_cards)
    ]
    off_entry_ranges = [d for d in lost_ranges if not any(compact(d) in x for x in side_dates)]
    return {
        "employers_on_entry": len(employers) - len(off_entry_employers),
        "date_ranges_on_entry": len(ranges) - len(off_entry_ranges),
        "off_entry": off_entry_employers + off_entry_ranges,
        "quotes": len(quotes),
        "quotes_in_one_card": len(quotes) - len(missed),
        "missed_quotes": missed,
        "employers": len(employers),
        "employers_on_role": len(employers) - len(lost_employers),
        "lost_employers": lost_employers,
        "date_ranges": len(ranges),
        "date_ranges_on_role": len(ranges) - len(lost_ranges),
        "lost_date_ranges": lost_ranges,
        "roles_parsed": len(parsed.roles),
    }


def evaluate_dev(folder: Path, reader: str = DEFAULT_READER) -> dict[str, Any]:
    files = []
    for case in sorted(p for p in folder.iterdir() if (p / "labels.json").is_file()):
        row: dict[str, Any] = {"file": case.name, "split": split_of(case)}
        row.update(score_dev_case(_parse(case / "fact_resume.md", reader), case))
        files.append(row)
    totals: dict[str, Any] = {}
    for split in ("tuning", "held-back", "all"):
        rows = [f for f in files if split in ("all", f["split"])]
        totals[split] = {
            "files": len(rows),
            **{
                key: _share(sum(f[found] for f in rows), sum(f[key] for f in rows))
                for key, found in (
                    ("quotes", "quotes_in_one_card"),
                    ("employers", "employers_on_role"),
                    ("date_ranges", "date_ranges_on_role"),
                )
            },
            **{
                key: _share(sum(f[found] for f in rows), sum(f[total] for f in rows))
                for key, total, found in (
                    ("employers_on_entry", "employers", "employers_on_entry"),
                    ("date_ranges_on_entry", "date_ranges", "date_ranges_on_entry"),
                )
            },
        }
    return {"kind": "dev", "files": files, "totals": totals}


def evaluate_resumes(folder: Path, reader: str = DEFAULT_READER) -> dict[str, Any]:
    """Score ingestion on a real-resume folder (labels/resumes.json) or a dev-case folder."""
    if (folder / "labels" / "resumes.json").is_file():
        return evaluate_real(folder, reader)
    return evaluate_dev(folder, reader)


def format_resume_table(report: dict[str, Any]) -> str:
    """Plain-text table: one line per file, then the tuning / held-back / all totals."""
    lines = []
    for row in report["files"]:
        if report["kind"] == "real":
            lines.append(
                f"{row['file']:<40} {row['split']:<9} roles {row['roles_found']}/{row['roles']}"
                f" (title+year {row['roles_title_year']})"
                f" (parsed {row['roles_parsed']})  edu {row['education_found']}/{row['education']}"
                f"  name {_flag(row['name_present'], row['name_found'])}"
                f"  email {_flag(row['email_present'], row['email_found'])}"
                f"  junk {len(row['junk_in_cards'])}"
            )
        else:
            lines.append(
                f"{row['file']:<45} {row['split']:<9} quotes {row['quotes_in_one_card']}/"
                f"{row['quotes']}  employers {row['employers_on_role']}/{row['employers']}"
                f"  dates {row['date_ranges_on_role']}/{row['date_ranges']}"
                f"  roles {row['roles_parsed']}"
                f"  on entry: employers {row['employers_on_entry']}/{row['employers']}"
                f" dates {row['date_ranges_on_entry']}/{row['date_ranges']}"
            )
    lines.append("")
    for split, totals in report["totals"].items():
        shown = "  ".join(f"{k} {v}" for k, v in totals.items())
        lines.append(f"{split:<9} {shown}")
    for fmt, totals in report.get("by_format", {}).items():
        shown = "  ".join(f"{k} {v}" for k, v in totals.items())
        lines.append(f"{fmt:<9} {shown}")
    return "\n".join(lines) + "\n"


def _flag(present: bool, found: bool) -> str:
    if present:
        return "ok" if found else "MISSED"
    return "INVENTED" if found else "-"
