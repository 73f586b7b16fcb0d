"""Safety checks of a zipped office document (DOCX, ODT) before any parser sees it.

One opener (`open_package`) for every format, in one order: is it a zip at all → the format's
own kind check (a Word file, not a spreadsheet …) → zip-bomb limits (entry count, declared
uncompressed size, compression ratio) → every member read with a byte budget (a member that
unpacks to more than its header says is refused) and no DTD or entity declarations in any XML
part. Each check fails with an InputError naming the file and what to do; the `Package` words
the messages.
"""

from __future__ import annotations

import io
import zipfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import ParseError, fromstring

from core.errors import InputError
from core.settings import IngestSettings

_CHUNK = 1 << 16


@dataclass(frozen=True)
class Package:
    """How the messages name the document's format and the program that saves it."""

    kind: str  # ".docx", ".odt"
    app: str  # "Word", "LibreOffice"
    xml_suffixes: tuple[str, ...] = (".xml",)
    a_kind: str = "a zip package"  # "a .docx", "an .odt"
    resave: str = "save it again"  # what to do with a file that is no zip


KindCheck = Callable[[zipfile.ZipFile, str], None]


def open_package(
    data: bytes,
    name: str,
    settings: IngestSettings,
    pkg: Package,
    check_kind: KindCheck,
    keep: frozenset[str] = frozenset(),
) -> dict[str, bytes]:
    """Check `data` as a zipped document of `pkg`'s format and return the members in `keep`.
    `check_kind` raises InputError for a zip of another kind (it runs before the bomb checks)."""
    if not data.startswith(b"PK") or not zipfile.is_zipfile(io.BytesIO(data)):
        raise InputError(
            f"{name} is not a valid {pkg.kind} file ({pkg.a_kind} is a zip package and this is "
            f"not one); {pkg.resave}."
        )
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            check_kind(archive, name)
            check_bomb(archive, name, settings, pkg)
            return read_members(archive, name, settings, pkg, keep)
    except zipfile.BadZipFile as err:
        raise InputError(f"{name} is a damaged {pkg.kind} (the zip package is corrupt).") from err


def check_bomb(archive: zipfile.ZipFile, name: str, settings: IngestSettings, pkg: Package) -> None:
    infos = archive.infolist()
    if len(infos) > settings.max_zip_entries:
        raise InputError(
            f"{name} holds {len(infos)} files inside; a resume {pkg.kind} never needs more than "
            f"{settings.max_zip_entries}. Save it again from {pkg.app}."
        )
    limit = int(settings.max_unzipped_mb * 1024 * 1024)
    declared = sum(info.file_size for info in infos)
    compressed = sum(info.compress_size for info in infos) or 1
    if declared > limit:
        raise InputError(
            f"{name} would unpack to {declared // (1024 * 1024)} MB, more than the "
            f"{settings.max_unzipped_mb:g} MB allowed; it may be a zip bomb."
        )
    if declared > _CHUNK and declared / compressed > settings.max_zip_ratio:
        raise InputError(
            f"{name} is compressed {declared / compressed:.0f}:1, far more than a real "
            "document; it looks like a zip bomb and was not opened."
        )


def bounded_read(archive: zipfile.ZipFile, info: zipfile.ZipInfo, budget: int, name: str) -> bytes:
    """One member's bytes; InputError once they pass `budget` (a header that lies)."""
    chunks: list[bytes] = []
    size = 0
    with archive.open(info) as stream:
        while chunk := _read_chunk(stream, info):
            size += len(chunk)
            if size > budget:
                raise InputError(
                    f"{name} unpacks to more than its header says; it looks like a zip bomb "
                    "and was not opened."
                )
            chunks.append(chunk)
    return b"".join(chunks)


def _read_chunk(stream: Any, info: zipfile.ZipInfo) -> bytes:
    """The next chunk of a member; a member whose compressed bytes are broken is a damaged
    zip (zlib's own error would otherwise escape as an unexplained crash)."""
    try:
        return bytes(stream.read(_CHUNK))
    except (zlib.error, EOFError) as err:
        raise zipfile.BadZipFile(f"{info.filename}: {err}") from err


def read_members(
    archive: zipfile.ZipFile,
    name: str,
    settings: IngestSettings,
    pkg: Package,
    keep: frozenset[str] = frozenset(),
) -> dict[str, bytes]:
    """Read every member within the unpacked-size budget, check each XML part for DTD and
    entity declarations and for being well-formed; return the bytes of the members in `keep`."""
    budget = int(settings.max_unzipped_mb * 1024 * 1024)
    members: dict[str, bytes] = {}
    for info in archive.infolist():
        data = bounded_read(archive, info, budget, name)
        budget -= len(data)
        if info.filename in keep:
            members[info.filename] = data
        if not info.filename.endswith(pkg.xml_suffixes):
            continue
        try:
            fromstring(data, forbid_dtd=True, forbid_entities=True, forbid_external=True)
        except DefusedXmlException as err:
            raise InputError(
                f"{name} contains a DTD or entity declarations ({info.filename}); {pkg.app} "
                f"never writes these, so the file was rejected. Save it again from {pkg.app}."
            ) from err
        except ParseError as err:
            raise InputError(
                f"{name} is a damaged {pkg.kind} ({info.filename} is not valid XML)."
            ) from err
    return members
