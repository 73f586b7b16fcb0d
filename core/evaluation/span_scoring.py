"""Span scores on SkillSpan-style data (token lists with BIO tags per span type).

SkillSpan: Zhang, Jensen, Sonniks and Plank, "SkillSpan: Hard and Soft Skill Extraction from
English Job Postings", NAACL 2022. Its measure is strict span F1: a predicted span counts only
when its first and last token equal a gold span's. Beside it, a loose match: a predicted span
counts when it shares a token with a gold span (an ATS keyword "Python" inside the gold span
"Python programming" is a hit), and a gold span is found when some predicted span touches it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from core.jd.skill_spans import Span, spans_from_tags, tags_from_spans

__all__ = ["Counts", "Sentence", "Span", "load_sentences", "spans_from_tags", "tags_from_spans"]

KINDS = ("knowledge", "skill")


@dataclass(frozen=True)
class Sentence:
    tokens: tuple[str, ...]
    gold: dict[str, frozenset[Span]]  # kind -> spans
    posting: tuple[str, int]  # (source, idx): sentences of one posting share it


def load_sentences(path: Path) -> list[Sentence]:
    """One JSON object per line: tokens, tags_skill, tags_knowledge, source, idx."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        gold = {kind: frozenset(spans_from_tags(row[f"tags_{kind}"])) for kind in KINDS}
        out.append(Sentence(tuple(row["tokens"]), gold, (str(row["source"]), int(row["idx"]))))
    return out


@dataclass
class Counts:
    """Strict and loose counts of one span type over many sentences."""

    predicted: int = 0
    gold: int = 0
    exact: int = 0
    touching_predicted: int = 0  # predicted spans that share a token with a gold span
    touched_gold: int = 0  # gold spans some predicted span shares a token with
    extra: dict[str, float] = field(default_factory=dict)

    def add(self, predicted: Iterable[Span], gold: Iterable[Span]) -> None:
        pred, real = set(predicted), set(gold)
        self.predicted += len(pred)
        self.gold += len(real)
        self.exact += len(pred & real)
        self.touching_predicted += sum(any(_touch(p, g) for g in real) for p in pred)
        self.touched_gold += sum(any(_touch(p, g) for p in pred) for g in real)

    def strict(self) -> tuple[float, float, float]:
        return _prf(self.exact, self.exact, self.predicted, self.gold)

    def loose(self) -> tuple[float, float, float]:
        return _prf(self.touching_predicted, self.touched_gold, self.predicted, self.gold)


def _touch(a: Span, b: Span) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def _prf(hit_p: int, hit_r: int, predicted: int, gold: int) -> tuple[float, float, float]:
    precision = hit_p / predicted if predicted else 0.0
    recall = hit_r / gold if gold else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return precision, recall, f1
