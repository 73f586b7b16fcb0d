"""The line data's varied role layouts (tools/line_data/compose.py, VARIED_LAYOUTS): each written
in every format, read back by the product's reader and labelled by `align`, the role's lines keep
their role labels; only the train split's JSON Resumes get such a rendering."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from core.ingest import read_path
from core.reader.read import extracted_lines
from tools.line_data import build
from tools.line_data.align import align
from tools.line_data.compose import FORMATS, VARIED_LAYOUTS, Block, Cell, compose, draw_style
from tools.line_data.render import RENDERERS, SUFFIX

RESUME = {
    "basics": {"name": "Oluwaseun Hartigan", "email": "o.hartigan@example.org"},
    "work": [
        {
            "position": "Senior Pastry Chef",
            "name": "Harbourside Bakery",
            "url": "https://www.harbourside-bakery.example/about",
            "location": "Leith, Edinburgh",
            "startDate": "2019-02",
            "summary": "Ran the ovens for three shops. Opened at four.",
            "highlights": ["Cut flour waste by a fifth", "Trained four apprentices in lamination"],
        },
        {
            "position": "Commis Chef",
            "name": "The Ship Inn",
            "startDate": "2014-09",
            "endDate": "2018-12",
            "highlights": ["Prepared the Sunday roast for 200 covers"],
        },
    ],
}
ROLE_LABELS = {"role_header", "title", "employer", "dates"}


def _read_back(layout: str, fmt: str, tmp_path: Path) -> list[tuple[str, str, str | None]]:
    rng = random.Random(f"varied:{layout}:{fmt}")
    style = draw_style(rng, fmt)
    style.two_columns, style.furniture, style.referees = False, False, False
    style.varied, style.bullets = layout, True
    blocks = compose(RESUME, rng, style)
    path = tmp_path / f"{layout}{SUFFIX[fmt]}"
    written = RENDERERS[fmt](blocks, style, rng, path)
    gold, missed = align([line.text for line in extracted_lines(read_path(path))], written)
    assert missed == 0
    return gold


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("layout", VARIED_LAYOUTS)
def test_each_varied_layout_keeps_its_role_lines_labelled_in_every_format(
    layout: str, fmt: str, tmp_path: Path
) -> None:
    gold = _read_back(layout, fmt, tmp_path)
    labels = [(text, label) for text, label, _ in gold if text]
    for name in ("Senior Pastry Chef", "Harbourside Bakery", "Commis Chef", "The Ship Inn"):
        lines = [label for text, label in labels if name in text]
        assert lines and set(lines) <= ROLE_LABELS, (name, labels)
    achievement = [label for text, label in labels if "Sunday roast" in text]
    assert achievement == ["bullet"]
    dated = [label for text, label in labels if "2014" in text or "2018" in text]
    assert dated and set(dated) <= ROLE_LABELS


def test_jobs_as_list_items_put_their_achievements_a_level_deeper(tmp_path: Path) -> None:
    text = {line: label for line, label, _ in _read_back("list_items", "text", tmp_path) if line}
    job = next(line for line in text if "Commis Chef" in line)
    bullet = next(line for line in text if "Sunday roast" in line)
    assert text[job] == "role_header" and text[bullet] == "bullet"
    assert len(bullet) - len(bullet.lstrip()) > len(job) - len(job.lstrip())


def test_a_date_range_wrapped_in_its_column_labels_both_pieces() -> None:
    blocks = [
        Block("row", [Cell("02/2024 until 05/2025", "dates"), Cell("Acme, Remote", "employer")])
    ]
    gold, missed = align(["02/2024 until   Acme, Remote", "05/2025"], blocks)
    assert missed == 0
    assert [label for _, label, _ in gold] == ["role_header", "dates"]


def test_only_the_train_split_gets_a_varied_rendering(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    (corpus / "jsonresume").mkdir(parents=True)
    (corpus / "dataturks").mkdir()
    (corpus / "dataturks" / "train.jsonl").write_text("", encoding="utf-8")
    (corpus / "documents").mkdir()
    names = [f"jr-{n:04d}.json" for n in range(1, 40)]
    kept = next(n for n in names if not build.held_out(n))
    out = next(n for n in names if build.held_out(n))
    for name in (kept, out):
        (corpus / "jsonresume" / name).write_text(json.dumps(RESUME), encoding="utf-8")
    empty = tmp_path / "none.jsonl"
    empty.write_text("", encoding="utf-8")
    original = build.PEOPLE
    try:
        build.PEOPLE = tmp_path / "no-people"
        docs = build.documents(corpus, empty, empty)
    finally:
        build.PEOPLE = original
    families = {(d["id"].split(":")[0], d["family"].split("+")[0]) for d in docs}
    assert any(key == kept[:-5] and family.startswith("varied_") for key, family in families)
    assert not any(key == out[:-5] and family.startswith("varied_") for key, family in families)
    assert sum(1 for d in docs if d["id"].startswith(out[:-5])) == 2
