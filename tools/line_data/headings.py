"""Heading wordings per section meaning, common and unusual, for the layout generator.

Written for the generator, separately from the product's synonym table, so a held-out fold
meets wordings the reader's features do not list.
"""

from __future__ import annotations

HEADINGS: dict[str, tuple[str, ...]] = {
    "experience": (
        "Experience",
        "Work Experience",
        "Professional Experience",
        "Employment History",
        "Work History",
        "Career History",
        "Employment",
        "Relevant Experience",
        "Positions Held",
        "Where I've Worked",
        "Career",
        "Professional Background",
        "Experience & Employment",
        "On the Job",
        "Jobs",
        "Roles",
        "Track Record",
        "Previous Employment",
        "Clinical Experience",
        "Industry Experience",
        "Career Path",
        "What I've Done",
    ),
    "education": (
        "Education",
        "Education & Training",
        "Academic Background",
        "Qualifications",
        "Schooling",
        "Degrees",
        "Academic History",
        "Studies",
        "Learning",
        "Where I Studied",
        "Education and Qualifications",
        "Formal Education",
        "Training",
    ),
    "skills": (
        "Skills",
        "Technical Skills",
        "Core Competencies",
        "Key Skills",
        "Toolbox",
        "Expertise",
        "Skills & Tools",
        "Tech Stack",
        "Strengths",
        "What I Bring",
        "Abilities",
        "Know-how",
        "Proficiencies",
        "Areas of Expertise",
        "Capabilities",
    ),
    "projects": (
        "Projects",
        "Selected Projects",
        "Personal Projects",
        "Side Projects",
        "Things I've Built",
        "Portfolio",
        "Open Source",
        "Key Projects",
        "Project Work",
    ),
    "certifications": (
        "Certifications",
        "Certificates",
        "Licenses & Certifications",
        "Licences",
        "Credentials",
        "Accreditations",
        "Tickets & Licences",
        "Professional Registration",
    ),
    "summary": (
        "Summary",
        "Profile",
        "Professional Summary",
        "About Me",
        "About",
        "Objective",
        "Career Objective",
        "Personal Statement",
        "In Brief",
        "Overview",
        "Who I Am",
        "Bio",
    ),
    "volunteering": (
        "Volunteering",
        "Volunteer Experience",
        "Volunteer Work",
        "Community Involvement",
        "Giving Back",
        "Community Service",
        "Charity Work",
    ),
    "publications": (
        "Publications",
        "Papers",
        "Selected Publications",
        "Writing",
        "Talks & Publications",
        "Articles",
    ),
    "awards": (
        "Awards",
        "Honors & Awards",
        "Honours",
        "Achievements",
        "Recognition",
        "Prizes",
        "Awards and Distinctions",
    ),
    "references": ("References", "Referees", "Professional References", "Who to Ask"),
    "other": (
        "Interests",
        "Hobbies",
        "Languages",
        "Outside Work",
        "Personal",
        "Additional Information",
        "Miscellaneous",
        "Extras",
        "Beyond the Resume",
    ),
}

# Made-up wordings: a word that carries the meaning with words that carry none around it, so the
# model learns headings by their place and shape and their meaning by their key word.
CORE_WORDS: dict[str, tuple[str, ...]] = {
    "experience": ("Work", "Jobs", "Career", "Employment", "Roles", "Positions", "Posts",
                   "Service", "Practice", "Experience", "Work History", "Placements"),
    "education": ("Education", "Study", "Studies", "School", "Degrees", "College",
                  "University", "Schooling", "Diplomas"),
    "skills": ("Skills", "Tools", "Strengths", "Abilities", "Expertise", "Competencies",
               "Talents", "Know-how"),
    "projects": ("Projects", "Builds", "Portfolio", "Case Studies"),
    "certifications": ("Certifications", "Certs", "Licences", "Licenses", "Tickets",
                       "Credentials"),
    "summary": ("Summary", "Profile", "About", "Introduction", "Objective", "Statement"),
    "volunteering": ("Volunteering", "Volunteer Work", "Community Work", "Charity"),
    "publications": ("Publications", "Papers", "Articles", "Writing"),
    "awards": ("Awards", "Honours", "Honors", "Prizes", "Distinctions"),
    "references": ("References", "Referees", "Recommendations"),
    "other": ("Interests", "Hobbies", "Languages", "Pastimes", "Activities"),
}  # fmt: skip
PREFIXES = ("My", "Selected", "Recent", "Relevant", "Key", "Notable", "Past", "The", "Some")
SUFFIXES = ("Life", "So Far", "Journey", "Highlights", "Notes", "Record", "Story", "in Brief",
            "& More", "(Selected)", "Log", "Corner")  # fmt: skip


def made_up(meaning: str, pick) -> str:
    """A heading wording no list holds: its meaning's key word with neutral words around it."""
    core = pick(CORE_WORDS[meaning])
    shape = pick(("prefix", "suffix", "pair", "plain"))
    if shape == "prefix":
        return f"{pick(PREFIXES)} {core}"
    if shape == "suffix":
        return f"{core} {pick(SUFFIXES)}"
    if shape == "pair":
        other = pick([w for w in CORE_WORDS[meaning] if w != core] or [core])
        return f"{core} & {other}" if pick((0, 1)) else f"{pick(SUFFIXES)} ({core} & {other})"
    return core
