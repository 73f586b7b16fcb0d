"""Measure the model's reading of the resume's structure against the offline reader, with the real
small model, on labelled dev cases (docs/eval-notes/llm.md).

    OMP_WAIT_POLICY=PASSIVE python -m tests.realmodel.measure_structure --cases ../shared/eval/dev \
        --case dev-03-ux-researcher --case dev-06-restaurant-to-hotel-operations

Per case: the offline parse and the parse with the model's structure applied
(core/pipeline/structure_reader.py), each scored with the project's matcher
(`core.evaluation.resume_eval.score_dev_case`) plus the labelled titles found as an entry's
title; where the two readings differ, the labelled items one found and the other did not.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from core.contracts import ParsedResume
from core.evaluation.resume_eval import score_dev_case
from core.evaluation.resume_match import compact, text_matches
from core.evaluation.splits import split_of
from core.ingest import parse_resume
from core.llm.client import make_llm
from core.pipeline.structure_reader import read_structure
from core.settings import IngestSettings
from tests.realmodel.conftest import small_budget
from tests.realmodel.models import MODELS, chosen
from tests.realmodel.server import llama_server

FIGURES = ("titles_on_entry", "employers_on_entry", "date_ranges_on_entry", "quotes_in_one_card")


def score(parsed: ParsedResume, case: Path) -> dict[str, Any]:
    import json

    facts = json.loads((case / "labels.json").read_text(encoding="utf-8"))["resume_facts"]
    entries = parsed.roles + parsed.education
    titles = facts.get("titles", [])
    found = [
        t
        for t in titles
        if any(text_matches(t, e.title) or compact(t) == compact(e.title) for e in entries)
    ]
    row = score_dev_case(parsed, case)
    row.update(
        titles=len(titles),
        titles_on_entry=len(found),
        lost_titles=[t for t in titles if t not in found],
        education_parsed=len(parsed.education),
    )
    return row


def measure_case(case: Path, llm) -> dict[str, Any]:
    text = (case / "fact_resume.md").read_text(encoding="utf-8")
    offline = parse_resume(text.encode("utf-8"), "fact_resume.md", settings=IngestSettings())
    before = len(llm.records)
    started = time.perf_counter()
    with_model = read_structure(offline, text, llm=llm)
    seconds = time.perf_counter() - started
    records = llm.records[before:]
    note = next((w for w in with_model.warnings if w.startswith("Structure read")), "")
    return {
        "case": case.name,
        "split": split_of(case),
        "seconds": round(seconds, 1),
        "outcome": ", ".join(
            f"{r.outcome}{' ' + r.error_code if r.error_code else ''}" for r in records
        ),
        "tokens": (
            sum(r.prompt_tokens for r in records),
            sum(r.completion_tokens for r in records),
        ),
        "note": note,
        "offline": score(offline, case),
        "model": score(with_model, case),
    }


def format_row(row: dict[str, Any]) -> str:
    off, mod = row["offline"], row["model"]
    lines = [
        f"{row['case']} ({row['split']}): {row['seconds']} s, tokens {row['tokens'][0]} in / "
        f"{row['tokens'][1]} out, call {row['outcome'] or '-'}",
        f"  {row['note']}",
        f"  roles parsed {off['roles_parsed']} -> {mod['roles_parsed']}, education "
        f"{off['education_parsed']} -> {mod['education_parsed']}",
    ]
    for name in FIGURES:
        total = {
            "titles_on_entry": "titles",
            "employers_on_entry": "employers",
            "date_ranges_on_entry": "date_ranges",
            "quotes_in_one_card": "quotes",
        }[name]
        lines.append(
            f"  {name:<22} offline {off[name]}/{off[total]}  model {mod[name]}/{mod[total]}"
        )
    for lost in ("lost_titles", "off_entry", "missed_quotes"):
        only_offline = [x for x in mod[lost] if x not in off[lost]]
        only_model = [x for x in off[lost] if x not in mod[lost]]
        if only_offline or only_model:
            lines.append(
                f"  {lost}: right only offline {only_offline}; right only model {only_model}"
            )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cases", type=Path, required=True)
    parser.add_argument("--case", action="append", required=True, help="case folder name")
    parser.add_argument("--model", choices=sorted(MODELS), help="default: smollm2")
    parser.add_argument("--server-log", type=Path, help="keep the server's log here")
    parser.add_argument("--max-tokens", type=int, default=768, help="the tier's budget: 768")
    args = parser.parse_args()
    os.environ.setdefault("OPENAI_API_KEY", "sk-local-llama-cpp-no-key")
    model = chosen(args.model)
    print(f"model: {model.describe()}", flush=True)
    with (
        tempfile.TemporaryDirectory() as tmp,
        llama_server(args.server_log or Path(tmp) / "server.log", model=model) as api_base,
    ):
        llm = make_llm(
            small_budget(api_base, model.served_as, max_tokens=args.max_tokens),
            api_key="sk-local-no-key",
        )
        for name in args.case:
            print(format_row(measure_case(args.cases / name, llm)), flush=True)


if __name__ == "__main__":
    main()
