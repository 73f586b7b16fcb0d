"""Lines of a job ad that are never requirements, whatever section they sit in.

Employers paste the same legal, HR and apply-flow text into every ad; these are its recurring
phrasings (disclaimers about the description, "other duties as assigned", safety-policy and
accommodation text, apply-button and copyright lines, job-type labels, jokes that say "not
required", invitations and notices: "please visit", "we want to hear from you", "kept
confidential", "E-Verify", "… will be considered").
`core.jd.requirements` drops a candidate that reads like this.

Besides those phrasings, `WRAPPER_SHAPE` names the kinds of text every ad wraps around its asks,
in any occupation: an offer to the candidate ("you will receive", "we offer", perks), pay in
any currency or as a "95k-120k" range, schedule and location logistics ("Monday to Friday",
"9am to 5pm", "permanent position based in"), the reporting line and the team joined, how to
apply, legal conditions (background checks, privacy, agencies), a company's own blurb and the
physical-demands / work-environment disclaimer; leave and time off ("10 paid holidays",
"flexible time off"). Such a line is wrapper text unless it also
carries an ask word (`ASK_WORD`: "experience", "able to", "willing", "must", "a plus"…): "Able to
work Monday to Friday" and "Experience with benefits administration" are asks.
Work authorisation ("must be legally authorized to work in …") is legal text even with "must"
(`WORK_AUTHORISATION`), unless the line asks for knowledge of it (an HR ask).
"""

from __future__ import annotations

import re

