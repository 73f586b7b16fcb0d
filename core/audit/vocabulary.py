"""The word lists the truth checks use, in one place to read and extend.

Lists are written as space-separated words (or `|`-separated phrases) and turned into sets or
regex alternations by `word_set` / `phrases`. General English and hiring vocabulary only: never
wording copied from one resume or job ad.
"""

from __future__ import annotations


def word_set(words: str) -> frozenset[str]:
    return frozenset(words.split())


def phrases(listed: str) -> str:
    """A regex alternation from `|`-separated phrases written over several lines."""
    return "|".join(p.strip() for p in listed.split("|") if p.strip())


# --- numbers -----------------------------------------------------------------------------------
CONTEXT_STOPWORDS = word_set(
    """a an the of to in on at by for and or with from about roughly around approximately
    nearly almost over under more than less up down per each its it their our was were is
    are be been which that this"""
)

# --- titles and employers ----------------------------------------------------------------------
TITLE_HEADS = word_set(
    """engineer developer programmer manager researcher scientist analyst designer architect
    lecturer professor instructor teacher director lead head president vp officer consultant
    contractor technician specialist coordinator administrator associate assistant intern
    fellow postdoc founder co-founder cofounder cto ceo cfo coo cpo cmo pm apm tpm editor
    writer recruiter strategist owner partner chair dean supervisor representative paralegal
    nurse pharmacist technician electrician plumber mechanic machinist welder carpenter
    accountant attorney lawyer clerk cashier chef cook bartender driver operator therapist
    physician surgeon dentist hygienist planner buyer estimator inspector surveyor agent broker
    adviser advisor counselor counsellor aide receptionist secretary foreman superintendent
    paramedic librarian producer illustrator photographer tech counsel installer bookkeeper
    auditor adjuster underwriter dispatcher baker barista caregiver technologist educator
    chemist translator interpreter merchandiser phlebotomist teller custodian housekeeper"""
)
LEVEL_WORDS = word_set(
    """associate assistant adjunct junior jr senior sr staff principal lead head chief group
    director vp vice president intern trainee apprentice i ii iii iv v distinguished executive
    managing general deputy postdoctoral visiting part-time acting interim"""
)
TITLE_ABBREVIATIONS = {"sr": "senior", "jr": "junior", "mgr": "manager", "snr": "senior"}
TITLE_FILLER = word_set("of and the a an & for in")
# First words too common to stand for an employer on their own ("Blue" for "Blue Heron …").
GENERIC_FIRST_WORDS = word_set(
    """the department school faculty college university institute center centre office
    blue red green black white new north south east west central united american national
    global first state city bank credit digital health general great big little"""
)

# Skill-lexicon categories of methods and practices (any of a method's names backs it); every
# other category names tools, languages, platforms or credentials.
METHOD_CATEGORIES = word_set("software_practices product_management ux_research")

# --- product-like words ------------------------------------------------------------------------
NOT_PRODUCT_WORDS = word_set(
    """i a an the as at in on of for and or to by with from into via per vs
    january february march april may june july august september october november december
    jan feb mar apr jun jul aug sep sept oct nov dec monday tuesday wednesday thursday
    friday saturday sunday q1 q2 q3 q4 h1 h2 ok kb mb gb tb pb ms"""
)

# --- scope -------------------------------------------------------------------------------------
# (claimed in a bullet, evidence words that carry the same claim)
LEADERSHIP_GROUPS = (
    (
        phrases("led | leading | lead | spearheaded | spearheading | headed | heading | directed"),
        phrases(
            """led | lead | leads | leading | leader | spearheaded | spearheading | headed |
            heading | directed | directing | director | drove"""
        ),
    ),
    (
        phrases("managed | managing | supervised | supervising | oversaw | overseeing"),
        phrases(
            """managed | manage | manages | managing | manager | management | supervised |
            supervise | supervises | supervising | supervisor | oversaw | oversee | oversees |
            overseeing | direct reports"""
        ),
    ),
    (
        phrases("owned | owning | owner of"),
        phrases("own | owned | owns | owning | owner | ownership"),
    ),
    (phrases("founded | co-founded | founder of"), phrases("founded | co-founded | founder")),
    (phrases("chaired | chairing"), phrases("chaired | chair | chairs | chairing")),
)
# Evidence words that carry "led" when nothing says the person only took part.
RAN = phrases(
    """ran | run | runs | running | organized | organised | organize | organise | drove |
    coordinated | hosted | chaired | founded | set up | stood up"""
)
PARTICIPATION = phrases(
    """one of (?:\\w+|\\d+) | member of | helped | contributed | assisted | supported |
    participated | co-owned | co-led | informal | reported to | alongside | as part of | mentored"""
)
BREADTH = phrases(
    """company-wide | companywide | company wide | organization-wide | organisation-wide |
    org-wide | enterprise-wide | cross-company | firm-wide | department-wide | network-wide |
    networkwide | network of | across the network | system-wide | systemwide | every | entire |
    whole | all"""
)
GROWTH = phrases(
    """scaled | scale | scaling | launched | launch | expanded | expand | grew | grow |
    rolled out | roll out | productized | commercialized | line of business | business line"""
)
LIMITED = phrases(
    """pilot | piloted | paused | pause | prototype | prototyped | proof of concept |
    proof-of-concept | shelved | discontinued | cancelled | canceled | sunset | sunsetted |
    killed | abandoned | wound down"""
)
PROJECT_ROLES = phrases(
    """principal investigator | co-principal investigator | co-investigator |
    lead investigator | \\bPI\\b | lead author | first author | project lead | tech lead |
    technical lead | team lead | engineering lead | research lead | lead engineer |
    lead researcher | lead designer | head of [a-z]+ | founder | co-founder | sole owner"""
)
GEOGRAPHY = phrases(
    """global | globally | worldwide | world-wide | international | internationally |
    multinational | nationwide | national | emea | apac | latam | north america | europe |
    european | asia | asia-pacific | africa | south america | latin america | cross-border"""
)
TEAM_NOUNS = phrases(
    """engineers | developers | people | reports | direct reports | researchers | designers |
    analysts | pms | product managers | staff | employees | scientists | members | managers"""
)
# Words that, between a verb and a count, show the count is not the verb's object.
AUTHORITY_GAP_WORDS = word_set(
    """it them this that these those for to with on at into onto across by from through via
    who which while when where as"""
)
PEOPLE_VERBS = phrases(
    """led | leading | managed | managing | supervised | supervising | headed | heading |
    directed | directing | oversaw | overseeing"""
)
