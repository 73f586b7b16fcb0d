"""From a query (usually a JD requirement) to what each retriever gets.

BM25 gets the query's content terms — minus job-ad boilerplate such as "experience",
"proficiency", "strong" that says nothing about *what* is wanted — plus one group per synonym
class the query mentions (its other names, scored by the best one, at full weight: a card that
says "game days" answers "chaos engineering" as well as one that says "chaos engineering").

The vector retriever gets variants of the query as written (sentence embeddings use the whole
phrasing): the query itself, and for each concept it mentions the query followed by a few of
the concept's other names. A requirement that asks several things ("Solid troubleshooting on
chillers, boilers, cooling towers and air handlers") also gets each ask alone, split by the
mapping's own rule (`core/mapping/asks.split_asks`): one sentence embedding of the whole list
blurs its parts, and the evidence is often one bullet per part. A chunk scores its best
similarity over the variants, an ask's similarity discounted by `ASK_WEIGHT` (a line that matches
one part states less than one that matches the whole), so the expansion can only add matches,
never blur the plain query.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.mapping.asks import split_asks
from core.retrieval.bm25 import QueryGroup
from core.retrieval.synonyms import ConceptMatch, Synonyms, synonym_index
from core.retrieval.text_analysis import tokenize

MAX_QUERY_CHARS = 2000
EXPANSION_WEIGHT = 1.0
NAMES_PER_VARIANT = 4
# An ask's cosine counts at this share of the whole query's. Chosen on the tuning dev cases
# (docs/eval-notes/mapping.md, `ASK_WEIGHT`): tuning hybrid nDCG@5 0.645 → 0.654, flat (0.652–0.654)
# from 0.85 to 0.95; 1.0 (asks at par with the whole) 0.647, 0.7 0.649.
ASK_WEIGHT = 0.9

# Words that frame a requirement rather than name it (already stemmed, as `tokenize` returns).
JOB_AD_FILLER = frozenset(
    tokenize(
        """experience experienced expertise proficiency proficient strong deep solid proven
        knowledge working hands-on familiarity familiar ability able track record history
        understanding skills skill including include such similar related other equivalent
        preferred required plus bonus ideally nice have years year demonstrated excellent
        great good etc like e.g i.e us you we will someone candidate role"""
    )
)


@dataclass(frozen=True)
class QueryPlan:
    text: str  # the query as searched (trimmed to MAX_QUERY_CHARS)
    truncated: bool
    groups: tuple[QueryGroup, ...]  # BM25: own terms first, then one group per concept
    concepts: tuple[str, ...]  # the synonym-class names the query mentioned
    vector_texts: tuple[str, ...] = ()  # what the embedding model reads (variants)
    vector_weights: tuple[float, ...] = ()  # each variant's share of its cosine (1.0 when absent)

    @property
    def has_terms(self) -> bool:
        return any(alt for group in self.groups for alt in group.alternatives)


def plan_query(text: str, synonyms: Synonyms) -> QueryPlan:
    text = " ".join(text.split())
    truncated = len(text) > MAX_QUERY_CHARS
    if truncated:
        text = text[:MAX_QUERY_CHARS].rsplit(" ", 1)[0] or text[:MAX_QUERY_CHARS]
    own = tuple(t for t in tokenize(text) if t not in JOB_AD_FILLER) or tuple(tokenize(text))
    own_set = set(own)
    groups = [QueryGroup(alternatives=(own,), weight=1.0)] if own else []
    concepts: list[str] = []
    matches = synonym_index(synonyms).find(text)
    for match in matches:
        alternatives = tuple(
            alt
            for alt in (
                tuple(t for t in tokenize(name) if t not in own_set) for name in match.alternatives
            )
            if alt
        )
        if alternatives:
            groups.append(QueryGroup(alternatives=alternatives, weight=EXPANSION_WEIGHT))
            concepts.append(match.found)
    variants = vector_variants(text, matches)
    asks = tuple(a for a in dict.fromkeys(split_asks(text).parts) if a not in variants)
    return QueryPlan(
        text=text,
        truncated=truncated,
        groups=tuple(groups),
        concepts=tuple(concepts),
        vector_texts=variants + asks,
        vector_weights=(1.0,) * len(variants) + (ASK_WEIGHT,) * len(asks),
    )


def vector_variants(text: str, matches: list[ConceptMatch]) -> tuple[str, ...]:
    variants = [text]
    for match in matches:
        if match.alternatives:
            names = ", ".join(match.alternatives[:NAMES_PER_VARIANT])
            variants.append(f"{text}; {names}")
    return tuple(variants)
