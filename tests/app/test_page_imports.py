"""Pages stay thin: none of them imports an LLM, vector-store or DOCX library directly."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PAGES = sorted((REPO / "app_pages").glob("*.py"))
FORBIDDEN = {"litellm", "instructor", "lancedb", "docxtpl"}
EXPECTED = {"upload.py", "jd_analysis.py", "evidence_map.py", "draft_review.py", "audit.py"}


def imported_modules(source: str) -> set[str]:
    """Top-level package of every import in a module, including imports inside functions."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", "") == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
        ):
            found.add(str(node.args[0].value).split(".")[0])
    return found


def test_the_five_pages_exist():
    assert {p.name for p in PAGES} == EXPECTED


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_page_imports_no_heavy_library(page: Path):
    imports = imported_modules(page.read_text(encoding="utf-8"))
    assert not imports & FORBIDDEN, f"{page.name} imports {sorted(imports & FORBIDDEN)}"


def test_the_checker_sees_every_import_form():
    source = (
        "import litellm\nfrom lancedb.table import Table\nimport os, docxtpl as d\n"
        "def f():\n    import instructor\n"
        "importlib.import_module('litellm.utils')\n"
    )
    assert imported_modules(source) >= FORBIDDEN
