"""The LLM writer: rewrites the extractive draft under the SDD's rules (evidence only, cite by
id, results first, no AI voice, numbers unchanged).

The model sees the roles and the cards chosen for them (no contact details). Whatever it
returns is checked structurally here: unknown roles or card ids never reach the draft (the
response model already rejects unknown ids; this is the second lock), and a role the model
leaves empty keeps its extractive lines. Any provider failure → the extractive draft.
Model text is NFKC-normalised with invisible and bidi control characters removed
(`model_line`), so a claim spelled in fullwidth or zero-width-split letters looks to the audit
exactly as it will look to a reader or an ATS. The truth audit afterwards decides what may ship.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from core.contracts import DraftBullet, EvidenceCard, GapResolution, GapStrategy, ResumeDraft
from core.errors import ProviderError
from core.ingest.textnorm import normalize_text
from core.writer.extractive import tidy


def model_line(text: str) -> str:
    """A line the model wrote, as plain text: NFKC ('Ｋｕｂｅ' → 'Kube'), no zero-width or bidi
    controls, one line, tidied."""
    return tidy(normalize_text(unicodedata.normalize("NFKC", text)))


def _prompt_roles(draft: ResumeDraft, cards: dict[str, EvidenceCard]) -> list[dict]:
    roles = []
    for role in draft.roles:
        ids = [cid for b in role.bullets for cid in b.evidence_card_ids]
        roles.append(
            {
                "role_id": role.role_id,
                "company": role.company,
                "title": role.title,
                "timeframe": role.timeframe,
                "cards": [{"id": i, "text": cards[i].raw_text} for i in ids if i in cards],
            }
        )
    return roles


def rewrite_with_llm(
    base: ResumeDraft,
    *,
    llm,
    cards: Sequence[EvidenceCard],
    gaps: Sequence[GapResolution],
    storylines: Sequence[str],
    max_pages: int,
    revision_notes: Sequence[str],
    exclude_ids: set[str] | frozenset[str],
):
    from core.llm.prompts import render_prompt
    from core.llm.responses import WriterResponse
    from core.writer import WriterOutput

    by_id = {c.id: c for c in cards if c.id not in exclude_ids}
    prompt = render_prompt(
        "writer",
        target_title=base.target_title,
        storylines=list(storylines),
        roles=_prompt_roles(base, by_id),
        gaps=[
            {"requirement": g.requirement_text, "strategy": g.strategy.value}
            for g in gaps
            if g.strategy != GapStrategy.ASK_USER
        ],
        max_pages=max_pages,
        revision_notes=list(revision_notes),
    )
    try:
        response = llm.structured(
            prompt,
            WriterResponse,
            stage="writer",
            validation_context={"valid_card_ids": set(by_id)},
        )
    except ProviderError as err:
        note = f"Model writer failed ({err.kind}); used the extractive draft."
        return WriterOutput(draft=base, engine="offline", change_log=[note])
    draft = base.model_copy(deep=True)
    summary = [
        DraftBullet(
            id=f"summary-{n}",
            text=model_line(s.text),
            evidence_card_ids=_known(s, by_id),
            origin="llm",
        )
        for n, s in enumerate(response.summary, 1)
    ]
    if summary and all(b.evidence_card_ids for b in summary):
        draft.summary = summary
    written = {r.role_id: r for r in response.roles}
    for role in draft.roles:
        model_role = written.get(role.role_id)
        bullets = [
            DraftBullet(
                id=f"{role.role_id}-b{n}",
                text=model_line(b.text),
                evidence_card_ids=_known(b, by_id),
                origin="llm",
            )
            for n, b in enumerate(model_role.bullets if model_role else [], 1)
        ]
        bullets = [b for b in bullets if b.evidence_card_ids]
        if bullets:
            role.bullets = bullets
    return WriterOutput(draft=draft, engine=llm.model, change_log=list(response.change_log))


def _known(item, by_id: dict[str, EvidenceCard]) -> list[str]:
    return [i for i in item.evidence_card_ids if i in by_id]
