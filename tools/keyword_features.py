"""Features and scoring of the ATS keyword scorer experiment (`tools/train_keyword_scorer.py`).

Not used by `analyze_jd`: trained on SkillSpan train to keep the phrase chunker's candidates
(`core.jd.phrases.phrase_terms`) that read as knowledge, it lowered keyword recall of the
project's own job ads more than it raised precision (docs/EVALUATION.md, "ATS keyword scorer
learned from SkillSpan: tried, not wired in").

A candidate phrase is seen through: its length, its first and last word (the word itself only
when the span tagger's fixed vocabulary of project data holds it, else its shape), their last
three letters, case, digits and symbols, how rare its words are, term-list membership, the word
before and after it, whether it opens a sentence or list item, whether the span tagger
(`core.jd.skill_spans`) marks it as knowledge or skill, and, when a table from
`tools/build_word_spread.py` is given, how evenly the postings corpus's occupations use its words.
A job title (a last word of core/data/title_words.json) is always kept, as SkillSpan labels no
titles; a dropped phrase is tried again without its first word ("verifying chemotherapy" ->
"chemotherapy").
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from core.ingest.roles import TITLE_WORDS
from core.jd.keyword_filter import case_shape
from core.jd.phrases import duty_verbs, skill_terms
from core.jd.rarity import zipf
from core.jd.skill_spans import find_spans
from core.jd.span_features import shape, vocabulary
from core.jd.terms import find_terms

Spread = dict[str, list[float]]  # word -> [spread over occupations 0-1, idf]

WORD = re.compile(r"[\w'’+#&./-]+")
# Where a sentence or a list item starts (as in core.jd.phrases): text start, . ! ? : ; or a bullet.
OPENING = re.compile(r"(?:^|[.!?:;•]|(?:^|\n)[ \t]*[-–*•▪◦·])\s*$")
SYMBOLS = frozenset("+#./&-")


@dataclass(frozen=True)
class Mark:
    """A span the tagger marked, as character offsets into the text."""

    kind: str  # "knowledge" or "skill"
    start: int
    end: int


def _word(token: str) -> str:
    """A word's identity when the fixed vocabulary holds it, else its shape."""
    low = token.lower().replace("’", "'")
    return low if low in vocabulary() else f"<{shape(token)}>"


def load_spread(path: Path) -> Spread:
    table: Spread = json.loads(path.read_text(encoding="utf-8"))["words"]
    return table


def _spread_features(words: Sequence[str], table: Spread) -> list[str]:
    found = [table.get(w.lower().replace("’", "'").strip(".,;:()")) for w in words]
    known = [f for f in found if f is not None]
    last = found[-1]
    out = [f"last_spread={math.floor(last[0] * 10)}" if last else "last_spread=unknown"]
    out.append(f"last_idf={math.floor(last[1])}" if last else "last_idf=unknown")
    if known:
        out.append(f"min_spread={math.floor(min(f[0] for f in known) * 10)}")
    if len(known) < len(found):
        out.append("some_word_unknown")
    return out


def _zipf_bucket(value: float) -> str:
    return str(min(7, max(3, math.floor(value))))


def _mark_feature(start: int, end: int, marks: Iterable[Mark]) -> list[str]:
    out = []
    for mark in marks:
        if mark.start < end and start < mark.end:
            inside = mark.start <= start and end <= mark.end
            out.append(f"tag={mark.kind}_{'inside' if inside else 'touch'}")
    return sorted(set(out)) or ["tag=none"]


def candidate_features(
    text: str, start: int, phrase: str, marks: Sequence[Mark], spread: Spread | None = None
) -> list[str]:
    """Features of `phrase`, found at `start` in `text`; `marks` are the tagger's spans of the
    text. The same function serves training and scoring."""
    words = phrase.split()
    end = start + len(phrase)
    first, last = words[0], words[-1]
    low = phrase.lower()
    rarest = min(zipf(w) for w in words)
    before = WORD.findall(text[max(0, start - 40) : start])
    after = WORD.findall(text[end : end + 40])
    opens = OPENING.search(text[:start]) is not None
    verbs = duty_verbs()
    found = [
        f"n={len(words)}",
        f"first={_word(first)}",
        f"last={_word(last)}",
        f"first_suffix={first.lower()[-3:]}",
        f"last_suffix={last.lower()[-3:]}",
        f"case={case_shape(words)}",
        f"rarest={_zipf_bucket(rarest)}",
        f"last_zipf={_zipf_bucket(zipf(last))}",
        f"prev={_word(before[-1]) if before else '<start>'}",
        f"next={_word(after[0]) if after else '<end>'}",
        f"opens={opens}",
        f"n={len(words)}_opens={opens}",
    ]
    if first.lower() in verbs:
        found += ["first_duty_verb", f"first_duty_verb_opens={opens}"]
    if first.lower().endswith("ing"):
        found.append("first_ing")
    if any(c.isdigit() for c in phrase):
        found.append("digit")
    if any(c in SYMBOLS for c in phrase):
        found.append("symbol")
    if low in skill_terms() or low.rstrip("s") in skill_terms():
        found.append("skill_term")
    hits = list(find_terms(phrase))
    if hits:
        whole = len(hits) == 1 and hits[0].surface.lower() == low
        found.append("lexicon_whole" if whole else "lexicon_part")
    if spread is not None:
        found += _spread_features(words, spread)
    found += _mark_feature(start, end, marks)
    return found


class KeywordScorer:
    """The loaded model: `score` gives each candidate the probability that it is searchable."""

    def __init__(self, data: dict) -> None:
        self.weights: dict[str, float] = dict(zip(data["features"], data["weights"], strict=True))
        self.bias = float(data["bias"])

    def score(self, features: Sequence[str]) -> float:
        logit = self.bias + sum(self.weights.get(f, 0.0) for f in set(features))
        return 1.0 / (1.0 + math.exp(-logit))


def tagger_marks(text: str) -> list[Mark]:
    return [Mark(s.kind, s.start, s.end) for s in find_spans(text)]


def names_a_title(phrase: str) -> bool:
    """A phrase ending in a job-title word ("Dental Receptionist", "home inspector")."""
    last = re.sub(r"[^a-z-]", "", phrase.split()[-1].lower())
    return last in TITLE_WORDS


def searchable(
    text: str,
    candidates: list[tuple[int, str]],
    model: KeywordScorer,
    threshold: float,
    spread: Spread | None = None,
) -> list[tuple[int, str]]:
    """The candidates (offset, phrase) of `text` that `model` scores at `threshold` or more; a
    job title stays, and a dropped phrase is tried again without its first word."""
    if not candidates:
        return candidates
    marks = tagger_marks(text)
    kept = []
    for at, phrase in candidates:
        while phrase:
            features = candidate_features(text, at, phrase, marks, spread)
            if names_a_title(phrase) or model.score(features) >= threshold:
                kept.append((at, phrase))
                break
            words = phrase.split()
            cut = phrase.find(words[1], len(words[0])) if len(words) > 1 else len(phrase)
            at, phrase = at + cut, phrase[cut:]
    return kept
