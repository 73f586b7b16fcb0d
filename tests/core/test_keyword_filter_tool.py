"""The ATS keyword filter experiment (tools/keyword_filter.py, tools/train_jd_keyword_filter.py):
its features hide rare words, a dropped phrase gives its kept part, titles always stay, and the
threshold is the F1-best one. Ads and weights here are written for these tests."""

from __future__ import annotations

import numpy as np

from core.jd.analyze import read_ad
from core.jd.keywords import Keyword
from tools.keyword_filter import (
    KeywordFilter,
    context_of,
    context_of_keywords,
    keyword_features,
    searchable_keywords,
    sentence_of,
)
from tools.train_jd_keyword_filter import choose_keep_min

AD = (
    "Clinical Pharmacist\n"
    "Requirements\n- Experience verifying chemotherapy orders for Zyxwvut Health patients\n"
    "- Doctor of Pharmacy (PharmD)\n"
)


def test_features_keep_rare_words_as_their_shape_only() -> None:
    ad = context_of(read_ad(AD))
    features = keyword_features(Keyword("Zyxwvut Health", "jd terms"), ad)
    assert not any("zyxwvut" in f.lower() for f in features)
    assert "first=<word>" in features and "sec=requirements" in features


def test_a_dropped_phrase_gives_its_kept_part_and_titles_stay() -> None:
    model = KeywordFilter(
        {
            "features": ["first_suffix=ing", "cat=titles"],
            "weights": [-9.0, -9.0],
            "vector_weights": [0.0] * 384,
            "bias": 2.0,
            "vector": {"scale": 0.0},
            "keep_min": 0.5,
        }
    )
    ad = context_of(read_ad(AD))
    candidates = [
        Keyword("Clinical Pharmacist", "titles"),
        Keyword("verifying chemotherapy", "jd terms"),
        Keyword("verifying", "jd terms"),
    ]
    ad = type(ad)(ad.text, ad.sections, ad.asked, candidates)
    assert [k.text for k in searchable_keywords(model, ad)] == [
        "Clinical Pharmacist",
        "chemotherapy",
    ]


def test_the_threshold_is_the_f1_best_one_and_the_lowest_of_ties() -> None:
    labels = np.array([True, True, False, False, True, False])
    scores = np.array([0.9, 0.7, 0.6, 0.2, 0.45, 0.1])
    # keeping the top four (F1 6/7) beats the top two (4/5) and the top five (3/4); every
    # threshold in (0.2, 0.45] keeps those four
    assert choose_keep_min(labels, scores) == 0.25


def test_the_sentence_around_a_candidate_is_the_one_of_its_line_that_holds_it() -> None:
    text = "About us\nWe ship fast. You know Kubernetes well; you write Go.\nBenefits: dental"
    assert sentence_of("Kubernetes", text) == "You know Kubernetes well;"
    assert sentence_of("go", text) == "you write Go."  # found ignoring case when not as written
    assert sentence_of("Rust", text) == ""


def test_the_unit_model_reads_the_sentence_around_each_candidate() -> None:
    text = (
        "We offer dental insurance, a 401(k) match and paid parental leave.\n"
        "You have 3+ years of experience with Kubernetes and Terraform.\n"
    )
    around, vectors = context_of_keywords(["dental insurance", "Terraform"], text)
    assert "role=benefit" in around[0] and "role=requirement" in around[1]
    assert vectors.shape == (2, 384) and not np.allclose(vectors[0], vectors[1])


def test_a_model_trained_with_the_context_drops_a_phrase_by_its_sentence() -> None:
    model = KeywordFilter(
        {
            "features": ["role=benefit"],
            "weights": [-9.0],
            "vector_weights": [0.0] * 384,
            "bias": 2.0,
            "vector": {"scale": 0.0},
            "context": {"scale": 1.0, "vector_weights": [0.0] * 384},
            "keep_min": 0.5,
        }
    )
    ad = context_of(
        read_ad(
            "Data Engineer\nRequirements\n- 3+ years of experience with Kubernetes and Terraform\n"
            "Benefits\n- We offer dental insurance, a 401(k) match and paid parental leave\n"
        )
    )
    candidates = [Keyword("Terraform", "tools"), Keyword("dental insurance", "jd terms")]
    ad = type(ad)(ad.text, ad.sections, ad.asked, candidates)
    assert [k.text for k in searchable_keywords(model, ad)] == ["Terraform"]
