"""Decoding uploaded text bytes. The unicode clean-up lives in core.text.normalize (re-exported
here because many callers import it from this module)."""

from __future__ import annotations

import codecs

from charset_normalizer import from_bytes

from core.errors import InputError
from core.text.normalize import count_invisible, normalize_text

__all__ = ["count_invisible", "decode_text_bytes", "detect_encoding", "normalize_text"]

_WESTERN = ("cp1252", "iso8859_15", "latin_1")


def decode_text_bytes(data: bytes, filename: str) -> tuple[str, list[str]]:
    """Decode a text upload: UTF-8 (with or without BOM), UTF-16 with BOM, else detect."""
    warnings: list[str] = []
    if data.startswith(codecs.BOM_UTF8):
        return _strict(data[3:], "utf-8", filename), warnings
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return _strict(data, "utf-16", filename), warnings
    try:
        return data.decode("utf-8"), warnings
    except UnicodeDecodeError:
        pass
    if b"\x00" in data:
        raise InputError(
            f"{filename} looks like a binary file, not text; upload .md, .txt, .docx or .pdf."
        )
    encoding = detect_encoding(data)
    if encoding is None:
        raise InputError(
            f"Could not work out the character encoding of {filename}; save it as UTF-8 and "
            "upload it again."
        )
    warnings.append(f"{filename} is not UTF-8; read it as {encoding}.")
    return data.decode(encoding, errors="replace"), warnings


def detect_encoding(data: bytes) -> str | None:
    """charset_normalizer's best guess; among equally good guesses, the common Western one.

    Western European text often fits cp1250 as well as cp1252 byte for byte, and charset
    detection cannot tell them apart; cp1252 (Windows' default) is far more likely.
    """
    results = from_bytes(data)
    best = results.best()
    if best is None or best.encoding is None:
        return None
    ties = [m for m in results if (m.chaos, m.coherence) == (best.chaos, best.coherence)]
    for preferred in _WESTERN:
        if any(m.encoding == preferred or preferred in m.could_be_from_charset for m in ties):
            return preferred
    return str(best.encoding)


def _strict(data: bytes, encoding: str, filename: str) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as err:
        raise InputError(
            f"{filename} says it is {encoding.upper()} but contains invalid bytes; save it "
            "again as UTF-8."
        ) from err
