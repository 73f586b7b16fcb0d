"""Page fit measured on the typeset document, not estimated from line counts.

The writer's estimate (core/writer/budget.py) gets the draft close; here the PDF layout (same
content, fonts, sizes and margins as the DOCX template) is typeset and measured: while the
document runs over `max_pages`, or its last page holds only a sliver (less than
`SPARSE_LAST_PAGE` of a page: a second page with one line), the least relevant line goes —
the last bullet of the role with the most bullets (the writer orders bullets by relevance),
then the last line of the other sections, then summary lines after the first. Only whole lines
are removed, so nothing becomes less true; they are listed in `draft.dropped`. Lines in `keep`
(the ones the user accepted or wrote) are never taken: when only such lines could go, the
document stays longer and the caller says so.
"""

from __future__ import annotations

from collections.abc import Collection

from core.contracts import ContactInfo, DraftBullet, ResumeDraft
from core.render.pdf_render import PageLayout, page_layout

SPARSE_LAST_PAGE = 0.25
MAX_ROUNDS = 12
LINES_PER_PAGE = 46  # a rough page of body lines, to drop several lines per measurement


def _needs_trim(layout: PageLayout, max_pages: int) -> bool:
    if layout.pages > max_pages:
        return True
    return layout.pages > 1 and layout.last_page_fill < SPARSE_LAST_PAGE


def _lines_to_drop(layout: PageLayout, max_pages: int) -> int:
    """How many lines to drop before measuring again: about a third of the overflow in lines
    (an underestimate, as lines often wrap, so the loop closes in without overshooting)."""
    target = max_pages if layout.pages > max_pages else layout.pages - 1
    overflow = (layout.pages - 1 - target) + layout.last_page_fill
    return max(1, int(overflow * LINES_PER_PAGE / 3))


def _last_free(bullets: list[DraftBullet], keep: Collection[str]) -> DraftBullet | None:
    return next((b for b in reversed(bullets) if b.id not in keep), None)


def _least_relevant(draft: ResumeDraft, keep: Collection[str] = ()) -> DraftBullet | None:
    roles = sorted(draft.roles, key=lambda r: len(r.bullets), reverse=True)  # stable on ties
    for role in roles:  # a role keeps its first two lines here
        if victim := _last_free(role.bullets[2:], keep):
            return victim
    for section in reversed(draft.sections):
        if victim := _last_free(section.bullets, keep):
            return victim
    for role in roles:  # then its second
        if victim := _last_free(role.bullets[1:], keep):
            return victim
    return _last_free(draft.summary[1:], keep)


def fit_rendered_pages(
    draft: ResumeDraft,
    contact: ContactInfo,
    *,
    template: str,
    max_pages: int,
    keep: Collection[str] = (),
) -> tuple[ResumeDraft, PageLayout]:
    """`draft` trimmed until its typeset pages fit (module doc), with the measured layout; the
    lines in `keep` stay."""
    draft = draft.model_copy(deep=True)
    layout = page_layout(draft, contact, template=template)
    victim: DraftBullet | None = None
    for _ in range(MAX_ROUNDS):
        if not _needs_trim(layout, max_pages):
            break
        for _ in range(_lines_to_drop(layout, max_pages)):
            victim = _least_relevant(draft, keep)
            if victim is None:
                break
            draft.drop_lines({victim.id})
        if victim is None:
            break
        layout = page_layout(draft, contact, template=template)
    return draft, layout
