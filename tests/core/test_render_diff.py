"""diff_drafts: Markdown differences between two tailored variants."""

from __future__ import annotations

from core.contracts import (
    BulletStatus,
    DraftBullet,
    DraftRole,
    DraftSection,
    ResumeDraft,
    SkillLine,
)
from core.render import diff_drafts


def line(bullet_id: str, text: str, *cards: str, status=BulletStatus.ACCEPTED) -> DraftBullet:
    return DraftBullet(id=bullet_id, text=text, evidence_card_ids=list(cards), status=status)


def role(role_id: str, company: str, title: str, *bullets: DraftBullet) -> DraftRole:
    return DraftRole(
        role_id=role_id,
        company=company,
        title=title,
        timeframe="2019 – 2023",
        bullets=list(bullets),
    )


def base() -> ResumeDraft:
    return ResumeDraft(
        target_title="Backend Engineer",
        summary=[line("s1", "Backend engineer with 8 years of Python.", "c-s1")],
        roles=[
            role(
                "r1",
                "Acme",
                "Staff Engineer",
                line("a", "Cut p95 latency by 40%.", "c1"),
                line("b", "Ran the on-call rotation for 12 services.", "c2"),
                line("c", "Mentored 3 junior engineers.", "c3"),
            ),
            role("r2", "Globex", "Developer", line("d", "Built the billing API.", "c4")),
        ],
        skills=[SkillLine(skill="Python"), SkillLine(skill="Kafka")],
        sections=[DraftSection(name="Education", bullets=[line("e", "BSc CS, 2015", "c5")])],
    )


def test_first_run_says_so_and_lists_the_content():
    text = diff_drafts(None, base())
    assert text.startswith("# First run")
    for piece in ("Backend Engineer", "Cut p95 latency by 40%.", "Built the billing API.", "Kafka"):
        assert piece in text
    assert "### Staff Engineer — Acme (2019 – 2023)" in text


def test_identical_variants_have_no_differences():
    assert "No differences" in diff_drafts(base(), base())


def test_added_removed_changed_bullets_and_skills():
    new = base()
    new.target_title = "Senior Backend Engineer"
    acme = new.roles[0]
    acme.bullets = [
        line("a", "Cut p95 latency by 40% by moving search to LanceDB.", "c1"),  # changed
        line("c", "Mentored 3 junior engineers.", "c3"),  # kept
        line("x", "Wrote the incident playbook.", "c9"),  # added
    ]  # "on-call" removed
    new.skills = [SkillLine(skill="Python"), SkillLine(skill="PostgreSQL")]
    text = diff_drafts(base(), new)
    assert "- was: Backend Engineer" in text and "- now: Senior Backend Engineer" in text
    assert "### Staff Engineer — Acme (2019 – 2023)" in text
    assert "- **Added:** Wrote the incident playbook." in text
    assert "- **Removed:** Ran the on-call rotation for 12 services." in text
    assert "- **Changed:** Cut p95 latency by 40%." in text
    assert "  → Cut p95 latency by 40% by moving search to LanceDB." in text
    assert "Mentored" not in text  # unchanged lines are not repeated
    assert "Globex" not in text  # an unchanged role is not listed
    assert "- **Added:** PostgreSQL" in text and "- **Removed:** Kafka" in text
    assert "## Summary" not in text and "## Education" not in text


def test_reworded_line_without_shared_evidence_pairs_by_similarity():
    new = base()
    new.roles[1].bullets = [line("d2", "Built the billing API in Go.", "c99")]
    text = diff_drafts(base(), new)
    assert "- **Changed:** Built the billing API." in text and "Added" not in text


def test_roles_added_removed_and_reordered_lines():
    new = base()
    new.roles = [
        role("r9", "Initech", "Lead", line("n", "Started the platform team.", "c10")),
        new.roles[0].model_copy(update={"bullets": list(reversed(new.roles[0].bullets))}),
    ]
    text = diff_drafts(base(), new)
    assert "### New role: Lead — Initech (2019 – 2023)" in text
    assert "- **Added:** Started the platform team." in text
    assert "### Removed role: Developer — Globex (2019 – 2023)" in text
    assert "The order of the lines changed." in text


def test_rejected_lines_do_not_count_and_sections_are_compared():
    new = base()
    new.roles[0].bullets.append(
        line("z", "Invented a time machine.", "c0", status=BulletStatus.REJECTED)
    )
    new.sections = [
        DraftSection(name="Education", bullets=[line("e", "BSc CS, 2015", "c5")]),
        DraftSection(name="Certifications", bullets=[line("k", "CKA, 2022", "c6")]),
    ]
    new.summary = []
    text = diff_drafts(base(), new)
    assert "time machine" not in text
    assert "## Certifications" in text and "- **Added:** CKA, 2022" in text
    assert "## Summary" in text and "- **Removed:** Backend engineer with 8 years" in text


def test_resume_text_is_markdown_escaped():
    new = base()
    new.roles[1].bullets.append(
        line("m", "Used *bold* <b>tags</b> and [links](x) & {{ 7*7 }}", "c7")
    )
    text = diff_drafts(base(), new)
    # Markdown emphasis never reaches the document (clean_text), so the diff shows "bold" plain
    assert r"Used bold \<b\>tags\</b\> and \[links\](x) \& {{ 7\*7 }}" in text
