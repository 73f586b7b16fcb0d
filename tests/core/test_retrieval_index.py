"""EvidenceIndex on a real LanceDB folder: modes, fallbacks, rebuild rules and faults.

Vectors come from a small hashing embedder written here (words → fixed random directions), so
similarities are real and deterministic without loading a model; the real model has its own
test file (test_retrieval_models.py).
"""

import hashlib
import multiprocessing
import subprocess
import sys
import time
import types
from pathlib import Path

import numpy as np
import pytest

from core.contracts import CardKind, EvidenceCard, Provenance
from core.errors import InputError
from core.retrieval import EvidenceIndex, tokenize
from core.retrieval.store import LanceStore
from core.settings import RetrievalSettings

SETTINGS = RetrievalSettings(reranker_model="")


class HashingEmbedder:
    """Bag of words → sum of per-word random unit vectors (seeded by the word), normalised."""

    name = "test-hashing-64"
    dim = 64

    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    def encode(self, texts: list[str]) -> np.ndarray:
        self.calls.append(list(texts))
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for token in tokenize(text):
                seed = int(hashlib.sha256(token.encode()).hexdigest()[:8], 16)
                out[row] += np.random.default_rng(seed).standard_normal(self.dim)
            norm = np.linalg.norm(out[row])
            if norm:
                out[row] /= norm
        return out


def card(card_id: str, text: str, kind: CardKind = CardKind.EXPERIENCE_BULLET) -> EvidenceCard:
    return EvidenceCard(
        id=card_id,
        kind=kind,
        raw_text=text,
        company="Acme",
        role="Platform Engineer",
        timeframe="2019 – 2023",
        provenance=Provenance(source="fact.md", section="Experience", line_start=1, line_end=1),
    )


CARDS = [
    card("c1", "Built automated build and release pipelines with GitHub Actions for 40 services."),
    card("c2", "Ran quarterly game days in staging where we deliberately broke dependencies."),
    card("c3", "Wrote C++ services and a .NET admin console for the support team."),
    card("c4", "Migrated nine services to Kubernetes on Amazon EKS with Helm charts."),
    card("c5", "Mentored two junior engineers through weekly pairing sessions."),
    card("c6", "Разработал сервис платежей на Go для банка."),
]


def open_index(path: Path, embedder=None, **kwargs) -> EvidenceIndex:
    return EvidenceIndex.open(path, embedder=embedder, settings=SETTINGS, **kwargs)


@pytest.fixture
def index(tmp_path) -> EvidenceIndex:
    idx = open_index(tmp_path / "index", HashingEmbedder())
    assert idx.build(CARDS, content_hash="h1") is True
    return idx


# --- modes ------------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["bm25", "vector", "hybrid"])
def test_each_mode_runs_as_asked_and_finds_the_obvious_card(index, mode):
    ranking = index.search("Kubernetes on EKS", k=3, mode=mode)
    assert ranking.mode == mode
    assert ranking.requested_mode == mode
    assert ranking.results[0].card_id == "c4"
    assert ranking.results[0].role == "Platform Engineer"


def test_hybrid_hits_carry_scores_and_ranks_of_both_retrievers(index):
    hit = index.search("Kubernetes on EKS", k=1, mode="hybrid").results[0]
    assert set(hit.scores) == {"bm25", "vector", "rrf"}
    assert hit.ranks == {"bm25": 1, "vector": 1}
    assert hit.score == hit.scores["rrf"]
    assert -1.0 <= hit.scores["vector"] <= 1.0


def test_bm25_mode_bridges_a_terminology_gap_through_synonyms(index):
    ranking = index.search("Experience designing CI/CD pipelines", k=2, mode="bm25")
    assert ranking.results[0].card_id == "c1"
    chaos = index.search("chaos engineering or fault-injection testing", k=1, mode="bm25")
    assert chaos.results[0].card_id == "c2"


def test_tech_terms_are_searchable(index):
    assert index.search("C++", k=1, mode="bm25").results[0].card_id == "c3"
    assert index.search(".NET", k=1, mode="bm25").results[0].card_id == "c3"


