"""Which of a job ad's ATS keyword candidates a recruiter would search: a small learned filter.
An experiment (`tools/train_jd_keyword_filter.py`), not used by `analyze_jd`: on the project's
labelled job ads it drops real trade terms of occupations it has not seen ('journal entries',
'curriculum', 'Niagara') as well as junk (docs/EVALUATION.md, "ATS keywords judged by hand").

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
from functools import lru_cache
from pathlib import Path

import numpy as np

from core.jd.analyze import AdReading
from core.jd.keywords import Keyword
from core.jd.phrases import duty_verbs, phrase_words, skill_terms
from core.jd.rarity import common_words, zipf
from core.jd.sections import Section
from core.jd.skill_spans import find_spans
from core.jd.unit_roles import ROLES, unit_roles_model
from core.text.meaning_vectors import meaning_vectors
from tools.keyword_features import case_shape

MODEL_FILE = "keyword_filter.json"
MANIFEST_FILE = "keyword_filter_manifest.json"
# A code of digits and letters joined by a hyphen ('10-key', 'K-12', 'OSHA-30') is one token.
CODE = r"\d+-[A-Za-z][A-Za-z\d]*|[A-Za-z]+-\d+[A-Za-z\d]*"
TOKEN = re.compile(rf"{CODE}|[A-Za-z][A-Za-z'’+#]*[A-Za-z+#]|[A-Za-z]|\d+(?:[.,]\d+)?")
CONTEXT = re.compile(r"[A-Za-z][A-Za-z'’]*|\d+")
CAMEL_GLUE = re.compile(r"[a-z]{3}[A-Z][a-z]")  # 'QualificationsCurrently', also 'SharePoint'
OPENS = re.compile(r"(?:^|[.!?:;•\n])[\s\-–*•▪◦·]*$")
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

    @property
    def lowered(self) -> tuple[str, ...]:
        return tuple(k.text.lower() for k in self.candidates)


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
    kind = next((s.kind for s in ad.sections if low in s.text.lower()), "none")
    pattern = re.compile(rf"(?<![\w]){re.escape(low)}(?![\w])")
    inside = any(other != low and pattern.search(other) for other in ad.lowered)
    holds = any(
        other != low and re.search(rf"(?<![\w]){re.escape(other)}(?![\w])", low)
        for other in ad.lowered
        if other
    )
    return [
        f"sec={kind}",
        f"asked={any(low in a.lower() for a in ad.asked)}",
        f"inside_longer={inside}",
        f"holds_shorter={holds}",
    ]


def _context_features(text: str, ad_text: str) -> list[str]:
    at = ad_text.find(text)
    if at < 0:
        at = ad_text.lower().find(text.lower())
    if at < 0:
        return ["ctx=absent"]
    before = CONTEXT.findall(ad_text[max(0, at - 40) : at])
    after = CONTEXT.findall(ad_text[at + len(text) : at + len(text) + 40])
    glued_before = at > 0 and ad_text[at - 1].isalnum()
    end = at + len(text)
    glued_after = end < len(ad_text) and ad_text[end].isalnum()
    count = ad_text.lower().count(text.lower())
    return [
        f"prev={_word(before[-1]) if before else '<start>'}",
        f"next={_word(after[0]) if after else '<end>'}",
        f"opens={OPENS.search(ad_text[:at]) is not None}",
        f"glued={glued_before or glued_after}",
        f"count={_bucket(count, (1, 2, 4))}",
    ]


def sentence_of(text: str, ad_text: str) -> str:
    """The sentence of the ad's line that holds the candidate's first occurrence ('' when the
    candidate is not written in the ad as it stands)."""
    at = ad_text.find(text)
    if at < 0:
        at = ad_text.lower().find(text.lower())
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
        self.retry = str(data.get("retry", "trims"))  # what `searchable_keywords` tries again
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


# What a dropped candidate is tried again as: `_parts` alone, or those and `_sub_candidates`.
RETRIES = ("trims", "spans")
POSSESSIVE = re.compile(r"(?:['’]s|s['’])$")


def searchable_keywords(model: KeywordFilter, ad: AdContext) -> list[Keyword]:
    """The candidates a recruiter would search (the model's `keep_min` or more), in their order;
    job titles are always kept. A dropped candidate of several words is tried again as its parts
    (the model's `retry`: "trims", the candidate without its first word, its last word or both,
    'USP <800> standards' -> 'USP <800>'; "spans", those and the span tagger's spans inside it and
    its trailing noun run, 'devise individualized care plans' -> 'individualized care plans');
    the best such part the model keeps takes its place."""
    keywords = list(ad.candidates)
    scores = model.searchable(keywords, ad)
    listed = {k.text.lower() for k in keywords}
    kept: list[Keyword] = []
    for keyword, score in zip(keywords, scores, strict=True):
        if keyword.category in ALWAYS_KEPT or score >= model.keep_min:
            kept.append(keyword)
            continue
        found = _parts(keyword)
        if model.retry == "spans":
            found += _sub_candidates(keyword, ad.text)
        parts = list({p.text.lower(): p for p in found if p.text.lower() not in listed}.values())
        if parts:
            part_scores = model.searchable(parts, ad)
            best = int(part_scores.argmax())
            if part_scores[best] >= model.keep_min:
                kept.append(parts[best])
                listed.add(parts[best].text.lower())
    return kept


def _parts(keyword: Keyword) -> list[Keyword]:
    """The candidate without its first word, its last word, or both (two words or more left in
    the last case, one in the others)."""
    words = keyword.text.split()
    if len(words) < 2:
        return []
    spans = [words[1:], words[:-1]] + ([words[1:-1]] if len(words) > 3 else [])
    return [Keyword(" ".join(s), keyword.category) for s in spans]


def _sub_candidates(keyword: Keyword, ad_text: str) -> list[Keyword]:
    """Shorter phrases inside a candidate of several words: the span tagger's knowledge and skill
    spans of the candidate's sentence that lie inside it, and its trailing noun run."""
    text = keyword.text
    if len(text.split()) < 2:
        return []
    low = text.lower()
    inside = [
        span
        for span in _sentence_spans(sentence_of(text, ad_text))
        if span.lower() != low and re.search(rf"(?<!\w){re.escape(span.lower())}(?!\w)", low)
    ]
    tail = noun_run(text)
    return [Keyword(t, keyword.category) for t in inside + ([tail] if tail else [])]


def noun_run(text: str) -> str:
    """The words after the last verb, stop word (determiners, pronouns, prepositions) or
    possessive of a phrase, as the span tagger's word data classes them ('entire program's K-12
    curriculum' -> 'K-12 curriculum'); '' when no such word stands before the last word."""
    words = text.split()
    stop, _ = phrase_words()
    verbs = duty_verbs()
    cut = -1
    for i, word in enumerate(words[:-1]):
        bare = word.lower().strip('.,;:()"“”')
        if bare in verbs or bare in stop or POSSESSIVE.search(bare):
            cut = i
    return " ".join(words[cut + 1 :]) if cut >= 0 else ""


@lru_cache(maxsize=4096)
def _sentence_spans(sentence: str) -> tuple[str, ...]:
    return tuple(span.text for span in find_spans(sentence)) if sentence else ()
