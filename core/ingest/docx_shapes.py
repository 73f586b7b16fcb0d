"""Is a DOCX text box shown? Decided by the geometry and visibility of the shapes around it.

A text box (`w:txbxContent`) sits in a VML shape (`v:shape` with a CSS-like `style`) or in a
DrawingML drawing (`wp:anchor` / `wp:inline` holding a `wps:wsp`). Word shows none of its text
when a shape around it is
- hidden: VML `visibility:hidden` or `display:none`, DrawingML `wp:docPr hidden="1"`;
- of zero size: width 0, or height 0 without fit-to-text (VML `mso-fit-shape-to-text`,
  DrawingML `a:spAutoFit`);
- off the page: the whole box lies outside the page for every place its anchor could be
  (offsets relative to the page are exact; relative to a margin, column, paragraph or character
  the anchor can be anywhere on the page, so only a box more than a page away counts).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

_V = "{urn:schemas-microsoft-com:vml}"
_VML_SHAPES = {f"{_V}{tag}" for tag in ("shape", "rect", "roundrect", "oval", "group")}
_WP = "{http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing}"
_A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
_WPS = "{http://schemas.microsoft.com/office/word/2010/wordprocessingShape}"
_DRAWINGS = {f"{_WP}anchor", f"{_WP}inline"}
_EMU_PER_PT = 12700
_PT_PER_UNIT = {"pt": 1.0, "in": 72.0, "cm": 72 / 2.54, "mm": 72 / 25.4, "pc": 12.0, "px": 0.75}
_LENGTH = re.compile(r"^(-?\d*\.?\d+)\s*([a-z]*)$")
_ALIGNED = {"left", "center", "right", "inside", "outside", "top", "bottom"}

OFF_PAGE = "text box off the page"
INVISIBLE = "text box hidden"
ZERO_SIZE = "text box of zero size"


@dataclass(frozen=True)
class Page:
    """Page size in points (US Letter when the document does not say)."""

    width: float = 612.0
    height: float = 792.0

    @classmethod
    def of(cls, document: Any) -> Page:
        section = document.sections[0] if len(document.sections) else None
        width = getattr(section, "page_width", None)
        height = getattr(section, "page_height", None)
        return cls(
            width / _EMU_PER_PT if width else cls.width,
            height / _EMU_PER_PT if height else cls.height,
        )

    def outside(self, offset: float, size: float, *, from_page: bool, vertical: bool) -> bool:
        """Is a box at `offset` of `size` points off the page, whatever its anchor's place?"""
        extent = self.height if vertical else self.width
        reach = 0.0 if from_page else extent  # where the anchor may be: 0 … reach
        return offset + size + reach <= 0 or offset >= extent


def hidden_box_reason(paragraph: Any, page: Page) -> str | None:
    """Why Word would show nothing of this paragraph's text box, or None (not in a box, or
    the box is shown). `paragraph` is a `w:p` element."""
    parent = paragraph.getparent()
    while parent is not None:
        if parent.tag in _VML_SHAPES:
            reason = _vml_reason(parent, page)
        elif parent.tag in _DRAWINGS:
            reason = _drawing_reason(parent, page)
        else:
            reason = None
        if reason:
            return reason
        parent = parent.getparent()
    return None


def length_points(value: str | None) -> float | None:
    """A CSS / VML length in points ('-5000pt', '2in', '30' = px), or None."""
    match = _LENGTH.match((value or "").strip().lower())
    if not match or match.group(2) not in ("", *_PT_PER_UNIT):
        return None
    return float(match.group(1)) * _PT_PER_UNIT.get(match.group(2) or "px", 0.75)


def _vml_reason(shape: Any, page: Page) -> str | None:
    style: dict[str, str] = {}
    for item in (shape.get("style") or "").split(";"):
        key, _, value = item.partition(":")
        style[key.strip().lower()] = value.strip().lower()
    if style.get("visibility") == "hidden" or style.get("display") == "none":
        return INVISIBLE
    width, height = length_points(style.get("width")), length_points(style.get("height"))
    grows = style.get("mso-fit-shape-to-text") in ("t", "true")
    if width == 0 or (height == 0 and not grows):
        return ZERO_SIZE
    if shape.getparent() is not None and _inside_vml_group(shape):
        return None  # a grouped shape's offsets are in its group's coordinates
    for vertical, (near, far) in enumerate((("margin-left", "left"), ("margin-top", "top"))):
        axis = "vertical" if vertical else "horizontal"
        if style.get(f"mso-position-{axis}", "absolute") in _ALIGNED:
            continue
        offset = length_points(style.get(near) or style.get(far))
        size = (height if vertical else width) or 0.0
        from_page = style.get(f"mso-position-{axis}-relative") == "page"
        if offset is not None and page.outside(
            offset, size, from_page=from_page, vertical=bool(vertical)
        ):
            return OFF_PAGE
    return None


def _inside_vml_group(shape: Any) -> bool:
    parent = shape.getparent()
    while parent is not None:
        if parent.tag == f"{_V}group":
            return True
        parent = parent.getparent()
    return False


def _drawing_reason(drawing: Any, page: Page) -> str | None:
    properties = drawing.find(f"{_WP}docPr")
    if properties is not None and properties.get("hidden", "").lower() in ("1", "true"):
        return INVISIBLE
    extent = drawing.find(f"{_WP}extent")
    width = _emu_points(extent.get("cx")) if extent is not None else None
    height = _emu_points(extent.get("cy")) if extent is not None else None
    grows = next(drawing.iter(f"{_A}spAutoFit"), None) is not None
    if width == 0 or (height == 0 and not grows):
        return ZERO_SIZE
    if drawing.tag != f"{_WP}anchor":
        return None
    simple = drawing.get("simplePos", "0").lower() in ("1", "true")
    for vertical, (tag, xy) in enumerate(((f"{_WP}positionH", "x"), (f"{_WP}positionV", "y"))):
        if simple:
            place = drawing.find(f"{_WP}simplePos")
            offset = _emu_points(place.get(xy)) if place is not None else None
            from_page = True
        else:
            position = drawing.find(tag)
            held = position.find(f"{_WP}posOffset") if position is not None else None
            offset = _emu_points(held.text) if held is not None else None
            from_page = position is not None and position.get("relativeFrom") == "page"
        size = (height if vertical else width) or 0.0
        if offset is not None and page.outside(
            offset, size, from_page=from_page, vertical=bool(vertical)
        ):
            return OFF_PAGE
    return None


def _emu_points(value: str | None) -> float | None:
    text = (value or "").strip()
    return int(text) / _EMU_PER_PT if text.lstrip("-").isdigit() else None
