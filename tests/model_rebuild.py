"""Checks the shipped models' tests share: the byte-for-byte rebuild (run the `make train` tool's
recipe into a scratch folder and compare what it writes with what ships; the shipped files are
never touched), and that a model trained on the postings corpus holds none of its e-mails."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from core.resources import package_dir

REPO = Path(__file__).resolve().parents[1]


def assert_rebuilds_shipped(
    recipe: list[str], out: Path, model_file: str, manifest_file: str
) -> None:
    """RECIPE (`-m tools.train_x --corpus …`, the Makefile's arguments) written to OUT gives the
    shipped model byte for byte and the shipped manifest, its training time aside."""
    subprocess.run(
        [sys.executable, *recipe, "--out", str(out)],
        check=True,
        text=True,
        capture_output=True,
        cwd=REPO,
    )
    data = package_dir("data")
    assert (out / model_file).read_bytes() == (data / model_file).read_bytes()
    rebuilt = json.loads((out / manifest_file).read_text(encoding="utf-8"))
    shipped = json.loads((data / manifest_file).read_text(encoding="utf-8"))
    assert {**rebuilt, "train_seconds": 0} == {**shipped, "train_seconds": 0}


def assert_holds_no_corpus_email(model_file: str, corpus: Path) -> None:
    """The shipped MODEL_FILE holds none of the e-mail addresses of the postings in CORPUS
    (postings.jsonl), and the corpus does hold some."""
    shipped = (package_dir("data") / model_file).read_text(encoding="utf-8").lower()
    emails: set[str] = set()
    with corpus.open(encoding="utf-8") as lines:
        for line in lines:
            emails |= set(re.findall(r"[\w.+-]+@[\w-]+\.[\w.]+", json.loads(line)["text"]))
    assert emails
    assert not [e for e in emails if e.lower() in shipped]
