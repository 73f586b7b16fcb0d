"""One whole tailoring run from files: the CLI's `run` and the seam for batch runs.

Same inputs → same run id → the saved Blackboard is picked up, so finished stages are reused and
an interrupted run resumes where it stopped.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from pydantic import TypeAdapter, ValidationError

from core import __version__
from core.contracts import Blackboard, GapAnswer
from core.contracts import PipelineState as S
from core.errors import InputError
from core.mapping.questions import apply_answers
from core.pipeline import Deps, advance, new_board, rewind_to
from core.pipeline.outputs import RunOutputs, export_run, load_exported_draft
from core.pipeline.store import inputs_hash, load_board
from core.settings import Settings
from core.workspace import Workspace


@dataclass
class RunRequest:
    resume_path: Path
    jd_path: Path
    title: str = ""
    answers_path: Path | None = None
    template: str | None = None
    out_dir: Path | None = None
    no_education: bool = False


@dataclass
class RunResult:
    board: Blackboard
    outputs: RunOutputs | None
    run_dir: Path


def load_answers(path: Path | None) -> list[GapAnswer]:
    """Answers file: a JSON list of {gap_id, answer, declined} or an object {gap_id: answer}.
    An answer of null or "" in the object form means "I don't have this"."""
    if path is None:
        return []
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise InputError(f"Cannot read the answers file {path}: {err}") from None
    if isinstance(data, dict):
        return [
            GapAnswer(gap_id=k, answer=v or "", declined=not (v or "").strip())
            for k, v in data.items()
        ]
    try:
        return TypeAdapter(list[GapAnswer]).validate_python(data)
    except ValidationError as err:
        raise InputError(
            f"The answers file {path} should be a list of {{gap_id, answer, declined}} "
            f"or an object {{gap_id: answer}} ({err.error_count()} problems)."
        ) from None


def default_out_dir(settings: Settings, title: str, run_id: str) -> Path:
    slug = re.sub(r"[^a-z0-9]+", "-", (title or "resume").lower()).strip("-")[:40] or "resume"
    return settings.home / "runs" / f"{slug}-{date.today().isoformat()}-{run_id[:6]}"


def tailor(request: RunRequest, *, settings: Settings, llm=None) -> RunResult:
    from core.ingest import parse_resume, read_path
    from core.retrieval import EvidenceIndex, get_embedder

    resume = parse_resume(
        request.resume_path.read_bytes(), request.resume_path.name, settings=settings.ingest
    )
    jd_text = read_path(request.jd_path, settings=settings.ingest).text
    answers = load_answers(request.answers_path)
    template = request.template or settings.default_template
    model = getattr(llm, "model", None) or "offline"
    workspace = Workspace.open(settings.workspaces_dir / f"cli-{resume.content_hash[:12]}")
    retrieval = settings.retrieval
    index = EvidenceIndex.open(
        retrieval.index_uri or str(workspace.index_dir),
        embedder=get_embedder(retrieval.embedding_model, cache_dir=settings.cache_dir),
        settings=retrieval,
    )
    index.build(resume.cards, content_hash=resume.content_hash)
    run_id = inputs_hash(
        __version__,
        resume.content_hash,
        jd_text,
        request.title,
        [a.model_dump() for a in answers],
        template,
        model,
        settings.max_pages,
        request.no_education,
    )[:16]
    run_dir = workspace.run_dir(run_id)
    board = load_board(run_dir) or new_board(
        resume=resume,
        jd_text=jd_text,
        target_title=request.title,
        max_pages=settings.max_pages,
        max_retries=settings.max_retries,
        template=template,
        no_education=request.no_education,
        run_id=run_id,
    )
    answer_cards = [c for c in board.evidence_cards if c.provenance.source == "user_answer"]
    if answer_cards:
        index.add_cards(answer_cards)  # a resumed run re-indexes its answers
    deps = Deps(index=index, settings=settings, llm=llm)
    if board.current_step not in (S.COMPLETE, S.FAILED):
        board = advance(board, deps, run_dir=run_dir, stop_after=S.EVIDENCE_MAPPING)
        if answers and not board.answers and board.current_step == S.EVIDENCE_MAPPING:
            _apply(board, answers, index)
            rewind_to(board, S.EVIDENCE_MAPPING)
            board = advance(board, deps, run_dir=run_dir, stop_after=S.EVIDENCE_MAPPING)
        if board.current_step == S.EVIDENCE_MAPPING:
            board = advance(board, deps, run_dir=run_dir)
    outputs = None
    if board.current_step == S.COMPLETE:
        out_dir = request.out_dir or default_out_dir(settings, request.title, run_id)
        previous = _latest_previous(out_dir)
        outputs = export_run(board, out_dir=out_dir, template=template, previous=previous)
    return RunResult(board=board, outputs=outputs, run_dir=run_dir)


def _apply(board: Blackboard, answers: list[GapAnswer], index) -> None:
    existing = {c.id for c in board.evidence_cards}
    gaps, cards = apply_answers(board.gap_resolutions, answers, existing_ids=existing)
    board.gap_resolutions = gaps
    board.answers = answers
    if cards:
        index.add_cards(cards)
        board.evidence_cards.extend(cards)


def _latest_previous(out_dir: Path):
    """The draft of the most recent other run beside `out_dir`, for diff_from_base.md."""
    parent = Path(out_dir).parent
    if not parent.is_dir():
        return None
    others = [p for p in parent.iterdir() if p.is_dir() and p != Path(out_dir)]
    others = [p for p in others if (p / "audit.json").exists()]
    if not others:
        return None
    latest = max(others, key=lambda p: (p / "audit.json").stat().st_mtime)
    return load_exported_draft(latest)
