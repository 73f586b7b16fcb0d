"""`python -m tools.latex_renderings`: held-out JSON Resumes written as LaTeX sources in CV-class
styles, read back and scored with `eval resumes`' matcher."""

from __future__ import annotations

import json
from pathlib import Path

from core.ingest import read_upload
from tools.latex_renderings import CLASSES, latex_files, score_latex, tex, write_source
from tools.line_data.build import held_out

PEOPLE = Path(__file__).resolve().parents[2] / "tools" / "line_data" / "people"
NURSE = json.loads((PEOPLE / "p01-registered-nurse.json").read_text(encoding="utf-8"))


def _held_out_name() -> str:
    return next(f"jr-{i:04d}.json" for i in range(10_000) if held_out(f"jr-{i:04d}.json"))


def test_special_characters_are_escaped_and_read_back() -> None:
    assert tex("R&D 50% #1 {x} a_b") == r"R\&D 50\% \#1 \{x\} a\_b"
    source = "\\documentclass{article}\n\\begin{document}\n" + tex("R&D 50% #1 a_b") + "\n"
    assert "R&D 50% #1 a_b" in read_upload(source.encode(), "t.tex").text


def test_every_class_writes_the_person_s_jobs_in_its_macros() -> None:
    """Each style writes every job with its class's macro and is read back with its title."""
    macros = {"moderncv": "\\cventry", "awesome-cv": "\\cventry", "altacv": "\\cvevent",
              "jake": "\\resumeSubheading", "article": "\\hfill"}  # fmt: skip
    for cls in CLASSES:
        source, _ = write_source(NURSE, "p01", cls)
        assert source.count(macros[cls]) >= len(NURSE["work"]), cls
        text = read_upload(source.encode(), f"{cls}.tex").text
        assert all(job["position"] in text for job in NURSE["work"]), cls


def test_only_held_out_resumes_are_written_each_in_two_classes(tmp_path: Path) -> None:
    folder = tmp_path / "jsonresume"
    folder.mkdir()
    trained = next(f"jr-{i:04d}.json" for i in range(10_000) if not held_out(f"jr-{i:04d}.json"))
    for name in (_held_out_name(), trained):
        (folder / name).write_text("{}", encoding="utf-8")
    files = latex_files(tmp_path)
    assert len(files) == 2 and files[0][1] != files[1][1]
    assert all(held_out(f.name) for f, _ in files)


def test_a_written_source_is_read_and_scored(tmp_path: Path) -> None:
    folder = tmp_path / "jsonresume"
    folder.mkdir()
    (folder / _held_out_name()).write_text(json.dumps(NURSE), encoding="utf-8")
    report = score_latex(tmp_path, ["rules"])["rules"]
    totals = report["totals"]["all"]
    assert totals["files"] == 2
    assert totals["role_title_year"] >= 0.5, report["files"]
