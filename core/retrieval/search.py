"""One search over a corpus: BM25 and/or vector rankings of cards, RRF fusion, reranking.

Retrievers rank chunks; a card's score in a retriever is its best chunk's, so a long card split
into chunks is found by its most relevant part and reported once, under its own id. The kind of
requirement a query states adds rankings of the cards that are its usual evidence (`KIND_CARDS`):
years of experience the role header lines (the timeline), a degree the education section, a
credential the certifications.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from core.contracts import CardKind, EvidenceHit, Ranking, RequirementKind, RetrievalMode
from core.errors import InputError
from core.jd.kinds import asked_years, requirement_kind
from core.retrieval.corpus import Corpus
from core.retrieval.embedder import Embedder
from core.retrieval.fusion import rrf_fuse
from core.retrieval.query import MAX_QUERY_CHARS, QueryPlan, plan_query
from core.retrieval.reranker import Reranker
from core.retrieval.synonyms import Synonyms
from core.settings import RetrievalSettings

MODES = tuple(mode.value for mode in RetrievalMode)  # the enum in core/contracts.py, in order
_CHUNKS_PER_CARD = 8  # sort this many chunks per wanted card before falling back to all
# A query asking for years of experience ("5+ years of commercial contracting") fuses a third
# ranking: the role header lines, in the order the other retrievers put them, at this weight.
# Chosen on the tuning dev cases (docs/eval-notes/mapping.md, `TIMELINE_WEIGHT`): 0.5 of 0.3 to 2.0.
TIMELINE_WEIGHT = 0.5
# A degree or credential requirement fuses the cards of the section that states them, in the same
# order, at this weight: evidence for "Bachelor's degree in business" is an education line, for
# "OSHA 30 card" a certification line, whatever words the bullets share with the query. Tuning
# hybrid nDCG@5 0.633 → 0.645 at every weight from 0.25 to 2.0 (docs/eval-notes/mapping.md,
# "the requirement's kind"); the same weight as the timeline, one rule for both.
KIND_CARDS: dict[RequirementKind, frozenset[CardKind]] = {
    RequirementKind.DEGREE: frozenset({CardKind.EDUCATION}),
    RequirementKind.CREDENTIAL: frozenset({CardKind.CERTIFICATION}),
}
KIND_WEIGHT = TIMELINE_WEIGHT
Hyde = Callable[[str], str | None]


@dataclass
class SearchDeps:
    embedder: Embedder | None
    settings: RetrievalSettings
    synonyms: Synonyms
    reranker: Callable[[], Reranker | None] = lambda: None
    embedder_note: str = ""
    reranker_note: Callable[[], str] = lambda: ""


@dataclass
class CardRanking:
    """One retriever's ranking of cards: ids best first, with score and best chunk index."""

    ids: list[str] = field(default_factory=list)
    scores: dict[str, float] = field(default_factory=dict)
    chunk: dict[str, int] = field(default_factory=dict)
    rank: dict[str, int] = field(default_factory=dict)

    def add(self, card_id: str, score: float, chunk: int) -> None:
        self.ids.append(card_id)
        self.scores[card_id] = score
        self.chunk[card_id] = chunk
        self.rank[card_id] = len(self.ids)


def run_search(
    corpus: Corpus, query: str, *, k: int, mode: str, deps: SearchDeps, hyde: Hyde | None = None
) -> Ranking:
    _check_request(query, mode, k)
    plan = plan_query(query, deps.synonyms)
    notes: list[str] = []
    if plan.truncated:
        notes.append(f"query cut to its first {MAX_QUERY_CHARS} characters")
    ran = _resolve_mode(mode, corpus, deps, notes)
    if not corpus.chunks:
        notes.append("no evidence cards are indexed")
        return Ranking(query=plan.text, mode=ran, requested_mode=mode, note="; ".join(notes))
    depth = max(100, 4 * k, deps.settings.rerank_top)
    uses_vectors = ran.startswith(("vector", "hybrid"))
    bm25 = _bm25_ranking(corpus, plan, depth) if not ran.startswith("vector") else CardRanking()
    if not uses_vectors and not plan.has_terms:
        notes.append("the query has no searchable words for keyword search")
    sims = _similarities(corpus, plan, deps, hyde, notes) if uses_vectors else None
    vector = CardRanking()
    if sims is not None:
        vector = _best_per_card(corpus, np.arange(len(sims)), sims, depth)
    by_kind = _by_kind(corpus, plan.text, vector if sims is not None else bm25)
    order, final = _order(ran, bm25, vector, deps.settings, by_kind)
    extra: dict[str, dict[str, float]] = {"rrf": final} if ran.startswith("hybrid") else {}
    if ran.endswith("+rerank"):
        reranked = _rerank(corpus, plan.text, order, deps, notes)
        if reranked is None:
            ran = ran.removesuffix("+rerank")
        else:
            order, extra["rerank"] = reranked
            final = {**final, **extra["rerank"]}
    hits = [_hit(corpus, cid, final[cid], bm25, vector, sims, extra) for cid in order[:k]]
    return Ranking(
        query=plan.text, mode=ran, requested_mode=mode, results=hits, note="; ".join(notes)
    )


