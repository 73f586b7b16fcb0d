"""The findings of one line's truth check, as they are collected."""

from __future__ import annotations

from dataclasses import dataclass, field

from core.contracts import Severity, TruthViolation, ViolationType


@dataclass
class Findings:
    bullet_id: str
    text: str
    items: list[TruthViolation] = field(default_factory=list)

    def add(self, kind: ViolationType, span: str, detail: str, *, blocker: bool = True) -> None:
        self.items.append(
            TruthViolation(
                bullet_id=self.bullet_id,
                bullet_text=self.text,
                violation=detail,
                type=kind,
                severity=Severity.BLOCKER if blocker else Severity.WARNING,
                span=span,
            )
        )
