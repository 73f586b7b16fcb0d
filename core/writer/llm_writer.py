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

from core.contracts import (
    DraftBullet,
    EvidenceCard,
    GapResolution,
    GapStrategy,
    LLMStage,
    ResumeDraft,
)
from core.errors import ProviderError
from core.ingest.textnorm import normalize_text
from core.writer.budget import fit_to_pages, left_out
from core.writer.lines import capitalise, implied_subject, strip_markdown
from core.writer.markup import has_content
from core.writer.text_rules import text_problems


def model_line(text: str) -> str:
    """A line the model wrote, as plain text: NFKC ('Ｋｕｂｅ' → 'Kube'), no zero-width or bidi
    controls, no Markdown or HTML markup (a link keeps its words, never its address; images and
    tags go), one line, implied subject ("I led" → "Led"), tidied."""
    plain = strip_markdown(normalize_text(unicodedata.normalize("NFKC", text)))
    return capitalise(implied_subject(plain))


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
        LLMStage.WRITER,
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
            stage=LLMStage.WRITER,
            validation_context={"valid_card_ids": set(by_id)},
        )
    except ProviderError as err:
        note = f"Model writer failed ({err.kind}); used the extractive draft."
        return WriterOutput(draft=base, engine="offline", change_log=[note])
    draft = merge_model_lines(base, response, known_ids=set(by_id))
    return WriterOutput(draft=draft, engine=llm.model, change_log=list(response.change_log))


def fit_model_output(output, *, score: dict[str, float], max_pages: int):
    """The model's draft under the page budget the extractive draft keeps (`fit_to_pages`: the
    least relevant line goes first, every role keeps one); what was left out is counted in the
    change log, not listed with the lines the audit removed."""
    fitted = fit_to_pages(output.draft, score=score, max_pages=max_pages)
    gone = left_out(output.draft, fitted)
    if not gone:
        return output
    note = f"Left out {len(gone)} of the model's line(s) to fit {max_pages} page(s)."
    return output.model_copy(update={"draft": fitted, "change_log": [*output.change_log, note]})


def merge_model_lines(base: ResumeDraft, response, *, known_ids: set[str]) -> ResumeDraft:
    """The base draft with the model's summary and role bullets in place of its own, where the
    model wrote usable lines; a role (or the summary) it left without any keeps the base's."""
    draft = base.model_copy(deep=True)
    summary = model_bullets(response.summary, prefix="summary-", known_ids=known_ids)
    if summary and all(_cites(line, known_ids) for line in response.summary):  # all cited or none
        draft.summary = summary
    written = {r.role_id: r for r in response.roles}
    for role in draft.roles:
        model_role = written.get(role.role_id)
        lines = model_role.bullets if model_role else []
        bullets = model_bullets(lines, prefix=f"{role.role_id}-b", known_ids=known_ids)
        if bullets:
            role.bullets = bullets
    return draft


def model_bullets(lines, *, prefix: str, known_ids: set[str]) -> list[DraftBullet]:
    """The model's lines as draft bullets, in its order: plain text (`model_line`), citing only
    known cards. A line left without content once its markup is gone is no line at all; a line
    citing no known card is not used."""
    bullets: list[DraftBullet] = []
    for line in lines:
        text = model_line(line.text)
        cited = _cites(line, known_ids)
        if not has_content(text) or not cited or text_problems([text]):
            continue  # also: first person, furniture or sensitive data the model left in
        bullets.append(
            DraftBullet(
                id=f"{prefix}{len(bullets) + 1}", text=text, evidence_card_ids=cited, origin="llm"
            )
        )
    return bullets


def _cites(line, known_ids: set[str]) -> list[str]:
    return [i for i in line.evidence_card_ids if i in known_ids]