def _check_request(query: str, mode: str, k: int) -> None:
    if mode not in MODES:
        raise InputError(f"Unknown search mode {mode!r}: use one of {', '.join(MODES)}.")
    if not query or not query.strip():
        raise InputError(
            "The search query is empty: type what the evidence should show, for example one "
            "requirement from the job description."
        )
    if k < 1:
        raise InputError(f"k must be at least 1 (got {k}).")


def _resolve_mode(mode: str, corpus: Corpus, deps: SearchDeps, notes: list[str]) -> str:
    vectors = deps.embedder is not None and (corpus.has_vectors or not corpus.chunks)
    if mode == "bm25":
        return "bm25"
    base = "hybrid" if mode != "vector" else "vector"
    if not vectors:
        why = deps.embedder_note or "no embedding model is loaded"
        notes.append(f"vector search unavailable ({why}); ran BM25 only")
        base = "bm25"
    if mode != "hybrid+rerank":
        return base
    if deps.reranker() is None:
        notes.append(f"reranking unavailable ({deps.reranker_note() or 'no reranker'})")
        return base
    return f"{base}+rerank"


def _bm25_ranking(corpus: Corpus, plan: QueryPlan, depth: int) -> CardRanking:
    docs, scores = corpus.bm25.score(plan.groups)
    return _best_per_card(corpus, docs, scores, depth)


def _similarities(
    corpus: Corpus, plan: QueryPlan, deps: SearchDeps, hyde: Hyde | None, notes: list[str]
) -> np.ndarray:
    """Each chunk's best cosine similarity over the query variants (and a HyDE bullet), each
    positive similarity weighted by its variant's share (`QueryPlan.vector_weights`)."""
    assert deps.embedder is not None and corpus.vectors is not None
    texts = list(plan.vector_texts)
    weights = list(plan.vector_weights) or [1.0] * len(texts)
    if hyde is not None:
        try:
            bullet = hyde(plan.text)
        except Exception as err:  # the hook is an LLM call: any failure means "plain query"
            notes.append(f"HyDE failed ({type(err).__name__}); used the plain query")
            bullet = None
        if isinstance(bullet, str) and bullet.strip():
            texts.append(bullet.strip()[:MAX_QUERY_CHARS])
            weights.append(1.0)
            notes.append("HyDE: a hypothetical bullet was added to the vector query")
    query_vectors = deps.embedder.encode(texts).astype(np.float32)
    sims = corpus.vectors @ query_vectors.T
    share = np.asarray(weights, dtype=np.float32)
    return np.where(sims > 0, sims * share, sims).max(axis=1)


def _best_per_card(corpus: Corpus, docs: np.ndarray, scores: np.ndarray, limit: int) -> CardRanking:
    """The best `limit` cards, each ranked by its best chunk, scores weighted by card kind.

    The ranking score is `score × prior` (negative similarities, which mean "unrelated", are
    left alone); each card reports the raw score of its best chunk. Only the top chunks are
    sorted (a card has a handful of chunks), so the cost stays flat as the corpus grows.
    """
    prior = corpus.chunk_prior[docs] if docs.size else np.ones(0)
    adjusted = np.where(scores > 0, scores * prior, scores)
    take = min(len(adjusted), limit * _CHUNKS_PER_CARD)
    while True:
        order = _descending(adjusted, take)
        ranking = CardRanking()
        for i in order:
            card_id = corpus.chunks[int(docs[i])].card_id
            if card_id not in ranking.scores:
                ranking.add(card_id, float(scores[i]), int(docs[i]))
                if len(ranking.ids) >= limit:
                    return ranking
        if take >= len(adjusted):
            return ranking
        take = len(adjusted)  # many chunks of few cards at the top: sort everything


