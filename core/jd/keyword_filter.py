"""Which of a job ad's ATS keyword candidates a recruiter would search: a small learned filter
(core/data/keyword_filter.json, trained by `tools/train_jd_keyword_filter.py`). `analyze_jd`
lists the candidates it keeps as the ATS keywords and the rest as other terms in the ad
(`core.jd.keyword_tiers`).

The rules and the span tagger (`core.jd.analyze.collect_keywords`) find every phrase that may be a
keyword; many are not ones a recruiter types into an applicant-tracking search ("gain hands-on
experience", "exciting opportunity", a fragment glued to a heading, the employer's name). A linear
model reads each candidate through its own words (common words and skill terms as themselves, any
other word as its shape, so the weights name no one), its shape and case, how rare its words are,
where it came from (title, term list, phrase chunker, span tagger), the words around its first
occurrence in the ad, the kind of section that holds it, and a fixed vector of its meaning
(`core.text.meaning_vectors`). Trained with the context (the default), it also reads the sentence
around that occurrence: the unit-role model's reading of it (`core.jd.unit_roles`: a requirement,
a duty, a benefit, the company's pitch…) and its meaning vector. Labels: keyword lists of
training postings judged by hand to docs/labelling/keywords.md
(tests/corpus_labels/keyword_judgements.json). A job title is always kept.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from core.jd.keywords import Keyword
from core.jd.phrases import duty_verbs, skill_terms
from core.jd.rarity import common_words, zipf
from core.jd.sections import Section
from core.jd.unit_roles import ROLES, unit_roles_model
from core.resources import package_dir
from core.text.meaning_vectors import meaning_vectors

if TYPE_CHECKING:
    from core.jd.analyze import AdReading

MODEL_FILE = "keyword_filter.json"
MANIFEST_FILE = "keyword_filter_manifest.json"
# A code of digits and letters joined by a hyphen ('10-key', 'K-12', 'OSHA-30') is one token.
CODE = r"\d+-[A-Za-z][A-Za-z\d]*|[A-Za-z]+-\d+[A-Za-z\d]*"
TOKEN = re.compile(rf"{CODE}|[A-Za-z][A-Za-z'’+#]*[A-Za-z+#]|[A-Za-z]|\d+(?:[.,]\d+)?")
CONTEXT = re.compile(r"[A-Za-z][A-Za-z'’]*|\d+")
CAMEL_GLUE = re.compile(r"[a-z]{3}[A-Z][a-z]")  # 'QualificationsCurrently', also 'SharePoint'
OPENERS = frozenset(".!?:;•\n")  # what opens a sentence or a list item, then bullets or spaces
BULLETS = frozenset("-–*•▪◦·")
SENTENCE = re.compile(r"[^.!?;]+[.!?;]?")
ALWAYS_KEPT = frozenset({"titles"})


@dataclass(frozen=True)
class AdContext:
    """What the filter reads of the ad around a candidate: its clean text, its sections (their
    kind), the requirement texts and every candidate (to tell a phrase inside a longer one)."""

    text: str
    sections: Sequence[Section]
    asked: Sequence[str]
    candidates: Sequence[Keyword]

    @cached_property
    def lowered(self) -> tuple[str, ...]:
        return tuple(k.text.lower() for k in self.candidates)

    @cached_property
    def section_texts(self) -> tuple[tuple[str, str], ...]:
        """(kind, lower-cased text) of each section."""
        return tuple((s.kind, s.text.lower()) for s in self.sections)

    @cached_property
    def asked_texts(self) -> tuple[str, ...]:
        return tuple(a.lower() for a in self.asked)


def context_of(ad: AdReading) -> AdContext:
    return AdContext(ad.clean, ad.sections, [r.text for r in ad.requirements], ad.keywords)


@lru_cache(maxsize=1)
def _vocabulary() -> frozenset[str]:
    return common_words() | frozenset(t for t in skill_terms() if " " not in t)


def _word(token: str) -> str:
    low = token.lower().replace("’", "'")
    if "-" in low and any(c.isalpha() for c in low) and any(c.isdigit() for c in low):
        return "<code>"  # digits joined to letters: a code, not a number
    if low[0].isdigit():
        return "<num>"
    return low if low in _vocabulary() else "<word>"


def case_shape(words: Sequence[str]) -> str:
    """How a phrase's words are capitalised: upper, mixed, title, first, some or lower."""
    if all(w.isupper() for w in words if any(c.isalpha() for c in w)):
        return "upper"
    if any(any(c.isupper() for c in w[1:]) for w in words):
        return "mixed"
    capitals = sum(w[:1].isupper() for w in words)
    if capitals == len(words):
        return "title"
    return "first" if words[0][:1].isupper() else ("some" if capitals else "lower")


