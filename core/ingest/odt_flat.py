"""Flat OpenDocument (.fodt: LibreOffice's "Flat XML ODF", one XML file) → its parsed root.

A flat file holds in one `office:document` what a zipped .odt splits over content.xml and
styles.xml (one set of automatic styles serves the body and the master pages), so the ODT reader
walks it as both parts. The checks mirror the zipped file's: the bytes within the unpacked-size
limit, no DTD or entity declarations (defusedxml; then lxml with entities and network off), well
formed, and an OpenDocument *text*: a flat spreadsheet, presentation or drawing is named.
"""

from __future__ import annotations

from typing import Any

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import ParseError, fromstring
from lxml import etree

from core.errors import InputError
from core.ingest.odt_styles import q
from core.settings import IngestSettings

_FLAT_OTHER = {
    "spreadsheet": "a flat OpenDocument spreadsheet (.fods)",
    "presentation": "a flat OpenDocument presentation (.fodp)",
    "graphics": "a flat OpenDocument drawing (.fodg)",
    "drawing": "a flat OpenDocument drawing (.fodg)",
}
_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False)
_MARK = b"urn:oasis:names:tc:opendocument:xmlns:office:1.0"
FLAT_TEXT_EXT = (".fodt", ".fott")  # a flat text and its template


def looks_flat(data: bytes) -> bool:
    """Bytes that open as a flat OpenDocument file (an XML prolog or the root element, with
    OpenDocument's office namespace in the first kilobytes)."""
    head = data[:4096].removeprefix(b"\xef\xbb\xbf").lstrip()
    return head.startswith(b"<") and b"office:document" in head and _MARK in head


def flat_root(data: bytes, name: str, settings: IngestSettings) -> Any:
    """The checked `office:document` root of a flat OpenDocument text."""
    limit = int(settings.max_unzipped_mb * 1024 * 1024)
    if len(data) > limit:
        raise InputError(
            f"{name} is {len(data) // (1024 * 1024)} MB of XML, more than the "
            f"{settings.max_unzipped_mb:g} MB a document may hold; save it as .odt or PDF."
        )
    try:
        fromstring(data, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except DefusedXmlException as err:
        raise InputError(
            f"{name} contains a DTD or entity declarations; LibreOffice never writes these in a "
            ".fodt, so the file was rejected. Save it again from LibreOffice."
        ) from err
    except ParseError as err:
        raise InputError(f"{name} is a damaged .fodt (it is not valid XML).") from err
    try:
        root = etree.fromstring(data, parser=_PARSER)
    except etree.XMLSyntaxError as err:
        raise InputError(f"{name} is a damaged .fodt (it is not valid XML).") from err
    _check_kind(root, name)
    return root


def _check_kind(root: Any, name: str) -> None:
    kind = str(root.get(q("office:mimetype")) or "").rsplit(".", 1)[-1]
    body = root.find(q("office:body")) if root.tag == q("office:document") else None
    if not kind and body is not None:  # no media type named: what the body holds
        kind = next((etree.QName(c).localname for c in body if isinstance(c.tag, str)), "")
    if body is not None and kind in ("text", "text-template"):
        return
    what = "an XML file that is not an OpenDocument text"
    if body is not None:
        what = _FLAT_OTHER.get(kind, "a flat OpenDocument file of another kind")
    raise InputError(
        f"{name} is {what}, not a flat OpenDocument text (.fodt); save the resume from "
        "LibreOffice Writer as .odt, .fodt or .docx."
    )
