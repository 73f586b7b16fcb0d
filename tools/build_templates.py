"""Build the bundled DOCX templates: `python -m tools.build_templates [--out DIR]`.

A development tool, not part of the installed package: the app reads the built files in
core/templates/, and each template's look (font, sizes, margins) from core/render/looks.py.

python-docx writes ordinary paragraphs whose text holds docxtpl tags ({{ name }},
{%p for role in roles %} …); every tag sits whole in one run, so docxtpl sees it intact. Bullets
use the "List Bullet" paragraph style. All templates are ATS-safe: one column, no tables, text
boxes or images, nothing in headers or footers (contact details are the first body lines), and
explicit common fonts. The files are reproducible byte for byte (fixed zip times and core
properties), so rebuilding without a change leaves git clean.
"""

from __future__ import annotations

import argparse
import io
import zipfile
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import docx
from docx.enum.text import WD_TAB_ALIGNMENT
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.shared import Inches, Pt, RGBColor

from core.render.looks import LOOKS, Look, TemplateLook
from core.render.templates import BUNDLED_TEMPLATES_DIR
from core.workspace import atomic_write_bytes

FIXED_TIME = datetime(2026, 1, 1, tzinfo=UTC)
ZIP_TIME = (1980, 1, 1, 0, 0, 0)
PAGE_WIDTH_IN = 8.5
THEME_ATTRS = ("w:asciiTheme", "w:hAnsiTheme", "w:eastAsiaTheme", "w:cstheme")
AFTER_PBDR = (  # what may follow w:pBdr inside w:pPr (schema order)
    *("w:shd", "w:tabs", "w:suppressAutoHyphens", "w:spacing", "w:ind"),
    *("w:contextualSpacing", "w:jc", "w:outlineLvl", "w:rPr", "w:sectPr"),
)
AFTER_SZCS = (  # what may follow w:szCs inside w:rPr (schema order)
    *("w:highlight", "w:u", "w:effect", "w:bdr", "w:shd", "w:fitText", "w:vertAlign"),
    *("w:rtl", "w:cs", "w:em", "w:lang", "w:eastAsianLayout", "w:specVanish", "w:oMath"),
)

Document = Any  # docx.document.Document (python-docx types its factory loosely)


def tag(doc: Document, text: str) -> None:
    """A paragraph holding only a {%p … %} tag: docxtpl removes the whole paragraph."""
    doc.add_paragraph(text)


def _restyle(
    style: Any, look: Look, size: float, *, bold: bool = False, caps: bool = False
) -> None:
    """Explicit font, size and black text; no theme fonts, theme colours or borders."""
    rpr = style.element.get_or_add_rPr()
    for old in rpr.findall(qn("w:color")):
        rpr.remove(old)
    style.font.name = look.font
    rfonts = rpr.find(qn("w:rFonts"))
    for attr in THEME_ATTRS:
        rfonts.attrib.pop(qn(attr), None)
    rfonts.set(qn("w:cs"), look.font)
    style.font.size = Pt(size)
    for old in rpr.findall(qn("w:szCs")):  # right-to-left scripts use the complex-script size
        rpr.remove(old)
    rpr.insert_element_before(
        OxmlElement("w:szCs", {qn("w:val"): str(round(size * 2))}), *AFTER_SZCS
    )
    style.font.bold = bold
    style.font.all_caps = caps
    style.font.color.rgb = RGBColor(0, 0, 0)
    ppr = style.element.get_or_add_pPr()
    for border in ppr.findall(qn("w:pBdr")):
        ppr.remove(border)


def _rule_below(style: Any) -> None:
    border = OxmlElement("w:pBdr")
    bottom = OxmlElement("w:bottom")
    for key, value in (("w:val", "single"), ("w:sz", "4"), ("w:space", "1"), ("w:color", "000000")):
        bottom.set(qn(key), value)
    border.append(bottom)
    style.element.get_or_add_pPr().insert_element_before(border, *AFTER_PBDR)


def _set_up_styles(doc: Document, look: Look) -> None:
    defaults = doc.styles.element.find(qn("w:docDefaults"))
    for rfonts in defaults.iter(qn("w:rFonts")):
        for attr in THEME_ATTRS:
            rfonts.attrib.pop(qn(attr), None)
        for attr in ("w:ascii", "w:hAnsi", "w:cs"):
            rfonts.set(qn(attr), look.font)
    normal = doc.styles["Normal"]
    _restyle(normal, look, look.body_pt)
    normal.paragraph_format.space_after = Pt(2)
    normal.paragraph_format.line_spacing = 1.0
    title = doc.styles["Title"]
    _restyle(title, look, look.name_pt, bold=True)
    title.paragraph_format.space_after = Pt(2)
    heading = doc.styles["Heading 1"]
    _restyle(heading, look, look.heading_pt, bold=True, caps=look.heading_caps)
    heading.paragraph_format.space_before = Pt(10)
    heading.paragraph_format.space_after = Pt(3)
    if look.heading_rule:
        _rule_below(heading)
    _restyle(doc.styles["List Bullet"], look, look.body_pt)


def _role_line(doc: Document) -> Any:
    line = doc.add_paragraph()
    line.paragraph_format.keep_with_next = True
    line.paragraph_format.space_before = Pt(6)
    return line


