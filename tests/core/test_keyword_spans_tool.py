"""The keyword-span experiment (tools/train_keyword_spans.py): a sentence holding a judged
candidate is labelled with the searchable candidates' tokens as spans (the longest first) and
every other token outside; sentences with no judged candidate give no training sequence; a tagger
trained on such sequences is scored against the judgements by the keyword's key. The ad here is
written for this test."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pycrfsuite

from core.evaluation.postings import keyword_key
from core.jd.analyze import read_ad
from tools.train_keyword_spans import posting_sentences, score, summary, train

AD = (
    "Payroll Officer\n\n"
    "Requirements\n"
    "- Experience with Sage Payroll and QuickBooks Online\n"
    "- Ability to carry ladders safely\n\n"
    "About us\nWe are a friendly team in a lovely office.\n"
)


def _judged(searchable: set[str]) -> dict[str, bool]:
    return {keyword_key(k.text): k.text in searchable for k in read_ad(AD).keywords}


def test_searchable_candidates_become_spans_and_the_rest_of_their_sentence_is_outside() -> None:
    judged = _judged({"Sage Payroll", "QuickBooks Online"})
    assert any(judged.values()) and not all(judged.values())
    labelled, every = posting_sentences(AD, judged)
    spans = {
        " ".join(t for t, tag in zip(tokens, tags, strict=True) if tag != "O")
        for tokens, tags in labelled
    }
    assert any("Sage Payroll" in s and "QuickBooks Online" in s for s in spans)
    joined = [" ".join(tokens) for tokens, _ in labelled]
    assert not any("friendly team" in s for s in joined)  # no judged candidate: no sequence
    assert any("friendly team" in " ".join(tokens) for tokens in every)


def test_a_tagger_trained_on_the_sequences_is_scored_by_keyword_key(tmp_path: Path) -> None:
    judged = _judged({"Sage Payroll", "QuickBooks Online"})
    labelled, every = posting_sentences(AD, judged)
    row = {"id": "t", "source": "s", "judged": judged, "labelled": labelled * 20, "every": every}
    train([row], tmp_path / "m.crfsuite")
    tagger = pycrfsuite.Tagger()
    tagger.open(str(tmp_path / "m.crfsuite"))
    counts = score([row], tagger)
    assert counts["searchable_judged"] == 2
    assert counts["searchable_found"] >= 1  # learned from these very sentences
    figures = summary(Counter(counts))
    assert 0.0 <= figures["junk_share"] <= 1.0
