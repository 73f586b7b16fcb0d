"""Moved to core.text.quantities (one home for text rules); kept so existing imports work."""

from core.text.quantities import METRIC, extract_metrics

__all__ = ["METRIC", "extract_metrics"]
