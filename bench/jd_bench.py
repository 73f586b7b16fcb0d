"""`analyze` time per job ad, libraries and term data loaded: `python -m bench.jd_bench`.

Times `analyze_jd` on every dev and real job ad (after one warm-up call that loads the term
lists), median of a few runs each, and writes the "JD analysis" section of docs/BENCHMARKS.md.
Target: ≤ 0.5 s per ad.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from datetime import date
from pathlib import Path
from typing import Any

from bench.markdown import write_section

REPEATS = 5
TARGET_S = 0.5


def job_ads(dev: Path, real: Path) -> list[Path]:
    ads = sorted(dev.glob("*/jd.txt")) if dev.is_dir() else []
    return ads + (sorted((real / "jds").glob("*.txt")) if real.is_dir() else [])


def _median_time(text: str, embedder: Any) -> float:
    from core.jd import analyze_jd

    runs = []
    for _ in range(REPEATS):
        started = time.perf_counter()
        analyze_jd(text, embedder=embedder)
        runs.append(time.perf_counter() - started)
    return statistics.median(runs)


def measure(ads: list[Path], embedder: Any) -> list[tuple[str, int, float, float]]:
    """(name, characters, median seconds without / with the embedder) per ad."""
    from core.ingest import read_path
    from core.jd import analyze_jd

    texts = [(ad, read_path(ad).text) for ad in ads]
    analyze_jd(texts[0][1], embedder=embedder)  # loads term lists and model once, as an app has
    rows = []
    for ad, text in texts:
        name = ad.parent.name if ad.name == "jd.txt" else ad.stem
        plain = _median_time(text, None)
        rows.append((name, len(text), plain, _median_time(text, embedder) if embedder else plain))
    return rows


def render(rows: list[tuple[str, int, float, float]]) -> str:
    worst = max(max(plain, meaning) for _, _, plain, meaning in rows)
    lines = [
        f"Machine: {os.cpu_count()} cores, load average "
        f"{', '.join(f'{x:.1f}' for x in os.getloadavg())}, {date.today().isoformat()}. "
        f"Command: `python -m bench.jd_bench` (median of {REPEATS} per ad; term data and "
        "embedding model loaded).",
        "",
        "| job ad | characters | analyze (ms) | with embedding section roles (ms) |",
        "|---|---|---|---|",
    ]
    lines += [
        f"| {name} | {chars:,} | {plain * 1000:.0f} | {meaning * 1000:.0f} |"
        for name, chars, plain, meaning in rows
    ]
    verdict = "met" if worst <= TARGET_S else "NOT met"
    target = f"target ≤ {TARGET_S * 1000:.0f} ms: {verdict}"
    lines += ["", f"Slowest ad {worst * 1000:.0f} ms; {target}."]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dev", default="../shared/eval/dev")
    parser.add_argument("--real", default="../shared/eval/real")
    parser.add_argument("--out", default="docs/BENCHMARKS.md")
    args = parser.parse_args(argv)
    from core.retrieval.embedder import get_embedder
    from core.settings import get_settings

    embedder = get_embedder(get_settings().retrieval.embedding_model)
    body = render(measure(job_ads(Path(args.dev), Path(args.real)), embedder))
    write_section(Path(args.out), "JD analysis", body)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
