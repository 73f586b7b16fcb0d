"""Build evidence cards with stable, readable ids and full provenance."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from core.contracts import CardKind, EvidenceCard, Provenance, RoleEntry
from core.ingest.evidence import card_skills, extract_scope, leadership_signals
from core.ingest.layout import Item
from core.ingest.metrics import extract_metrics
from core.ingest.roles import is_org, strip_markup, title_score
from core.ingest.sentences import sentence_spans
from core.text.dates import first_range, stated_periods

ID_PREFIX = {
    CardKind.EXPERIENCE_BULLET: "exp",
    CardKind.ROLE_SENTENCE: "exp",
    CardKind.SUMMARY: "sum",
    CardKind.SKILL: "skl",
    CardKind.EDUCATION: "edu",
    CardKind.CERTIFICATION: "cert",
    CardKind.PROJECT: "prj",
    CardKind.PUBLICATION: "pub",
    CardKind.VOLUNTEERING: "vol",
    CardKind.AWARD: "awd",
    CardKind.OTHER: "oth",
}
_AT_ORG = re.compile(r"\bat (?:the )?([A-Z][\w.&'’-]*(?: (?:[A-Z][\w.&'’-]*|of|for|and|the))*)")
_SIDE_ROLES = frozenset(
    [
        "coach",
        "reviewer",
        "judge",
        "mentor",
        "volunteer",
        "organizer",
        "co-organizer",
        "panelist",
        "speaker",
        "author",
        "chair",
        "treasurer",
        "secretary",
        "trustee",
        "board",
    ]
)
_NAME_WORD = r"[A-Z][\w.&'’/-]*"
_PROPER_TAIL = re.compile(rf"{_NAME_WORD}(?:\s+(?:(?:of|for|and|the|&)\s+)?{_NAME_WORD})*$")
_TITLED = re.compile(r"^\**(?P<name>[^()*,]{3,90}?)\s*\((?P<meta>[^()]*)\)[.:]?\**[.:]?\s*$")
# a title line above its story may hold commas: 'Sedgefield Water Main, Phase 2 (2022 – 2023)'
# (short brackets: 'AutoCAD (daily since 2018: surfaces, corridors, …)' is no title)
_TITLE_LINE = re.compile(
    r"^\**(?P<name>[^()*]{3,90}?)\s*\((?P<meta>[^()]{1,40})\)[.:]?\**[.:]?\s*$"
)


@dataclass
class Context:
    """Role or project context shared by the cards of one item."""

    company: str = ""
    role: str = ""
    timeframe: str = ""
    location: str = ""
    role_id: str | None = None
    project: str = ""


@dataclass
class CardFactory:
    source: str
    skill_terms: list[str]
    cards: list[EvidenceCard] = field(default_factory=list)
    counters: dict[str, int] = field(default_factory=dict)

    def next_number(self, key: str) -> int:
        self.counters[key] = self.counters.get(key, 0) + 1
        return self.counters[key]

    def add(
        self,
        card_id: str,
        kind: CardKind,
        section: str,
        item: Item,
        span: tuple[int, int],
        ctx: Context,
    ) -> EvidenceCard:
        first, last, char_start, char_end = item.span_lines(*span)
        where = Provenance(
            source=self.source,
            section=section,
            line_start=first,
            line_end=last,
            char_start=char_start,
            char_end=char_end,
        )
        return self.make(card_id, kind, item.text[span[0] : span[1]], ctx, where)

    def make(
        self,
        card_id: str,
        kind: CardKind,
        raw: str,
        ctx: Context,
        where: Provenance,
        section: str | None = None,
    ) -> EvidenceCard:
        """One card from exact source text: metrics, skills, scope and leadership filled in."""
        card = EvidenceCard(
            id=card_id,
            kind=kind,
            section=where.section if section is None else section,
            project=ctx.project,
            company=ctx.company,
            role=ctx.role,
            timeframe=ctx.timeframe,
            location=ctx.location,
            role_id=ctx.role_id,
            scope=extract_scope(raw),
            metrics=extract_metrics(raw),
            skills=card_skills(raw, self.skill_terms),
            leadership_signals=leadership_signals(raw),
            raw_text=raw,
            provenance=where,
        )
        self.cards.append(card)
        return card

    def whole(self, card_id: str, kind: CardKind, section: str, item: Item, ctx: Context) -> None:
        self.add(card_id, kind, section, item, (0, len(item.text)), ctx)

    def sentences(self, base: str, kind: CardKind, section: str, item: Item, ctx: Context) -> None:
        for n, span in enumerate(sentence_spans(item.text), start=1):
            self.add(f"{base}-s{n:02d}", kind, section, item, span, ctx)


def role_context(role: RoleEntry | None) -> Context:
    if role is None:
        return Context()
    return Context(role.company, role.title, role.timeframe, role.location, role.id)


def _known_role(text: str, roles: list[RoleEntry], year: str | None) -> RoleEntry | None:
    matches = [
        r for r in roles if r.company and re.search(rf"\b{re.escape(r.company)}\b", text, re.I)
    ]
    if year:
        for role in matches:
            start, end = (role.start or "")[:4], (role.end or "")[:4]
            if start and start <= year and (end in ("", "pres") or year <= end):
                return role
    return matches[0] if matches else None


def side_context(
    text: str, roles: list[RoleEntry], *, titled_only: bool, title_line: str = ""
) -> Context:
    """Project / volunteering / award context: name, employer, role, dates named in the text.

    `titled_only` (paragraphs): only a leading title sentence such as 'The onboarding rebuild
    (Stridewell, 2021-2022).' gives context, so a stray year in a story never becomes a date.
    """
    ctx = Context()
    spans = sentence_spans(text)
    first = text[: spans[0][1]] if len(spans) > 1 else ""  # a title sentence, then the story
    bold = re.match(r"\s*\*\*(.+?)\*\*", text)
    titled = (
        _TITLED.match(first)
        or _TITLE_LINE.match(title_line)  # 'Evergreen clean-up (2023)' on a line above its story
        or (_TITLED.match(bold.group(1)) if bold else None)
    )
    if titled:
        ctx.project = titled.group("name").strip(" *")
        scope = titled.group("meta") + " " + ctx.project
    elif titled_only:
        return ctx
    else:
        if bold:
            ctx.project = bold.group(1).strip(" *.:")
        scope = text
    date = first_range(scope)
    ctx.timeframe = stated_periods(scope)  # every period it states: 'earned …, expires …'
    role = _known_role(scope, roles, date.start[:4] if date and date.start else None)
    if role is not None:
        ctx.company, ctx.role, ctx.role_id = role.company, role.title, role.id
    elif (org := _AT_ORG.search(scope)) and is_org(org.group(1)):
        ctx.company = org.group(1).strip()
    if not ctx.role:
        lead = re.split(r"[,:;(]", strip_markup(text), maxsplit=1)[0].strip()
        words = {w.lower() for w in lead.split()}
        named = title_score(lead) > 0 or words & _SIDE_ROLES
        if 0 < len(lead.split()) <= 4 and named and not ctx.project:
            ctx.role = lead
    if not ctx.company and not titled:
        ctx.company = _named_org(strip_markup(text), after_role=bool(ctx.role))
    return ctx


def side_item_context(
    item: Item, roles: list[RoleEntry], entry: Context | None
) -> tuple[Context, Context | None]:
    """One item of a side section: its context, and the dated entry heading the bullets after
    it are under (a paragraph that is no such heading closes the entry above)."""
    bullet = item.kind == "bullet"
    title_line = item.lines[0].content if len(item.lines) > 1 or not bullet else ""
    ctx = side_context(item.text, roles, titled_only=item.kind == "para", title_line=title_line)
    if bullet:
        return under_entry(ctx, entry), entry
    return ctx, (ctx if entry_heading(ctx, title_line) else None)


def entry_heading(ctx: Context, title_line: str) -> bool:
    """A dated entry heading of a side section ('Riverside Pump Station Upgrade (2023 – 2024)'
    alone or over its 'Client: … | Role: …' line): the bullets under it are that entry's."""
    titled = _TITLE_LINE.match(title_line)
    return bool(titled and ctx.project and first_range(titled.group("meta")))


