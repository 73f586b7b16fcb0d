"""`eval lines` command: the learned line reader scored on generated line data."""

from __future__ import annotations

import argparse
from functools import partial
from pathlib import Path

from core.cli.output import run_eval


def cmd_eval_lines(args: argparse.Namespace) -> int:
    """Per-label P/R/F1 on the held-out JSON Resumes; with --loso, leave-one-source-out."""
    from core.evaluation.line_eval import evaluate_lines, format_line_report

    args.data = str(Path(args.data).expanduser())
    evaluate = partial(evaluate_lines, loso=args.loso, only=args.only)
    return run_eval(args, evaluate, format_line_report, option="data")
