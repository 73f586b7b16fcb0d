"""The ATS keyword filter experiment (tools/keyword_filter.py, tools/train_jd_keyword_filter.py):
its features hide rare words, a dropped phrase gives its kept part, titles always stay, and the
threshold is the F1-best one. Ads and weights here are written for these tests."""

from __future__ import annotations

import numpy as np

from core.jd.analyze import read_ad
from core.jd.keywords import Keyword
from tools.keyword_filter import KeywordFilter, context_of, keyword_features, searchable_keywords
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
