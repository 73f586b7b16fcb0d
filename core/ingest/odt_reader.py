"""ODT (OpenDocument text: LibreOffice, OpenOffice, Google Docs' export) → Markdown-like text.
A flat OpenDocument text (.fodt, one XML file) is checked by core.ingest.odt_flat and walked the
same way.

Order, as for DOCX: is it a zip at all → is it an OpenDocument text (not a spreadsheet, a
presentation or a Word file) → not password-protected → zip-bomb limits → no DTD/entity
declarations in any XML part (core.ingest.zip_package) → parse content.xml and styles.xml with
lxml, entities off. The first page's header is read before the body (contact blocks live there);
the footer only for lines holding an e-mail address or a phone number. Text LibreOffice would not
show (core.ingest.odt_styles, odt_walk: hidden, tiny, the colour of its background, in a hidden
section or frame; the store of tracked deletions) is returned apart with the reason.
"""

from __future__ import annotations

import zipfile
from typing import Any

from lxml import etree

from core.errors import InputError
from core.ingest.docx_reader import DocxText
from core.ingest.docx_shapes import Page, length_points
from core.ingest.limits import check_text_size
from core.ingest.odt_flat import FLAT_TEXT_EXT, flat_root, looks_flat
from core.ingest.odt_styles import StyleSheet, q
from core.ingest.odt_text import mark, read_paragraph
from core.ingest.odt_walk import paragraphs
from core.ingest.zip_package import Package, open_package
from core.settings import IngestSettings
from core.text.contact import find_emails, find_phones

ODT_MIMETYPES = {
    "application/vnd.oasis.opendocument.text",
    "application/vnd.oasis.opendocument.text-template",
}
_OTHER_ODF = {
    "spreadsheet": "an OpenDocument spreadsheet (.ods)",
    "presentation": "an OpenDocument presentation (.odp)",
    "graphics": "an OpenDocument drawing (.odg)",
    "text-master": "an OpenDocument master document (.odm)",
}
_ODF = Package(
    ".odt", "LibreOffice", (".xml", ".rdf"), "an .odt", "save it again from LibreOffice Writer"
)
_PARTS = frozenset({"content.xml", "styles.xml", "META-INF/manifest.xml"})
_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False)


def odf_mimetype(archive: zipfile.ZipFile) -> str | None:
    """The OpenDocument media type a package names in its `mimetype` member, or None."""
    try:
        info = archive.getinfo("mimetype")
    except KeyError:
        return None
    if info.file_size > 200:
        return None
    text = archive.read(info).decode("ascii", "replace").strip()
    return text if text.startswith("application/vnd.oasis.opendocument.") else None


def _check_kind(archive: zipfile.ZipFile, name: str) -> None:
    names = set(archive.namelist())
    kind = odf_mimetype(archive)
    if kind in ODT_MIMETYPES or (kind is None and "content.xml" in names):
        return
    if kind is not None:
        what = _OTHER_ODF.get(kind.rsplit(".", 1)[-1], "an OpenDocument file of another kind")
    elif "word/document.xml" in names:
        what = "a Word .docx"
    else:
        what = "a zip archive"
    raise InputError(
        f"{name} is {what}, not an OpenDocument text (.odt); save the resume from LibreOffice "
        "Writer as .odt or .docx."
    )


def _check_encrypted(manifest: bytes, name: str) -> None:
    if b"encryption-data" in manifest:
        raise InputError(
            f"{name} is password-protected (encrypted), so its text cannot be read; save it "
            "again in LibreOffice without a password, or upload a PDF."
        )


def _check_opening(archive: zipfile.ZipFile, name: str) -> None:
    """An OpenDocument text, and not password-protected."""
    _check_kind(archive, name)
    if "META-INF/manifest.xml" in archive.namelist():
        info = archive.getinfo("META-INF/manifest.xml")
        _check_encrypted(archive.read(info) if info.file_size < 1 << 20 else b"", name)


def _parse(members: dict[str, bytes], part: str, name: str) -> Any | None:
    if part not in members:
        return None
    try:
        return etree.fromstring(members[part], parser=_PARSER)
    except etree.XMLSyntaxError as err:
        raise InputError(f"{name} is a damaged .odt ({part} is not valid XML).") from err


def _parts(data: bytes, name: str, settings: IngestSettings) -> tuple[Any | None, Any | None]:
    """The parsed content and styles parts: a zipped .odt's content.xml and styles.xml, or a
    flat .fodt's one document as both."""
    if not data.startswith(b"PK") and (looks_flat(data) or name.lower().endswith(FLAT_TEXT_EXT)):
        root = flat_root(data, name, settings)
        return root, root
    members = open_package(data, name, settings, _ODF, _check_opening, _PARTS)
    return _parse(members, "content.xml", name), _parse(members, "styles.xml", name)