def under_entry(ctx: Context, entry: Context | None) -> Context:
    """A bullet under a dated entry heading takes the entry's name and dates where it states
    none of its own, and its organisation and role when it names neither."""
    if entry is None:
        return ctx
    ctx.project = ctx.project or entry.project
    ctx.timeframe = ctx.timeframe or entry.timeframe
    if not (ctx.company or ctx.role or ctx.role_id):
        ctx.company, ctx.role, ctx.role_id = entry.company, entry.role, entry.role_id
    return ctx


def _named_org(text: str, *, after_role: bool) -> str:
    """The organisation a side entry names first: 'Central Connecticut Paralegal Association,
    member since 2014', or right after its role: 'Volunteer coordinator, Second Helping ATX
    food rescue, 2021–present'."""
    pieces = [p.strip() for p in re.split(r"[,;:]", re.sub(r"\([^()]*\)", "", text))[:3]]
    first = pieces[0] if pieces else ""
    head_noun = is_org(first.split()[-1]) if first else False  # '… Paralegal Association'
    if is_org(first) and (head_noun or not title_score(first)) and len(first.split()) <= 8:
        tail = _PROPER_TAIL.search(first)  # 'Active member of local Python User Group'
        return tail.group(0) if tail and is_org(tail.group(0)) else ""
    if after_role and len(pieces) > 1:
        name = pieces[1]
        if name[:1].isupper() and len(name.split()) <= 6 and first_range(name) is None:
            return name
    return ""
