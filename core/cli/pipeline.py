"""`run`, `diff` and `eval pipeline` commands."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from core.cli.output import run_eval
from core.contracts import NO_NAME, NO_WAY_TO_REACH, PipelineState
from core.errors import InputError, MissingContactError
from core.settings import get_settings

MODEL_CALLS_FAILED = 3  # exit status: the run completed, but not (only) with the model


def _llm_for(args: argparse.Namespace, settings):
    """The model client when --model (or RESUMEFORGE_LLM__MODEL) is set; keys come from the
    provider's own environment variable and stay in memory."""
    if args.model:
        settings = settings.model_copy(
            update={"llm": settings.llm.model_copy(update={"model": args.model})}
        )
    if not settings.llm.model:
        return None
    from core.llm.cache import ResponseCache, default_cache_dir
    from core.llm.client import make_llm

    llm_settings = settings.llm
    cache = ResponseCache(default_cache_dir(settings.cache_dir)) if llm_settings.cache else None
    return make_llm(llm_settings, api_base=args.api_base, cache=cache)


def cmd_run(args: argparse.Namespace) -> int:
    """Run (or resume: same inputs, same saved run) the pipeline and export the results.

    Exit 0 COMPLETE; 3 COMPLETE but model calls failed (those stages used the offline engine;
    the run is not reused: run again to ask the model again); 1 FAILED; 2 bad input."""
    from core.pipeline.run_report import failed_model_calls, failure_causes
    from core.pipeline.runner import RunRequest, tailor

    settings = get_settings()
    for name in ("resume", "jd"):
        if not Path(getattr(args, name)).is_file():
            raise InputError(f"--{name} {getattr(args, name)}: no such file")
    request = RunRequest(
        resume_path=Path(args.resume),
        jd_path=Path(args.jd),
        title=args.title,
        answers_path=Path(args.answers) if args.answers else None,
        structure_path=Path(args.structure) if args.structure else None,
        template=args.template,
        out_dir=Path(args.out) if args.out else None,
        no_education=args.no_education,
        date_style=args.date_style,
        name=args.name,
        email=args.email,
        phone=args.phone,
    )
    llm = _llm_for(args, settings)
    try:
        result = tailor(request, settings=settings, llm=llm)
    except MissingContactError as err:
        if not sys.stdin.isatty():
            raise
        _ask_for_contact(request, err)  # a person at a terminal: ask, then go on
        result = tailor(request, settings=settings, llm=llm)
    _print_resume_warnings(result.board, no_education=args.no_education)
    failed = result.board.current_step != PipelineState.COMPLETE or result.outputs is None
    if result.board.jd is not None and not (failed and _failed_at_jd(result)):
        from core.cli.jd import print_reading_warnings

        # A run that stopped at JD_ANALYSIS already names why (no requirements) in its reasons.
        print_reading_warnings(result.board.jd)
    if failed or result.outputs is None:
        _print_failure(result)
        return 1
    _print_summary(result.board, result.outputs.out_dir)
    _print_diff_base(result.diff_base)
    if calls := failed_model_calls(result.board):
        print(
            f"resumeforge: {len(calls)} model call(s) gave no usable answer "
            f"({failure_causes(calls)}); those stages used the offline engine. The run is not "
            "reused: run the same command again to ask the model again.",
            file=sys.stderr,
        )
        return MODEL_CALLS_FAILED
    return 0


def _ask_for_contact(request, err: MissingContactError) -> None:
    """Ask for exactly what the resume lacks (a name; an e-mail or phone), nothing it states."""
    print(f"resumeforge: {err}", file=sys.stderr)
    asked: dict[str, str] = {}
    if NO_NAME in err.missing:
        asked["name"] = input("Your name: ").strip()
    if NO_WAY_TO_REACH in err.missing:
        asked["email"] = input("Your e-mail: ").strip()
        if not asked["email"]:
            asked.pop("email")
            asked["phone"] = input("Your phone: ").strip()
    for key, value in asked.items():  # checked like the flags when the run reads them
        setattr(request, key, value)


def _print_resume_warnings(board, *, no_education: bool) -> None:
    """What the reading could not do (a structure line not in the resume, an unreadable part)
    and what the tailored resume will lack (education, a role's dates): said, never a stop."""
    from core.ingest.completeness import advisories

    resume = board.resume
    notes = [*(resume.warnings if resume else []), *advisories(resume, no_education=no_education)]
    for note in dict.fromkeys(notes):
        print(f"resumeforge: warning: {note}", file=sys.stderr)


