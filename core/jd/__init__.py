"""Job-description analysis (deterministic, no LLM): sections, requirements, ATS keywords, profile.

Public API: `analyze_jd(text, *, target_title="") -> JDAnalysis`. Scoring against labelled cases
lives in `core.evaluation.jd_scoring`.
"""

from __future__ import annotations

from core.jd.analyze import analyze_jd, check_jd_size, jd_file_settings

__all__ = ["analyze_jd", "check_jd_size", "jd_file_settings"]
