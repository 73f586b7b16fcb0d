"""Unusual but legitimate inputs through the app facade, end to end to the exported DOCX:
a 50-page PDF resume, unicode edge cases (RTL, emoji, zero-width, bidi overrides, homoglyphs,
fullwidth letters) and HTML / <script> / markdown links in resume and JD text (literal text in
the DOCX, never markup, never an external relationship)."""

from __future__ import annotations

import io
import time
import uuid
import zipfile

import pytest
from pypdf import PdfReader

from core.audit import check_bullet
from core.contracts import PipelineState
from core.ingest import parse_resume, parse_resume_text
from core.jd import analyze_jd
from core.service import TailoringSession
from core.workspace import Workspace
from tests.fixtures_docs import markdown_to_pdf
from tests.reliability.conftest import (
    fact_resume,
    sample_jd,
)
from tests.reliability.inspection import (
    docx_text,
)

SYSTEMS = ("billing ledger", "order router", "search index", "fraud scorer", "payout service")
TEAMS = ("finance", "logistics", "support", "marketing", "risk")
ROLES = 16


def fifty_page_resume() -> str:
    """16 roles × 90 quantified bullets: 1,440 bullets, over 50 PDF pages."""
    lines = ["# Dana Okonkwo-Reyes", "", "Chicago, IL · dana.or@example.com · (555) 555-0123", ""]
    lines += ["## Experience", ""]
    for role in range(ROLES):
        start = 1985 + 2 * role
        lines += [
            f"### Company {role + 1} Systems — Staff Engineer",
            f"*Chicago, IL | {start} – {start + 2}*",
            "",
        ]
        for n in range(90):
            system, team = SYSTEMS[n % 5], TEAMS[(n + role) % 5]
            lines.append(
                f"- Rebuilt the {system} used by the {team} team in Go and PostgreSQL, cutting "
                f"p99 latency by {10 + n % 80}% across {3 + n} regional sites during {start}."
            )
        lines.append("")
    lines += [
        "## Education",
        "",
        "Bachelor of Science in Computer Science, Northwestern",
        "",
    ]
    lines += ["## Skills", "", "Go, PostgreSQL, Kafka, Python, SQL"]
    return "\n".join(lines)


@pytest.fixture
def session(rel_settings, embedder):
    workspace = Workspace.open(rel_settings.workspaces_dir / f"text-{uuid.uuid4().hex[:8]}")
    return TailoringSession.create(workspace=workspace, settings=rel_settings)


def _tailor(session: TailoringSession, jd: str):
    session.analyze_job(jd, target_title="Senior Data Engineer")
    session.map_evidence()
    board = session.write_draft()
    assert board.current_step == PipelineState.COMPLETE, board.failure_reasons
    return board, session.export(template="classic")


@pytest.mark.slow  # ~1,460 cards to embed: 10-50 s depending on the machine's load
@pytest.mark.timeout(240)
def test_a_fifty_page_pdf_resume_works_end_to_end(session):
    pdf = markdown_to_pdf(fifty_page_resume())
    assert len(PdfReader(io.BytesIO(pdf)).pages) >= 50

    started = time.monotonic()
    parsed = parse_resume(pdf, "long.pdf", settings=session.settings.ingest)
    parse_s = time.monotonic() - started
    assert len(parsed.roles) == ROLES and len(parsed.cards) >= ROLES * 90

    started = time.monotonic()
    session.load_resume(pdf, "long.pdf")
    board, outputs = _tailor(session, sample_jd())
    run_s = time.monotonic() - started

    assert board.resume_draft.live_bullets()
    assert "Company 1 Systems" in docx_text(outputs.docx)
    print(
        f"50-page PDF: {len(parsed.cards)} cards; parse {parse_s:.1f} s; load+tailor {run_s:.1f} s"
    )


UNICODE_BULLETS = {
    "rtl": "Documented the pipeline in Arabic and Hebrew for the Dubai team: "
    "توثيق خطوط البيانات and תיעוד צינורות נתונים.",
    "emoji": "Shipped the 🚀 launch dashboard for 25 teams ✅ in Looker.",
    "zero_width": "Built Snow\u200bflake cost reports with Z\u200dWJ-split words for 12 teams.",
    "bidi_override": "Tuned Kafka consumers \u202etxet desrever\u202c for 4 topics.",
}


@pytest.mark.timeout(120)
def test_unicode_edge_cases_survive_parsing_and_render_in_the_docx(session):
    resume = fact_resume("unicode", extra_bullet=" ".join(UNICODE_BULLETS.values()))
    parsed = session.load_resume_text(resume, source_name="unicode.md")
    jd = sample_jd("Nice to have: Ｓｎｏｗｆｌａｋｅ 🚀, Kubеrnetes (Cyrillic е), العربية\u200b.")

    board, outputs = _tailor(session, jd)
    evidence = " ".join(c.raw_text for c in parsed.cards)
    assert "\u200b" not in evidence and "\u202e" not in evidence  # invisible controls removed
    assert any("invisible" in w for w in parsed.warnings)
    assert "Snowflake cost reports" in evidence  # zero-width split words rejoined
    text = docx_text(outputs.docx)
    assert "توثيق خطوط البيانات" in text and "תיעוד צינורות נתונים" in text  # RTL kept
    assert "🚀" in text and "✅" in text
    assert "\u200b" not in text and "\u202e" not in text
    assert board.audit_report.roundtrip_problems == []


