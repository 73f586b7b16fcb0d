"""ATS format check of a DOCX: what applicant tracking systems commonly misread or skip.

Looks at the raw XML of the body, headers and footers (python-docx does not see text boxes):
tables, text boxes, multiple columns, images and drawings, any text in headers or footers
(contact details there are called out), and fonts outside a common, safe set. The body's text is
checked for what a recruiter must never read (core/render/text_check.py): Markdown residue,
mojibake, page furniture, sensitive data and first-person lines.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from core.render.docx_parts import (
    A_NS,
    HEADER_FOOTER_PART,
    MC_NS,
    paragraph_texts,
    read_xml_parts,
    w,
)
from core.writer.text_rules import text_warnings

SAFE_FONTS = frozenset(
    name.casefold()
    for name in (
        "Arial", "Arial Narrow", "Aptos", "Aptos Display", "Book Antiqua", "Calibri",
        "Calibri Light", "Cambria", "Candara", "Carlito", "Caladea", "Century Gothic",
        "Constantia", "Corbel", "Franklin Gothic Book", "Garamond", "EB Garamond", "Georgia",
        "Gill Sans MT", "Helvetica", "Helvetica Neue", "Lato", "Liberation Sans",
        "Liberation Serif", "Open Sans", "Palatino", "Palatino Linotype", "Roboto",
        "Segoe UI", "Source Sans Pro", "Symbol", "Tahoma", "Times New Roman",
        "Trebuchet MS", "Verdana",
    )
)  # fmt: skip
EMAIL = re.compile(r"[\w.+-]+@[\w-]+\.[\w.-]+")
PHONE = re.compile(r"\+?\d[\d\s().-]{7,}\d")
STORY_PARTS = ("word/document.xml",)


def _wanted(name: str) -> bool:
    return (
        name in ("word/document.xml", "word/styles.xml", "word/theme/theme1.xml")
        or HEADER_FOOTER_PART.fullmatch(name) is not None
    )


def docx_format_warnings(path: Path) -> list[str]:
    """Human-readable ATS format warnings for the DOCX at `path` (empty list = none)."""
    parts = read_xml_parts(Path(path), _wanted)
    stories = {n: root for n, root in parts.items() if n in STORY_PARTS or _is_header_footer(n)}
    warnings = _structure_warnings(stories)
    warnings += _header_footer_warnings(parts)
    warnings += _font_warnings(parts)
    body = parts.get("word/document.xml")
    if body is not None:
        warnings += text_warnings(t for t in paragraph_texts(body) if t.strip())
    return warnings


def _is_header_footer(name: str) -> bool:
    return HEADER_FOOTER_PART.fullmatch(name) is not None


def _count(roots: dict[str, Any], tag: str) -> int:
    """Occurrences of `tag`, not counting the fallback copy Word keeps for old readers."""
    fallback = f"{{{MC_NS}}}Fallback"
    total = 0
    for root in roots.values():
        for node in root.iter(tag):
            if not any(parent.tag == fallback for parent in node.iterancestors()):
                total += 1
    return total


def _max_columns(roots: dict[str, Any]) -> int:
    counts = [1]
    for root in roots.values():
        for cols in root.iter(w("cols")):
            number = cols.get(w("num"))
            if number and number.isdigit():
                counts.append(int(number))
            counts.append(len(cols.findall(w("col"))) or 1)
    return max(counts)


def _structure_warnings(stories: dict[str, Any]) -> list[str]:
    warnings: list[str] = []
    tables = _count(stories, w("tbl"))
    if tables:
        warnings.append(
            f"{tables} table(s): ATS parsers often read table cells out of order or skip them; "
            "put the content in plain paragraphs."
        )
    boxes = _count(stories, w("txbxContent"))
    if boxes:
        warnings.append(
            f"{boxes} text box(es): many ATS parsers ignore text boxes; move their text into "
            "the body."
        )
    columns = _max_columns(stories)
    if columns > 1:
        warnings.append(
            f"{columns} columns: ATS parsers may mix the columns' lines together; use a "
            "single column."
        )
    images = _count(stories, w("drawing")) + _count(stories, w("pict"))
    images += _count(stories, w("object"))
    if images:
        warnings.append(
            f"{images} image(s) or drawing(s): ATS parsers cannot read them; anything written "
            "in them is lost."
        )
    return warnings


def _header_footer_warnings(parts: dict[str, Any]) -> list[str]:
    warnings: list[str] = []
    for name in sorted(n for n in parts if _is_header_footer(n)):
        text = " ".join(" ".join(paragraph_texts(parts[name])).split())
        if not text:
            continue
        kind = "header" if "header" in name else "footer"
        found = [label for label, rx in (("email", EMAIL), ("phone", PHONE)) if rx.search(text)]
        if found:
            warnings.append(
                f"The {kind} contains contact details ({', '.join(found)}): ATS parsers often "
                "skip headers and footers; put contact details in the body."
            )
        else:
            shown = text if len(text) <= 60 else text[:59] + "…"
            warnings.append(
                f"The {kind} contains text ('{shown}'): ATS parsers often skip headers and "
                "footers; keep anything important in the body."
            )
    return warnings


def _font_warnings(parts: dict[str, Any]) -> list[str]:
    unusual = sorted(
        {font for font in _fonts_in_use(parts) if font.casefold() not in SAFE_FONTS},
        key=str.casefold,
    )
    return [
        f"Unusual font '{font}': the ATS or the reader's computer may not have it and swap it; "
        "use a common font such as Calibri, Arial or Georgia."
        for font in unusual
    ]


def _fonts_in_use(parts: dict[str, Any]) -> set[str]:
    """Fonts named directly in the stories, by the styles they use, and by the defaults."""
    theme = _theme_fonts(parts.get("word/theme/theme1.xml"))
    styles_root = parts.get("word/styles.xml")
    stories = [
        root for name, root in parts.items() if name in STORY_PARTS or _is_header_footer(name)
    ]
    fonts_nodes: list[Any] = [node for root in stories for node in root.iter(w("rFonts"))]
    if styles_root is not None:
        fonts_nodes += _style_font_nodes(styles_root, _used_style_ids(stories))
    fonts: set[str] = set()
    for node in fonts_nodes:
        for attr in ("ascii", "hAnsi"):
            theme_ref = node.get(w(f"{attr}Theme"))
            name = theme.get(theme_ref[:5], "") if theme_ref else node.get(w(attr))
            if name:
                fonts.add(name)
    return fonts


def _theme_fonts(theme_root: Any) -> dict[str, str]:
    """{'major': typeface, 'minor': typeface} from the theme (Latin script)."""
    fonts: dict[str, str] = {}
    if theme_root is None:
        return fonts
    for kind in ("major", "minor"):
        node = theme_root.find(f".//{{{A_NS}}}{kind}Font/{{{A_NS}}}latin")
        if node is not None and node.get("typeface"):
            fonts[kind] = node.get("typeface")
    return fonts


def _used_style_ids(stories: list[Any]) -> set[str]:
    used: set[str] = set()
    for root in stories:
        for tag in ("pStyle", "rStyle"):
            used.update(node.get(w("val"), "") for node in root.iter(w(tag)))
    return used


def _style_font_nodes(styles_root: Any, used: set[str]) -> list[Any]:
    """rFonts of the document defaults, the default paragraph style and the used styles' chains."""
    by_id = {s.get(w("styleId")): s for s in styles_root.iter(w("style"))}
    pending = set(used)
    pending.update(s.get(w("styleId")) for s in by_id.values() if s.get(w("default")) == "1")
    nodes = list(styles_root.iterfind(f"{w('docDefaults')}//{w('rFonts')}"))
    seen: set[str] = set()
    while pending:
        style_id = pending.pop()
        style = by_id.get(style_id)
        if style is None or style_id in seen:
            continue
        seen.add(style_id)
        nodes += style.findall(f"{w('rPr')}/{w('rFonts')}")
        based_on = style.find(w("basedOn"))
        if based_on is not None:
            pending.add(based_on.get(w("val"), ""))
    return nodes
