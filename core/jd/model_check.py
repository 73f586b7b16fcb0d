"""A model's reading of a job ad, checked against the ad's text.

Every span the model quotes from the ad (a requirement, a keyword, a must-have, a seniority
signal, a clustered term) must be written in the ad as it was read (`job_ad_text`). Both sides
are compared in the one normalised form, `comparable_text`, case aside, and a span may differ
from the ad only by list marks or end punctuation around it ("- Python." for "Python"). What is
not found is dropped and logged, and the caller counts it. The model's advice (storylines,
which resume sections to grow or shrink) quotes nothing and is not checked.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from core.contracts import RoleProfile
from core.llm.responses import JDAnalystResponse, JDRequirementItem
from core.text.normalize import comparable_text

log = logging.getLogger(__name__)

_AROUND = " \t-–—•*·.,;:!?\"'“”‘’()[]"
QUOTED_LISTS = ("must_haves", "nice_to_haves", "seniority_signals")


def comparable(span: str) -> str:
    """The span as it is compared with the ad: normalised, case folded, marks around it off."""
    return comparable_text(span).casefold().strip(_AROUND)


@dataclass
class AdCheck:
    """The ad's text, and every span of one answer that was not found in it."""

    text: str
    dropped: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._ad = comparable_text(self.text).casefold()

    def found(self, span: str, what: str) -> bool:
        """Is `span` written in the ad? If not, it is logged and kept in `dropped`."""
        wanted = comparable(span)
        if wanted and wanted in self._ad:
            return True
        log.info("JD analyst: dropped %s %r (not in the job ad)", what, span[:120])
        self.dropped.append(f"{what}: {span}")
        return False

    def kept(self, spans: list[str], what: str) -> list[str]:
        return [span for span in spans if self.found(span, what)]


def checked_requirements(answer: JDAnalystResponse, ad: AdCheck) -> list[JDRequirementItem]:
    """The model's requirements found in the ad, each with only its keywords found there."""
    kept = []
    for item in answer.requirements:
        if ad.found(item.text, "requirement"):
            keywords = ad.kept(item.keywords, "keyword")
            kept.append(item.model_copy(update={"keywords": keywords}))
        else:
            ad.kept(item.keywords, "keyword")  # counted with their requirement
    return kept


def checked_profile(answer: JDAnalystResponse, ad: AdCheck, offline: RoleProfile) -> RoleProfile:
    """The model's role profile with every quoted span found in the ad; a quoted list left
    empty by the check keeps the offline profile's list, as a failed answer would."""
    profile = {name: getattr(answer, name) for name in RoleProfile.model_fields}
    for name in QUOTED_LISTS:
        found = ad.kept(profile[name], name.rstrip("s").replace("_", " "))
        profile[name] = found or (getattr(offline, name) if profile[name] else [])
    clusters = {}
    for cluster, terms in answer.keyword_clusters.items():
        found = ad.kept(terms, "keyword")
        if found:
            clusters[cluster] = found
    profile["keyword_clusters"] = clusters or offline.keyword_clusters
    return RoleProfile.model_validate(profile)
