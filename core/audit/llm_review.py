"""The model's audit, added on top of the deterministic one.

The model sees each live line with the text of the cards it cites and may report findings.
They are added with source="llm"; a model finding can make a line fail, never make it pass, and
never removes or downgrades a deterministic finding. Findings on ids that are not lines of this
draft are ignored. A provider failure leaves the deterministic result and is noted in
`inconsistencies`.
"""

from __future__ import annotations

from core.contracts import (
    AuditReport,
    EvidenceCard,
    LLMStage,
    ResumeDraft,
    Severity,
    TruthViolation,
)
from core.errors import ProviderError


def _prompt_lines(draft: ResumeDraft, cards: dict[str, EvidenceCard]) -> list[dict]:
    lines = []
    for bullet in draft.live_bullets():
        lines.append(
            {
                "id": bullet.id,
                "text": bullet.text,
                "evidence": [
                    {"id": cid, "text": cards[cid].raw_text}
                    for cid in bullet.evidence_card_ids
                    if cid in cards
                ],
            }
        )
    return lines


def _model_findings(response, texts: dict[str, str]) -> list[TruthViolation]:
    return [
        TruthViolation(
            bullet_id=finding.bullet_id,
            bullet_text=texts[finding.bullet_id],
            violation=finding.violation,
            type=finding.type,
            severity=finding.severity,
            source="llm",
        )
        for finding in response.findings
        if finding.bullet_id in texts
    ]


def _merge(report: AuditReport, added: list[TruthViolation]) -> AuditReport:
    verdicts = []
    for verdict in report.verdicts:
        mine = [v for v in added if v.bullet_id == verdict.bullet_id]
        if mine:
            blocked = any(v.severity == Severity.BLOCKER for v in mine)
            verdict = verdict.model_copy(
                update={
                    "violations": [*verdict.violations, *mine],
                    "supported": verdict.supported and not blocked,
                }
            )
        verdicts.append(verdict)
    return report.model_copy(
        update={"truth_violations": [*report.truth_violations, *added], "verdicts": verdicts}
    )


def add_llm_findings(
    report: AuditReport, draft: ResumeDraft, *, cards: list[EvidenceCard], llm
) -> AuditReport:
    """`report` plus the model's findings (source="llm"); deterministic ones stay as they are."""
    from core.llm.prompts import render_prompt
    from core.llm.responses import AuditorResponse

    lines = _prompt_lines(draft, {c.id: c for c in cards})
    if not lines:
        return report
    texts = {line["id"]: line["text"] for line in lines}
    try:
        response = llm.structured(
            render_prompt(LLMStage.AUDITOR, bullets=lines),
            AuditorResponse,
            stage=LLMStage.AUDITOR,
            validation_context={"valid_bullet_ids": set(texts)},
        )
    except ProviderError as err:
        note = f"The model's audit did not run ({err}); the deterministic audit decided alone."
        return report.model_copy(update={"inconsistencies": [*report.inconsistencies, note]})
    return _merge(report, _model_findings(response, texts))
