"""Looking at what a run left behind: files under a home, saved boards, DOCX text, children."""

from __future__ import annotations

import json
import os
import sqlite3
import zlib
from pathlib import Path

from core.contracts import Blackboard


def tree_text(root: Path) -> str:
    """Every file under `root` as text, plus every diskcache/sqlite value decompressed."""
    parts: list[str] = []
    for path in sorted(Path(root).rglob("*")):
        if path.is_file():
            parts.append(path.read_bytes().decode("utf-8", "replace"))
            if path.name.endswith(".db"):
                parts.extend(sqlite_text(path))
    return "\n".join(parts)


def sqlite_text(db: Path) -> list[str]:
    texts: list[str] = []
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
            query = "SELECT name FROM sqlite_master WHERE type='table'"
            tables = [row[0] for row in conn.execute(query)]
            for table in tables:
                for row in conn.execute(f'SELECT * FROM "{table}"'):
                    texts.extend(_cell_text(cell) for cell in row)
    except sqlite3.Error:
        pass
    return texts


def _cell_text(cell: object) -> str:
    if isinstance(cell, bytes):
        try:
            return zlib.decompress(cell).decode("utf-8", "replace")
        except zlib.error:
            return cell.decode("utf-8", "replace")
    return str(cell)


def board_file_ok(run_dir: Path) -> Blackboard:
    """The saved blackboard.json parses and validates (a reader never sees half a file)."""
    data = json.loads((run_dir / "blackboard.json").read_text(encoding="utf-8"))
    return Blackboard.model_validate(data)


def child_pids(match: bytes) -> list[int]:
    """Live child processes of this process whose command line contains `match`."""
    me = str(os.getpid())
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            stat = (proc / "stat").read_text().rsplit(")", 1)[1].split()
            cmd = (proc / "cmdline").read_bytes()
        except (OSError, IndexError):
            continue
        if stat[1] == me and match in cmd:
            found.append(int(proc.name))
    return found


def docx_text(path: Path) -> str:
    """All text of a DOCX re-opened with python-docx: body paragraphs, tables, headers."""
    from docx import Document

    document = Document(str(path))
    parts = [p.text for p in document.paragraphs]
    for table in document.tables:
        for row in table.rows:
            parts.extend(cell.text for cell in row.cells)
    for section in document.sections:
        parts.extend(p.text for p in section.header.paragraphs)
    return "\n".join(parts)
