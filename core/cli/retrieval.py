"""`search` and `eval retrieval` commands.

`search` parses the fact resume, (re)uses its workspace index (rebuilt only when the resume
changed), and prints ranked evidence. With `--queries FILE` it runs one query per line in the
same process (models load once) and prints one JSON list of rankings.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from core.cli.output import emit_json, run_eval
from core.contracts import ParsedResume, Ranking
from core.errors import InputError
from core.settings import Settings, get_settings

TEXT_WIDTH = 110


def cmd_search(args: argparse.Namespace) -> int:
    from core.retrieval import EvidenceIndex, embedder_unavailable_reason, get_embedder
    from core.workspace import Workspace

    settings = get_settings()
    queries = _queries(args)
    resume = _parse_resume(Path(args.resume), settings)
    if not resume.cards:
        print("resumeforge: no evidence cards could be read from the resume", file=sys.stderr)
    workspace = Workspace.open(
        Path(args.workspace)
        if args.workspace
        else settings.workspaces_dir / f"cli-{resume.content_hash[:12]}"
    )
    retrieval = settings.retrieval
    # Loaded even for --mode bm25: the stored index keeps the vectors of the configured model.
    embedder = get_embedder(retrieval.embedding_model, cache_dir=settings.cache_dir)
    if embedder is None:
        reason = embedder_unavailable_reason(retrieval.embedding_model)
        print(f"resumeforge: {reason}; searching with BM25 only", file=sys.stderr)
    index = EvidenceIndex.open(
        retrieval.index_uri or str(workspace.index_dir), embedder=embedder, settings=retrieval
    )
    index.build(resume.cards, content_hash=resume.content_hash)
    for warning in index.warnings:
        print(f"resumeforge: {warning}", file=sys.stderr)
    rankings = [index.search(q, k=args.k, mode=args.mode) for q in queries]
    if args.queries:
        emit_json(rankings)
    elif args.json:
        emit_json(rankings[0])
    else:
        sys.stdout.write(format_ranking(rankings[0]))
    return 0


def _queries(args: argparse.Namespace) -> list[str]:
    if args.k < 1:
        raise InputError(f"--k must be at least 1 (got {args.k}).")
    if args.queries:
        if args.query:
            raise InputError("Give either a QUERY or --queries FILE, not both.")
        path = Path(args.queries)
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as err:
            raise InputError(f"--queries {path}: cannot read it ({err}).") from None
        queries = [line.strip() for line in lines if line.strip()]
        if not queries:
            raise InputError(
                f"--queries {path} has no queries (one per line, blank lines skipped)."
            )
        return queries
    if not args.query or not args.query.strip():
        raise InputError(
            'The search query is empty: give one, e.g. resumeforge search --resume R "CI/CD".'
        )
    return [args.query]


def _parse_resume(path: Path, settings: Settings) -> ParsedResume:
    from core.ingest import parse_resume

    if not path.is_file():
        raise InputError(f"--resume {path}: no such file.")
    try:
        data = path.read_bytes()
    except OSError as err:
        raise InputError(f"--resume {path}: cannot read it ({err.strerror or err}).") from None
    return parse_resume(data, path.name, settings=settings.ingest)


def format_ranking(ranking: Ranking) -> str:
    lines = [f"query: {ranking.query}", f"mode:  {ranking.mode}"]
    if ranking.note:
        lines.append(f"note:  {ranking.note}")
    if not ranking.results:
        lines.append("no evidence found")
    for rank, hit in enumerate(ranking.results, start=1):
        scores = "  ".join(f"{name} {value:.3f}" for name, value in hit.scores.items())
        where = " · ".join(x for x in (hit.role, hit.company, hit.timeframe) if x)
        text = " ".join(hit.text.split())
        if len(text) > TEXT_WIDTH:
            text = text[: TEXT_WIDTH - 1] + "…"
        lines.append(f"{rank:>2}. [{hit.card_id}] {scores}")
        if where:
            lines.append(f"    {where}")
        lines.append(f"    {text}")
    return "\n".join(lines) + "\n"


def cmd_eval_retrieval(args: argparse.Namespace) -> int:
    from core.evaluation.retrieval_eval import evaluate_cases, format_report
    from core.ingest import parse_resume
    from core.retrieval import embedder_unavailable_reason, get_embedder

    settings = get_settings()
    if args.k < 1:
        raise InputError(f"--k must be at least 1 (got {args.k}).")
    modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    if not modes:
        raise InputError("--modes is empty: give e.g. bm25,vector,hybrid.")
    retrieval = settings.retrieval

    def evaluate(cases: Path) -> Any:
        embedder = get_embedder(retrieval.embedding_model, cache_dir=settings.cache_dir)
        note = embedder_unavailable_reason(retrieval.embedding_model) or ""
        if embedder is None:
            print(f"resumeforge: {note}; vector and hybrid run as BM25", file=sys.stderr)
        return evaluate_cases(
            cases,
            modes=modes,
            k=args.k,
            settings=retrieval,
            embedder=embedder,
            parse=lambda data, name: parse_resume(data, name, settings=settings.ingest),
            embedder_note=note,
        )

    return run_eval(args, evaluate, format_report)
