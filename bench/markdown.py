"""Replace one "## Title" section of a Markdown file, leaving every other section as it was."""

from __future__ import annotations

import re
from pathlib import Path


def replace_section(document: str, title: str, body: str) -> str:
    """`body` (without its heading) becomes the section `## title`; appended when missing."""
    heading = f"## {title}"
    section = f"{heading}\n\n{body.strip()}\n"
    pattern = re.compile(rf"^## {re.escape(title)}[ \t]*\n.*?(?=^## |\Z)", re.MULTILINE | re.DOTALL)
    if pattern.search(document):
        return pattern.sub(lambda _: section + "\n", document, count=1).rstrip("\n") + "\n"
    return document.rstrip("\n") + "\n\n" + section


def write_section(path: Path, title: str, body: str) -> None:
    """Print `body` and make it the section `## title` of the Markdown file at `path`."""
    print(body)
    document = path.read_text(encoding="utf-8") if path.exists() else "# Benchmarks\n"
    path.write_text(replace_section(document, title, body), encoding="utf-8")


def publish(out: str | None, title: str, body: str) -> None:
    """Print `body`; with `out`, also make it the section `## title` of that Markdown file."""
    if out:
        write_section(Path(out), title, body)
    else:
        print(body)
