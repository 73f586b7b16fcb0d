"""Train the skill/knowledge span tagger on SkillSpan's train split: `make train`.

    python -m tools.train_skill_spans [--data ../shared/eval/skillspan] [--tune]

Data: SkillSpan (Zhang, Jensen, Sonniks and Plank, NAACL 2022; CC-BY-4.0), read from ../shared,
never copied into the repository. Only `train.json` is read for training and choosing. With
`--tune` the hyper-parameter grid is scored on a fixed tuning part of train (every posting whose
number is a multiple of 4, in each source; chosen before looking) after training on the rest;
the best setting by knowledge strict F1 is printed. Without it the recorded setting (`CHOSEN`)
is first scored on the tuning part (trained on the rest), then trained on the whole train split
and written to core/data/skill_spans.crfsuite with its manifest core/data/skill_spans.json (data
hash, feature set, parameters, scores on the tuning part and, reported only, on dev.json).
L-BFGS has no random step, so the same data gives the same file.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from core.evaluation.span_scoring import KINDS, Counts, Sentence, load_sentences
from core.jd import span_features
from core.jd.skill_spans import (
    MANIFEST_FILE,
    MODEL_FILE,
    bilou_from_spans,
    joint_label,
    tag_tokens,
)
from core.resources import package_dir
from tools.model_files import sha256, write_manifest

VERSION = 2  # 1: BIO letters; 2: BILOU letters
SEED = 0  # recorded for the split rule; training itself is deterministic
FEATURE_SET = (
    "span_features v1: vocabulary word (common_words + term lists, else <oov>), shape, suffix-3, "
    "case, digit, edge punctuation, stop/filler/duty-verb, Zipf bucket, lexicon term B/I + "
    "category, skill_terms B/I, first/last, +-2 neighbours' word/shape/case/term marks, bigram"
)
GRID = [
    {"c1": c1, "c2": c2, "max_iterations": 150} for c1 in (0.05, 0.2, 0.5) for c2 in (0.01, 0.1)
]
CHOSEN = {"c1": 0.5, "c2": 0.1, "max_iterations": 150}


def is_tuning(sentence: Sentence) -> bool:
    return sentence.posting[1] % 4 == 0


def labels(sentence: Sentence) -> list[str]:
    n = len(sentence.tokens)
    skill = bilou_from_spans(sentence.gold["skill"], n)
    knowledge = bilou_from_spans(sentence.gold["knowledge"], n)
    return [joint_label(s, k) for s, k in zip(skill, knowledge, strict=True)]


def train(sentences: list[Sentence], params: dict[str, Any], out: Path) -> None:
    fit_crf(((list(s.tokens), labels(s)) for s in sentences if s.tokens), params, out)


def fit_crf(
    sequences: Iterable[tuple[list[str], list[str]]], params: dict[str, Any], out: Path
) -> None:
    """A CRF over `core.jd.span_features.token_features` of each (tokens, labels) sequence,
    written to `out` (also used by tools/train_keyword_spans.py)."""
    import pycrfsuite

    trainer = pycrfsuite.Trainer(verbose=False)
    for tokens, letters in sequences:
        trainer.append(span_features.token_features(tokens), letters)
    trainer.set_params({**params, "feature.possible_transitions": True})
    trainer.train(str(out))


def score(sentences: list[Sentence], model: Path) -> dict[str, dict[str, float]]:
    import pycrfsuite

    tagger = pycrfsuite.Tagger()
    tagger.open(str(model))
    counts = {kind: Counts() for kind in KINDS}
    for sentence in sentences:
        found = tag_tokens(list(sentence.tokens), tagger)
        for kind in KINDS:
            counts[kind].add(found[kind], sentence.gold[kind])
    return {
        kind: dict(zip(("strict_p", "strict_r", "strict_f1"), c.strict(), strict=True))
        | dict(zip(("loose_p", "loose_r", "loose_f1"), c.loose(), strict=True))
        for kind, c in counts.items()
    }


def _rounded(scores: dict[str, dict[str, float]]) -> dict[str, dict[str, float]]:
    return {kind: {k: round(v, 3) for k, v in row.items()} for kind, row in scores.items()}


def tune(data: list[Sentence], scratch: Path) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    fit = [s for s in data if not is_tuning(s)]
    held = [s for s in data if is_tuning(s)]
    print(f"tuning: fit on {len(fit)} sentences, score on {len(held)}")
    results = []
    for params in GRID:
        started = time.perf_counter()
        train(fit, params, scratch)
        scores = score(held, scratch)
        k, s = scores["knowledge"], scores["skill"]
        print(
            f"{params}: knowledge strict F1 {k['strict_f1']:.3f} loose {k['loose_f1']:.3f}; "
            f"skill strict {s['strict_f1']:.3f} loose {s['loose_f1']:.3f} "
            f"({time.perf_counter() - started:.0f} s)",
            flush=True,
        )
        results.append((params, scores))
    return results


def build(data: list[Sentence], source: Path, out: Path) -> dict[str, Any]:
    """Score CHOSEN on the tuning part, train it on all of train, write model and manifest."""
    scratch = out / "skill_spans.tuning.crfsuite"
    train([s for s in data if not is_tuning(s)], CHOSEN, scratch)
    tuning = score([s for s in data if is_tuning(s)], scratch)
    scratch.unlink()
    train(data, CHOSEN, out / MODEL_FILE)
    dev_file = source.with_name("dev.json")  # reported, never used to choose
    dev = score(load_sentences(dev_file), out / MODEL_FILE) if dev_file.is_file() else {}
    manifest = {
        "version": VERSION,
        "model_file": MODEL_FILE,
        "model_sha256": sha256(out / MODEL_FILE),
        "model_bytes": (out / MODEL_FILE).stat().st_size,
        "data": skillspan_data(source, len(data)),
        "seed": SEED,
        "tuning_split": "train postings with idx % 4 == 0 (per source)",
        "feature_set": FEATURE_SET,
        "params": CHOSEN,
        "labels": "joint BILOU: skill letter then knowledge letter",
        "metrics": {
            "tuning_part_of_train (fit on the rest)": _rounded(tuning),
            "dev (reported, not used to choose)": _rounded(dev),
        },
    }
    write_manifest(out / MANIFEST_FILE, manifest, indent=2)
    return manifest


def skillspan_data(source: Path, sentences: int) -> dict[str, object]:
    """What a model trained on SkillSpan's train split records of its data (its manifest)."""
    return {
        "name": "SkillSpan (Zhang et al., NAACL 2022), CC-BY-4.0",
        "file": "train.json",
        "sha256": sha256(source),
        "sentences": sentences,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default="../shared/eval/skillspan", help="SkillSpan folder")
    parser.add_argument("--tune", action="store_true", help="score the grid on train's tuning part")
    parser.add_argument("--out", default=str(package_dir("data")), help="folder for the model")
    args = parser.parse_args(argv)
    source = Path(args.data) / "train.json"
    data = load_sentences(source)
    out = Path(args.out)
    if args.tune:
        results = tune(data, out / "skill_spans.tuning.crfsuite")
        (out / "skill_spans.tuning.crfsuite").unlink(missing_ok=True)
        best = max(results, key=lambda r: r[1]["knowledge"]["strict_f1"])
        print(f"best by knowledge strict F1: {best[0]}")
        return 0
    manifest = build(data, source, out)
    print(json.dumps(manifest, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
