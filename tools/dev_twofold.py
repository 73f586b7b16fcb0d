"""The readers' figures on the dev documents, whose lines the shipped line reader is trained on:
each half of them read by a line reader trained without it.

    python -m tools.dev_twofold [--readers learned,auto]
        [--data ~/.cache/resumeforge/line_data/lines.jsonl] [--documents ../shared/corpus/documents]
        [--labels tests/corpus_labels/dev.json] [--json]

The dev documents are cut in two by their file names' hash (`core.reader.training.dev_fold`,
fixed before any model was trained on them). For each half a line reader is trained with the
shipped recipe (`PARAMS`, the data's train split) on everything but that half's lines, and that
half is read with it (`core.reader.model.model_file`) and scored as `resumeforge eval resumes
--labels tests/corpus_labels/dev.json` scores it. The two halves' rows are pooled into one
report, printed as that command prints it. These are the dev documents' figures from now on: the
shipped model's own would be training figures. The held-back documents are never touched.
Each half trains in about a minute on this machine.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from functools import partial
from pathlib import Path
from typing import Any

from core.evaluation.resume_eval import evaluate_labelled, format_resume_table, labelled_report
from core.reader.model import MODEL_FILE, model_file
from core.reader.training import (
    DEV_FOLDS,
    DEV_SOURCE,
    PARAMS,
    Doc,
    dev_fold,
    load_docs,
    train,
)
from tools.line_data.build import DEFAULT_OUT

LABELS = Path(__file__).resolve().parents[1] / "tests" / "corpus_labels" / "dev.json"


def training_without(docs: list[Doc], fold: int) -> list[Doc]:
    """The shipped model's training documents, less the dev documents of half `fold`."""
    return [
        d
        for d in docs
        if d.split == "train" and not (d.source == DEV_SOURCE and dev_fold(d.id) == fold)
    ]


def _in_fold(fold: int, name: str) -> bool:
    return dev_fold(name) == fold


def two_fold(
    data: Path, documents: Path, labels: Path, readers: list[str]
) -> dict[str, dict[str, Any]]:
    """Each reader's report on the dev documents, every half read by its own line reader."""
    docs = load_docs(data)
    rows: dict[str, list[dict[str, Any]]] = {reader: [] for reader in readers}
    for fold in range(DEV_FOLDS):
        fit = training_without(docs, fold)
        with tempfile.TemporaryDirectory() as tmp:
            model = Path(tmp) / MODEL_FILE
            train(fit, model, PARAMS)
            in_fold = partial(_in_fold, fold)
            with model_file(model):
                for reader in readers:
                    report = evaluate_labelled(documents, labels, reader, only=in_fold)
                    rows[reader].extend(report["files"])
    return {
        reader: labelled_report(sorted(found, key=lambda row: row["file"]))
        for reader, found in rows.items()
    }


def parse_readers(parser: argparse.ArgumentParser, given: str) -> list[str]:
    """The --readers list (rules, learned, auto), or the parser's error."""
    readers = [r.strip() for r in given.split(",") if r.strip()]
    unknown = sorted(set(readers) - {"rules", "learned", "auto"})
    if unknown:
        parser.error(f"unknown reader(s): {', '.join(unknown)}")
    return readers


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--readers", default="learned,auto", help="comma-separated: rules, learned, auto"
    )
    parser.add_argument("--data", default=str(DEFAULT_OUT / "lines.jsonl"))
    parser.add_argument("--documents", default="../shared/corpus/documents")
    parser.add_argument("--labels", default=str(LABELS))
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    readers = parse_readers(parser, args.readers)
    reports = two_fold(Path(args.data), Path(args.documents), Path(args.labels), readers)
    if args.json:
        print(json.dumps(reports, indent=1))
    for reader, report in reports.items():
        if not args.json:
            print(f"== reader: {reader} (dev documents, two-fold)")
            print(format_resume_table(report), end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
