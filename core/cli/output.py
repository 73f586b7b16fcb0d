"""Shared CLI output: JSON to stdout or atomically to a file; the frame of every `eval` command."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from core.errors import InputError
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


def run_eval(
    args: Any,
    evaluate: Callable[[Path], Any],
    format: Callable[[Any], str],
    *,
    option: str = "cases",
) -> int:
    """`resumeforge eval …`: check `--cases` is a folder (or `--data` a file), score it, print
    the JSON report (`--json`) or the formatted table."""
    cases = Path(getattr(args, option))
    if option == "cases" and not cases.is_dir():
        raise InputError(f"--cases {cases}: no such folder")
    if option != "cases" and not cases.is_file():
        raise InputError(f"--{option} {cases}: no such file")
    report = evaluate(cases)
    if args.json:
        emit_json(report)
    else:
        text = format(report)
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
    return 0
