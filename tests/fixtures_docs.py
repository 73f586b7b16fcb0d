"""Build DOCX and PDF versions of a Markdown fact resume, the way a person's Word/PDF would look.

Markdown headings become Word headings (PDF: bold, larger), bullets become list paragraphs
(PDF: '•' with a hanging indent), hard-wrapped prose becomes one paragraph that the page wraps,
and short header lines stay separate lines. Emphasis markers become bold/italic runs.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from docx import Document
from docx.shared import Pt, RGBColor

BULLET = re.compile(r"^\s*(?:[-*•–—>]|\d{1,3}[.)])\s+(\S.*)$")
HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
EMPHASIS = re.compile(r"(\*\*[^*]+\*\*|\*[^*\s][^*]*\*)")
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")


@dataclass
class Block:
    kind: str  # heading | bullet | para | line
    text: str
    level: int = 0


def markdown_blocks(markdown: str) -> list[Block]:
    """Headings, bullets (continuations joined), prose paragraphs (joined) and short lines."""
    blocks: list[Block] = []
    para: list[str] = []

    def flush() -> None:
        if not para:
            return
        wrapped = all(len(line) >= 95 for line in para[:-1]) and len(para) > 1
        if wrapped:
            blocks.append(Block("para", " ".join(line.strip() for line in para)))
        else:
            blocks.extend(Block("line", line.strip()) for line in para)
        para.clear()

    for line in markdown.splitlines():
        if not line.strip():
            flush()
            blocks.append(Block("gap", ""))
        elif heading := HEADING.match(line):
            flush()
            blocks.append(Block("heading", heading.group(2), len(heading.group(1))))
        elif bullet := BULLET.match(line):
            flush()
            blocks.append(Block("bullet", bullet.group(1)))
        elif blocks and blocks[-1].kind == "bullet" and not para:
            blocks[-1].text += " " + line.strip()
        else:
            para.append(line)
    flush()
    return blocks


def _runs(text: str) -> list[tuple[str, bool, bool]]:
    out = []
    for piece in EMPHASIS.split(text):
        if piece.startswith("**") and piece.endswith("**") and len(piece) > 4:
            out.append((piece[2:-2], True, False))
        elif piece.startswith("*") and piece.endswith("*") and len(piece) > 2:
            out.append((piece[1:-1], False, True))
        elif piece:
            out.append((piece, False, False))
    return out


def plain(text: str) -> str:
    return "".join(run for run, _, _ in _runs(text))


@cache  # pure: the same Markdown always builds the same bytes
def markdown_to_docx(markdown: str) -> bytes:
    document = Document()
    for block in markdown_blocks(markdown):
        if block.kind == "gap":
            continue
        if block.kind == "heading":
            document.add_heading(plain(block.text), level=min(block.level, 9))
            continue
        style = "List Bullet" if block.kind == "bullet" else None
        paragraph = document.add_paragraph(style=style)
        for text, bold, italic in _runs(block.text):
            run = paragraph.add_run(text)
            run.bold, run.italic = bold or None, italic or None
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def docx_with_hidden_text(visible: str, hidden: dict[str, str]) -> bytes:
    """A DOCX whose paragraphs each add one hidden run: kind is 'white', 'tiny' or 'vanish'."""
    document = Document()
    document.add_paragraph(visible)
    for kind, text in hidden.items():
        paragraph = document.add_paragraph("Visible sentence. ")
        run = paragraph.add_run(text)
        if kind == "white":
            run.font.color.rgb = RGBColor(0xFF, 0xFF, 0xFF)
        elif kind == "tiny":
            run.font.size = Pt(1)
        else:
            run.font.hidden = True
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def _fonts() -> tuple[str, str, str]:
    """(regular, bold, bullet glyph): DejaVu when installed, else Helvetica with '-' bullets."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if (DEJAVU / "DejaVuSans.ttf").exists():
        pdfmetrics.registerFont(TTFont("DejaVu", str(DEJAVU / "DejaVuSans.ttf")))
        pdfmetrics.registerFont(TTFont("DejaVu-Bold", str(DEJAVU / "DejaVuSans-Bold.ttf")))
        return "DejaVu", "DejaVu-Bold", "•"
    return "Helvetica", "Helvetica-Bold", "-"


def _wrap(text: str, font: str, size: float, width: float) -> list[str]:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    lines, current = [], ""
    for word in text.split(" "):
        candidate = f"{current} {word}" if current else word
        if current and stringWidth(candidate, font, size) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    return [*lines, current] if current else lines


@cache
def markdown_to_pdf(markdown: str, *, size: float = 9) -> bytes:
    from reportlab.lib.pagesizes import letter
    from reportlab.pdfgen import canvas

    regular, bold, glyph = _fonts()
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=letter)
    left, top, width = 40.0, letter[1] - 40, letter[0] - 80
    y = top

    def draw(text: str, font: str, font_size: float, x: float) -> None:
        nonlocal y
        if y < 50:
            pdf.showPage()
            y = top
        pdf.setFont(font, font_size)
        pdf.drawString(x, y, text)
        y -= font_size * 1.35

    for block in markdown_blocks(markdown):
        if block.kind == "gap":
            y -= size * 0.9
        elif block.kind == "heading":
            y -= size * 0.8
            draw(plain(block.text), bold, size + 2, left)
        elif block.kind == "bullet":
            lines = _wrap(plain(block.text), regular, size, width - 12)
            draw(f"{glyph} {lines[0]}", regular, size, left)
            for line in lines[1:]:
                draw(line, regular, size, left + 12)
        else:
            for line in _wrap(plain(block.text), regular, size, width):
                draw(line, regular, size, left)
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def scanned_pdf() -> bytes:
    """One page with only a drawn rectangle: no text layer."""
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer)
    pdf.rect(72, 72, 300, 500, fill=1)
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def encrypted_pdf(text: str = "Secret resume") -> bytes:
    from pypdf import PdfWriter

    writer = PdfWriter(clone_from=io.BytesIO(markdown_to_pdf(text)))
    writer.encrypt("open-sesame", algorithm="AES-256")
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


def large_pdf(pages: int = 150) -> bytes:
    """Many dense pages: slow enough to read that a tiny timeout must stop it."""
    line = "Rewrote the card authorization service in Go; p99 fell from 410 ms to 95 ms. " * 2
    return markdown_to_pdf("\n\n".join(f"- {line}" for _ in range(pages * 30)))
