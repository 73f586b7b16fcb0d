"""`resumeforge parse FILE [--out F] [--full]` on every dev file and its DOCX/PDF versions."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from core.cli import main
from core.evaluation.splits import split_of
from tests.conftest import EVAL_DEV, needs_shared, shared_params
from tests.fixtures_docs import markdown_to_docx, markdown_to_pdf

CASES = sorted(p.name for p in EVAL_DEV.iterdir() if p.is_dir()) if EVAL_DEV.is_dir() else []


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["parse", *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("case", shared_params(CASES))
def test_parse_prints_cards_for_every_dev_file(case, capsys):
    code, out, _ = run(capsys, str(EVAL_DEV / case / "fact_resume.md"))
    cards = json.loads(out)
    assert code == 0 and isinstance(cards, list) and len(cards) > 40
    assert {"id", "kind", "raw_text", "provenance", "metrics", "skills"} <= set(cards[0])
    assert len({c["id"] for c in cards}) == len(cards)


# Share of cases whose DOCX / PDF version gives the Markdown's roles, measured on 2026-11-24 on
# all 11 dev cases (rounded down), per split. The target is 1.0. Held-back fell from
# 0.75 to 0.5 on 2026-11-25 while both versions got better: dev-10's Markdown and DOCX used to
# agree on one role (both wrong); with the sidebar rule the Markdown gives 5 and the DOCX 4 (its
# "Key Holder / Footwear Lead" line sits inside a paragraph there).
# The split of 2026-11-26 (dev-10 moved to tuning; dev-09 and dev-11 held back) re-measured:
# tuning 8/9.
SAME_ROLE_FLOORS = {"tuning": 0.88, "held-back": 0.0}


@pytest.mark.slow
@needs_shared
def test_parse_docx_and_pdf_versions_full(tmp_path, capsys):
    """Every DOCX and PDF version parses (exit 0, an e-mail, cards). Target: each gives the same
    (company, dates) roles as its Markdown source; the floor per split and format is the share of
    cases measured now, not the target."""
    same: dict[str, dict[str, list[bool]]] = {"r.docx": {}, "r.pdf": {}}
    differences = []
    for case in CASES:
        markdown = (EVAL_DEV / case / "fact_resume.md").read_text(encoding="utf-8")
        code, out, _ = run(capsys, str(EVAL_DEV / case / "fact_resume.md"), "--full")
        expected = [(r["company"], r["timeframe"]) for r in json.loads(out)["roles"]]
        for name, data in (
            ("r.docx", markdown_to_docx(markdown)),
            ("r.pdf", markdown_to_pdf(markdown)),
        ):
            path = tmp_path / name
            path.write_bytes(data)
            code, out, _ = run(capsys, str(path), "--full")
            full = json.loads(out)
            assert code == 0, (case, name)
            assert full["contact"]["email"] and full["cards"], (case, name)
            got = [(r["company"], r["timeframe"]) for r in full["roles"]]
            same[name].setdefault(split_of(case), []).append(got == expected)
            if got != expected:
                differences.append((case, name, got, expected))
    for name, splits in same.items():
        for split, floor in SAME_ROLE_FLOORS.items():
            share = sum(splits[split]) / len(splits[split])
            assert share >= floor, (name, split, share, differences)


@needs_shared
def test_out_is_written_atomically_and_nothing_else_is_left(tmp_path, capsys):
    out_file = tmp_path / "out" / "cards.json"
    out_file.parent.mkdir()
    source = EVAL_DEV / CASES[0] / "fact_resume.md"
    code, out, err = run(capsys, str(source), "--out", str(out_file))
    assert code == 0 and out == "" and f"wrote {out_file}" in err
    assert json.loads(out_file.read_text(encoding="utf-8"))[0]["id"]
    assert [p.name for p in out_file.parent.iterdir()] == ["cards.json"]


def test_bad_input_exits_2_with_one_line_and_keeps_old_output(tmp_path, capsys):
    empty = tmp_path / "empty.md"
    empty.write_bytes(b"")
    out_file = tmp_path / "cards.json"
    out_file.write_text("previous run", encoding="utf-8")
    code, out, err = run(capsys, str(empty), "--out", str(out_file))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("resumeforge: empty.md is empty")
    assert "Traceback" not in err
    assert out_file.read_text(encoding="utf-8") == "previous run"


@pytest.mark.parametrize(
    ("name", "data", "needle"),
    [
        ("junk.pdf", b"\x00\x01not a pdf" * 50, "is not a PDF"),
        ("junk.docx", b"plain text, not a zip", "is not a valid .docx"),
        ("cv.json", b'{"hello": "world"}', "is JSON but not a JSON Resume"),
    ],
)
def test_bad_files_exit_2(tmp_path, capsys, name, data, needle):
    path = tmp_path / name
    path.write_bytes(data)
    code, _, err = run(capsys, str(path))
    assert code == 2 and needle in err and err.count("\n") == 1


def test_missing_file_exits_2(tmp_path, capsys):
    code, _, err = run(capsys, str(tmp_path / "nope.md"))
    assert code == 2 and "does not exist" in err


@pytest.mark.slow
@needs_shared
def test_console_script_entry_point(tmp_path):
    script = Path(sys.executable).with_name("resumeforge")
    source = EVAL_DEV / CASES[-1] / "fact_resume.md"
    done = subprocess.run(
        [str(script), "parse", str(source), "--full"], capture_output=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr.decode()
    assert json.loads(done.stdout)["source_name"] == "fact_resume.md"
