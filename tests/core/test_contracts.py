import json

from syrupy.extensions.json import JSONSnapshotExtension

from core.cli import main
from core.contracts import (
    BLACKBOARD_SCHEMA,
    Blackboard,
    EvidenceCard,
    Inputs,
    Provenance,
    RoleProfile,
)


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


def test_the_exported_schema_changes_only_on_purpose(capsys, snapshot):
    """`resumeforge schema` against its snapshot (syrupy: tests/core/__snapshots__/). A change here
    is a change of the saved-run format: raise BLACKBOARD_SCHEMA and add an upgrade for saved
    runs (CONTRIBUTING.md, "Changing the Blackboard"), then `pytest --snapshot-update`."""
    assert main(["schema"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema["properties"]["schema_version"]["default"] == BLACKBOARD_SCHEMA
    assert schema == snapshot(extension_class=JSONSnapshotExtension)
