"""Line reader speed: label a two-page resume's lines with the shipped model (median of runs).

    python -m bench.line_reader_bench [--runs 50]

Prints model load time, the median and 90th percentile of `label_lines` on the bundled sample
resume twice over (about two pages, read back through `core.ingest.read_path`), its CPU time
(which the shared machine's load does not inflate) and the load average. Target: <= 100 ms per
two-page resume for the model part.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from core.reader.lines import Line


def two_page_lines() -> list[Line]:
    """The sample resume twice over (about two pages) as plain-text lines."""
    from core.resources import package_dir

    text = (package_dir("data") / "samples" / "sample_resume.md").read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "resume.md"
        path.write_text(text + "\n\n" + text, encoding="utf-8")
        from core.ingest import read_path

        extracted = read_path(path)
    return [Line(text=t, source="markdown") for t in extracted.text.splitlines()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50)
    args = parser.parse_args(argv)
    from core.reader.model import label_lines, load_tagger

    started = time.perf_counter()
    load_tagger()
    load_ms = (time.perf_counter() - started) * 1000
    lines = two_page_lines()
    label_lines(lines)  # first call builds the feature vocabularies
    times, cpu = [], []
    for _ in range(args.runs):
        started, started_cpu = time.perf_counter(), time.process_time()
        label_lines(lines)
        times.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - started_cpu) * 1000)
    times.sort()
    p90 = times[int(len(times) * 0.9) - 1]
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(
        f"line reader: {len(lines)} lines, model load {load_ms:.0f} ms, label_lines median "
        f"{statistics.median(times):.1f} ms, p90 {p90:.1f} ms, CPU median "
        f"{statistics.median(cpu):.1f} ms ({args.runs} runs, load {load})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