def _case(words: Sequence[str]) -> str:
    """`case_shape` of the words holding a letter; "none" without one, "one_capital" for a lone
    capital letter ('C')."""
    letters = [w for w in words if any(c.isalpha() for c in w)]
    if not letters:
        return "none"
    if len(letters) == 1 and len(letters[0]) == 1 and letters[0].isupper():
        return "one_capital"
    return case_shape(letters)


def _bucket(value: float, edges: Sequence[float]) -> str:
    for edge in edges:
        if value <= edge:
            return str(edge)
    return "more"


def keyword_features(keyword: Keyword, ad: AdContext) -> list[str]:
    """The lexical features of one keyword candidate in its ad. Training and reading share it."""
    text = keyword.text
    tokens = TOKEN.findall(text)
    words = [_word(t) for t in tokens] or ["<none>"]
    found = [f"cat={keyword.category}", f"n={min(len(tokens), 6)}", f"case={_case(text.split())}"]
    found += [f"w={w}" for w in words]
    found += [f"first={words[0]}", f"last={words[-1]}", f"first_last={words[0]}_{words[-1]}"]
    if tokens:
        first, last = tokens[0].lower(), tokens[-1].lower()
        found += [f"last_suffix={last[-3:]}", f"first_suffix={first[-3:]}"]
        rarest = min(zipf(t) for t in tokens)
        found.append(f"rarest={_bucket(rarest, (1, 2, 3, 4, 5, 6))}")
        found.append(f"last_zipf={_bucket(zipf(last), (1, 2, 3, 4, 5, 6))}")
        if first in duty_verbs():
            found.append("first_duty_verb")
        if text.lower() in skill_terms() or text.lower().rstrip("s") in skill_terms():
            found.append("skill_term")
    if CAMEL_GLUE.search(text):
        found.append("camel_glue")
    if any(c.isdigit() for c in text):
        found.append("digit")
    if "*" in text or "_" in text:
        found.append("masked")
    if any(c in "+#./&-" for c in text):
        found.append("symbol")
    found += _context_features(text, ad.text)
    found += _ad_features(text, ad)
    return found


def _ad_features(text: str, ad: AdContext) -> list[str]:
    """Where in the ad the candidate stands: the kind of the first section that holds it, whether
    a requirement holds it, and whether it lies inside a longer candidate or holds a shorter one."""
    low = text.lower()
    kind = next((kind for kind, section in ad.section_texts if low in section), "none")
    # `in` first: most pairs of candidates share nothing
    inside = any(low in other and other != low and stands_in(low, other) for other in ad.lowered)
    holds = any(
        other in low and other != low and stands_in(other, low) for other in ad.lowered if other
    )
    return [
        f"sec={kind}",
        f"asked={any(low in asked for asked in ad.asked_texts)}",
        f"inside_longer={inside}",
        f"holds_shorter={holds}",
    ]


def stands_in(phrase: str, text: str) -> bool:
    r"""Is PHRASE written in TEXT with no word character (letter, digit, underscore) touching it
    on either side? (What `(?<!\w)phrase(?!\w)` finds, without compiling a pattern per pair of
    candidates: an ad of thousands of candidates compares millions of pairs.)"""
    at = text.find(phrase)
    while at >= 0:
        end = at + len(phrase)
        if (at == 0 or not _word_char(text[at - 1])) and (
            end == len(text) or not _word_char(text[end])
        ):
            return True
        at = text.find(phrase, at + 1)
    return False


@lru_cache(maxsize=8)  # the ad's text, read once per candidate
def lowered(text: str) -> str:
    return text.lower()


def opens(text: str, at: int) -> bool:
    """Does position AT of TEXT open a sentence or a list item: only spaces and bullet marks
    between it and the text's start, or one of `OPENERS`?"""
    start = at
    while start > 0 and (text[start - 1].isspace() or text[start - 1] in BULLETS):
        start -= 1
    return start == 0 or text[start - 1] in OPENERS or any(c in OPENERS for c in text[start:at])


def _word_char(char: str) -> bool:
    return char.isalnum() or char == "_"


