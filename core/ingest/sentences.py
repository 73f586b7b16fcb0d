"""Moved to core.text.sentences (one home for text rules); kept so existing imports work."""

from core.text.sentences import ABBREVIATIONS, sentence_spans

__all__ = ["ABBREVIATIONS", "sentence_spans"]
