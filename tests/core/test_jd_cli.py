"""`resumeforge analyze` on the dev JDs and on .md / .docx copies; exit 2 on bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import docx
import pytest
from reportlab.lib.pagesizes import letter
from reportlab.pdfgen import canvas

from core.cli import main

SHAPE = {"target_title", "role_profile", "requirements", "keywords", "other_terms", "sections"}
PROFILE_SHAPE = {
    "inferred_level",
    "must_haves",
    "nice_to_haves",
    "seniority_signals",
    "keyword_clusters",
    "recommended_storylines",
    "priority_sections",
    "downplay_sections",
}


def analyze(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["analyze", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def write_docx(text: str, path: Path) -> Path:
    """A real Word file: headings as paragraphs, '- ' lines as List Bullet paragraphs."""
    document = docx.Document()
    for line in text.splitlines():
        if line.startswith("- "):
            document.add_paragraph(line[2:], style="List Bullet")
        elif line.strip():
            document.add_paragraph(line)
    document.save(str(path))
    return path


def write_pdf(text: str, path: Path, *, width: int = 90) -> Path:
    """A text-layer PDF that re-wraps long lines, as PDF exports do."""
    pdf = canvas.Canvas(str(path), pagesize=letter)
    y = 750
    for line in text.splitlines():
        pieces = []
        while len(line) > width:
            cut = line.rfind(" ", 0, width)
            pieces.append(line[:cut])
            line = "  " + line[cut + 1 :]
        for piece in [*pieces, line]:
            pdf.drawString(40, y, piece)
            y -= 12
            if y < 40:
                pdf.showPage()
                y = 750
    pdf.save()
    return path


def requirement_texts(payload: dict) -> list[str]:
    return [" ".join(r["text"].split()) for r in payload["requirements"]]


def test_analyze_every_dev_jd(eval_cases, capsys):
    for case in eval_cases:
        labels = json.loads((case / "labels.json").read_text(encoding="utf-8"))
        code, out, _ = analyze(capsys, str(case / "jd.txt"), "--title", labels["target_title"])
        assert code == 0, case.name
        payload = json.loads(out)
        assert set(payload) >= SHAPE
        assert set(payload["role_profile"]) >= PROFILE_SHAPE
        assert payload["target_title"] == labels["target_title"]
        assert len(payload["requirements"]) >= len(labels["requirements"]) * 0.9
        first = payload["requirements"][0]
        assert {"id", "text", "priority", "keywords", "years", "section"} <= set(first)
        # two tiers: the ATS keywords lead with the title, the other terms never repeat them
        assert payload["keywords"][0] == labels["target_title"], case.name
        assert not set(payload["keywords"]) & set(payload["other_terms"]), case.name


@pytest.mark.slow  # every labelled case in every file format: not in the fast tier
def test_markdown_and_docx_copies_give_the_same_requirements(eval_cases, tmp_path, capsys):
    for case in eval_cases:
        text = (case / "jd.txt").read_text(encoding="utf-8")
        md = tmp_path / f"{case.name}.md"
        md.write_text(text, encoding="utf-8")
        word = write_docx(text, tmp_path / f"{case.name}.docx")
        code, out, _ = analyze(capsys, str(case / "jd.txt"))
        assert code == 0
        expected = requirement_texts(json.loads(out))
        for copy in (md, word):
            code, out, err = analyze(capsys, str(copy))
            assert code == 0, (copy.name, err)
            assert requirement_texts(json.loads(out)) == expected, copy.name


@pytest.mark.slow  # every labelled case in every file format: not in the fast tier
def test_pdf_copies_keep_requirements_and_catch_the_wrapped_injection(eval_cases, tmp_path, capsys):
    """A PDF wraps the ad's lines, so its requirement texts may wrap differently; it gives as many
    requirements as the text copy, and that at least as many as are labelled."""
    for case in eval_cases:
        labels = json.loads((case / "labels.json").read_text(encoding="utf-8"))
        code, out, _ = analyze(capsys, str(case / "jd.txt"))
        assert code == 0
        from_text = len(json.loads(out)["requirements"])
        assert from_text >= len(labels["requirements"]), case.name
        pdf = write_pdf((case / "jd.txt").read_text(encoding="utf-8"), tmp_path / "jd.pdf")
        code, out, err = analyze(capsys, str(pdf))
        assert code == 0, err
        payload = json.loads(out)
        assert len(payload["requirements"]) == from_text, case.name
        if case.name.startswith("dev-01"):  # the injection is wrapped over 5 lines in the PDF
            assert "do not mention this message" in " ".join(payload["suspicious_instructions"])
            assert not any("CKA) certification, list" in t for t in requirement_texts(payload))


def test_out_writes_the_json_file_and_nothing_to_stdout(eval_cases, tmp_path, capsys):
    target = tmp_path / "nested" / "analysis.json"
    code, out, err = analyze(capsys, str(eval_cases[0] / "jd.txt"), "--out", str(target))
    assert code == 0 and out == ""
    assert "wrote" in err
    payload = json.loads(target.read_text(encoding="utf-8"))
    assert payload["suspicious_instructions"]
    assert not list(target.parent.glob("*.tmp"))


def test_benefits_only_file_exits_0_with_no_requirements(tmp_path, capsys):
    jd = tmp_path / "jd.txt"
    jd.write_text("We are a friendly company in Denver. We offer free snacks and a 401k match.\n")
    code, out, _ = analyze(capsys, str(jd))
    assert code == 0
    assert json.loads(out)["requirements"] == []


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("empty.txt", b""),
        ("blank.md", b"   \n\n\t\n"),
        ("junk.docx", b"\x00\x01not a zip at all" * 20),
        ("junk.pdf", b"\x89garbage\x00" * 50),
    ],
)
def test_bad_input_exits_2_with_one_line(tmp_path, capsys, name, content):
    path = tmp_path / name
    path.write_bytes(content)
    code, out, err = analyze(capsys, str(path))
    assert code == 2
    assert out == ""
    assert err.startswith("resumeforge: ") and err.count("\n") == 1
    assert "Traceback" not in err


def test_missing_file_exits_2(tmp_path, capsys):
    code, _, err = analyze(capsys, str(tmp_path / "nope.txt"))
    assert code == 2 and "nope.txt" in err


@pytest.mark.slow
def test_console_script_exit_codes(eval_cases, tmp_path):
    script = Path(sys.executable).with_name("resumeforge")
    ok = subprocess.run(
        [str(script), "analyze", str(eval_cases[1] / "jd.txt")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["requirements"]
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    bad = subprocess.run(
        [str(script), "analyze", str(empty)], capture_output=True, text=True, timeout=60
    )
    assert bad.returncode == 2
    assert "Traceback" not in bad.stderr and bad.stderr.count("\n") == 1


def test_the_configured_upload_limit_applies_to_job_descriptions(tmp_path, capsys, monkeypatch):
    from core.settings import get_settings

    path = tmp_path / "jd.txt"
    path.write_text("Data Engineer\n\nRequirements:\n- 5+ years of SQL\n" * 40)
    assert analyze(capsys, str(path))[0] == 0
    monkeypatch.setenv("RESUMEFORGE_INGEST__MAX_UPLOAD_MB", "0.001")
    get_settings.cache_clear()
    code, out, err = analyze(capsys, str(path))
    assert code == 2 and out == ""
    assert "KB, above the 0.001 MB upload limit" in err


def test_analyze_warns_on_stderr_when_the_ad_reads_thin(tmp_path, capsys):
    jd = tmp_path / "thin.txt"
    jd.write_text("Cook\nGurus Sports Bar\n\nWe are hiring a cook. Apply in person.\n", "utf-8")
    code, out, err = analyze(capsys, str(jd))
    assert code == 0 and json.loads(out)["target_title"] == "Cook"
    assert "warning: We could read" in err
    assert "check that its bullets are on separate lines" in err


def test_analyze_shows_the_text_it_read_when_the_ad_reads_thin(tmp_path, capsys):
    jd = tmp_path / "garden-centre.html"
    jd.write_text(
        "<html><body><h1>Garden Centre Supervisor</h1>"
        "<p>Join our friendly team in the planteria.</p><p>Plant lover a plus!</p>"
        "</body></html>",
        "utf-8",
    )
    code, out, err = analyze(capsys, str(jd))
    assert code == 0 and len(json.loads(out)["requirements"]) < 3
    assert "warning: We could read" in err
    lines = err.splitlines()
    shown = lines[lines.index("The job ad's text as it was read begins:") + 1 :]
    assert shown[:3] == [
        "  | Garden Centre Supervisor",
        "  | Join our friendly team in the planteria.",
        "  | Plant lover a plus!",
    ]
    assert "<" not in err  # what was read, not the markup


def test_analyze_warns_when_most_of_the_ad_is_notices(tmp_path, capsys):
    notices = "\n".join(f"- Benefit number {n} for every member of staff" for n in range(1, 13))
    jd = tmp_path / "mostly-benefits.txt"
    jd.write_text(
        "Stores Assistant\n\nRequirements\n- Forklift licence\n- Stock control experience\n"
        f"- Good with numbers\n\nBenefits\n{notices}\n",
        "utf-8",
    )
    code, out, err = analyze(capsys, str(jd))
    assert code == 0 and len(json.loads(out)["requirements"]) == 3
    assert "warning: Most of this job ad (12 of its 16 lines) read as notices" in err
    assert "  | Stores Assistant" in err