BOILERPLATE = re.compile(
    r"\bjob description is not (?:designed|intended|meant)|\bnot (?:designed|intended) to "
    r"(?:cover|be)\b|\bother (?:related )?duties (?:as|may be) (?:assigned|required)|"
    r"\b(?:are|is) representative of\b|\bessential functions\b|\bcommensurate with\b|"
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


# Work authorisation ("must be legally authorized to work in the United States", "the right to
# work in the UK") is the employer's legal condition, not something a resume shows as evidence;
# a line that asks for knowledge of it ("Knowledge of work authorization and I-9 processes", an
# HR ask) names it as a subject.
WORK_AUTHORISATION = re.compile(
    r"\b(?:legally )?authori[sz]ed to work\b|\bwork(?:ing)? authori[sz]ation\b|"
    r"\bright to work in\b|\beligib(?:le|ility) to work in\b",
    re.IGNORECASE,
)
SUBJECT_ASK = re.compile(
    r"\b(?:experience\w*|knowledge|familiar\w*|understanding|proficien\w*|expertise|skill(?:s|ed)?|"
    r"background in|process(?:es|ing)|administ\w*|verif\w*)\b",
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

# Day and clock ranges: "Monday to Friday", "8:00 AM - 4:00 PM", "7 a.m. to 3 p.m.".
SCHEDULE_TIMES = (
    r"\b(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?\s*(?:-|–|to|through|thru)"
    r"\s*(?:mon|tue|wed|thu|fri|sat|sun)\w*|"
    r"\b\d{1,2}(?::\d\d)?\s*[ap]\.?m?\.?\s*(?:-|–|to)\s*\d{1,2}(?::\d\d)?\s*[ap]\.?m?\b\.?"
)
WRAPPER_SHAPE = re.compile(
    # offers made to the candidate, and perks
    r"^(?:you(?:'ll| will) (?:receive|get|enjoy|earn|be (?:offered|eligible|paid|given))|enjoy\b|"
    r"we (?:offer|provide|give|pay|match)\b|eligible for\b|"
    r"(?:(?:excellent|great|ongoing|regular|real) )?(?:opportunit(?:y|ies)|chances?) (?:for|to)\b|"
    r"(?:the )?support (?:of|from) (?:a|an|our)\b)|"
    r"\byou(?:'ll| will) (?:receive|enjoy|be offered)\b|"
    r"\b(?:medical|dental|vision)\b[^.]{0,40}\b(?:coverage|cover|plans?|insurance)\b|"
    r"\b(?:pension|retirement (?:plan|savings)|tuition (?:reimbursement|assistance)|"
    r"parental leave|maternity|paternity|sabbatical|holiday allowance|annual leave|sick pay|"
    r"wellness (?:stipend|program|programme)|employee (?:discount|assistance)|gym membership|"
    r"free (?:parking|meals?|lunch)|company car|uniforms? (?:are )?(?:provided|supplied)|"
    r"relocation (?:package|assistance)|stock options|RSUs?|paid holidays?|vacation days|"
    r"(?:paid|choice|flexible|unlimited|personal) time off|days of (?:paid )?(?:leave|holiday))\b|"
    # pay in any currency, as a "95k-120k" range, or said without a figure
    r"[£€¥₹]\s?\d|\b\d[\d,.]*\s?[kK]\s*(?:[-–—]|to)\s*[$£€]?\d[\d,.]*\s?[kK]\b|"
    r"\b(?:annual|performance|sign(?:ing|-on)|referral|quarterly|"
    r"year-end) bonus\b|\bshift differential\b|\bpay (?:range|rate|scale)\b|\bper annum\b|"
    # schedule and location logistics
    rf"{SCHEDULE_TIMES}|"
    r"\b\d+\s*(?:hours?|hrs) (?:per|a|each) week\b|"
    r"\b(?:day|night|evening|weekend|rotating) shift\b|"
    r"\b(?:full|part)[- ]time\b|\b(?:permanent|temporary|fixed[- ]term|seasonal) (?:position|role|"
    r"post|contract)\b|\b(?:position|role|job) (?:is )?(?:based|located) (?:in|at)\b|"
    r"\b(?:hybrid|remote)\b[^.]{0,30}\b(?:days? (?:a|per) week|in the office)\b|"
    r"^(?:location|start date|reports? to|hours|closing date|deadline|reference|department|"
    r"req(?:uisition)?(?: id| number| #)?|job (?:id|ref\w*))\s*:|"
    # the reporting line and the team joined
    r"^(?:you will |you'll |this (?:position|role|job) (?:will )?)?reports? (?:directly )?to\b|"
    r"^you(?:'ll| will) (?:join|be joining|be part of)\b|"
    # how to apply, legal conditions
    r"\bapplications? (?:close|closing|deadline|will be|are (?:reviewed|accepted))|\bshortlisted\b|"
    r"\bselected for (?:an? )?interview|\bto apply\b|\bquoting\b|"
    r"\b(?:send|submit|e-?mail|forward|upload) (?:your|a) (?:cv|resumes?|résumé|application)\b|"
    r"\bclick\b|\bunsolicited\b|"
    r"\b(?:recruitment|staffing) agenc|\binterviews? will\b|\bbackground (?:check|screen)|"
    r"\bdrug (?:screen|test)|\bcontingent (?:up)?on\b|\bconditioned (?:up)?on\b|"
    r"\bprivacy (?:notice|policy|statement)\b|\bdoes not constitute\b|\bfair chance\b|"
    r"\bwithout regard to\b|\baffirmative action\b|\bencouraged to apply\b|"
    r"\bequal (?:employment )?opportunit|\bprotected (?:veteran|class|status)|"
    r"\b(?:diversity|inclusion|inclusive)\b|"
    # a company's blurb, and the physical-demands / work-environment disclaimer
    r"\bfounded in \d{4}|\bfamily[- ]owned\b|\baward[- ]winning\b|\bour client\b|"
    r"\b(?:named|voted|recogni[sz]ed as) (?:a|one of)\b|\bbacked by\b|\bheadquartered in\b|"
    r"\b(?:best places? to work|top workplace)|\bphysical demands\b|"
    r"\bwork environment characteristics\b|"
    r"\bwork is (?:generally |primarily |usually |normally )?performed\b|\bnoise level\b",
    re.IGNORECASE,
)
# A wrapper-shaped line that also says what it asks is an ask ("Able to work Monday to Friday",
# "Experience with benefits administration", "Commitment to diversity and inclusion").
ASK_WORD = re.compile(
    r"\b(?:experience\w*|knowledge|skill(?:s|ed)?|abilit(?:y|ies)|able to|degree|diploma|"
    r"licen[cs]e[ds]?|certifi\w*|proficien\w*|familiar\w*|understanding|must|requires?|required|"
    r"need(?:ed|s)?|willing\w*|availability|available to|flexibility|preferred|desired|a plus|"
    r"demonstrat\w*|proven|commitment|comfortable|background in)\b",
    re.IGNORECASE,
)


def wrapper_shaped(text: str) -> bool:
    """Does the line have the shape of an offer, pay, logistics, process, legal or company
    text, with no ask word ("you will receive…", "Monday to Friday", "€40,000 per year")?"""
    return WRAPPER_SHAPE.search(text) is not None and ASK_WORD.search(text) is None


def without_schedule_times(text: str) -> str:
    """The line with its day and clock ranges taken out ("Must work rotating shifts 8:00 AM -
    4:00 PM" -> "Must work rotating shifts ")."""
    return re.sub(SCHEDULE_TIMES, " ", text, flags=re.IGNORECASE)


def is_boilerplate(text: str) -> bool:
    """Does this line read as legal, HR or apply-flow text rather than something asked?"""
    text = text.strip()
    if BOILERPLATE.search(text) or LEGAL_VOICE.search(text) or wrapper_shaped(text):
        return True
    if WORK_AUTHORISATION.search(text) and not SUBJECT_ASK.search(text):
        return True
    return len(set(m.lower() for m in POSTURE.findall(text))) >= MIN_POSTURES
