"""The CLI reference (docs/CLI.md) from the parser: `python -m tools.cli_reference [--check]`.

docs/CLI.md holds a cog block (https://cog.readthedocs.io) that calls `help_markdown()`, which
prints `--help` of `resumeforge` and of every subcommand, in the parser's order. Help text is
wrapped at a fixed width, whatever the terminal, so the file is the same on every machine.
Without arguments the block is rewritten; with `--check` nothing is written and the exit status
is non-zero when the file differs from what the parser gives now (tests/core/test_docs.py).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

REPO = Path(__file__).resolve().parent.parent
REFERENCE = REPO / "docs" / "CLI.md"
WIDTH = 100  # COLUMNS for argparse's help formatter
REGENERATE = ".venv/bin/python -m tools.cli_reference"


def commands(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    """The parser, then each subcommand's parser (depth first, in the order they were added)."""
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):  # an alias maps to the same one
                yield from commands(sub)


def help_markdown() -> str:
    """One section per command: its name as a heading and its `--help` as a text block."""
    from core.cli import build_parser

    sections = []
    with mock.patch.dict(os.environ, {"COLUMNS": str(WIDTH)}):
        for parser in commands(build_parser()):
            text = parser.format_help().rstrip()
            sections.append(f"### {parser.prog}\n\n```text\n{text}\n```\n")
    return "\n".join(sections)


def run_cog(check: bool) -> int:
    """Rewrite docs/CLI.md (or, with `check`, only compare); cog's exit status."""
    from cogapp import Cog

    argv = ["cog", "-I", str(REPO)]
    if check:
        argv += ["--check", "--diff", f"--check-fail-msg=run `{REGENERATE}` to regenerate it"]
    else:
        argv += ["-r"]
    return Cog().main([*argv, str(REFERENCE)])


if __name__ == "__main__":
    sys.exit(run_cog(check="--check" in sys.argv[1:]))
