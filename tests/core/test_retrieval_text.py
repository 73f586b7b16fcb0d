"""Tokenizer, synonym map, query expansion and query plans (pure functions, no models)."""

import json

import pytest

from core.errors import ResumeForgeError
from core.retrieval import expand_query, load_synonyms, tokenize
from core.retrieval.query import ASK_WEIGHT, JOB_AD_FILLER, MAX_QUERY_CHARS, plan_query
from core.retrieval.synonyms import SynonymIndex
from core.retrieval.text_analysis import stem


@pytest.mark.parametrize(
    ("text", "term"),
    [
        ("Wrote C++ services", "c++"),
        ("Ported the C# client", "c#"),
        ("Moved to .NET 8", ".net"),
        ("Designed CI/CD pipelines", "ci/cd"),
        ("Rolled out SAP S/4HANA", "s/4hana"),
        ("APIs in Node.js", "node.js"),
        ("p99 latency fell", "p99"),
        ("ran A/B tests", "a/b"),
    ],
)
def test_tech_terms_stay_whole(text, term):
    assert term in tokenize(text)


def test_compound_terms_also_yield_their_parts():
    tokens = tokenize("fault-injection testing on REST/JSON services")
    assert "fault-injection" in tokens
    assert {"fault", "injection"} <= set(tokens)  # "fault injection" in a query still meets it
    assert {"rest/json", "rest", "json"} <= set(tokens)


def test_c_plus_plus_does_not_collapse_into_c():
    assert tokenize("C++") != tokenize("C")
    assert "c" not in tokenize("C++ and C#")


def test_stopwords_go_and_inflections_meet():
    assert tokenize("the and of with") == []
    assert tokenize("mentored")[0] == tokenize("mentoring")[0] == tokenize("mentor")[0]
    assert tokenize("studies") == tokenize("study")
    assert stem("running") == "run"
    assert stem("process") == "process"  # "ss" is not a plural


def test_single_letter_language_names_survive():
    assert "r" in tokenize("statistical analysis in R or Python")
    assert "go" in tokenize("Strong proficiency in Go")


def test_non_latin_text_is_tokenized():
    assert tokenize("Разработал платёжный сервис") == ["разработал", "платёжный", "сервис"]
    pairs = tokenize("机器学习")
    assert pairs == ["机器", "器学", "学习"]  # no spaces in Chinese: overlapping pairs
    assert tokenize("Résumé café") == tokenize("resume cafe")


def test_load_synonyms_is_data_and_returns_a_copy():
    first = load_synonyms()
    assert "HRIS" in first["HCM"]  # seed 000's map is the starting point
    first["HCM"].append("mutated")
    assert "mutated" not in load_synonyms()["HCM"]


def test_load_synonyms_from_a_file_and_bad_files(tmp_path):
    good = tmp_path / "syn.json"
    good.write_text(json.dumps({"synonyms": {"k8s": ["Kubernetes"]}}))
    assert load_synonyms(good) == {"k8s": ["Kubernetes"]}
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(ResumeForgeError, match="could not be read"):
        load_synonyms(bad)
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"synonyms": {"a": "not a list"}}))
    with pytest.raises(ResumeForgeError, match="list of synonyms"):
        load_synonyms(wrong)


def test_expand_query_bridges_terminology_gaps():
    synonyms = load_synonyms()
    assert "build and release pipelines" in expand_query("Designing CI/CD pipelines", synonyms)
    assert "paved road" in expand_query("internal developer platform or golden paths", synonyms)
    assert "game days" in expand_query("Experience with chaos engineering", synonyms)
    assert "System Usability Scale" in expand_query("benchmarking such as SUS", synonyms)
    assert "HRIS" in expand_query("HCM implementation", synonyms)
    assert expand_query("baking sourdough bread", synonyms) == []


def test_expansion_leaves_out_names_already_in_the_query():
    expanded = expand_query("chaos engineering and game days", load_synonyms())
    assert "game days" not in expanded
    assert "fault injection" in expanded


def test_entries_sharing_a_name_merge_into_one_class():
    index = SynonymIndex({"IaC": ["Terraform"], "Terraform": ["Pulumi"]})
    assert len(index.classes) == 1
    assert set(index.classes[0]) == {"IaC", "Terraform", "Pulumi"}


def test_longest_name_wins_so_parts_do_not_trigger_other_classes():
    synonyms = {"usability testing": ["user testing"], "testing": ["QA"]}
    assert expand_query("usability testing", synonyms) == ["user testing"]


def test_plan_drops_job_ad_filler_but_keeps_the_substance():
    plan = plan_query("Strong proficiency in Go; working knowledge of Python", {})
    own = plan.groups[0].alternatives[0]
    assert "go" in own and "python" in own
    assert not set(own) & JOB_AD_FILLER
    assert plan.vector_texts == ("Strong proficiency in Go; working knowledge of Python",)


def test_plan_adds_one_group_and_one_vector_variant_per_concept():
    plan = plan_query("Experience with chaos engineering", load_synonyms())
    assert plan.concepts == ("chaos engineering",)
    assert len(plan.groups) == 2
    assert ("game", "day") in plan.groups[1].alternatives
    assert len(plan.vector_texts) == 2
    assert plan.vector_texts[1].startswith("Experience with chaos engineering; ")


@pytest.mark.parametrize(
    ("requirement", "asks"),
    [
        (
            "Solid troubleshooting on chillers, boilers, cooling towers and air handlers",
            ("Solid troubleshooting on chillers", "boilers", "cooling towers", "air handlers"),
        ),
        (
            "Experience hiring, training, and scheduling hourly teams",
            ("Experience hiring", "training", "scheduling hourly teams"),
        ),
        ("Wound care and patient education", ("Wound care", "patient education")),
    ],
)
def test_a_requirement_that_asks_several_things_embeds_each_ask_at_a_discount(requirement, asks):
    plan = plan_query(requirement, {})
    assert plan.vector_texts == (requirement, *asks)
    assert plan.vector_weights == (1.0,) + (ASK_WEIGHT,) * len(asks)
    assert 0 < ASK_WEIGHT < 1
    assert len(plan.groups) == 1  # BM25 reads the words once, as before


@pytest.mark.parametrize(
    "requirement",
    [
        "Journeyman electrician license",  # one ask
        "Experience with Istio or Linkerd",  # alternatives are not split
        "Bachelor of Science in Nursing (BSN)",  # "and"-free, comma-free
    ],
)
def test_a_requirement_that_asks_one_thing_keeps_one_vector_text(requirement):
    plan = plan_query(requirement, {})
    assert plan.vector_texts == (requirement,)
    assert plan.vector_weights == (1.0,)


def test_asks_that_share_their_noun_are_embedded_with_it():
    plan = plan_query("Written and verbal communication skills", {})
    assert plan.vector_texts[1:] == ("Written communication skills", "verbal communication skills")


def test_plan_of_a_huge_query_is_cut_and_says_so():
    plan = plan_query("kubernetes " * 2000, {})
    assert plan.truncated
    assert len(plan.text) <= MAX_QUERY_CHARS
    assert plan.has_terms


def test_plan_of_punctuation_only_has_no_terms():
    assert not plan_query("?!? ...", {}).has_terms
