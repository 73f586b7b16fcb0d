"""docx_format_warnings on DOCX files built here with the ATS traps in them."""

from __future__ import annotations

import struct
import zlib

import docx
import pytest
from docx.oxml import parse_xml
from docx.oxml.ns import qn

from core.errors import InputError
from core.render import docx_format_warnings

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"
TEXT_BOX_RUN = (
    f'<w:r xmlns:w="{W}" xmlns:v="urn:schemas-microsoft-com:vml" xmlns:mc="{MC}">'
    '<mc:AlternateContent><mc:Choice Requires="wps"><w:pict><v:shape><v:textbox><w:txbxContent>'
    "<w:p><w:r><w:t>Skills in a box</w:t></w:r></w:p>"
    "</w:txbxContent></v:textbox></v:shape></w:pict></mc:Choice>"
    "<mc:Fallback><w:pict><v:shape><v:textbox><w:txbxContent>"
    "<w:p><w:r><w:t>Skills in a box</w:t></w:r></w:p>"
    "</w:txbxContent></v:textbox></v:shape></w:pict></mc:Fallback></mc:AlternateContent></w:r>"
)


def tiny_png() -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    pixels = zlib.compress(b"\x00\xff\x00\x00")
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    )


def plain_document() -> docx.document.Document:
    document = docx.Document()
    document.styles["Normal"].font.name = "Calibri"
    document.add_paragraph("Dana Levi")
    document.add_paragraph("dana@example.com")
    return document


def test_a_plain_document_has_no_warnings(tmp_path):
    path = tmp_path / "plain.docx"
    plain_document().save(str(path))
    assert docx_format_warnings(path) == []


def test_table_and_header_with_email_are_flagged(tmp_path):
    path = tmp_path / "trap.docx"
    document = plain_document()
    table = document.add_table(rows=2, cols=2)
    table.cell(0, 0).text = "Python"
    document.sections[0].header.paragraphs[0].text = "Dana Levi · dana@example.com"
    document.save(str(path))
    warnings = docx_format_warnings(path)
    assert len(warnings) == 2
    assert any(w.startswith("1 table(s)") for w in warnings)
    assert any("header contains contact details (email)" in w for w in warnings)


def test_footer_text_without_contact_is_still_flagged(tmp_path):
    path = tmp_path / "footer.docx"
    document = plain_document()
    document.sections[0].footer.paragraphs[0].text = "References on request"
    document.save(str(path))
    (warning,) = docx_format_warnings(path)
    assert "footer contains text ('References on request')" in warning


def test_text_box_columns_image_and_font_are_flagged(tmp_path):
    path = tmp_path / "fancy.docx"
    document = plain_document()
    document.add_paragraph()._p.append(parse_xml(TEXT_BOX_RUN))
    document.sections[0]._sectPr.find(qn("w:cols")).set(qn("w:num"), "2")
    image = tmp_path / "dot.png"
    image.write_bytes(tiny_png())
    document.add_picture(str(image))
    document.add_paragraph().add_run("Handwritten").font.name = "Comic Sans MS"
    document.save(str(path))
    warnings = docx_format_warnings(path)
    assert any(w.startswith("1 text box(es)") for w in warnings)  # the fallback copy not counted
    assert any(w.startswith("2 columns") for w in warnings)
    assert any(w.startswith("2 image(s)") for w in warnings)  # the picture and the VML shape
    assert any("Unusual font 'Comic Sans MS'" in w for w in warnings)
    assert len(warnings) == 4


def test_fonts_of_unused_styles_are_not_flagged(tmp_path):
    path = tmp_path / "styles.docx"
    document = plain_document()
    document.styles["Quote"].font.name = "Papyrus"  # defined, never used
    document.save(str(path))
    assert docx_format_warnings(path) == []
    document.add_paragraph("Used now", style="Quote")
    document.save(str(path))
    assert any("Papyrus" in w for w in docx_format_warnings(path))


def test_not_a_docx_is_an_input_error(tmp_path):
    path = tmp_path / "x.docx"
    path.write_bytes(b"plain text, not a zip")
    with pytest.raises(InputError, match="not a readable DOCX"):
        docx_format_warnings(path)
