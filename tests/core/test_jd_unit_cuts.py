"""Cuts where an ad runs asks together with no mark a reader sees at once: 'however'
with no comma, a masked pay figure with no full stop, a heading glued to its first item at a
line's start or by its colon. Each part quotes the ad as written."""

from __future__ import annotations

from core.jd import analyze_jd
from core.jd.runon import split_run_together
from core.jd.unit_roles import AdUnitRoles, RoleCuts

ASK = "Previous experience in a busy commercial kitchen is preferred"
OFFER = "full training will be given to the right person"
MASKED = "Pay is up to ****"
LICENCE = "A current forklift licence and two years of warehouse experience are essential."


def test_however_with_no_comma_parts_an_ask_from_an_offer():
    cut = RoleCuts(AdUnitRoles())
    assert cut(f"{ASK} however {OFFER}") == [ASK, OFFER]


def test_however_inside_brackets_or_opening_a_sentence_is_no_new_joint():
    cut = RoleCuts(AdUnitRoles())
    bracketed = "Experience with payroll software (preferred however not essential)"
    assert cut(bracketed) == [bracketed]
    assert cut("However good your English, a spoken test is part of the interview.") == [
        "However good your English, a spoken test is part of the interview."
    ]


def test_a_masked_pay_figure_ends_its_sentence():
    cut = RoleCuts(AdUnitRoles())
    assert cut(f"{MASKED} {LICENCE}") == [MASKED, LICENCE]


def test_new_parts_are_spans_of_the_unit_as_written():
    cut = RoleCuts(AdUnitRoles())
    for unit in (f"{ASK}  however\n{OFFER}", f"{MASKED}   {LICENCE}"):
        parts = cut(unit)
        assert len(parts) == 2
        assert all(part in unit for part in parts)
        assert unit.index(parts[1]) > unit.index(parts[0])


def test_a_heading_glued_at_a_line_start_to_an_article_heads_its_items():
    assert split_run_together(
        "QualificationsA current food hygiene certificate. Two years of kitchen experience."
    ) == [
        "",
        "Qualifications",
        "- A current food hygiene certificate.",
        "- Two years of kitchen experience.",
    ]


def test_a_label_glued_by_its_colon_to_a_lower_case_item_is_a_label():
    assert split_run_together("Key Skills:excellent written English, careful with numbers") == [
        "",
        "Key Skills:",
        "- excellent written English, careful with numbers",
    ]


def test_links_and_addresses_after_a_colon_stay_whole():
    for line in (
        "Company website:https://example.org",
        "Applications should be sent to:jobs@example.org",
        "Shift pattern:4 on 4 off",
    ):
        assert split_run_together(line) == [line]


def test_the_glued_heading_item_is_a_requirement_of_its_own_words():
    ad = (
        "Kitchen Porter\n\nWhat you will do\n- Wash pots and pans\n- Keep the kitchen clean\n"
        "QualificationsA food hygiene certificate at level 2. Previous experience in a"
        " busy commercial kitchen is preferred however full training will be given.\n"
    )
    texts = [r.text for r in analyze_jd(ad).requirements]
    assert any(t.startswith("A food hygiene certificate") for t in texts), texts
    assert not any("Qualifications" in t for t in texts), texts
    assert not any("preferred" in t and "training" in t for t in texts), texts
