"""Docs as tests (datasette-style): every CLI command and every setting is documented, and every
documented command and setting exists, so the README and docs/ cannot drift from the code."""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import BaseModel

from core.cli import HANDLERS
from core.settings import Settings

REPO = Path(__file__).resolve().parents[2]
DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]


def doc_text() -> str:
    return "\n".join(path.read_text(encoding="utf-8") for path in DOCS)


def setting_names(model: type[BaseModel] = Settings, prefix: str = "RESUMEFORGE_") -> set[str]:
    names: set[str] = set()
    for name, field in model.model_fields.items():
        kind = field.annotation
        if isinstance(kind, type) and issubclass(kind, BaseModel):
            names |= setting_names(kind, f"{prefix}{name.upper()}__")
        else:
            names.add(f"{prefix}{name.upper()}")
    return names


def test_every_cli_command_is_in_the_readme():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    missing = [cmd for cmd in HANDLERS if f"resumeforge {cmd}" not in readme]
    assert not missing, f"README's command list lacks: {missing}"


def test_every_documented_command_exists():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    first_words = set(HANDLERS) | {cmd.split()[0] for cmd in HANDLERS}
    documented = re.findall(r"^resumeforge ([a-z]+(?: [a-z]+)?)", readme, flags=re.M)
    unknown = [
        cmd for cmd in documented if cmd not in first_words and cmd.split()[0] not in first_words
    ]
    assert not unknown, f"README documents commands that do not exist: {unknown}"


def test_every_setting_is_documented():
    text = doc_text()
    missing = sorted(name for name in setting_names() if name not in text)
    assert not missing, f"settings missing from README/docs: {missing}"


def test_every_documented_setting_exists():
    # the opt-in real-model tier reads its own variables (tests/realmodel), not Settings
    tier = (REPO / "tests" / "realmodel").glob("*.py")
    tier_names = {m for p in tier for m in re.findall(r"RESUMEFORGE_[A-Z0-9_]+", p.read_text())}
    known = setting_names() | {"RESUMEFORGE_HOME", "RESUMEFORGE_CONFIG"} | tier_names
    # a name that ends in "__" is a prefix written out (RESUMEFORGE_LLM__<NAME>), not a setting
    documented = {m for m in re.findall(r"RESUMEFORGE_[A-Z0-9_]+", doc_text()) if m[-1] != "_"}
    unknown = sorted(documented - known)
    assert not unknown, f"docs name settings that do not exist: {unknown}"
