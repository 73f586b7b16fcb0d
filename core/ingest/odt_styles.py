"""The style sheet of one OpenDocument part: effective formatting, heading levels, list labels.

A paragraph's or span's formatting comes from, in order of precedence: its own (automatic)
style, the styles that one is based on (`style:parent-style-name`), then the family's default
style. A span's text also falls back to its paragraph's style chain. Automatic styles are the
part's own (content.xml and styles.xml each have theirs, with clashing names); common styles live
in styles.xml and are shared.

Text is hidden, as LibreOffice would show it, when the first style that says so makes it
- hidden (`text:display="none"`, the "Hidden" character attribute),
- too small to read (under 6 pt) or squeezed (character scale under 30%),
- the colour of what is behind it (contrast under 1.3:1, as for DOCX): its highlight, its
  paragraph's background, its table cell's or its frame's, else white paper.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core.ingest.docx_hidden import MIN_CONTRAST, MIN_SCALE_PERCENT, contrast
from core.ingest.docx_shapes import length_points

NS = {
    "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
    "style": "urn:oasis:names:tc:opendocument:xmlns:style:1.0",
    "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0",
    "table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
    "draw": "urn:oasis:names:tc:opendocument:xmlns:drawing:1.0",
    "fo": "urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0",
    "svg": "urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0",
    "xlink": "http://www.w3.org/1999/xlink",
    "loext": "urn:org:documentfoundation:names:experimental:office:xmlns:loext:1.0",
}
MIN_POINTS = 6.0
_BODY_POINTS = 12.0  # LibreOffice's default size when no style sets one


def q(name: str) -> str:
    """'text:p' → '{urn:…:text:1.0}p'."""
    prefix, _, local = name.partition(":")
    return f"{{{NS[prefix]}}}{local}"


def colour(value: str | None) -> str | None:
    """'#rrggbb' → 'RRGGBB'; None for 'transparent', a missing or an odd value."""
    text = (value or "").strip().lstrip("#")
    if len(text) == 6 and all(ch in "0123456789abcdefABCDEF" for ch in text):
        return text.upper()
    return None


@dataclass
class StyleSheet:
    """Styles of one part (its automatic styles over the shared common ones), indexed once."""

    styles: dict[tuple[str, str], Any] = field(default_factory=dict)
    defaults: dict[str, Any] = field(default_factory=dict)
    lists: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, common: Any | None, automatic: Any | None) -> StyleSheet:
        """`common`: styles.xml's office:styles; `automatic`: the part's office:automatic-styles."""
        sheet = cls()
        for holder in (common, automatic):  # automatic styles win on a clash
            if holder is None:
                continue
            for style in holder.iterchildren(q("style:style")):
                key = (style.get(q("style:family"), ""), style.get(q("style:name"), ""))
                sheet.styles[key] = style
            for default in holder.iterchildren(q("style:default-style")):
                sheet.defaults[default.get(q("style:family"), "")] = default
            for listed in holder.iterchildren(q("text:list-style")):
                sheet.lists[listed.get(q("style:name"), "")] = listed
        return sheet

    def chain(self, family: str, name: str | None) -> list[Any]:
        """The style named `name`, the styles it is based on, then the family's default."""
        found: list[Any] = []
        seen: set[str] = set()
        while name and name not in seen and (style := self.styles.get((family, name))) is not None:
            seen.add(name)
            found.append(style)
            name = style.get(q("style:parent-style-name"))
        if (default := self.defaults.get(family)) is not None:
            found.append(default)
        return found

    def blocks(self, family: str, name: str | None, tag: str) -> list[Any]:
        """The `tag` property blocks (e.g. 'style:text-properties') of a style chain."""
        return [
            block for style in self.chain(family, name) if (block := style.find(q(tag))) is not None
        ]

    def outline_level(self, paragraph_style: str | None) -> int | None:
        """The heading level a paragraph style gives ('Heading 2' → 2), or None."""
        for style in self.chain("paragraph", paragraph_style):
            level = style.get(q("style:default-outline-level"), "")
            if level.isdigit() and int(level) > 0:
                return int(level)
        return None

    def display_name(self, paragraph_style: str | None) -> str:
        """The name the user sees of a paragraph's style (automatic styles name their parent)."""
        for style in self.chain("paragraph", paragraph_style):
            if style.getparent() is not None and style.getparent().tag == q("office:styles"):
                return str(style.get(q("style:display-name")) or style.get(q("style:name")) or "")
        return ""

    def list_style(self, paragraph_style: str | None) -> str | None:
        for style in self.chain("paragraph", paragraph_style):
            if name := style.get(q("style:list-style-name")):
                return str(name)
        return None

    def labelled(self, list_style: str | None, level: int) -> bool:
        """Does level `level` (1-based) of the list style show a bullet or a number? A level
        with neither (LibreOffice's "No List", outline numbering left empty) only indents."""
        holder = self.lists.get(list_style or "")
        if holder is None:
            return True  # a list without a style of its own: LibreOffice shows bullets
        for entry in holder:
            if entry.get(q("text:level")) != str(level):
                continue
            if entry.tag == q("text:list-level-style-bullet"):
                return bool(entry.get(q("text:bullet-char"), "").strip())
            if entry.tag == q("text:list-level-style-number"):
                return bool(entry.get(q("style:num-format"), ""))
            return entry.tag == q("text:list-level-style-image")
        return False


def first(blocks: list[Any], attribute: str) -> str | None:
    """The first value of `attribute` (e.g. 'fo:color') in the blocks, nearest first."""
    key = q(attribute)
    for block in blocks:
        if (value := block.get(key)) is not None:
            return str(value)
    return None


def font_points(blocks: list[Any]) -> float:
    """The effective font size: the nearest absolute size, scaled by the percentages above it."""
    scale = 1.0
    for block in blocks:
        value = (block.get(q("fo:font-size")) or "").strip()
        if value.endswith("%"):
            try:
                scale *= float(value[:-1]) / 100
            except ValueError:
                continue
        elif (points := length_points(value)) is not None:
            return points * scale
    return _BODY_POINTS * scale


def hidden_reason(text_blocks: list[Any], backgrounds: list[str | None]) -> str | None:
    """Why LibreOffice would not show text of this effective formatting, or None.
    `text_blocks`: text-property blocks, nearest first; `backgrounds`: what lies behind the
    text beyond its own highlight (paragraph, cell, frame), nearest first."""
    if first(text_blocks, "text:display") == "none":
        return "hidden (display none)"
    if font_points(text_blocks) < MIN_POINTS:
        return "too small to read"
    scale = (first(text_blocks, "style:text-scale") or "100%").rstrip("%")
    if scale.replace(".", "", 1).isdigit() and float(scale) < MIN_SCALE_PERCENT:
        return "squeezed to nothing"
    if first(text_blocks, "style:use-window-font-color") == "true":
        return None
    ink = colour(first(text_blocks, "fo:color"))
    if ink is None:
        return None
    behind = [colour(first(text_blocks, "fo:background-color")), *backgrounds]
    background = next((fill for fill in behind if fill), "FFFFFF")
    return "same colour as its background" if contrast(ink, background) < MIN_CONTRAST else None
