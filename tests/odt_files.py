"""OpenDocument text files built by hand for the ODT reader's tests: a zip of `mimetype` (stored,
first), META-INF/manifest.xml, content.xml and styles.xml, the XML written the way LibreOffice
Writer writes it (its namespaces, automatic styles P1…/T1…, master page "Standard"). The reader
under test never writes ODT, so these files are built independently of it."""

from __future__ import annotations

import io
import zipfile

ODT = "application/vnd.oasis.opendocument.text"
ODS = "application/vnd.oasis.opendocument.spreadsheet"
_NS = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" '
    'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" '
    'xmlns:xlink="http://www.w3.org/1999/xlink" '
    'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" '
    'xmlns:loext="urn:org:documentfoundation:names:experimental:office:xmlns:loext:1.0" '
    'office:version="1.3"'
)
COMMON_STYLES = """
<style:default-style style:family="paragraph">
  <style:text-properties fo:font-size="12pt" fo:color="#000000"/>
</style:default-style>
<style:style style:name="Standard" style:family="paragraph" style:class="text"/>
<style:style style:name="Heading" style:family="paragraph" style:parent-style-name="Standard">
  <style:text-properties fo:font-size="14pt" fo:font-weight="bold"/>
</style:style>
<style:style style:name="Heading_20_1" style:display-name="Heading 1" style:family="paragraph"
  style:parent-style-name="Heading" style:default-outline-level="1"/>
<style:style style:name="Heading_20_2" style:display-name="Heading 2" style:family="paragraph"
  style:parent-style-name="Heading" style:default-outline-level="2"/>
<style:style style:name="Title" style:family="paragraph" style:parent-style-name="Heading">
  <style:text-properties fo:font-size="28pt"/>
</style:style>
<style:style style:name="Table_20_Contents" style:display-name="Table Contents"
  style:family="paragraph" style:parent-style-name="Standard"/>
<style:style style:name="Frame_20_contents" style:display-name="Frame contents"
  style:family="paragraph" style:parent-style-name="Standard"/>
<text:list-style style:name="List_20_1" style:display-name="List 1">
  <text:list-level-style-bullet text:level="1" text:bullet-char="•"/>
  <text:list-level-style-bullet text:level="2" text:bullet-char="◦"/>
</text:list-style>
<text:list-style style:name="Numbering_20_123" style:display-name="Numbering 123">
  <text:list-level-style-number text:level="1" style:num-suffix="." style:num-format="1"/>
</text:list-style>
<text:list-style style:name="No_20_List" style:display-name="No List">
  <text:list-level-style-number text:level="1" style:num-format=""/>
</text:list-style>
"""


def content_xml(body: str, automatic: str = "") -> bytes:
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content {_NS}>'
        f"<office:automatic-styles>{automatic}</office:automatic-styles>"
        f"<office:body><office:text>{body}</office:text></office:body>"
        "</office:document-content>"
    ).encode()


def styles_xml(master: str = "", automatic: str = "", common: str = COMMON_STYLES) -> bytes:
    layout = (
        '<style:page-layout style:name="pm1"><style:page-layout-properties '
        'fo:page-width="21.001cm" fo:page-height="29.7cm"/></style:page-layout>'
    )
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<office:document-styles {_NS}>'
        f"<office:styles>{common}</office:styles>"
        f"<office:automatic-styles>{layout}{automatic}</office:automatic-styles>"
        '<office:master-styles><style:master-page style:name="Standard" '
        f'style:page-layout-name="pm1">{master}</style:master-page></office:master-styles>'
        "</office:document-styles>"
    ).encode()


