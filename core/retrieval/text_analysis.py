"""Tokenizer for BM25: tech terms stay whole, plain words get light stemming and stopwords go.

`tokenize("Built CI/CD on Node.js and C++")` → `["built", "ci/cd", "ci", "cd", "node.js",
"node", "js", "c++"]`: a compound (slash, dot, hyphen, `+`/`#` suffix, leading dot) is kept whole
and its parts are added too, so "fault injection" in a query still meets "fault-injection" in a
card while the exact compound scores higher. Plain alphabetic words lose common English
inflections ("mentored", "mentoring" → "mentor"). Text in scripts written without spaces
(Chinese, Japanese) becomes overlapping character pairs, so it is searchable at all.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

# A word, optionally joined to more words by / . & ' - and ending in + or # (C++, C#, F#).
# A leading dot is kept for names like .NET; the tail must be a letter or digit (no "ci/").
_TOKEN = re.compile(r"\.?[^\W_]+(?:[/.&'\-][^\W_]+)*[+#]*")
_JOINERS = re.compile(r"[/.&\-]")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")

_STOPWORD_LIST = """
    a about above after again against all also am an and any are as at be because been before
    being below between both but by can could did do does doing down during each either etc few
    for from further had has have having he her here hers herself him himself his how i if in
    into is it its itself just me more most my myself no nor not of off on once only or other
    our ours ourselves out over own per same she should so some such than that the their theirs
    them themselves then there these they this those through to too under until up upon very
    via was we were what when where which while who whom why will with within without would you
    your yours yourself yourselves
"""
STOPWORDS = frozenset(_STOPWORD_LIST.split())


def tokenize(text: str) -> list[str]:
    """Lower-cased, lightly stemmed tokens with stopwords removed; tech terms kept whole."""
    tokens: list[str] = []
    for raw in _TOKEN.findall(fold(text)):
        tokens.extend(_expand_token(raw))
    return tokens


def fold(text: str) -> str:
    """NFKC, lower case, and accents dropped from Latin letters (résumé → resume)."""
    text = unicodedata.normalize("NFKC", text).lower()
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFKD", text)
    kept: list[str] = []
    for char in decomposed:
        if unicodedata.combining(char) and kept and kept[-1].isascii():
            continue
        kept.append(char)
    return unicodedata.normalize("NFC", "".join(kept))


@lru_cache(maxsize=65536)
def _expand_token(raw: str) -> tuple[str, ...]:
    token = raw.removesuffix("'s").strip("'")
    if not token:
        return ()
    if _CJK.search(token):
        return tuple(_char_pairs(token))
    if token.startswith(".") or _JOINERS.search(token) or token.endswith(("+", "#")):
        return _compound(token)
    if token in STOPWORDS:
        return ()
    return (stem(token),)


def _compound(token: str) -> tuple[str, ...]:
    """The whole tech term, then its parts (one-letter parts and stopwords dropped).

    A name with a leading dot (.NET) is kept whole only: its tail alone ("net") is noise.
    """
    whole = token
    if token.startswith("."):
        return (whole,)
    out = [whole]
    for part in _JOINERS.split(token):
        part = part.strip("'+#")
        if len(part) > 1 and part not in STOPWORDS and part != whole:
            out.append(stem(part))
    return tuple(dict.fromkeys(out))


def _char_pairs(token: str) -> list[str]:
    if len(token) == 1:
        return [token]
    return [token[i : i + 2] for i in range(len(token) - 1)]


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """Strip common English inflections from an alphabetic word; anything else is returned as is.

    Deliberately light (no derivational suffixes): "pricing", "prices" → "pric"; "studies" →
    "study"; "mentored", "mentoring" → "mentor". Both sides of a match go through it, so only
    consistency matters, not real word roots.
    """
    if not word.isascii() or not word.isalpha() or len(word) <= 3:
        return word
    base = word
    for suffix, replacement, min_stem in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= min_stem:
            base = word[: len(word) - len(suffix)] + replacement
            if suffix in ("ing", "ings", "ed"):
                base = _undouble(base)
            break
    if base.endswith("e") and len(base) > 4:
        base = base[:-1]
    return base


# (suffix, replacement, shortest stem left) — checked in order, first match wins. Entries that
# replace a suffix by itself only stop a later, shorter rule ("process" keeps its "s").
_SUFFIXES: tuple[tuple[str, str, int], ...] = (
    ("ies", "y", 3),
    ("ied", "y", 3),
    ("sses", "ss", 2),
    ("ings", "", 3),
    ("ing", "", 3),
    ("eed", "eed", 1),
    ("ed", "", 3),
    ("ss", "ss", 2),
    ("us", "us", 2),
    ("is", "is", 2),
    ("s", "", 3),
)


def _undouble(base: str) -> str:
    """runn → run, shipp → ship (but keep "ll"/"ss"/"zz": install, pass)."""
    if len(base) > 3 and base[-1] == base[-2] and base[-1] not in "lsz":
        return base[:-1]
    return base
