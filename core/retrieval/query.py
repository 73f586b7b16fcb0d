"""From a query (usually a JD requirement) to what each retriever gets.

BM25 gets the query's content terms — minus job-ad boilerplate such as "experience",
"proficiency", "strong" that says nothing about *what* is wanted — plus one group per synonym
class the query mentions (its other names, scored by the best one, at full weight: a card that
says "game days" answers "chaos engineering" as well as one that says "chaos engineering").

The vector retriever gets variants of the query as written (sentence embeddings use the whole
phrasing): the query itself, and for each concept it mentions the query followed by a few of
the concept's other names. A chunk scores its best similarity over the variants, so the
expansion can only add matches, never blur the plain query.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.retrieval.bm25 import QueryGroup
from core.retrieval.synonyms import ConceptMatch, Synonyms, synonym_index
from core.retrieval.text_analysis import tokenize

MAX_QUERY_CHARS = 2000
EXPANSION_WEIGHT = 1.0
NAMES_PER_VARIANT = 4

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
    return QueryPlan(
        text=text,
        truncated=truncated,
        groups=tuple(groups),
        concepts=tuple(concepts),
        vector_texts=vector_variants(text, matches),
    )


def vector_variants(text: str, matches: list[ConceptMatch]) -> tuple[str, ...]:
    variants = [text]
    for match in matches:
        if match.alternatives:
            names = ", ".join(match.alternatives[:NAMES_PER_VARIANT])
            variants.append(f"{text}; {names}")
    return tuple(variants)
