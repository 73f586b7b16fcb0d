"""ATS keywords from the trained span tagger (`core.jd.skill_spans`), ready for the ATS list.

A knowledge span (a tool, technology, field or credential) becomes a keyword after three steps:
- normalised against the term data: a span that is one lexicon term takes the term's category;
  a span holding lexicon terms and more words than MAX_WORDS gives those terms instead, and one
  holding a lexicon term in a coordination ("GDPR and accounting principles") gives its parts;
- trimmed: generic words at its ends ("strong", "experience", core/data/jd_phrase_words.json)
  go, and a single everyday word alone (`core.jd.rarity`) is no keyword;
- ranked: credentials first, then tools and technologies (a lexicon tool, or a span written
  with a capital or a digit), then fields of knowledge.
"""

from __future__ import annotations

import re

from core.jd.keywords import Keyword
from core.jd.phrases import phrase_words
from core.jd.rarity import too_common_alone
from core.jd.skill_spans import SkillSpan, find_spans
from core.jd.terms import find_terms

MAX_WORDS = 4
COORDINATED = re.compile(r"\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or|&|and/or)\s+")
CREDENTIALS = frozenset({"certifications", "degrees", "compliance"})
TOOLS = frozenset(
    {"programming_languages", "frameworks_libraries", "data_platforms", "cloud_infrastructure",
     "devops_observability", "tools", "design", "ux_research"}
)  # fmt: skip
TAGGED = "jd terms"  # the category of the ad's own phrases that no lexicon holds
RANKS = {"credential": 0, "tool": 1, "knowledge": 2}


def rank_of(keyword: Keyword) -> int:
    if keyword.category in CREDENTIALS:
        return RANKS["credential"]
    named = any(c.isupper() or c.isdigit() for c in keyword.text)
    if keyword.category in TOOLS or (keyword.category == TAGGED and named):
        return RANKS["tool"]
    return RANKS["knowledge"]


def _trim(text: str) -> str:
    stop, filler = phrase_words()
    words = text.split()
    while words and (words[0].lower() in filler or words[0].lower() in stop):
        words = words[1:]
    while words and (words[-1].lower() in filler or words[-1].lower() in stop):
        words = words[:-1]
    return " ".join(words)


def _as_keywords(span: SkillSpan) -> list[Keyword]:
    hits = list(find_terms(span.text))
    if len(hits) == 1 and hits[0].surface.lower() == span.text.lower():
        return [Keyword(hits[0].surface, hits[0].category)]
    text = _trim(span.text)
    if not text or too_common_alone(text) or not any(c.isalpha() for c in text):
        return [Keyword(h.surface, h.category) for h in hits]
    parts = [_trim(part) for part in COORDINATED.split(text)]
    if len(text.split()) > MAX_WORDS or (hits and len(parts) > 1 and all(parts)):
        named = {h.surface.lower(): h.category for h in hits}
        if len(parts) == 1 or not all(parts):
            return [Keyword(h.surface, h.category) for h in hits]
        return [
            Keyword(part, named.get(part.lower(), TAGGED))
            for part in parts
            if not too_common_alone(part) and len(part.split()) <= MAX_WORDS
        ]
    return [Keyword(text, TAGGED)]


def tagged_keywords(texts: list[str]) -> list[Keyword]:
    """Knowledge keywords of `texts` (requirement and duty text), ranked for ATS use."""
    found: list[Keyword] = []
    for text in texts:
        for span in find_spans(text, kinds=("knowledge",)):
            found += _as_keywords(span)
    return sorted(found, key=rank_of)  # stable: text order within a rank
