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
    board = Blackboard(inputs=Inputs(job_description="JD"), answer_cards=[card])
    again = Blackboard.model_validate_json(board.model_dump_json())
    assert len(again.evidence_cards) == 1  # written out for readers, read back once
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


def _draft_with_three_skills():
    from core.contracts import DraftBullet, DraftRole, DraftSection, ResumeDraft, SkillLine

    return ResumeDraft(
        summary=[DraftBullet(id="summary-1", text="Backend engineer")],
        roles=[DraftRole(role_id="r1", bullets=[DraftBullet(id="r1-b1", text="Built X")])],
        sections=[DraftSection(name="Education", bullets=[DraftBullet(id="ed-1", text="BSc")])],
        skills=[SkillLine(skill="Go"), SkillLine(skill="Redis"), SkillLine(skill="Kafka")],
    )


def test_skill_lines_get_ids_that_stay_put_when_a_line_goes():
    from core.contracts import SkillLine

    draft = _draft_with_three_skills()
    assert [s.id for s in draft.skills] == ["skill-1", "skill-2", "skill-3"]
    draft.drop_lines({"skill-1"})
    assert [(s.id, s.skill) for s in draft.skills] == [("skill-2", "Redis"), ("skill-3", "Kafka")]
    # A line added later takes a number no other line uses.
    draft.skills = [*draft.skills, SkillLine(skill="Python")]
    ids = [s.id for s in draft.skills]
    assert ids[:2] == ["skill-2", "skill-3"] and len(set(ids)) == 3


def test_a_saved_draft_without_skill_ids_reads_with_them():
    from core.contracts import ResumeDraft

    raw = {"skills": [{"skill": "Go"}, {"skill": "Redis", "evidence_card_ids": ["c1"]}]}
    assert [s.id for s in ResumeDraft.model_validate(raw).skills] == ["skill-1", "skill-2"]


def test_drop_lines_takes_bullets_and_skills_and_lists_only_the_bullets():
    draft = _draft_with_three_skills()
    draft.drop_lines({"r1-b1", "ed-1", "skill-2"})
    assert draft.roles[0].bullets == []
    assert draft.sections == []  # an emptied section goes with its last line
    assert [s.skill for s in draft.skills] == ["Go", "Kafka"]
    assert [b.id for b in draft.dropped] == ["r1-b1", "ed-1"]
    quiet = _draft_with_three_skills()
    quiet.drop_lines({"summary-1"}, record=False)
    assert quiet.summary == [] and quiet.dropped == []
