"""The line reader and the readers on real documents of a generator no model was trained on.

    python -m tools.leave_generator_out [--readers rules,learned,auto]
        [--data ~/.cache/resumeforge/line_data/lines.jsonl] [--documents ../shared/corpus/documents]
        [--labels tests/corpus_labels/dev.json] [--only GROUP] [--json]

The real documents of the line data (sources real and real-dev, never a held-back file) are
grouped by the program that made them (the `generator` column of the corpus' index.csv). The rule,
fixed before anything was measured: a generator with at least `MIN_GROUP` such documents is its
own group; a smaller one is pooled into its family (`FAMILIES`: LaTeX engines, plain-text markup,
HTML, macOS, design applications, PDFs written by a program), else into `other <format>`.
For each group a line reader is trained with the shipped recipe (`PARAMS`, the data's train
split) on everything but that group's documents, and with it
- the group's hand-labelled lines are scored per label (as `resumeforge eval lines` scores them);
- the group's dev documents are read by each reader and scored as `tools.dev_twofold` scores
  them (tests/corpus_labels/dev.json).
The groups' rows are pooled into one report (and one line table), with per-group rows besides.
These are tuning figures that behave like a source never seen. About a minute per group.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import tempfile
from collections import Counter
from collections.abc import Iterable
from functools import partial
from pathlib import Path
from typing import Any

from core.evaluation.line_eval import line_table
from core.evaluation.resume_eval import evaluate_labelled, format_resume_table, labelled_report
from core.reader.model import MODEL_FILE, model_file
from core.reader.training import PARAMS, REAL_SOURCES, Doc, Scores, load_docs, score, train
from tools.dev_twofold import LABELS, parse_readers
from tools.line_data.build import DEFAULT_OUT
from tools.line_data.real import SPLIT_FILE

MIN_GROUP = 3
FAMILIES = {
    "LaTeX (dvipdfmx)": "LaTeX PDF (other engines)",
    "LaTeX (LuaTeX)": "LaTeX PDF (other engines)",
    "LaTeX (XeTeX)": "LaTeX PDF (other engines)",
    "Typst": "plain-text markup (Typst, rst, text)",
    "reStructuredText (rst2pdf source)": "plain-text markup (Typst, rst, text)",
    "plain text": "plain-text markup (Typst, rst, text)",
    "HTML page": "HTML",
    "JSON Resume theme HTML": "HTML",
    'Microsoft Word "Save as Web Page" (UTF-16)': "HTML",
    "Apple Pages": "macOS PDF (Pages, Quartz, Safari)",
    "macOS Quartz PDFContext": "macOS PDF (Pages, Quartz, Safari)",
    "Safari print-to-PDF (macOS)": "macOS PDF (Pages, Quartz, Safari)",
    "Adobe Illustrator": "design-application PDF (Adobe, Affinity)",
    "Adobe InDesign": "design-application PDF (Adobe, Affinity)",
    "Affinity Publisher": "design-application PDF (Adobe, Affinity)",
    "pdf-lib (JavaScript)": "PDF written by a program (pdf-lib, ReportLab, ...)",
    "ReportLab": "PDF written by a program (pdf-lib, ReportLab, ...)",
    "WeasyPrint": "PDF written by a program (pdf-lib, ReportLab, ...)",
    "Qt": "PDF written by a program (pdf-lib, ReportLab, ...)",
    "PDFium": "PDF written by a program (pdf-lib, ReportLab, ...)",
}


def document_file(doc: Doc) -> str | None:
    """The corpus file a real document of the line data was read from (None for generated ones)."""
    return doc.id.split(":", 1)[1] if doc.source in REAL_SOURCES else None


def generator_groups(files: Iterable[str], index: Path, split: Path = SPLIT_FILE) -> dict[str, str]:
    """file -> group for the given corpus files, by the rule of the module doc. A held-back file
    is refused: it must never be read, grouped or scored here."""
    held = set(json.loads(split.read_text(encoding="utf-8"))["heldback"])
    wanted = set(files)
    if wanted & held:
        raise ValueError(f"held-back documents given: {len(wanted & held)}")
    with index.open(encoding="utf-8", newline="") as handle:
        rows = {row["file"]: row for row in csv.DictReader(handle) if row["file"] in wanted}
    missing = wanted - rows.keys()
    if missing:
        raise ValueError(f"not in {index}: {sorted(missing)}")
    sizes = Counter(row["generator"] for row in rows.values())
    return {
        name: row["generator"]
        if sizes[row["generator"]] >= MIN_GROUP
        else FAMILIES.get(row["generator"], f"other {row['format']}")
        for name, row in rows.items()
    }


def training_without(docs: list[Doc], files: set[str]) -> list[Doc]:
    """The shipped model's training documents, less the real documents read from `files`."""
    return [d for d in docs if d.split == "train" and document_file(d) not in files]


