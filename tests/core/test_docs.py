"""Docs as tests (datasette-style): the CLI reference is what the parser prints, every setting is
documented, and every documented command and setting exists, so the README and docs/ cannot drift
from the code."""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import BaseModel

from core.cli import HANDLERS
from core.settings import Settings
from tools.cli_reference import REGENERATE, run_cog

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


def test_cli_reference_is_what_the_parser_prints(capsys):
    status = run_cog(check=True)
    diff = capsys.readouterr().out
    assert status == 0, f"docs/CLI.md differs from the parser's help: run `{REGENERATE}`\n{diff}"


def test_every_cli_command_is_in_the_reference():
    reference = (REPO / "docs" / "CLI.md").read_text(encoding="utf-8")
    missing = [cmd for cmd in HANDLERS if f"### resumeforge {cmd}\n" not in reference]
    assert not missing, f"docs/CLI.md lacks: {missing} (run `{REGENERATE}`)"


def test_every_documented_command_exists():
    text = doc_text() + (REPO / "CONTRIBUTING.md").read_text(encoding="utf-8")
    first_words = set(HANDLERS) | {cmd.split()[0] for cmd in HANDLERS}
    # a command line in a code block, or `resumeforge …` inline
    documented = re.findall(r"(?:^|`)resumeforge ([a-z]+(?: [a-z]+)?)", text, flags=re.M)
    unknown = [
        cmd for cmd in documented if cmd not in first_words and cmd.split()[0] not in first_words
    ]
    assert not unknown, f"docs name commands that do not exist: {unknown}"


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


def test_code_says_why_without_citing_issue_or_round_numbers():
    """History lives in CHANGELOG.md and the commits; a comment states the reason itself."""
    pattern = re.compile(r"\b(?:issue|round)\s?#?\d+\b", re.IGNORECASE)
    roots = ["core", "app_pages", "bench", "tools", "tests"]
    files = [REPO / "streamlit_app.py", REPO / "Makefile"]
    code = (".py", ".jinja")
    files += [p for root in roots for p in (REPO / root).rglob("*") if p.suffix in code]
    cited = [
        f"{path.relative_to(REPO)}:{n}"
        for path in files
        if path.is_file() and path.name != "test_docs.py"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if pattern.search(line)
    ]
    assert not cited, f"issue or round numbers in code: {cited[:10]}"


def test_the_readme_reads_in_five_minutes_and_starts_with_the_two_commands():
    lines = (REPO / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 120, f"README.md has {len(lines)} lines; history goes to CHANGELOG.md"
    assert lines[2].startswith("make run") and lines[3].startswith("make test")