def classic_role(doc: Document, look: Look) -> None:
    """'Title — Company' in bold with the dates right-aligned (on a line of their own when the
    headline is too long to share it, so the date never wraps); the location below in italics."""
    tag(doc, "{%p if role.date_fits %}")
    line = _role_line(doc)
    width = Inches(PAGE_WIDTH_IN - 2 * look.margin_in)
    line.paragraph_format.tab_stops.add_tab_stop(width, WD_TAB_ALIGNMENT.RIGHT)
    line.add_run("{{ role.headline }}").bold = True
    line.add_run("\t{{ role.timeframe }}")
    tag(doc, "{%p else %}")
    _role_line(doc).add_run("{{ role.headline }}").bold = True
    doc.add_paragraph("{{ role.timeframe }}").paragraph_format.keep_with_next = True
    tag(doc, "{%p endif %}")
    tag(doc, "{%p if role.location %}")
    place = doc.add_paragraph()
    place.paragraph_format.keep_with_next = True
    place.add_run("{{ role.location }}").italic = True
    tag(doc, "{%p endif %}")


def plain_role(doc: Document, look: Look) -> None:
    """'Title — Company' in bold; 'Dates | Location' on the next line. No tabs."""
    line = doc.add_paragraph()
    line.paragraph_format.keep_with_next = True
    line.paragraph_format.space_before = Pt(6)
    line.add_run("{{ role.headline }}").bold = True
    tag(doc, "{%p if role.meta_line %}")
    doc.add_paragraph("{{ role.meta_line }}").paragraph_format.keep_with_next = True
    tag(doc, "{%p endif %}")


def _write_body(doc: Document, look: Look, role_block: Callable[[Document, Look], None]) -> None:
    doc.add_paragraph("{{ name }}", style="Title")
    tag(doc, "{%p if target_title %}")
    doc.add_paragraph().add_run("{{ target_title }}").bold = True
    tag(doc, "{%p endif %}")
    doc.add_paragraph("{{ contact_line }}")
    tag(doc, "{%p if summary %}")
    doc.add_paragraph("{{ headings.summary }}", style="Heading 1")
    doc.add_paragraph("{{ summary }}")
    tag(doc, "{%p endif %}")
    tag(doc, "{%p if roles %}")
    doc.add_paragraph("{{ headings.experience }}", style="Heading 1")
    tag(doc, "{%p for role in roles %}")
    role_block(doc, look)
    tag(doc, "{%p for bullet in role.bullets %}")
    doc.add_paragraph("{{ bullet }}", style="List Bullet")
    tag(doc, "{%p endfor %}")
    tag(doc, "{%p endfor %}")
    tag(doc, "{%p endif %}")
    tag(doc, "{%p if skills_line %}")
    doc.add_paragraph("{{ headings.skills }}", style="Heading 1")
    doc.add_paragraph("{{ skills_line }}")
    tag(doc, "{%p endif %}")
    tag(doc, "{%p for section in sections %}")
    doc.add_paragraph("{{ section.name }}", style="Heading 1")
    tag(doc, "{%p for line in section.lines %}")
    doc.add_paragraph("{{ line }}", style="List Bullet")
    tag(doc, "{%p endfor %}")
    tag(doc, "{%p endfor %}")


def build_document(spec: TemplateLook) -> bytes:
    doc = docx.Document()
    _set_up_styles(doc, spec.look)
    for section in doc.sections:
        for side in ("left_margin", "right_margin", "top_margin", "bottom_margin"):
            setattr(section, side, Inches(spec.look.margin_in))
    # dates right-aligned on the role line, or a plain line per fact (the PDF layout matches)
    _write_body(doc, spec.look, classic_role if spec.dates_right else plain_role)
    _drop_thumbnail(doc)
    props = doc.core_properties
    props.author = props.last_modified_by = "ResumeForge"
    props.title = f"ResumeForge template: {spec.name}"
    props.comments = spec.description
    props.created = props.modified = FIXED_TIME
    props.revision = 1
    buffer = io.BytesIO()
    doc.save(buffer)
    return reproducible_zip(buffer.getvalue())


def _drop_thumbnail(doc: Document) -> None:
    """python-docx's blank document carries a sample thumbnail image; a resume needs none."""
    rels = doc.part.package.rels
    for rel_id in [rid for rid, rel in rels.items() if rel.reltype == RT.THUMBNAIL]:
        del rels[rel_id]


def reproducible_zip(data: bytes) -> bytes:
    """The same zip with fixed timestamps, so identical content gives identical bytes."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w") as target:
        for info in source.infolist():
            fixed = zipfile.ZipInfo(info.filename, date_time=ZIP_TIME)
            fixed.compress_type = zipfile.ZIP_DEFLATED
            target.writestr(fixed, source.read(info))
    return out.getvalue()


def build_templates(out_dir: Path = BUNDLED_TEMPLATES_DIR) -> list[Path]:
    """Write every bundled template into `out_dir` (atomically). Returns the files."""
    return [atomic_write_bytes(Path(out_dir) / f"{s.name}.docx", build_document(s)) for s in LOOKS]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the bundled DOCX templates.")
    parser.add_argument("--out", type=Path, default=BUNDLED_TEMPLATES_DIR, help="target folder")
    args = parser.parse_args(argv)
    for path in build_templates(args.out):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
