"""`stated` (core/audit/skills.py): a term is in a text as written or as the same stemmed words
in a row, wherever in the text that row starts (its first word may come earlier, alone)."""

from __future__ import annotations

from core.audit.skills import _plain_tokens, stated
from core.mapping.terms import mentions


def _scan(term: str, text: str) -> bool:
    """The definition: as written, or some run of the text's plain tokens equals the term's."""
    wanted, have = _plain_tokens(term), _plain_tokens(text)
    return mentions(text, term) or (
        bool(wanted)
        and any(have[i : i + len(wanted)] == wanted for i in range(len(have) - len(wanted) + 1))
    )


def test_the_row_is_found_at_any_occurrence_of_its_first_word():
    text = "Feature work on billing. Wrote the feature-flag table; mentored two engineers."
    assert stated("feature flags", text)  # the second "feature" starts the row
    assert stated("mentoring", text)
    assert not stated("feature tables", text)  # "feature" twice, never followed by "table"
    assert not stated("billing flags", text)
    evidence = "\n".join([text] * 50 + ["Ran load tests with k6 and Locust."])
    for term in ("load testing", "feature flags", "flag table", "locust", "team lead", "the"):
        assert stated(term, evidence) == _scan(term, evidence), term
    assert stated("load testing", evidence) and not stated("team lead", evidence)
