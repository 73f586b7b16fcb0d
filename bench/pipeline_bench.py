"""Offline `run` time per labelled case, models loaded: `python -m bench.pipeline_bench`.

Loads the embedding model and the libraries once, then times `tailor` (parse → JD analysis →
index → map → write → audit → DOCX + audit JSON) on every case, each in a fresh home so no stage
is reused: first with a cold embedding cache, then again (new home, warm embedding cache) to
show what an unchanged fact resume costs. Writes the "Pipeline" section of docs/BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from datetime import date
from pathlib import Path

from bench.markdown import write_section

REPEATS = 3


def time_case(case: Path, home: Path) -> float:
    from core.pipeline.runner import RunRequest, tailor
    from core.settings import Settings

    settings = Settings(home=home)
    started = time.perf_counter()
    result = tailor(
        RunRequest(
            resume_path=case / "fact_resume.md", jd_path=case / "jd.txt", out_dir=home / "out"
        ),
        settings=settings,
    )
    seconds = time.perf_counter() - started
    if result.outputs is None:
        raise SystemExit(f"{case.name}: run ended {result.board.current_step.value}")
    return seconds


def measure(cases: list[Path]) -> list[tuple[str, float, float]]:
    from core.retrieval import get_embedder
    from core.settings import Settings

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        shared_cache = Path(tmp) / "shared"
        warmup = Settings(home=shared_cache)
        get_embedder(warmup.retrieval.embedding_model, cache_dir=warmup.cache_dir)
        time_case(cases[0], Path(tmp) / "warmup")  # imports, lexicons, model
        for case in cases:
            cold = [time_case(case, Path(tmp) / f"cold-{case.name}-{n}") for n in range(REPEATS)]
            warm = []
            for n in range(REPEATS):
                home = Path(tmp) / f"warm-{case.name}-{n}"
                home.mkdir()
                (home / "cache").symlink_to(Path(tmp) / f"cold-{case.name}-0" / "cache")
                warm.append(time_case(case, home))
            rows.append((case.name, statistics.median(cold), statistics.median(warm)))
    return rows


def _load() -> str:
    return ", ".join(f"{x:.1f}" for x in os.getloadavg())


def render(rows: list[tuple[str, float, float]]) -> str:
    lines = [
        f"Machine: {os.cpu_count()} cores, load average {_load()} when it finished, "
        f"{date.today().isoformat()}. Command: `python -m bench.pipeline_bench` "
        f"(median of {REPEATS}; embedding model and libraries already loaded; each run in a "
        "fresh home, so nothing is reused but, in the second column, cached embeddings).",
        "",
        "| case | offline run, cold embeddings (s) | offline run, cached embeddings (s) |",
        "|---|---|---|",
    ]
    lines += [f"| {name} | {cold:.2f} | {warm:.2f} |" for name, cold, warm in rows]
    lines += [
        "",
        "Target: ≤ 5 s per case. Covers parse, JD analysis, index build, mapping, "
        "extractive writing, truth + ATS audit, DOCX render + round trip, and audit JSON.",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cases", default="../shared/eval/dev")
    parser.add_argument("--out", default="docs/BENCHMARKS.md")
    args = parser.parse_args(argv)
    cases = sorted(p for p in Path(args.cases).iterdir() if (p / "labels.json").exists())
    body = render(measure(cases))
    write_section(Path(args.out), "Pipeline", body)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
