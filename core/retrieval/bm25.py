"""BM25 (rank-bm25's Okapi variant) over tokenized chunks, scored term by term with numpy.

rank-bm25 fits the model (idf with its epsilon floor, document lengths, k1, b); its own scoring
walks every document in Python for every query term, which stops scaling at about ten thousand
chunks (docs/BENCHMARKS.md). Here each term keeps a postings array (documents containing it and
their term frequencies) and a query costs one vectorised update per term: the same scores as
`BM25Okapi.get_scores` (a test checks equality), at a cost that grows with the matches.

Query terms come in groups (`QueryGroup`): the query's own terms, and for every synonym class the
query mentions, its other names. A group scores a document by the best of its alternatives (a
card needs one name for a concept, not all of them) times the group weight.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from rank_bm25 import BM25Okapi

# Tiny corpora give negative Okapi idf for terms in most documents; a positive floor keeps
# "contains the term" always better than "does not".
IDF_FLOOR = 0.05
# Okapi parameters. Evidence lines are short and of similar length, so a line that states the
# wanted term in a long sentence is still evidence: mild length normalisation (b) and early term
# saturation (k1). Chosen on the tuning dev cases (docs/eval-notes/mapping.md): BM25 nDCG@5 0.537
# → 0.555 against rank-bm25's defaults k1=1.5, b=0.75 (held-back, not used to choose: 0.543 →
# 0.563).
K1 = 0.9
B = 0.25


@dataclass(frozen=True)
class QueryGroup:
    alternatives: tuple[tuple[str, ...], ...]  # each alternative is a token sequence
    weight: float = 1.0


class BM25Retriever:
    def __init__(self, documents: Sequence[Sequence[str]]) -> None:
        self.size = len(documents)
        # rank-bm25 divides by the average length: it cannot hold an empty corpus.
        has_terms = any(documents)
        self._bm25 = (
            BM25Okapi([list(t) or [""] for t in documents], k1=K1, b=B) if has_terms else None
        )
        self._postings: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        self._length_norm = np.zeros(0)
        if self._bm25 is not None:
            bm25 = self._bm25
            for term, idf in bm25.idf.items():
                bm25.idf[term] = max(idf, IDF_FLOOR)
            bm25.doc_len = np.asarray(bm25.doc_len, dtype=np.float64)
            self._length_norm = bm25.k1 * (1 - bm25.b + bm25.b * bm25.doc_len / bm25.avgdl)
            self._postings = _postings(bm25.doc_freqs)

    @property
    def okapi(self) -> BM25Okapi | None:
        """The underlying rank-bm25 model (None for an empty corpus)."""
        return self._bm25

    def term_scores(self, term: str) -> tuple[np.ndarray, np.ndarray]:
        """(documents containing `term`, the term's BM25 contribution in each)."""
        if self._bm25 is None or term not in self._postings:
            return np.zeros(0, dtype=np.int64), np.zeros(0)
        docs, tf = self._postings[term]
        k1 = self._bm25.k1
        contribution = self._bm25.idf[term] * tf * (k1 + 1) / (tf + self._length_norm[docs])
        return docs, contribution

    def score(self, groups: Sequence[QueryGroup]) -> tuple[np.ndarray, np.ndarray]:
        """(document indices, scores) for every document matching at least one query term."""
        if self._bm25 is None:
            return np.zeros(0, dtype=np.int64), np.zeros(0)
        total = np.zeros(self.size)
        for group in groups:
            best = np.zeros(self.size)
            for alternative in group.alternatives:
                scores = np.zeros(self.size)
                for term in alternative:
                    docs, contribution = self.term_scores(term)
                    scores[docs] += contribution  # a term lists each document once
                np.maximum(best, scores, out=best)
            total += group.weight * best
        docs = np.flatnonzero(total > 0)
        return docs, total[docs]


def _postings(doc_freqs: Sequence[dict[str, int]]) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    docs: dict[str, list[int]] = {}
    freqs: dict[str, list[int]] = {}
    for index, frequencies in enumerate(doc_freqs):
        for term, count in frequencies.items():
            docs.setdefault(term, []).append(index)
            freqs.setdefault(term, []).append(count)
    return {
        term: (np.asarray(docs[term], dtype=np.int64), np.asarray(freqs[term], dtype=np.float64))
        for term in docs
    }
