"""`models` and `cache clear` commands."""

from __future__ import annotations

import argparse
from typing import Any

from core.cli.output import emit_json
from core.contracts import LLMStage
from core.settings import LLMSettings, Settings, get_settings

MODEL_CHECK_FAILED = 3  # exit status of `models --check` when the chosen mode does not work


def model_table(llm: LLMSettings) -> dict[str, Any]:
    """Effective model settings per stage with an estimated cost for a typical run."""
    from core.llm.accounting import estimate_stage_cost
    from core.llm.stages import STAGES

    rows = []
    total: float | None = 0.0
    for stage, spec in STAGES.items():
        effective = llm.for_stage(stage)
        override = llm.stages.get(stage)
        model = effective.model
        cost = estimate_stage_cost(model, stage) if model else None
        counted = spec.per_run and (stage != LLMStage.HYDE or llm.hyde)
        if model and counted:
            total = None if total is None or cost is None else total + cost
        tokens_in, tokens_out = spec.typical_tokens
        rows.append(
            {
                "stage": stage.value,
                "model": model,
                "overridden": bool(override and override.model_dump(exclude_none=True)),
                "mode": ("prompt_json" if stage == LLMStage.REPAIR else _mode(llm, model))
                if model
                else None,
                "temperature": 0.0 if stage == LLMStage.REPAIR else effective.temperature,
                "max_tokens": effective.max_tokens,
                "typical_tokens_in": tokens_in,
                "typical_tokens_out": tokens_out,
                "est_cost_usd": None if cost is None else round(cost, 6),
            }
        )
    return {
        "engine": "llm" if llm.model else "offline",
        "default_model": llm.model,
        "api_base": llm.api_base,
        "fallbacks": llm.fallbacks,
        "timeout_s": llm.timeout_s,
        "retries": llm.retries,
        "provider_retries": llm.provider_retries,
        "cache": llm.cache,
        "stages": rows,
        "est_total_usd": None if total is None or not llm.model else round(total, 6),
    }


def _mode(llm: LLMSettings, model: str) -> str:
    from core.llm.output_mode import choose_mode

    return choose_mode(model, setting=llm.mode, api_base=llm.api_base)


def cmd_models(args: argparse.Namespace) -> int:
    settings = get_settings()
    if getattr(args, "check", False):
        return cmd_models_check(args, settings)
    table = model_table(settings.llm)
    if args.json:
        emit_json(table)
        return 0
    _print_table(table, settings)
    return 0


def _print_table(table: dict[str, Any], settings: Settings) -> None:
    if table["engine"] == "offline":
        print(
            "engine: offline (no model configured; set RESUMEFORGE_LLM__MODEL, llm.model in "
            "resumeforge.toml, or pass --model to `run`)"
        )
        return
    print(f"engine: LLM · default model {table['default_model']}")
    if table["api_base"]:
        print(f"api base: {table['api_base']}")
    header = (
        f"{'stage':<16} {'model':<34} {'mode':<11} {'temp':>4} {'max_tok':>7} {'est. cost':>10}"
    )
    print(header)
    print("-" * len(header))
    for row in table["stages"]:
        model = row["model"] + (" *" if row["overridden"] else "")
        cost = "unknown" if row["est_cost_usd"] is None else f"${row['est_cost_usd']:.4f}"
        print(
            f"{row['stage']:<16} {model:<34} {row['mode']:<11} {row['temperature']:>4.1f} "
            f"{row['max_tokens']:>7} {cost:>10}"
        )
    total = table["est_total_usd"]
    print("* = per-stage override")
    print(f"fallbacks: {', '.join(table['fallbacks']) or 'none'}")
    print(
        f"timeout {table['timeout_s']:g}s · validation retries {table['retries']} · provider "
        f"retries {table['provider_retries']} · cache {'on' if table['cache'] else 'off'} "
        f"({settings.cache_dir / 'llm'})"
    )
    estimate = (
        "unknown (a model is not in litellm's price list)" if total is None else f"${total:.4f}"
    )
    print(f"estimated cost of a typical run (without repair calls): {estimate}")


def cmd_models_check(args: argparse.Namespace, settings: Settings) -> int:
    """Exit 0 when the mode runs will use works, 3 when it does not (the advice says why)."""
    from core.errors import InputError
    from core.llm.probe import probe_endpoint

    llm = settings.llm.model_copy(update={"model": args.model or settings.llm.model})
    if not llm.model:
        raise InputError("No model to check: pass --model or set llm.model.")
    report = probe_endpoint(llm, api_base=args.api_base)
    if args.json:
        emit_json(report.as_dict())
    else:
        print(f"checking {report.model} at {report.api_base or 'its provider'}")
        for r in report.results:
            mark = "chosen" if r.mode == report.chosen else ""
            verdict = "works" if r.ok else f"fails ({r.problem})"
            print(f"  {r.mode:<12} {verdict:<28} {r.seconds:>6.2f}s  {mark}")
        print(report.advice())
    return 0 if report.chosen_works else MODEL_CHECK_FAILED


def cmd_cache_clear(args: argparse.Namespace) -> int:
    from core.llm.cache import clear_caches

    settings = get_settings()
    counts = clear_caches(settings.cache_dir)
    print(
        f"cleared {counts['llm_responses']} cached LLM response(s) and "
        f"{counts['other_entries']} other cache folder(s) in {settings.cache_dir}"
    )
    return 0
