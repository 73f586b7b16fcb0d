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

from core.contracts import Blackboard, GapAnswer, ParsedResume
from core.contracts import PipelineState as S
from core.errors import InputError
from core.pipeline.outputs import RunOutputs, export_run, load_exported_draft
from core.pipeline.run import Run, model_time_budget
from core.pipeline.run_report import failed_model_calls, previous_run
from core.pipeline.store import code_fingerprint, inputs_hash, load_board
from core.settings import Settings
from core.workspace import Workspace


@dataclass
class RunRequest:
    resume_path: Path
    jd_path: Path
    title: str = ""
    answers_path: Path | None = None
    structure_path: Path | None = None  # the user's corrected structure (core/ingest/structure.py)
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


def _with_structure(resume: ParsedResume, path: Path) -> ParsedResume:
    """The parse with the user's corrected structure applied; what could not be applied is
    added to the parse's warnings (printed by the CLI)."""
    from core.ingest.structure import ResumeStructure, apply_structure

    try:
        structure = ResumeStructure.model_validate_json(Path(path).read_bytes())
    except OSError as err:
        raise InputError(f"Cannot read the structure file {path}: {err.strerror}") from None
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "the file"
        raise InputError(
            f"The structure file {path} is not a structure from `resumeforge parse --structure` "
            f"({err.error_count()} problem(s); first at {where}: {first['msg']})."
        ) from None
    return apply_structure(resume, structure)


def default_out_dir(settings: Settings, title: str, run_id: str) -> Path:
    slug = re.sub(r"[^a-z0-9]+", "-", (title or "resume").lower()).strip("-")[:40] or "resume"
    return settings.home / "runs" / f"{slug}-{date.today().isoformat()}-{run_id[:6]}"


def read_resume(
    request: RunRequest, *, settings: Settings, embedder=None, llm=None
) -> ParsedResume:
    """The fact resume as parsed; its structure from the user's structure file when one is
    given, else from the model when there is one (checked against the resume), else offline."""
    from core.pipeline.structure_reader import parse_resume_with_model

    resume = parse_resume_with_model(
        request.resume_path.read_bytes(),
        request.resume_path.name,
        settings=settings.ingest,
        embedder=embedder,  # unknown headings read by meaning (None: the synonym table alone)
        llm=llm if request.structure_path is None else None,  # the user's structure wins
    )
    if request.structure_path is not None:
        resume = _with_structure(resume, request.structure_path)
    return resume


def tailor(request: RunRequest, *, settings: Settings, llm=None) -> RunResult:
    """One whole run; its model calls, the reading of the resume's structure included, share
    one time budget (`llm.run_budget_s`)."""
    with model_time_budget(llm):
        return _tailor(request, settings=settings, llm=llm)


def _tailor(request: RunRequest, *, settings: Settings, llm=None) -> RunResult:
    from core.ingest import read_path
    from core.ingest.completeness import check_complete, with_contact
    from core.jd import jd_file_settings
    from core.jd.warm_up import warm_up
    from core.retrieval import get_embedder
    from core.retrieval.index import embed_ahead

    embedder = get_embedder(settings.retrieval.embedding_model, cache_dir=settings.cache_dir)
    calls_before = len(llm.records) if llm is not None else 0
    resume = read_resume(request, settings=settings, embedder=embedder, llm=llm)
    reading_calls = llm.records[calls_before:] if llm is not None else []
    resume = with_contact(resume, name=request.name, email=request.email, phone=request.phone)
    check_complete(resume, no_education=request.no_education)  # before any slow work
    jd_text = read_path(request.jd_path, settings=jd_file_settings(settings.ingest)).text
    answers = load_answers(request.answers_path)
    template = request.template or settings.default_template
    model = getattr(llm, "model", None) or "offline"
    embed_ahead(embedder, resume.cards)  # on the other core while LanceDB imports
    workspace = Workspace.open(settings.workspaces_dir / f"cli-{resume.content_hash[:12]}")
    index = _open_index(resume, workspace, settings)
    warm_up(embedder)  # the JD stage's reference vectors, on the other core meanwhile
    run_id = inputs_hash(
        code_fingerprint(),  # the code that makes the run (store.code_fingerprint)
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
            llm_calls=reading_calls,
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
