"""Retrieval speed benchmark: `python -m bench.retrieval_bench --out docs/BENCHMARKS.md`.

For each synthetic corpus size: index build time and items/s, reopen time, query latency
p50/p95 per mode (query embedding included, model loaded), reranking of 25 candidates, and the
alternatives we chose against (rank-bm25's full scan, LanceDB's full-text index, LanceDB's flat
vector search). Only the "## Retrieval" section of the output file is replaced.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from datetime import date
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

from bench.cross_encoder import MINILM_L6, build_cross_encoder
from bench.markdown import replace_section
from bench.synthetic import synthetic_cards, synthetic_queries
from core.retrieval import MODES, EvidenceIndex, get_embedder, get_reranker
from core.retrieval.embedder import Embedder
from core.retrieval.query import plan_query
from core.settings import RetrievalSettings

T = TypeVar("T")
DEFAULT_SIZES = (100, 1_000, 10_000, 50_000)
REAL_EMBEDDING_MAX = 10_000  # above this the corpus gets random unit vectors (see docs)
QUERIES = 60
WARMUP = 10
RERANK_QUERIES = 20  # each reranked query costs ~25 cross-encoder passes


class TimedEmbedder:
    """Wraps the real embedder and times document encoding. With `random_documents`, encoding
    during the build returns random unit vectors; `built()` switches to the real model, so
    queries are always embedded for real."""

    def __init__(self, real: Embedder, *, random_documents: bool) -> None:
        self.name, self.dim = real.name, real.dim
        self._real = real
        self.random_documents = random_documents
        self.seconds = 0.0
        self._rng = np.random.default_rng(0)

    def built(self) -> None:
        self.random_documents = False

    def encode(self, texts: list[str]) -> np.ndarray:
        if self.random_documents:
            vectors = self._rng.standard_normal((len(texts), self.dim)).astype(np.float32)
            return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)
        start = time.perf_counter()
        out = self._real.encode(texts)
        self.seconds += time.perf_counter() - start
        return out


def percentiles(samples: list[float]) -> tuple[float, float]:
    """(p50, p95) in milliseconds."""
    ms = sorted(s * 1000 for s in samples)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    return statistics.median(ms), p95


def time_each(fn: Callable[[T], object], items: Iterable[T]) -> list[float]:
    """Seconds each call `fn(item)` took."""
    samples = []
    for item in items:
        start = time.perf_counter()
        fn(item)
        samples.append(time.perf_counter() - start)
    return samples


def bench_size(size: int, real: Embedder, reranker_dir: Path, work: Path) -> dict[str, object]:
    cards = synthetic_cards(size)
    random_vectors = size > REAL_EMBEDDING_MAX
    embedder = TimedEmbedder(real, random_documents=random_vectors)
    settings = RetrievalSettings(reranker_model=str(reranker_dir))
    uri = work / f"index-{size}"
    index = EvidenceIndex.open(uri, embedder=embedder, settings=settings)
    start = time.perf_counter()
    index.build(cards, content_hash=f"bench-{size}")
    build_s = time.perf_counter() - start
    embedder.built()
    start = time.perf_counter()
    reopened = EvidenceIndex.open(uri, embedder=embedder, settings=settings)
    reopened.build(cards, content_hash=f"bench-{size}")
    reopen_s = time.perf_counter() - start
    queries = synthetic_queries(QUERIES + WARMUP)
    row: dict[str, object] = {
        "size": size,
        "chunks": len(index.corpus.chunks),
        "build_s": build_s,
        "embed_s": embedder.seconds,
        "random_vectors": random_vectors,
        "reopen_s": reopen_s,
    }
    for mode in MODES:
        runs, warm = (queries, WARMUP) if mode != "hybrid+rerank" else (queries[:RERANK_QUERIES], 3)
        samples = [_search_time(index, q, mode) for q in runs]
        row[mode] = percentiles(samples[warm:])
    row.update(compare_backends(index, queries, uri))
    return row


def _search_time(index: EvidenceIndex, query: str, mode: str) -> float:
    start = time.perf_counter()
    ranking = index.search(query, k=10, mode=mode)
    elapsed = time.perf_counter() - start
    if ranking.mode != mode:
        raise RuntimeError(f"benchmark asked for {mode} but {ranking.mode} ran: {ranking.note}")
    return elapsed


def compare_backends(index: EvidenceIndex, queries: list[str], uri: Path) -> dict[str, object]:
    """Parts of a query, and the alternatives: rank-bm25's own scoring, LanceDB FTS and flat
    vector search (all p50 / p95 over the same queries)."""
    import lancedb
    from lancedb.index import FTS

    corpus = index.corpus
    plans = [plan_query(q, index.synonyms) for q in queries]
    ours = time_each(lambda plan: corpus.bm25.score(plan.groups), plans)
    okapi = corpus.bm25.okapi
    flat = [[t for g in p.groups for alt in g.alternatives for t in alt] for p in plans]
    full = time_each(okapi.get_scores, flat) if okapi else [0.0]
    embedder = index.embedder
    assert embedder is not None
    embed = time_each(lambda plan: embedder.encode(list(plan.vector_texts)), plans)
    vectors = embedder.encode(queries)
    matrix = corpus.vectors if corpus.vectors is not None else np.zeros((0, embedder.dim))
    numpy_vec = time_each(lambda v: _top_k(matrix @ v, 100), list(vectors))
    table: Any = lancedb.connect(str(uri)).open_table("evidence")
    start = time.perf_counter()
    table.create_index("text", config=FTS(), replace=True)
    fts_build = time.perf_counter() - start
    fts = time_each(lambda q: table.search(q, query_type="fts").limit(100).to_list(), queries)
    lance_vec = time_each(
        lambda v: table.search(v).distance_type("cosine").limit(100).to_list(), list(vectors[:30])
    )
    return {
        "embed_query": percentiles(embed[WARMUP:]),
        "bm25_numpy": percentiles(ours[WARMUP:]),
        "bm25_rank_bm25": percentiles(full[WARMUP:] or full),
        "fts_build_s": fts_build,
        "lance_fts": percentiles(fts[WARMUP:]),
        "vector_numpy": percentiles(numpy_vec[WARMUP:]),
        "lance_vector": percentiles(lance_vec[5:]),
    }


def _top_k(scores: np.ndarray, k: int) -> np.ndarray:
    if len(scores) <= k:
        return np.argsort(-scores)
    top = np.argpartition(-scores, k - 1)[:k]
    return top[np.argsort(-scores[top])]


def rerank_timing(reranker_dir: Path, *, int8: bool = False) -> tuple[float, float]:
    reranker = get_reranker(str(reranker_dir), int8=int8)
    if reranker is None:
        raise RuntimeError(f"the benchmark cross-encoder in {reranker_dir} did not load")
    texts = [c.raw_text for c in synthetic_cards(25, seed=3)]
    queries = synthetic_queries(25, seed=5)
    samples = time_each(lambda q: reranker.score(q, texts), queries)
    return percentiles(samples[5:])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="docs/BENCHMARKS.md")
    parser.add_argument("--sizes", default=",".join(str(s) for s in DEFAULT_SIZES))
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    real = get_embedder("all-MiniLM-L6-v2")
    if real is None:
        print("the embedding model could not be loaded; nothing to benchmark", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="rf-bench-") as tmp:
        work = Path(tmp)
        texts = [c.raw_text for c in synthetic_cards(5_000, seed=1)]
        reranker_dir = build_cross_encoder(work / "ce", texts=texts, shape=MINILM_L6)
        rows = []
        for size in sizes:
            print(f"benchmarking {size} items…", file=sys.stderr)
            rows.append(bench_size(size, real, reranker_dir, work))
        rerank = {  # last: everything is loaded and warm
            "float32 (default)": rerank_timing(reranker_dir),
            "int8 (`reranker_int8 = true`)": rerank_timing(reranker_dir, int8=True),
        }
    from bench.report import render_section

    section = render_section(rows, rerank, machine=_machine(), command=_command(argv))
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    old = out.read_text(encoding="utf-8") if out.exists() else "# Benchmarks\n"
    out.write_text(replace_section(old, "Retrieval", section), encoding="utf-8")
    print(f"wrote the Retrieval section of {out}", file=sys.stderr)
    return 0


def _machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return (
        f"{cores} cores ({cpu}), load average {load} when it finished, "
        f"Python {platform.python_version()}, {date.today().isoformat()}"
    )


def _command(argv: list[str] | None) -> str:
    args = sys.argv[1:] if argv is None else argv
    return " ".join(["python -m bench.retrieval_bench", *args])


if __name__ == "__main__":
    sys.exit(main())
