"""Scope may not grow: leadership, breadth, stage, project role, team size and geography.

Each rule compares what the bullet claims with what the cited evidence says:
- who did it (core/audit/agency.py): the part the line claims (alone, led, shared, member,
  supported, sponsored) may not be higher than the part its best-matching evidence sentence
  states; when that sentence states no part, the leadership rule below applies;
- a leadership verb ("led", "owned", "managed", "directed", "headed", "spearheaded", …) needs
  the same kind of verb in the evidence; "helped lead", "co-owned", "one of seven" do not carry
  it ("ran" or "organised" carries "led" unless the evidence says the person only took part);
- breadth words ("company-wide", "every", "all", "entire", …) must be in the evidence ("all 9"
  is a count, judged by the number check);
- growth verbs ("scaled", "launched", "expanded", "rolled out", "line of business") are not
  allowed when the evidence says the thing was a pilot, paused, a prototype or cancelled;
- a project role ("principal investigator", "tech lead", "founder", …) must be in the evidence;
- a team size ("a team of 12", "8 direct reports") must be a number the evidence gives;
- a geography ("global", "international", "EMEA", …) must be in the evidence;
- authority over a count ("oversaw 9 stores", "managed 12 technicians") needs the evidence to
  put that count under a verb of the same level too: "trained the key holders of 9 stores" or
  "ran it for 9 stores" give the count, not the authority.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.audit.agency import check_agency, find_markers
from core.audit.quantities import find_quantities
from core.audit.vocabulary import (
    AUTHORITY_GAP_WORDS,
    BREADTH,
    GEOGRAPHY,
    GROWTH,
    LEADERSHIP_GROUPS,
    LIMITED,
    PARTICIPATION,
    PEOPLE_VERBS,
    PROJECT_ROLES,
    RAN,
    TEAM_NOUNS,
    TITLE_HEADS,
)
from core.text.number_words import SMALL

_TEAM_SIZE = re.compile(
    r"\bteam of (?:about |roughly |~)?(?P<a>[\w,.]+)"
    r"|(?P<b>[\w,.]+)[- ](?:person|people|member) team"
    rf"|\b(?:{PEOPLE_VERBS})\s+(?:a team of\s+|an? )?(?:about |roughly |~)?"
    rf"(?P<c>[\w,.]+)\s+(?:{TEAM_NOUNS})\b",
    re.I,
)


_COUNTED = re.compile(
    r"\s+(?:of\s+)?(?:the\s+|our\s+|its\s+|their\s+)?(?:\d|(?:two|three|four|five|six|seven"
    r"|eight|nine|ten|eleven|twelve)\b)",
    re.I,
)


# Only these take a count ("all 9 services", "every 3 weeks"); "the whole 640,000 sq ft
# building" is still a breadth claim, whatever the number measures.
_COUNTING_BREADTH = frozenset({"all", "every"})


@dataclass(frozen=True)
class ScopeFinding:
    span: str
    detail: str
    number: str = ""  # a team size, so the metric check does not report it again


def _words(pattern: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-])(?:{pattern})(?![\w-])", re.I)


_HELPED = re.compile(
    r"(?:help(?:ed|ing|s)?|assist(?:ed|ing)?(?: in)?|contribut(?:ed|ing) to|support(?:ed|ing))\s+$",
    re.I,
)


def _said(pattern: str, text: str) -> re.Match[str] | None:
    for match in _words(pattern).finditer(text):
        if re.match(r"\s+to\b", text[match.end() :]):  # "led to" is cause, not leadership
            continue
        if _HELPED.search(text[max(0, match.start() - 25) : match.start()]):
            continue  # "helped lead" is helping
        return match
    return None


def leadership_findings(text: str, evidence: str) -> list[ScopeFinding]:
    findings: list[ScopeFinding] = []
    weak = _said(PARTICIPATION, evidence)
    for claimed, carried in LEADERSHIP_GROUPS:
        claim = re.search(rf"(?<![\w-])(?:{claimed})(?![\w-])(?!\s+to\b)", text, re.I)
        if not claim or _said(carried, evidence):
            continue
        if claimed == LEADERSHIP_GROUPS[0][0] and not weak and _said(RAN, evidence):
            continue  # someone who ran or organised a thing may say they led it
        findings.append(
            ScopeFinding(
                claim.group(0),
                f"'{claim.group(0)}' claims leadership the evidence does not state"
                + (f" (the evidence says '{weak.group(0)}')." if weak else "."),
            )
        )
    return findings


# A period after "every" makes a frequency ("every week", "every other month").
_PERIOD = re.compile(
    r"\s+(?:other\s+|single\s+)?(?:day|night|morning|evening|shift|week|weekend|fortnight|"
    r"month|quarter|year|season|semester|term|sprint|release|hour|minute)s?\b",
    re.I,
)


def breadth_findings(text: str, evidence: str) -> list[ScopeFinding]:
    out: list[ScopeFinding] = []
    for m in _words(BREADTH).finditer(text):
        counts = m.group(0).lower() in _COUNTING_BREADTH
        if counts and _COUNTED.match(text[m.end() :]):
            continue  # "all 9 services": the number check judges the count
        if counts and _PERIOD.match(text[m.end() :]):
            continue  # "every week": how often, not how widely
        if not _said(re.escape(m.group(0)), evidence):
            out.append(
                ScopeFinding(m.group(0), f"'{m.group(0)}' widens the scope beyond the evidence.")
            )
    return out[:2]


def stage_findings(text: str, evidence: str) -> list[ScopeFinding]:
    growth = _said(GROWTH, text)
    limited = _said(LIMITED, evidence)
    if (
        not growth
        or not limited
        or _said(LIMITED, text)
        or _said(re.escape(growth.group(0)), evidence)
    ):
        return []
    return [
        ScopeFinding(
            growth.group(0),
            f"'{growth.group(0)}' overstates it: the evidence says '{limited.group(0)}'.",
        )
    ]


def project_role_findings(text: str, evidence: str) -> list[ScopeFinding]:
    out: list[ScopeFinding] = []
    for m in re.finditer(PROJECT_ROLES, text, re.I):
        if not re.search(re.escape(m.group(0)), evidence, re.I):
            out.append(
                ScopeFinding(m.group(0), f"The evidence does not say you were {m.group(0)}.")
            )
    return out


def team_size_findings(text: str, evidence: str) -> list[ScopeFinding]:
    out: list[ScopeFinding] = []
    given = find_quantities(evidence)
    for m in _TEAM_SIZE.finditer(text):
        raw = m.group("a") or m.group("b") or m.group("c") or ""
        said = find_quantities(raw)
        if not said or any(said[0].same_as(g) for g in given):
            continue
        out.append(
            ScopeFinding(
                m.group(0),
                f"Team size '{raw}' is not in the evidence.",
                number=said[0].text,
            )
        )
    return out


def geography_findings(text: str, evidence: str, places: list[str]) -> list[ScopeFinding]:
    out: list[ScopeFinding] = []
    for m in _words(GEOGRAPHY).finditer(text):
        word = m.group(0)
        if _said(re.escape(word), evidence) or any(word.lower() in p.lower() for p in places):
            continue
        out.append(ScopeFinding(word, f"'{word}' claims a wider geography than the evidence."))
    return out


_AUTHORITY_LEVELS = frozenset({"led", "sole"})
_COUNT = rf"(\d[\d,]*|{'|'.join(w for w in SMALL if w != 'one')})"
# A verb governs a count when at most four words stand between them and none turns the
# sentence to another object ("ran it for the key holders of 9 stores").
_GOVERNED = re.compile(rf"^\s+((?:[\w'’-]+\s+){{0,4}}?){_COUNT}\s+([a-z][\w-]*)", re.I)


def _governed_counts(text: str) -> list[tuple[str, str, str]]:
    """(verb, count, noun) for each count a led-level verb governs directly."""
    out: list[tuple[str, str, str]] = []
    for mk in find_markers(text):
        if mk.level_name not in _AUTHORITY_LEVELS:
            continue
        m = _GOVERNED.match(text[mk.start + len(mk.text) :])
        if m and not set(m.group(1).lower().split()) & AUTHORITY_GAP_WORDS:
            out.append((mk.text, m.group(2).replace(",", "").lower(), m.group(3).lower()))
    return out


def _noun_stem(noun: str) -> str:
    return re.sub(r"(?:es|s)$", "", noun.lower()) if len(noun) > 3 else noun.lower()


def authority_findings(text: str, evidence: str) -> list[ScopeFinding]:
    """A count the line puts under a led-level verb that the evidence gives only under a lower
    one ("oversaw 9 stores" on "trained the key holders of 9 stores")."""
    out: list[ScopeFinding] = []
    theirs = {(c, _noun_stem(n)) for _, c, n in _governed_counts(evidence)}
    for verb, count, noun in _governed_counts(text):
        if (count, _noun_stem(noun)) in theirs:
            continue
        said = re.search(
            rf"[^.;\n]*?(?<![\w.,]){re.escape(count)}\s+{re.escape(_noun_stem(noun))}\w*",
            evidence,
            re.I,
        )
        if said is None:
            continue  # the count itself is judged by the number check
        quote = " ".join(said.group(0).split()[-10:])
        out.append(
            ScopeFinding(
                f"{verb} {count} {noun}",
                f"'{verb} {count} {noun}' claims authority the evidence does not give: "
                f"it says '{quote}'.",
            )
        )
    return out[:1]


# The person a verb acts on: a determiner, then up to four words that hold a job-title word
# ("the plant foreman", "the production director's", "the shift supervisors").
_DETERMINER = re.compile(r"^\s+(?:the|our|its|their|his|her|my|a|an)\s+", re.I)
PERSON_WINDOW = 6  # words after an evidence verb that may name the person it acts on


def _title_head(word: str) -> str:
    """The job-title word `word` is (singular, possessive dropped), or ''."""
    word = re.sub(r"['’]s?$", "", word.lower())
    for form in (word, re.sub(r"s$", "", word), re.sub(r"es$", "", word)):
        if form in TITLE_HEADS:
            return form
    return ""


def _governed_people(text: str) -> list[tuple[str, str, str]]:
    """(verb, person as written, title word) for each person named by title that a led-level
    verb acts on directly ("supervised the plant foreman")."""
    out: list[tuple[str, str, str]] = []
    for mk in find_markers(text):
        if mk.level_name not in _AUTHORITY_LEVELS:
            continue
        after = text[mk.start + len(mk.text) :]
        det = _DETERMINER.match(after)
        if not det:
            continue
        run: list[str] = []
        for m in re.finditer(r"[\w'’-]+|\S", after[det.end() :]):
            word = m.group(0)
            if not re.match(r"\w", word) or word.lower() in AUTHORITY_GAP_WORDS or len(run) == 4:
                break
            run.append(word)
            if re.search(r"['’]s?$", word):
                break  # "the head buyer's spring plan": the possessive ends the person
        heads = [i for i, w in enumerate(run) if _title_head(w)]
        if heads and not any(re.search(r"\d", w) or w.lower() in SMALL for w in run):
            # (a counted group, "a team of 8 adjusters", is the count rule's)
            person = det.group(0).strip() + " " + " ".join(run[: heads[-1] + 1])
            out.append((mk.text, re.sub(r"['’]s?$", "", person), _title_head(run[heads[-1]])))
    return out


def _person_under_authority(head: str, evidence: str) -> bool:
    """The evidence puts a person with this title word under a led-level verb of its own."""
    for mk in find_markers(evidence):
        if mk.level_name not in _AUTHORITY_LEVELS:
            continue
        words = re.findall(r"[\w'’-]+|[.;:,\n]", evidence[mk.start + len(mk.text) :])
        for word in words[:PERSON_WINDOW]:
            if not re.match(r"\w", word) or word.lower() in AUTHORITY_GAP_WORDS:
                break
            if _title_head(re.sub(r"['’]s$", "", word)) == head:
                return True
    return False


def person_authority_findings(text: str, evidence: str) -> list[ScopeFinding]:
    """A person named by title that the line puts under a led-level verb ("supervised the plant
    foreman", "directed the head buyer's spring plan") while the evidence names that person
    only beside the writer ("with the plant foreman", "helped the head buyer").
    A person the evidence never names is left to the other checks."""
    out: list[ScopeFinding] = []
    for verb, person, head in _governed_people(text):
        if _person_under_authority(head, evidence):
            continue
        said = re.search(rf"[^.;\n]*?(?<![\w-]){re.escape(head)}(?:e?s)?(?![\w-])", evidence, re.I)
        if said is None:
            continue
        quote = " ".join(said.group(0).split()[-10:])
        out.append(
            ScopeFinding(
                f"{verb} {person}",
                f"'{verb} {person}' claims authority over someone the evidence does not "
                f"put under you: it says '{quote}'.",
            )
        )
    return out[:1]


def check_scope(
    text: str, *, evidence: str, places: list[str] | None = None, role_evidence: str = ""
) -> list[ScopeFinding]:
    """All scope findings for one bullet against its cited evidence text (and, for who did the
    work, the other lines of the same role)."""
    agency = check_agency(text, evidence=evidence, role_evidence=role_evidence)
    return [
        *(ScopeFinding(f.span, f.detail) for f in agency.findings),
        *(
            []
            if agency.findings or agency.judged
            else leadership_findings(text, "\n".join([evidence, *agency.context]))
        ),
        *breadth_findings(text, evidence),
        *stage_findings(text, evidence),
        *project_role_findings(text, evidence),
        *team_size_findings(text, evidence),
        *geography_findings(text, evidence, places or []),
        *authority_findings(text, "\n".join([evidence, role_evidence])),
        *person_authority_findings(text, "\n".join([evidence, role_evidence])),
    ]
