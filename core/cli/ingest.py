"""`parse` and `schema` commands."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from core.cli.output import emit_json, run_eval
from core.contracts import Blackboard
from core.errors import InputError


def cmd_parse(args: argparse.Namespace) -> int:
    """Fact resume file → JSON evidence cards (or the whole parse with --full)."""
    from core.ingest import parse_extracted, read_path
    from core.ingest.completeness import advisories, missing_parts, with_contact
    from core.settings import get_settings

    settings = get_settings().ingest
    parsed = parse_extracted(read_path(args.resume, settings=settings), settings=settings)
    parsed = with_contact(parsed, name=args.name, email=args.email, phone=args.phone)
    for warning in parsed.warnings:
        print(f"resumeforge: warning: {warning}", file=sys.stderr)
    for item in parsed.left_out:  # furniture, metadata, personal data, hidden text
        print(f"resumeforge: {item}", file=sys.stderr)
    for missing in missing_parts(parsed, no_education=args.no_education):
        print(f"resumeforge: missing for a tailored resume: {missing}", file=sys.stderr)
    for note in advisories(parsed, no_education=args.no_education):
        print(f"resumeforge: warning: {note}", file=sys.stderr)
    if args.structure:
        from core.ingest.structure import structure_of

        emit_json(structure_of(parsed), args.out)
    else:
        emit_json(parsed if args.full else parsed.cards, args.out)
    return 0


def cmd_eval_resumes(args: argparse.Namespace) -> int:
    """Score ingestion against labelled resumes (real files or dev cases)."""
    from core.evaluation.resume_eval import (
        DEFAULT_READER,
        evaluate_labelled,
        evaluate_resumes,
        format_resume_table,
    )

    reader = args.reader or DEFAULT_READER
    if args.labels:
        labels = Path(args.labels)
        if not labels.is_file():
            raise InputError(f"--labels {labels}: no such file")
        return run_eval(
            args, lambda folder: evaluate_labelled(folder, labels, reader), format_resume_table
        )
    return run_eval(args, lambda folder: evaluate_resumes(folder, reader), format_resume_table)


def cmd_schema(args: argparse.Namespace) -> int:
    emit_json(Blackboard.model_json_schema(mode="serialization"), args.out)  # as saved
    return 0
