"""One whole tailoring run from files: the CLI's `run` and the seam for batch runs.

Same inputs → same run id → the saved Blackboard is picked up, so finished stages are reused and
an interrupted run resumes where it stopped (so `run` needs no separate "resume" option). A saved
run whose model calls failed (401, timeout, no connection…) is not finished: with a model, the
same inputs run again from the start and ask the model again.

`diff_from_base.md` compares with the newest earlier run beside the output folder that was made
from the same fact resume (content hash) for the same job (JD text); without one it is a first
run.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from pydantic import TypeAdapter, ValidationError

from core import __version__
from core.contracts import Blackboard, CallOutcome, GapAnswer, LLMCallRecord, ParsedResume
from core.contracts import PipelineState as S
from core.errors import InputError
from core.pipeline.machine import TERMINAL
from core.pipeline.outputs import RunOutputs, export_run, load_exported_draft
from core.pipeline.run import Run
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
    date_style: str | None = None  # core/render/dates.py; None: "Mar 2021 – Present"
    name: str = ""  # contact details the user supplies (the file lacks or misreads them)
    email: str = ""
    phone: str = ""


@dataclass
class RunResult:
    board: Blackboard
    outputs: RunOutputs | None
    run_dir: Path
    diff_base: Path | None = None  # the earlier run diff_from_base.md compares with, if any


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
    from core.ingest.completeness import check_complete, with_contact
    from core.jd import jd_file_settings
    from core.retrieval import get_embedder

    embedder = get_embedder(settings.retrieval.embedding_model, cache_dir=settings.cache_dir)
    resume = parse_resume(
        request.resume_path.read_bytes(),
        request.resume_path.name,
        settings=settings.ingest,
        embedder=embedder,  # unknown headings read by meaning (None: the synonym table alone)
    )
    resume = with_contact(resume, name=request.name, email=request.email, phone=request.phone)
    check_complete(resume, no_education=request.no_education)  # before any slow work
    jd_text = read_path(request.jd_path, settings=jd_file_settings(settings.ingest)).text
    answers = load_answers(request.answers_path)
    template = request.template or settings.default_template
    model = getattr(llm, "model", None) or "offline"
    workspace = Workspace.open(settings.workspaces_dir / f"cli-{resume.content_hash[:12]}")
    index = _open_index(resume, workspace, settings)
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
        resume.contact.model_dump_json(),
    )[:16]
    run_dir = workspace.run_dir(run_id)
    saved = load_board(run_dir)
    if saved is not None and llm is not None and failed_model_calls(saved):
        saved = None  # its model calls failed: not finished, ask the model again
    if saved is not None:
        run = Run(saved, settings=settings, index=index, llm=llm, run_dir=run_dir)
        run.reindex_answers()  # a resumed run's answers are searchable again
    else:
        run = Run.start(
            resume,
            jd_text,
            settings=settings,
            index=index,
            llm=llm,
            run_dir=run_dir,
            run_id=run_id,
            target_title=request.title,
            template=template,
            no_education=request.no_education,
        )
    board = run.to_the_end(answers)
    result = RunResult(board=board, outputs=None, run_dir=run_dir)
    if board.current_step == S.COMPLETE:
        out_dir = request.out_dir or default_out_dir(settings, request.title, run_id)
        result.diff_base = previous_run(out_dir, board)
        previous = load_exported_draft(result.diff_base) if result.diff_base else None
        result.outputs = export_run(
            board,
            out_dir=out_dir,
            template=template,
            previous=previous,
            date_style=request.date_style,
        )
    return result


def _open_index(resume: ParsedResume, workspace: Workspace, settings: Settings):
    from core.retrieval import EvidenceIndex, get_embedder

    retrieval = settings.retrieval
    index = EvidenceIndex.open(
        retrieval.index_uri or str(workspace.index_dir),
        embedder=get_embedder(retrieval.embedding_model, cache_dir=settings.cache_dir),
        settings=retrieval,
    )
    index.build(resume.cards, content_hash=resume.content_hash)
    return index


def failed_model_calls(board: Blackboard) -> list[LLMCallRecord]:
    """The model calls of this run that got no answer (the stage used its offline result)."""
    return [r for r in board.llm_calls if r.outcome == CallOutcome.ERROR]


def engine_label(board: Blackboard) -> str:
    """What really ran: the model, "offline (model calls failed: 401)" when no model call
    answered, or "<model>, partly offline (model calls failed: timeout)"."""
    failed = failed_model_calls(board)
    if not failed:
        return board.engine
    why = f"model calls failed: {', '.join(sorted({r.error_code or 'error' for r in failed}))}"
    answered = [r for r in board.llm_calls if r.outcome != CallOutcome.ERROR]
    return f"{board.engine}, partly offline ({why})" if answered else f"offline ({why})"


def failed_state(board: Blackboard) -> S | None:
    """The state a FAILED run stopped in: the last non-terminal state it ran (None if none)."""
    ran = [e.state for e in board.events if e.detail != "rewind" and e.state not in TERMINAL]
    return ran[-1] if ran else None


def failure_reasons(board: Blackboard, limit: int = 5) -> list[str]:
    """Why a run failed: the recorded reasons, else the audit's blocking findings."""
    if board.failure_reasons:
        return list(board.failure_reasons)
    blockers = board.audit_report.blockers() if board.audit_report else []
    if not blockers:
        return ["the audit did not pass"]
    reasons = [f"{v.bullet_id}: {v.violation}" for v in blockers[:limit]]
    if len(blockers) > limit:
        reasons.append(f"… and {len(blockers) - limit} more blocking finding(s)")
    retries = f"after {board.retry_count} revision(s)"
    return [f"the audit still found {len(blockers)} blocking problem(s) {retries}", *reasons]


def previous_run(out_dir: Path, board: Blackboard) -> Path | None:
    """The newest other run folder beside `out_dir` made from the same fact resume (same content
    hash) for the same job (same JD text); None when this is the first run of that job."""
    here = Path(out_dir).resolve()
    parent = here.parent
    if not parent.is_dir():
        return None
    same = [p for p in parent.iterdir() if p.is_dir() and p.resolve() != here]
    same = [p for p in same if _same_resume_and_job(p, board)]
    return max(same, key=lambda p: (p / "audit.json").stat().st_mtime, default=None)


def _same_resume_and_job(run: Path, board: Blackboard) -> bool:
    """Was the run saved in `run` (its audit.json) made from the same fact resume and JD?"""
    try:
        saved = json.loads((run / "audit.json").read_text(encoding="utf-8"))["blackboard"]
        resume_hash = saved["resume"]["content_hash"]
        jd_text = saved["inputs"]["job_description"]
    except (OSError, ValueError, KeyError, TypeError):
        return False  # not a run folder, or one this version cannot read
    current_hash = board.resume.content_hash if board.resume else None
    return resume_hash == current_hash and jd_text == board.inputs.job_description
