"""`render_*` widgets for the evidence map: one card per requirement and a headline panel.

A requirement's status, in words a job seeker uses:
- met: a confident match (or the user's own answer);
- partly met: evidence that fits only in part (a medium or weak match);
- different wording: the resume says it, in other words than the job ad (a terminology gap);
- gap: nothing in the resume says it (a true gap, or evidence that may be hidden);
- condition: where, when or how the job is done (location, hours, travel, a licence to
  drive): shown for the reader to check, never matched to the resume nor counted.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pandas as pd
import streamlit as st

from core.contracts import (
    AnswerStatus,
    Blackboard,
    Confidence,
    EvidenceCard,
    EvidenceMapping,
    GapResolution,
    GapStrategy,
    GapType,
    Priority,
    Requirement,
    RequirementKind,
)
from core.jd.kinds import kind_of
from core.mapping.questions import closest_card
from core.ui import state
from core.ui.widgets import provenance_label, safe_text

Lookup = Callable[[str], EvidenceCard | None]
OnStrategy = Callable[[str, str], None]

MET, PARTLY, WORDING, GAP = "met", "partly met", "different wording", "gap"
CONDITION = "condition"
STATUS_ORDER = (MET, PARTLY, WORDING, GAP)  # what the headline counts and charts
STATUS_STYLE = {  # badge colour, icon, chart colour
    MET: ("green", ":material/check_circle:", "#2e7d4f"),
    PARTLY: ("orange", ":material/adjust:", "#e0a030"),
    WORDING: ("blue", ":material/translate:", "#4a7fc1"),
    GAP: ("red", ":material/cancel:", "#c8553d"),
    CONDITION: ("gray", ":material/info:", "#9aa0a6"),
}
PRIORITY_LABELS = {Priority.MUST: "Must-have", Priority.NICE: "Nice-to-have"}
STRATEGY_LABELS = {
    GapStrategy.ASK_USER: "Ask me about it",
    GapStrategy.ADJACENT: "Show related experience",
    GapStrategy.OMIT: "Leave it out",
}
# Missing keywords named in the headline, the job's own order (title, must-haves first); a long
# ad yields dozens, which no one reads at a glance.
MISSING_SHOWN = 12
_MARKUP = re.compile(r"(?m)^\s{0,3}#{1,6}\s+|\*\*|__|`|^\s*[-*+•]\s+")


@dataclass(frozen=True)
class RequirementView:
    requirement: Requirement
    status: str
    cards: list[EvidenceCard]
    gap: GapResolution | None
    matched_terms: list[str]
    closest: EvidenceCard | None = None  # a gap's nearest line, which does not state it


def requirement_status(
    mapping: EvidenceMapping | None,
    gap: GapResolution | None,
    kind: RequirementKind | None = None,
) -> str:
    """The status of one requirement (module docstring)."""
    if gap is None and kind == RequirementKind.LOGISTICS:
        return CONDITION
    if gap is not None and gap.answer_status == AnswerStatus.ANSWERED:
        return MET
    if gap is not None:
        return WORDING if gap.gap_type == GapType.TERMINOLOGY_GAP else GAP
    if mapping is None or not mapping.evidence_card_ids:
        return GAP
    return MET if mapping.confidence == Confidence.HIGH else PARTLY


def requirement_views(board: Blackboard, lookup: Lookup) -> list[RequirementView]:
    """Every requirement with its status and evidence: must-haves first, then in JD order."""
    mappings = {m.requirement_id: m for m in board.evidence_map}
    gaps = {g.requirement_id: g for g in board.gap_resolutions}
    views = []
    for req in sorted(board.requirements, key=lambda r: r.priority != Priority.MUST):
        mapping = mappings.get(req.id)
        ids = mapping.evidence_card_ids if mapping else []
        gap = gaps.get(req.id)
        views.append(
            RequirementView(
                requirement=req,
                status=requirement_status(mapping, gap, kind_of(req)),
                cards=[c for c in (lookup(i) for i in ids) if c is not None],
                gap=gap,
                matched_terms=list(mapping.matched_terms) if mapping else [],
                closest=closest_card(gap, lookup) if gap is not None and not ids else None,
            )
        )
    return views


def plain_text(text: str) -> str:
    """A quote as plain words: Markdown heading marks, emphasis and list bullets removed."""
    return " ".join(_MARKUP.sub("", text).split())


def status_badge(status: str) -> str:
    color, icon, _ = STATUS_STYLE[status]
    return f":{color}-badge[{icon} {status.capitalize()}]"


def render_headline(
    views: Sequence[RequirementView], keywords: tuple[list[str], list[str]]
) -> None:
    """Must-haves met, all requirements met, job keywords in the evidence, and one chart;
    the conditions of the job are named, not counted."""
    conditions = [v for v in views if v.status == CONDITION]
    views = [v for v in views if v.status != CONDITION]
    musts = [v for v in views if v.requirement.priority == Priority.MUST]
    found, missing = keywords
    share = round(100 * len(found) / (len(found) + len(missing))) if found or missing else 0
    with st.container(border=True, key="evidence_headline"):
        cols = st.columns(3)
        cols[0].metric("Must-haves met", f"{sum(v.status == MET for v in musts)} of {len(musts)}")
        cols[1].metric(
            "All requirements met", f"{sum(v.status == MET for v in views)} of {len(views)}"
        )
        cols[2].metric(
            "Job keywords in your resume",
            f"{share}%",
            help="The job ad's ATS keywords that your resume states (in any word form).",
        )
        render_status_chart(views)
        if conditions:
            st.caption(
                f"Not counted: {len(conditions)} condition{'s' if len(conditions) > 1 else ''} "
                "of the job (place, hours, travel, getting there) for you to check yourself."
            )
        if missing:
            shown = " · ".join(safe_text(k) for k in missing[:MISSING_SHOWN])
            more = len(missing) - MISSING_SHOWN
            rest = f" · and {more} more" if more > 0 else ""
            st.caption(f"Keywords your resume does not state: {shown}{rest}")
            if more > 0:
                with st.expander(f"All {len(missing)} keywords your resume does not state"):
                    st.caption(" · ".join(safe_text(k) for k in missing))


def render_status_chart(views: Sequence[RequirementView]) -> None:
    """One stacked bar per priority: how many requirements are met, partly met, … ."""
    import altair as alt

    rows = [
        {"priority": label, "status": status, "count": count, "order": n}
        for priority, label in PRIORITY_LABELS.items()
        for n, status in enumerate(STATUS_ORDER)
        if (count := sum(v.status == status and v.requirement.priority == priority for v in views))
    ]
    colours = alt.Scale(domain=list(STATUS_ORDER), range=[STATUS_STYLE[s][2] for s in STATUS_ORDER])
    chart = (
        alt.Chart(pd.DataFrame(rows))
        .mark_bar(size=22)
        .encode(
            x=alt.X("sum(count):Q", title="requirements", axis=alt.Axis(tickMinStep=1)),
            y=alt.Y("priority:N", title=None, sort=list(PRIORITY_LABELS.values())),
            color=alt.Color(
                "status:N", scale=colours, legend=alt.Legend(orient="bottom", columns=2, title=None)
            ),
            order=alt.Order("order:Q"),
            tooltip=["priority", "status", "count"],
        )
        .properties(height=alt.Step(34))  # one 34 px band per priority: labels never share one
    )
    st.altair_chart(chart, width="stretch")


def render_requirement_card(view: RequirementView, *, on_strategy: OnStrategy) -> None:
    """Status and priority chips, the requirement, the best quote and where it came from;
    more quotes and the matched terms on expand; the strategy picker when it is a gap."""
    req = view.requirement
    with st.container(border=True, key=f"evidence_card_{req.id}"):
        st.markdown(
            f"{status_badge(view.status)} :gray-badge[{PRIORITY_LABELS[req.priority]}]  \n"
            f"**{safe_text(req.text)}**"
        )
        more = view.cards[1:]
        if view.cards:
            render_quote(view.cards[0])
        elif view.status == CONDITION:
            st.caption(
                "A condition of the job (where, when or how the work is done): check it "
                "yourself. It is not matched to your resume and not counted above."
            )
        elif view.gap is not None and view.gap.nearby:
            st.caption(f"Your resume shows {safe_text(view.gap.nearby)}: not all that is asked.")
        elif view.closest is not None:
            st.caption("Nothing in your resume says this outright. The closest line:")
            render_quote(view.closest)
        else:
            st.caption("Nothing in your resume says this yet.")
        if view.gap is not None:
            render_gap_controls(view.gap, on_strategy=on_strategy)
        if more or view.matched_terms:
            with st.expander(f"More evidence ({len(more)})" if more else "Why this matches"):
                for card in more:
                    render_quote(card)
                if view.matched_terms:
                    terms = " · ".join(safe_text(t) for t in view.matched_terms)
                    st.caption(f"Words that match the job ad: {terms}")


def render_quote(card: EvidenceCard) -> None:
    st.markdown(f"“{safe_text(plain_text(card.raw_text))}”")
    st.caption(f"From {safe_text(provenance_label(card))}")


def render_gap_controls(gap: GapResolution, *, on_strategy: OnStrategy) -> None:
    """What the draft does about this gap; the board is the truth, the picker mirrors it."""
    key = f"evidence_strategy_{gap.gap_id}"
    state.reset_input(key, gap.strategy)
    if gap.answer_status == AnswerStatus.DECLINED:
        st.caption("You said you don't have this; the draft leaves it out.")
    st.selectbox(
        "What the draft does about it",
        list(STRATEGY_LABELS),
        format_func=lambda s: STRATEGY_LABELS[GapStrategy(s)],
        key=key,
        on_change=on_strategy,
        args=(gap.gap_id, key),
    )
