"""Real documents' lines labelled by hand (tests/corpus_labels/lines.jsonl) as training data.

Each record names a file of ../shared/corpus/documents and lists its lines as
``[sha256(line.text)[:12], label, meaning]``, in the order `extracted_lines(read_path(file))`
gives them. The file is read again here and its lines are matched to the labels by those hashes
(in order, by `difflib`'s longest matching blocks), so an extractor that has changed since the
labels were written costs only the lines that no longer match: they are left out of the
document, and a document with too many of them is dropped. Files held back
(tests/corpus_labels/split.json) are never used here, whatever the labels say. The dev files'
lines (tests/corpus_labels/lines_dev.jsonl) come in as their own source, `real-dev`: the line
reader is trained on them, and the readers' figures on the dev documents are then computed two-fold
(`python -m tools.dev_twofold`: each half scored by a model trained without it).
"""

from __future__ import annotations

import difflib
import hashlib
import json
from pathlib import Path
from typing import Any

from core.ingest import read_path
from core.reader.labels import LABELS, MEANINGS
from core.reader.read import extracted_lines
from core.reader.training import DEV_SOURCE

LABELS_FILE = Path(__file__).resolve().parents[2] / "tests" / "corpus_labels" / "lines.jsonl"
DEV_LABELS_FILE = LABELS_FILE.with_name("lines_dev.jsonl")
SPLIT_FILE = LABELS_FILE.with_name("split.json")
MAX_MISSED = 0.15


def line_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def records(path: Path = LABELS_FILE, *, dev: bool = False) -> list[dict[str, Any]]:
    """The labelled files (the last record of a file wins): never a held-back file; the dev
    files only with `dev` (and then only they)."""
    if not path.exists():
        return []
    split = json.loads(SPLIT_FILE.read_text(encoding="utf-8"))
    held, dev_files = set(split["heldback"]), set(split["dev"])
    latest: dict[str, dict[str, Any]] = {}
    for row in path.read_text(encoding="utf-8").splitlines():
        if row.strip():
            record = json.loads(row)
            name = record["file"]
            if name not in held and (name in dev_files) == dev:
                latest[name] = record
    return [latest[name] for name in sorted(latest)]


def _valid(label: str, meaning: str | None) -> bool:
    return label in LABELS and (label != "heading" or meaning in MEANINGS or meaning is None)


def label_document(
    record: dict[str, Any], documents: Path, layout: Any, source: str = "real"
) -> dict[str, Any] | None:
    """One training document from a labelled file, or None when too few of its lines match."""
    read = extracted_lines(read_path(documents / record["file"]))
    wanted = [(h, label, meaning) for h, label, meaning in record["lines"]]
    keys = [line_hash(line.text) for line in read]
    matcher = difflib.SequenceMatcher(None, keys, [h for h, _, _ in wanted], autojunk=False)
    labels: dict[int, tuple[str, str | None]] = {}
    for block in matcher.get_matching_blocks():
        for k in range(block.size):
            _, label, meaning = wanted[block.b + k]
            if _valid(label, meaning):
                labels[block.a + k] = (label, meaning if label == "heading" else None)
    lines: list[list[Any]] = []
    missed = filled = 0
    for index, line in enumerate(read):
        if not line.text.strip():
            lines.append(["", "other", None, None])
        elif index in labels:
            label, meaning = labels[index]
            lines.append([line.text, label, meaning, layout(line)])
            filled += 1
        else:
            missed += 1  # left out: its label no longer belongs to this line
    if not filled or missed > MAX_MISSED * (filled + missed):
        print(f"drop real {record['file']}: {missed}/{filled + missed} lines unmatched")
        return None
    return {
        "id": f"{source}:{record['file']}",
        "source": source,
        "format": read[0].source if read else "text",
        "family": "real",
        "lines": lines,
        "missed": missed,
        "split": "train",
    }


def load(
    documents: Path, layout: Any, labels: Path = LABELS_FILE, *, dev: bool = False
) -> list[dict[str, Any]]:
    """Training documents of the labelled files (the dev files' own, with `dev`)."""
    docs = []
    for record in records(labels, dev=dev):
        try:
            doc = label_document(record, documents, layout, DEV_SOURCE if dev else "real")
        except Exception as err:
            print(f"skip real {record['file']}: {type(err).__name__}: {str(err)[:80]}")
            continue
        if doc:
            docs.append(doc)
    return docs
