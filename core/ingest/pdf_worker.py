"""PDF text extraction, run as a separate bounded process by core.ingest.pdf_reader.

Usage: python -I pdf_worker.py MEMORY_MB  (PDF bytes on stdin, JSON on stdout).
Only the standard library and pypdf: the address-space limit is set before pypdf is imported,
so a crafted PDF cannot take more memory than allowed.
"""

from __future__ import annotations

import json
import resource
import sys


def _limit_memory(megabytes: int) -> None:
    limit = megabytes * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def _page_text(page: object) -> str:
    try:
        return str(page.extract_text(extraction_mode="layout"))  # type: ignore[attr-defined]
    except Exception:
        return str(page.extract_text())  # type: ignore[attr-defined]


def extract(data: bytes) -> dict[str, object]:
    import io

    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted and not reader.decrypt(""):
            return {"error": "encrypted"}
        return {"pages": [_page_text(page) for page in reader.pages]}
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
