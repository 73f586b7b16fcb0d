"""How job ads published in markup read: `python -m tools.published_postings [--split held-back]`.

Reads `../shared/corpus/postings/postings.jsonl` at run time (never copied into the repo) and
analyses the postings published as HTML or Markdown in one fixed sample. The sample is chosen by
a hash of each posting's id, decided before any posting was read: a tenth of the markup postings
is the *tuning* part (read while building the reader of published text), two other tenths are
*held back* (scored, never read). A posting reads well when it gives at least three requirements
and no requirement holds a raw tag or an HTML entity. Prints the count per format and the median
time per ad; `--show N` prints the first N postings that read badly (tuning part only).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO.parent / "shared" / "corpus" / "postings" / "postings.jsonl"
SALT = "published-markup-sample"
SPLITS = {"tuning": {0}, "held-back": {1, 2}}
MARKUP = ("html", "markdown")
MIN_REQUIREMENTS = 3
RAW_MARKUP = re.compile(
    r"</?[A-Za-z][A-Za-z0-9]*(?:\s[^<>]*)?/?>|&(?:[a-z]+|#\d+|#x[0-9a-f]+);", re.I
)


def split_of(posting_id: str) -> str | None:
    """'tuning', 'held-back' or None (not in the sample), by a fixed hash of the id."""
    bucket = int(hashlib.sha256(f"{SALT}:{posting_id}".encode()).hexdigest(), 16) % 10
    return next((name for name, buckets in SPLITS.items() if bucket in buckets), None)


def sample(corpus: Path, split: str) -> list[dict]:
    with corpus.open(encoding="utf-8") as lines:
        postings = [json.loads(line) for line in lines]
    return [p for p in postings if p["format"] in MARKUP and split_of(p["id"]) == split]


def raw_markup(requirements: list[str]) -> bool:
    return any(RAW_MARKUP.search(text) for text in requirements)


def reads_well(requirements: list[str]) -> bool:
    return len(requirements) >= MIN_REQUIREMENTS and not raw_markup(requirements)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=sorted(SPLITS), default="held-back")
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--show", type=int, default=0, help="print N badly read (tuning only)")
    args = parser.parse_args(argv)
    from core.errors import JDParsingError
    from core.jd import analyze_jd

    postings = sample(args.corpus, args.split)
    good: Counter[str] = Counter()
    total: Counter[str] = Counter()
    raw, few = 0, 0
    seconds, shown = [], 0
    for posting in postings:
        started = time.perf_counter()
        try:
            requirements = [r.text for r in analyze_jd(posting["text"]).requirements]
        except JDParsingError:
            requirements = []
        seconds.append(time.perf_counter() - started)
        total[posting["format"]] += 1
        raw += raw_markup(requirements)
        few += len(requirements) < MIN_REQUIREMENTS
        if reads_well(requirements):
            good[posting["format"]] += 1
        elif args.split == "tuning" and shown < args.show:
            shown += 1
            print(f"--- {posting['id']} ({posting['format']}): {len(requirements)} requirement(s)")
            for text in requirements[:5]:
                print(f"    {text[:160]}")
    for fmt in MARKUP:
        print(f"{args.split} {fmt}: {good[fmt]}/{total[fmt]} read well")
    all_good, all_total = sum(good.values()), sum(total.values())
    print(f"{args.split} all markup: {all_good}/{all_total} read well ({all_good / all_total:.0%})")
    print(f"raw tags or entities in a requirement: {raw}; fewer than 3 requirements: {few}")
    print(f"median {statistics.median(seconds) * 1000:.0f} ms per ad, max {max(seconds):.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
