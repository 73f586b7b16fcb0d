"""The keyword judgements of the thin-trade rounds (tests/corpus_labels/keyword_judgements.json,
docs/labelling/keywords.md; docs/EVALUATION.md, tenth session): each names its judge, judges a
training posting of the trades the filter lost terms of, and judges what the reader lists."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from core.evaluation.postings import keyword_key, load_postings, never_trained_on
from core.jd.analyze import read_ad

LABELS = Path(__file__).resolve().parents[1] / "corpus_labels" / "keyword_judgements.json"
CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "postings"
THIN_TRADES = {"hospitality", "education", "healthcare", "finance/accounting", "legal"}

pytestmark = pytest.mark.skipif(not CORPUS.is_dir(), reason="the postings corpus is not here")


def _rounds() -> list[dict]:
    return [e for e in json.loads(LABELS.read_text(encoding="utf-8")) if "judged_by" in e]


def test_the_thin_trade_rounds_are_training_postings_of_those_trades_with_their_judge() -> None:
    rounds = _rounds()
    assert len(rounds) == 115
    ids = [e["id"] for e in rounds]
    assert len(set(ids)) == len(ids) and not set(ids) & never_trained_on(LABELS.parent)
    assert all("2026-11-30" in e["judged_by"] for e in rounds)
    postings = load_postings(CORPUS)
    trades = Counter(postings[i]["occupation"] for i in ids)
    assert set(trades) >= THIN_TRADES and trades["engineering"] + trades["trades"] >= 10
    for entry in rounds:  # one judgement per keyword form, each a yes or a no
        keys = [k["key"] for k in entry["judged"]]
        assert len(set(keys)) == len(keys)
        assert all(isinstance(k["searchable"], bool) for k in entry["judged"])


@pytest.mark.slow
def test_the_rounds_judge_the_keywords_the_reader_lists_where_they_stand() -> None:
    """The judged keywords are the ones the reader lists for their postings (judged from the
    product's own list; all of them on 2026-11-30, a reader change may move a few), and each span
    holds its keyword (the words of another form, such as an escaped '&', aside)."""
    postings = load_postings(CORPUS)
    judged = still_listed = stands = 0
    for entry in _rounds():
        text = postings[entry["id"]]["text"]
        listed = {keyword_key(k.text) for k in read_ad(text).keywords}
        for k in entry["judged"]:
            judged += 1
            still_listed += k["key"] in listed
            start, end = k["span"]
            stands += keyword_key(text[start:end]) == k["key"]
    assert still_listed / judged >= 0.95 and stands / judged >= 0.98
