"""Evidence retrieval: LanceDB-backed index, BM25 + sentence-embedding search, RRF, reranking.

Public API (other areas code against exactly this):
    get_embedder, embedder_unavailable_reason, Embedder
    EvidenceIndex
    rrf_fuse, tokenize, expand_query, load_synonyms
    get_reranker, reranker_unavailable_reason, Reranker
    MODES
"""

from __future__ import annotations

from core.retrieval.embedder import Embedder, embedder_unavailable_reason, get_embedder
from core.retrieval.fusion import rrf_fuse
from core.retrieval.index import EvidenceIndex
from core.retrieval.reranker import Reranker, get_reranker, reranker_unavailable_reason
from core.retrieval.search import MODES
from core.retrieval.synonyms import expand_query, load_synonyms
from core.retrieval.text_analysis import tokenize

__all__ = [
    "MODES",
    "Embedder",
    "EvidenceIndex",
    "Reranker",
    "embedder_unavailable_reason",
    "expand_query",
    "get_embedder",
    "get_reranker",
    "load_synonyms",
    "reranker_unavailable_reason",
    "rrf_fuse",
    "tokenize",
]
