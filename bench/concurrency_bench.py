"""Benchmark: light sessions beside a heavy one, in one process (like the Streamlit server).

    python -m bench.concurrency_bench [--light 10] [--repeats 3]

A light session is what "Try the sample" does, through the same `TailoringSession` the app uses,
each in its own workspace: load the sample resume (parse + index), analyse the sample job ad, map
the evidence, write the draft (offline). The heavy session loads a resume at the size limits
(`ingest.max_chars` / `max_cards`), built from the synthetic bullets of the retrieval benchmark.

Prints, as medians over `--repeats` rounds: one light session alone; `--light` light sessions
started together (per-session median and slowest); the same with the heavy session started first
and still indexing; and the heavy session's own time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

SAMPLES = Path(__file__).resolve().parents[1] / "data" / "samples"
HEAVY_HEAD_START_S = 2.0  # the heavy session parses first, then embeds for far longer than this


def heavy_resume(max_chars: int, max_cards: int) -> str:
    """The sample resume plus synthetic roles of bullets, up to just under the size limits."""
    from bench.synthetic import synthetic_cards

    parts = [(SAMPLES / "sample_resume.md").read_text(encoding="utf-8"), "\n## More experience\n"]
    size = sum(map(len, parts))
    for n, card in enumerate(synthetic_cards(max_cards)):
        if n % 20 == 0:
            role = f"\n### Example Co {n // 20} — Engineer\n*City | 2001 – 2002*\n\n"
            parts.append(role)
            size += len(role)
        line = f"- {card.raw_text}\n"
        if size + len(line) > max_chars * 0.97 or n + n // 20 > max_cards * 0.9:
            break
        parts.append(line)
        size += len(line)
    return "".join(parts)


def _settings(home: Path):
    from core.settings import Settings

    # a generous time budget: the benchmark measures waiting, not the refusal
    return Settings(home=home, retrieval={"index_budget_s": 3600})


def light_session(home: Path, tag: str) -> float:
    from core.service import TailoringSession
    from core.workspace import Workspace

    settings = _settings(home)
    workspace = Workspace.open(settings.workspaces_dir / f"light-{tag}")
    session = TailoringSession.create(workspace=workspace, settings=settings)
    jd = (SAMPLES / "sample_jd.txt").read_text(encoding="utf-8")
    started = time.perf_counter()
    session.load_resume((SAMPLES / "sample_resume.md").read_bytes(), "sample_resume.md")
    session.analyze_job(jd)
    session.map_evidence()
    session.write_draft()
    return time.perf_counter() - started


def heavy_session(home: Path, tag: str, text: str) -> float:
    from core.service import TailoringSession
    from core.workspace import Workspace

    settings = _settings(home)
    workspace = Workspace.open(settings.workspaces_dir / f"heavy-{tag}")
    session = TailoringSession.create(workspace=workspace, settings=settings)
    started = time.perf_counter()
    parsed = session.load_resume_text(text, source_name="heavy.md")
    seconds = time.perf_counter() - started
    print(f"  heavy: {len(parsed.cards):,} cards, {len(text):,} chars, {seconds:.1f} s")
    return seconds


def light_group(home: Path, tag: str, count: int) -> list[float]:
    times = [0.0] * count

    def run(i: int) -> None:
        times[i] = light_session(home, f"{tag}-{i}")

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return times


def with_heavy(home: Path, tag: str, count: int, text: str) -> tuple[list[float], float]:
    heavy: list[float] = []
    thread = threading.Thread(target=lambda: heavy.append(heavy_session(home, tag, text)))
    thread.start()
    time.sleep(HEAVY_HEAD_START_S)
    times = light_group(home, tag, count)
    state = "still indexing" if thread.is_alive() else "ended before them"
    print(f"  light beside heavy done (heavy {state}): max {max(times):.1f} s", flush=True)
    thread.join()
    return times, heavy[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--light", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    from core.settings import IngestSettings

    limits = IngestSettings()
    text = heavy_resume(limits.max_chars, limits.max_cards)
    with tempfile.TemporaryDirectory(prefix="rf-concurrency-") as tmp:
        home = Path(tmp)
        light_session(home, "warm-up")  # models and libraries loaded once, as in a server
        solo = [light_session(home, f"solo-{r}") for r in range(args.repeats)]
        print(f"  one light alone: {', '.join(f'{s:.1f}' for s in solo)} s", flush=True)
        alone, beside, heavy = [], [], []
        for r in range(args.repeats):
            group = light_group(home, f"alone-{r}", args.light)
            alone.append((statistics.median(group), max(group)))
            print(
                f"  {args.light} light alone: median {alone[-1][0]:.1f} s, max {max(group):.1f}",
                flush=True,
            )
            group, heavy_s = with_heavy(home, f"heavy-{r}", args.light, text)
            beside.append((statistics.median(group), max(group)))
            heavy.append(heavy_s)
            print(
                f"  light + heavy: median {beside[-1][0]:.1f} s, max {max(group):.1f}", flush=True
            )
    med = statistics.median
    solo_s = med(solo)
    alone_med, alone_max = med(a for a, _ in alone), med(m for _, m in alone)
    beside_med, beside_max = med(b for b, _ in beside), med(m for _, m in beside)
    print(f"one light session alone: median {solo_s:.2f} s")
    print(
        f"{args.light} light together: per-session median {alone_med:.2f} s, "
        f"slowest {alone_max:.2f} s"
    )
    print(
        f"{args.light} light beside the heavy one: per-session median {beside_med:.2f} s, "
        f"slowest {beside_max:.2f} s; heavy session {med(heavy):.1f} s"
    )
    print(f"slowest light beside heavy / slowest light together: {beside_max / alone_max:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