def _context_features(text: str, ad_text: str) -> list[str]:
    at = ad_text.find(text)
    if at < 0:
        at = lowered(ad_text).find(text.lower())
    if at < 0:
        return ["ctx=absent"]
    before = CONTEXT.findall(ad_text[max(0, at - 40) : at])
    after = CONTEXT.findall(ad_text[at + len(text) : at + len(text) + 40])
    glued_before = at > 0 and ad_text[at - 1].isalnum()
    end = at + len(text)
    glued_after = end < len(ad_text) and ad_text[end].isalnum()
    count = lowered(ad_text).count(text.lower())
    return [
        f"prev={_word(before[-1]) if before else '<start>'}",
        f"next={_word(after[0]) if after else '<end>'}",
        f"opens={opens(ad_text, at)}",
        f"glued={glued_before or glued_after}",
        f"count={_bucket(count, (1, 2, 4))}",
    ]


def sentence_of(text: str, ad_text: str) -> str:
    """The sentence of the ad's line that holds the candidate's first occurrence ('' when the
    candidate is not written in the ad as it stands)."""
    at = ad_text.find(text)
    if at < 0:
        at = lowered(ad_text).find(text.lower())
    if at < 0:
        return ""
    start = ad_text.rfind("\n", 0, at) + 1
    end = ad_text.find("\n", at)
    line = ad_text[start : len(ad_text) if end < 0 else end]
    where = at - start
    for match in SENTENCE.finditer(line):
        if match.start() <= where < match.end():
            return match.group(0).strip()
    return line.strip()


def context_of_keywords(texts: Sequence[str], ad_text: str) -> tuple[list[list[str]], np.ndarray]:
    """What the sentence around each candidate says: the unit-role model's reading of it (its most
    likely role and each role's probability in quarters: a tool named in a duty or a requirement,
    a phrase of the benefits or the company's pitch) and its meaning vector."""
    sentences = [sentence_of(t, ad_text) or "-" for t in texts]
    if not sentences:
        return [], np.zeros((0, 384), dtype=np.float32)
    roles = unit_roles_model().roles(sentences)
    features = [
        [f"role={ROLES[int(r.argmax())]}"]
        + [f"p_{name}={min(int(r[k] * 4), 3)}" for k, name in enumerate(ROLES)]
        for r in roles
    ]
    return features, meaning_vectors(sentences)


class KeywordFilter:
    """The loaded model: `searchable` gives each candidate the probability that a recruiter would
    search it."""

    def __init__(self, data: dict) -> None:
        self.index = {f: i for i, f in enumerate(data["features"])}
        self.weights = np.asarray(data["weights"], dtype=np.float32)
        self.vector_weights = np.asarray(data["vector_weights"], dtype=np.float32)
        self.bias = float(data["bias"])
        self.vector_scale = float(data["vector"]["scale"])
        self.keep_min = float(data["keep_min"])
        self.retry = str(data.get("retry", "trims"))  # what `scored_keywords` tries again
        context = data.get("context")  # the sentence around the candidate, when trained with it
        self.context_scale = float(context["scale"]) if context else 0.0
        self.context_weights = np.asarray(context["vector_weights"] if context else [], "float32")

    def searchable(self, keywords: Sequence[Keyword], ad: AdContext) -> np.ndarray:
        if not keywords:
            return np.zeros(0, dtype=np.float32)
        index = self.index
        features = [keyword_features(k, ad) for k in keywords]
        if self.context_weights.size:
            around, sentence_vectors = context_of_keywords([k.text for k in keywords], ad.text)
            features = [f + a for f, a in zip(features, around, strict=True)]
        rows = [sorted({index[f] for f in found if f in index}) for found in features]
        logits = np.array([self.weights[r].sum() for r in rows], dtype=np.float32)
        vectors = meaning_vectors([k.text for k in keywords]) * self.vector_scale
        logits += vectors @ self.vector_weights + self.bias
        if self.context_weights.size:
            logits += (sentence_vectors * self.context_scale) @ self.context_weights
        return 1.0 / (1.0 + np.exp(-logits))


def load_filter(folder: Path) -> KeywordFilter:
    return KeywordFilter(json.loads((folder / MODEL_FILE).read_text(encoding="utf-8")))


@lru_cache(maxsize=1)
def keyword_filter() -> KeywordFilter:
    """The shipped filter, loaded once (never changed by its callers)."""
    return load_filter(package_dir("data"))
