"""Offset labels for the job-postings corpus: quotes found through markup, read back as seen."""

from __future__ import annotations

import json

import pytest

from core.cli import main
from core.errors import InputError
from core.evaluation.postings import labelled_units, quote_span, seen_text
from core.jd import analyze_jd
from tools.postings_labels import to_offsets
from tools.train_jd_unit_roles import hand_scores, train, with_hand_units

# written for this test in the style of an entity-escaped JSON-LD description
POSTING = (
    "&lt;p&gt;&lt;strong&gt;What you bring&lt;/strong&gt;&lt;/p&gt;&lt;ul&gt;"
    "&lt;li&gt;Two years of line-cook experience in a high-volume kitchen&lt;/li&gt;"
    "&lt;li&gt;Food Handler&amp;#39;s card (R&amp;amp;D kitchens a plus)&lt;/li&gt;&lt;/ul&gt;"
    "&lt;p&gt;We offer paid holidays and a staff meal every shift.&lt;/p&gt;"
)


def test_a_quote_is_found_across_entities_and_read_back_as_a_reader_sees_it():
    span = quote_span(POSTING, "Food Handler's card (R&D kitchens a plus)")
    assert span is not None
    assert seen_text(POSTING[span[0] : span[1]]) == "Food Handler's card (R&D kitchens a plus"
    assert quote_span(POSTING, "Three years of line-cook experience") is None


def test_labels_keep_offsets_only_and_eval_jd_scores_them(tmp_path, capsys):
    corpus = tmp_path / "postings"
    corpus.mkdir()
    row = {"id": "p-1", "text": POSTING, "format": "html", "occupation": "hospitality"}
    (corpus / "postings.jsonl").write_text(json.dumps(row) + "\n", encoding="utf-8")
    quotes = {
        "id": "p-1",
        "requirements": [
            {
                "quote": "Two years of line-cook experience in a high-volume kitchen",
                "priority": "must",
            },
            {"quote": "Food Handler's card", "priority": "must"},
        ],
        "keywords": ["line-cook"],
        "notices": [{"quote": "We offer paid holidays", "kind": "benefit"}],
    }
    missing: list[str] = []
    entry = to_offsets(quotes, POSTING, missing)
    assert not missing
    stored = json.dumps(entry)
    assert "kitchen" not in stored and "holidays" not in stored  # no words of the posting
    labels = tmp_path / "postings_dev.json"
    labels.write_text(json.dumps([entry]), encoding="utf-8")
    (tmp_path / "postings_split.json").write_text(json.dumps({"heldback": ["p-1"]}), "utf-8")
    assert main(["eval", "jd", "--cases", str(corpus), "--labels", str(labels), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    case = report["cases"][0]
    assert case["split"] == "held-back" and case["facets"]["format"] == "html"
    assert case["requirements"]["labelled"] == 2
    assert "format=html" in report["by"] and "occupation=hospitality" in report["by"]


def test_unit_role_labels_keep_offsets_only_and_read_back_whole_units():
    quotes = {
        "id": "p-1",
        "units": [
            {
                "quote": "Two years of line-cook experience in a high-volume kitchen",
                "role": "requirement",
                "priority": "must",
            },
            {"quote": "We offer paid holidays and a staff meal every shift.", "role": "benefit"},
        ],
    }
    missing: list[str] = []
    entry = to_offsets(quotes, POSTING, missing)
    assert not missing
    assert set(entry) == {"id", "units"}
    assert "kitchen" not in json.dumps(entry) and "holidays" not in json.dumps(entry)
    units = labelled_units(entry, {"text": POSTING})
    assert units == [
        {
            "text": "Two years of line-cook experience in a high-volume kitchen",
            "role": "requirement",
            "priority": "must",
        },
        {
            "text": "We offer paid holidays and a staff meal every shift.",
            "role": "benefit",
            "priority": "",
        },
    ]


def test_unit_role_labels_refuse_a_role_the_guideline_does_not_name():
    entry = {"id": "p-1", "units": [{"span": [0, 40], "role": "perk"}]}
    with pytest.raises(InputError):
        labelled_units(entry, {"text": POSTING})


def test_hand_labelled_units_replace_weak_ones_of_the_same_text_and_weigh_more():
    weak = [
        ("You will need to think quickly under pressure.", "process"),
        ("Prepare the weekly rota", "responsibilities"),
    ]
    hand = [("You will need to think quickly, under pressure", "requirements")]
    units, weights, replaced = with_hand_units(weak, hand, 5.0)
    assert replaced == 1
    assert units == [weak[1], hand[0]]
    assert weights.tolist() == [1.0, 5.0]
    assert with_hand_units(weak, hand, 0.0)[0] == weak  # weight 0: the weak labels alone


def test_hand_scores_read_units_a_model_never_saw_as_the_reader_takes_them():
    """The leave-one-source-out measure (`--loso`) scores held-out hand units by the same rule
    the reader uses: a requirement is what the model gives `ASK_MIN` or more."""
    asks = ["Two years of bookkeeping experience", "A valid forklift licence", "Excel skills"]
    perks = ["Free parking on site", "A generous staff discount", "Paid holidays"]
    units = [(t, "requirements") for t in asks[:2]] * 5 + [(asks[2], "nice_to_have")] * 5
    units += [(t, "benefits") for t in perks] * 5
    features, roles, _ = train(units, 1.0)
    tested = [(asks[0], "requirements"), (perks[0], "benefits"), (perks[1], "requirements")]
    scores = hand_scores(tested, features, roles)
    assert scores["units"] == 3 and scores["requirements"] == 2
    assert scores["accuracy"] == pytest.approx(2 / 3, abs=1e-3)
    assert scores["requirement_recall"] == 0.5  # the perk labelled as asked is not read so
    assert scores["requirement_precision"] == 1.0


def test_keyword_judgements_keep_offsets_and_keys_only_and_eval_keywords_scores_them(
    tmp_path, capsys
):
    """A judged keyword is stored as where it stands and a digest of its form; `eval keywords`
    finds the reader's listed keywords among them and counts the ones judged not searchable."""
    corpus = tmp_path / "postings"
    corpus.mkdir()
    row = {"id": "p-1", "text": POSTING, "format": "html", "occupation": "hospitality"}
    (corpus / "postings.jsonl").write_text(json.dumps(row) + "\n", encoding="utf-8")
    keywords = analyze_jd(POSTING).keywords
    assert keywords
    judged = [{"quote": k, "searchable": i % 2 == 0} for i, k in enumerate(keywords)]
    extra = "a staff meal every shift"  # judged, never listed
    assert extra not in keywords
    judged.append({"quote": extra, "searchable": True})
    missing: list[str] = []
    entry = to_offsets({"id": "p-1", "judged": judged}, POSTING, missing)
    assert set(entry) == {"id", "judged"}
    assert "Handler" not in json.dumps(entry) and "meal" not in json.dumps(entry)
    assert entry["judged"][-1]["span"] == quote_span(POSTING, extra)
    path = tmp_path / "judged.json"
    path.write_text(json.dumps([entry]), encoding="utf-8")
    assert main(["eval", "keywords", "--cases", str(corpus), "--judged", str(path), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)["summary"]
    assert summary["listed"] == len(keywords) and summary["unjudged"] == 0
    assert summary["junk"] == len(keywords) // 2
    assert summary["searchable_judged"] == len(keywords) - len(keywords) // 2 + 1
    missing_file = ["--judged", str(tmp_path / "none")]
    assert main(["eval", "keywords", "--cases", str(corpus), *missing_file]) == 2
    assert "no such file" in capsys.readouterr().err
