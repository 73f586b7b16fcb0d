"""The role profile (SDD 4.2) built by rules: level, signals, keyword clusters, storylines."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence

from core.contracts import Priority, Requirement, RoleProfile
from core.jd.keywords import Keyword, dedup_key, unique_keywords
from core.jd.title import level_from_title, level_from_years

SIGNAL_PATTERNS = (
    r"\bmentor(?:s|ing|ed)?(?:\s+(?:other\s+|junior\s+)?(?:engineers|designers|researchers|"
    r"PMs|developers|analysts|scientists|team members|others|people))?",
    r"\b(?:help\s+)?lead(?:s|ing)?\s+(?:a\s+|the\s+)?(?:team|teams|group|org|organization|"
    r"incident response|research|architecture|strategy)\b",
    r"\breports?\s+to:?\s+(?:the\s+)?(?:you|[A-Z][A-Za-z]*(?:\s+of\s+[A-Z][A-Za-z]*)?)",
    r"\bwill\s+report\s+to\s+you\b",
    r"\bmanag(?:e|es|ing)\s+(?:other\s+|a\s+team\s+of\s+)?(?:[a-z]+\s+)?"
    r"(?:managers|engineers|designers|researchers|PMs|people)\b",
    r"\bown(?:s|ing)?\s+(?:the\s+)?(?:[a-z-]+\s+)?(?:roadmap|strategy|vision)\b",
    r"\b(?:own|owns|owning)\s+[\w/-]+(?:\s+[\w/-]+)?\s+end\s+to\s+end\b",
    r"\b(?:set|setting|define|defining|drive|driving)\s+(?:the\s+)?(?:technical\s+|product\s+)?"
    r"(?:strategy|direction|vision|roadmaps?)\b",
    r"\b(?:you\s+will\s+|you'll\s+)?hire\b",
    r"\bacross\s+(?:the\s+|multiple\s+|several\s+)?(?:org|organization|teams|company)\b",
    r"\bcross-functional\b",
    r"\bstrategic\b",
    r"\bexecutive\s+(?:stakeholders|audiences|updates|presence|leadership)\b",
    r"\bhands-on\b",
    r"\bdesign\s+(?:docs?|documents?|reviews?)\b",
    r"\btechnical\s+(?:leadership|direction)\b",
    r"\bdirect\s+reports\b",
    r"\bdecide\s+what\s+to\s+\w+\b",
    r"\bsupervis(?:e|es|ing)\s+(?:a\s+|the\s+|other\s+)?(?:[a-z]+\s+)?(?:staff|team|crew|techs|"
    r"technicians|employees|associates|workers|nurses)\b",
    r"\b(?:train|coach|precept)(?:s|ing)?\s+(?:new\s+|junior\s+)?(?:staff|hires|techs|employees|"
    r"associates|team members|nurses|students)\b",
    r"\b(?:independently|with (?:minimal|little) supervision|"
    r"under (?:direct|general) supervision)\b",
)
SIGNALS = tuple(re.compile(p, re.IGNORECASE) for p in SIGNAL_PATTERNS)
PEOPLE_MANAGER = re.compile(
    r"report(?:s)? to you|managing other|manage (?:a team|managers)|direct reports|you will hire",
    re.IGNORECASE,
)
IC_LEVELS = {"Junior", "Mid", "Senior", "Staff", "Principal", "Lead"}
TOOL_CLUSTERS = {"languages", "frameworks", "data", "cloud", "devops", "tools", "design"}
NOT_STORYLINES = {"titles", "collaboration", "compliance", "education", "certifications"}
MAX_SIGNALS = 12


def seniority_signals(text: str) -> list[str]:
    """Level-revealing phrases as written in the JD: the first match of each signal, in order."""
    found: list[tuple[int, str]] = []
    for pattern in SIGNALS:
        match = pattern.search(text)
        if match is not None:
            found.append((match.start(), " ".join(match.group(0).split())))
    return [phrase for _, phrase in sorted(found)][:MAX_SIGNALS]


def infer_level(
    title: str, level_line: str, requirements: Sequence[Requirement], signals: str
) -> str:
    """Title first ('Staff', 'Director'…), then a 'Level: …' line, then years asked for."""
    level = level_from_title(title) or level_from_title(level_line)
    years = [r.years for r in requirements if r.years is not None and r.priority == Priority.MUST]
    level = level or level_from_years(max(years) if years else None) or "Mid"
    if level in IC_LEVELS and PEOPLE_MANAGER.search(signals):
        return "Manager"
    return level


def keyword_clusters(keywords: Sequence[Keyword]) -> dict[str, list[str]]:
    clusters: dict[str, list[str]] = defaultdict(list)
    for keyword in unique_keywords(keywords):
        clusters[keyword.cluster].append(keyword.text)
    return dict(clusters)


def storylines(
    requirements: Sequence[Requirement], by_text: dict[str, Keyword], signals: list[str]
) -> list[str]:
    """3–5 themes: the clusters that carry the most must-have weight, then leadership."""
    weight: dict[str, float] = defaultdict(float)
    terms: dict[str, list[str]] = defaultdict(list)
    for req in requirements:
        clusters_here: set[str] = set()
        for text in req.keywords:
            keyword = by_text.get(dedup_key(text))
            if keyword is None or keyword.cluster in NOT_STORYLINES:
                continue
            clusters_here.add(keyword.cluster)
            if text not in terms[keyword.cluster]:
                terms[keyword.cluster].append(text)
        for cluster in clusters_here:  # a requirement counts once per cluster it touches
            weight[cluster] += 2.0 if req.priority == Priority.MUST else 1.0
    ranked = sorted(weight, key=lambda c: (-weight[c], c))
    lines = [f"{c.capitalize()}: {', '.join(terms[c][:4])}" for c in ranked[:4]]
    if signals:
        lines.append(f"Leadership and scope: {', '.join(signals[:3])}")
    for req in requirements:
        if len(lines) >= 3:
            break
        if req.priority == Priority.MUST:
            lines.append(req.text)
    return lines[:5]


def section_advice(
    level: str, requirements: Sequence[Requirement], clusters: dict[str, list[str]]
) -> tuple[list[str], list[str]]:
    """(priority_sections, downplay_sections) by simple, stated rules."""
    asked = " ".join(r.text for r in requirements).lower()
    must = " ".join(r.text for r in requirements if r.priority == Priority.MUST).lower()
    priority = ["Summary", "Experience"]
    if sum(len(clusters.get(c, [])) for c in TOOL_CLUSTERS) >= 3:
        priority.append("Skills")
    if re.search(r"\bdegree|\bph\.?d|\bbachelor|\bmaster", must):
        priority.append("Education")
    if "certifications" in clusters and re.search(r"certif", must):
        priority.append("Certifications")
    if re.search(r"open[- ]source|portfolio|side projects|github", asked):
        priority.append("Projects")
    if re.search(r"publication|published|conference talks?|papers?\b", asked):
        priority.append("Publications")
    optional = ["Education", "Certifications", "Projects", "Publications", "Volunteering"]
    downplay = [s for s in optional if s not in priority]
    if level == "Junior" and "Education" in downplay:
        downplay.remove("Education")
        priority.append("Education")
    return priority, downplay


def build_profile(
    *,
    title: str,
    level_line: str,
    requirements: Sequence[Requirement],
    keywords: Sequence[Keyword],
    signal_text: str,
) -> RoleProfile:
    signals = seniority_signals(signal_text)
    level = infer_level(title, level_line, requirements, signal_text)
    clusters = keyword_clusters(keywords)
    by_text = {dedup_key(k.text): k for k in keywords}
    priority_sections, downplay_sections = section_advice(level, requirements, clusters)
    return RoleProfile(
        inferred_level=level,
        must_haves=[r.text for r in requirements if r.priority == Priority.MUST],
        nice_to_haves=[r.text for r in requirements if r.priority == Priority.NICE],
        seniority_signals=signals,
        keyword_clusters=clusters,
        recommended_storylines=storylines(requirements, by_text, signals),
        priority_sections=priority_sections,
        downplay_sections=downplay_sections,
    )
