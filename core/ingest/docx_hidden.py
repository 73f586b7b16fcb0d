"""Is a DOCX run visible? Decided by its *effective* formatting, as Word would show it.

A run's properties come from, in order of precedence: the run itself, its character style (and
the styles that one is based on), its paragraph's style (and its bases, or the default
paragraph style), then the document defaults. A run is hidden when the first of these that says
so makes it
- vanished (`w:vanish`, `w:specVanish`; not `w:webHidden`, which hides text in Web Layout
  view only: print and the default view show it),
- too small to read (under 6 pt) or squeezed (character scale under 30%),
- the colour of what is behind it: contrast under 1.3:1 (WCAG formula) against its shading or
  highlight, the paragraph's shading, its table cell's shading or its text box's fill, else
  white paper — white, theme `background1`, very light grey, black on black.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from docx.oxml.ns import qn

MIN_HALF_POINTS = 12  # 6 pt
MIN_SCALE_PERCENT = 30
MIN_CONTRAST = 1.3
_OFF = {"0", "false", "off"}
_THEME = {  # the Office theme's light and dark colours (a theme can change them; rarely does)
    "background1": "FFFFFF",
    "light1": "FFFFFF",
    "background2": "E7E6E6",
    "light2": "E7E6E6",
    "text1": "000000",
    "dark1": "000000",
    "text2": "44546A",
    "dark2": "44546A",
}
_HIGHLIGHT = {"black": "000000", "white": "FFFFFF", "lightGray": "C0C0C0", "darkGray": "808080"}


def _on(element: Any) -> bool:
    return element is not None and element.get(qn("w:val"), "true").lower() not in _OFF


def _number(element: Any, default: int) -> int:
    """A property's integer value ('w:val="8"', '1%'), or `default` when absent or odd."""
    value = (element.get(qn("w:val"), "") if element is not None else "").rstrip("%")
    return int(value) if value.isdigit() else default


