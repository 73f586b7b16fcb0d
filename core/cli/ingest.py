"""`parse` and `schema` commands."""

from __future__ import annotations

import argparse

from core.cli.output import emit_json
from core.contracts import Blackboard


def cmd_schema(args: argparse.Namespace) -> int:
    emit_json(Blackboard.model_json_schema(), args.out)
    return 0
