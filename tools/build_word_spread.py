"""Build the word-spread table of the ATS keyword scorer experiment (not shipped).

    python -m tools.build_word_spread [--corpus ../shared/corpus/postings] [--out .]

Unlabelled text only: the job postings of the shared corpus as the JD reader sees them
(`job_ad_text`), the dev and held-back postings of tests/corpus_labels/postings_split.json left
out. For each word of the span tagger's fixed vocabulary (`core.jd.span_features.vocabulary`,
project data only) found in at least MIN_POSTINGS postings, two numbers:
- spread: how evenly the word is used across the corpus's occupations, the entropy of
  P(occupation | word) with each occupation weighted by its share of postings, over log of the
  number of occupations (near 1: every occupation's ads use it, as "passion", "communicate",
  "internet"; low: one trade's term, as "chemotherapy", "zoning", "python");
- idf: log(postings / postings holding the word).
No posting text is kept: only vocabulary words and two rounded numbers each. Deterministic.
Used by `python -m tools.train_keyword_scorer --spread keyword_word_spread.json`.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import re
from collections import Counter, defaultdict
from pathlib import Path

from core.evaluation.postings import load_postings, never_trained_on
from core.jd.analyze import job_ad_text
from core.jd.span_features import vocabulary

TABLE = "keyword_word_spread.json"
MIN_POSTINGS = 5
LABELS = Path(__file__).resolve().parents[1] / "tests" / "corpus_labels"
TOKEN = re.compile(r"[a-z][a-z'’&+#-]*[a-z+#]|[a-z]")


def spread_table(postings: list[tuple[str, str]]) -> dict[str, list[float]]:
    """(occupation, text) pairs -> word: [spread, idf]."""
    known = vocabulary()
    per_occupation = Counter(occupation for occupation, _ in postings)
    holding: dict[str, Counter[str]] = defaultdict(Counter)
    for occupation, text in postings:
        words = {t.replace("’", "'") for t in TOKEN.findall(text.lower())}
        for word in words & known:
            holding[word][occupation] += 1
    table: dict[str, list[float]] = {}
    scale = math.log(len(per_occupation))
    for word in sorted(holding):
        counts = holding[word]
        total = sum(counts.values())
        if total < MIN_POSTINGS:
            continue
        rates = {o: n / per_occupation[o] for o, n in counts.items()}
        mass = sum(rates.values())
        entropy = -sum(r / mass * math.log(r / mass) for r in rates.values())
        table[word] = [round(entropy / scale, 3), round(math.log(len(postings) / total), 3)]
    return table


def build(corpus: Path, out: Path) -> dict[str, object]:
    left_out = never_trained_on(LABELS)
    rows = load_postings(corpus)
    postings = [
        (str(p.get("occupation") or "other"), job_ad_text(p["text"]))
        for i, p in sorted(rows.items())
        if i not in left_out
    ]
    payload = {
        "_about": "Per vocabulary word: [spread over occupations 0-1, idf]; built by "
        "tools/build_word_spread.py from the postings corpus (dev and held-back left out)",
        "corpus_sha256": hashlib.sha256((corpus / "postings.jsonl").read_bytes()).hexdigest(),
        "postings": len(postings),
        "min_postings": MIN_POSTINGS,
        "words": spread_table(postings),
    }
    (out / TABLE).write_text(json.dumps(payload, separators=(",", ":")) + "\n", encoding="utf-8")
    return payload


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default="../shared/corpus/postings", help="postings folder")
    parser.add_argument("--out", default=".", help="folder for the table")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    payload = build(Path(args.corpus), out)
    print(f"{len(payload['words'])} words from {payload['postings']} postings")  # type: ignore[arg-type]
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