def _luminance(hex_colour: str) -> float:
    channels = []
    for i in (0, 2, 4):
        c = int(hex_colour[i : i + 2], 16) / 255
        channels.append(c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4)
    red, green, blue = channels
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(foreground: str, background: str) -> float:
    """WCAG contrast ratio of two RRGGBB colours (1.0 = identical, 21.0 = black on white)."""
    light, dark = sorted((_luminance(foreground), _luminance(background)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _hex(value: str | None) -> str | None:
    if value and len(value) == 6 and all(ch in "0123456789abcdefABCDEF" for ch in value):
        return value.upper()
    return None


_A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
_WPS = "{http://schemas.microsoft.com/office/word/2010/wordprocessingShape}"
_VML_SHAPES = {f"{{urn:schemas-microsoft-com:vml}}{tag}" for tag in ("shape", "rect", "roundrect")}
_SCHEME = {  # DrawingML scheme colours of the Office theme (text boxes name them so)
    "bg1": "FFFFFF", "lt1": "FFFFFF", "tx1": "000000", "dk1": "000000", "bg2": "E7E6E6",
    "lt2": "E7E6E6", "tx2": "44546A", "dk2": "44546A", "accent1": "4472C4", "accent2": "ED7D31",
    "accent3": "A5A5A5", "accent4": "FFC000", "accent5": "5B9BD5", "accent6": "70AD47",
}  # fmt: skip


def _shape_fill(shape: Any) -> str | None:
    """A text box's own solid fill (wps:spPr/a:solidFill, or VML `fillcolor`), if it has one."""
    if shape.tag in _VML_SHAPES:
        if shape.get("filled", "t").lower() in ("f", "false"):
            return None
        return _hex((shape.get("fillcolor") or "").lstrip("#").split(" ")[0])
    properties = shape.find(f"{_WPS}spPr")
    solid = properties.find(f"{_A}solidFill") if properties is not None else None
    if solid is None:
        return None
    if (rgb := solid.find(f"{_A}srgbClr")) is not None:
        return _hex(rgb.get("val"))
    scheme = solid.find(f"{_A}schemeClr")
    return _SCHEME.get(scheme.get("val", "")) if scheme is not None else None


def _container_fill(paragraph: Any) -> str | None:
    """What is behind an unshaded paragraph: the shading of its table cell, or the fill of
    its text box, the nearest first (templates' dark sidebars and name banners)."""
    parent = paragraph.getparent()
    while parent is not None:
        if parent.tag == qn("w:tc"):
            tcpr = parent.find(qn("w:tcPr"))
            shading = tcpr.find(qn("w:shd")) if tcpr is not None else None
            if shading is not None and (fill := _hex(shading.get(qn("w:fill")))):
                return fill
        elif (parent.tag == f"{_WPS}wsp" or parent.tag in _VML_SHAPES) and (
            fill := _shape_fill(parent)
        ):
            return fill
        parent = parent.getparent()
    return None


@dataclass
class Formatting:
    """Style sheet of one document, indexed once; `hidden_reason` per run."""

    styles: dict[str, Any]
    default_rpr: Any
    default_paragraph_style: str | None

    @classmethod
    def of(cls, document: Any) -> Formatting:
        root = document.styles.element
        styles = {s.get(qn("w:styleId")): s for s in root.findall(qn("w:style"))}
        defaults = root.find(qn("w:docDefaults"))
        rpr = None
        if defaults is not None and (holder := defaults.find(qn("w:rPrDefault"))) is not None:
            rpr = holder.find(qn("w:rPr"))
        normal = next(
            (
                style_id
                for style_id, style in styles.items()
                if style.get(qn("w:type")) == "paragraph"
                and style.get(qn("w:default"), "").lower() in ("1", "true", "on")
            ),
            None,
        )
        return cls(styles, rpr, normal)

    def _chain(self, style_id: str | None, tag: str) -> list[Any]:
        """The `tag` property blocks (w:rPr / w:pPr) of a style and the styles it is based on."""
        found, seen = [], set()
        while (
            style_id and style_id not in seen and (style := self.styles.get(style_id)) is not None
        ):
            seen.add(style_id)
            if (block := style.find(qn(tag))) is not None:
                found.append(block)
            based = style.find(qn("w:basedOn"))
            style_id = based.get(qn("w:val")) if based is not None else None
        return found

    def _run_blocks(self, run: Any, paragraph: Any) -> list[Any]:
        rpr = run.find(qn("w:rPr"))
        blocks = [rpr] if rpr is not None else []
        char_style = rpr.find(qn("w:rStyle")) if rpr is not None else None
        if char_style is not None:
            blocks += self._chain(char_style.get(qn("w:val")), "w:rPr")
        blocks += self._chain(self._paragraph_style(paragraph), "w:rPr")
        return blocks + ([self.default_rpr] if self.default_rpr is not None else [])

    def _paragraph_style(self, paragraph: Any) -> str | None:
        ppr = paragraph.find(qn("w:pPr"))
        style = ppr.find(qn("w:pStyle")) if ppr is not None else None
        return style.get(qn("w:val")) if style is not None else self.default_paragraph_style

    @staticmethod
    def _first(blocks: list[Any], *tags: str) -> Any:
        for block in blocks:
            for tag in tags:
                if (element := block.find(qn(tag))) is not None:
                    return element
        return None

    def _background(self, blocks: list[Any], paragraph: Any) -> str:
        highlight = self._first(blocks, "w:highlight")
        if highlight is not None and highlight.get(qn("w:val")) in _HIGHLIGHT:
            return _HIGHLIGHT[highlight.get(qn("w:val"))]
        shading = self._first(blocks, "w:shd")
        if shading is None:
            ppr = paragraph.find(qn("w:pPr"))
            para_blocks = [ppr] if ppr is not None else []
            para_blocks += self._chain(self._paragraph_style(paragraph), "w:pPr")
            shading = self._first(para_blocks, "w:shd")
        fill = _hex(shading.get(qn("w:fill"))) if shading is not None else None
        return fill or _container_fill(paragraph) or "FFFFFF"

    def _colour(self, blocks: list[Any]) -> str | None:
        colour = self._first(blocks, "w:color")
        if colour is None:
            return None
        theme = colour.get(qn("w:themeColor"))
        if theme in _THEME:
            return _THEME[theme]
        return _hex(colour.get(qn("w:val")))  # 'auto' contrasts with whatever is behind it

    def hidden_reason(self, run: Any, paragraph: Any) -> str | None:
        """Why Word would not show this run (`run`, `paragraph`: w:r and w:p elements)."""
        blocks = self._run_blocks(run, paragraph)
        if _on(self._first(blocks, "w:vanish", "w:specVanish")):
            return "hidden (vanish)"
        if _number(self._first(blocks, "w:sz"), MIN_HALF_POINTS) < MIN_HALF_POINTS:
            return "too small to read"
        if _number(self._first(blocks, "w:w"), 100) < MIN_SCALE_PERCENT:
            return "squeezed to nothing"
        colour = self._colour(blocks)
        if (
            colour is not None
            and contrast(colour, self._background(blocks, paragraph)) < MIN_CONTRAST
        ):
            return "same colour as its background"
        return None
