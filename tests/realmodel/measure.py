"""Measure the LLM engine with the real small model on labelled dev cases (docs/eval-notes/llm.md).

    python -m tests.realmodel.measure --cases ../shared/eval/dev --case dev-03-ux-researcher \
        --case dev-10-store-to-district-manager
    python -m tests.realmodel.measure --model qwen0.5b --cases ../shared/eval/dev \
        --case dev-03-ux-researcher        # Qwen2.5-Coder-0.5B (requirements-qwen.txt)

    python -m tests.realmodel.measure --cases ../shared/eval/dev --case dev-03-ux-researcher \
        --audit RUN_FOLDER/audit.json        # summarise a finished run (e.g. the tier's test)

Starts llama.cpp's server (tests/realmodel/server.py) with the chosen pinned model
(tests/realmodel/models.py; SmolLM2-135M unless `--model qwen0.5b`), runs the whole pipeline per
case with the tier's small budget (tests/realmodel/conftest.py: `small_budget`), and prints, per
case and split (core/evaluation/splits.py): per stage how many
calls validated first time (ok), after cleaning (coerced) or the one repair (repaired), or fell
back (fallback / error); prompt and completion tokens; seconds; the lines the truth gate dropped;
invented numbers in the output; the final state.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from collections import Counter
from pathlib import Path

from core.contracts import Blackboard
from core.evaluation.produced import invented_numbers, produced_lines
from core.evaluation.splits import split_of
from core.llm.client import make_llm
from core.pipeline.run_report import engine_label
from core.pipeline.runner import RunRequest, tailor
from core.settings import Settings
from tests.realmodel.conftest import small_budget
from tests.realmodel.models import MODELS, PinnedModel, chosen
from tests.realmodel.server import llama_server

OUTCOMES = ("ok", "coerced", "repaired", "fallback", "error")


def measure_case(case: Path, api_base: str, home: Path, model: PinnedModel) -> dict:
    settings = Settings(home=home, max_retries=1, llm=small_budget(api_base, model.served_as))
    llm = make_llm(settings.llm, api_key="sk-local-llama-cpp-no-key")
    started = time.perf_counter()
    request = RunRequest(resume_path=case / "fact_resume.md", jd_path=case / "jd.txt")
    board = tailor(request, settings=settings, llm=llm).board
    return summarise(case.name, board, time.perf_counter() - started, case)


def summarise(name: str, board: Blackboard, seconds: float, case: Path) -> dict:
    stages: dict[str, Counter] = {}
    for record in board.llm_calls:
        stages.setdefault(record.stage, Counter())[str(record.outcome)] += 1
    draft = board.resume_draft
    fact_text = (case / "fact_resume.md").read_text(encoding="utf-8")
    return {
        "case": name,
        "split": split_of(name),
        "state": str(board.current_step),
        "engine": engine_label(board),
        "seconds": round(seconds, 1),
        "prompt_tokens": sum(r.prompt_tokens for r in board.llm_calls),
        "completion_tokens": sum(r.completion_tokens for r in board.llm_calls),
        "stages": {s: dict(c) for s, c in stages.items()},
        "dropped_lines": len(draft.dropped) if draft else 0,
        "invented_numbers": len(invented_numbers(produced_lines(board), fact_text)),
    }


def format_rows(rows: list[dict]) -> str:
    out = []
    for split in ("tuning", "held-back"):
        chosen = [r for r in rows if r["split"] == split]
        if not chosen:
            continue
        out.append(f"\n{split}:")
        for r in chosen:
            out.append(
                f"  {r['case']}: {r['state']} · {r['engine']} · {r['seconds']}s · tokens "
                f"{r['prompt_tokens']} in / {r['completion_tokens']} out · truth gate dropped "
                f"{r['dropped_lines']} line(s) · invented numbers {r['invented_numbers']}"
            )
            for stage, counts in sorted(r["stages"].items()):
                cells = " ".join(f"{o}={counts.get(o, 0)}" for o in OUTCOMES if counts.get(o))
                out.append(f"    {stage:<16} {cells}")
    return "\n".join(out) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cases", type=Path, required=True)
    parser.add_argument("--case", action="append", required=True, help="case folder name")
    parser.add_argument("--model", choices=sorted(MODELS), help="default: smollm2")
    parser.add_argument("--audit", type=Path, help="summarise this run's audit.json instead")
    parser.add_argument("--server-log", type=Path, help="keep the server's log here")
    args = parser.parse_args()
    if args.audit:
        saved = json.loads(args.audit.read_text(encoding="utf-8"))
        board = Blackboard.model_validate(saved["blackboard"])
        seconds = sum(e.seconds for e in board.events)
        print(format_rows([summarise(args.case[0], board, seconds, args.cases / args.case[0])]))
        return
    os.environ.setdefault("OPENAI_API_KEY", "sk-local-llama-cpp-no-key")
    model = chosen(args.model)
    print(f"model: {model.describe()}", flush=True)
    rows = []
    with (
        tempfile.TemporaryDirectory() as tmp,
        llama_server(args.server_log or Path(tmp) / "server.log", model=model) as api_base,
    ):
        for name in args.case:
            rows.append(measure_case(args.cases / name, api_base, Path(tmp) / "home", model))
            print(format_rows(rows[-1:]), flush=True)
    print("summary:" + format_rows(rows))


if __name__ == "__main__":
    main()
