"""`EvidenceIndex`: the evidence cards of one workspace, stored in LanceDB, searched in memory.

- `build(cards, content_hash=…)` skips work when the stored build key (content hash + model +
  layout) matches, else chunks, embeds and overwrites the table. A file lock beside the table
  serialises builders, so two processes indexing one workspace both end with the right index.
- A damaged or unreadable table is rebuilt from the cards; a folder that cannot be written (or a
  lock held too long by another process) falls back to an in-memory table for this process. Either
  way the search keeps working and `warnings` says what happened.
- `add_cards` indexes cards at once (user answers); they survive later rebuilds in this process.
"""

from __future__ import annotations

import contextlib
import logging
import shutil
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import numpy as np

from core.contracts import EvidenceCard, Ranking
from core.retrieval.chunking import Chunk, chunk_cards, embedding_text
from core.retrieval.corpus import Corpus
from core.retrieval.embedder import Embedder, embedder_unavailable_reason
from core.retrieval.model_gate import encode_within
from core.retrieval.query import plan_query
from core.retrieval.query_memo import RememberedQueries
from core.retrieval.reranker import Reranker, get_reranker, reranker_unavailable_reason
from core.retrieval.search import MODES, SearchDeps, run_search
from core.retrieval.store import (
    DEFAULT_DIM,
    TABLE,
    LanceStore,
    StoreError,
    build_key,
    builder_lock,
    decode_rows,
    key_fits_model,
    local_path,
    rows_table,
)
from core.retrieval.synonyms import load_synonyms
from core.settings import RetrievalSettings

log = logging.getLogger(__name__)
MEMORY_URI = "memory://"


def embedding_texts(cards: list[EvidenceCard], chunks: list[Chunk] | None = None) -> list[str]:
    """The texts an index embeds for `cards` (one per chunk)."""
    by_id = {card.id: card for card in cards}
    chunks = chunk_cards(cards) if chunks is None else chunks
    return [embedding_text(chunk, by_id[chunk.card_id]) for chunk in chunks]


def embed_ahead(embedder: Embedder | None, cards: list[EvidenceCard]) -> None:
    """Start embedding `cards`' texts in the background (when the embedder can), so the work
    before `build` — a cold process's LanceDB import — runs meanwhile on the other core; `build`
    then waits for those vectors instead of computing them (same vectors either way)."""
    prefetch = getattr(embedder, "prefetch", None)
    if prefetch is not None and cards:
        prefetch(embedding_texts(cards))


