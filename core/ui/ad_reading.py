"""A job ad from which no requirement could be read: one home for what the app says about it,
on the Upload page right after the analysis and on the later pages (instead of "Start on the
Upload page", since both inputs were given)."""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from core.contracts import Blackboard
from core.ui.widgets import safe_text

# Words: the shortest of the 2,867 published ads in ../shared/corpus/postings has 35. An ad
# shorter than every published one is called too short; a longer one is said to hold no duties.
SHORTEST_AD = 35
WAY_ON = (
    "paste the whole ad (the parts that list what the job involves and asks for) and press Analyse"
)


@dataclass(frozen=True)
class UnreadAd:
    words: int
    titles: tuple[str, ...]  # job titles the analyser read from it
    terms: tuple[str, ...]  # its other keywords


def unread_ad(board: Blackboard | None) -> UnreadAd | None:
    """The ad, when it was analysed and gave no requirement (None: nothing wrong with it)."""
    ad = board.inputs.job_description if board is not None else ""
    if board is None or board.jd is None or board.jd.requirements or not ad.strip():
        return None
    titles = tuple(board.jd.role_profile.keyword_clusters.get("titles", []))
    terms = tuple(k for k in board.jd.all_terms() if k not in titles)
    return UnreadAd(words=len(ad.split()), titles=titles, terms=terms)


def why_unread(ad: UnreadAd) -> str:
    """What is wrong with the ad, with its length."""
    count = f"{ad.words} word{'s' if ad.words != 1 else ''}"
    if ad.words < SHORTEST_AD:
        return (
            f"The job ad you gave ({count}) was too short to read requirements from: no duties "
            "or qualifications were found in it."
        )
    return (
        f"No duties or qualifications could be read from the job ad you gave ({count}): it may "
        "hold only the company's description or the benefits."
    )


def what_was_read(ad: UnreadAd) -> str:
    """All that the analysis read from the ad, in one sentence."""
    parts = []
    if ad.titles:
        names = ", ".join(f"“{t}”" for t in ad.titles)
        parts.append(f"the job title{'s' if len(ad.titles) > 1 else ''} {names}")
    if ad.terms:
        parts.append("the terms " + ", ".join(f"“{t}”" for t in ad.terms))
    if not parts:
        return "Nothing else could be read from it."
    return f"All that was read from it: {' and '.join(parts)}."


def later_page_message(ad: UnreadAd, what: str) -> str:
    return f"{what} {why_unread(ad)} On the Upload page, {WAY_ON}."


def render_unread_ad(board: Blackboard | None) -> bool:
    """On the Upload page: say what is wrong with the ad and what was read (True: it was)."""
    ad = unread_ad(board)
    if ad is None:
        return False
    st.warning(
        safe_text(f"{why_unread(ad)} {what_was_read(ad)} To tailor your resume, {WAY_ON} again."),
        icon=":material/warning:",
    )
    return True
