"""Saving and loading a run's Blackboard: atomically, after every state.

A saved run carries its format (`Blackboard.schema_version`); `load_board` reads every earlier
format by upgrading it one version at a time (`UPGRADES`), and refuses a newer one readably.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from core.contracts import BLACKBOARD_SCHEMA, Blackboard
from core.errors import WorkspaceError
from core.workspace import atomic_write_text

BOARD_FILE = "blackboard.json"


def save_board(run_dir: Path, board: Blackboard) -> Path:
    return atomic_write_text(Path(run_dir) / BOARD_FILE, board.model_dump_json(indent=2))


def _from_1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 had no `finished_states`: a state counted as finished when the last event
    named it (what `advance` then checked)."""
    events = data.get("events") or []
    data["finished_states"] = [events[-1]["state"]] if events else []
    return data


def _from_2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 2 kept copies of the job ad's requirements and role profile beside `jd`, which
    holds them (the copies were set together with it)."""
    data.pop("requirements", None)
    data.pop("role_profile", None)
    return data


def _from_3(data: dict[str, Any]) -> dict[str, Any]:
    """Version 3 kept a copy of the resume's cards beside `resume` in `evidence_cards`, with the
    user's answer cards after them, and a copy of `resume.contact` in `contact`; version 4 keeps
    only the answers (`answer_cards`)."""
    data.pop("contact", None)
    cards = data.pop("evidence_cards", None) or []
    data["answer_cards"] = [c for c in cards if c.get("kind") == "user_answer"]
    return data


def _from_4(data: dict[str, Any]) -> dict[str, Any]:
    """Version 5 adds `GapResolution.unstated` (the part of a several-part requirement no line
    states); a version 4 gap has none, so it reads as it is."""
    return data


def _from_5(data: dict[str, Any]) -> dict[str, Any]:
    """Version 6 adds `fit_pages` (the user's page-fit choice); a version 5 run never had the
    choice saved, so it reads as the default, fitting the page limit."""
    return data


UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
    1: _from_1,
    2: _from_2,
    3: _from_3,
    4: _from_4,
    5: _from_5,
}


def upgrade(data: dict[str, Any]) -> dict[str, Any]:
    """A saved board's JSON in the current format (saved runs of every earlier version)."""
    version = data.get("schema_version", 1)
    if not isinstance(version, int) or version < 1:
        raise ValueError(f"unknown format {version!r}")
    if version > BLACKBOARD_SCHEMA:
        raise WorkspaceError(
            f"This saved run was made by a newer ResumeForge (format {version}; this version "
            f"reads formats 1 to {BLACKBOARD_SCHEMA}): update ResumeForge to open it."
        )
    while version < BLACKBOARD_SCHEMA:
        data = UPGRADES[version](data)
        version += 1
        data["schema_version"] = version
    return data


def load_board(run_dir: Path) -> Blackboard | None:
    """The saved board of a run (of any earlier format), or None when there is none yet."""
    path = Path(run_dir) / BOARD_FILE
    if not path.exists():
        return None
    try:
        text = path.read_text(encoding="utf-8")
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        if data.get("schema_version") != BLACKBOARD_SCHEMA:
            text = json.dumps(upgrade(data), ensure_ascii=False)
        return Blackboard.model_validate_json(text)
    except (OSError, ValidationError, ValueError, KeyError, TypeError) as err:
        raise WorkspaceError(
            f"The saved run in {run_dir} is damaged ({type(err).__name__}); "
            "delete that folder to start the run again."
        ) from None


def code_fingerprint(roots: tuple[Path, ...] | None = None) -> str:
    """A hash of the code a run is made by: every file under the `core` package, its prompts
    and bundled templates included (bytecode caches left out). A run folder is named by its inputs
    and this, so after an update the same resume and job ad are tailored again by the new code
    instead of resuming a board the old code wrote (the version number alone never changed
    between updates). About 30 ms on this machine, once per process."""
    if roots is None:
        return _bundled_fingerprint()
    digest = hashlib.sha256()
    for root in roots:
        for path in sorted(p for p in Path(root).rglob("*") if p.is_file()):
            if "__pycache__" in path.parts or path.suffix == ".pyc":
                continue
            digest.update(path.relative_to(root).as_posix().encode("utf-8") + b"\0")
            digest.update(path.read_bytes())
    return digest.hexdigest()


@functools.lru_cache(maxsize=1)
def _bundled_fingerprint() -> str:
    from core.resources import package_dir

    return code_fingerprint((package_dir("."),))


def inputs_hash(*parts: object) -> str:
    """A stable hash of a run's inputs (same inputs → same run folder → finished stages reused)."""
    text = json.dumps([str(p) for p in parts], ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
