"""`resumeforge audit`: a dev case end to end, text and JSON, and bad input (exit 2)."""

from __future__ import annotations

import json

import pytest

from core.cli import main


@pytest.fixture(scope="module")
def case(eval_cases):
    return next(c for c in eval_cases if (c / "audit_probes.json").exists())


@pytest.fixture(scope="module")
def probes(case):
    return json.loads((case / "audit_probes.json").read_text(encoding="utf-8"))


def test_json_list_of_bullets_gives_a_verdict_each(case, probes, tmp_path, capsys):
    clean = probes["clean"][0]["bullet"]
    fake = probes["fabricated"][0]
    bullets = tmp_path / "bullets.json"
    bullets.write_text(json.dumps([clean, fake["bullet"]]), encoding="utf-8")
    code = main(
        ["audit", "--resume", str(case / "fact_resume.md"), "--bullets", str(bullets), "--json"]
    )
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    first, second = out["bullets"]
    assert first["verdict"] == "supported" and second["verdict"] == "unsupported"
    assert out["supported"] == 1
    assert first["evidence"] and all(e["card_id"] and e["text"] for e in first["evidence"])
    assert any(
        v["severity"] == "BLOCKER" and v["type"] and v["detail"] for v in second["violations"]
    )


def test_text_file_one_bullet_per_line(case, probes, tmp_path, capsys):
    lines = [f"- {probes['clean'][1]['bullet']}", "", f"• {probes['fabricated'][1]['bullet']}"]
    bullets = tmp_path / "bullets.txt"
    bullets.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code = main(["audit", "--resume", str(case / "fact_resume.md"), "--bullets", str(bullets)])
    out = capsys.readouterr().out
    assert code == 0
    assert "1. SUPPORTED" in out and "2. UNSUPPORTED" in out
    assert "BLOCKER" in out and "evidence " in out
    assert "1 of 2 bullets supported" in out


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("", "no bullets"),
        ("\n  \n- \n", "no bullets"),
        ('{"bullets": ["Led a team"]}', "list of strings"),
        ('["Led a team", 7]', "list of strings"),
        ('["unterminated', "not valid JSON"),
    ],
)
def test_bad_bullets_file_exits_2_with_a_message(case, tmp_path, capsys, content, message):
    bullets = tmp_path / "bullets.txt"
    bullets.write_text(content, encoding="utf-8")
    code = main(["audit", "--resume", str(case / "fact_resume.md"), "--bullets", str(bullets)])
    err = capsys.readouterr().err
    assert code == 2
    assert message in err and "Traceback" not in err


def test_unreadable_resume_type_exits_2(tmp_path, capsys):
    resume = tmp_path / "resume.png"
    resume.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4)
    bullets = tmp_path / "bullets.txt"
    bullets.write_text("Built things.\n", encoding="utf-8")
    code = main(["audit", "--resume", str(resume), "--bullets", str(bullets)])
    err = capsys.readouterr().err
    assert code == 2 and "resumeforge:" in err and "Traceback" not in err


def test_missing_files_exit_2(case, tmp_path, capsys):
    code = main(["audit", "--resume", str(tmp_path / "nope.md"), "--bullets", str(tmp_path / "x")])
    assert code == 2
    assert "no such file" in capsys.readouterr().err