def manifest_xml(encrypted: bool = False) -> bytes:
    entry = '<manifest:file-entry manifest:full-path="{0}" manifest:media-type="text/xml"{1}>'
    secret = (
        '<manifest:encryption-data manifest:checksum-type="SHA1/1K" manifest:checksum="AA==">'
        '<manifest:algorithm manifest:algorithm-name="Blowfish CFB" '
        'manifest:initialisation-vector="AA=="/><manifest:key-derivation '
        'manifest:key-derivation-name="PBKDF2" manifest:iteration-count="1024" '
        'manifest:salt="AA=="/></manifest:encryption-data>'
    )
    parts = "".join(
        entry.format(part, ">" + secret + "</manifest:file-entry" if encrypted else "/")
        for part in ("content.xml", "styles.xml")
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<manifest:manifest xmlns:manifest='
        '"urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">'
        f'<manifest:file-entry manifest:full-path="/" manifest:media-type="{ODT}"/>{parts}'
        "</manifest:manifest>"
    ).encode()


def odt_package(
    content: bytes,
    styles: bytes | None = None,
    *,
    mimetype: str = ODT,
    manifest: bytes | None = None,
    extra: dict[str, bytes] | None = None,
) -> bytes:
    """The zip LibreOffice writes: `mimetype` stored uncompressed and first, then the parts."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(zipfile.ZipInfo("mimetype"), mimetype, compress_type=zipfile.ZIP_STORED)
        archive.writestr("content.xml", content)
        archive.writestr("styles.xml", styles if styles is not None else styles_xml())
        archive.writestr("META-INF/manifest.xml", manifest or manifest_xml())
        for name, data in (extra or {}).items():
            archive.writestr(name, data)
    return out.getvalue()


def odt(body: str, automatic: str = "", master: str = "", page_automatic: str = "") -> bytes:
    """An .odt whose body is `body` (content.xml's office:text), with automatic styles."""
    return odt_package(content_xml(body, automatic), styles_xml(master, page_automatic))


def flat_odt(
    body: str,
    automatic: str = "",
    master: str = "",
    page_automatic: str = "",
    *,
    mimetype: str = ODT,
    common: str = COMMON_STYLES,
) -> bytes:
    """The same document as `odt(...)` written as LibreOffice's "Flat XML ODF" (.fodt): one
    `office:document` holding the styles, one set of automatic styles, the master pages and the
    body."""
    layout = (
        '<style:page-layout style:name="pm1"><style:page-layout-properties '
        'fo:page-width="21.001cm" fo:page-height="29.7cm"/></style:page-layout>'
    )
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<office:document {_NS} '
        f'office:mimetype="{mimetype}">'
        f"<office:styles>{common}</office:styles>"
        f"<office:automatic-styles>{automatic}{layout}{page_automatic}</office:automatic-styles>"
        '<office:master-styles><style:master-page style:name="Standard" '
        f'style:page-layout-name="pm1">{master}</style:master-page></office:master-styles>'
        f"<office:body><office:text>{body}</office:text></office:body></office:document>"
    ).encode()


def flat_from_package(data: bytes) -> bytes:
    """A zipped .odt rewritten as one flat XML document the way LibreOffice's "Flat XML ODF"
    filter lays it out: styles.xml's font faces, common and automatic styles and master pages,
    content.xml's automatic styles (after the page's) and body. Written with lxml here, never by
    the reader under test."""
    from lxml import etree

    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        content = etree.fromstring(archive.read("content.xml"))
        styles = etree.fromstring(archive.read("styles.xml"))
        mimetype = archive.read("mimetype").decode()
    office = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
    nsmap = {**styles.nsmap, **content.nsmap}
    root = etree.Element(f"{{{office}}}document", nsmap=nsmap)
    root.set(f"{{{office}}}version", content.get(f"{{{office}}}version", "1.3"))
    root.set(f"{{{office}}}mimetype", mimetype)

    def part(tree, name):
        return tree.find(f"{{{office}}}{name}")

    automatic = etree.SubElement(root, f"{{{office}}}automatic-styles")
    for tree, name in ((styles, "font-face-decls"), (styles, "styles")):
        if (found := part(tree, name)) is not None:
            automatic.addprevious(found)
    for tree in (styles, content):
        if (found := part(tree, "automatic-styles")) is not None:
            automatic.extend(list(found))
    for tree, name in ((styles, "master-styles"), (content, "body")):
        if (found := part(tree, name)) is not None:
            root.append(found)
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8")
