"""docs/SECURITY.md maps each promise to tests: every test it names exists, so a renamed or
deleted test cannot leave a promise pointing at nothing."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.reliability.conftest import REPO

CITED = re.compile(r"`((?:tests/[\w/]+/)?\w+\.py|…)::(\w+)(?:\[[^\]`]*\])?`")


def defined_names(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    }


def test_every_test_named_in_security_md_exists():
    doc = (REPO / "docs" / "SECURITY.md").read_text(encoding="utf-8")
    cited = CITED.findall(doc)
    assert len(cited) > 30
    missing = []
    previous: Path | None = None
    for file, name in cited:
        if file == "…":  # "the same file as the citation before"
            path = previous
        else:
            path = REPO / file if file.startswith("tests/") else REPO / "tests/reliability" / file
        if path is None or not path.is_file() or name not in defined_names(path):
            missing.append(f"{file}::{name}")
        previous = path
    assert not missing, missing
