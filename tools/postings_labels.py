"""Turn postings labels written as quotes into the offset labels the repo keeps.

The corpus's terms forbid keeping postings' words in this repository, so a labeller writes quotes
in a scratch file outside it and this tool stores only where each quote stands:

    python -m tools.postings_labels /tmp/quotes.json tests/corpus_labels/postings_dev.json

The quotes file has the shape of `core.evaluation.postings` labels with `"quote": "…"` (or a
plain string for keywords and the title) in place of every span; a unit-role quotes file
(`postings_units.json`) has entries `{"id", "units": [{"quote", "role", "priority"?}, ...]}`,
each quote the whole unit. Every quote must be found; the tool names the ones that are not and
writes nothing. A keyword-judgement file (`keyword_judgements.json`, docs/labelling/keywords.md)
has entries `{"id", "judged": [{"quote", "searchable"}, ...]}`, each quote a keyword as the reader
listed it: its span is kept where its words stand in the posting (null where they do not, such as
masked text), and its `keyword_key`, by which training finds it among the reader's candidates.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from core.evaluation.postings import keyword_key, load_postings, quote_span

POSTINGS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "postings"


def with_end_mark(text: str, span: list[int], quote: str) -> list[int]:
    """A unit's span stretched over the marks that close its quote ("." "?" ")"), which the word
    search leaves out: the unit-role model reads a unit's end mark."""
    tail = re.search(r"[^\w\s]*$", quote.rstrip())
    start, end = span
    if tail and tail.group() and text.startswith(tail.group(), end):
        end += len(tail.group())
    return [start, end]


def to_offsets(entry: dict[str, Any], text: str, missing: list[str]) -> dict[str, Any]:
    def span(quote: str) -> list[int]:
        found = quote_span(text, quote)
        if found is None:
            missing.append(f"{entry['id']}: {quote[:60]!r}")
            return [0, 0]
        return found

    if "judged" in entry:  # keyword judgements: where each stands, and its key for the reader
        return {
            "id": entry["id"],
            "judged": [
                {
                    "span": quote_span(text, k["quote"]),
                    "key": keyword_key(k["quote"]),
                    "searchable": k["searchable"],
                }
                for k in entry["judged"]
            ],
        }
    if "units" in entry:
        return {
            "id": entry["id"],
            "units": [
                {
                    "span": with_end_mark(text, span(u["quote"]), u["quote"]),
                    **{k: v for k, v in u.items() if k != "quote"},
                }
                for u in entry["units"]
            ],
        }
    return {
        "id": entry["id"],
        "title": span(entry["title"]) if entry.get("title") else None,
        "requirements": [
            {"span": span(r["quote"]), "priority": r["priority"]}
            for r in entry.get("requirements", [])
        ],
        "keywords": [span(k) for k in entry.get("keywords", [])],
        "notices": [
            {"span": span(n["quote"]), "kind": n["kind"]} for n in entry.get("notices", [])
        ],
    }


def main(argv: list[str]) -> int:
    quotes_path, out_path = Path(argv[0]), Path(argv[1])
    postings = load_postings(Path(argv[2]) if len(argv) > 2 else POSTINGS)
    missing: list[str] = []
    labels = [
        to_offsets(entry, postings[entry["id"]]["text"], missing)
        for entry in json.loads(quotes_path.read_text(encoding="utf-8"))
    ]
    if missing:
        print("not found in their posting:\n  " + "\n  ".join(missing), file=sys.stderr)
        return 2
    out_path.write_text(json.dumps(labels, indent=1) + "\n", encoding="utf-8")
    print(f"{len(labels)} postings written to {out_path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
