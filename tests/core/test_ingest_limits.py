"""Work bounded by size: lines, characters, cards, card length and JSON depth."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from core.errors import InputError
from core.ingest import parse_resume, read_upload
from core.settings import IngestSettings

REPO = Path(__file__).resolve().parents[2]


def test_a_million_one_word_bullets_are_refused_before_parsing() -> None:
    data = b"- a\n" * 1_000_000  # 4 MB, inside the byte limit
    with pytest.raises(InputError, match=r"1,000,001 lines, more than the 20,000"):
        read_upload(data, "huge.md")


def test_too_many_characters_are_refused() -> None:
    settings = IngestSettings(max_chars=5_000)
    with pytest.raises(InputError, match="characters of text"):
        read_upload(("- Led the team. " * 400).encode(), "long.md", settings=settings)


def test_too_many_cards_are_refused() -> None:
    text = "## Experience\n" + "".join(f"- Shipped release {n}\n" for n in range(60))
    with pytest.raises(InputError, match="60 evidence items, more than the 50"):
        parse_resume(text.encode(), "many.md", settings=IngestSettings(max_cards=50))


def test_a_card_without_breaks_beyond_the_limit_is_refused_with_its_line() -> None:
    text = "## Experience\n\n- " + "word " * 400 + "\n"
    with pytest.raises(InputError, match="line 3 runs to 1,999 characters"):
        parse_resume(text.encode(), "wall.md", settings=IngestSettings(max_card_chars=1_000))


def test_an_ordinary_resume_is_well_inside_every_limit() -> None:
    text = (
        "Jo Doe\njo@example.org\n\n## Experience\n\n### Nurse, Mercy | 2019 – 2021\n- Led 4 aides\n"
    )
    assert parse_resume(text.encode(), "ok.md").cards


def deep_json(depth: int) -> bytes:
    return ('{"basics": {"name": "Jo"}, "work": ' + "[" * depth + "]" * depth + "}").encode()


def test_deeply_nested_json_resume_is_an_input_error_not_a_recursion_error() -> None:
    with pytest.raises(InputError, match="nested more than 64 levels"):
        parse_resume(deep_json(100_000), "deep.json")
    braces_in_strings = json.dumps({"basics": {"name": "[" * 500, "summary": "{" * 500}})
    read_upload(braces_in_strings.encode(), "ok.json")  # brackets inside strings do not count


@pytest.mark.slow
def test_cli_exits_2_with_a_message_for_deeply_nested_json(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_bytes(deep_json(50_000))
    done = subprocess.run(
        [sys.executable, "-m", "core", "parse", str(path)],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2
    assert "nested more than 64 levels" in done.stderr
    assert "Traceback" not in done.stderr and "RecursionError" not in done.stderr


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        (IngestSettings(max_lines=300), r"lines, more than the 300 a resume"),
        (IngestSettings(max_chars=5_000), r"characters of text, more than the 5,000"),
    ],
)
def test_a_docx_over_the_text_limits_is_refused_while_it_is_read(settings, message) -> None:
    from tests.fixtures_docs import markdown_to_docx

    bullets = "\n".join(f"- Reconciled {n} supplier invoices each week." for n in range(400))
    data = markdown_to_docx(f"# Ada Example\n\n## Experience\n\n{bullets}\n")
    with pytest.raises(InputError, match=message):
        read_upload(data, "long.docx", settings=settings)
    assert read_upload(data, "long.docx").text.count("Reconciled") == 400  # within the defaults
