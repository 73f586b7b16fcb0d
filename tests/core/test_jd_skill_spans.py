"""The skill/knowledge span tagger shipped in core/data: its manifest, what it holds, how it reads
hand-written sentences, the `eval skills` command and the keywords it gives the ATS list."""

from __future__ import annotations

import hashlib
import json

import pytest

from core.cli import main
from core.evaluation.span_scoring import Counts, spans_from_tags, tags_from_spans
from core.jd.keywords import Keyword
from core.jd.model_keywords import rank_of, tagged_keywords
from core.jd.skill_spans import MANIFEST_FILE, MODEL_FILE, find_spans, manifest
from core.jd.span_features import token_features, vocabulary
from core.resources import package_dir

MODEL = package_dir("data") / MODEL_FILE


def test_the_shipped_model_matches_its_manifest():
    data = manifest()
    assert data["model_file"] == MODEL_FILE
    assert hashlib.sha256(MODEL.read_bytes()).hexdigest() == data["model_sha256"]
    assert MODEL.stat().st_size == data["model_bytes"] <= 20 * 1024 * 1024
    assert len(data["data"]["sha256"]) == 64 and data["data"]["file"] == "train.json"
    assert data["feature_set"] and data["params"] and data["version"] >= 1
    tuning = data["metrics"]["tuning_part_of_train (fit on the rest)"]
    assert 0.0 < tuning["knowledge"]["strict_f1"] <= 1.0
    assert (package_dir("data") / MANIFEST_FILE).is_file()


def test_the_model_knows_words_only_from_the_projects_own_vocabulary():
    pycrfsuite = pytest.importorskip("pycrfsuite")
    tagger = pycrfsuite.Tagger()
    tagger.open(str(MODEL))
    words = {
        attr.split("w=", 1)[1]
        for attr, _ in tagger.info().state_features
        if attr.split(":")[-1].startswith("w=")
    }
    allowed = vocabulary() | {"<oov>"}
    assert words and words <= allowed, sorted(words - allowed)[:10]
    assert not any("@" in w for w in words)  # no e-mail address


def test_features_see_unknown_words_only_through_their_shape():
    feats = token_features(["Experience", "with", "Zorblaxify", "and", "Python."])
    assert "w=<oov>" in feats[2] and "w=zorblaxify" not in feats[2]
    assert "w=python" in feats[4] and "p=." in feats[4]
    assert any(f.startswith("t=B-") for f in feats[4])  # a lexicon term


def test_a_tool_named_in_a_requirement_is_a_knowledge_span():
    spans = find_spans("Experience with Kubernetes and Terraform is required.")
    assert [(s.kind, s.text) for s in spans] == [
        ("knowledge", "Kubernetes"),
        ("knowledge", "Terraform"),
    ]
    text = "Experience with Kubernetes and Terraform is required."
    assert all(text[s.start : s.end] == s.text for s in spans)


def test_a_field_of_study_is_knowledge_and_a_way_of_working_is_a_skill():
    degree = find_spans("You hold a Bachelor's degree in Computer Science or a related field.")
    assert any(s.kind == "knowledge" and "Computer Science" in s.text for s in degree)
    soft = find_spans("You are able to work independently and communicate clearly with customers.")
    assert any(s.kind == "skill" and "work independently" in s.text for s in soft)
    assert not find_spans("We offer free lunch and a gym membership.")


def test_bio_tags_and_spans_round_trip_and_an_orphan_inside_tag_opens_a_span():
    assert spans_from_tags(["O", "B", "I", "O", "B", "B", "I"]) == [(1, 3), (4, 5), (5, 7)]
    assert spans_from_tags(["I", "I", "O"]) == [(0, 2)]
    assert tags_from_spans([(1, 3), (4, 5)], 6) == ["O", "B", "I", "O", "B", "O"]


def test_strict_needs_both_ends_and_loose_needs_a_shared_token():
    counts = Counts()
    counts.add(predicted=[(0, 1), (5, 7)], gold=[(0, 2), (5, 7), (9, 10)])
    assert counts.strict() == pytest.approx((0.5, 1 / 3, 0.4))
    precision, recall, _ = counts.loose()
    assert precision == 1.0 and recall == pytest.approx(2 / 3)


