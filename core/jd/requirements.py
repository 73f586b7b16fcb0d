"""Which parts of a JD are requirements, with their priority and years of experience.

In order of trust:
1. every bullet (or sentence, when a section has no bullets) of a requirements / nice-to-have
   section; commentary under a bulleted list only when it reads as a requirement;
2. responsibility items and sentences elsewhere that state a requirement outright ("5+ years",
   "experience with", "proficiency in", "degree in", "bonus if you've…"), or list items there
   that read as qualifications by meaning (given as `asks`);
   a unit the learned unit-role model reads as a requirement (`learned`) counts even in the
   employer's voice ("We need somebody with a good knowledge of…", "Expert skills with Tableau
   (we use it daily)"), which otherwise marks text about the employer;
3. when that finds nothing: responsibility items, then any bullet or sentence, that name a
   skill term. Benefits, pay, process, company, EEO and outlook text never count.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from core.contracts import Priority
from core.jd.boilerplate import ASK_WORD, is_boilerplate, without_schedule_times
from core.jd.clauses import clauses
from core.jd.sections import NEVER_REQUIREMENTS, Section

NICE_CUE = re.compile(
    r"\b(preferred|prefer|bonus|nice[ -]to[ -]have|ideally|a plus|is a plus|are a plus|"
    r"plus if|desirable|desired|advantageous|would be (great|nice|helpful|a plus)|not required|"
    r"optional|extra credit|good to have|we'?d love|helpful|big plus|(?:an? )?(?:important |"
    r"added |real )?(?:asset|advantage)|advantageous|puts? you ahead|sets? you apart|"
    r"preferably|desirable|(?:would be|is) ideal)\b",
    re.IGNORECASE,
)
MUST_CUE = re.compile(
    r"\b(required|requires?|must|mandatory|essential|need to have)\b",
    re.IGNORECASE,
)
# Words that make a sentence outside a requirements list read as one ("5+ years", "experience
# with", "a plus"…). Deliberately strict: "you have the freedom to…" is not a requirement.
STRONG_CUE = re.compile(
    r"\b(\d+\s*\+?\s*(years|yrs)|(years|yrs) of|experience (with|in|building|running|designing|"
    r"leading|managing|operating|as|of)|proficien\w*|fluen(t|cy) in|expertise in|knowledge of|"
    r"familiar(ity)? with|degree (in|or)|'s degree|certification|background in|track record|"
    r"skilled in|must have|required|preferred|bonus (points|if)|is a bonus|nice to have|a plus|"
    r"ideally|(?:would be|is) ideal|you must|must (?:have|be|possess|hold|live))",
    re.IGNORECASE,
)
DISCLAIMER = re.compile(
    r"\b(do not need to|don'?t need to|not expect(ing)? you to|every (line|qualification)|"
    r"encourage (you|people) to apply|we('d| would) (like|love) to hear|apply anyway|"
    r"even if you)\b",
    re.IGNORECASE,
)
# Money is pay (or a perk) when it is a range, a rate, or sits next to a pay word; "a project
# with a value of $1,000,000 or more" asks something of the candidate.
MONEY = r"\$\s?\d[\d,.]*\s*[kKmM]?"
PAY_MONEY = (
    rf"{MONEY}\s*(?:[-–—]|to)\s*\$?\s?\d|"
    rf"{MONEY}\s*(?:/|per\b|an?\b|each\b)\s*(?:hour|hr|year|yr|annum|month|week|day|shift)|"
    rf"{MONEY}\s*(?:USD|hourly|annual|base|salary|bonus|sign|stipend|learning|budget|allowance|"
    r"relocation|wellness|per\b|match)|"
    rf"\b(?:pay|salary|wages?|compensation|earnings?|stipend|bonus|budget|rate)\b[^.$]{{0,40}}{MONEY}"
)
NON_REQUIREMENT_LINE = re.compile(
    rf"({PAY_MONEY}|\bsalary\b|\bcompensation\b|\bbase pay\b|\bequity\b|\bbenefits\b|\b401\s?\(?k|"
    r"\bpaid (time off|leave|vacation)\b|\bPTO\b|\bequal opportunity\b|"
    r"\b(?:health|medical|dental|vision|life|disability) insurance\b|"
    r"\bregardless of\b|\baccommodations?\b|\bhiring manager\b|\binterview (process|loop)\b|"
    r"\bhow to apply\b|\bvisa sponsorship\b)",
    re.IGNORECASE,
)
SENTENCE_SPLIT = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"“($£€])")
ABBREVIATION_END = re.compile(r"\b(e\.g|i\.e|etc|vs|incl|approx|Sr|Jr|Dr|Inc|Ltd|No)\.$")
NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "twenty": 20,
}  # fmt: skip
YEARS = re.compile(
    r"(?<!\bin )(?<!\bwithin )(?<!\bevery )(?<!\bnext )"
    r"\b(\d{1,2}(?:\.\d)?|" + "|".join(NUMBER_WORDS) + r")"
    r"(?:\s*\(\d{1,2}\))?\s*(?:\+|plus|or more)?\s*(?:(?:-|–|to)\s*\d{1,2}\s*\+?\s*)?"
    r"(?:years?|yrs?)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Candidate:
    text: str
    section_kind: str
    priority: Priority
    years: float | None
    line: int


def sentences(text: str) -> list[str]:
    """Split prose into sentences (and run-on lists at ';'), keeping 'e.g.' in its sentence."""
    parts: list[str] = []
    for piece in SENTENCE_SPLIT.split(text.strip()):
        if parts and ABBREVIATION_END.search(parts[-1]):
            parts[-1] = f"{parts[-1]} {piece}"
        else:
            parts.append(piece)
    return [p.strip() for p in parts if p.strip()]


def years_of(text: str) -> float | None:
    """The (lowest) years-of-experience figure a requirement asks for, if any."""
    match = YEARS.search(text)
    if match is None:
        return None
    number = match.group(1).lower()
    return float(NUMBER_WORDS[number]) if number in NUMBER_WORDS else float(number)


def priority_of(text: str, section_kind: str) -> Priority:
    """Words in the item win ("…is a plus", "required"); otherwise the section decides."""
    if NICE_CUE.search(text):
        return Priority.NICE
    if MUST_CUE.search(text):
        return Priority.MUST
    return Priority.NICE if section_kind == "nice_to_have" else Priority.MUST


def clean_item(text: str) -> str:
    return " ".join(text.strip().strip("*_").split()).rstrip(" ;,")


def _candidate(text: str, section: Section, line: int) -> Candidate:
    text = clean_item(text)
    return Candidate(text, section.kind, priority_of(text, section.kind), years_of(text), line)


Cut = Callable[[str], list[str]]


def _whole(text: str) -> list[str]:
    return [text]


def _units(
    section: Section,
    *,
    bullets_only: bool = False,
    learned: frozenset[str] = frozenset(),
    keep_wrappers: bool = False,
    cut: Cut = _whole,
) -> list[tuple[str, int, bool, str]]:
    """(text, line, is_bullet, whole) for each clause of each bullet and prose sentence of a
    section; `whole` is the unit the clause was cut from: the bullet or sentence, or a piece of
    it that `cut` gives (the parts of a unit that do different things). A paragraph of wrapper
    text is left out unless one of its units is in `learned` (the unit-role model reads it
    as asked: "We are looking for someone calm with patients. We need…") or `keep_wrappers`."""
    units: list[tuple[str, int, bool, str]] = []
    for block in section.blocks:
        if block.kind == "bullet":
            item = without_wrapper_sentences(block.text)
            for piece in cut(item):
                units.extend((c, block.line, True, piece) for c in clauses(piece, bullet=True))
        elif not bullets_only:
            prose = sentences(block.text)
            pieces = [piece for sentence in prose for piece in cut(sentence)]
            asked = keep_wrappers or not learned.isdisjoint(pieces)
            if wrapper_paragraph(prose) and not asked:
                continue
            for piece in pieces:
                units.extend((c, block.line, False, piece) for c in clauses(piece))
    return units


def unit_wholes(section: Section, cut: Cut = _whole) -> list[str]:
    """The units of a section as `extract_candidates` reads them (the texts its `asks` name),
    wrapper paragraphs included: the unit-role model reads them too."""
    units = _units(section, keep_wrappers=True, cut=cut)
    return list(dict.fromkeys(whole for _, _, _, whole in units))


def without_wrapper_sentences(item: str) -> str:
    """A list item without the sentences of it that are wrapper text: an item of a list pasted
    as one line carries what followed the list ("…disruptions. Must be able to work rotating
    shifts. 8:00 AM - 4:00 PM 4:00 PM - 12:00 AM"), and an item may end in a perk or a pay
    line ("Valid driver's license. Company car provided."). Only the shapes and phrasings of
    `is_boilerplate` and a pay figure cut a sentence, never a sentence with a requirement cue,
    and a pay or benefits *word* alone does not ("Payroll and benefits administration." is an
    ask). An item every sentence of which names pay, benefits, legal or apply matters stays
    whole: it is wrapper text as a whole, judged as before, so a pay disclosure ("…we are
    disclosing the compensation where legally required. $225,000 - $250,000 is the base
    salary.") is not freed from its pay figure."""
    parts = sentences(item)
    if len(parts) < 2 or all(wrapper_worded(p) for p in parts):
        return item
    kept = [p for p in parts if not _wrapper_sentence(p)]
    return " ".join(kept)


def _wrapper_sentence(text: str) -> bool:
    if STRONG_CUE.search(text) or MUST_CUE.search(text):
        return False
    return is_boilerplate(text) or re.search(PAY_MONEY, text, re.IGNORECASE) is not None


MAX_PARAGRAPH_SENTENCES = 10  # more is a whole ad pasted as one line, not a paragraph


def wrapper_paragraph(prose: list[str]) -> bool:
    """A paragraph of two or more sentences, at least half of them pay, benefits, EEO, legal or
    the employer speaking of itself, is wrapper text as a whole: its other sentences ("All
    applicants must be legally authorized…", "A new employee earns 13 days of leave") belong to
    it, not to the list above it. Shift times do not make a sentence wrapper text here: they
    give the hours of the ask beside them ("Must work rotating shifts. 8:00 AM - 4:00 PM …"),
    not an offer."""
    if not 2 <= len(prose) <= MAX_PARAGRAPH_SENTENCES:
        return False
    wrapper = sum(wrapper_worded(without_schedule_times(s)) or in_employer_voice(s) for s in prose)
    return 2 * wrapper >= len(prose)


def wrapper_worded(text: str) -> bool:
    """Does the line name pay, benefits, EEO, apply-flow or legal matters at all (asking or not)?
    Counts the wrapper sentences of a paragraph (`wrapper_paragraph`)."""
    return NON_REQUIREMENT_LINE.search(text) is not None or is_boilerplate(text)


def reads_as_boilerplate(text: str) -> bool:
    """Pay, benefits, EEO, apply-flow or legal text: never a requirement, never a keyword. A
    benefits or pay *word* in a line that asks ("Experience with benefits administration",
    "Knowledge of compensation law") is the subject of an ask; a pay figure never is."""
    if is_boilerplate(text) or re.search(PAY_MONEY, text, re.IGNORECASE):
        return True
    return NON_REQUIREMENT_LINE.search(text) is not None and ASK_WORD.search(text) is None


EMPLOYER_VOICE = re.compile(r"\b(?:we|us)\b|^our\b", re.IGNORECASE)  # not "… our CRM system"


def in_employer_voice(text: str) -> bool:
    """'Our services are offered at no cost', 'we want to hear from you': the employer speaking
    of itself, with no requirement cue, asks nothing of the candidate."""
    asks = STRONG_CUE.search(text) or MUST_CUE.search(text)
    return EMPLOYER_VOICE.search(text) is not None and asks is None


def _usable(text: str, *, learned: bool = False) -> bool:
    return (
        2 <= len(text.split()) <= 80
        and not reads_as_boilerplate(text)
        and (learned or not in_employer_voice(text))
    )


def _explicit(
    sections: list[Section], asks: frozenset[str], learned: frozenset[str], cut: Cut
) -> list[Candidate]:
    found: list[Candidate] = []
    for section in sections:
        if section.kind in ("requirements", "nice_to_have"):
            bulleted = section.has_bullets()
            for text, line, is_bullet, whole in _units(section, learned=learned, cut=cut):
                # under a bulleted list, prose is commentary unless it reads as a requirement
                readable = is_bullet or not bulleted or STRONG_CUE.search(whole)
                usable = _usable(text, learned=whole in learned)
                if readable and usable and not DISCLAIMER.search(text):
                    found.append(_candidate(text, section, line))
        else:  # a cue or the model; where a section never asks, only what the model is sure of
            never = section.kind in NEVER_REQUIREMENTS  # (learned_asks' STRONG_ASK_MIN)
            for text, line, _, whole in _units(section, learned=learned, cut=cut):
                cued = whole in learned or (
                    not never and (STRONG_CUE.search(whole) or whole in asks)
                )
                usable = _usable(text, learned=whole in learned)
                if cued and not DISCLAIMER.search(text) and usable:
                    found.append(_candidate(text, section, line))
    return found


def _fallback(sections: list[Section], has_terms: Callable[[str], bool]) -> list[Candidate]:
    allowed = [s for s in sections if s.kind not in NEVER_REQUIREMENTS]
    order = [s for s in allowed if s.kind == "responsibilities"]
    order += [s for s in allowed if s.kind != "responsibilities"]
    for bullets_only in (True, False):
        found = [
            _candidate(text, section, line)
            for section in order
            for text, line, _, _ in _units(section, bullets_only=bullets_only)
            if _usable(text) and not DISCLAIMER.search(text) and has_terms(text)
        ]
        if found:
            return found
    return []


def extract_candidates(
    sections: list[Section],
    *,
    has_terms: Callable[[str], bool],
    asks: frozenset[str] = frozenset(),
    learned: frozenset[str] = frozenset(),
    cut: Cut = _whole,
) -> list[Candidate]:
    """Requirement candidates in JD order, de-duplicated by normalised text. `asks`: units
    outside requirement sections that read as qualifications by meaning
    (`core.jd.sentence_roles`); `learned`: units the unit-role model reads as requirements
    (`core.jd.unit_roles.learned_asks`), asked even in the employer's voice; `cut`: how a unit
    splits into parts that do different things (`core.jd.unit_roles.RoleCuts`)."""
    found = _explicit(sections, asks, learned, cut) or _fallback(sections, has_terms)
    found = _drop_qualifiers(_title_years(sorted(found, key=lambda c: c.line)))
    seen: set[str] = set()
    unique: list[Candidate] = []
    for candidate in found:
        key = re.sub(r"\W+", " ", candidate.text.lower()).strip()
        if key and key not in seen:
            seen.add(key)
            unique.append(candidate)
    return unique


# "Equivalent combination of education and experience", "or equivalent work experience": an
# alternative to the degree or years ask before it, not a qualification of its own.
QUALIFIER = re.compile(
    r"^(?:or\s+)?(?:an?\s+|any\s+)?(?:equivalent|comparable)\s+(?:(?:combination|mix|blend)\s+of"
    r"\s+(?:education|training|experience)\b|"
    r"(?:(?:work|professional|practical|relevant|related)\s+)?(?:experience|education|training)\W*$)",
    re.IGNORECASE,
)
YEARS_PHRASE = re.compile(r"\(([^()]*\b(?:years?|yrs?)\b[^()]*)\)", re.IGNORECASE)


def _drop_qualifiers(found: list[Candidate]) -> list[Candidate]:
    """An equivalence qualifier relaxes the degree or years ask before it; it asks nothing by
    itself. It is dropped rather than appended to that ask: the longer text would bury the
    ask's own words (the requirement contract has no field for the alternative yet)."""
    return [c for c in found if not QUALIFIER.search(c.text)]


def _title_years(found: list[Candidate]) -> list[Candidate]:
    """A line of the ad's title block ("Job Description: Product Manager (10+ Years of
    Experience)") names the job, not a qualification. Its years figure is the seniority the
    job asks: it is kept as a years requirement of its own words ("10+ Years of Experience")
    only when no requirement of the body states years, where it would be a duplicate."""
    body = [c for c in found if c.section_kind != "header"]
    if any(c.years is not None for c in body):
        return body
    from_title: list[Candidate] = []
    for candidate in (c for c in found if c.section_kind == "header" and c.years is not None):
        inner = YEARS_PHRASE.search(candidate.text)
        match = YEARS.search(inner.group(1) if inner else candidate.text)
        text = inner.group(1).strip() if inner else match.group(0) if match else ""
        if text:
            from_title.append(replace(candidate, text=text))
    return from_title[:1] + body
