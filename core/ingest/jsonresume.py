"""JSON Resume (jsonresume.org schema) → ParsedResume; provenance section is the JSON path."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from core.contracts import CardKind, ContactInfo, ParsedResume, Provenance, RoleEntry
from core.errors import EvidenceParsingError, InputError
from core.ingest.cards import CardFactory, Context, role_context
from core.ingest.injection import detect_injection
from core.ingest.sentences import sentence_spans
from core.ingest.textnorm import normalize_text
from core.text.dates import normalize_point

KNOWN_KEYS = {
    "basics", "work", "volunteer", "education", "awards", "certificates", "publications",
    "skills", "languages", "interests", "references", "projects", "meta",
}  # fmt: skip


@dataclass(frozen=True)
class EntrySpec:
    """How one JSON Resume list maps onto cards."""

    kind: CardKind
    section: str
    prefix: str
    org: str  # field naming the organisation
    title: str  # field naming the position / item
    dates: tuple[str, ...] = ("startDate", "endDate")


ENTRY_SPECS = {
    "work": EntrySpec(CardKind.EXPERIENCE_BULLET, "Experience", "exp", "name", "position"),
    "volunteer": EntrySpec(
        CardKind.VOLUNTEERING, "Volunteering", "vol", "organization", "position"
    ),
    "projects": EntrySpec(CardKind.PROJECT, "Projects", "prj", "entity", "name"),
    "awards": EntrySpec(CardKind.AWARD, "Awards", "awd", "awarder", "title", ("date",)),
    "certificates": EntrySpec(
        CardKind.CERTIFICATION, "Certificates", "cert", "issuer", "name", ("date",)
    ),
    "publications": EntrySpec(
        CardKind.PUBLICATION, "Publications", "pub", "publisher", "name", ("releaseDate",)
    ),
}
SECTION_OF = {key: spec.section for key, spec in ENTRY_SPECS.items()} | {
    "basics": "Summary",
    "education": "Education",
    "skills": "Skills",
}


def _text(value: Any) -> str:
    return normalize_text(value).strip() if isinstance(value, str) else ""


def _load(text: str, source: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise InputError(
            f"{source} is not valid JSON (line {err.lineno}, column {err.colno}: {err.msg})."
        ) from err
    if not isinstance(data, dict) or not (set(data) & (KNOWN_KEYS - {"meta"})):
        raise InputError(
            f"{source} is JSON but not a JSON Resume (jsonresume.org): expected keys such as "
            "'basics', 'work', 'education' and 'skills' at the top level."
        )
    if not isinstance(data.get("work", []), list) or not isinstance(data.get("basics", {}), dict):
        raise InputError(
            f"{source} is not a valid JSON Resume: 'work' must be a list and 'basics' an object."
        )
    return data


def _timeframe(entry: dict[str, Any], *dates: str) -> tuple[str, str | None, str | None]:
    start = _text(entry.get(dates[0]))
    end = _text(entry.get(dates[1])) if len(dates) > 1 else ""
    if not start:
        return "", None, None
    if len(dates) > 1 and not end:
        end = "Present"
    written = f"{start} – {end}" if end else start
    return written, normalize_point(start[:7]), normalize_point(end[:7]) if end else None


def _contact(basics: dict[str, Any]) -> ContactInfo:
    raw_location = basics.get("location")
    location: dict[str, Any] = raw_location if isinstance(raw_location, dict) else {}
    place = ", ".join(
        _text(location.get(k)) for k in ("city", "region", "countryCode") if _text(location.get(k))
    )
    links = [_text(basics.get("url"))] + [
        _text(p.get("url")) for p in basics.get("profiles", []) or [] if isinstance(p, dict)
    ]
    return ContactInfo(
        name=_text(basics.get("name")),
        email=_text(basics.get("email")),
        phone=_text(basics.get("phone")),
        location=place,
        links=[link for link in links if link],
    )


class JsonResumeBuilder:
    def __init__(self, data: dict[str, Any], source: str) -> None:
        self.data = data
        self.source = source
        terms = [t for s in self._list("skills") for t in self._skill_line_terms(s)]
        self.factory = CardFactory(source, list(dict.fromkeys(terms)))
        self.roles: list[RoleEntry] = []
        self.education: list[RoleEntry] = []

    def _list(self, key: str) -> list[dict[str, Any]]:
        value = self.data.get(key) or []
        return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []

    @staticmethod
    def _skill_line_terms(skill: dict[str, Any]) -> list[str]:
        keywords = [_text(k) for k in skill.get("keywords", []) or [] if _text(k)]
        return [t for t in [_text(skill.get("name")), *keywords] if t]

    def card(self, card_id: str, kind: CardKind, raw: str, ctx: Context, path: str) -> None:
        where = Provenance(source=self.source, section=path)
        section = SECTION_OF.get(path.split("[")[0].split(".")[0], "")
        self.factory.make(card_id, kind, raw, ctx, where, section=section)

    def sentences(self, base: str, kind: CardKind, text: str, ctx: Context, path: str) -> None:
        for n, (start, end) in enumerate(sentence_spans(text), start=1):
            self.card(f"{base}-s{n:02d}", kind, text[start:end], ctx, path)

    def entries(self, key: str) -> None:
        spec = ENTRY_SPECS[key]
        for i, entry in enumerate(self._list(key)):
            timeframe, start, end = _timeframe(entry, *spec.dates)
            ctx = Context(
                company=_text(entry.get(spec.org)) or _text(entry.get("company")),
                role=_text(entry.get(spec.title)),
                timeframe=timeframe,
                location=_text(entry.get("location")),
            )
            base = f"{spec.prefix}-{i + 1:02d}"
            if key == "work":
                role = RoleEntry(id=f"r{i + 1:02d}", section=spec.section, company=ctx.company,
                                 title=ctx.role, location=ctx.location, timeframe=timeframe,
                                 start=start, end=end)  # fmt: skip
                self.roles.append(role)
                ctx, base = role_context(role), f"exp-{role.id}"
            elif ctx.role:
                ctx.project = ctx.role if key == "projects" else ""
                self.card(f"{base}-t", spec.kind, ctx.role, ctx, f"{key}[{i}].{spec.title}")
            self._entry_text(key, i, entry, base, ctx)

    def _entry_text(self, key: str, i: int, entry: dict[str, Any], base: str, ctx: Context) -> None:
        kind = ENTRY_SPECS[key].kind
        paragraph_kind = CardKind.ROLE_SENTENCE if key == "work" else kind
        for field in ("summary", "description"):
            if text := _text(entry.get(field)):
                self.sentences(
                    f"{base}-{field[0]}", paragraph_kind, text, ctx, f"{key}[{i}].{field}"
                )
        for j, highlight in enumerate(entry.get("highlights", []) or []):
            if text := _text(highlight):
                self.card(f"{base}-b{j + 1:02d}", kind, text, ctx, f"{key}[{i}].highlights[{j}]")

    def education_entries(self) -> None:
        for i, entry in enumerate(self._list("education")):
            timeframe, start, end = _timeframe(entry, "startDate", "endDate")
            parts = (_text(entry.get("studyType")), _text(entry.get("area")))
            role = RoleEntry(id=f"e{i + 1:02d}", section="Education",
                             company=_text(entry.get("institution")),
                             title=", ".join(t for t in parts if t), timeframe=timeframe,
                             start=start, end=end)  # fmt: skip
            self.education.append(role)
            ctx = role_context(role)
            if raw := ", ".join(t for t in (role.title, role.company) if t):
                self.card(f"edu-{i + 1:02d}", CardKind.EDUCATION, raw, ctx, f"education[{i}]")
            for j, course in enumerate(entry.get("courses", []) or []):
                if text := _text(course):
                    path = f"education[{i}].courses[{j}]"
                    self.card(f"edu-{i + 1:02d}-c{j + 1:02d}", CardKind.EDUCATION, text, ctx, path)

    def skills(self) -> None:
        for i, skill in enumerate(self._list("skills")):
            name, keywords = _text(skill.get("name")), self._skill_line_terms(skill)[1:]
            listed = ", ".join(keywords)
            raw = f"{name}: {listed}" if name and keywords else name or listed
            if raw:
                self.card(f"skl-{i + 1:02d}", CardKind.SKILL, raw, Context(), f"skills[{i}]")


def parse_json_resume(text: str, *, source_name: str) -> ParsedResume:
    data = _load(text, source_name)
    builder = JsonResumeBuilder(data, source_name)
    raw_basics = data.get("basics")
    basics: dict[str, Any] = raw_basics if isinstance(raw_basics, dict) else {}
    if summary := _text(basics.get("summary")):
        builder.sentences("sum-01", CardKind.SUMMARY, summary, Context(), "basics.summary")
    for key in ENTRY_SPECS:
        builder.entries(key)
    builder.education_entries()
    builder.skills()
    if not builder.factory.cards:
        raise EvidenceParsingError(
            f"{source_name} is a JSON Resume with no work, education, skills or other "
            "entries to use as evidence."
        )
    skipped = [k for k in ("languages", "interests", "references") if data.get(k)]
    warnings = [f"Skipped JSON Resume section(s): {', '.join(skipped)}."] if skipped else []
    normalized = normalize_text(text)
    return ParsedResume(
        source_name=source_name,
        content_hash=hashlib.sha256(normalized.encode("utf-8")).hexdigest(),
        contact=_contact(basics),
        sections=[k for k in data if k in KNOWN_KEYS and k != "meta" and data[k]],
        roles=builder.roles,
        education=builder.education,
        cards=builder.factory.cards,
        skills=builder.factory.skill_terms,
        warnings=warnings,
        suspicious_instructions=detect_injection(
            "\n".join(c.raw_text for c in builder.factory.cards)
        ),
    )