def test_skills_lists_rank_below_evidence_that_states_the_same_terms(tmp_path):
    cards = [
        card("skills", "Kubernetes, Helm, EKS, Terraform, Go", kind=CardKind.SKILL),
        card("bullet", "Migrated services to Kubernetes on EKS"),
    ]
    idx = open_index(tmp_path / "i", HashingEmbedder())
    idx.build(cards, content_hash="k")
    assert [h.card_id for h in idx.search("Kubernetes EKS", mode="bm25").results] == [
        "bullet",
        "skills",
    ]


def test_unknown_mode_and_bad_k_are_input_errors(index):
    with pytest.raises(InputError, match="Unknown search mode"):
        index.search("x", mode="semantic")
    with pytest.raises(InputError, match="k must be at least 1"):
        index.search("x", k=0)


def test_available_modes(index, tmp_path):
    assert index.available_modes() == ["bm25", "vector", "hybrid"]  # no reranker configured
    assert open_index(tmp_path / "plain").available_modes() == ["bm25"]


# --- no embedding model -----------------------------------------------------------------------


def test_without_a_model_hybrid_runs_as_bm25_and_says_so(tmp_path):
    idx = open_index(tmp_path / "index", embedder=None)
    idx.build(CARDS, content_hash="h1")
    ranking = idx.search("Kubernetes", mode="hybrid")
    assert ranking.mode == "bm25"
    assert ranking.requested_mode == "hybrid"
    assert "vector search unavailable" in ranking.note
    assert ranking.results[0].card_id == "c4"
    assert "vector" not in ranking.results[0].scores
    assert idx.search("Kubernetes", mode="vector").mode == "bm25"


def test_an_index_built_without_vectors_is_rebuilt_once_a_model_is_there(tmp_path):
    plain = open_index(tmp_path / "index")
    assert plain.build(CARDS, content_hash="h1") is True
    embedder = HashingEmbedder()
    with_model = open_index(tmp_path / "index", embedder)
    assert with_model.build(CARDS, content_hash="h1") is True  # zero vectors are not reused
    assert with_model.search("Kubernetes", mode="vector").mode == "vector"


# --- building, skipping, adding ---------------------------------------------------------------


def test_unchanged_resume_skips_the_rebuild_and_keeps_working(tmp_path, index):
    embedder = HashingEmbedder()
    again = open_index(tmp_path / "index", embedder)
    assert again.build(CARDS, content_hash="h1") is False
    assert embedder.calls == []  # nothing re-embedded
    assert [c.id for c in again.cards] == [c.id for c in CARDS]
    assert again.search("game days", k=1).results[0].card_id == "c2"


def test_changed_cards_rebuild_even_with_the_same_content_hash(tmp_path, index):
    changed = [*CARDS[:-1], card("c7", "Led the SOC 2 audit preparation.")]
    again = open_index(tmp_path / "index", HashingEmbedder())
    assert again.build(changed, content_hash="h1") is True  # e.g. a new parser version
    assert "c7" in {c.id for c in again.cards}
    assert "c6" not in {c.id for c in again.cards}


def test_added_cards_are_searchable_at_once_and_survive_a_reopen(tmp_path, index):
    answer = card("ans-1", "I led HIPAA training for 30 clinicians.", CardKind.USER_ANSWER)
    index.add_cards([answer])
    assert index.search("HIPAA", k=1, mode="bm25").results[0].card_id == "ans-1"
    reopened = open_index(tmp_path / "index", HashingEmbedder())
    assert reopened.build(CARDS, content_hash="h1") is False
    assert reopened.search("HIPAA", k=1, mode="hybrid").results[0].card_id == "ans-1"


def test_added_cards_replace_cards_with_the_same_id(index):
    index.add_cards([card("c5", "Coached a robotics team.")])
    texts = [c.raw_text for c in index.cards if c.id == "c5"]
    assert texts == ["Coached a robotics team."]


def test_answers_added_in_this_process_survive_a_rebuild_for_a_new_resume(index):
    index.add_cards([card("ans-2", "Ran the SOC 2 audit.", CardKind.USER_ANSWER)])
    assert index.build(CARDS[:2], content_hash="h2") is True
    assert {c.id for c in index.cards} == {"c1", "c2", "ans-2"}


