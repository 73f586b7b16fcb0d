"""Token features for the skill and knowledge span tagger (`core.jd.skill_spans`).

One function, `token_features`, serves training (`tools/train_skill_spans.py`) and reading. A
sentence is a list of whitespace tokens as written ("Python,", "(REST"). Word identity is a
feature only for words of a fixed vocabulary made of project data (everyday English words of
core/data/common_words.tsv and the words of the term lists: skills.json, jd_terms.json,
skill_terms.txt, jd_phrase_words.json); any other word is seen only through its shape, its
suffix, its rarity and the term lists it belongs to. So the trained model holds no word of the
training documents that the project's own data does not already hold.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from core.jd.phrases import phrase_words, skill_terms
from core.jd.rarity import common_words, zipf
from core.jd.terms import find_terms, term_index

EDGE = re.compile(r"^[^\w<]+|[^\w>+#]+$")
MAX_GAZ_WORDS = 4
WINDOW = 2


@lru_cache(maxsize=1)
def vocabulary() -> frozenset[str]:
    """Lower-cased words whose identity may be a feature (project data only)."""
    words: set[str] = set(common_words())
    for term in skill_terms():
        words.update(term.split())
    for bucket in term_index().by_first.values():
        for entry in bucket:
            words.update(t.lower() for t in entry.tokens)
    stop, filler = phrase_words()
    words.update(stop, filler, duty_verbs())
    return frozenset(w for w in words if w and len(w) <= 30)


@lru_cache(maxsize=1)
def duty_verbs() -> frozenset[str]:
    from core.jd.phrases import duty_verbs as verbs

    return verbs()


def bare(token: str) -> str:
    """The token without the punctuation around it ("(REST," -> "REST")."""
    return EDGE.sub("", token)


def shape(word: str) -> str:
    """Word shape with runs squashed: "Python" -> "Xx", "CI/CD" -> "X/X", "2021" -> "d"."""
    out: list[str] = []
    for char in word:
        mark = "X" if char.isupper() else "x" if char.islower() else "d" if char.isdigit() else char
        if not out or out[-1] != mark:
            out.append(mark)
    return "".join(out)[:6]


def _term_marks(tokens: Sequence[str]) -> list[str]:
    """Per token: 'B-category' / 'I-category' of a lexicon term (core.jd.terms), or ''."""
    starts, offset = [], 0
    for token in tokens:
        starts.append(offset)
        offset += len(token) + 1
    text = " ".join(tokens)
    marks = [""] * len(tokens)
    for hit in find_terms(text):
        inside = [i for i, s in enumerate(starts) if s < hit.end and s + len(tokens[i]) > hit.start]
        for n, i in enumerate(inside):
            marks[i] = ("B-" if n == 0 else "I-") + hit.category
    return marks


def _skill_term_marks(words: Sequence[str]) -> list[str]:
    """Per token: B/I of the longest cross-occupation skill term (skill_terms.txt) there."""
    terms = skill_terms()
    marks = [""] * len(words)
    i = 0
    while i < len(words):
        size = next(
            (
                n
                for n in range(min(MAX_GAZ_WORDS, len(words) - i), 0, -1)
                if " ".join(words[i : i + n]) in terms
            ),
            0,
        )
        if size:
            marks[i] = f"B{min(size, 3)}"
            for j in range(i + 1, i + size):
                marks[j] = "I"
            i += size
        else:
            i += 1
    return marks


def _own(token: str, word: str, low: str, vocab: frozenset[str]) -> list[str]:
    """Features of the token alone, without position prefix."""
    stop, filler = phrase_words()
    feats = [f"w={low if low in vocab else '<oov>'}", f"sh={shape(word)}"]
    if len(low) > 3:
        feats.append(f"s3={low[-3:]}")
    if word.isupper() and len(word) > 1:
        feats.append("caps")
    elif word[:1].isupper():
        feats.append("title")
    if any(c.isdigit() for c in word):
        feats.append("digit")
    if token != word:
        feats.append(f"p={token[-1] if token.endswith(tuple(',.;:)')) else token[0]}")
    kind = "stop" if low in stop else "filler" if low in filler else ""
    kind = kind or ("verb" if low in duty_verbs() else "")
    if kind:
        feats.append(f"k={kind}")
    if word and not kind:
        feats.append(f"z={min(int(zipf(word)), 7)}")
    return feats


def token_features(tokens: Sequence[str]) -> list[list[str]]:
    """CRFsuite attributes per token: the token's own features and those of its neighbours."""
    vocab = vocabulary()
    words = [bare(t) for t in tokens]
    lows = [w.lower() for w in words]
    own = [_own(t, w, low, vocab) for t, w, low in zip(tokens, words, lows, strict=True)]
    terms = _term_marks(tokens)
    gaz = _skill_term_marks(lows)
    out: list[list[str]] = []
    for i in range(len(tokens)):
        feats = ["bias", *own[i]]
        if terms[i]:
            feats += [f"t={terms[i]}", f"t={terms[i][:2]}"]
        if gaz[i]:
            feats.append(f"g={gaz[i]}")
        if i == 0:
            feats.append("first")
        if i == len(tokens) - 1:
            feats.append("last")
        for d in range(-WINDOW, WINDOW + 1):
            j = i + d
            if d == 0 or not 0 <= j < len(tokens):
                continue
            feats += [f"{d}:{f}" for f in own[j][:3] if not f.startswith("s3")]
            feats += [f"{d}:t={terms[j][:2]}"] if terms[j] else []
            feats += [f"{d}:g={gaz[j][:1]}"] if gaz[j] else []
        if i:
            feats.append(f"bi={own[i - 1][0][2:]}|{own[i][0][2:]}")
        out.append(feats)
    return out
