"""What a search runs over, held in memory: cards, their chunks, BM25 and the vector matrix.

LanceDB is the durable store (local folder or object store); queries run against this
in-memory copy, loaded once per build. At 10k chunks a LanceDB flat vector search took p95
57 ms on this 2-core machine against 0.4 ms for the same dot product in numpy (see
docs/BENCHMARKS.md), so the store is read once and searched here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

from core.contracts import CardKind, EvidenceCard
from core.retrieval.bm25 import BM25Retriever
from core.retrieval.chunking import Chunk
from core.retrieval.text_analysis import tokenize

# Ranking prior by card kind, applied to every retriever's scores before cards are ranked.
# A requirement wants evidence of doing the thing: a skills list only claims it, a summary
# sentence describes the person, a project write-up sentence is evidence but without its
# bullet's concreteness. Measured on the dev cases (docs/EVALUATION.md): nDCG@5 of every mode
# rose (BM25 0.48 → 0.55, hybrid 0.52 → 0.60) and no labelled evidence is a skills line.
KIND_PRIOR: dict[CardKind, float] = {
    CardKind.SKILL: 0.6,
    CardKind.SUMMARY: 0.8,
    CardKind.PROJECT: 0.9,
}


@dataclass(frozen=True)
class Corpus:
    cards: dict[str, EvidenceCard]
    chunks: list[Chunk]
    vectors: np.ndarray | None  # (len(chunks), dim), row-normalised; None = no embedder
    bm25: BM25Retriever
    card_chunks: dict[str, list[int]] = field(default_factory=dict)
    chunk_prior: np.ndarray = field(default_factory=lambda: np.ones(0))
    role_headers: frozenset[str] = frozenset()  # ids of the timeline's cards (see is_role_header)

    @classmethod
    def build(
        cls, cards: dict[str, EvidenceCard], chunks: list[Chunk], vectors: np.ndarray | None
    ) -> Corpus:
        card_chunks: dict[str, list[int]] = {}
        for i, chunk in enumerate(chunks):
            card_chunks.setdefault(chunk.card_id, []).append(i)
        bm25 = BM25Retriever([tokenize(chunk.text) for chunk in chunks])
        prior = np.array(
            [KIND_PRIOR.get(cards[chunk.card_id].kind, 1.0) for chunk in chunks], dtype=np.float64
        )
        return cls(
            cards=cards,
            chunks=chunks,
            vectors=vectors,
            bm25=bm25,
            card_chunks=card_chunks,
            chunk_prior=prior,
            role_headers=frozenset(cid for cid, card in cards.items() if is_role_header(card)),
        )

    @classmethod
    def empty(cls) -> Corpus:
        return cls.build({}, [], None)

    def with_cards(
        self, cards: Iterable[EvidenceCard], chunks: list[Chunk], vectors: np.ndarray | None
    ) -> Corpus:
        """A new corpus with these cards added (replacing cards of the same id)."""
        new_cards = {card.id: card for card in cards}
        keep = [i for i, c in enumerate(self.chunks) if c.card_id not in new_cards]
        merged_cards = {cid: c for cid, c in self.cards.items() if cid not in new_cards}
        merged_cards.update(new_cards)
        merged_chunks = [self.chunks[i] for i in keep] + chunks
        merged_vectors = None
        if self.vectors is not None and vectors is not None:
            merged_vectors = np.vstack([self.vectors[keep], vectors])
        return Corpus.build(merged_cards, merged_chunks, merged_vectors)

    @property
    def has_vectors(self) -> bool:
        return self.vectors is not None and len(self.chunks) > 0


def is_role_header(card: EvidenceCard) -> bool:
    """A role's own line ("Ledgerline — Senior Software Engineer | April 2021 – Present"): the
    parser gives it the role's title and dates and no kind of its own. It is the evidence for
    "N years of …": the timeline, not a bullet, says how long someone did the work."""
    return card.kind == CardKind.OTHER and bool(card.role.strip()) and bool(card.timeframe.strip())
