"""An OpenDocument paragraph's look (bold, italic, type size) as the line reader's `Line` fields.

Each shown piece of text is weighed by its letters, as the PDF reader weighs words: a line is
bold (italic) when at least half its letters are, and its size is the median size of its letters
over the document's median, so 1.0 is body text. The formatting is the effective one: the span's
automatic style, the styles it is based on, the paragraph's style chain, the family's default
(`core.ingest.odt_styles.StyleSheet.blocks`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core.ingest.odt_styles import first, font_points
from core.reader.lines import Line

_BOLD_WEIGHT = 600  # CSS/XSL-FO numeric weights: 600 (semi-bold) and up read as bold


def is_bold(blocks: list[Any]) -> bool:
    weight = (first(blocks, "fo:font-weight") or "normal").strip().lower()
    return weight in ("bold", "bolder") or (weight.isdigit() and int(weight) >= _BOLD_WEIGHT)


def is_italic(blocks: list[Any]) -> bool:
    return (first(blocks, "fo:font-style") or "normal").strip().lower() in ("italic", "oblique")


@dataclass
class Look:
    """The shown letters of one paragraph: how many are bold, italic, and each piece's size."""

    letters: int = 0
    bold: int = 0
    italic: int = 0
    sizes: list[tuple[float, int]] = field(default_factory=list)  # (points, letters)

    def add(self, text: str, blocks: list[Any]) -> None:
        count = sum(1 for ch in text if not ch.isspace())
        if not count:
            return
        self.letters += count
        self.bold += count if is_bold(blocks) else 0
        self.italic += count if is_italic(blocks) else 0
        self.sizes.append((font_points(blocks), count))

    def points(self) -> float | None:
        """The median size of the paragraph's letters."""
        return weighted_median(self.sizes)


def weighted_median(sizes: list[tuple[float, int]]) -> float | None:
    """The median of sizes each counted `count` times (once per letter)."""
    total = sum(count for _, count in sizes)
    seen = 0
    for size, count in sorted(sizes):
        seen += count
        if 2 * seen >= total:
            return size
    return None


def layout_lines(texts: list[str], looks: list[Look | None]) -> list[Line]:
    """Word-processor lines (source `docx`) with their look; blank lines and lines without a
    look (None) carry text only."""
    body = weighted_median([size for look in looks if look for size in look.sizes])
    lines = []
    for text, look in zip(texts, looks, strict=True):
        points = look.points() if look else None
        if not text.strip() or look is None or points is None or not body:
            lines.append(Line(text=text, source="docx"))
            continue
        lines.append(
            Line(
                text=text,
                source="docx",
                size=round(points / body, 3),
                bold=2 * look.bold >= look.letters,
                italic=2 * look.italic >= look.letters,
            )
        )
    return lines
