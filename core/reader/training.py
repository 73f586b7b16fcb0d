"""Training and scoring the line reader on generated data (shared by the trainer and `eval lines`).

A document of the data file (tools/line_data/build.py) is a JSON object: id, source
(jsonresume, people, dataturks, real, real-dev: the dev documents' lines), format, family
(role-header pattern, "+2col" for two columns), split (train / heldout) and lines ([text,
label, meaning, layout or null]; blank lines have an empty text). L-BFGS has no random step:
the same data gives the same model.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core.reader.features import sequence_features
from core.reader.labels import LABELS, joint, split_joint
from core.reader.lines import Line
from core.reader.model import crf_items

# c1 (L1 weight) chosen by cross-validation on the real training documents only, each third
# scored by a model trained on everything else: macro F1 0.609 at 0.3 against 0.592 at 0.1, 0.584
# at 1.0 (docs/EVALUATION.md, line reader v4 section)
PARAMS = {"c1": 0.3, "c2": 0.05, "max_iterations": 120}
# The dev documents' hand-labelled lines: the line reader trains on them, so readers' figures on
# the dev documents come two-fold (tools/dev_twofold.py); the other models leave them out.
DEV_SOURCE = "real-dev"
REAL_SOURCES = ("real", DEV_SOURCE)
DEV_FOLDS = 2


def dev_fold(name: str) -> int:
    """Which half of the dev documents a file (or its data id) is in, by the file name's hash,
    fixed before any model was trained on them: each half is scored by a model trained without
    it."""
    return hashlib.sha256(name.removeprefix(f"{DEV_SOURCE}:").encode()).digest()[0] % DEV_FOLDS


SOURCES = {"text": "text", "markdown": "markdown", "docx": "docx", "pdf": "pdf", "json": "json"}


@dataclass
class Doc:
    id: str
    source: str
    format: str
    family: str
    split: str
    lines: list[Line]
    tags: list[str]  # joint tags of every line ('' for blank lines)


def load_docs(path: Path) -> list[Doc]:
    docs = []
    for row in path.read_text(encoding="utf-8").splitlines():
        raw: dict[str, Any] = json.loads(row)
        fmt = SOURCES.get(raw["format"], "text")
        lines = [Line(text=t, source=fmt, **(layout or {})) for t, _, _, layout in raw["lines"]]  # type: ignore[arg-type]
        tags = [joint(label, meaning) if t else "" for t, label, meaning, _ in raw["lines"]]
        docs.append(
            Doc(raw["id"], raw["source"], raw["format"], raw["family"], raw["split"], lines, tags)
        )
    return docs


def train(docs: Iterable[Doc], out: Path, params: dict[str, Any] | None = None) -> None:
    import pycrfsuite

    trainer = pycrfsuite.Trainer(verbose=False)
    for doc in docs:
        kept, features = sequence_features(doc.lines)
        if kept:
            trainer.append(crf_items(features), [doc.tags[i] for i in kept])
    trainer.set_params({**(params or PARAMS), "feature.possible_transitions": True})
    trainer.train(str(out))


@dataclass
class Scores:
    gold: Counter[str]
    found: Counter[str]
    right: Counter[str]
    meaning_right: int = 0
    meaning_total: int = 0
    confused: Counter[tuple[str, str]] = field(default_factory=Counter)  # (gold, found) misses

    def add(self, other: Scores) -> None:
        """Pool another scoring's counts into this one."""
        self.gold.update(other.gold)
        self.found.update(other.found)
        self.right.update(other.right)
        self.confused.update(other.confused)
        self.meaning_right += other.meaning_right
        self.meaning_total += other.meaning_total

    def row(self, label: str) -> dict[str, float | int]:
        p = self.right[label] / self.found[label] if self.found[label] else 0.0
        r = self.right[label] / self.gold[label] if self.gold[label] else 0.0
        f1 = 2 * p * r / (p + r) if p + r else 0.0
        return {"p": round(p, 3), "r": round(r, 3), "f1": round(f1, 3), "n": self.gold[label]}

    def summary(self) -> dict[str, Any]:
        total = sum(self.gold.values())
        present = [label for label in LABELS if self.gold[label]]
        macro = sum(float(self.row(label)["f1"]) for label in present) / max(len(present), 1)
        return {
            "lines": total,
            "accuracy": round(sum(self.right.values()) / total, 3) if total else 0.0,
            "macro_f1": round(macro, 3),
            "heading_meaning_accuracy": round(self.meaning_right / self.meaning_total, 3)
            if self.meaning_total
            else None,
            "labels": {label: self.row(label) for label in present},
        }


def score(docs: Iterable[Doc], model: Path) -> Scores:
    from core.reader.model import label_lines, load_tagger

    tagger = load_tagger(str(model))
    scores = Scores(Counter(), Counter(), Counter())
    for doc in docs:
        for tag, found in zip(doc.tags, label_lines(doc.lines, tagger=tagger), strict=True):
            if not tag:
                continue
            gold, meaning = split_joint(tag)
            scores.gold[gold] += 1
            scores.found[found.label] += 1
            if found.label != gold:
                scores.confused[gold, found.label] += 1
            else:
                scores.right[gold] += 1
                if gold == "heading":
                    scores.meaning_total += 1
                    scores.meaning_right += found.meaning == meaning
    load_tagger.cache_clear()
    return scores
