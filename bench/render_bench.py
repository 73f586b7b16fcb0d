"""Render time per resume: `python -m bench.render_bench [--out docs/BENCHMARKS.md]`.

Runs the offline pipeline once per labelled case (not timed), then times what an export costs:
one date style, page fit measured on the typeset pages, DOCX + PDF, both read back, and the ATS
report on the DOCX text (`final_draft` + `render_documents`). Target: ≤ 3 s per resume.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from bench.markdown import replace_section

TARGET_SECONDS = 3.0


def time_render(case: Path, home: Path) -> float | None:
    """Seconds to export one case's finished run (None: the run did not finish)."""
    from core.pipeline.outputs import final_draft, render_documents
    from core.pipeline.runner import RunRequest, tailor
    from core.settings import Settings

    request = RunRequest(
        resume_path=case / "fact_resume.md", jd_path=case / "jd.txt", out_dir=home / "out"
    )
    board = tailor(request, settings=Settings(home=home)).board
    if board.resume_draft is None:
        return None
    started = time.perf_counter()
    draft = final_draft(board, template="classic", date_style=None)
    render_documents(draft, board, template="classic", out_dir=home / "render")
    return time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=Path, default=Path("../shared/eval/dev"))
    parser.add_argument("--out", type=Path, default=None, help="update this Markdown file")
    args = parser.parse_args(argv)
    cases = sorted(p for p in args.cases.iterdir() if (p / "fact_resume.md").exists())
    rows: list[tuple[str, float]] = []
    for case in cases:
        with tempfile.TemporaryDirectory() as tmp:
            took = time_render(case, Path(tmp))
        print(f"{case.name}: " + ("no draft (run stopped)" if took is None else f"{took:.2f} s"))
        if took is not None:
            rows.append((case.name, took))
    if not rows:
        raise SystemExit("no case produced a draft")
    seconds = [s for _, s in rows]
    lines = [
        f"Render (DOCX + PDF + round trip + ATS on the DOCX text), {len(rows)} cases: "
        f"median {statistics.median(seconds):.2f} s, max {max(seconds):.2f} s "
        f"(target ≤ {TARGET_SECONDS:.0f} s). Command: `python -m bench.render_bench`.",
        "",
        "| case | seconds |",
        "|---|---|",
        *(f"| {name} | {value:.2f} |" for name, value in rows),
    ]
    print("\n".join(lines))
    if args.out:
        old = args.out.read_text(encoding="utf-8") if args.out.exists() else ""
        args.out.write_text(replace_section(old, "Render", "\n".join(lines)), encoding="utf-8")
    return 0 if max(seconds) <= TARGET_SECONDS else 1


if __name__ == "__main__":
    raise SystemExit(main())
