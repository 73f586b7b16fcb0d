"""The truth audit and the ATS report.

Public API (other areas code against exactly this):
- `check_bullet(text, *, bullet_id, cited, resume_cards, roles, role)` → BulletVerdict: the
  deterministic truth gate for one line (numbers, employers, titles, dates, skills, scope).
- `audit_bullets(texts, *, resume)` → list[BulletVerdict]: lines that cite nothing, held to
  the evidence they most likely rest on (`resumeforge audit`, the probe eval).
- `audit_draft(draft, *, cards, roles, llm=None)` → AuditReport: every live line, role header
  and skill of a draft against its own cited cards; passed = no BLOCKER.
- `build_ats_report(draft, *, jd, evidence_map, cards, format_warnings=())` → ATSReport, and
  `ats_suggestions(ats)` → the "consider using" sentences for AuditReport.ats_suggestions.
Scoring the audit on labelled probes lives in `core.evaluation.audit_probes`.
"""

from __future__ import annotations

from core.audit.ats import ats_suggestions, build_ats_report
from core.audit.draft import audit_draft
from core.audit.standalone import audit_bullets
from core.audit.truth import check_bullet

__all__ = ["ats_suggestions", "audit_bullets", "audit_draft", "build_ats_report", "check_bullet"]
