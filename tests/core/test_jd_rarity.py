"""Keyword rarity (core/jd/rarity.py): everyday single words from the ad's phrases are not ATS
keywords; rare words, acronyms, names with digits and multi-word phrases stay."""

from __future__ import annotations

import pytest

from core.jd import analyze_jd
from core.jd.phrases import phrase_terms
from core.jd.rarity import COMMON_ALONE, too_common_alone, zipf

AD = """Line Cook

Requirements
- Knowledge of sanitation, decontamination, order and growing.
- Experience with HACCP and food safety
- ServSafe certification and 10-key
"""


def test_zipf_orders_everyday_words_above_trade_words():
    assert zipf("order") >= COMMON_ALONE > zipf("sanitation")
    assert zipf("Order") == zipf("order")
    assert zipf("decontamination") < COMMON_ALONE  # not in the table: rarer than its floor


def test_only_single_everyday_words_are_too_common():
    assert too_common_alone("order") and too_common_alone("Meet")
    for kept in ("sanitation", "HACCP", "10-key", "food safety", "order management"):
        assert not too_common_alone(kept), kept


def test_everyday_list_items_leave_the_ats_keywords_rare_ones_stay():
    [first, *_] = analyze_jd(AD).requirements
    assert "order" in [t for _, t in phrase_terms(first.text)]  # the phrase rule offers it
    keywords = analyze_jd(AD).keywords
    assert "order" not in keywords and "growing" not in keywords
    assert {"sanitation", "decontamination", "HACCP", "food safety"} <= set(keywords)


@pytest.mark.parametrize(
    ("sentence", "term", "task"),
    [
        (
            "Nurses who coordinate discharge planning with case managers.",
            "discharge planning",
            "coordinate discharge planning",
        ),
        (
            "You will manage vendor contracts and renewals.",
            "vendor contracts",
            "manage vendor contracts",
        ),
        ("Analysts that develop cost models for each plant.", "cost models", "develop cost models"),
    ],
)
def test_a_duty_verb_after_to_that_who_or_will_opens_a_task_not_a_term(sentence, term, task):
    found = [p for _, p in phrase_terms(sentence)]
    assert term in found and task not in found
    # a lone noun is not left behind: 'follow recipes' stays whole
    assert "follow recipes" in [p for _, p in phrase_terms("Line cooks need to follow recipes.")]
