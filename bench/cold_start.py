"""Where a cold `resumeforge run` spends its CPU: process CPU seconds (all threads) per phase.

    RESUMEFORGE_HOME=$(mktemp -d) python -m bench.cold_start RESUME JD OUT_DIR

CPU time, not wall: on the shared machine wall time mostly measures the other processes. Each
phase is a function wrapped by name before the run (a name that no longer exists is reported
as "n/a", so a refactor shows here instead of breaking the run); "other" is the rest of the
process: imports done inside the run, argument parsing, printing the summary. The last line is
the main thread's CPU alone: work on other threads (the resume embedded ahead, batches side by
side) is not in it, so it is the least wall time the run needs when a second core is free.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import io
import sys
import time
from typing import Any

T0 = time.process_time()

PHASES = (  # (module, attribute or Class.method, label)
    ("core.retrieval", "get_embedder", "load the embedding model"),
    ("core.ingest", "parse_resume", "parse the resume"),
    ("core.retrieval.store", "LanceStore.__init__", "import LanceDB and connect"),
    ("core.retrieval.index", "EvidenceIndex.build", "index the resume (embed + write)"),
    ("core.pipeline.run", "Run.to_the_end", "pipeline states (JD, mapping, draft, audit)"),
    ("core.pipeline.runner", "export_run", "export (DOCX, PDF, reports)"),
)


def _wrap(module_name: str, path: str, label: str, spent: dict[str, float | None]) -> None:
    owner: Any = importlib.import_module(module_name)
    *classes, name = path.split(".")
    for cls in classes:
        owner = getattr(owner, cls, None)
    function = getattr(owner, name, None) if owner is not None else None
    if function is None:
        spent[label] = None
        return
    spent[label] = 0.0

    @functools.wraps(function)
    def timed(*args: Any, **kwargs: Any) -> Any:
        started = time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            spent[label] = (spent[label] or 0.0) + time.process_time() - started

    setattr(owner, name, timed)


def main(argv: list[str]) -> int:
    resume, jd, out = argv
    from core.cli import main as cli_main

    imported = time.process_time() - T0
    spent: dict[str, float | None] = {}
    for module_name, path, label in PHASES:
        _wrap(module_name, path, label, spent)
    with contextlib.redirect_stdout(io.StringIO()):
        code = cli_main(["run", "--resume", resume, "--jd", jd, "--out", out])
    total = time.process_time() - T0
    print(f"{'import core.cli':48} {imported:6.2f}")
    for label, seconds in spent.items():
        print(f"{label:48} {'n/a' if seconds is None else f'{seconds:6.2f}'}")
    other = total - imported - sum(s for s in spent.values() if s)
    print(f"{'other':48} {other:6.2f}\n{'total CPU s':48} {total:6.2f}  (exit {code})")
    # The main thread's own CPU: what cannot move to the other core, so the least wall time a
    # run needs when a second core is free (less than the total once work runs on threads).
    print(f"{'main thread CPU s (wall floor with a free core)':48} {time.thread_time():6.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
