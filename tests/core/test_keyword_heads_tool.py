"""The head-word keyword experiment (tools/keyword_heads.py, tools/train_keyword_heads.py,
tools/with_keyword_heads.py): a candidate is kept, cut back to a part ending on a good head, or
dropped by a model of its head word; term-list categories judges found mostly searchable pass
as listed; the model's features name no word outside the project's vocabulary. The ad and the
examples here are written for this test."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from core.evaluation.postings import never_trained_on
from core.jd.analyze import read_ad
from core.jd.keywords import Keyword
from tools.keyword_heads import (
    Around,
    HeadLexicon,
    HeadModel,
    around,
    head_features,
    headed_keywords,
    parts_of,
)
from tools.train_keyword_heads import LABELS, model_data, skillspan_lexicon, train
from tools.with_keyword_heads import with_heads

AD = (
    "Payroll Officer\n\n"
    "Requirements\n"
    "- Sage Payroll skills and QuickBooks Online\n"
    "- Knowledge of payroll legislation\n"
    "- Strong communication skills and a positive attitude\n\n"
    "About us\nWe are a friendly team.\n"
)
EMPTY = HeadLexicon({}, {}, {})


def test_parts_start_with_the_candidate_and_end_on_no_generic_word() -> None:
    assert parts_of("Sage Payroll skills") == ["Sage Payroll skills", "Sage Payroll", "Sage"]
    parts = parts_of("verifying chemotherapy orders")
    assert parts[0] == "verifying chemotherapy orders"
    assert "chemotherapy orders" in parts  # a verb in front may go
    assert all(not p.endswith("skills") for p in parts_of("strong communication skills")[1:])


def test_features_name_only_vocabulary_words_and_mark_verbs() -> None:
    rare = head_features("Zorblax", "jd terms", Around(), EMPTY)
    assert not any("zorblax" in f.lower() for f in rare)
    assert "head=<capital>" in rare
    common = head_features("payroll legislation", "jd terms", Around(), EMPTY)
    assert "head=legislation" in common and "mod=payroll" in common
    assert "opens_with_verb" in head_features("managing budgets", "jd terms", Around(), EMPTY)


def test_where_a_candidate_stands_in_the_ad() -> None:
    where = around("QuickBooks Online", AD)
    assert (where.opens, where.before, where.after) == (False, "and", "Knowledge")
    assert around("Knowledge of payroll legislation", AD).opens
    assert around("not in the ad", AD) == Around()


def _model(tmp_path: Path) -> HeadModel:
    skillspan = tmp_path / "train.json"
    rows = [
        {"idx": 1, "tokens": ["Sage", "Payroll", "and", "teamwork"], "source": "t",
         "tags_knowledge": ["B", "I", "O", "O"], "tags_skill": ["O", "O", "O", "B"]},
    ]  # fmt: skip
    skillspan.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    lexicon = skillspan_lexicon(skillspan)
    assert lexicon.knowledge == {"payroll": 1} and lexicon.skill == {"teamwork": 1}
    good = ["Sage Payroll", "payroll legislation", "QuickBooks Online", "bookkeeping"]
    bad = ["communication skills", "people skills", "listening skills", "positive attitude"]
    bad += ["friendly team", "team"]
    examples = [(t, "jd terms", around(t, AD), True, "s") for t in good] + [
        (t, "jd terms", around(t, AD), False, "s") for t in bad
    ]
    features, model = train(examples * 10, lexicon, 1.0)
    return HeadModel(model_data(features, model, 0.5), lexicon)


def test_generic_heads_drop_good_heads_stay_and_titles_pass(tmp_path: Path) -> None:
    model = _model(tmp_path)
    model.keep_min = 0.9  # strict: a trade word before a generic head is not enough
    assert model.score("Sage Payroll skills", "jd terms", around("Sage Payroll", AD)) < 0.9
    listed = [
        Keyword("Payroll Officer", "titles"),
        Keyword("Sage Payroll skills", "jd terms"),
        Keyword("payroll legislation", "domain"),
        Keyword("positive attitude", "jd terms"),
        Keyword("friendly team", "jd terms"),
    ]
    kept = [k.text for k in headed_keywords(listed, AD, model)]
    assert kept == ["Payroll Officer", "Sage Payroll", "payroll legislation"]
    whole = [k.text for k in headed_keywords(listed, AD, model, back_off=False)]
    assert whole == ["Payroll Officer", "payroll legislation"]
    model.keep_min = 0.5
    assert "Sage Payroll skills" in [k.text for k in headed_keywords(listed, AD, model)]


def test_the_wrapped_reader_lists_the_headed_keywords_and_nothing_else_changes(
    tmp_path: Path,
) -> None:
    model = _model(tmp_path)
    plain = read_ad(AD)
    wrapped = with_heads(read_ad, model, True)(AD)
    assert [k.text for k in wrapped.keywords] == [
        k.text for k in headed_keywords(plain.keywords, plain.clean, model)
    ]
    assert dataclasses.replace(wrapped, keywords=plain.keywords) == plain


def test_training_judgements_hold_no_dev_or_held_back_posting() -> None:
    if not LABELS.is_file():
        pytest.skip("no judgements")
    ids = {e["id"] for e in json.loads(LABELS.read_text(encoding="utf-8"))}
    assert ids and not ids & never_trained_on(LABELS.parent)
