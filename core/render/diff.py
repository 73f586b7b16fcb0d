"""`diff_drafts`: what changed between two tailored variants, as Markdown.

Used for `diff_from_base.md` in every run folder and for `resumeforge diff RUN_A RUN_B`. Lines are
compared as the DOCX shows them (rejected lines left out). A line counts as *changed* rather than
removed + added when it cites the same evidence or reads much the same. All resume text is
Markdown-escaped, so it shows literally in any Markdown viewer.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from difflib import SequenceMatcher

from core.contracts import BulletStatus, DraftBullet, DraftRole, ResumeDraft
from core.render.context import HEADINGS, clean_text, skill_names

MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|~&#])")
SIMILAR = 0.6
Line = tuple[str, frozenset[str]]  # (text, cited card ids)


@dataclass
class LineChanges:
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    changed: list[tuple[str, str]] = field(default_factory=list)
    reordered: bool = False

    def is_empty(self) -> bool:
        return not (self.added or self.removed or self.changed or self.reordered)


def md(text: str) -> str:
    """Resume text made literal for Markdown."""
    return MD_SPECIAL.sub(r"\\\1", clean_text(text))


def _live(bullets: Sequence[DraftBullet]) -> list[Line]:
    lines = [
        (clean_text(b.text), frozenset(b.evidence_card_ids))
        for b in bullets
        if b.status != BulletStatus.REJECTED
    ]
    return [line for line in lines if line[0]]


def _pair(
    old: list[Line],
    new: list[Line],
    left: tuple[list[int], list[int]],
    same: Callable[[Line, Line], bool],
) -> list[tuple[int, int]]:
    """Pair unpaired old and new lines that `same` accepts; removes them from `left`."""
    pairs: list[tuple[int, int]] = []
    old_left, new_left = left
    for i in list(old_left):
        j = next((j for j in new_left if same(old[i], new[j])), None)
        if j is not None:
            pairs.append((i, j))
            old_left.remove(i)
            new_left.remove(j)
    return pairs


def compare_lines(
    old_bullets: Sequence[DraftBullet], new_bullets: Sequence[DraftBullet]
) -> LineChanges:
    old, new = _live(old_bullets), _live(new_bullets)
    left = (list(range(len(old))), list(range(len(new))))
    kept = _pair(old, new, left, lambda a, b: a[0] == b[0])
    changed = _pair(old, new, left, lambda a, b: bool(a[1] & b[1]))
    changed += _pair(
        old, new, left, lambda a, b: SequenceMatcher(None, a[0], b[0]).ratio() >= SIMILAR
    )
    new_order = [j for _, j in sorted(kept)]
    return LineChanges(
        added=[new[j][0] for j in left[1]],
        removed=[old[i][0] for i in left[0]],
        changed=[(old[i][0], new[j][0]) for i, j in sorted(changed)],
        reordered=new_order != sorted(new_order),
    )


def _change_lines(changes: LineChanges) -> list[str]:
    out = [f"- **Added:** {md(text)}" for text in changes.added]
    out += [f"- **Removed:** {md(text)}" for text in changes.removed]
    for before, after in changes.changed:
        out += [f"- **Changed:** {md(before)}", f"  → {md(after)}"]
    if changes.reordered:
        out.append("- The order of the lines changed.")
    return out


def role_label(role: DraftRole) -> str:
    head = " — ".join(p for p in (clean_text(role.title), clean_text(role.company)) if p)
    when = clean_text(role.timeframe)
    return md(f"{head} ({when})" if when else head or role.role_id)


def _same_role(a: DraftRole, b: DraftRole) -> bool:
    if a.role_id and a.role_id == b.role_id:
        return True
    return (a.company.casefold(), a.title.casefold()) == (b.company.casefold(), b.title.casefold())


def _role_section(old: ResumeDraft, new: ResumeDraft) -> list[str]:
    out: list[str] = []
    unmatched = list(old.roles)
    for role in new.roles:
        before = next((r for r in unmatched if _same_role(r, role)), None)
        if before is None:
            out += [
                f"### New role: {role_label(role)}",
                *_change_lines(compare_lines([], role.bullets)),
            ]
            continue
        unmatched.remove(before)
        changes = compare_lines(before.bullets, role.bullets)
        if not changes.is_empty():
            out += [f"### {role_label(role)}", *_change_lines(changes)]
    out += [f"### Removed role: {role_label(role)}" for role in unmatched]
    return out


def _skills_section(old: ResumeDraft, new: ResumeDraft) -> list[str]:
    before, after = skill_names(old), skill_names(new)
    before_keys, after_keys = {s.casefold() for s in before}, {s.casefold() for s in after}
    added = [s for s in after if s.casefold() not in before_keys]
    removed = [s for s in before if s.casefold() not in after_keys]
    out = [f"- **Added:** {', '.join(md(s) for s in added)}"] if added else []
    return out + ([f"- **Removed:** {', '.join(md(s) for s in removed)}"] if removed else [])


def _other_sections(old: ResumeDraft, new: ResumeDraft) -> list[str]:
    out: list[str] = []
    before = {s.name.casefold(): s for s in old.sections}
    names = [s.name for s in new.sections] + [s.name for s in old.sections]
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            continue
        seen.add(name.casefold())
        after = next((s for s in new.sections if s.name.casefold() == name.casefold()), None)
        prior = before.get(name.casefold())
        changes = compare_lines(prior.bullets if prior else [], after.bullets if after else [])
        out += _block(md(name), _change_lines(changes))
    return out


def _block(heading: str, lines: list[str]) -> list[str]:
    return [f"## {heading}", "", *lines, ""] if lines else []


def diff_drafts(old: ResumeDraft | None, new: ResumeDraft) -> str:
    """Markdown: summary, per role, skills and other sections — added, removed, changed."""
    if old is None:
        return first_run_markdown(new)
    out = ["# Changes from the previous variant", ""]
    body: list[str] = []
    if clean_text(old.target_title) != clean_text(new.target_title):
        titles = [
            f"- was: {md(old.target_title) or '(none)'}",
            f"- now: {md(new.target_title) or '(none)'}",
        ]
        body += _block("Target title", titles)
    body += _block(HEADINGS.summary, _change_lines(compare_lines(old.summary, new.summary)))
    body += _block(HEADINGS.experience, _role_section(old, new))
    body += _block(HEADINGS.skills, _skills_section(old, new))
    body += _other_sections(old, new)
    out += body or ["No differences: both variants say the same.", ""]
    return "\n".join(out).rstrip("\n") + "\n"


def first_run_markdown(draft: ResumeDraft) -> str:
    out = [
        "# First run",
        "",
        "There is no earlier variant to compare with; this is everything in this one.",
        "",
    ]
    if clean_text(draft.target_title):
        out += _block("Target title", [md(draft.target_title)])
    out += _block(HEADINGS.summary, [f"- {md(text)}" for text, _ in _live(draft.summary)])
    roles: list[str] = []
    for role in draft.roles:
        roles += [f"### {role_label(role)}", *(f"- {md(t)}" for t, _ in _live(role.bullets))]
    out += _block(HEADINGS.experience, roles)
    skills = ", ".join(md(s) for s in skill_names(draft))
    out += _block(HEADINGS.skills, [skills] if skills else [])
    for section in draft.sections:
        out += _block(md(section.name), [f"- {md(t)}" for t, _ in _live(section.bullets)])
    return "\n".join(out).rstrip("\n") + "\n"
