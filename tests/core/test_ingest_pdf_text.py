"""PDF text that reads like the page: word gaps recovered, broken words joined, running heads,
feet and page numbers dropped (and reported)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from core.ingest import parse_resume, read_upload
from core.ingest.pdf_pages import drop_running_lines, join_broken_words
from core.ingest.pdf_worker import runs_together

REAL = Path(__file__).resolve().parents[3] / "shared" / "eval" / "real" / "resumes"
WORDS = [
    "Led",
    "service",
    "mesh",
    "technology",
    "research",
    "and",
    "implementation",
    "across",
    "enterprise",
    "cross",
    "cluster",
    "environments",
    "evaluating",
    "Istio",
    "Cilium",
    "Kuma",
    "and",
    "Consul",
    "for",
    "security",
    "and",
    "scale",
]


def tj_pdf(lines: list[list[str]], gap: int = -250) -> bytes:
    """Each line one TJ array whose words are placed by offsets only, no space glyphs (LaTeX)."""
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer)
    pdf.setFont("Helvetica", 10)
    pdf.drawString(40, 800, "Experience")
    y = 780
    for words in lines:
        parts = f" {gap} ".join(f"({w})" for w in words)
        pdf._code.append(f"BT /F1 10 Tf 40 {y} Td [{parts}] TJ ET")
        y -= 14
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def test_words_placed_by_offsets_get_their_spaces_back() -> None:
    text = read_upload(tj_pdf([WORDS[:9], WORDS[9:]] * 3), "latex.pdf").text
    assert "Led service mesh technology research and implementation" in text
    assert "Ledservicemesh" not in text


def test_kerning_is_not_mistaken_for_a_word_gap() -> None:
    text = read_upload(tj_pdf([["Ke", "rning", "pairs", "stay", "joined"] * 12], gap=-30), "k.pdf")
    assert "Kerning" in text.text or "Kerningpairs" in text.text


def test_run_together_detection_is_about_long_words() -> None:
    assert runs_together("Ledservicemeshtechnologyresearchandimplementation " * 10)
    assert not runs_together("Led service mesh technology research and implementation " * 10)


def test_running_feet_and_page_numbers_are_dropped_and_reported() -> None:
    body = ["Led the night shift", "Trained 6 new nurses", "Charted in Epic", "Ran audits"]
    pages = [
        f"Jordan Avery\n{body[n - 1]} today\n{body[n]}\n\nJordan Avery · Résumé · Page {n}"
        for n in range(1, 4)
    ]
    kept, left_out = drop_running_lines(pages)
    assert all("Résumé" not in page for page in kept)
    assert all(f"{body[n - 1]} today" in kept[n - 1] for n in range(1, 4))
    assert [item.what for item in left_out] == ["Jordan Avery", "Jordan Avery · Résumé · Page 1"]
    single, left = drop_running_lines(["Summary\nText\n2"])
    assert single == ["Summary\nText\n"] and left[0].what == "2"


@pytest.mark.parametrize(
    ("broken", "joined"),
    [
        ("innovative products. Devel-\n   oping product strategies", "Developing product"),
        ("a self-\nmotivated nurse", "self-motivated nurse"),
        ("moved to e-commerce in 2019; led the e-\ncommerce team", "the e-commerce team"),
        ("Sep. 2023\u00adMar. 2024", "Sep. 2023-Mar. 2024"),
        ("across enterprise cross\u00ad\ncluster environments", "cross-cluster"),
        ("Con\u00ad\nsul and Istio", "Consul and Istio"),
    ],
)
def test_broken_words_are_joined(broken: str, joined: str) -> None:
    assert joined in join_broken_words(broken)


@pytest.mark.skipif(not REAL.is_dir(), reason="real resumes not available")
def test_the_latex_resume_reads_with_spaces_and_without_its_footer() -> None:
    parsed = parse_resume((REAL / "r07_security-engineer_latex.pdf").read_bytes(), "r07.pdf")
    cards = " ".join(card.raw_text for card in parsed.cards)
    assert "Led service mesh technology research and implementation" in cards
    assert "Byungjin Park · Résumé" not in cards and "February 10, 2026" not in cards
    assert any("Résumé" in item.what for item in parsed.left_out)


SIDEBAR = ["Skills", "Python", "SQL", "Tableau", "Forecasting", "", "Certifications", "CPIM"]
MAIN = [
    "Experience",
    "Inventory Analyst, Harbor Foods | 2015 - 2019",
    "- Built the demand forecast in Python used by 3 regions",
    "- Reduced carrying cost by $1.2M in two years",
    "- Ran the weekly S&OP meeting for 6 category teams",
    "",
    "Education",
    "BS Industrial Engineering, State University | 2015",
]


def two_column_pdf(left: list[str], right: list[str], right_x: int = 200) -> bytes:
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer)
    pdf.setFont("Helvetica-Bold", 14)
    pdf.drawString(40, 800, "Jordan Avery")
    pdf.setFont("Helvetica", 9)
    for i, (a, b) in enumerate(zip(left, right, strict=True)):
        pdf.drawString(40, 770 - 13 * i, a)
        pdf.drawString(right_x, 770 - 13 * i, b)
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def test_a_sidebar_is_read_as_its_own_column() -> None:
    text = read_upload(two_column_pdf(SIDEBAR, MAIN), "two.pdf").text
    assert "Inventory Analyst, Harbor Foods | 2015 - 2019\n" in text
    assert "- Built the demand forecast in Python used by 3 regions\n" in text
    assert text.index("Jordan Avery") < text.index("CPIM") < text.index("Experience")


def test_a_column_of_dates_stays_beside_its_roles() -> None:
    dates = ["2019 - 2024", "", "", "2015 - 2019", "", "", "2012 - 2015", ""]
    roles = [
        "Supply Planner, Northwind",
        "- Cut stock-outs by 18%",
        "- Ran S&OP",
        "Analyst, Harbor",
    ]
    roles += ["- Built forecasts", "- Cut costs", "Clerk, Kestrel", "- Filed orders"]
    text = read_upload(two_column_pdf(dates, roles, right_x=120), "dated.pdf").text
    assert re.search(r"2019 - 2024 +Supply Planner, Northwind", text)
