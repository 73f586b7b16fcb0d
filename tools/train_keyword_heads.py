"""Train the head-word keyword experiment (`tools/keyword_heads.py`) and measure it.

    python -m tools.train_keyword_heads [--corpus ../shared/corpus/postings] [--out DIR]
        [--loso] [--check [--sweep 0.3,0.4]] [--cache FILE]

Not used by `analyze_jd` (docs/EVALUATION.md, tenth session): weights and manifest go to --out.
Examples: every hand-judged keyword candidate of the training postings
(tests/corpus_labels/keyword_judgements.json; no dev or held-back posting) whose text is found at
its judged place, except those of the term-list categories kept as listed; its category is the one
the reader lists it under (a judged candidate the reader no longer lists counts as 'jd terms').
The SkillSpan counts come from ../shared/eval/skillspan/train.json only.

`--loso`: per source, train on the others and score it; the threshold is the highest (0.05 steps)
at which the pooled out-of-source scores keep >= KEEP_SEARCHABLE of the searchable candidates.
`--check` (tuning figures): the dev postings' judged keywords (keyword_judgements_dev.json) and
the labelled keywords of ../shared/eval/dev and ../shared/eval/real, before and after, with the
labels found before and lost after listed so they can be judged by hand.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
from scipy.sparse import csr_matrix
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score

from core.evaluation.jd_eval import find_cases
from core.evaluation.jd_scoring import keyword_found
from core.evaluation.postings import keyword_key, load_postings
from core.evaluation.span_scoring import load_sentences
from core.jd.analyze import read_ad
from core.jd.keywords import Keyword
from tools.keyword_heads import (
    KEPT_AS_LISTED,
    MANIFEST_FILE,
    MODEL_FILE,
    Around,
    HeadLexicon,
    HeadModel,
    around,
    head_features,
    head_key,
    headed_keywords,
)
from tools.model_files import sha256, write_manifest

VERSION = 1
LABELS = Path(__file__).resolve().parents[1] / "tests" / "corpus_labels" / "keyword_judgements.json"
DEV_LABELS = LABELS.with_name("keyword_judgements_dev.json")
SHARED = Path(__file__).resolve().parents[2] / "shared"
DEFAULT_CORPUS = SHARED / "corpus" / "postings"
SKILLSPAN_TRAIN = SHARED / "eval" / "skillspan" / "train.json"
SEED = 0
MIN_COUNT = 2
C = 0.3
KEEP_SEARCHABLE = 0.90
BACK_OFF = [True]  # --no-back-off: a candidate is kept whole or dropped

# text, category, where it stands in the ad, searchable, source
Example = tuple[str, str, Around, bool, str]
Reading = tuple[str, list[tuple[str, str]]]  # the ad's clean text, its (keyword, category) list


def skillspan_lexicon(path: Path = SKILLSPAN_TRAIN) -> HeadLexicon:
    knowledge: Counter[str] = Counter()
    skill: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    for sentence in load_sentences(path):
        seen.update(head_key(t) for t in sentence.tokens)
        for kind, counter in (("knowledge", knowledge), ("skill", skill)):
            counter.update(head_key(sentence.tokens[end - 1]) for _, end in sentence.gold[kind])
    return HeadLexicon(dict(knowledge), dict(skill), dict(seen))


def read_all(texts: dict[str, str], cache: Path | None) -> dict[str, Reading]:
    """Each ad's clean text and keyword list, read once (and kept in CACHE when given)."""
    if cache and cache.is_file():
        stored = json.loads(cache.read_text(encoding="utf-8"))
        if set(texts) <= set(stored):
            return {
                k: (clean, [(t, c) for t, c in listed]) for k, (clean, listed) in stored.items()
            }
    read = {}
    for key, text in texts.items():
        ad = read_ad(text)
        read[key] = (ad.clean, [(k.text, k.category) for k in ad.keywords])
    if cache:
        cache.write_text(json.dumps(read), encoding="utf-8")
    return read


def examples(postings: dict[str, dict[str, Any]], read: dict[str, Reading]) -> list[Example]:
    out: list[Example] = []
    for entry in json.loads(LABELS.read_text(encoding="utf-8")):
        posting = postings[entry["id"]]
        clean, listed = read[entry["id"]]
        category = {keyword_key(t): c for t, c in listed}
        for judged in entry["judged"]:
            if judged["span"] is None:
                continue
            start, end = judged["span"]
            text = " ".join(posting["text"][start:end].split())
            if keyword_key(text) != judged["key"]:
                continue
            kind = category.get(judged["key"], "jd terms")
            if kind in KEPT_AS_LISTED:
                continue
            out.append(
                (text, kind, around(text, clean), bool(judged["searchable"]), posting["source"])
            )
    return out


