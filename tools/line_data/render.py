"""Labelled blocks -> a resume file in one format (plain text, Markdown, DOCX, PDF via Typst)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from tools.line_data.compose import Block, Style

SUFFIX = {"text": ".txt", "markdown": ".md", "docx": ".docx", "pdf": ".pdf"}
TYPST_LAYOUT = Path(__file__).with_name("layout.typ")


def _ordered(blocks: list[Block]) -> list[Block]:
    """Single-flow order: head, then sidebar, then main (how a one-column reader sees them)."""
    return [b for col in ("head", "side", "main") for b in blocks if b.column == col]


def _plain_line(block: Block, style: Style, markdown: bool) -> str:
    texts = [c.text for c in block.cells]
    if block.kind == "row":
        return style.row_sep.join(texts)
    text = texts[0]
    if block.kind == "li":
        return (
            f"- {text}" if markdown else (f"{style.glyph} {text}" if style.glyph else f"  {text}")
        )
    if markdown and block.kind == "name":
        return f"# {text}"
    if markdown and block.kind == "heading":
        return f"## {text.rstrip(':')}"
    return text


def _furniture_lines(name: str, page: int, rng: random.Random) -> list[str]:
    return [
        rng.choice(
            (
                f"Page {page}",
                f"- {page} -",
                f"{name} – Resume – Page {page}",
                f"{page}",
                f"{name} | Page {page} of 2",
            )
        )
    ]


# A role's own lines a Markdown resume may write as sub-headings ('### Title', '#### Employer'),
# as many Markdown CVs do; the share of Markdown renderings that do
ROLE_LINE_LABELS = frozenset({"title", "employer", "role_header"})
ROLE_HEADING_SHARE = 1 / 3


def _role_heading_level(block: Block, previous: str) -> int:
    """3 for a role's first title/employer line, 4 for the one right under it, else 0."""
    if block.kind != "p" or len(block.cells) != 1 or block.cells[0].label not in ROLE_LINE_LABELS:
        return 0
    return 4 if previous == "h3" else 3


