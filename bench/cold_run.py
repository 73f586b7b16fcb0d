"""Cold `resumeforge run` on every dev case against its 6 s target: `python -m bench.cold_run`.

Each run is a new process (`python -m core run`) with a fresh `RESUMEFORGE_HOME` and a fresh
output folder, so nothing is reused but what `make install` leaves in the user's cache (the ONNX
export of the bundled model and the vectors of the app's fixed texts). The cases are run in
turns (case 1..n, then again), so a noisy minute on the shared machine spreads over the cases
instead of sinking one. Wall time is what the user waits; user + system CPU of the child is
printed beside it because on a shared machine wall time also measures the other processes.

A second table measures the everyday case: a cold process for a new job ad against a fact resume
that was tailored before (its index and vectors are in `RESUMEFORGE_HOME`, as they are for a user
who keeps one fact resume). Each case's home is prepared once by a run of its resume with the
next case's job ad (not timed); every timed run gets a fresh copy of that home.
Writes the section of docs/BENCHMARKS.md headed `TITLE`.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from bench.markdown import write_section

REPEATS = 3
TARGET_S = 6.0
TITLE = "Cold run, every dev case"


@dataclass
class Case:
    path: Path
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    load: list[float] = field(default_factory=list)


def run_command(case: Path, jd: Path, out: Path) -> list[str]:
    """`resumeforge run` of `case`'s fact resume with the job ad `jd`, exporting to `out`."""
    resume = str(case / "fact_resume.md")
    return [
        sys.executable,
        "-m",
        "core",
        "run",
        "--resume",
        resume,
        "--jd",
        str(jd),
        "--out",
        str(out),
    ]


def run_once(case: Path, scratch: Path, *, home_from: Path | None = None) -> tuple[float, float]:
    """(wall s, child user + system CPU s) of one cold run of `case` with its own job ad, in a
    fresh home or a fresh copy of `home_from`."""
    home = Path(tempfile.mkdtemp(dir=scratch, prefix="home-"))
    if home_from is not None:
        shutil.copytree(home_from, home, dirs_exist_ok=True)
    out = Path(tempfile.mkdtemp(dir=scratch, prefix="out-")) / "out"
    command = run_command(case, case / "jd.txt", out)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        command,
        env={**os.environ, "RESUMEFORGE_HOME": str(home)},
        capture_output=True,
        text=True,
        check=False,
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{case.name}: run failed ({done.returncode}): {done.stderr[-500:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def known_resume_homes(cases: list[Path], scratch: Path) -> dict[Path, Path]:
    """Per case, a home where its fact resume was tailored before (to the next case's ad)."""
    homes: dict[Path, Path] = {}
    for i, case in enumerate(cases):
        other = cases[(i + 1) % len(cases)] / "jd.txt"
        home = Path(tempfile.mkdtemp(dir=scratch, prefix="known-"))
        env = {**os.environ, "RESUMEFORGE_HOME": str(home)}
        command = run_command(case, other, home / "first-out")
        subprocess.run(command, env=env, capture_output=True, check=True)
        homes[case] = home
    return homes


def measure(cases: list[Path], repeats: int = REPEATS, *, known: bool = False) -> list[Case]:
    rows = [Case(path) for path in cases]
    with tempfile.TemporaryDirectory(prefix="cold-run-") as tmp:
        homes = known_resume_homes(cases, Path(tmp)) if known else {}
        for _ in range(repeats):
            for row in rows:
                row.load.append(os.getloadavg()[0])
                wall, cpu = run_once(row.path, Path(tmp), home_from=homes.get(row.path))
                row.wall.append(wall)
                row.cpu.append(cpu)
                print(f"{row.path.name:45} {wall:6.2f} s wall {cpu:6.2f} s CPU", flush=True)
    return rows


def render(first: list[Case], known: list[Case], started: datetime) -> str:
    loads = [x for r in first + known for x in r.load]
    return "\n".join(
        [
            f"Command: `python -m bench.cold_run` ({started:%Y-%m-%d %H:%M} UTC, "
            f"{os.cpu_count()} cores, 1-minute load average {min(loads):.1f}–{max(loads):.1f} "
            f"before the runs). Each run a new process with a fresh output folder, after `make "
            f"install`; the cases in turns, {len(first[0].wall)} turn(s); median per case. On "
            "this shared machine the same code's CPU seconds vary by a third from one hour to "
            "the next (see 'Cold start' above), so the load is part of the number.",
            "",
            "**A resume seen for the first time** (a fresh `RESUMEFORGE_HOME`: the whole fact "
            "resume is embedded and indexed in this run):",
            "",
            *_table(first),
            "",
            "**A new job ad for a fact resume tailored before** (a fresh copy of a home where "
            "the resume was run once with another case's ad: its index and vectors are reused, "
            "the job ad, mapping, draft, audit and export are new):",
            "",
            *_table(known),
        ]
    )


def _table(rows: list[Case]) -> list[str]:
    medians = [statistics.median(r.wall) for r in rows]
    met = sum(1 for m in medians if m <= TARGET_S)
    lines = [
        "| case | wall s (runs) | median wall s | median CPU s (user + system) |",
        "|---|---|---:|---:|",
    ]
    for row, median in zip(rows, medians, strict=True):
        runs = ", ".join(f"{w:.2f}" for w in row.wall)
        cpu = statistics.median(row.cpu)
        lines.append(f"| {row.path.name} | {runs} | **{median:.2f}** | {cpu:.2f} |")
    lines += [
        "",
        f"Target ≤ {TARGET_S:g} s wall (median of {len(rows[0].wall)} fresh starts): met in "
        f"{met} of {len(rows)} cases; median of the medians {statistics.median(medians):.2f} s, "
        f"highest {max(medians):.2f} s.",
    ]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cases", default="../shared/eval/dev")
    parser.add_argument("--out", default="docs/BENCHMARKS.md")
    parser.add_argument("--repeats", type=int, default=REPEATS)
    args = parser.parse_args(argv)
    cases = sorted(p for p in Path(args.cases).iterdir() if (p / "labels.json").exists())
    started = datetime.now(UTC)
    first = measure(cases, args.repeats)
    known = measure(cases, args.repeats, known=True)
    write_section(Path(args.out), TITLE, render(first, known, started))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
