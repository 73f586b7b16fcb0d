"""The job ad's keywords in two tiers (core/jd/keyword_tiers.py) with the shipped filter
(core/data/keyword_filter.json): nothing the reader found disappears, titles lead the ATS
keywords, and the shipped file is the one its manifest and `make train` describe.

The ads here are written for these tests; the corpus the filter was trained on is read only to
check that the shipped file carries none of its e-mail addresses, and to rebuild it."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

from core.jd import analyze_jd
from core.jd.analyze import read_ad
from core.jd.keyword_filter import MANIFEST_FILE, MODEL_FILE, context_of, keyword_filter
from core.jd.keyword_tiers import keyword_tiers
from core.jd.keywords import dedup_key
from core.jd.phrases import skill_terms
from core.jd.rarity import common_words
from core.resources import package_dir
from tests.conftest import needs_shared
from tests.model_rebuild import assert_holds_no_corpus_email, assert_rebuilds_shipped

DATA = package_dir("data")
CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "postings" / "postings.jsonl"
# features whose value is a word of the candidate or of the text around it
LEXICAL = ("w", "first", "last", "prev", "next")

AD = """Senior Data Engineer

About us
We are a fast-growing company offering an exciting opportunity to join our friendly team.

Requirements
- 5+ years of experience with Python, SQL and Apache Spark
- Experience building pipelines on AWS with Terraform and Kubernetes
- Strong communication skills and a passion for learning
- Bachelor's degree in Computer Science

Responsibilities
- Build and maintain batch and streaming data pipelines
- Work closely with analysts in a fast-paced environment

Benefits
- Competitive salary, dental insurance and flexible working
"""


@pytest.fixture(scope="module")
def analysis():
    return analyze_jd(AD)


def test_every_term_the_reader_found_is_in_one_tier_once(analysis) -> None:
    found = {dedup_key(k.text) for k in read_ad(AD).keywords}
    ats = [dedup_key(k) for k in analysis.keywords]
    other = [dedup_key(k) for k in analysis.other_terms]
    assert not set(ats) & set(other)
    assert len(ats) == len(set(ats)) and len(other) == len(set(other))
    # a dropped phrase's kept part may join the ATS keywords; the phrase itself stays in view
    assert found <= set(ats) | set(other)
    assert analysis.all_terms() == [*analysis.keywords, *analysis.other_terms]


def test_the_ats_keywords_lead_with_the_title_and_hold_the_tools(analysis) -> None:
    assert analysis.keywords[0] == "Senior Data Engineer"
    for tool in ("Python", "SQL", "Apache Spark", "Terraform", "Kubernetes", "AWS"):
        assert tool in analysis.keywords, tool
    assert analysis.other_terms  # the reader's phrases the filter drops are still listed


def test_tiers_follow_the_threshold(analysis) -> None:
    """Every kept candidate scores the model's keep_min or more; at 0 every candidate is kept
    as the reader found it and the other tier is empty."""
    model = keyword_filter()
    ad = context_of(read_ad(AD))
    tiers = keyword_tiers(model, ad)
    assert [k.text for k in tiers.ats] == analysis.keywords
    titles = [k for k in tiers.ats if k.category == "titles"]
    scores = model.searchable([k for k in tiers.ats if k.category != "titles"], ad)
    assert (scores >= model.keep_min).all() and titles
    lower = type(model)(json.loads((DATA / MODEL_FILE).read_text(encoding="utf-8")))
    lower.keep_min = 0.0
    everything = keyword_tiers(lower, ad)
    assert {k.text for k in everything.ats} == {k.text for k in ad.candidates}
    assert not everything.other


def test_shipped_model_matches_its_manifest() -> None:
    manifest = json.loads((DATA / MANIFEST_FILE).read_text(encoding="utf-8"))
    model = (DATA / MODEL_FILE).read_bytes()
    assert hashlib.sha256(model).hexdigest() == manifest["model_sha256"]
    assert manifest["keep_min"] == json.loads(model)["keep_min"] == keyword_filter().keep_min
    judged = Path(__file__).resolve().parents[1] / "corpus_labels" / "keyword_judgements.json"
    assert (
        hashlib.sha256(judged.read_bytes()).hexdigest()
        == (manifest["data"]["judgements"]["sha256"])
    )


def test_features_hold_only_common_words_skill_terms_and_shapes() -> None:
    """The shipped weights name no rare word of the training ads: no names, no places."""
    data = json.loads((DATA / MODEL_FILE).read_text(encoding="utf-8"))
    vocabulary = common_words() | frozenset(t for t in skill_terms() if " " not in t)
    for feature in data["features"]:
        kind, _, value = feature.partition("=")
        if kind in LEXICAL:
            assert value in vocabulary or re.fullmatch(r"<[^>]+>", value), feature
        if kind == "first_last":
            assert all(w in vocabulary or re.fullmatch(r"<[^>]+>", w) for w in value.split("_"))


@pytest.mark.skipif(not CORPUS.is_file(), reason="the postings corpus is not beside the repo")
def test_model_file_carries_no_corpus_email() -> None:
    assert_holds_no_corpus_email(MODEL_FILE, CORPUS)


@pytest.mark.slow  # trains the model again, leave one source out first (several minutes)
@needs_shared
def test_make_train_rebuilds_the_shipped_model_byte_for_byte(tmp_path: Path) -> None:
    """The Makefile's recipe (`make train`: the corpus folder, every other setting the tool's
    default) gives the shipped file; written to a scratch folder, the shipped one untouched."""
    recipe = ["-m", "tools.train_jd_keyword_filter", "--corpus", str(CORPUS.parent)]
    assert_rebuilds_shipped(recipe, tmp_path, MODEL_FILE, MANIFEST_FILE)