def _matrix(rows: list[Example], index: dict[str, int], lexicon: HeadLexicon) -> csr_matrix:
    cols, row_ids = [], []
    for i, (text, kind, where, _, _) in enumerate(rows):
        found = sorted({index[f] for f in head_features(text, kind, where, lexicon) if f in index})
        cols += found
        row_ids += [i] * len(found)
    data = np.ones(len(cols), dtype=np.float32)
    return csr_matrix((data, (row_ids, cols)), shape=(len(rows), len(index)))


def train(rows: list[Example], lexicon: HeadLexicon, c: float) -> tuple[list[str], Any]:
    counts = Counter(f for r in rows for f in set(head_features(r[0], r[1], r[2], lexicon)))
    features = sorted(f for f, n in counts.items() if n >= MIN_COUNT)
    index = {f: i for i, f in enumerate(features)}
    y = np.array([r[3] for r in rows])
    model = LogisticRegression(C=c, max_iter=3000, solver="liblinear", random_state=SEED)
    model.fit(_matrix(rows, index, lexicon), y)
    return features, model


def _scores(rows: list[Example], features: list[str], model: Any, lexicon: HeadLexicon):
    index = {f: i for i, f in enumerate(features)}
    return model.predict_proba(_matrix(rows, index, lexicon))[:, 1]


def model_data(features: list[str], model: Any, keep_min: float) -> dict[str, Any]:
    """The weights file's content (what `HeadModel` reads)."""
    return {
        "comment": "ATS keyword head experiment, trained by tools/train_keyword_heads.py.",
        "version": VERSION,
        "keep_min": keep_min,
        "features": features,
        "weights": np.round(model.coef_[0], 4).tolist(),
        "bias": round(float(model.intercept_[0]), 4),
    }


def loso(rows: list[Example], lexicon: HeadLexicon, c: float) -> tuple[dict, np.ndarray]:
    pooled = np.zeros(len(rows))
    figures: dict[str, Any] = {}
    for source in sorted({r[4] for r in rows}):
        test = [i for i, r in enumerate(rows) if r[4] == source]
        features, model = train([r for r in rows if r[4] != source], lexicon, c)
        pooled[test] = _scores([rows[i] for i in test], features, model, lexicon)
        labels = np.array([rows[i][3] for i in test])
        figures[source] = {
            "candidates": len(test),
            "searchable": int(labels.sum()),
            "auc": round(float(roc_auc_score(labels, pooled[test])), 3),
        }
    return figures, pooled


def at_threshold(labels: np.ndarray, scores: np.ndarray, keep_min: float) -> dict[str, float]:
    kept = scores >= keep_min
    return {
        "keep_min": keep_min,
        "kept": int(kept.sum()),
        "junk_share_kept": round(float((kept & ~labels).sum()) / max(int(kept.sum()), 1), 3),
        "searchable_kept": round(float((kept & labels).sum()) / max(int(labels.sum()), 1), 3),
    }


def choose_keep_min(labels: np.ndarray, scores: np.ndarray) -> float:
    """The highest threshold (0.05 steps) that keeps KEEP_SEARCHABLE of the searchable ones."""
    steps = [round(s * 0.05, 2) for s in range(1, 20)]
    ok = [t for t in steps if at_threshold(labels, scores, t)["searchable_kept"] >= KEEP_SEARCHABLE]
    return max(ok, default=steps[0])


def check(
    model: HeadModel,
    postings: dict[str, dict[str, Any]],
    keep_mins: list[float],
    cache: Path | None,
) -> dict[str, Any]:
    """Tuning figures at each threshold (see the module docstring)."""
    dev_entries = json.loads(DEV_LABELS.read_text(encoding="utf-8"))
    cases = {
        name: [
            (case.labels.get("jd_keywords", []), case.path.read_text(encoding="utf-8"))
            for case in find_cases(SHARED / "eval" / name)
        ]
        for name in ("dev", "real")
    }
    texts = {e["id"]: postings[e["id"]]["text"] for e in dev_entries}
    texts |= {f"{name}:{i}": t for name, rows in cases.items() for i, (_, t) in enumerate(rows)}
    read = read_all(texts, cache)
    figures: dict[str, Any] = {}
    for keep_min in keep_mins:
        model.keep_min = keep_min
        figures[str(keep_min)] = _figures(model, dev_entries, cases, read)
    return figures


