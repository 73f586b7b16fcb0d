"""Never evidence: furniture, export metadata, placeholders and personal data stay out of cards,
are reported in `left_out`, and card text is plain text (the source stays in provenance)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from core.evaluation.never_evidence import evaluate, leaked
from core.ingest import parse_resume
from core.text.furniture import line_reason, strip_inline
from core.text.markup import plain_text

REPO = Path(__file__).resolve().parents[2]
REAL = REPO.parent / "shared" / "eval" / "real"

RESUME = """Jordan Avery
jordan.avery@example.org | 415 555 0100
Featured Resume

## Experience

### Registered Nurse, Mercy Hospital | 2016 – Present
- **Triaged** 40 patients per shift in a *Level II* trauma unit
- Supervisor: Dana Whitfield, Weekly Hrs.
- Charted in [Epic](https://epic.com) and `Cerner`
Worked: 60.
page 2 of 3
^ Back to Top

### Nurse Aide, Company Name - City , State | 2012 – 2016
- Cared for 12 residents per shift
- company - description - Documented intake and output

## Personal Details
Date of Birth: 14/02/1986
Marital Status: Married
Nationality: Indian
Passport No: K1234567
Age: 38
Photo attached

## Skills
- Triage, IV therapy, Epic
Total Experience: 12 Year(s) 0 Month(s) Notice Period: 2 Months
SALES- Exprience - 104 months
<Responsibility>
References available upon request
"""
NEVER = [
    "Featured Resume",
    "Dana Whitfield",
    "Worked: 60",
    "page 2 of 3",
    "Back to Top",
    "Company Name",
    "City , State",
    "company -",
    "description -",
    "14/02/1986",
    "Married",
    "Indian",
    "K1234567",
    "Age: 38",
    "Photo attached",
    "Total Experience",
    "Notice Period",
    "Exprience",
    "Responsibility",
    "References available",
]


@pytest.fixture(scope="module")
def parsed():
    return parse_resume(RESUME.encode(), "resume.md")


def test_no_furniture_metadata_or_personal_data_in_any_card_or_field(parsed) -> None:
    texts = [c.raw_text for c in parsed.cards]
    texts += [f"{c.company} {c.role} {c.location}" for c in parsed.cards]
    texts += [f"{r.company} {r.title} {r.location}" for r in parsed.roles + parsed.education]
    blob = "\n".join(texts).lower()
    assert [bad for bad in NEVER if bad.lower() in blob] == []
    assert leaked(parsed.cards, NEVER) == []


def test_the_evidence_around_it_is_kept(parsed) -> None:
    texts = [c.raw_text for c in parsed.cards]
    for kept in (
        "Triaged 40 patients per shift in a Level II trauma unit",
        "Charted in Epic and Cerner",
        "Cared for 12 residents per shift",
        "Documented intake and output",
    ):
        assert kept in texts


def test_what_was_left_out_is_reported_without_repeating_personal_values(parsed) -> None:
    reasons = {item.why for item in parsed.left_out}
    assert {"sensitive personal data", "page furniture", "export metadata"} <= reasons
    assert "template placeholder" in reasons
    shown = " ".join(str(item) for item in parsed.left_out)
    assert shown.count("left out: ") == len(parsed.left_out)
    for value in ("14/02/1986", "K1234567", "Dana Whitfield", "Married"):
        assert value not in shown


def test_card_text_is_plain_and_the_quote_keeps_the_source(parsed) -> None:
    card = next(c for c in parsed.cards if "Triaged" in c.raw_text)
    assert "*" not in card.raw_text
    # the quote is the line as read: Markdown parsed, its bold runs kept for the reader
    assert card.provenance.quote == "**Triaged** 40 patients per shift in a Level II trauma unit"
    assert card.provenance.line_start == 8
    assert all("*" not in c.raw_text and "`" not in c.raw_text for c in parsed.cards)


@pytest.mark.parametrize(
    ("markdown", "plain"),
    [
        ("**MSN, Nursing Education**", "MSN, Nursing Education"),
        ("### Bachelor of Science", "Bachelor of Science"),
        ("see [portfolio](https://x.example) and `SQL`", "see portfolio and SQL"),
        ("10**9 rows in snake_case_table", "10**9 rows in snake_case_table"),
        ("C++ and C# and a * b", "C++ and C# and a * b"),
    ],
)
def test_plain_text_removes_markup_only(markdown: str, plain: str) -> None:
    assert plain_text(markdown) == plain


@pytest.mark.parametrize(
    "line",
    [
        "Led a 12-person team through the 2019 Epic go-live",
        "Managed $1.2M budget across 5 stores; 20% growth",
        "Page layouts for 40 catalogues",  # 'page' as a word, not a page number
        "Resumed production after the 2020 shutdown",
        "Trained staff on protecting patients' personal information.",
        "Jan 2018 – Mar 2020",
        "06/2016",
        "Age-friendly design for 3 senior centres",
    ],
)
def test_ordinary_evidence_lines_are_not_furniture(line: str) -> None:
    assert line_reason(line) is None
    assert strip_inline(line)[0] == line


@pytest.mark.parametrize(
    "line", ["Jo Park — page 2 of 3", "Sam Lee | Page 3", "J. R. Ortiz - Page 1/2"]
)
def test_a_running_footer_with_the_name_is_page_furniture(line: str) -> None:
    assert line_reason(line) == "page furniture"


@pytest.mark.parametrize(
    "line",
    ["Updated December 2025", "Last revised: 2024", "last updated Mar. 2023", "Printed 2022"],
)
def test_a_date_stamp_of_the_document_is_page_furniture(line: str) -> None:
    assert line_reason(line) == "page furniture"
    assert line_reason(f"{line} the billing system for 3 clinics") is None


def test_blanked_lines_keep_offsets_true() -> None:
    text, removed = strip_inline("Registered Nurse Company Name - City , State")
    assert len(text) == len("Registered Nurse Company Name - City , State")
    assert text.strip() == "Registered Nurse"
    assert [what for what, _ in removed] == ["Company Name", "City , State"]


@pytest.mark.slow
def test_parse_cli_lists_what_was_left_out(tmp_path: Path) -> None:
    resume = tmp_path / "resume.md"
    resume.write_text(RESUME, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "core", "parse", str(resume)],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "left out: Date of …" in done.stderr or "left out: Date of Birth …" in done.stderr
    assert "(page furniture)" in done.stderr
    cards = json.loads(done.stdout)
    assert not any("1986" in card["raw_text"] for card in cards)


@pytest.mark.slow  # every labelled case in every file format: not in the fast tier
@pytest.mark.skipif(not REAL.is_dir(), reason="real resumes not available")
def test_real_resumes_have_no_junk_or_sensitive_line_in_any_card() -> None:
    results = evaluate(REAL)
    leaks = {name: row["junk"] + row["sensitive"] for name, row in results.items()}  # type: ignore[operator]
    assert {name: found for name, found in leaks.items() if found} == {}


@pytest.mark.parametrize(
    ("written", "plain"),
    [
        ("1.Autocad • 2.Catia • 3.Photoshop", "Autocad • Catia • Photoshop"),
        ("Charting | 4)Triage | 5)Wound care", "Charting | Triage | Wound care"),
        ("Raised NPS 2.5 points; cut waits 3.5 min", "Raised NPS 2.5 points; cut waits 3.5 min"),
        ("Python 3.Django stack, v2.Beta", "Python 3.Django stack, v2.Beta"),
    ],
)
def test_list_numbers_tight_against_an_item_are_not_card_text(written, plain):
    assert plain_text(written) == plain
