"""Leave one generator out: real documents grouped by the program that made them (small
generators pooled by family), each group read by a line reader trained without its documents,
and a held-back document never grouped, trained on or scored."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from core.reader.training import DEV_SOURCE, Doc
from tools.leave_generator_out import (
    MIN_GROUP,
    document_file,
    generator_groups,
    leave_out,
    training_without,
)
from tools.line_data import real

DOCUMENTS = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "documents"
FIELDS = ("file", "format", "generator")


def _corpus(folder: Path, rows: list[tuple[str, str, str]], held: list[str]) -> tuple[Path, Path]:
    index = folder / "index.csv"
    with index.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(FIELDS)
        writer.writerows(rows)
    split = folder / "split.json"
    split.write_text(json.dumps({"heldback": held, "dev": []}), encoding="utf-8")
    return index, split


def test_a_large_generator_is_its_own_group_and_small_ones_pool_by_family(tmp_path: Path) -> None:
    rows = [(f"c{i}.pdf", "PDF", "Chrome print") for i in range(MIN_GROUP)]
    rows += [("a.pdf", "PDF", "Adobe Illustrator"), ("b.pdf", "PDF", "Affinity Publisher")]
    rows += [("x.pdf", "PDF", "Some rare tool"), ("h.pdf", "PDF", "Chrome print")]
    index, split = _corpus(tmp_path, rows, held=["h.pdf"])
    groups = generator_groups([r[0] for r in rows if r[0] != "h.pdf"], index, split)
    assert {groups[f"c{i}.pdf"] for i in range(MIN_GROUP)} == {"Chrome print"}
    assert groups["a.pdf"] == groups["b.pdf"] != "Adobe Illustrator"
    assert groups["x.pdf"] == "other PDF"
    assert "h.pdf" not in groups


def test_a_held_back_document_cannot_be_selected(tmp_path: Path) -> None:
    index, split = _corpus(tmp_path, [("h.pdf", "PDF", "Chrome print")], held=["h.pdf"])
    with pytest.raises(ValueError, match="held-back"):
        generator_groups(["h.pdf"], index, split)


@pytest.mark.skipif(not DOCUMENTS.is_dir(), reason="needs ../shared/corpus")
def test_no_real_held_back_document_is_in_any_group() -> None:
    split = json.loads(real.SPLIT_FILE.read_text(encoding="utf-8"))
    with pytest.raises(ValueError, match="held-back"):
        generator_groups(split["heldback"][:1], DOCUMENTS / "index.csv")
    groups = generator_groups(split["dev"], DOCUMENTS / "index.csv")
    assert set(groups) == set(split["dev"])


def _doc(id_: str, source: str, lines: list[tuple[str, str]], part: str = "train") -> Doc:
    from core.reader.labels import joint
    from core.reader.lines import Line

    return Doc(
        id_,
        source,
        "text",
        "real",
        part,
        [Line(text=t, source="text") for t, _ in lines],
        [joint(label, "experience" if label == "heading" else None) for _, label in lines],
    )


def test_a_groups_documents_are_absent_from_its_training_set() -> None:
    group = {"c0.pdf", "d0.pdf"}
    in_group = [_doc("real:c0.pdf", "real", []), _doc(f"{DEV_SOURCE}:d0.pdf", DEV_SOURCE, [])]
    others = [_doc("real:e.pdf", "real", []), _doc("jr-0001:pdf", "jsonresume", [])]
    held_out = _doc("jr-0002:pdf", "jsonresume", [], part="heldout")
    fit = training_without([*in_group, *others, held_out], group)
    assert fit == others
    assert {document_file(d) for d in in_group} == group


LINES = [
    ("Experience", "heading"),
    ("Engineer, Acme Ltd, 2019 - 2021", "role_header"),
    ("- built the thing that did the work", "bullet"),
    ("Education", "heading"),
    ("BSc Physics, Some University, 2015", "education"),
]


def test_each_group_is_scored_on_its_own_lines_only(tmp_path: Path) -> None:
    rows = [(f"g{i}.txt", "Plain text", "Gen A") for i in range(MIN_GROUP)]
    rows += [(f"h{i}.txt", "Plain text", "Gen B") for i in range(MIN_GROUP + 1)]
    _corpus(tmp_path, rows, held=[])
    data = tmp_path / "lines.jsonl"
    generated = {"id": "jr-1:text", "source": "jsonresume", "format": "text"}
    docs = [{"id": f"real:{name}", "source": "real", "format": "text"} for name, _, _ in rows]
    data.write_text(
        "\n".join(
            json.dumps(
                {
                    **d,
                    "family": "real",
                    "split": "train",
                    "lines": [[t, lab, None, None] for t, lab in LINES],
                }
            )
            for d in [generated, *docs]
        ),
        encoding="utf-8",
    )
    labels = tmp_path / "dev.json"
    labels.write_text("[]", encoding="utf-8")
    report = leave_out(data, tmp_path, labels, [], split=tmp_path / "split.json")
    groups = report["lines"]["groups"]
    assert {g: s["documents"] for g, s in groups.items()} == {"Gen A": 3, "Gen B": 4}
    assert groups["Gen A"]["lines"] == 3 * len(LINES)
    assert report["lines"]["pooled"]["lines"] == 7 * len(LINES)