def _row(tokens: list[str], skill: list[str], knowledge: list[str], idx: int) -> str:
    row = {"idx": idx, "source": "tech", "tokens": tokens}
    return json.dumps(row | {"tags_skill": skill, "tags_knowledge": knowledge})


def test_eval_skills_scores_a_small_file(tmp_path, capsys):
    data = tmp_path / "tiny.json"
    data.write_text(
        "\n".join(
            [
                _row(["Requirements"], ["O"], ["O"], 1),
                _row(
                    ["Experience", "with", "Kubernetes", "and", "Terraform", "."],
                    ["O"] * 6,
                    ["O", "O", "B", "O", "B", "O"],
                    1,
                ),
                _row(
                    ["You", "can", "work", "independently", "."],
                    ["O", "O", "B", "I", "O"],
                    ["O"] * 5,
                    2,
                ),
            ]
        )
        + "\n",
        encoding="utf-8",
    )
    assert main(["eval", "skills", "--data", str(data), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["sentences"] == 3 and report["postings"] == 2
    assert report["tagger"]["knowledge"]["strict_f1"] == 1.0
    assert report["tagger"]["knowledge"]["gold"] == 2
    for source in ("ATS list", "tagger", "ATS list + tagger"):
        assert 0.0 <= report["keywords"][source]["precision_loose"] <= 1.0
    assert report["keywords"]["tagger"]["recall_loose"]["knowledge"] == 1.0
    assert report["keywords"]["ATS list"]["recall_loose"]["knowledge"] == 1.0
    assert main(["eval", "skills", "--data", str(data)]) == 0
    assert "strict P / R / F1" in capsys.readouterr().out


def test_eval_skills_refuses_a_missing_file(tmp_path, capsys):
    assert main(["eval", "skills", "--data", str(tmp_path / "none.json")]) != 0


def test_tagged_keywords_take_the_term_data_and_rank_credentials_then_tools():
    found = tagged_keywords(
        [
            "Strong knowledge of accounting principles.",
            "Experience with Kubernetes and Terraform is required.",
        ]
    )
    texts = [k.text for k in found]
    assert "Kubernetes" in texts and "Terraform" in texts
    kube = next(k for k in found if k.text == "Kubernetes")
    assert kube.category == "cloud_infrastructure"  # the lexicon's own category
    assert all(not t.lower().startswith(("strong", "knowledge")) for t in texts)
    ranks = [rank_of(k) for k in found]
    assert ranks == sorted(ranks)
    assert rank_of(Keyword("CPA", "certifications")) < rank_of(Keyword("Terraform", "tools"))
    assert rank_of(Keyword("Terraform", "tools")) < rank_of(Keyword("finance", "jd terms"))


AD = """Data Engineer

Requirements
- Knowledge of thermodynamics
- Experience with Kubernetes and Terraform
- Knowledge of GDPR and accounting principles
"""


def test_the_ats_list_gains_the_knowledge_the_rules_miss_after_their_own(monkeypatch):
    from core.jd import analyze

    # the reader's candidates, before the filter splits them into tiers (core.jd.keyword_tiers)
    with_tagger = [k.text for k in analyze.read_ad(AD).keywords]
    monkeypatch.setattr(analyze, "tagged_keywords", lambda texts: [])
    rules = [k.text for k in analyze.read_ad(AD).keywords]
    assert "thermodynamics" in with_tagger and "thermodynamics" not in rules
    assert with_tagger[: len(rules)] == rules  # the rules' keywords keep their order
    asks = [line.lstrip("- ") for line in AD.splitlines() if line.startswith("- ")]
    tagged = [k.text for k in tagged_keywords(asks)]
    assert "accounting principles" in tagged and "GDPR" in tagged
    assert not any(" and " in k or "," in k for k in tagged)  # coordinations and lists split
    listed = [k.text for k in tagged_keywords(["Experience in ICU, NICU or ER settings."])]
    assert not any("," in k for k in listed)


def test_no_keyword_opens_with_a_name_joiner_once_a_generic_word_is_trimmed():
    from core.jd.phrases import phrase_terms

    found = [t for _, t in phrase_terms("Knowledge of GDPR and Experience for Pharmacy & Law")]
    assert not any(t.split()[0].lower() in {"of", "for", "&"} for t in found), found
    kept = [t for _, t in phrase_terms("Holds a Bachelor of Science degree")]
    assert any("Bachelor of Science" in t for t in kept), kept
