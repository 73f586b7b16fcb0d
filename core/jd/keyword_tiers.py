"""The job ad's keywords in two tiers: the ATS keywords (the candidates the learned filter,
`core.jd.keyword_filter`, keeps: what a recruiter would search) and the other terms in the ad
(the rest, still shown, never counted in ATS coverage), so no candidate disappears from view.

A dropped candidate of several words is tried again as its parts (the model's `retry`: "trims",
the candidate without its first word, its last word or both, 'USP <800> standards' -> 'USP <800>';
"spans", those and the span tagger's spans inside it and its trailing noun run, 'devise
individualized care plans' -> 'individualized care plans'); the best part the model keeps joins
the ATS keywords and the candidate itself stays among the other terms.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from core.jd.keyword_filter import ALWAYS_KEPT, AdContext, KeywordFilter, sentence_of
from core.jd.keywords import Keyword, dedup_key
from core.jd.model_keywords import rank_of
from core.jd.phrases import duty_verbs, phrase_words
from core.jd.skill_spans import find_spans

# What a dropped candidate is tried again as: `_parts` alone, or those and `_sub_candidates`.
RETRIES = ("trims", "spans")
POSSESSIVE = re.compile(r"(?:['’]s|s['’])$")


@dataclass(frozen=True)
class KeywordTiers:
    """`ats`: job titles, then credentials and tools, then knowledge, each by the filter's score;
    `other`: the candidates it dropped, in the reader's order."""

    ats: list[Keyword]
    other: list[Keyword]


def keyword_tiers(model: KeywordFilter, ad: AdContext) -> KeywordTiers:
    """The ad's candidates split by the model (its `keep_min`); job titles are always kept."""
    kept = scored_keywords(model, ad)
    ats = sorted(kept, key=lambda pair: (_group(pair[0]), -pair[1]))
    listed = {dedup_key(k.text) for k, _ in kept}
    other = [k for k in ad.candidates if dedup_key(k.text) not in listed]
    return KeywordTiers([k for k, _ in ats], other)


def _group(keyword: Keyword) -> int:
    return 0 if keyword.category in ALWAYS_KEPT else 1 + min(rank_of(keyword), 1)


def scored_keywords(model: KeywordFilter, ad: AdContext) -> list[tuple[Keyword, float]]:
    """Each kept candidate (or kept part of a dropped one) with its score, in the reader's order;
    a job title scores 1. The parts of every dropped candidate are scored in one batch."""
    keywords = list(ad.candidates)
    scores = model.searchable(keywords, ad)
    listed = {dedup_key(k.text) for k in keywords}
    dropped = {
        i: _retry_parts(model, k, ad.text, listed)
        for i, (k, score) in enumerate(zip(keywords, scores, strict=True))
        if k.category not in ALWAYS_KEPT and score < model.keep_min
    }
    unique = list({p.text: p for ps in dropped.values() for p in ps}.values())
    part_score = dict(
        zip([p.text for p in unique], model.searchable(unique, ad).tolist(), strict=True)
    )
    kept: list[tuple[Keyword, float]] = []
    for i, keyword in enumerate(keywords):
        if i not in dropped:
            kept.append((keyword, 1.0 if keyword.category in ALWAYS_KEPT else float(scores[i])))
            continue
        parts = [p for p in dropped[i] if dedup_key(p.text) not in listed]
        if parts:  # the first of equal best, as `argmax` gives
            best = max(parts, key=lambda p: part_score[p.text])
            if part_score[best.text] >= model.keep_min:
                kept.append((best, part_score[best.text]))
                listed.add(dedup_key(best.text))
    return kept


def _retry_parts(
    model: KeywordFilter, keyword: Keyword, ad_text: str, listed: set[str]
) -> list[Keyword]:
    """What a dropped candidate is tried again as (the model's `retry`), each once (by
    `dedup_key`), none the reader listed itself."""
    found = _parts(keyword)
    if model.retry == "spans":
        found += _sub_candidates(keyword, ad_text)
    return list({dedup_key(p.text): p for p in found if dedup_key(p.text) not in listed}.values())


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
