"""The LanceDB table behind an evidence index: one table per workspace, at a folder or URI.

Each row is one chunk (a whole card when it is short) with its parent card's id and role
context, the card itself as JSON (so the cards can always be rebuilt from the table), and the
vector (zeros when no embedding model was available). The table's schema metadata holds the
build key (content hash + embedding model + layout version) that lets an unchanged resume skip
re-indexing.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

import filelock
import numpy as np
import pyarrow as pa

from core.contracts import EvidenceCard
from core.environment import apply_process_defaults
from core.retrieval.chunking import Chunk
from core.retrieval.lancedb_import import import_lancedb

TABLE = "evidence"
LOCK_NAME = ".resumeforge-index.lock"
LAYOUT_VERSION = "2"  # bump when chunking or embedding text changes: forces a rebuild
DEFAULT_DIM = 384
META_KEY = b"resumeforge.build_key"


class StoreError(Exception):
    """The LanceDB folder or table could not be read or written (the caller decides what next)."""


@lru_cache(maxsize=8)
def row_model(dim: int) -> Any:
    """The LanceModel schema of one row, for a given vector size."""
    import_lancedb()  # its REST client's validators deferred (see lancedb_import)
    from lancedb.pydantic import LanceModel, Vector

    class EvidenceRow(LanceModel):
        chunk_id: str
        card_id: str
        text: str
        company: str
        role: str
        timeframe: str
        kind: str
        provenance: str  # JSON
        card: str  # the whole EvidenceCard as JSON
        vector: Vector(dim)  # type: ignore[valid-type]

    return EvidenceRow


def build_key(
    content_hash: str, cards: list[EvidenceCard], embedder_name: str | None, dim: int
) -> str:
    """Layout version | content hash + digest of the cards | model | vector size.

    The card digest makes a parser change (same file, different cards) rebuild the index too.
    """
    digest = hashlib.sha256()
    for card in cards:
        digest.update(card.model_dump_json().encode("utf-8"))
    content = f"{content_hash[:32]}-{digest.hexdigest()[:32]}"
    return f"v{LAYOUT_VERSION}|{content}|{embedder_name or 'none'}|{dim}"


def key_fits_model(key: str, embedder_name: str | None, dim: int) -> bool:
    """Whether a stored build key was made with this embedding model (vectors comparable)."""
    parts = key.split("|")
    return (
        len(parts) == 4
        and parts[0] == f"v{LAYOUT_VERSION}"
        and parts[2:]
        == [
            embedder_name or "none",
            str(dim),
        ]
    )


def rows_table(
    chunks: list[Chunk], cards: dict[str, EvidenceCard], vectors: np.ndarray, key: str
) -> pa.Table:
    dim = vectors.shape[1]
    schema = row_model(dim).to_arrow_schema()
    if key:  # rows appended to an existing table carry no key: the table keeps its own
        schema = schema.with_metadata({META_KEY: key.encode()})
    card_json = {cid: card.model_dump_json() for cid, card in cards.items()}
    columns: dict[str, Any] = {
        "chunk_id": [c.chunk_id for c in chunks],
        "card_id": [c.card_id for c in chunks],
        "text": [c.text for c in chunks],
        "company": [cards[c.card_id].company for c in chunks],
        "role": [cards[c.card_id].role for c in chunks],
        "timeframe": [cards[c.card_id].timeframe for c in chunks],
        "kind": [cards[c.card_id].kind.value for c in chunks],
        "provenance": [cards[c.card_id].provenance.model_dump_json() for c in chunks],
        "card": [card_json[c.card_id] for c in chunks],
    }
    flat = pa.array(np.ascontiguousarray(vectors, dtype=np.float32).ravel(), type=pa.float32())
    columns["vector"] = pa.FixedSizeListArray.from_arrays(flat, dim)
    return pa.table(columns, schema=schema)


class LanceStore:
    """Thin wrapper over one LanceDB connection; every failure becomes `StoreError`."""

    def __init__(self, uri: str) -> None:
        self.uri = uri
        try:
            apply_process_defaults()  # LanceDB's logger: errors only
            self._db = import_lancedb().connect(uri)
        except Exception as err:
            raise StoreError(f"cannot open {uri}: {_short(err)}") from err

    def stored_key(self) -> str | None:
        """The build key of the table, or None when there is no table yet."""
        try:
            if TABLE not in self._db.list_tables(limit=1000).tables:
                return None
            metadata = self._db.open_table(TABLE).schema.metadata or {}
        except Exception as err:
            raise StoreError(f"cannot read the index table: {_short(err)}") from err
        return metadata.get(META_KEY, b"").decode() or None

    def read(self) -> pa.Table:
        try:
            return self._db.open_table(TABLE).to_arrow()
        except Exception as err:
            raise StoreError(f"cannot read the index table: {_short(err)}") from err

    def write(self, table: pa.Table) -> None:
        try:
            self._db.create_table(TABLE, data=table, schema=table.schema, mode="overwrite")
        except Exception as err:
            raise StoreError(f"cannot write the index table: {_short(err)}") from err

    def append(self, table: pa.Table, replace_card_ids: list[str]) -> None:
        try:
            handle = self._db.open_table(TABLE)
            if replace_card_ids:
                quoted = ", ".join("'" + cid.replace("'", "''") + "'" for cid in replace_card_ids)
                handle.delete(f"card_id IN ({quoted})")
            handle.add(table)
        except Exception as err:
            raise StoreError(f"cannot add to the index table: {_short(err)}") from err

    def drop(self) -> None:
        """Remove the table, however damaged (best effort; a later write overwrites anyway)."""
        with contextlib.suppress(Exception):  # too broken to drop: write() replaces it
            self._db.drop_table(TABLE)


def decode_rows(table: pa.Table) -> tuple[list[Chunk], dict[str, EvidenceCard], np.ndarray]:
    """Chunks, parent cards (in first-seen order) and the vector matrix of a stored table."""
    data = table.select(["chunk_id", "card_id", "text", "card"]).to_pydict()
    chunks = [
        Chunk(chunk_id=chunk_id, card_id=card_id, text=text)
        for chunk_id, card_id, text in zip(
            data["chunk_id"], data["card_id"], data["text"], strict=True
        )
    ]
    cards: dict[str, EvidenceCard] = {}
    for card_id, card_json in zip(data["card_id"], data["card"], strict=True):
        if card_id not in cards:
            cards[card_id] = EvidenceCard.model_validate(json.loads(card_json))
    column = table.column("vector").combine_chunks()
    dim = column.type.list_size
    vectors = np.asarray(column.flatten().to_numpy(zero_copy_only=False), dtype=np.float32)
    return chunks, cards, vectors.reshape(-1, dim) if dim else vectors.reshape(0, 0)


def _short(err: BaseException) -> str:
    return (" ".join(str(err).split()) or type(err).__name__)[:300]


def local_path(uri: str) -> Path | None:
    """The folder of a local index; None for object-store or in-memory URIs."""
    if uri.startswith("file://"):
        return Path(uri.removeprefix("file://"))
    if "://" in uri:
        return None
    return Path(uri)


@contextlib.contextmanager
def builder_lock(uri: str, *, timeout_s: float) -> Iterator[str]:
    """Hold the index folder's file lock; yields "" when held, else why it could not be.

    Object stores and memory have no lock file: Lance's own commit protocol orders writers.
    """
    folder = local_path(uri)
    if folder is None:
        yield ""
        return
    lock = filelock.FileLock(str(folder / LOCK_NAME), timeout=timeout_s)
    try:
        lock.acquire()
    except (filelock.Timeout, OSError) as err:
        yield type(err).__name__
        return
    try:
        yield ""
    finally:
        lock.release()
