"""Every table the app shows has Streamlit's "Download as CSV": no cell of it may open as a
formula in a spreadsheet, whatever the resume says."""

from __future__ import annotations

import pytest

from core.ui.widgets import spreadsheet_safe

FORMULA_RESUME = """Pat Example
pat@example.com

## Experience

### =HYPERLINK("http://evil.example","Acme") — +Data Engineer
*2019 – 2023*

- Built 12 models.

### -cmd|' /C calc'!A0 — Analyst
*2016 – 2019*

- Cleaned 40 datasets.
"""
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def test_no_cell_of_a_shown_table_starts_a_formula(app, fresh_session):
    fresh_session.load_resume_text(FORMULA_RESUME, source_name="formula.md")
    at = app(fresh_session)
    assert not at.exception, at.exception
    assert at.dataframe, "the roles table is shown"
    cells = [str(v) for table in at.dataframe for v in table.value.to_numpy().ravel()]
    assert [c for c in cells if c.lstrip(" ").startswith(FORMULA_START)] == []
    assert '\'=HYPERLINK("http://evil.example","Acme")' in cells  # kept, as text
    assert "'+Data Engineer" in cells


@pytest.mark.parametrize(
    ("cell", "safe"),
    [
        ("=1+1", "'=1+1"),
        ("+44 20 7946 0000", "'+44 20 7946 0000"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\t=1", "'\t=1"),
        ("  =1", "'  =1"),
        ("Acme Corp", "Acme Corp"),
        ("2019 – 2023", "2019 – 2023"),
        ("", ""),
    ],
)
def test_spreadsheet_safe_prefixes_only_formula_starts(cell, safe):
    assert spreadsheet_safe(cell) == safe
