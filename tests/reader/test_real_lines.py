"""Real documents' hand line labels become training documents, matched to the extractor's lines by
hash: a line whose text changed is left out, too many such lines drop the file, a held-back file
is never used, and the dev files come in only as their own source (whose readers' figures are
computed two-fold)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.ingest import read_path
from core.reader.read import extracted_lines
from tools.line_data import real
from tools.line_data.build import _layout_fields

DOCUMENTS = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "documents"
pytestmark = pytest.mark.skipif(not DOCUMENTS.is_dir(), reason="needs ../shared/corpus")


def _unsplit_pdf() -> str:
    split = json.loads(real.SPLIT_FILE.read_text(encoding="utf-8"))
    barred = set(split["dev"]) | set(split["heldback"])
    return next(p.name for p in sorted(DOCUMENTS.glob("*.pdf")) if p.name not in barred)


def _record(name: str) -> dict[str, object]:
    lines = extracted_lines(read_path(DOCUMENTS / name))
    rows = [[real.line_hash(line.text), "bullet", None] for line in lines]
    rows[0][1] = "name"
    return {"file": name, "lines": rows}


def test_labels_follow_their_lines_by_hash_and_a_changed_line_is_left_out() -> None:
    name = _unsplit_pdf()
    record = _record(name)
    rows = record["lines"]
    assert isinstance(rows, list)
    whole = real.label_document(record, DOCUMENTS, _layout_fields)
    assert whole is not None
    assert whole["missed"] == 0 and whole["source"] == "real" and whole["split"] == "train"
    assert whole["lines"][0][1] == "name"
    texts = [row[0] for row in whole["lines"] if row[0]]
    changed = next(i for i, row in enumerate(rows) if i > 0 and whole["lines"][i][0])
    rows[changed] = ["000000000000", "heading", "skills"]
    one_off = real.label_document(record, DOCUMENTS, _layout_fields)
    assert one_off is not None and one_off["missed"] == 1
    assert [row[0] for row in one_off["lines"] if row[0]] == [
        t for t in texts if t != whole["lines"][changed][0]
    ]
    for row in rows[: len(rows) // 2]:
        row[0] = "ffffffffffff"
    assert real.label_document(record, DOCUMENTS, _layout_fields) is None


def test_held_back_files_are_never_read_and_dev_files_only_as_their_own_source(
    tmp_path: Path,
) -> None:
    split = json.loads(real.SPLIT_FILE.read_text(encoding="utf-8"))
    labels = tmp_path / "lines.jsonl"
    rows = [
        {"file": split["dev"][0], "lines": []},
        {"file": split["heldback"][0], "lines": []},
        {"file": _unsplit_pdf(), "lines": [["abc", "name", None]]},
    ]
    labels.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    assert [r["file"] for r in real.records(labels)] == [_unsplit_pdf()]
    assert [r["file"] for r in real.records(labels, dev=True)] == [split["dev"][0]]


def test_the_dev_halves_are_fixed_by_file_name_and_each_holds_some() -> None:
    from core.reader.training import DEV_FOLDS, DEV_SOURCE, dev_fold

    split = json.loads(real.SPLIT_FILE.read_text(encoding="utf-8"))
    halves = [dev_fold(name) for name in split["dev"]]
    assert set(halves) == set(range(DEV_FOLDS))
    assert min(halves.count(f) for f in range(DEV_FOLDS)) >= 0.3 * len(halves)
    # the data's id of a dev document falls in the same half as its file name
    assert [dev_fold(f"{DEV_SOURCE}:{name}") for name in split["dev"]] == halves


def test_loso_scores_the_real_documents_left_out_and_by_thirds_apart_from_the_formats() -> None:
    from core.evaluation.line_eval import REAL_FOLDS, loso_groups
    from core.reader.training import Doc

    def doc(id_: str, source: str, fmt: str) -> Doc:
        return Doc(id_, source, fmt, "real" if source == "real" else "stacked", "train", [], [])

    reals = [doc(f"real:doc-{i:04d}.pdf", "real", "pdf") for i in range(30)]
    dev = doc("real-dev:doc-0100.pdf", "real-dev", "pdf")
    synthetic = doc("jr-0001:pdf", "jsonresume", "pdf")
    groups = loso_groups()
    assert all(groups["real documents"](d) for d in [*reals, dev])
    assert not groups["format=pdf"](dev)
    assert not groups["real documents"](synthetic)
    assert not any(groups["format=pdf"](d) for d in reals) and groups["format=pdf"](synthetic)
    thirds = [name for name in groups if name.startswith("real documents ")]
    assert len(thirds) == REAL_FOLDS
    # each real document is in exactly one third, and every third holds some; the dev
    # documents stay in every third's training
    for d in reals:
        assert sum(groups[name](d) for name in thirds) == 1
    assert not any(groups[name](dev) for name in thirds)
    assert all(any(groups[name](d) for d in reals) for name in thirds)


def test_the_dev_documents_line_labels_match_their_files_and_come_in_as_their_own_source() -> None:
    """tests/corpus_labels/lines_dev.jsonl labels every line of the 22 dev documents: each record
    matches its file's lines by hash, its labels are the line reader's, and the training data
    holds them as source `real-dev` only (the reader of lines.jsonl's labels skips them)."""
    from core.reader.labels import LABELS, MEANINGS

    path = real.LABELS_FILE.with_name("lines_dev.jsonl")
    split = json.loads(real.SPLIT_FILE.read_text(encoding="utf-8"))
    records = [json.loads(row) for row in path.read_text(encoding="utf-8").splitlines()]
    assert [r["file"] for r in records] == split["dev"]
    for record in records:
        assert all(label in LABELS for _, label, _ in record["lines"])
        assert all(
            (meaning in MEANINGS) if label == "heading" else meaning is None
            for _, label, meaning in record["lines"]
        )
        document = real.label_document(record, DOCUMENTS, _layout_fields, "real-dev")
        assert document is not None, record["file"]  # at most real.MAX_MISSED of it unmatched
        assert document["source"] == "real-dev" and document["id"] == f"real-dev:{record['file']}"
    assert real.records(path) == []
    assert [r["file"] for r in real.records(path, dev=True)] == split["dev"]


def test_each_dev_half_is_read_by_a_model_trained_on_everything_but_its_own_lines() -> None:
    from core.reader.training import DEV_FOLDS, DEV_SOURCE, Doc, dev_fold
    from tools.dev_twofold import training_without

    split = json.loads(real.SPLIT_FILE.read_text(encoding="utf-8"))

    def doc(id_: str, source: str, part: str = "train") -> Doc:
        return Doc(id_, source, "pdf", "real", part, [], [])

    dev = [doc(f"{DEV_SOURCE}:{name}", DEV_SOURCE) for name in split["dev"]]
    others = [doc("real:doc-9999.pdf", "real"), doc("jr-0001:pdf", "jsonresume")]
    held_out = doc("jr-0002:pdf", "jsonresume", "heldout")
    for fold in range(DEV_FOLDS):
        fit = training_without([*dev, *others, held_out], fold)
        assert all(d in fit for d in others) and held_out not in fit
        assert {d.id for d in dev if d in fit} == {d.id for d in dev if dev_fold(d.id) != fold}