def _failed_at_jd(result) -> bool:
    from core.pipeline.run_report import failed_state

    return failed_state(result.board) == PipelineState.JD_ANALYSIS


def _print_failure(result) -> None:
    from core.pipeline.run_report import failed_state, failure_reasons

    state = failed_state(result.board)
    print(f"FAILED at {state.value if state else 'the start'}:", file=sys.stderr)
    for reason in failure_reasons(result.board):
        print(f"  - {reason}", file=sys.stderr)
    print(f"run state saved in {result.run_dir}", file=sys.stderr)


def _print_diff_base(base: Path | None) -> None:
    if base is None:
        print("diff_from_base.md: first run of this resume for this job (nothing to compare)")
    else:
        print(f"diff_from_base.md: changes since {base}")


def _print_summary(board, out_dir: Path) -> None:
    from core.pipeline.run_report import engine_label

    draft = board.resume_draft
    stats = _exported_stats(out_dir)
    lines = stats.get("lines", len(draft.live_bullets()) if draft else 0)
    ats = board.ats_report
    print(f"COMPLETE — {lines} lines, every one cited; engine: {engine_label(board)}")
    if ats is not None:
        print(
            f"must-have coverage {ats.must_have_coverage:.0f}% · "
            f"keyword coverage {ats.keyword_coverage_score:.0f}% (ATS keywords only)"
        )
    if draft and draft.dropped:
        print(f"{len(draft.dropped)} line(s) dropped by the audit (listed in audit.json)")
    if stats.get("page_fit_dropped"):
        fitted = stats["page_fit_dropped"]
        print(f"{fitted} line(s) left out by page fit (listed in audit.json's document)")
    open_gaps = [
        g for g in board.gap_resolutions if g.answer_status == "open" and g.strategy == "ask_user"
    ]
    if open_gaps:
        print(f"{len(open_gaps)} question(s) about gaps — answer them with --answers FILE:")
        for gap in open_gaps:
            kind = f"{gap.gap_type.value}, {gap.priority.value}"
            print(f"  {gap.gap_id} [{kind}] {gap.requirement_text}")
    print(f"outputs in {out_dir}")


def _exported_stats(out_dir: Path) -> dict:
    """run_stats of the exported audit.json: the document's own counts (page fit applied)."""
    try:
        return json.loads((Path(out_dir) / "audit.json").read_text(encoding="utf-8"))["run_stats"]
    except (OSError, ValueError, KeyError):
        return {}


def cmd_diff(args: argparse.Namespace) -> int:
    from core.render import diff_drafts

    old, new = (_run_draft(Path(run)) for run in (args.run_a, args.run_b))
    sys.stdout.write(diff_drafts(old, new))
    return 0


def _run_draft(run: Path):
    """The draft saved in a run folder, or an InputError that says what is wrong with it."""
    from core.pipeline.outputs import load_exported_draft

    if not run.is_dir():
        raise InputError(f"{run}: no such run folder")
    try:
        draft = load_exported_draft(run)
    except (OSError, ValueError) as err:
        raise InputError(f"{run}/audit.json cannot be read ({type(err).__name__})") from None
    if draft is None:
        raise InputError(f"{run} is not a run folder (no audit.json with a draft in it)")
    return draft


def cmd_eval_pipeline(args: argparse.Namespace) -> int:
    from core.evaluation.pipeline_eval import evaluate_cases, format_table
    from core.evaluation.pipeline_real import evaluate_real_exports, format_real_exports

    if (Path(args.cases) / "pairs.json").is_file():  # eval/real: the exported files' checks
        return run_eval(args, evaluate_real_exports, format_real_exports)
    return run_eval(
        args, lambda cases: evaluate_cases(cases, settings=get_settings()), format_table
    )


def cmd_eval_audit(args: argparse.Namespace) -> int:
    from core.evaluation.audit_eval import evaluate_audit_probes, format_probe_report
    from core.evaluation.audit_real import evaluate_real_pairs, format_real_report

    if (Path(args.cases) / "pairs.json").is_file():  # eval/real: false alarms on real pairs
        return run_eval(args, evaluate_real_pairs, format_real_report)
    return run_eval(args, evaluate_audit_probes, format_probe_report)
