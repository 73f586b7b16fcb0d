"""`analyze` command: a job description file -> role profile, requirements and keywords (JSON)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from core.cli.output import emit_json, run_eval
from core.contracts import JDAnalysis
from core.ingest import read_path
from core.jd import analyze_jd, jd_file_settings
from core.jd.reading import first_lines_read, reading_warnings
from core.settings import get_settings


def cmd_analyze(args: argparse.Namespace) -> int:
    """Read the JD (txt, md, docx, pdf; HTML, JSON or YAML read as published), analyse it, print
    or write the JSON. Bad input: exit 2."""
    limits = get_settings().ingest
    extracted = read_path(Path(args.jd), settings=jd_file_settings(limits))
    analysis = analyze_jd(extracted.text, target_title=args.title or "", limits=limits)
    if extracted.hidden_text:  # invisible DOCX text is a classic way to talk to screening tools
        hidden = [" ".join(t.split()) for t in extracted.hidden_text if t.strip()]
        analysis.suspicious_instructions = list(
            dict.fromkeys([*analysis.suspicious_instructions, *hidden])
        )
    emit_json(analysis, args.out)
    print_reading_warnings(analysis)
    return 0


def print_reading_warnings(analysis: JDAnalysis) -> None:
    """A thin reading of the ad (too few requirements, mostly notices, no qualifications) goes
    to stderr, with the first lines of the text as it was read."""
    warnings = reading_warnings(analysis)
    for warning in warnings:
        print(f"warning: {warning}", file=sys.stderr)
    if warnings:
        print("The job ad's text as it was read begins:", file=sys.stderr)
        for line in first_lines_read(analysis):
            print(f"  | {line}", file=sys.stderr)


def cmd_eval_jd(args: argparse.Namespace) -> int:
    """Score the analyser on labelled job ads; print a table (or the JSON with --json)."""
    from core.evaluation.jd_eval import evaluate_jds, format_report

    embedder = None
    if args.embedder:
        from core.retrieval.embedder import get_embedder

        settings = get_settings()
        embedder = get_embedder(settings.retrieval.embedding_model, cache_dir=settings.cache_dir)
    return run_eval(
        args,
        lambda cases: evaluate_jds(
            cases,
            embedder=embedder,
            damaged=args.damaged,
            labels=Path(args.labels) if args.labels else None,
        ),
        format_report,
    )


def cmd_eval_skills(args: argparse.Namespace) -> int:
    """Score the span tagger and the ATS keywords on a SkillSpan-style file."""
    from core.evaluation.skill_eval import evaluate_skills, format_report

    return run_eval(args, evaluate_skills, format_report, option="data")


def cmd_eval_keywords(args: argparse.Namespace) -> int:
    """Score the ATS keyword lists against hand-judged keywords."""
    from core.evaluation.keyword_judged import evaluate_keywords, format_report

    return run_eval(args, lambda cases: evaluate_keywords(cases, Path(args.judged)), format_report)