def test_long_cards_are_found_by_a_chunk_and_reported_by_parent(tmp_path):
    filler = " ".join(f"Routine task number {i} kept the lights on." for i in range(12))
    long = card("p1", f"{filler} Finally we introduced Kafka consumers for order events.")
    idx = open_index(tmp_path / "i", HashingEmbedder())
    idx.build([long, *CARDS[:2]], content_hash="p")
    hit = idx.search("Kafka consumers for order events", k=1, mode="hybrid").results[0]
    assert hit.card_id == "p1"
    assert hit.chunk_id is not None and hit.chunk_id.startswith("p1")
    assert hit.text == long.raw_text


def test_duplicate_card_ids_keep_the_first_and_warn(tmp_path):
    idx = open_index(tmp_path / "i")
    idx.build([card("d", "First text"), card("d", "Second text")], content_hash="d")
    assert [c.raw_text for c in idx.cards] == ["First text"]
    assert any("share the id" in w for w in idx.warnings)


# --- bad input --------------------------------------------------------------------------------


@pytest.mark.parametrize("query", ["", "   ", "\n\t"])
def test_empty_query_is_a_clear_input_error(index, query):
    with pytest.raises(InputError, match="query is empty"):
        index.search(query)


def test_ten_thousand_character_query_is_cut_and_still_answers(index):
    query = ("Kubernetes EKS migration " * 400)[:10_000]
    ranking = index.search(query, k=3, mode="hybrid")
    assert ranking.results[0].card_id == "c4"
    assert "cut to its first" in ranking.note
    assert len(ranking.query) <= 2000


def test_zero_cards_gives_an_empty_ranking_not_an_error(tmp_path):
    idx = open_index(tmp_path / "empty", HashingEmbedder())
    assert idx.build([], content_hash="none") is True
    ranking = idx.search("anything", mode="hybrid")
    assert ranking.results == []
    assert "no evidence cards" in ranking.note
    assert open_index(tmp_path / "empty", HashingEmbedder()).build([], content_hash="none") is False


def test_non_latin_text_is_found(index):
    assert index.search("сервис платежей", k=1, mode="bm25").results[0].card_id == "c6"


def test_query_without_searchable_words_says_so(index):
    ranking = index.search("?!", mode="bm25")
    assert ranking.results == []
    assert "no searchable words" in ranking.note


# --- HyDE -------------------------------------------------------------------------------------


def test_hyde_bullet_feeds_the_vector_query_only(index):
    embedder = index.embedder
    asked: list[str] = []

    def hyde(query: str) -> str:
        asked.append(query)
        return "Migrated services to Kubernetes on Amazon EKS"

    ranking = index.search("container platform work", k=1, mode="hybrid", hyde=hyde)
    assert asked == ["container platform work"]
    assert "HyDE" in ranking.note
    assert "Migrated services to Kubernetes on Amazon EKS" in embedder.calls[-1]
    assert ranking.results[0].card_id == "c4"
    bm25 = index.search("container platform work", k=1, mode="bm25", hyde=hyde)
    assert asked == ["container platform work"]  # not called when no vectors are used
    assert not bm25.results or bm25.results[0].card_id != "c4"


@pytest.mark.parametrize("answer", [None, "", RuntimeError("provider down")])
def test_failing_or_empty_hyde_falls_back_to_the_plain_query(index, answer):
    def hyde(query: str) -> str | None:
        if isinstance(answer, Exception):
            raise answer
        return answer

    ranking = index.search("Kubernetes", k=1, mode="vector", hyde=hyde)
    assert ranking.results[0].card_id == "c4"
    assert ("HyDE failed" in ranking.note) == isinstance(answer, Exception)


# --- faults: damaged, locked, unwritable, concurrent ------------------------------------------


def _damage(table_dir: Path) -> None:
    for path in table_dir.rglob("*"):
        if path.is_file():
            path.write_bytes(b"garbage, not a lance file")


