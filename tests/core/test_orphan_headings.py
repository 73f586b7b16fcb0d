"""No heading or role header is left alone at the bottom of a PDF page: the Typst layout keeps a
heading with what follows it, and `orphan_headings` (core/evaluation/output_checks.py) reads the
exported PDF's pages to prove it. Drafts of every length from a few lines to three pages are
typeset, so wherever a page break falls it falls once before each heading."""

from __future__ import annotations

import pytest

from core.contracts import DraftBullet, DraftSection
from core.evaluation.output_checks import orphan_headings
from core.render.pdf_render import page_texts, pdf_bytes
from tests.core.test_render_docx import sample_contact, sample_draft

TEMPLATES = ("classic", "ats_plain", "compact")


def _draft(lines: int):
    """The sample draft with `lines` filler lines in its first role, and three more sections."""
    draft = sample_draft()
    role = draft.roles[0]
    role.bullets = role.bullets + [
        DraftBullet(id=f"f{n}", text=f"Ran release train {n} for the payments team each week.")
        for n in range(lines)
    ]
    for name in ("Projects", "Certifications", "Volunteering"):
        extra = [
            DraftBullet(id=f"{name}{n}", text=f"{name} entry {n} of the year") for n in range(3)
        ]
        draft.sections.append(DraftSection(name=name, bullets=extra))
    return draft


def test_the_check_finds_a_page_ending_with_a_heading_or_a_roles_header(tmp_path):
    """The check itself, on PDFs typeset with a forced break after a heading / a role header."""
    import typst

    draft = _draft(0)
    headline = f"{draft.roles[0].title} — {draft.roles[0].company}"
    for last in ("PROJECTS", headline):
        source = tmp_path / "forced.typ"
        source.write_text(f"Some line\\\n{last}\n#pagebreak()\nThe lines it heads\n")
        pdf = bytes(typst.compile(str(source)))
        assert len(page_texts(pdf)) == 2
        assert orphan_headings(pdf, draft) == [f"page 1 ends with the heading {last!r}"]
    one_page = pdf_bytes(draft, sample_contact(), template="classic")
    assert len(page_texts(one_page)) == 1 and orphan_headings(one_page, draft) == []


@pytest.mark.parametrize("template", TEMPLATES)
def test_no_page_ends_with_a_heading_wherever_the_break_falls(template):
    found = {}
    pages_seen = set()
    for lines in range(20, 120, 3):
        draft = _draft(lines)
        pdf = pdf_bytes(draft, sample_contact(), template=template)
        pages_seen.add(len(page_texts(pdf)))
        if faults := orphan_headings(pdf, draft):
            found[lines] = faults
    assert pages_seen & {2, 3}, "the drafts must break across pages"
    assert not found, found


@pytest.mark.parametrize("template", TEMPLATES)
def test_no_page_ends_with_a_roles_header(template):
    """Many roles of a few lines each: a role's header never stays behind without its lines."""
    found = {}
    for extra in range(8, 30):
        draft = sample_draft()
        base = draft.roles[0]
        for n in range(extra):
            role = base.model_copy(deep=True)
            role.role_id = f"r{n}"
            role.title = f"Engineer grade {n}"
            draft.roles.append(role)
        pdf = pdf_bytes(draft, sample_contact(), template=template)
        if faults := orphan_headings(pdf, draft):
            found[extra] = faults
    assert not found, found