def _descending(values: np.ndarray, take: int) -> np.ndarray:
    """Indices of the `take` largest values, largest first (stable among equals)."""
    if take >= len(values):
        return np.argsort(-values, kind="stable")
    top = np.argpartition(-values, take - 1)[:take]
    return top[np.argsort(-values[top], kind="stable")]


def _by_kind(corpus: Corpus, query: str, ranking: CardRanking) -> list[tuple[list[str], float]]:
    """Extra (ranking, weight) pairs for the kind of requirement the query states: the role
    headers when it asks for years of experience, the education or certification cards when it
    asks for a degree or a credential (see `KIND_CARDS`); each in `ranking`'s order."""
    extra: list[tuple[list[str], float]] = []
    if corpus.role_headers and asked_years(query) is not None:
        extra.append(([cid for cid in ranking.ids if cid in corpus.role_headers], TIMELINE_WEIGHT))
    kinds = KIND_CARDS.get(_query_kind(query))
    if kinds:
        cards = [cid for cid in ranking.ids if corpus.cards[cid].kind in kinds]
        if cards:
            extra.append((cards, KIND_WEIGHT))
    return [(ids, weight) for ids, weight in extra if ids]


@lru_cache(maxsize=1024)
def _query_kind(query: str) -> RequirementKind:
    """The query's requirement kind, remembered: mapping searches the same requirements again
    after every gap answer, and reading the kind (skill and credential lexicons) costs ~2 ms."""
    return requirement_kind(query)


def _order(
    ran: str,
    bm25: CardRanking,
    vector: CardRanking,
    settings: RetrievalSettings,
    by_kind: list[tuple[list[str], float]],
) -> tuple[list[str], dict[str, float]]:
    if ran.startswith("bm25"):
        return bm25.ids, bm25.scores
    if ran == "vector":
        return vector.ids, vector.scores
    rankings = [bm25.ids, vector.ids] + [ids for ids, _ in by_kind]
    weights = [settings.bm25_weight, settings.vector_weight] + [w for _, w in by_kind]
    fused = rrf_fuse(rankings, k=settings.rrf_k, weights=weights)
    return [cid for cid, _ in fused], dict(fused)


def _rerank(
    corpus: Corpus, query: str, order: list[str], deps: SearchDeps, notes: list[str]
) -> tuple[list[str], dict[str, float]] | None:
    """Cross-encoder order of the top `rerank_top` cards (the rest keep their place after)."""
    reranker = deps.reranker()
    head = order[: deps.settings.rerank_top]
    try:
        assert reranker is not None
        scores = reranker.score(query, [corpus.cards[cid].raw_text for cid in head])
    except Exception as err:  # a failing model must not lose the fused ranking
        notes.append(f"reranking failed ({type(err).__name__}); kept the fused order")
        return None
    by_score = sorted(range(len(head)), key=lambda i: (-scores[i], i))
    return [head[i] for i in by_score] + order[len(head) :], dict(zip(head, scores, strict=True))


def _hit(
    corpus: Corpus,
    card_id: str,
    score: float,
    bm25: CardRanking,
    vector: CardRanking,
    sims: np.ndarray | None,
    extra: dict[str, dict[str, float]],
) -> EvidenceHit:
    card = corpus.cards[card_id]
    scores: dict[str, float] = {}
    ranks: dict[str, int] = {}
    if card_id in bm25.scores:
        scores["bm25"] = bm25.scores[card_id]
        ranks["bm25"] = bm25.rank[card_id]
    if sims is not None:
        scores["vector"] = float(max(sims[corpus.card_chunks[card_id]]))
        if card_id in vector.rank:
            ranks["vector"] = vector.rank[card_id]
    for name, values in extra.items():
        if card_id in values:
            scores[name] = values[card_id]
    best = bm25.chunk.get(card_id, vector.chunk.get(card_id))
    chunk_id = corpus.chunks[best].chunk_id if best is not None else None
    return EvidenceHit(
        card_id=card_id,
        chunk_id=chunk_id if chunk_id != card_id else None,
        text=card.raw_text,
        company=card.company,
        role=card.role,
        timeframe=card.timeframe,
        kind=card.kind,
        score=round(float(score), 6),
        scores={name: round(float(value), 6) for name, value in scores.items()},
        ranks=ranks,
    )
