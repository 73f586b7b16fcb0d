"""Shared CLI output: JSON to stdout or atomically to a file."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from core.workspace import atomic_write_text


def to_jsonable(payload: Any) -> Any:
    if isinstance(payload, BaseModel):
        return payload.model_dump(mode="json")
    if isinstance(payload, list | tuple):
        return [to_jsonable(item) for item in payload]
    if isinstance(payload, dict):
        return {key: to_jsonable(value) for key, value in payload.items()}
    return payload


def emit_json(payload: Any, out: str | None = None) -> None:
    text = json.dumps(to_jsonable(payload), indent=2, ensure_ascii=False) + "\n"
    if out:
        atomic_write_text(Path(out), text)
        print(f"wrote {out}", file=sys.stderr)
    else:
        sys.stdout.write(text)
