"""Saving and loading a run's Blackboard: atomically, after every state."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from pydantic import ValidationError

from core.contracts import Blackboard
from core.errors import WorkspaceError
from core.workspace import atomic_write_text

BOARD_FILE = "blackboard.json"


def save_board(run_dir: Path, board: Blackboard) -> Path:
    return atomic_write_text(Path(run_dir) / BOARD_FILE, board.model_dump_json(indent=2))


def load_board(run_dir: Path) -> Blackboard | None:
    """The saved board of a run, or None when there is none yet."""
    path = Path(run_dir) / BOARD_FILE
    if not path.exists():
        return None
    try:
        return Blackboard.model_validate_json(path.read_text(encoding="utf-8"))
    except (OSError, ValidationError, ValueError) as err:
        raise WorkspaceError(
            f"The saved run in {run_dir} is damaged ({type(err).__name__}); "
            "delete that folder to start the run again."
        ) from None


def inputs_hash(*parts: object) -> str:
    """A stable hash of a run's inputs (same inputs → same run folder → finished stages reused)."""
    text = json.dumps([str(p) for p in parts], ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
