"""Schema assembler and the response models' id validation."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from core.contracts import CallOutcome, Severity, Strict, ViolationType
from core.llm.assembler import assemble, first_balanced_json
from core.llm.responses import (
    AuditorResponse,
    HydeResponse,
    JDAnalystResponse,
    MapperResponse,
    WriterResponse,
    active_validation_context,
    check_card_ids,
)

CTX = {"valid_card_ids": {"c1", "c2"}}
WRITER = {
    "summary": [{"text": "Backend engineer, payments", "evidence_card_ids": ["c1"]}],
    "roles": [{"role_id": "r1", "bullets": [{"text": "Cut p99 38%", "evidence_card_ids": ["c2"]}]}],
    "skills": ["Go"],
    "change_log": [],
}


def test_clean_json_is_ok_and_unchanged():
    result = assemble(json.dumps(WRITER), WriterResponse, context=CTX)
    assert result.outcome == CallOutcome.OK and result.notes == []
    assert result.value == WriterResponse.model_validate(WRITER)


@pytest.mark.parametrize(
    ("raw", "note"),
    [
        ('```json\n{"bullet": "Ran Kubernetes"}\n```', "fence"),
        ('Sure! {"bullet": "Ran Kubernetes"} Hope that helps {ok}', "surrounding text"),
        ('Note [see below]: {"bullet": "Ran Kubernetes"}', "surrounding text"),
        ('{"bullet": "Ran Kubernetes with \\"}\\" in it"} trailing', "surrounding text"),
    ],
)
def test_prose_and_fences_are_stripped(raw, note):
    result = assemble(raw, HydeResponse)
    assert result.outcome == CallOutcome.COERCED
    assert result.value is not None and result.value.bullet.startswith("Ran Kubernetes")
    assert any(note in n for n in result.notes)


@pytest.mark.parametrize(
    "raw",
    ['{"bullet": "Ran Kuber', "", "no json at all", '{"bullet": "x"', "[1, 2"],
)
def test_truncated_or_missing_json_falls_back(raw):
    result = assemble(raw, HydeResponse)
    assert result.value is None and result.outcome == CallOutcome.FALLBACK and result.error


def test_a_fragment_inside_truncated_json_is_never_taken_for_the_answer():
    truncated = '{"evidence_map": [{"requirement_id": "r1", "evidence_card_ids": ["c1"]}, {"requ'
    assert first_balanced_json(truncated) is None
    assert assemble(truncated, MapperResponse, context=CTX).value is None


def test_deterministic_coercions():
    raw = {
        "inferred_level": None,
        "must_haves": "Go",  # single value where a list is expected
        "keyword_clusters": None,
        "requirements": {"text": "5+ years of Go", "priority": "MUST", "years": "5"},
        "notes_from_model": "dropped",
    }
    result = assemble(raw, JDAnalystResponse)
    assert result.outcome == CallOutcome.COERCED, result.notes
    value = result.value
    assert isinstance(value, JDAnalystResponse)
    assert value.inferred_level == ""
    assert value.must_haves == ["Go"] and value.keyword_clusters == {}
    assert value.requirements[0].priority == "must" and value.requirements[0].years == 5.0
    joined = " | ".join(result.notes)
    assert "dropped unknown key 'notes_from_model'" in joined
    assert "'MUST' → 'must'" in joined and "'5' → number" in joined


class _Required(Strict):
    name: str
    tags: list[str]
    meta: dict[str, str]


def test_missing_lists_are_filled_but_required_text_is_not_invented():
    result = assemble({"name": None}, _Required)
    assert result.outcome == CallOutcome.COERCED
    assert result.value == _Required(name="", tags=[], meta={})
    assert {"$.tags: missing → []", "$.meta: missing → {}", "$.name: null → ''"} <= set(
        result.notes
    )
    empty_bullet = {
        "roles": [{"role_id": "r1", "bullets": [{"text": None, "evidence_card_ids": ["c1"]}]}]
    }
    assert assemble(empty_bullet, WriterResponse, context=CTX).value is None


def test_enum_and_number_coercion_for_auditor():
    raw = {
        "findings": [
            {
                "bullet_id": 7,
                "violation": "40% vs 38%",
                "type": "METRIC_CHANGED",
                "severity": "blocker",
            }
        ]
    }
    result = assemble(raw, AuditorResponse)
    assert result.value is not None
    finding = result.value.findings[0]
    assert finding.bullet_id == "7"
    assert finding.type == ViolationType.METRIC_CHANGED and finding.severity == Severity.BLOCKER


def test_envelope_is_unwrapped_but_unrelated_objects_are_rejected():
    wrapped = {"WriterResponse": WRITER}
    assert assemble(wrapped, WriterResponse, context=CTX).value == WriterResponse.model_validate(
        WRITER
    )
    unrelated = {"answer": "I cannot help", "confidence": 0.2}
    result = assemble(unrelated, MapperResponse, context=CTX)
    assert result.value is None and "none of the expected fields" in result.error


def test_unknown_card_id_is_not_coerced_away():
    bad = json.loads(json.dumps(WRITER))
    bad["roles"][0]["bullets"][0]["evidence_card_ids"] = ["c2", "c99"]
    result = assemble(bad, WriterResponse, context=CTX)
    assert result.value is None and "c99" in result.error


# --- response models ---------------------------------------------------------------------------


def test_card_ids_are_checked_against_the_context():
    ok = MapperResponse.model_validate(
        {"evidence_map": [{"requirement_id": "r1", "evidence_card_ids": ["c1", "c1", "c2"]}]},
        context=CTX,
    )
    assert ok.evidence_map[0].evidence_card_ids == ["c1", "c2"]  # de-duplicated, order kept
    with pytest.raises(ValidationError, match=r"unknown evidence card id.*'c3'.*'c1', 'c2'"):
        MapperResponse.model_validate(
            {"gaps": [{"requirement_id": "r1", "adjacent_evidence_ids": ["c3"]}]}, context=CTX
        )


def test_other_ids_are_checked_when_the_stage_passes_them():
    data = {"evidence_map": [{"requirement_id": "r9", "evidence_card_ids": []}]}
    MapperResponse.model_validate(data, context=CTX)  # no requirement ids given: unchecked
    with pytest.raises(ValidationError, match="unknown requirement id"):
        MapperResponse.model_validate(data, context={**CTX, "valid_requirement_ids": {"r1"}})


def test_without_a_context_ids_are_not_checked_and_active_context_applies():
    data = {"summary": [{"text": "x", "evidence_card_ids": ["zz"]}]}
    assert WriterResponse.model_validate(data).summary[0].evidence_card_ids == ["zz"]
    with active_validation_context(CTX), pytest.raises(ValidationError, match="'zz'"):
        WriterResponse.model_validate(data)
    assert WriterResponse.model_validate(data)  # the context was reset


def test_writer_lines_must_cite_and_extras_are_forbidden():
    with pytest.raises(ValidationError):
        WriterResponse.model_validate({"summary": [{"text": "x", "evidence_card_ids": []}]})
    with pytest.raises(ValidationError):
        HydeResponse.model_validate({"bullet": "x", "extra": 1})


def test_check_card_ids_is_reusable_as_a_function():
    assert check_card_ids.__doc__ and "valid_card_ids" in check_card_ids.__doc__
