"""Knowledge and skill spans of job-ad text by a trained sequence tagger (a CRF).

The model (core/data/skill_spans.crfsuite, with its manifest skill_spans.json) was trained on
the train split of SkillSpan (Zhang et al., NAACL 2022) by `make train`
(tools/train_skill_spans.py). It tags each whitespace token with a joint label, one BILOU letter
for a skill span and one for a knowledge span ("OU" is a one-token knowledge span outside any
skill span), over the features of `core.jd.span_features`. Knowledge spans are tools, technologies,
fields and credentials; skill spans are things a person does ("work in a team").
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from core.jd.span_features import token_features
from core.resources import package_dir

MODEL_FILE = "skill_spans.crfsuite"
MANIFEST_FILE = "skill_spans.json"
KINDS = ("skill", "knowledge")  # the order of the letters in a joint label
PIECE = re.compile(r"[^\n.;!?]+(?:[.;!?](?!\S)|(?=\n)|$)|[.;!?]\S*")
MAX_TOKENS = 120  # longer runs are cut: features stay local, the CRF's cost stays linear
_LOCK = threading.Lock()
Span = tuple[int, int]  # first token, one past the last token


@dataclass(frozen=True)
class SkillSpan:
    text: str  # as written, without the punctuation around it
    kind: str  # "knowledge" or "skill"
    start: int  # character offsets in the text given
    end: int


def spans_from_tags(tags: Sequence[str]) -> list[Span]:
    """BIO tags -> spans; an I after O opens a span (as conlleval reads it)."""
    spans: list[Span] = []
    start = None
    for i, tag in enumerate([*tags, "O"]):
        if start is not None and tag != "I":
            spans.append((start, i))
            start = None
        if tag == "B" or (tag == "I" and start is None):
            start = i
    return spans


def tags_from_spans(spans: Iterable[Span], length: int) -> list[str]:
    tags = ["O"] * length
    for start, end in spans:
        tags[start] = "B"
        for i in range(start + 1, end):
            tags[i] = "I"
    return tags


def bilou_from_spans(spans: Iterable[Span], length: int) -> list[str]:
    """Spans -> BILOU letters: Begin, Inside, Last, Unit (a one-token span), Outside."""
    tags = ["O"] * length
    for start, end in spans:
        if end - start == 1:
            tags[start] = "U"
            continue
        tags[start], tags[end - 1] = "B", "L"
        for i in range(start + 1, end - 1):
            tags[i] = "I"
    return tags


def spans_from_bilou(tags: Sequence[str]) -> list[Span]:
    """BILOU letters -> spans; a span the tagger leaves open ends before the next B, U or O."""
    spans: list[Span] = []
    start = None
    for i, tag in enumerate([*tags, "O"]):
        if start is not None and tag in ("B", "U", "O"):
            spans.append((start, i))
            start = None
        if tag == "U":
            spans.append((i, i + 1))
        elif tag == "B" or (tag in ("I", "L") and start is None):
            start = i
        if tag == "L" and start is not None:
            spans.append((start, i + 1))
            start = None
    return spans


def joint_label(skill: str, knowledge: str) -> str:
    return skill + knowledge


def split_label(label: str) -> dict[str, str]:
    return dict(zip(KINDS, label, strict=True))


@lru_cache(maxsize=1)
def _tagger() -> Any | None:
    """The loaded tagger, or None when the model file is missing (no spans then)."""
    import pycrfsuite

    path = package_dir("data") / MODEL_FILE
    if not path.is_file():
        return None
    tagger = pycrfsuite.Tagger()
    tagger.open(str(path))
    return tagger


@lru_cache(maxsize=1)
def manifest() -> dict[str, Any]:
    path = package_dir("data") / MANIFEST_FILE
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def tag_tokens(tokens: list[str], tagger: Any | None = None) -> dict[str, list[Span]]:
    """Spans per kind over whitespace tokens; `tagger` defaults to the shipped model."""
    tagger = tagger or _tagger()
    if tagger is None or not tokens:
        return {kind: [] for kind in KINDS}
    features = token_features(tokens)
    with _LOCK:
        labels = tagger.tag(features)
    letters = [split_label(label) for label in labels]
    return {kind: spans_from_bilou([x[kind] for x in letters]) for kind in KINDS}


def token_runs(text: str) -> list[list[tuple[str, int, int]]]:
    """Whitespace tokens with offsets, one list per line or sentence, at most MAX_TOKENS."""
    runs = []
    for piece in PIECE.finditer(text):
        tokens = [(m.group(0), m.start(), m.end()) for m in re.finditer(r"\S+", piece.group(0))]
        base = piece.start()
        tokens = [(t, base + s, base + e) for t, s, e in tokens]
        runs += [tokens[i : i + MAX_TOKENS] for i in range(0, len(tokens), MAX_TOKENS)]
    return [run for run in runs if run]


def find_spans(text: str, *, kinds: tuple[str, ...] = KINDS) -> list[SkillSpan]:
    """Spans of `text` in order of appearance, the punctuation around each one trimmed."""
    out: list[SkillSpan] = []
    for run in token_runs(text):
        spans = tag_tokens([t for t, _, _ in run])
        for kind in kinds:
            for first, last in spans[kind]:
                start, end = run[first][1], run[last - 1][2]
                trimmed = trim_span(text[start:end])
                if trimmed:
                    at = text.find(trimmed.split()[0], start)
                    out.append(SkillSpan(trimmed, kind, at, end))
    out.sort(key=lambda span: span.start)
    return out


def trim_span(raw: str) -> str:
    """The span without punctuation at its ends; a span with half a bracket pair ends before it."""
    text = " ".join(raw.split())
    text = re.sub(r"^[\s,.;:!?\"'“”‘’(\[]+|[\s,.;:!?\"'“”‘’)\]]+$", "", text)
    if text.count("(") != text.count(")"):  # a bracket cut off by the span's end
        text = re.split(r"\s*[()]", text, maxsplit=1)[0]
    return text
