"""Labelled postings of the job-postings corpus (`../shared/corpus/postings`), for `eval jd`.

The corpus's terms forbid copying postings, or recognisable parts of them, into this repository,
so our labels (tests/corpus_labels/postings_*.json) hold character offsets into each posting's
`text`, never its words; the labelled strings are read from the corpus at run time. A label file:

    [{"id": "p-00042", "title": [start, end] | null,
      "requirements": [{"span": [start, end], "priority": "must" | "nice"}, ...],
      "keywords": [[start, end], ...],
      "notices": [{"span": [start, end], "kind": "benefit" | "pay" | "company" | "process"
                   | "legal" | "condition" | "duty"}, ...]}, ...]

A unit-role label file (`postings_units.json`: every unit of a posting with its role, the
guideline's Units section, for training the unit-role model) has entries of another shape:

    [{"id": "p-00042", "units": [{"span": [start, end], "role": "requirement" | "duty"
      | "benefit" | "pay" | "company" | "process" | "legal" | "condition",
      "priority": "must" | "nice" (requirements only)}, ...]}, ...]

A span's text is read as a person sees it (HTML tags dropped, entities unescaped), so a span may
run across markup. `split.json`-style `postings_split.json` beside the labels names the held-back
postings.
"""

from __future__ import annotations

import contextlib
import hashlib
import html
import json
import re
from pathlib import Path
from typing import Any

from core.errors import InputError
from core.jd.keywords import dedup_key


def load_postings(folder: Path) -> dict[str, dict[str, Any]]:
    """The corpus's postings by id."""
    path = folder / "postings.jsonl"
    if not path.is_file():
        raise InputError(f"{folder}: no postings.jsonl (the job-postings corpus folder)")
    with path.open(encoding="utf-8") as lines:
        return {row["id"]: row for row in map(json.loads, lines)}


def seen_text(raw: str) -> str:
    """A span of a posting as a reader sees it: tags dropped, entities (also doubly escaped
    ones, as in JSON-LD) unescaped, whitespace runs as one space."""
    from lxml import etree
    from lxml import html as lxml_html

    text = html.unescape(html.unescape(raw))
    if "<" in text and ">" in text:
        with contextlib.suppress(ValueError, etree.ParserError):  # read as it stands
            text = lxml_html.fromstring(f"<div>{text}</div>").text_content()
    return " ".join(text.split())


def _span(text: str, span: list[int]) -> str:
    start, end = span
    if not 0 <= start < end <= len(text):
        raise InputError(f"label span {span} is outside the posting ({len(text)} characters)")
    return seen_text(text[start:end])


def posting_labels(entry: dict[str, Any], posting: dict[str, Any]) -> dict[str, Any]:
    """One label entry → the labels `core.evaluation.jd_scoring` scores (as for eval/real)."""
    text = posting["text"]
    return {
        "case": entry["id"],
        "target_title": _span(text, entry["title"]) if entry.get("title") else "",
        "requirements": [
            {"id": f"r{i}", "text": _span(text, r["span"]), "priority": r["priority"]}
            for i, r in enumerate(entry.get("requirements", []), 1)
        ],
        "jd_keywords": [_span(text, span) for span in entry.get("keywords", [])],
        "boilerplate_examples": [
            _span(text, n["span"]) for n in entry.get("notices", []) if n.get("kind") != "duty"
        ],
    }


UNIT_ROLES = frozenset(
    {"requirement", "duty", "benefit", "pay", "company", "process", "legal", "condition"}
)


def labelled_units(entry: dict[str, Any], posting: dict[str, Any]) -> list[dict[str, str]]:
    """One unit-role label entry -> its units as a reader sees them: text, role, priority
    ("must" or "nice" for a requirement, else "")."""
    units = []
    for unit in entry["units"]:
        if unit["role"] not in UNIT_ROLES:
            raise InputError(f"{entry['id']}: unknown unit role {unit['role']!r}")
        units.append(
            {
                "text": _span(posting["text"], unit["span"]),
                "role": unit["role"],
                "priority": unit.get("priority", "") if unit["role"] == "requirement" else "",
            }
        )
    return units


def quote_span(text: str, quote: str) -> list[int] | None:
    """Where `quote` (words as a reader sees them) stands in a posting as published: its words
    in order, with only markup, entities, spaces and punctuation between them. None if absent."""
    words = re.findall(r"\w+", quote)
    if not words:
        return None
    # possessive and bounded: a quote whose first word recurs near escaped tags must not
    # make the search backtrack without end
    between = (
        r"(?:<[^<>]{0,300}>|&(?:amp;)?lt;[^&]{0,300}&(?:amp;)?gt;|&(?:amp;)?#?\w+;|&|[^\w<&])"
        r"{0,60}+"
    )
    pattern = re.compile(between.join(re.escape(w) for w in words), re.IGNORECASE | re.DOTALL)
    found = pattern.search(text)
    return [found.start(), found.end()] if found else None


def keyword_key(keyword: str) -> str:
    """A keyword's key in the judgement labels: a short digest of its de-duplication form
    (`core.jd.keywords.dedup_key`), so the labels hold no posting words and match the reader's
    candidates exactly."""
    return hashlib.sha256(dedup_key(keyword).encode("utf-8")).hexdigest()[:16]


def never_trained_on(labels_dir: Path) -> frozenset[str]:
    """The dev and held-back postings of `labels_dir`/postings_split.json: scored by the
    evaluation, never read by a training tool."""
    split = json.loads((labels_dir / "postings_split.json").read_text(encoding="utf-8"))
    return frozenset(split["dev"]) | frozenset(split["heldback"])


def held_back_postings(labels_path: Path) -> frozenset[str]:
    split = labels_path.parent / "postings_split.json"
    if not split.is_file():
        return frozenset()
    return frozenset(json.loads(split.read_text(encoding="utf-8"))["heldback"])
