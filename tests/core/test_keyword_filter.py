"""The ATS keyword filter (core/jd/keyword_filter.py, core/jd/keyword_tiers.py,
tools/train_jd_keyword_filter.py): its features hide rare words, a dropped phrase gives its kept
part, titles always stay, and the threshold is the highest that keeps 90% of the searchable.
Ads and weights here are written for these tests."""

from __future__ import annotations

import numpy as np

from core.jd.analyze import read_ad
from core.jd.keyword_filter import (
    AdContext,
    KeywordFilter,
    context_of,
    context_of_keywords,
    keyword_features,
    sentence_of,
)
from core.jd.keyword_tiers import _sub_candidates, noun_run, scored_keywords
from core.jd.keywords import Keyword
from tools.train_jd_keyword_filter import choose_keep_min, f1_best_keep_min

AD = (
    "Clinical Pharmacist\n"
    "Requirements\n- Experience verifying chemotherapy orders for Zyxwvut Health patients\n"
    "- Doctor of Pharmacy (PharmD)\n"
)


def kept_texts(model: KeywordFilter, ad: AdContext) -> list[str]:
    """What the filter keeps (a dropped candidate's kept part in its place), in order."""
    return [k.text for k, _ in scored_keywords(model, ad)]


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
    assert kept_texts(model, ad) == [
        "Clinical Pharmacist",
        "chemotherapy",
    ]


def test_the_threshold_is_the_highest_that_keeps_nine_tenths_of_the_searchable() -> None:
    labels = np.array([True] * 10 + [False] * 4)
    scores = np.array([0.9, 0.8, 0.8, 0.7, 0.7, 0.6, 0.6, 0.5, 0.42, 0.12, 0.3, 0.35, 0.2, 0.1])
    # 0.4 keeps 9 of the 10 searchable (0.45 keeps 8); the F1-best keeps the same 9 and no junk
    assert choose_keep_min(labels, scores) == 0.4
    assert f1_best_keep_min(labels, scores) == 0.4
    labels = np.array([True, True, False, False, True, False])
    scores = np.array([0.9, 0.7, 0.6, 0.2, 0.45, 0.1])
    # every searchable one must stay (2 of 3 is under 90%): the highest keeping all three is 0.45;
    # the F1-best keeps the top four, the lowest of the tied thresholds in (0.2, 0.45]
    assert choose_keep_min(labels, scores) == 0.45
    assert f1_best_keep_min(labels, scores) == 0.25


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
    assert kept_texts(model, ad) == ["Terraform"]


def test_a_code_of_digits_and_letters_is_not_read_as_a_number() -> None:
    ad = context_of(read_ad(AD))
    for code in ("10-key", "K-12", "OSHA-30"):
        features = keyword_features(Keyword(code, "jd terms"), ad)
        assert "w=<code>" in features and "w=<num>" not in features, code
    assert "w=<num>" in keyword_features(Keyword("10 years", "jd terms"), ad)


def test_the_noun_run_is_the_words_after_the_last_verb_stop_word_or_possessive() -> None:
    assert noun_run("entire program's K-12 curriculum") == "K-12 curriculum"
    assert noun_run("maintain proper food temperatures") == "proper food temperatures"
    assert noun_run("administer patient's medication") == "medication"
    assert noun_run("infection control risk assessments") == ""  # nothing to cut
    assert noun_run("Python") == ""


def _model(retry: str) -> KeywordFilter:
    # drops anything whose first word is a word the vocabulary does not hold or a verb of duty
    return KeywordFilter(
        {
            "features": ["first=<word>", "first=entire", "first=maintain", "n=1"],
            "weights": [-9.0, -9.0, -9.0, -9.0],
            "vector_weights": [0.0] * 384,
            "bias": 2.0,
            "vector": {"scale": 0.0},
            "keep_min": 0.5,
            "retry": retry,
        }
    )


def test_the_span_retry_reaches_a_term_two_words_inside_a_dropped_candidate() -> None:
    text = (
        "Teacher\nDuties\n- Teach the entire program's K-12 curriculum to students\n"
        "- Maintain proper food temperatures in the kitchen\n"
    )
    ad = context_of(read_ad(text))
    candidates = [
        Keyword("entire program's K-12 curriculum", "jd terms"),
        Keyword("maintain proper food temperatures", "jd terms"),
    ]
    ad = type(ad)(ad.text, ad.sections, ad.asked, candidates)
    # the trims ("program's K-12 curriculum", "entire program's K-12") open on a dropped word
    # too, or are one word; the noun run is not
    assert kept_texts(_model("trims"), ad) == ["proper food temperatures"]
    assert kept_texts(_model("spans"), ad) == [
        "K-12 curriculum",
        "proper food temperatures",
    ]


def test_the_span_taggers_spans_inside_a_dropped_candidate_are_its_sub_candidates() -> None:
    text = "Requirements\n- Experience with infection control risk assessments (ICRA) required.\n"
    found = _sub_candidates(Keyword("infection control risk assessments (ICRA)", "jd terms"), text)
    assert [k.text for k in found] == ["infection control risk assessments", "ICRA"]
    assert all(k.category == "jd terms" for k in found)
    assert _sub_candidates(Keyword("ICRA", "jd terms"), text) == []  # one word: nothing inside


def test_the_check_names_the_labels_a_threshold_loses_and_the_unjudged_keywords() -> None:
    from core.evaluation.postings import keyword_key
    from tools.train_jd_keyword_filter import _figures

    model = _model("trims")  # drops every lone word and any phrase opening on a rare word
    ad = read_ad(
        "Data Engineer\nRequirements\n- 3+ years of experience with Kubernetes and Terraform\n"
    )
    context = context_of(ad)
    listed = [k.text for k in ad.keywords]
    assert "Terraform" in listed
    said = {keyword_key("Data Engineer"): True}
    figures = _figures(model, [(said, context)], {"dev": [(["Terraform"], ad)]})
    assert figures["eval_dev_keyword_recall"]["lost"] == ["Terraform"]
    kept = kept_texts(model, context)
    assert figures["dev_postings_judged"]["not_judged"] == [
        t for t in kept if keyword_key(t) not in said
    ]


def test_the_fast_reads_of_a_candidates_place_agree_with_their_patterns() -> None:
    """`stands_in` and `opens` give what the patterns they replace give (`(?<!\\w)…(?!\\w)`, and
    an opener then only spaces and bullets before the position), on random strings."""
    import random
    import re

    from core.jd.keyword_filter import opens, stands_in

    opener = re.compile(r"(?:^|[.!?:;•\n])[\s\-–*•▪◦·]*$")
    draw = random.Random(7)
    letters = "ab _-.1é+#!\n\t–*•:;?x\u00a0"
    for _ in range(20_000):
        text = "".join(draw.choice(letters) for _ in range(draw.randint(0, 12)))
        phrase = "".join(draw.choice(letters) for _ in range(draw.randint(1, 4)))
        pattern = rf"(?<![\w]){re.escape(phrase)}(?![\w])"
        assert stands_in(phrase, text) == (re.search(pattern, text) is not None), (phrase, text)
        at = draw.randint(0, len(text))
        assert opens(text, at) == (opener.search(text[:at]) is not None), (text, at)