def render_plain(blocks: list[Block], style: Style, rng: random.Random, path: Path) -> list[Block]:
    """Text or Markdown; returns the blocks as written (furniture lines added). Some Markdown
    resumes (ROLE_HEADING_SHARE) write each role's title and employer lines as sub-headings."""
    markdown = style.fmt == "markdown"
    role_headings = markdown and rng.random() < ROLE_HEADING_SHARE
    name = next((b.cells[0].text for b in blocks if b.kind == "name"), "")
    lines: list[str] = []
    written: list[Block] = []
    previous = ""
    for block in _ordered(blocks):
        if block.kind == "heading" or (block.kind != "li" and previous == "li"):
            lines.append("")
        if block.kind == "heading" and markdown is False and rng.random() < 0.1:
            lines.append("")
        if style.fmt == "text" and style.furniture and len(lines) and len(lines) % 55 == 0:
            for text in _furniture_lines(name, len(lines) // 55 + 1, rng):
                lines.extend(["", text, ""])
                written.append(Block("furniture", [_cell(text)]))
        line = _plain_line(block, style, markdown)
        if markdown and block.kind == "row" and rng.random() < 0.5:
            line = f"**{block.cells[0].text}**{style.row_sep}{block.cells[1].text}"
        level = _role_heading_level(block, previous) if role_headings else 0
        if level:
            line = f"{'#' * level} {line}"
        lines.append(line)
        written.append(block)
        if block.kind in ("heading", "name") and rng.random() < 0.5:
            lines.append("")
        previous = f"h{level}" if level else block.kind
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return written


def _cell(text: str):
    from tools.line_data.compose import Cell

    return Cell(text, "furniture")


def render_docx(blocks: list[Block], style: Style, rng: random.Random, path: Path) -> list[Block]:
    from docx import Document
    from docx.shared import Pt

    doc = Document()
    head = [b for b in blocks if b.column == "head"]
    written = list(blocks)
    if style.header_contact:
        header = doc.sections[0].header
        first = header.paragraphs[0]
        for i, block in enumerate(head):
            para = first if i == 0 else header.add_paragraph()
            para.add_run(" ".join(c.text for c in block.cells)).bold = block.kind == "name"
    else:
        _docx_blocks(doc, head, style)
    if style.furniture:
        name = next((b.cells[0].text for b in blocks if b.kind == "name"), "")
        text = rng.choice((f"{name} – Resume", "Page 1", f"{name} | Curriculum Vitae"))
        doc.sections[0].footer.paragraphs[0].add_run(text)
        written.append(Block("furniture", [_cell(text)]))
    side = [b for b in blocks if b.column == "side"]
    main = [b for b in blocks if b.column == "main"]
    if side:
        table = doc.add_table(rows=1, cols=2)
        left, right = table.rows[0].cells
        _docx_blocks(left, side, style, first=left.paragraphs[0])
        _docx_blocks(right, main, style, first=right.paragraphs[0])
    else:
        _docx_blocks(doc, main, style)
    for para in doc.paragraphs:
        for run in para.runs:
            run.font.size = run.font.size or Pt(10.5)
    doc.save(str(path))
    return written


def _docx_blocks(container, blocks: list[Block], style: Style, first=None) -> None:
    for block in blocks:
        para = first if first is not None else container.add_paragraph()
        first = None
        if block.kind == "row" and style.row_sep == "\t":
            para.add_run("\t".join(c.text for c in block.cells)).bold = not style.plain_headings
            continue
        if block.kind == "row" and isinstance(style.glyph, str) and len(style.glyph) % 2:
            table = container.add_table(rows=1, cols=2)
            for cell, part in zip(table.rows[0].cells, block.cells, strict=True):
                cell.paragraphs[0].add_run(part.text)
            para.text = ""
            continue
        text = _plain_line(block, style, markdown=False)
        if block.kind == "li" and style.glyph in ("", "•"):
            para.style = "List Bullet"
            text = block.cells[0].text
        run = para.add_run(text)
        run.bold = block.kind == "name" or (
            block.kind in ("heading", "row") and not style.plain_headings
        )
        if block.kind == "name":
            run.font.size = None


def render_pdf(blocks: list[Block], style: Style, rng: random.Random, path: Path) -> list[Block]:
    import typst

    name = next((b.cells[0].text for b in blocks if b.kind == "name"), "")
    running = rng.choice((f"{name} · Résumé", f"{name} – Resume", f"Curriculum Vitae – {name}"))
    data = {
        "blocks": [
            {"kind": b.kind, "column": b.column, "cells": [c.text for c in b.cells]} for b in blocks
        ],
        "glyph": style.glyph or "•",
        "sep": style.row_sep if style.row_sep.strip() else "   ",
        "body": rng.choice((9.5, 10, 10.5, 11)),
        "margin": rng.choice((0.6, 0.75, 1.0)),
        "furniture": style.furniture,
        "running": running,
        "caps": style.heading_case == "upper",
        "plain": style.plain_headings,
    }
    # Typst's own fonts only: a glyph the body font lacks falls back to the fonts Typst ships, not
    # to whatever this machine has installed, so the same corpus gives the same lines everywhere
    pdf = typst.compile(
        str(TYPST_LAYOUT),
        format="pdf",
        sys_inputs={"data": json.dumps(data)},
        ignore_system_fonts=True,
    )
    path.write_bytes(pdf)
    written = list(blocks)
    if style.furniture:
        from tools.line_data.compose import Cell

        written.append(Block("furniture", [Cell(running, "furniture")]))
        for page in range(1, 5):
            for text in (f"Page {page}", f"{page}", f"Page {page} of {page}", f"{page} / 2"):
                written.append(Block("furniture", [Cell(text, "furniture")]))
    return written


RENDERERS = {
    "text": render_plain,
    "markdown": render_plain,
    "docx": render_docx,
    "pdf": render_pdf,
}