def _listed(reading: Reading, model: HeadModel | None) -> list[str]:
    keywords = [Keyword(t, c) for t, c in reading[1]]
    if model is None:
        return [k.text for k in keywords]
    return [k.text for k in headed_keywords(keywords, reading[0], model, back_off=BACK_OFF[0])]


def _figures(model: HeadModel, dev_entries: list, cases: dict, read: dict) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    for name, chosen in (("before", None), ("after", model)):
        junk = searchable = unjudged = listed = 0
        for entry in dev_entries:
            said = {k["key"]: k["searchable"] for k in entry["judged"]}
            keys = [keyword_key(t) for t in _listed(read[entry["id"]], chosen)]
            junk += sum(said.get(k) is False for k in keys)
            searchable += sum(said.get(k) is True for k in keys)
            unjudged += sum(k not in said for k in keys)
            listed += len(keys)
        wanted = sum(k["searchable"] for e in dev_entries for k in e["judged"])
        figures[f"dev_postings_judged_{name}"] = {
            "listed": listed,
            "unjudged": unjudged,
            "junk_share": round(junk / max(junk + searchable, 1), 3),
            "searchable_kept": round(searchable / max(wanted, 1), 3),
        }
    for case_set, rows in cases.items():
        found = {"before": 0, "after": 0, "labelled": 0}
        lost: list[str] = []
        for i, (labels, _) in enumerate(rows):
            reading = read[f"{case_set}:{i}"]
            everything, kept = _listed(reading, None), _listed(reading, model)
            for label in labels:
                was = keyword_found(label, everything, strict=False)
                now = keyword_found(label, kept, strict=False)
                found["labelled"] += 1
                found["before"] += was
                found["after"] += now
                if was and not now:
                    lost.append(label)
        figures[f"eval_{case_set}_keywords"] = {**found, "lost": lost}
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", default=str(DEFAULT_CORPUS), help="the postings corpus folder")
    parser.add_argument("--out", default="keyword_heads", help="folder for weights, manifest")
    parser.add_argument("--c", type=float, default=C, help="inverse L2 strength")
    parser.add_argument("--loso", action="store_true", help="score each source left out; no model")
    parser.add_argument("--check", action="store_true", help="tuning figures too")
    parser.add_argument("--sweep", default="", help="--check also at these thresholds, a,b,c")
    parser.add_argument("--no-back-off", action="store_true", help="keep whole or drop")
    parser.add_argument("--cache", default="", help="a file keeping the ads' readings")
    args = parser.parse_args()
    started = time.monotonic()
    BACK_OFF[0] = not args.no_back_off
    corpus = Path(args.corpus)
    cache = Path(args.cache) if args.cache else None
    postings = load_postings(corpus)
    lexicon = skillspan_lexicon()
    entries = json.loads(LABELS.read_text(encoding="utf-8"))
    train_cache = cache.with_suffix(".train") if cache else None
    read = read_all({e["id"]: postings[e["id"]]["text"] for e in entries}, train_cache)
    rows = examples(postings, read)
    labels = np.array([r[3] for r in rows])
    by_source, pooled = loso(rows, lexicon, args.c)
    keep_min = choose_keep_min(labels, pooled)
    report = {
        "leave_one_source_out": by_source,
        "pooled_auc": round(float(roc_auc_score(labels, pooled)), 3),
        "pooled_at_thresholds": [
            at_threshold(labels, pooled, round(t * 0.05, 2)) for t in range(20)
        ],
        "keep_min": keep_min,
    }
    if args.loso:
        print(json.dumps(report, indent=1))
        return 0
    features, model = train(rows, lexicon, args.c)
    data = model_data(features, model, keep_min)
    Path(args.out).mkdir(parents=True, exist_ok=True)
    out = Path(args.out) / MODEL_FILE
    out.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    manifest = {
        "version": VERSION,
        "command": "python -m tools.train_keyword_heads",
        "data": {
            "corpus_sha256": sha256(corpus / "postings.jsonl"),
            "judgements_sha256": sha256(LABELS),
            "skillspan_train_sha256": sha256(SKILLSPAN_TRAIN),
            "candidates": len(rows),
            "searchable": int(labels.sum()),
        },
        "params": {
            "back_off": BACK_OFF[0],
            "C": args.c,
            "min_count": MIN_COUNT,
            "keep_searchable": KEEP_SEARCHABLE,
        },
        "features": len(features),
        "train_seconds": round(time.monotonic() - started),
        **report,
    }
    if args.check:
        sweep = [keep_min] + [float(t) for t in args.sweep.split(",") if t]
        manifest["checks (tuning)"] = check(HeadModel(data, lexicon), postings, sweep, cache)
    print(write_manifest(Path(args.out) / MANIFEST_FILE, manifest, out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
