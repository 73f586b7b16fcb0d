"""`resumeforge eval lines`: the line reader scored per label, held out and leave-one-source-out.

Three figures, printed in this order:
1. the shipped model on the JSON Resumes held out by file-name hash (never trained on);
2. leave-one-source-out (with `--loso`): for each source (a format, a role-header family,
   two-column layouts, the fictional non-software people, DataTurks' Indeed resumes, the real
   documents labelled by hand in tests/corpus_labels/lines.jsonl and lines_dev.jsonl) a model is
   trained on the train split without that source and scored on it. These are the honest
   figures: the source's layouts or vocabulary were never seen in training. The real documents
   (those of lines.jsonl) are also scored a third at a time with the other two thirds and the
   dev documents trained on, as the shipped model (trained on all of them) meets a real
   document it has not seen;
3. the hyper-parameters are fixed (core.reader.training.PARAMS; c1 was chosen by the real
   documents' thirds, so their figures are tuning figures for that one choice).
The data file comes from `python -m tools.line_data.build`.
"""

from __future__ import annotations

import hashlib
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from core.reader.labels import LABELS
from core.reader.model import model_path
from core.reader.training import REAL_SOURCES, Doc, load_docs, score, train

FAMILIES = ("stacked", "inline", "employer_first", "date_column")
REAL_FOLDS = 3


def _in_real_fold(part: int, doc: Doc) -> bool:
    """A third of the real documents, by the hash of the file name (the rest stay in training)."""
    digest = hashlib.sha256(doc.id.encode()).digest()
    return doc.source == "real" and digest[0] % REAL_FOLDS == part


def _in_format(fmt: str, doc: Doc) -> bool:
    return doc.source not in ("dataturks", *REAL_SOURCES) and doc.format == fmt


def _in_family(family: str, doc: Doc) -> bool:
    return doc.family.split("+")[0] == family


def loso_groups() -> dict[str, Callable[[Doc], bool]]:
    groups: dict[str, Callable[[Doc], bool]] = {}
    for fmt in ("text", "markdown", "docx", "pdf"):
        groups[f"format={fmt}"] = partial(_in_format, fmt)
    for family in FAMILIES:
        groups[f"family={family}"] = partial(_in_family, family)
    groups["two-column"] = lambda d: d.family.endswith("+2col")
    groups["people (non-software)"] = lambda d: d.source == "people"
    groups["dataturks (real Indeed)"] = lambda d: d.source == "dataturks"
    groups["real documents"] = lambda d: d.source in REAL_SOURCES
    for part in range(REAL_FOLDS):
        groups[f"real documents {part + 1}/{REAL_FOLDS} (other real ones trained on)"] = partial(
            _in_real_fold, part
        )
    return groups


def evaluate_lines(data: Path, *, loso: bool = False, only: str | None = None) -> dict[str, Any]:
    docs = load_docs(data)
    report: dict[str, Any] = {"data": str(data)}
    held = [d for d in docs if d.split == "heldout"]
    report["held_out_jsonresume (shipped model)"] = score(held, model_path()).summary()
    if not loso:
        return report
    fit = [d for d in docs if d.split == "train"]
    report["loso"] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, member in loso_groups().items():
            if only and only not in name:
                continue
            started = time.perf_counter()
            model = Path(tmp) / "fold.crfsuite"
            train([d for d in fit if not member(d)], model)
            result = score([d for d in fit if member(d)], model).summary()
            result["documents"] = sum(1 for d in fit if member(d))
            result["seconds"] = round(time.perf_counter() - started)
            report["loso"][name] = result
            print(f"{name}: macro F1 {result['macro_f1']} ({result['seconds']} s)", file=sys.stderr)
    return report


def line_table(title: str, summary: dict[str, Any]) -> list[str]:
    out = [
        f"{title}: {summary['lines']} lines, accuracy {summary['accuracy']:.3f}, "
        f"macro F1 {summary['macro_f1']:.3f}, heading meaning "
        f"{summary['heading_meaning_accuracy']}",
        f"  {'label':<13}{'P':>7}{'R':>7}{'F1':>7}{'n':>8}",
    ]
    for label in LABELS:
        row = summary["labels"].get(label)
        if row:
            out.append(
                f"  {label:<13}{row['p']:>7.3f}{row['r']:>7.3f}{row['f1']:>7.3f}{row['n']:>8}"
            )
    return out


def format_line_report(report: dict[str, Any]) -> str:
    lines = line_table(
        "held-out JSON Resumes, shipped model", report["held_out_jsonresume (shipped model)"]
    )
    for name, summary in report.get("loso", {}).items():
        lines += ["", *line_table(f"LOSO {name} ({summary['documents']} documents)", summary)]
    return "\n".join(lines) + "\n"
