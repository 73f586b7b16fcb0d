"""ATS keywords from the trained span tagger (`core.jd.skill_spans`), ready for the ATS list.

A knowledge span (a tool, technology, field or credential) becomes a keyword after three steps:
- cut into pieces at commas, colons and semicolons (a span across one is a list: "ICU, NICU");
- normalised against the term data: a piece that is one lexicon term takes the term's category;
  a piece holding a lexicon term in a coordination ("GDPR and accounting principles") gives its
  parts, and a part longer than MAX_WORDS gives only the lexicon terms inside;
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
LIST_BREAK = re.compile(r"\s*[,;:]\s*")
COORDINATION = re.compile(r"\s+(?:and/or|and|or|&)\s+")
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
    """A span across a comma, colon or semicolon is a list: each piece is read on its own."""
    return [k for piece in LIST_BREAK.split(span.text) for k in _piece_keywords(piece)]


def _piece_keywords(piece: str) -> list[Keyword]:
    hits = list(find_terms(piece))
    if len(hits) == 1 and hits[0].surface.lower() == piece.lower():
        return [Keyword(hits[0].surface, hits[0].category)]
    named = {h.surface.lower(): h.category for h in hits}
    parts = [_trim(part) for part in COORDINATION.split(piece)] if hits else [_trim(piece)]
    if len(parts) > 1 and not all(parts):
        parts = [_trim(piece)]
    out: list[Keyword] = []
    for part in parts:
        if not part or too_common_alone(part) or not any(c.isalpha() for c in part):
            continue
        if len(part.split()) > MAX_WORDS:
            out += [Keyword(h.surface, h.category) for h in find_terms(part)]
        else:
            out.append(Keyword(part, named.get(part.lower(), TAGGED)))
    return out


def tagged_keywords(texts: list[str]) -> list[Keyword]:
    """Knowledge keywords of `texts` (requirement and duty text), ranked for ATS use."""
    found: list[Keyword] = []
    for text in texts:
        for span in find_spans(text, kinds=("knowledge",)):
            found += _as_keywords(span)
    return sorted(found, key=rank_of)  # stable: text order within a rank