def _in_group(files: set[str], name: str) -> bool:
    return name in files


def _group_rows(reports: dict[str, dict[str, Any]], group_files: dict[str, set[str]]) -> Any:
    return {
        reader: {
            group: labelled_report([r for r in report["files"] if r["file"] in files])["totals"][
                "all"
            ]
            for group, files in group_files.items()
        }
        for reader, report in reports.items()
    }


def leave_out(
    data: Path,
    documents: Path,
    labels: Path,
    readers: list[str],
    *,
    only: str | None = None,
    split: Path = SPLIT_FILE,
) -> dict[str, Any]:
    """Line figures and each reader's report, every group read by a model trained without it."""
    docs = load_docs(data)
    real = [d for d in docs if d.split == "train" and d.source in REAL_SOURCES]
    groups = generator_groups({str(document_file(d)) for d in real}, documents / "index.csv", split)
    dev_files = {json_label["file"] for json_label in json.loads(labels.read_text("utf-8"))}
    group_files: dict[str, set[str]] = {}
    for name, group in groups.items():
        group_files.setdefault(group, set()).add(name)
    if only:
        group_files = {g: f for g, f in group_files.items() if only in g}
    pooled = Scores(Counter(), Counter(), Counter())
    line_rows: dict[str, Any] = {}
    rows: dict[str, list[dict[str, Any]]] = {reader: [] for reader in readers}
    for group, files in sorted(group_files.items()):
        with tempfile.TemporaryDirectory() as tmp:
            model = Path(tmp) / MODEL_FILE
            train(training_without(docs, files), model, PARAMS)
            scores = score([d for d in real if document_file(d) in files], model)
            pooled.add(scores)
            line_rows[group] = {
                **scores.summary(),
                "documents": len(files),
                "dev_documents": len(files & dev_files),
                "confused": [[g, f, n] for (g, f), n in scores.confused.most_common(8)],
            }
            print(f"{group}: accuracy {line_rows[group]['accuracy']}", file=sys.stderr)
            if files & dev_files:
                with model_file(model):
                    for reader in readers:
                        report = evaluate_labelled(
                            documents, labels, reader, only=partial(_in_group, files)
                        )
                        rows[reader].extend(report["files"])
    reports = {
        reader: labelled_report(sorted(found, key=lambda row: row["file"]))
        for reader, found in rows.items()
    }
    pooled_lines = {
        **pooled.summary(),
        "confused": [[g, f, n] for (g, f), n in pooled.confused.most_common(15)],
    }
    return {
        "lines": {"pooled": pooled_lines, "groups": line_rows},
        "readers": reports,
        "reader_groups": _group_rows(reports, group_files),
    }


def format_report(report: dict[str, Any]) -> str:
    out = line_table("line labels, every group left out (pooled)", report["lines"]["pooled"])
    confused = report["lines"]["pooled"]["confused"]
    out.append(
        "  confused (gold -> found, lines): " + ", ".join(f"{g}->{f} {n}" for g, f, n in confused)
    )
    for group, summary in report["lines"]["groups"].items():
        out += [
            "",
            *line_table(
                f"left out: {group} ({summary['documents']} documents,"
                f" {summary['dev_documents']} dev)",
                summary,
            ),
            "  confused: " + ", ".join(f"{g}->{f} {n}" for g, f, n in summary["confused"]),
        ]
    for reader, found in report["readers"].items():
        out += ["", f"== reader: {reader} (dev documents, generator left out)"]
        out.append(format_resume_table(found).rstrip("\n"))
        for group, totals in report["reader_groups"][reader].items():
            if totals["files"]:
                shown = "  ".join(f"{k} {v}" for k, v in totals.items())
                out.append(f"  {group}: {shown}")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--readers", default="rules,learned,auto", help="comma-separated")
    parser.add_argument("--data", default=str(DEFAULT_OUT / "lines.jsonl"))
    parser.add_argument("--documents", default="../shared/corpus/documents")
    parser.add_argument("--labels", default=str(LABELS))
    parser.add_argument("--only", help="just the groups whose name holds this")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    readers = parse_readers(parser, args.readers)
    report = leave_out(
        Path(args.data),
        Path(args.documents),
        Path(args.labels),
        readers,
        only=args.only,
    )
    print(json.dumps(report, indent=1) if args.json else format_report(report), end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
