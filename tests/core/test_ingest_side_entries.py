"""Side entries (projects, volunteering, memberships, certifications) carry their own context:
the organisation and dates they name. Hand-written text only."""

from __future__ import annotations

from core.ingest import parse_resume_text

RESUME = (
    "Experience\n"
    "Dispatcher | Valley Transit Co. | 2018 – Present\n"
    "- Dispatched 40 buses a shift.\n\n"
    "Projects\n\n"
    "Route map redesign (2021 – 2022)\n"
    "Riders kept missing the transfer at Fifth Street. I redrew the map with the planners and "
    "cut missed transfers by a third.\n\n"
    "Community\n"
    "- Volunteer driver, Meals On Wheels North, 2019–present: deliver 20 lunches every Friday.\n"
    "- Tri-County Dispatchers Association, member since 2020; newsletter editor\n"
    "- Active member of the local Gardening Club of Marston\n"
)


def _card(parsed, words):
    return next(c for c in parsed.cards if words in c.raw_text)


def test_a_project_title_line_above_its_story_dates_every_card_of_it():
    parsed = parse_resume_text(RESUME, source_name="r.txt", fmt="text")
    story = _card(parsed, "cut missed transfers")
    assert (story.project, story.timeframe) == ("Route map redesign", "2021 – 2022")


def test_a_side_line_names_its_organisation_after_the_role_or_first():
    parsed = parse_resume_text(RESUME, source_name="r.txt", fmt="text")
    driver = _card(parsed, "20 lunches")
    assert (driver.company, driver.timeframe) == ("Meals On Wheels North", "2019–present")
    member = _card(parsed, "newsletter editor")
    assert member.company == "Tri-County Dispatchers Association"
    club = _card(parsed, "Gardening Club")
    assert club.company == ""  # 'Club' is no organisation word: nothing is guessed


def test_the_story_of_a_dated_project_is_not_read_as_a_role():
    parsed = parse_resume_text(RESUME, source_name="r.txt", fmt="text")
    assert [(r.title, r.company) for r in parsed.roles] == [("Dispatcher", "Valley Transit Co.")]