def test_corrupted_table_is_rebuilt_from_the_cards_with_a_warning(tmp_path, index):
    _damage(tmp_path / "index" / "evidence.lance")
    again = open_index(tmp_path / "index", HashingEmbedder())
    assert again.build(CARDS, content_hash="h1") is True
    assert any("could not be read" in w and "rebuilt" in w for w in again.warnings)
    assert again.search("game days", k=1).results[0].card_id == "c2"
    third = open_index(tmp_path / "index", HashingEmbedder())
    assert third.build(CARDS, content_hash="h1") is False  # the repaired table is on disk
    assert third.warnings == []


def test_deleted_data_files_also_count_as_damage(tmp_path, index):
    for data in (tmp_path / "index" / "evidence.lance" / "data").iterdir():
        data.unlink()
    again = open_index(tmp_path / "index", HashingEmbedder())
    assert again.build(CARDS, content_hash="h1") is True
    assert len(again.cards) == len(CARDS)


def test_unwritable_index_location_falls_back_to_memory(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    idx = open_index(blocker / "index", HashingEmbedder())
    assert idx.build(CARDS, content_hash="h1") is True
    assert any("in memory only" in w for w in idx.warnings)
    assert idx.search("Kubernetes", k=1).results[0].card_id == "c4"


@pytest.mark.slow
def test_index_locked_by_another_process_still_answers_in_memory(tmp_path):
    folder = tmp_path / "index"
    folder.mkdir()
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import filelock, sys, time\n"
            f"lock = filelock.FileLock({str(folder / '.resumeforge-index.lock')!r})\n"
            "lock.acquire()\nprint('locked', flush=True)\ntime.sleep(60)\n",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        idx = open_index(folder, HashingEmbedder(), lock_timeout_s=0.5)
        started = time.monotonic()
        assert idx.build(CARDS, content_hash="h1") is True
        assert time.monotonic() - started < 10
        assert any("locked by another process" in w for w in idx.warnings)
        assert idx.search("Kubernetes", k=1).results[0].card_id == "c4"
    finally:
        holder.kill()
        holder.wait()


def _build_in_child(uri: str, start, results) -> None:
    from core.retrieval import EvidenceIndex as ChildIndex

    idx = ChildIndex.open(uri, embedder=None, settings=RetrievalSettings(reranker_model=""))
    start.wait(30)
    built = idx.build(CARDS, content_hash="h-multi")
    results.put((built, sorted(c.id for c in idx.cards)))


@pytest.mark.slow
def test_two_processes_indexing_one_workspace_both_end_correct(tmp_path, monkeypatch):
    # A spawned child runs the parent's __main__ module again first; after an in-process app
    # test that can be a Streamlit script (the app itself), not pytest. The children here need
    # only this module's function, so they start from an empty __main__.
    monkeypatch.setitem(sys.modules, "__main__", types.ModuleType("__main__"))
    ctx = multiprocessing.get_context("spawn")
    start, results = ctx.Event(), ctx.Queue()
    uri = str(tmp_path / "shared-index")
    # daemon: a child that finished its work but hangs on its way out (a library's thread at
    # interpreter exit) must never keep the test run from ending; it is killed below
    workers = [
        ctx.Process(target=_build_in_child, args=(uri, start, results), daemon=True)
        for _ in range(2)
    ]
    for worker in workers:
        worker.start()
    start.set()
    outcomes = [results.get(timeout=120) for _ in workers]
    for worker in workers:
        worker.join(30)
        if worker.is_alive():
            worker.kill()
    assert sorted(built for built, _ in outcomes) == [False, True]  # one built, one reused it
    expected = sorted(c.id for c in CARDS)
    assert all(ids == expected for _, ids in outcomes)
    final = open_index(Path(uri))
    assert final.build(CARDS, content_hash="h-multi") is False
    assert LanceStore(uri).read().num_rows >= len(CARDS)


def test_a_repeated_query_is_not_embedded_again_and_ranks_the_same(index):
    embedder = index.embedder
    first = index.search("CI/CD pipelines", k=5, mode="hybrid")
    calls = len(embedder.calls)
    again = index.search("CI/CD pipelines", k=5, mode="hybrid")
    assert len(embedder.calls) == calls  # the session's index remembers its query vectors
    assert [h.card_id for h in again.results] == [h.card_id for h in first.results]
    index.search("Kubernetes on EKS", k=5, mode="vector")
    assert len(embedder.calls) == calls + 1


def test_remembered_queries_keep_only_the_latest_and_encode_only_what_is_new():
    from core.retrieval.query_memo import RememberedQueries

    inner = HashingEmbedder()
    memo = RememberedQueries(inner, size=2)
    both = memo.encode(["alpha", "beta", "alpha"])
    assert both.shape == (3, 64) and np.allclose(both[0], both[2])
    assert inner.calls == [["alpha", "beta"]]
    memo.encode(["beta", "gamma"])
    assert inner.calls[-1] == ["gamma"]
    memo.encode(["alpha"])  # pushed out by gamma: encoded again
    assert inner.calls[-1] == ["alpha"]
    assert np.allclose(memo.encode(["alpha"]), inner.encode(["alpha"]))
    assert memo.encode([]).shape == (0, 64)


# --- years of experience: the timeline's role headers ----------------------------------------


def _timeline_cards() -> list[EvidenceCard]:
    header = card("head", "Acme — Platform Engineer | 2019 – 2023", kind=CardKind.OTHER)
    loose = card("hobby", "Interests: woodworking and long-distance cycling.", kind=CardKind.OTHER)
    loose = loose.model_copy(update={"role": "", "timeframe": ""})
    bullets = [
        card("k1", "Ran Kubernetes clusters in production for 40 services."),
        card("k2", "Upgraded production Kubernetes clusters with zero downtime."),
        card("k3", "Wrote runbooks for Kubernetes incidents in production."),
        card("o1", "Mentored two junior engineers through weekly pairing sessions."),
        card("o2", "Presented the platform roadmap to the engineering leadership."),
        card("o3", "Cut cloud spend by 18% by rightsizing instances."),
    ]
    return [header, loose, *bullets]


def _rank(index: EvidenceIndex, query: str, card_id: str) -> int:
    ids = [hit.card_id for hit in index.search(query, k=10, mode="hybrid").results]
    return ids.index(card_id) + 1 if card_id in ids else 99


def test_a_years_query_lifts_the_role_headers_in_hybrid(tmp_path, monkeypatch):
    from core.retrieval import search

    idx = open_index(tmp_path / "t", HashingEmbedder())
    idx.build(_timeline_cards(), content_hash="t")
    asked = "5+ years of experience running Kubernetes in production"
    lifted = _rank(idx, asked, "head")
    monkeypatch.setattr(search, "TIMELINE_WEIGHT", 0.0)  # the same fusion without the timeline
    assert lifted < _rank(idx, asked, "head")
    assert lifted <= 4  # after the three lines that state the work, before the unrelated ones


def test_only_years_queries_and_only_role_headers_get_the_timeline(tmp_path):
    idx = open_index(tmp_path / "t", HashingEmbedder())
    idx.build(_timeline_cards(), content_hash="t")
    assert idx.corpus.role_headers == frozenset({"head"})  # not the untitled, undated line
    plain = idx.search("running Kubernetes in production", k=10, mode="hybrid").results
    assert {h.card_id for h in plain[:3]} == {"k1", "k2", "k3"}
    assert _rank(idx, "running Kubernetes in production", "head") > _rank(
        idx, "4 years running Kubernetes in production", "head"
    )


# --- degrees and credentials: the section that states them -----------------------------------


def _section_cards(occupation: dict[str, str]) -> list[EvidenceCard]:
    edu = card("edu", occupation["education"], kind=CardKind.EDUCATION)
    cert = card("cert", occupation["certification"], kind=CardKind.CERTIFICATION)
    bullets = [card(f"b{i}", text) for i, text in enumerate(occupation["bullets"], start=1)]
    return [*bullets, edu, cert]


OCCUPATIONS = [
    {
        "education": "BSN, University of Vermont, 2014",
        "certification": "RN, Vermont Board of Nursing, license 031-0099",
        "bullets": [
            "Precepted Bachelor of Science in Nursing students on a 32-bed surgical unit.",
            "Taught new nurses the unit's nursing science protocols for sepsis screening.",
            "Charge nurse for night shift, licensed staff of nine.",
        ],
        "degree": "Bachelor of Science in Nursing (BSN)",
        "credential": "Current RN license",
        "duty": "Precepted nursing students on a surgical unit",
    },
    {
        "education": "A.A.S. Electrical Technology, Dunwoody College, 2011",
        "certification": "Journeyman Electrician, Minnesota, 2013",
        "bullets": [
            "Wired panels under a licensed master electrician for an associate degree program.",
            "Electrical technology lead for the plant's 480 V distribution upgrade.",
            "Trained apprentices on the electrician licence exam's code sections.",
        ],
        "degree": "Associate degree in electrical technology",
        "credential": "Journeyman electrician license",
        "duty": "Led the plant's 480 V distribution upgrade",
    },
    {
        "education": "B.S. Accounting, Ohio State University, 2012",
        "certification": "CPA, State of Ohio",
        "bullets": [
            "Coached staff accountants with accounting degrees through their CPA exam sections.",
            "Closed the books monthly for a $40M accounting business unit in 4 days.",
            "Licensed tax preparer support for the state certified filings.",
        ],
        "degree": "Bachelor's degree in accounting",
        "credential": "Certified Public Accountant (CPA) license",
        "duty": "Closed the books monthly in 4 days",
    },
]


@pytest.mark.parametrize("occupation", OCCUPATIONS, ids=["nurse", "electrician", "accountant"])
def test_a_degree_or_credential_query_lifts_its_section(tmp_path, monkeypatch, occupation):
    from core.retrieval import search

    idx = open_index(tmp_path / "s", HashingEmbedder())
    idx.build(_section_cards(occupation), content_hash="s")
    asks = (("degree", "edu"), ("credential", "cert"))
    lifted = {query: _rank(idx, occupation[query], card_id) for query, card_id in asks}
    duty = [h.card_id for h in idx.search(occupation["duty"], k=10, mode="hybrid").results]
    monkeypatch.setattr(search, "KIND_WEIGHT", 0.0)  # the same fusion without the section list
    for query, card_id in asks:
        assert lifted[query] == 1, query
        assert lifted[query] <= _rank(idx, occupation[query], card_id), query
    # a duty is no degree or credential: its ranking does not change
    assert duty == [h.card_id for h in idx.search(occupation["duty"], k=10, mode="hybrid").results]


# --- a requirement that asks several things: each ask is embedded too -----------------------

SEVERAL_ASKS = [
    (
        "Solid troubleshooting on chillers, boilers, cooling towers and air handlers",
        ["Boilers: two steam firetube boilers, annual teardown.", "Cooling towers: seven towers."],
        ["Solid record on troubleshooting service calls on the route.", "Solid safety record."],
    ),
    (
        "Hands-on nursing care with ventilators, dialysis, chest tubes and tracheostomies",
        ["Dialysis: 3 runs a week at the bedside.", "Chest tubes: daily assessments."],
        ["Hands-on nursing care on the night shift.", "Nursing care plans, hands-on."],
    ),
    (
        "Hands-on work with forklifts, reach trucks, pallet jacks and order pickers",
        ["Reach trucks: certified in 2019.", "Pallet jacks: daily on the dock."],
        ["Hands-on work on the dock.", "Work with the night crew, hands-on."],
    ),
]


@pytest.mark.parametrize(
    ("asked", "parts", "framing"), SEVERAL_ASKS, ids=["hvac", "nurse", "warehouse"]
)
def test_lines_that_state_one_ask_of_several_are_found_by_the_vector_side(
    tmp_path, monkeypatch, asked, parts, framing
):
    from core.retrieval import query

    cards = [card(f"p{i}", t) for i, t in enumerate(parts)]
    cards += [card(f"f{i}", t) for i, t in enumerate(framing)]
    idx = open_index(tmp_path / "a", HashingEmbedder())
    idx.build(cards, content_hash="a")

    def ranks() -> list[int]:
        ids = [hit.card_id for hit in idx.search(asked, k=4, mode="vector").results]
        return [ids.index(f"p{i}") + 1 for i in range(len(parts))]

    with_asks = ranks()
    monkeypatch.setattr(query, "ASK_WEIGHT", 0.0)  # the whole requirement alone
    without = ranks()
    assert sum(with_asks) < sum(without)  # the lines that state an ask move up
    assert min(with_asks) < min(without)
