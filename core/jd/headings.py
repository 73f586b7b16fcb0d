"""What a JD heading names: the section kinds, the title-block labels and the role nouns.

`classify_heading` maps a heading's words to a section kind ("Minimum qualifications" ->
requirements, "Pay and benefits" -> pay); `core.jd.sections` decides what is a heading.
"""

from __future__ import annotations

import re

# (kind, pattern) checked in order on the lower-cased heading; first match wins.
HEADING_KINDS: tuple[tuple[str, str], ...] = (
    ("eeo", r"equal (employment )?opportunity|\beeo\b|diversity|inclusion|accommodation"),
    ("pay", r"compensation|remuneration|salary|\bpay\b|pay range|total rewards|\bwage"),
    ("benefits", r"benefits|perks|what we offer|we offer|why (join|work|you'?ll love)|rewards"),
    (
        "process",
        r"\bprocess\b|how to apply|\bto apply\b|\binterview|next steps|what happens next|"
        r"application process",
    ),
    (
        "nice_to_have",
        r"nice[ -]to[ -]have|preferred|bonus|\bplus(es)?\b|extra credit|desir|ideally|"
        r"good to have|would be great|we'?d love|stand out|not required|optional|"
        r"puts? you ahead|sets? you apart|advantage|asset",
    ),
    (
        "requirements",
        r"requir|qualifications|must[ -]have|looking for|what you('?ll| will)? bring|"
        r"who you are|about you|a fit if|you might be|you may be|you('?re| are) (a|the)|"
        r"you have|what you need|what it takes|what we need|skills|experience|ideal candidate|"
        r"competenc|expertise|background|profile|need to succeed|we expect|your toolkit|"
        r"the basics|essentials|certificat|licen[cs]es?\b|registrations|education|"
        r"makes? you successful|to be successful|you('?ll| will) need|eligibility|"
        r"^essential( criteria)?$",
    ),
    # notices to applicants and fine print ("Notice for internal applicants", "Applicant privacy
    # notice", "Disclaimer"); after the requirement kinds, so "Applicant requirements" stays.
    # Not "policy" or "legal": duty headings of HR and law jobs ("HR Policy/Strategy", "Legal
    # research") name them.
    (
        "process",
        r"\bnotice\b|\bapplicants?\b|disclaimer|fine print",
    ),
    (
        "outlook",
        r"first (\w+ )?(days|weeks|months|year)|30[ /-]60|success looks like|"
        r"in your first|within (your first|\w+ months)|look like",
    ),
    (
        "about",
        r"about (the|this|our) (team|role|job|position|opportunity|work|group)|the team|"
        r"position summary|role (overview|summary)|job (overview|summary)|the (short )?pitch",
    ),
    (
        "responsibilities",
        r"responsib|duties|what you('?ll| will) (do|own|work|build|be doing|achieve)|"
        r"you will|you'?ll|your (role|mission|impact|day)|the (role|job|work|position)$|"
        r"in this role|day[ -]to[ -]day|key accountabilit|accountabilit|what you'?ll|"
        r"the opportunity|your work|impact you",
    ),
    (
        "conditions",
        r"working conditions|conditions|work(ing)? environment|travel|physical|location|"
        r"schedule|hours",
    ),
    (
        "culture",
        r"how we work|values|culture|our principles|working here|life at|who we are as|team norms",
    ),
    (
        "company",
        r"company|about us|who we are|our (mission|story)|mission|^about \w+( \w+)?$",
    ),
    ("about", r"about|overview|summary|introduction|opportunity|position|role|team|description"),
)

# "Label: value" lines at the top of a posting.
META_LABELS = re.compile(
    r"^(location|team|level|department|employment( type)?|type|job type|reports? to|"
    r"salary|start date|remote|office|job id|req(uisition)?( id)?|posted|seniority|grade)\s*:",
    re.IGNORECASE,
)
ROLE_NOUN = re.compile(
    r"\b(engineer|developer|programmer|manager|researcher|designer|scientist|analyst|architect|"
    r"lead|director|head of|vp|vice president|chief|officer|consultant|specialist|"
    r"administrator|coordinator|intern|writer|strategist|owner|marketer|recruiter|accountant|"
    r"sre|technician|representative|counsel|editor|nurse|physician|advocate|producer|"
    r"operator|partner|president|associate|supervisor|superintendent|foreman|executive|"
    r"pharmacist|therapist|technologist|hygienist|dentist|surgeon|paramedic|caregiver|aide|"
    r"teacher|educator|instructor|tutor|professor|lecturer|counsel+or|librarian|principal|"
    r"cook|chef|baker|server|bartender|barista|cashier|clerk|receptionist|secretary|"
    r"assistant|bookkeeper|auditor|controller|attorney|lawyer|paralegal|agent|advisor|adviser|"
    r"planner|buyer|estimator|inspector|electrician|plumber|mechanic|carpenter|welder|"
    r"machinist|worker|driver|laborer|labourer|handler|custodian|janitor|housekeeper|guard|"
    r"attendant|steward|coach|trainer|stylist|photographer|illustrator|animator|translator|"
    r"interpreter|journalist|reporter|copywriter|merchandiser|salesperson|rep|dietitian|"
    r"nutritionist|psychologist|pilot|firefighter|midwife|pathologist|radiographer)s?\b",
    re.IGNORECASE,
)


def classify_heading(heading: str) -> str | None:
    """The section kind a heading names, or None when it names nothing we know."""
    low = " ".join(heading.lower().replace("’", "'").strip(" :-—–#*").split())
    if not low:
        return None
    for kind, pattern in HEADING_KINDS:
        if re.search(pattern, low):
            return kind
    return None