def read_odt(data: bytes, name: str, settings: IngestSettings) -> DocxText:
    """Checked ODT bytes → lines of Markdown-like text (headings '#', list items '- '), the
    text it hides and why, and where its links point."""
    content, styles = _parts(data, name, settings)
    body = _find(content, "office:body")
    body = body.find(q("office:text")) if body is not None else None
    if content is None or body is None:
        raise InputError(f"{name} has no text body (content.xml); save it again as .odt.")
    common = styles.find(q("office:styles")) if styles is not None else None
    body_sheet = StyleSheet.of(common, content.find(q("office:automatic-styles")))
    page_sheet = StyleSheet.of(common, _find(styles, "office:automatic-styles"))
    master = _first_master_page(styles, body_sheet, body)
    page = _page(styles, master)
    out = DocxText()
    header = _first_page_part(master, "header")
    stories = ([(header, page_sheet)] if header is not None else []) + [(body, body_sheet)]
    chars = 0
    for story, sheet in stories:
        for paragraph in paragraphs(story, sheet, page):
            before = len(out.lines)
            if paragraph is None:
                out.lines.append("")  # a table row ends
            else:
                read = read_paragraph(paragraph, sheet)
                out.link_targets += read.links
                if read.hidden:
                    out.hidden.append(read.hidden)
                    out.reasons.append(read.reasons[0] if read.reasons else "hidden")
                if read.shown.strip():
                    out.lines.extend(mark(paragraph, sheet, read.shown).split("\n"))
                out.lines.append("")  # a paragraph is a block of its own
            chars += sum(len(line) + 1 for line in out.lines[before:])
            if len(out.lines) > settings.max_lines or chars > settings.max_chars + 1:
                check_text_size("\n".join(out.lines), name, settings)  # raises, usual message
    out.lines += _footer_contact(_first_page_part(master, "footer"), page_sheet, page)
    return out


def _find(root: Any | None, path: str) -> Any | None:
    return root.find(q(path)) if root is not None else None


def _first_master_page(styles: Any | None, sheet: StyleSheet, body: Any) -> Any | None:
    """The master page the first page uses: the one the first paragraph's or table's style
    names, else 'Standard', else the first one."""
    masters = _find(styles, "office:master-styles")
    if masters is None:
        return None
    pages = {m.get(q("style:name")): m for m in masters.iterchildren(q("style:master-page"))}
    opening = next((c for c in body.iterchildren() if c.tag != q("text:sequence-decls")), None)
    if opening is not None:
        family = "table" if opening.tag == q("table:table") else "paragraph"
        style = opening.get(q(f"{'table' if family == 'table' else 'text'}:style-name"))
        for chained in sheet.chain(family, style):
            if (named := chained.get(q("style:master-page-name"))) in pages:
                return pages[named]
    standard = pages.get("Standard")
    return standard if standard is not None else next(iter(pages.values()), None)


def _first_page_part(master: Any | None, part: str) -> Any | None:
    """The header or footer the first page shows: its own first-page one when it has one."""
    if master is None:
        return None
    for tag in (f"style:{part}-first", f"loext:{part}-first", f"style:{part}"):
        found = master.find(q(tag))
        if found is not None and found.get(q("style:display"), "true") != "false":
            return found
    return None


def _page(styles: Any | None, master: Any | None) -> Page:
    """The first page's size (its page layout's), US Letter when the file does not say."""
    layout = master.get(q("style:page-layout-name")) if master is not None else None
    holder = _find(styles, "office:automatic-styles")
    for style in holder.iterchildren(q("style:page-layout")) if holder is not None else ():
        properties = style.find(q("style:page-layout-properties"))
        if style.get(q("style:name")) == layout and properties is not None:
            width = length_points(properties.get(q("fo:page-width")))
            height = length_points(properties.get(q("fo:page-height")))
            return Page(width or Page.width, height or Page.height)
    return Page()


def _footer_contact(footer: Any | None, sheet: StyleSheet, page: Page) -> list[str]:
    """The first page's footer lines that hold an e-mail address or a phone number, after a
    blank line; its page numbers and running titles are not read."""
    if footer is None:
        return []
    found = []
    for paragraph in paragraphs(footer, sheet, page):
        if paragraph is not None:
            text = read_paragraph(paragraph, sheet).shown.strip()
            if find_emails(text) or find_phones(text):
                found.append(text)
    return ["", *found] if found else []