class EvidenceIndex:
    def __init__(
        self,
        uri: str,
        store: LanceStore,
        *,
        embedder: Embedder | None,
        settings: RetrievalSettings,
        lock_timeout_s: float,
    ) -> None:
        self.uri = uri
        self.settings = settings
        self.embedder = embedder
        self._queries = RememberedQueries(embedder) if embedder is not None else None
        self.warnings: list[str] = []
        self._store = store
        self._lock_timeout_s = lock_timeout_s
        self._corpus: Corpus | None = None
        self._added: dict[str, EvidenceCard] = {}
        self._mutex = threading.RLock()
        self._synonyms = load_synonyms()

    @classmethod
    def open(
        cls,
        uri: str | Path,
        *,
        embedder: Embedder | None,
        settings: RetrievalSettings,
        lock_timeout_s: float = 120.0,
    ) -> EvidenceIndex:
        """Connect to the index at `uri` (a folder, or an s3:// / gs:// / memory:// URI)."""
        uri = str(uri)
        problem = ""
        local = local_path(uri)
        try:
            if local is not None:
                local.mkdir(mode=0o700, parents=True, exist_ok=True)
            store = LanceStore(uri)
        except (OSError, StoreError) as err:
            problem = f"The index folder {uri} cannot be used ({err}); "
            store = LanceStore(MEMORY_URI)
        index = cls(uri, store, embedder=embedder, settings=settings, lock_timeout_s=lock_timeout_s)
        if problem:
            index._warn(problem + "this session keeps its index in memory only.")
        return index

    # --- building -------------------------------------------------------------------------
    def build(self, cards: list[EvidenceCard], *, content_hash: str) -> bool:
        """Index `cards`; False when the stored index already matches (nothing was done)."""
        cards = self._unique(cards)
        key = build_key(content_hash, cards, self._model_name, self._dim)
        with self._mutex, self._file_lock():
            try:
                if self._store.stored_key() == key:
                    self._corpus = self._corpus_from_store()
                    return False
            except StoreError as err:
                self._warn(
                    f"The evidence index at {self.uri} could not be read ({err}); "
                    f"rebuilt it from the {len(cards)} cards of the resume."
                )
                self._discard_table()
            ids = {card.id for card in cards}
            answers = [card for cid, card in self._added.items() if cid not in ids]
            corpus, chunks, vectors = self._embed([*cards, *answers])
            self._write(chunks, corpus.cards, vectors, key)
            self._corpus = corpus
            return True

    def add_cards(self, cards: list[EvidenceCard]) -> None:
        """Index more cards now (replacing cards with the same id); searchable at once."""
        cards = self._unique(cards)
        if not cards:
            return
        with self._mutex:
            base = self._loaded()
            new, chunks, vectors = self._embed(cards)
            self._corpus = base.with_cards(cards, chunks, new.vectors)
            self._added.update({card.id: card for card in cards})
            with self._file_lock():
                try:
                    if self._store.stored_key() is None:
                        key = build_key("added-cards", cards, self._model_name, self._dim)
                        self._write(self._corpus.chunks, self._corpus.cards, self._matrix(), key)
                    else:
                        self._store.append(
                            rows_table(chunks, new.cards, vectors, ""), [c.id for c in cards]
                        )
                except StoreError as err:
                    self._warn(
                        f"The new cards are searchable now but could not be saved ({err}); "
                        "they will be indexed again next time."
                    )

    # --- searching ------------------------------------------------------------------------
    def search(
        self,
        query: str,
        *,
        k: int = 10,
        mode: str = "hybrid",
        hyde: Callable[[str], str | None] | None = None,
    ) -> Ranking:
        deps = SearchDeps(
            embedder=self._queries,
            settings=self.settings,
            synonyms=self._synonyms,
            reranker=self._reranker,
            embedder_note=self._embedder_note(),
            reranker_note=lambda: reranker_unavailable_reason(self.settings.reranker_model) or "",
        )
        return run_search(self._loaded(), query, k=k, mode=mode, deps=deps, hyde=hyde)

    def search_ahead(self, queries: Sequence[str], *, mode: str = "hybrid") -> None:
        """Start embedding what the searches for `queries` will encode, on background threads:
        one prefetch per query, holding the texts its `search` passes to the model (the same
        call, so the same vectors), so the caller's work between searches runs meanwhile. A
        search then takes its query's vectors, waiting for them if need be; a failed prefetch
        is computed again by the search (the error, if lasting, raised there as before)."""
        prefetch = getattr(self.embedder, "prefetch", None)
        if prefetch is None or self._queries is None or mode == "bm25":
            return
        asked: set[str] = set()  # a text an earlier search encodes is remembered by then
        for query in queries:
            if not query.strip():
                continue  # the search itself rejects it
            variants = plan_query(query, self._synonyms).vector_texts
            texts = [t for t in self._queries.unknown(variants) if t not in asked]
            asked.update(texts)
            if texts:
                prefetch(texts)

    @property
    def cards(self) -> list[EvidenceCard]:
        return list(self._loaded().cards.values())

    @property
    def corpus(self) -> Corpus:
        """The in-memory corpus searches run over (read-only; for diagnostics and benchmarks)."""
        return self._loaded()

    @property
    def synonyms(self) -> dict[str, list[str]]:
        return self._synonyms

    def available_modes(self) -> list[str]:
        modes = ["bm25"]
        if self.embedder is not None:
            modes += ["vector", "hybrid"]
        if self.embedder is not None and self._reranker() is not None:
            modes.append("hybrid+rerank")
        return [m for m in MODES if m in modes]

    # --- internals ------------------------------------------------------------------------
    @property
    def _model_name(self) -> str | None:
        return self.embedder.name if self.embedder is not None else None

    @property
    def _dim(self) -> int:
        return self.embedder.dim if self.embedder is not None else DEFAULT_DIM

    def _reranker(self) -> Reranker | None:
        return get_reranker(self.settings.reranker_model, int8=self.settings.reranker_int8)

    def _embedder_note(self) -> str:
        if self.embedder is not None:
            return ""
        return embedder_unavailable_reason(self.settings.embedding_model) or (
            "no embedding model is loaded"
        )

    def _loaded(self) -> Corpus:
        """The in-memory corpus; read from the store when a compatible index already exists."""
        with self._mutex:
            if self._corpus is None:
                self._corpus = Corpus.empty()
                try:
                    stored = self._store.stored_key()
                    if stored and key_fits_model(stored, self._model_name, self._dim):
                        self._corpus = self._corpus_from_store()
                except StoreError as err:
                    self._warn(f"The evidence index at {self.uri} could not be read ({err}).")
            return self._corpus

    def _corpus_from_store(self) -> Corpus:
        try:
            chunks, cards, vectors = decode_rows(self._store.read())
        except StoreError:
            raise
        except Exception as err:  # rows that no longer validate count as damage
            raise StoreError(f"stored rows are not valid cards: {err}") from err
        return Corpus.build(cards, chunks, vectors if self.embedder is not None else None)

    def _embed(self, cards: list[EvidenceCard]) -> tuple[Corpus, list[Chunk], np.ndarray]:
        chunks = chunk_cards(cards)
        if self.embedder is not None:
            texts = embedding_texts(cards, chunks)
            budget = self.settings.index_budget_s
            vectors = encode_within(self.embedder.encode, texts, budget_s=budget, dim=self._dim)
        else:
            vectors = np.zeros((len(chunks), self._dim), dtype=np.float32)
        corpus = Corpus.build(
            {c.id: c for c in cards}, chunks, vectors if self.embedder is not None else None
        )
        return corpus, chunks, vectors

    def _matrix(self) -> np.ndarray:
        corpus = self._loaded()
        if corpus.vectors is not None:
            return corpus.vectors
        return np.zeros((len(corpus.chunks), self._dim), dtype=np.float32)

    def _write(
        self, chunks: list[Chunk], cards: dict[str, EvidenceCard], vectors: np.ndarray, key: str
    ) -> None:
        table = rows_table(chunks, cards, vectors, key)
        for attempt in range(2):
            try:
                self._store.write(table)
                return
            except StoreError as err:
                problem = err
                if attempt == 0:
                    self._discard_table()
        self._warn(
            f"The evidence index could not be saved at {self.uri} ({problem}); "
            "this session keeps it in memory only."
        )
        self._store = LanceStore(MEMORY_URI)
        self._store.write(table)

    def _discard_table(self) -> None:
        self._store.drop()
        local = local_path(self.uri)
        if local is not None and self._store.uri == self.uri:
            shutil.rmtree(local / f"{TABLE}.lance", ignore_errors=True)

    @contextlib.contextmanager
    def _file_lock(self) -> Iterator[None]:
        """Serialise writers of a local index; if another process holds it too long (or it
        cannot be taken), continue with an in-memory table instead of failing."""
        with builder_lock(self._store.uri, timeout_s=self._lock_timeout_s) as error:
            if error:
                self._warn(
                    f"The evidence index at {self.uri} is locked by another process or cannot "
                    f"be locked ({error}); this session keeps its index in memory only."
                )
                self._store = LanceStore(MEMORY_URI)
            yield

    def _unique(self, cards: list[EvidenceCard]) -> list[EvidenceCard]:
        seen: dict[str, EvidenceCard] = {}
        for card in cards:
            if card.id in seen:
                self._warn(f"Two evidence cards share the id {card.id!r}; the first one is kept.")
                continue
            seen[card.id] = card
        return list(seen.values())

    def _warn(self, message: str) -> None:
        if message not in self.warnings:
            self.warnings.append(message)
            log.info(message)  # surfaced to callers through `warnings`
