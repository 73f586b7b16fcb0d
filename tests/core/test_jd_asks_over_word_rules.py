"""A unit the unit-role model reads as asked is not taken out by the reader's word rules. Ads
written here, in several occupations:
- a list item whose ask uses a word of the wrapper shapes ('inclusive') stays a requirement; the
  equal-opportunity sentence under the list does not become one;
- a prose sentence under a bulleted requirements list that the model reads as asked, with no cue
  word, is a requirement; an application deadline beside it is not;
- a one-word tool in a list of asks ('Git') is a requirement; a one-word perk under benefits is
  not."""

from __future__ import annotations

from core.jd.analyze import read_ad

DESIGNER = """Product Designer

About the role
You will shape the booking flow of our travel app with the product team.

What you bring
- Four years of product design experience for mobile apps
- A thoughtful designer who brings inclusive research habits to every product decision
- Portfolio showing shipped work

We are an equal opportunity employer and value diversity at our company.
"""

TEAM_LEADER = """Warehouse Team Leader

What we need
- Forklift licence (counterbalance)
- Two years leading a shift team in a distribution centre
- Good working knowledge of stock systems

You will be a confident communicator with good attention to detail and a calm head under pressure.
Applications close on the last Friday of the month.

What we offer
- Overtime paid at time and a half
"""

DEVELOPER = """Backend Developer

Requirements
- Three years building web services in Python
- Experience with PostgreSQL

Nice to have
- Git
- Docker

Benefits
- Pension
"""


def _asked(ad: str) -> list[str]:
    return [r.text for r in read_ad(ad).requirements]


def test_an_ask_with_a_wrapper_word_stays_and_the_eeo_line_does_not():
    asked = _asked(DESIGNER)
    assert any("inclusive research habits" in t for t in asked)
    assert not any("equal opportunity" in t for t in asked)


def test_prose_the_model_reads_as_asked_counts_under_a_bulleted_list():
    asked = _asked(TEAM_LEADER)
    assert any(t.startswith("You will be a confident communicator") for t in asked)
    assert not any("Applications close" in t for t in asked)
    assert not any("Overtime" in t for t in asked)


def test_a_one_word_tool_in_a_list_of_asks_is_asked_a_perk_is_not():
    asked = _asked(DEVELOPER)
    assert "Git" in asked and "Docker" in asked
    assert "Pension" not in asked
