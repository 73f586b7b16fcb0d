"""PDF text extraction, run as a separate bounded process by core.ingest.pdf_reader.

Usage: python -I pdf_worker.py MEMORY_MB  (PDF bytes on stdin, JSON on stdout).
Only the standard library and pypdf: the address-space limit is set before pypdf is imported,
so a crafted PDF cannot take more memory than allowed.
"""

from __future__ import annotations

import json
import re
import resource
import sys


def _limit_memory(megabytes: int) -> None:
    limit = megabytes * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


# A word gap in a TJ array is a negative offset in thousandths of an em. TeX and other
# typesetters kern letters by -30..+30 and put words 150..350 apart; 0.1 em (pdfminer's default
# word margin) separates the two. When a page's words run together, gaps wider than this are
# widened to 0.6 em, which pypdf's layout mode then writes as one space.
WORD_GAP = -100.0
WIDENED_GAP = -600.0
_RUN_TOGETHER_SHARE = 0.25  # letters in 20+-letter 'words' above this: spaces are missing


def _layout_text(page: object) -> str:
    try:
        return str(page.extract_text(extraction_mode="layout"))  # type: ignore[attr-defined]
    except Exception:
        return str(page.extract_text())  # type: ignore[attr-defined]


def runs_together(text: str) -> bool:
    """True when much of the text sits in implausibly long 'words' (no inter-word spaces)."""
    words = [w for w in text.split() if any(ch.isalpha() for ch in w)]
    letters = sum(len(w) for w in words)
    long = sum(len(w) for w in words if len(w) >= 20 and "/" not in w and "@" not in w)
    return letters > 200 and long / letters > _RUN_TOGETHER_SHARE


def _widen_word_gaps(page: object, reader: object) -> bool:
    from pypdf.generic import ArrayObject, ContentStream, FloatObject, NameObject

    content = ContentStream(page.get_contents(), reader)  # type: ignore[attr-defined]
    widened = 0
    for operands, operator in content.operations:
        if operator != b"TJ" or not operands or not isinstance(operands[0], ArrayObject):
            continue
        parts = operands[0]
        for i, item in enumerate(parts):
            if isinstance(item, (int, float)) and WIDENED_GAP < float(item) <= WORD_GAP:
                parts[i] = FloatObject(WIDENED_GAP)
                widened += 1
    if widened:
        page[NameObject("/Contents")] = content  # type: ignore[index]
    return widened > 0


def _page_text(page: object, reader: object) -> str:
    text = _layout_text(page)
    if runs_together(text) and _widen_word_gaps(page, reader):
        # a widened gap next to a drawn space gives two or three; column gaps are wider
        text = re.sub(r"(?<=\S) {2,3}(?=\S)", " ", _layout_text(page))
    return text


def extract(data: bytes) -> dict[str, object]:
    import io

    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted and not reader.decrypt(""):
            return {"error": "encrypted"}
        return {"pages": [_page_text(page, reader) for page in reader.pages]}
    except PdfReadError as err:
        message = str(err)
        if "decrypt" in message.lower() or "encrypt" in message.lower():
            return {"error": "encrypted"}
        return {"error": "damaged", "detail": message[:200]}


def main() -> int:
    _limit_memory(int(sys.argv[1]))
    data = sys.stdin.buffer.read()
    try:
        import pypdf  # noqa: F401 - loading the parser is the first thing the limit can stop
    except (MemoryError, ImportError, OSError):
        sys.stdout.write(json.dumps({"error": "memory"}))
        return 0
    try:
        result = extract(data)
    except MemoryError:
        result = {"error": "memory"}
    except Exception as err:  # any parser failure becomes a message, never a traceback
        result = {"error": "damaged", "detail": f"{type(err).__name__}: {err}"[:200]}
    sys.stdout.write(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
