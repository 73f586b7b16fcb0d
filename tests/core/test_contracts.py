import json

from core.cli import main
from core.contracts import Blackboard, EvidenceCard, Inputs, Provenance, RoleProfile


def test_blackboard_round_trips_through_json():
    card = EvidenceCard(
        id="c1",
        raw_text="Cut p99 latency from 480 ms to 95 ms",
        provenance=Provenance(source="fact.md", section="Experience", line_start=3, line_end=3),
    )
    board = Blackboard(inputs=Inputs(job_description="JD"), evidence_cards=[card])
    again = Blackboard.model_validate_json(board.model_dump_json())
    assert again.evidence_cards[0].provenance.line_start == 3
    assert again.evidence_cards[0].raw_text == card.raw_text


def test_llm_filled_models_reject_unknown_fields():
    import pytest
    from pydantic import ValidationError

    with pytest.raises(ValidationError):
        RoleProfile.model_validate({"inferred_level": "Senior", "secret_field": 1})


def test_schema_command_prints_blackboard_schema(capsys):
    assert main(["schema"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema["title"] == "Blackboard"
    assert "evidence_cards" in schema["properties"]
