"""The line data generator's Markdown as the Markdown parser reads it back: JSON Resume text with
inline HTML (as some authors type it) is written without the tags, and a role's lines written as
sub-headings keep their role labels."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from core.ingest import read_path
from core.reader.read import extracted_lines
from tools.line_data import render
from tools.line_data.align import align
from tools.line_data.compose import compose, draw_style
from tools.line_data.render import RENDERERS, SUFFIX

RESUME = {
    "basics": {"name": "Tamsin Achterberg", "email": "t.achterberg@example.org"},
    "work": [
        {
            "position": "Night Shift <b>Lead</b>",
            "name": "Harbourside Bakery",
            "startDate": "2019-02",
            "summary": "Ran the ovens for <a href='https://example.org'>three shops</a>.<br/>"
            "Opened at four.",
            "highlights": [
                "Cut <strong>flour waste</strong> by a fifth",
                "Trained <em>four</em> apprentices<br>in lamination",
            ],
        }
    ],
}


def test_inline_html_is_left_out_and_every_markdown_line_keeps_its_label(tmp_path: Path) -> None:
    rng = random.Random("markup")
    style = draw_style(rng, "markdown")
    style.bullets, style.two_columns, style.furniture, style.referees = True, False, False, False
    blocks = compose(RESUME, rng, style)
    written = " ".join(cell.text for block in blocks for cell in block.cells)
    assert "<" not in written and "flour waste" in written and "three shops" in written
    path = tmp_path / f"baker{SUFFIX['markdown']}"
    RENDERERS["markdown"](blocks, style, rng, path)
    lines = extracted_lines(read_path(path))
    gold, missed = align([line.text for line in lines], blocks)
    assert missed == 0
    labels = {text: label for text, label, _ in gold if text}
    bullet = next(text for text in labels if "flour waste" in text)
    assert labels[bullet] == "bullet"


def test_markdown_role_sub_headings_are_read_back_as_headings_with_their_role_labels(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(render, "ROLE_HEADING_SHARE", 1.0)  # this rendering writes them
    rng = random.Random("sub-headings")
    style = draw_style(rng, "markdown")
    style.family, style.two_columns, style.furniture, style.referees = (
        "stacked",
        False,
        False,
        False,
    )
    blocks = compose(RESUME, rng, style)
    path = tmp_path / "baker.md"
    render.render_plain(blocks, style, rng, path)
    assert re.search(r"^#{3,4} Night Shift Lead", path.read_text(encoding="utf-8"), re.MULTILINE)
    lines = extracted_lines(read_path(path))
    gold, missed = align([line.text for line in lines], blocks)
    assert missed == 0
    title = next(i for i, line in enumerate(lines) if "Night Shift Lead" in line.text)
    assert lines[title].style in ("h3", "h4") and gold[title][1] in ("title", "role_header")
