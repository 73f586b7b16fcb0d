"""Lines of a job ad that are never requirements, whatever section they sit in.

Employers paste the same legal, HR and apply-flow text into every ad; these are its recurring
phrasings (disclaimers about the description, "other duties as assigned", safety-policy and
accommodation text, apply-button and copyright lines, job-type labels, jokes that say "not
required", invitations and notices: "please visit", "we want to hear from you", "kept
confidential", "E-Verify", "… will be considered").
`core.jd.requirements` drops a candidate that reads like this.
"""

from __future__ import annotations

import re

BOILERPLATE = re.compile(
    r"\bjob description is not (?:designed|intended|meant)|\bnot (?:designed|intended) to "
    r"(?:cover|be)\b|\bother (?:related )?duties (?:as|may be) (?:assigned|required)|"
    r"\b(?:requirements|duties) listed (?:above )?are representative|"
    r"\bto perform this job successfully|\breasonable accommodations?\b|"
    r"\bcomply with all (?:\w+ )?(?:safety )?(?:rules|policies|regulations)|"
    r"\b(?:injury and illness prevention|drug[- ]free workplace)|"
    r"\bby clicking\b|\bapply now\b|©|\ball rights reserved\b|\binternal (?:applicants?|candidates)"
    r"|\bencouraged,? but not required\b|\bpuns?\b|"
    r"\bplease (?:visit|see|note|contact|submit|send|apply|email|click)\b|\blearn more\b|"
    r"\bhear from you\b|\b(?:kept|treated|held) (?:strictly )?confidential\b|\be-verify\b|"
    r"\bwill be considered\b|"
    r"^(?:job type|employment type|schedule|shift|work location|pay|salary)\s*:",
    re.IGNORECASE,
)


# HR's legal voice speaks of "the employee" / "an individual", not to the candidate; the
# physical-demands paragraph lists postures ("lift, squat, sit, bend or stand"): three or more
# in one line is that paragraph, while "stand for long periods and lift heavy items" is an ask.
LEGAL_VOICE = re.compile(
    r"\b(?:the|an?) (?:employee|incumbent|individual)\b(?! contributor)|"
    r"\bthis (?:job|position|role) operates\b",
    re.IGNORECASE,
)
POSTURE = re.compile(
    r"\b(?:lift|squat|sit|bend|stand|stoop|kneel|crouch|crawl|reach|climb|walk|push|pull)\b",
    re.IGNORECASE,
)
MIN_POSTURES = 3


def is_boilerplate(text: str) -> bool:
    """Does this line read as legal, HR or apply-flow text rather than something asked?"""
    text = text.strip()
    if BOILERPLATE.search(text) or LEGAL_VOICE.search(text):
        return True
    return len(set(m.lower() for m in POSTURE.findall(text))) >= MIN_POSTURES
