"""ATS keyword spans learned from the hand-judged keyword lists: an experiment, not shipped.

    python -m tools.train_keyword_spans [--corpus ../shared/corpus/postings] [--loso] [--out DIR]

The reader's keyword candidates (`core.jd.analyze.read_ad`) were judged searchable or not, one by
one, for 500 training postings (tests/corpus_labels/keyword_judgements.json,
docs/labelling/keywords.md). Most candidates come from a phrase chunker and most of those are junk,
so a filter behind the chunker keeps half junk at 95% of the searchable ones kept
(docs/EVALUATION.md). This tool asks whether a sequence tagger reading the ad's own words can
propose better spans in the first place.

Data: each sentence or line of an ad's clean text (as the span tagger cuts it,
`core.jd.skill_spans`) that holds a judged candidate. Tokens of a searchable candidate's occurrence
are the span (B/I, the longest searchable candidate first where they overlap); every other token of
such a sentence is outside: the reader's candidates cover the noun phrases of a sentence, so a
phrase no candidate holds is taken as no keyword. The CRF reads
`core.jd.span_features.token_features`, the features of the SkillSpan tagger (word identity only
for project-data words, else shape and rarity), so the model holds no word of the postings.

`--loso` trains without each source's postings and scores that source: of the spans the tagger
finds in every sentence of the test postings, how many are judged candidates, and of those how many
are junk; and how many of the judged searchable candidates it finds (exact span text,
`keyword_key`). Spans no judge saw are counted apart.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from core.evaluation.postings import keyword_key, load_postings, never_trained_on
from core.jd.analyze import read_ad
from core.jd.skill_spans import spans_from_tags, tags_from_spans, token_runs, trim_span
from core.jd.span_features import bare, token_features
from tools.train_skill_spans import fit_crf

LABELS = Path(__file__).resolve().parents[1] / "tests" / "corpus_labels"
JUDGED = LABELS / "keyword_judgements.json"
DEFAULT_CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "postings"
PARAMS = {"c1": 0.2, "c2": 0.1, "max_iterations": 150}

Sentence = tuple[list[str], list[str]]  # tokens, BIO tags


def _words(text: str) -> list[str]:
    return [bare(t).lower() for t in text.split() if bare(t)]


def _occurrences(low: list[str], phrase: list[str]) -> list[tuple[int, int]]:
    """Where `phrase` (bare lower-cased words) stands in a sentence's bare lower-cased tokens."""
    n = len(phrase)
    return [(i, i + n) for i in range(len(low) - n + 1) if n and low[i : i + n] == phrase]


def posting_sentences(text: str, judged: dict[str, bool]) -> tuple[list[Sentence], list[list[str]]]:
    """(labelled sentences holding a judged candidate, every sentence's tokens) of one posting."""
    ad = read_ad(text)
    searchable, seen = [], []
    for keyword in ad.keywords:
        said = judged.get(keyword_key(keyword.text))
        if said is None:
            continue
        seen.append(_words(keyword.text))
        if said:
            searchable.append(_words(keyword.text))
    searchable.sort(key=len, reverse=True)
    labelled, every = [], []
    for run in token_runs(ad.clean):
        tokens = [t for t, _, _ in run]
        every.append(tokens)
        low = [bare(t).lower() for t in tokens]
        if not any(_occurrences(low, phrase) for phrase in seen):
            continue
        taken = [False] * len(tokens)
        spans = []
        for phrase in searchable:
            for start, end in _occurrences(low, phrase):
                if not any(taken[start:end]):
                    spans.append((start, end))
                    taken[start:end] = [True] * (end - start)
        labelled.append((tokens, tags_from_spans(spans, len(tokens))))
    return labelled, every


def gather(postings: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for entry in json.loads(JUDGED.read_text(encoding="utf-8")):
        posting = postings[entry["id"]]
        judged = {k["key"]: bool(k["searchable"]) for k in entry["judged"]}
        labelled, every = posting_sentences(posting["text"], judged)
        out.append(
            {"id": entry["id"], "source": posting["source"], "judged": judged,
             "labelled": labelled, "every": every}
        )  # fmt: skip
    return out


def train(rows: list[dict[str, Any]], path: Path) -> None:
    fit_crf((pair for row in rows for pair in row["labelled"]), PARAMS, path)


def spans_of(tagger: Any, tokens: list[str]) -> list[str]:
    tags = tagger.tag(token_features(tokens))
    return [t for s, e in spans_from_tags(tags) if (t := trim_span(" ".join(tokens[s:e])))]


def score(rows: list[dict[str, Any]], tagger: Any) -> Counter:
    """Spans found in every sentence, against the judged candidates (by `keyword_key`)."""
    counts: Counter = Counter()
    for row in rows:
        judged = row["judged"]
        found = {keyword_key(t) for tokens in row["every"] for t in spans_of(tagger, tokens)}
        counts["listed"] += len(found)
        counts["junk"] += sum(judged.get(k) is False for k in found)
        counts["searchable_found"] += sum(judged.get(k) is True for k in found)
        counts["unjudged"] += sum(k not in judged for k in found)
        counts["searchable_judged"] += sum(judged.values())
    return counts


def summary(counts: Counter) -> dict[str, Any]:
    judged_listed = counts["junk"] + counts["searchable_found"]
    return {
        **counts,
        "junk_share": round(counts["junk"] / max(judged_listed, 1), 3),
        "searchable_found_share": round(
            counts["searchable_found"] / max(counts["searchable_judged"], 1), 3
        ),
    }


def main(argv: list[str] | None = None) -> int:
    import pycrfsuite

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default=str(DEFAULT_CORPUS))
    parser.add_argument("--loso", action="store_true", help="score each source left out")
    parser.add_argument("--out", default="", help="write the model trained on all sources here")
    args = parser.parse_args(argv)
    postings = load_postings(Path(args.corpus))
    skip = never_trained_on(LABELS)
    rows = [r for r in gather(postings) if r["id"] not in skip]
    report: dict[str, Any] = {
        "postings": len(rows),
        "sentences": sum(len(r["labelled"]) for r in rows),
        "spans": sum(t.count("B") for r in rows for _, t in r["labelled"]),
    }
    if args.loso:
        pooled: Counter = Counter()
        with tempfile.TemporaryDirectory() as folder:
            for source in sorted({r["source"] for r in rows}):
                test = [r for r in rows if r["source"] == source]
                path = Path(folder) / "model.crfsuite"
                train([r for r in rows if r["source"] != source], path)
                tagger = pycrfsuite.Tagger()
                tagger.open(str(path))
                counts = score(test, tagger)
                pooled += counts
                report[source] = summary(counts)
                print(source, report[source], flush=True)
        report["pooled"] = summary(pooled)
    if args.out:
        Path(args.out).mkdir(parents=True, exist_ok=True)
        train(rows, Path(args.out) / "keyword_spans.crfsuite")
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
