"""The user's decisions on a draft (edited words, accepted and rejected lines), carried to the
draft written next, so a regenerate or a re-map never silently undoes them.

A line of the new draft is "the same line" as one of the old draft when it sits in the same
place (the summary, one role, one section) and cites the same evidence cards. A decided line
with no such partner is added back to its place (edited and accepted lines; a rejected line that
is not written again needs nothing). A decided line whose evidence is gone (an answer the user
withdrew) is not carried: it is reported as lost instead, because nothing would support it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from core.contracts import BulletStatus, DraftBullet, DraftRole, DraftSection, ResumeDraft

SUMMARY = "summary"


@dataclass
class Carried:
    """What carrying did: the new draft, and which of its lines came from the old one."""

    draft: ResumeDraft
    decided: list[str] = field(default_factory=list)  # lines given the user's decision again
    added_back: list[str] = field(default_factory=list)  # decided lines the writer left out
    words_kept: list[str] = field(default_factory=list)  # untouched lines kept word for word
    lost: list[DraftBullet] = field(default_factory=list)  # their evidence is gone

    @property
    def touched(self) -> list[str]:
        """Lines whose text or status came from the old draft (to be audited again)."""
        return [*self.decided, *self.added_back, *self.words_kept]


def is_decided(bullet: DraftBullet) -> bool:
    return bullet.status != BulletStatus.PROPOSED


def has_decisions(draft: ResumeDraft | None) -> bool:
    return draft is not None and any(is_decided(b) for b in draft.all_bullets())


def placed(draft: ResumeDraft) -> Iterator[tuple[str, DraftBullet]]:
    """Every line of the draft with its place: "summary", "role:<id>" or "section:<name>"."""
    for bullet in draft.summary:
        yield SUMMARY, bullet
    for role in draft.roles:
        for bullet in role.bullets:
            yield f"role:{role.role_id}", bullet
    for section in draft.sections:
        for bullet in section.bullets:
            yield f"section:{section.name}", bullet


def _key(place: str, bullet: DraftBullet) -> tuple[str, frozenset[str]]:
    return place, frozenset(bullet.evidence_card_ids)


def carry_decisions(
    old: ResumeDraft,
    new: ResumeDraft,
    *,
    known_cards: set[str],
    keep_words_unless: set[str] | None = None,
) -> Carried:
    """`new` with the user's decisions on `old` applied. With `keep_words_unless` (the cards
    that changed since `old` was written), an undecided line that cites none of them keeps
    its old words: only what the change affects is rewritten."""
    draft = new.model_copy(deep=True)
    result = Carried(draft=draft)
    partners: dict[tuple[str, frozenset[str]], list[DraftBullet]] = {}
    for place, bullet in placed(draft):
        partners.setdefault(_key(place, bullet), []).append(bullet)
    old_lines = list(placed(old))
    for place, mine in old_lines:
        if not is_decided(mine):
            continue
        if any(card not in known_cards for card in mine.evidence_card_ids):
            if mine.status != BulletStatus.REJECTED:
                result.lost.append(mine)
            continue
        waiting = partners.get(_key(place, mine))
        if waiting:
            partner = waiting.pop(0)
            partner.text, partner.status, partner.origin = mine.text, mine.status, mine.origin
            result.decided.append(partner.id)
        elif mine.status != BulletStatus.REJECTED:
            result.added_back.append(_add_back(draft, old, place, mine))
    if keep_words_unless is not None:
        for place, mine in old_lines:
            waiting = partners.get(_key(place, mine))
            if is_decided(mine) or not waiting or set(mine.evidence_card_ids) & keep_words_unless:
                continue
            partner = waiting.pop(0)
            if partner.text != mine.text:
                partner.text, partner.origin = mine.text, mine.origin
                result.words_kept.append(partner.id)
    return result


def _add_back(draft: ResumeDraft, old: ResumeDraft, place: str, bullet: DraftBullet) -> str:
    """Put a decided line the writer left out back in its place; returns its id there."""
    taken = {b.id for b in draft.all_bullets()} | {b.id for b in draft.dropped}
    line = bullet.model_copy()
    while line.id in taken:
        line.id = f"{line.id}-kept"
    if place == SUMMARY:
        draft.summary = [*draft.summary, line]
    elif place.startswith("role:"):
        role_id = place.removeprefix("role:")
        role = next((r for r in draft.roles if r.role_id == role_id), None)
        if role is None:
            header = next((r for r in old.roles if r.role_id == role_id), None)
            role = DraftRole(role_id=role_id) if header is None else header.model_copy()
            role.bullets = [line]
            draft.roles = [*draft.roles, role]
        else:
            role.bullets.append(line)
    else:
        name = place.removeprefix("section:")
        section = next((s for s in draft.sections if s.name == name), None)
        if section is None:
            draft.sections = [*draft.sections, DraftSection(name=name, bullets=[line])]
        else:
            section.bullets.append(line)
    return line.id


@dataclass
class PendingChanges:
    """What changed since the draft was written, by the user's hand: answer cards added,
    edited or withdrawn, and whether anything needs every line rewritten (a gap strategy, a
    "don't have this" given or taken back)."""

    cards: set[str] = field(default_factory=set)
    answers: bool = False
    rewrite_all: bool = False

    def keep_words_unless(self) -> set[str] | None:
        """The cards whose lines must be rewritten; None: rewrite every undecided line."""
        return set(self.cards) if self.answers and not self.rewrite_all else None

    def to_json(self) -> dict[str, object]:
        return {"cards": sorted(self.cards), "answers": self.answers, "all": self.rewrite_all}

    @classmethod
    def from_json(cls, data: object) -> PendingChanges:
        if not isinstance(data, dict):
            return cls()
        cards = data.get("cards", [])
        return cls(
            cards={str(c) for c in cards} if isinstance(cards, list) else set(),
            answers=bool(data.get("answers")),
            rewrite_all=bool(data.get("all")),
        )


@dataclass
class CarrySource:
    """The draft a rewrite takes the user's decisions from: the last one written or reopened
    for a job, with the texts of the evidence it was written from. A decided line is carried
    only while the cards it cites still say the same (another resume, an answer changed or
    withdrawn: the line is reported lost instead)."""

    job: tuple[str, str]  # the job ad's text and the target title
    draft: ResumeDraft
    cards: dict[str, str]  # card id -> its text when the draft was written

    def known_cards(self, cards: dict[str, str]) -> set[str]:
        """Of `cards` (id -> text now), those a carried line may still cite."""
        return {c for c, text in cards.items() if self.cards.get(c, text) == text}
