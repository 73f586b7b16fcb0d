"""Education as the readers read it, for the education tests: hand-written text through the rule
reader, and a fictional person's education rendered in one of the line data's formats through
each reader."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from core.contracts import RoleEntry
from core.evaluation.resume_match import education_matches
from core.ingest import parse_extracted, parse_resume_text, read_path
from core.settings import IngestSettings
from tools.line_data.build import write_rendering

PEOPLE = Path(__file__).resolve().parents[2] / "tools" / "line_data" / "people"


def rule_education(text: str) -> list[RoleEntry]:
    """The education entries the rule reader finds in `text` under one role."""
    parsed = parse_resume_text(
        "Experience\nCook | Bistro LLC | 2019 - 2021\n\n" + text, source_name="r.txt", fmt="text"
    )
    return parsed.education


def assert_rendered_entry_found(
    tmp_path: Path,
    fmt: str,
    education: list[dict[str, Any]],
    label: dict[str, str],
    readers: tuple[str, ...],
    key: str,
) -> None:
    """A fictional nurse's resume with `education`, rendered in `fmt` with the layout `key`
    draws: every reader in `readers` finds the entry `label` names."""
    resume = json.loads((PEOPLE / "p01-registered-nurse.json").read_text(encoding="utf-8"))
    resume["education"] = education
    path, _, _ = write_rendering(resume, key, fmt, tmp_path)
    for reader in readers:
        settings = IngestSettings(reader=reader)
        parsed = parse_extracted(read_path(path, settings=settings), settings=settings)
        assert any(education_matches(label, e) for e in parsed.education), (
            reader,
            [(e.title, e.company, e.location) for e in parsed.education],
        )
