"""Reading the XML parts of a DOCX (a zip of XML files) safely, without python-docx.

Used where python-docx does not look (text boxes, headers' raw XML, theme fonts, core
properties) and for files we did not write: no entity expansion, no network, size limits.
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lxml import etree

from core.errors import InputError

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
MC_NS = "http://schemas.openxmlformats.org/markup-compatibility/2006"
A_NS = "http://schemas.openxmlformats.org/drawingml/2006/main"
DC_NS = "http://purl.org/dc/elements/1.1/"
MAX_PART_BYTES = 20 * 1024 * 1024
TAG_PATTERN = re.compile(r"\{[{%].*?[%}]\}")
HEADER_FOOTER_PART = re.compile(r"word/(header|footer)\d*\.xml")


def w(tag: str) -> str:
    """Clark name of a WordprocessingML tag: w('p') -> '{…/main}p'."""
    return f"{{{W_NS}}}{tag}"


def _parser() -> Any:
    return etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False)


def read_xml_parts(path: Path, wanted: Callable[[str], bool]) -> dict[str, Any]:
    """Parse the XML parts of the DOCX at `path` whose names `wanted` accepts, by part name."""
    try:
        with zipfile.ZipFile(path) as package:
            parts: dict[str, Any] = {}
            for info in package.infolist():
                if not wanted(info.filename):
                    continue
                if info.file_size > MAX_PART_BYTES:
                    raise InputError(f"{path.name}: part {info.filename} is too large to check")
                parts[info.filename] = etree.fromstring(package.read(info), _parser())
            return parts
    except (zipfile.BadZipFile, OSError, KeyError, etree.XMLSyntaxError) as err:
        raise InputError(
            f"{path.name} is not a readable DOCX file ({err}). Save it again as .docx and retry."
        ) from None


def paragraph_texts(root: Any) -> list[str]:
    """The text of every w:p under `root` (tabs as a tab, breaks as a newline), in order."""
    texts: list[str] = []
    for paragraph in root.iter(w("p")):
        pieces: list[str] = []
        for node in paragraph.iter(w("t"), w("tab"), w("br")):
            if node.tag == w("t"):
                pieces.append(node.text or "")
            else:
                pieces.append("\t" if node.tag == w("tab") else "\n")
        texts.append("".join(pieces))
    return texts


def template_tags(path: Path) -> list[str]:
    """The docxtpl tags ({{ … }}, {% … %}, {%p … %}) in a template's body, in order."""
    parts = read_xml_parts(Path(path), lambda name: name == "word/document.xml")
    if not parts:
        raise InputError(f"{Path(path).name} has no word/document.xml: not a Word document")
    tags: list[str] = []
    for text in paragraph_texts(parts["word/document.xml"]):
        tags.extend(TAG_PATTERN.findall(text))
    return tags


def core_description(path: Path) -> str:
    """The DOCX's core 'comments' property (dc:description), or '' when absent or unreadable."""
    try:
        parts = read_xml_parts(Path(path), lambda name: name == "docProps/core.xml")
    except InputError:
        return ""
    root = parts.get("docProps/core.xml")
    node = None if root is None else root.find(f"{{{DC_NS}}}description")
    return " ".join((node.text or "").split()) if node is not None else ""
