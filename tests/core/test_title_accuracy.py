"""The title measurement (`tools.title_accuracy`): which postings it reads and how it judges."""

from __future__ import annotations

import json

from tools.title_accuracy import in_text, summary
from tools.train_jd_titles import LABELS, is_validation, training_ids

SPLIT = json.loads((LABELS / "postings_split.json").read_text(encoding="utf-8"))


def _postings(ids: list[str]) -> dict[str, dict[str, object]]:
    return {
        pid: {"id": pid, "title": "Site Nurse", "text": "", "occupation": "healthcare"}
        for pid in ids
    }


def test_training_ids_never_hold_a_dev_or_held_back_posting() -> None:
    scored = [*SPLIT["dev"], *SPLIT["heldback"]]
    others = [f"p-{n:05d}" for n in range(1, 3000)]
    postings = _postings(others)
    chosen = training_ids(postings)
    assert chosen and not set(chosen) & set(scored)
    assert len(chosen) == len(set(others) - set(scored))


def test_training_ids_leave_out_postings_without_a_title_field() -> None:
    postings = _postings(["p-09001", "p-09002"])
    postings["p-09002"]["title"] = None
    assert training_ids(postings) == ["p-09001"]


def test_the_validation_fifth_is_every_fifth_number() -> None:
    assert is_validation("p-00010") and is_validation("p-02865")
    assert not is_validation("p-00011")


def test_in_text_finds_the_title_or_its_part_before_a_qualifier() -> None:
    text = "We are hiring Theatre Nurses for our day unit.\nBand 5."
    assert in_text("Theatre Nurse", text)  # plural in the text
    assert in_text("Theatre Nurse - Day Surgery, Leeds", text)  # qualifier not in the text
    assert not in_text("Scrub Practitioner", text)
    assert not in_text("Nurse Manager", text)


def test_summary_splits_postings_by_in_text() -> None:
    rows = [
        {"right": True, "in_text": True},
        {"right": False, "in_text": True},
        {"right": False, "in_text": False},
    ]
    out = summary(rows)
    assert out["all"] == {"right": 1, "of": 3, "share": 0.3333}
    assert out["in_text"]["share"] == 0.5 and out["not_in_text"]["right"] == 0
