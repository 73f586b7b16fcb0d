"""`parse` and `schema` commands."""

from __future__ import annotations

import argparse
import sys

from core.cli.output import emit_json
from core.contracts import Blackboard


def cmd_parse(args: argparse.Namespace) -> int:
    """Fact resume file → JSON evidence cards (or the whole parse with --full)."""
    from core.ingest import parse_extracted, read_path
    from core.settings import get_settings

    settings = get_settings().ingest
    parsed = parse_extracted(read_path(args.resume, settings=settings), settings=settings)
    for warning in parsed.warnings:
        print(f"resumeforge: warning: {warning}", file=sys.stderr)
    for item in parsed.left_out:  # furniture, metadata, personal data, hidden text
        print(f"resumeforge: {item}", file=sys.stderr)
    emit_json(parsed if args.full else parsed.cards, args.out)
    return 0


def cmd_schema(args: argparse.Namespace) -> int:
    emit_json(Blackboard.model_json_schema(), args.out)
    return 0