@pytest.mark.parametrize(
    "spelling",
    ["Kub\u0435rnetes", "K\u200bubernetes", "Ku\u00adbernetes", "\u202eKubernetes\u202c"],
)
def test_a_disguised_skill_the_evidence_lacks_is_still_blocked(spelling):
    """Homoglyphs, zero-width and bidi tricks cannot slip an unsupported skill past the audit."""
    parsed = parse_resume_text(fact_resume("disguise"), source_name="r.md")
    card = next(c for c in parsed.cards if "Kafka" in c.raw_text and c.role_id == "r01")
    text = card.raw_text.rstrip(".") + f", deployed on {spelling}."
    verdict = check_bullet(
        text,
        bullet_id="r01-b1",
        cited=[card],
        resume_cards=parsed.cards,
        roles=parsed.roles,
        role=parsed.roles[0],
    )
    assert not verdict.supported, verdict


def test_a_fullwidth_skill_the_evidence_lacks_is_blocked_by_the_audit():
    parsed = parse_resume_text(fact_resume("fullwidth"), source_name="r.md")
    card = next(c for c in parsed.cards if "Kafka" in c.raw_text and c.role_id == "r01")
    text = card.raw_text.rstrip(".") + ", deployed on Ｋｕｂｅｒｎｅｔｅｓ."
    verdict = check_bullet(
        text,
        bullet_id="r01-b1",
        cited=[card],
        resume_cards=parsed.cards,
        roles=parsed.roles,
        role=parsed.roles[0],
    )
    assert not verdict.supported


MARKUP = (
    "Built Snowflake dashboards <script>alert('owned')</script> with "
    "![pixel](https://tracker.example/p.png) and [docs](javascript:alert(1)) "
    '<img src=x onerror="alert(2)"> for 25 analysts & 3 teams.'
)


@pytest.mark.timeout(120)
def test_html_script_and_markdown_links_come_out_as_literal_text(session):
    session.load_resume_text(fact_resume("markup", extra_bullet=MARKUP), source_name="m.md")
    jd = sample_jd(
        "<script>document.location='https://evil.example'</script> ![x](https://evil.example/x.png)"
    )
    analysis = analyze_jd(jd)
    # an ad pasted as HTML is read as a browser shows it: the script is dropped, never run
    # nor read as a requirement
    assert not any("<script>" in s.text or "document.location" in s.text for s in analysis.sections)
    assert not any("evil.example" in r.text for r in analysis.requirements)

    board, outputs = _tailor(session, jd)
    live = [b.text for b in board.resume_draft.live_bullets()]
    assert any("Snowflake dashboards" in t and "25 analysts & 3 teams" in t for t in live), live
    text = docx_text(outputs.docx)
    # Card text is plain text: tags, images and link targets are neither run nor
    # shown; the words around them stay as written.
    for markup in ("<script>", "</script>", "![pixel]", "tracker.example", "<img", "javascript:"):
        assert markup not in text
    assert "25 analysts & 3 teams" in text
    with zipfile.ZipFile(outputs.docx) as package:
        xml = package.read("word/document.xml").decode("utf-8")
        rels = " ".join(
            package.read(n).decode("utf-8") for n in package.namelist() if n.endswith(".rels")
        )
    assert "<script>" not in xml and "&lt;script&gt;" not in xml  # neither markup nor text
    assert "tracker.example" not in rels and "evil.example" not in rels  # nothing to fetch
    assert 'TargetMode="External"' not in rels


@pytest.mark.parametrize(
    "education",
    [
        "B.S. in Statistics, University of Minnesota — May 2016",
        "B.A. Economics, U.C. Berkeley, 2010",
        "M.Sc. in Physics, ETH Zürich — 2014",
        "Ph.D. in Psychology, University of Oregon — 2012",
    ],
)
def test_a_line_identical_to_its_own_evidence_passes_the_audit(education):
    resume = fact_resume("verbatim").replace(
        "Bachelor of Science in Statistics, University of Minnesota — May 2016", education
    )
    parsed = parse_resume_text(resume, source_name="r.md")
    card = next(c for c in parsed.cards if c.kind == "education")
    verdict = check_bullet(
        card.raw_text,
        bullet_id="education-1",
        cited=[card],
        resume_cards=parsed.cards,
        roles=parsed.roles,
        role=None,
    )
    assert verdict.supported, verdict.violations
