"""Role headers ("### Title — Company", "**Company** | Title | City | dates", a title line over a
company/dates line …) and education entries → company, title, location, timeframe."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from core.ingest.degrees import DEGREE, without_degree
from core.text.dates import (
    DateSpan,
    dangling_start,
    first_range,
    join_wrapped,
    run_on_stints,
    wrapped_start,
)

TITLE_WORDS_PATH = Path(__file__).resolve().parent.parent / "data" / "title_words.json"
TITLE_WORDS = frozenset(json.loads(TITLE_WORDS_PATH.read_text(encoding="utf-8"))["words"])
_ORG_WORDS = re.compile(
    r"\b(?:university|college|institute|school|academy|polytechnic|conservatory|bootcamp|inc|"
    r"llc|ltd|gmbh|corp|corporation|company|co|group|labs?|bank|union|hospital|foundation|"
    r"library|museum|agency|studio|studios|partners|technologies|systems|ventures|clinic|"
    r"pharmacy|district|council|restaurant|hotel|stores|pvt|plc|llp|association|federation|"
    # the same school words in other languages: 'Universidade …', 'Instituto …', 'École …'
    r"universidad|universidade|universit[àaäé]t?|universite|universiteit|instituto|istituto|"
    r"institut|faculdade|facultad|facolt[àa]|fakult[äa]t|escuela|escola|scuola|[ée]cole|"
    r"hochschule|polit[ée]cnico|polytechnique)\b(?!-\w)\.?",
    re.IGNORECASE,
)  # not the first half of a hyphenated word: 'Co-founder', 'School-age', 'Lab-grown'
# 'ï¼' is what a full-width dash or bar becomes in a mis-decoded builder export
_SEPARATORS = re.compile(
    r"\s+[—–]\s+|\s+-{1,2}\s+|\s*[|｜－]\s*|\s*ï¼\S?\s*|\s+[·•]\s+|\s+/\s+|\s+::\s+|\s{2,}|\t+"
)
_LOCATION = re.compile(
    r"^(?:remote|hybrid|on-?site)\b"
    r"|^(?![^,]*\bof\b)[^\W\d_](?:[^\W\d_]|[.'’ -])+,\s*"  # a city with accents: 'Bogotá, CO'
    r"(?-i:[A-Z]{2}|[A-Z][a-z]+(?: [A-Z][a-z]+)?|[A-Z]{4,}|USA|UAE)"
    r"(?:\s*[,(·/|–—-].*|\s+(?-i:[A-Z]{2}\b|\d).*|\s*)$",
    re.IGNORECASE,
)  # 'Boise, ID', 'Pune, Maharashtra', 'New York, New York', 'Austin, TEXAS 78701', 'Dubai,
# UAE', 'Joliet, Romeoville IL'; not 'Cyber Command, MND', nor 'County of Adams, Budget Office'
# (no 'of' in the city), nor 'Jessup Water, Public Works Section' (the region is the whole rest
# of the piece)
AT = re.compile(r"\s(?:at|@)\s", re.IGNORECASE)  # 'Registered Nurse at Mercy Hospital'
_EDU_SPLIT = re.compile(r",|\s[-—–·]\s|\s*[|｜]\s*|\s{2,}|(?<=[a-z0-9]{2})\.\s")
_AFTER_DATE = "\ue000"  # marks where an entry's date stood (a private-use character)
# 'Acme, Berlin, DE' or 'Acme: Berlin, DE': an employer and its place
_COMPANY_PLACE = re.compile(r"^(.+?)[,:]\s*([A-Z][A-Za-z.'’ -]+,\s*[A-Z]{2,3})$")
_STATE = re.compile(r",\s*[A-Z]{2}\b")
PLACE_IN_BRACKETS = re.compile(r"^(.+?)\s*\(([^()]+)\)$")  # 'Lakeside High (Roanoke, VA)'
_MODE = r"(?:remote|hybrid|on-?site|online)"
# 'Outlier, Remote', 'Acme University, Online/Hybrid': an employer and how the work was done
_WORK_MODE = re.compile(rf"^(.+?),\s*({_MODE}(?:\s*/\s*{_MODE})*)$", re.IGNORECASE)
_CITY_STATE = re.compile(r"[A-Z][A-Za-z.'’ -]+,\s*[A-Z]{2}")  # 'Roanoke, VA'
_MARKUP = re.compile(r"^#+\s*|\*+|(?<!\w)_+|_+(?!\w)")


@dataclass
class HeaderParts:
    company: str = ""
    title: str = ""
    location: str = ""
    date: DateSpan | None = None


def _cut_date(text: str, date: DateSpan, mark: str) -> str:
    """`text` with the date replaced by a separator and `mark`; a date alone in brackets takes
    its brackets ('BSN (2016), South University', 'Nurse, Mercy (06/2016 – Present)')."""
    begin, finish = date.begin, date.finish
    before, after = text[:begin].rstrip(), text[finish:].lstrip()
    if before.endswith(("(", "[")) and after.startswith((")", "]")):
        begin, finish = len(before) - 1, len(text) - len(after) + 1
    return text[:begin] + f" | {mark}" + text[finish:]


def strip_markup(text: str) -> str:
    """Without Markdown marks and a decorative glyph before the words ('## ■ SENIOR ENGINEER')."""
    return _GLYPH_LEAD.sub("", _MARKUP.sub("", text).strip())


# geometric shapes, dingbats and bullets set before a heading's words as decoration
_GLYPH_LEAD = re.compile(r"^[•‣⁃■-◿✀-➿]+\s+")


def title_score(text: str) -> int:
    words = re.findall(r"[a-z][a-z-]*", text.lower())
    return sum(1 for word in words if word in TITLE_WORDS)


def is_org(text: str) -> bool:
    return bool(_ORG_WORDS.search(text))


_DETAIL_LABEL = re.compile(r"^\s*([A-Za-z][A-Za-z'’ ]{1,30}):\s")


def labelled_detail(text: str) -> bool:
    """'Courses: …', 'Relevant coursework: …', 'Thesis: …': a line opened by a label of its own
    (up to three words and a colon, no organisation or degree in it) states a detail of the
    entry; the names after the label are its value, never the school."""
    match = _DETAIL_LABEL.match(strip_markup(text))
    if match is None:
        return False
    label = match.group(1)
    return len(label.split()) <= 3 and not is_org(label) and not DEGREE.search(label)


def names_proper_org(text: str) -> bool:
    """An organisation word written as part of a name ('Lakeside College', 'A.M.V.High
    School'), not as a common noun ('designed cards for the company')."""
    return any(match.group(0)[:1].isupper() for match in _ORG_WORDS.finditer(text))


def is_location(text: str) -> bool:
    return bool(_LOCATION.match(text)) and title_score(text) == 0 and not is_org(text)


def is_place(pieces: list[str]) -> bool:
    """'Boise', 'ID' or 'Mountain View', 'CA', 'USA': a city and region, then maybe a country
    (one or two capitalised words, or an abbreviation)."""
    if len(pieces) == 3:
        country = pieces[2]
        shaped = re.fullmatch(r"[A-Z]{2,3}|[A-Z][a-z]+(?: [A-Z][a-z]+)?", country)
        if not shaped or title_score(country) or is_org(country):
            return False
    return is_location(", ".join(pieces[:2]))


def header_parts(text: str) -> list[str]:
    out = []
    for part in _SEPARATORS.split(text):
        part = part.strip(" ,;:")
        if not part or (part.startswith("(") and part.endswith(")")):
            continue
        if re.fullmatch(r"[\W_]+", part):
            continue
        out.append(part)
    return out


def split_run_on(part: str) -> tuple[str, str]:
    """'Registered Nurse Company Name' → ('Registered Nurse', 'Company Name'): an employer
    written straight after the title's last title word, recognised by an organisation word."""
    words = part.split()
    last = max(
        (i for i, w in enumerate(words) if re.sub(r"[^a-z-]", "", w.lower()) in TITLE_WORDS),
        default=None,
    )
    if last is None or last == len(words) - 1:
        return part, ""
    rest = " ".join(words[last + 1 :])
    if is_org(rest) and rest[:1].isupper() and title_score(rest) == 0:
        return " ".join(words[: last + 1]), rest
    return part, ""


def _split_title_company(part: str) -> tuple[str, str, str]:
    """'UX Researcher II, Tributary' → ('UX Researcher II', 'Tributary', ''); a place written
    last comes off first: 'Nurse, Mercy Hospital, Columbus, GA' → (…, …, 'Columbus, GA')."""
    pieces = [p.strip() for p in part.split(",")]
    place = ""
    for size in (3, 2):  # 'City, ST, USA' before 'City, ST'
        if len(pieces) >= size + 2 and is_place(pieces[-size:]):
            place, pieces = ", ".join(pieces[-size:]), pieces[:-size]
            break
    if len(pieces) >= 2 and title_score(pieces[-1]) == 0 and not is_location(pieces[-1]):
        return ", ".join(pieces[:-1]), pieces[-1], place
    return part, "", ""


def _split_at(part: str) -> tuple[str, str]:
    """'Registered Nurse at Mercy Hospital' → ('Registered Nurse', 'Mercy Hospital')."""
    at = AT.search(part)
    if at and title_score(part[: at.start()]) and part[at.end() :][:1].isupper():
        return part[: at.start()], part[at.end() :]
    return part, ""


def _ends_in_title_word(text: str) -> bool:
    words = text.split()
    return bool(words) and re.sub(r"[^a-z-]", "", words[-1].lower()) in TITLE_WORDS


def _title_goes_on(joined: str, head: HeaderParts) -> None:
    """'Athlete - Retail Associate Company Name', 'Cashier - Stock Associate': the part after
    the title, joined to it by a dash or slash, ends in a title word (or has two or more words
    up to a title word, then an organisation): a title in two parts, not an employer.
    'Analyst - Principal Financial Group' keeps its employer (one word before the organisation)."""
    lead, org = split_run_on(head.company)
    if org and len(lead.split()) < 2:
        return
    if not org and (is_org(head.company) or not _ends_in_title_word(head.company)):
        return
    at = joined.find(head.title)
    after = joined.find(head.company, at + len(head.title)) if at >= 0 else -1
    if after < 0 or joined[at + len(head.title) : after].strip() not in {"-", "–", "—", "/"}:
        return
    head.title, head.company = joined[at : after + len(lead)], org


# what joins the two halves of one title on its line ('Lead · Developer', 'Nurse / Consultant')
_TITLE_JOINERS = frozenset({"-", "–", "—", "/", "·", "•"})
# title words that name a trade as often as a job: a company's name can end in them ('… Tech')
_TRADE_WORDS = frozenset({"engineering", "tech"})


def _spans(joined: str, parts: list[str]) -> list[tuple[int, int]]:
    """Where each part stands in `joined` (parts are found in order)."""
    spans, at = [], 0
    for part in parts:
        begin = joined.find(part, at)
        if begin < 0:
            return []
        spans.append((begin, begin + len(part)))
        at = begin + len(part)
    return spans


def _reads_as_title(part: str) -> bool:
    """'Full Stack Developer', 'DevOps Consultant', 'Intern': a job's name, ending in its job
    word, with no organisation, place or number in it."""
    words = part.split()
    last = re.sub(r"[^a-z-]", "", words[-1].lower()) if words else ""
    plain = not (is_org(part) or is_location(part) or re.search(r"\d", part))
    return last in TITLE_WORDS and last not in _TRADE_WORDS and plain


def _title_line_goes_on(joined: str, parts: list[str]) -> str:
    """A title in two parts joined on its own line by a dash, slash or dot ('Infrastructure
    Engineer / DevOps Consultant', 'Development Lead · Full Stack Developer', 'Senior Engineer -
    Backend at Acme') is one title: `parts` is mended in place, the first title part taking
    the parts after it that read as a title, the words before an 'at' or '@' that names the
    employer, or a short name set between the title and an organisation by a tighter joiner
    ('Senior Engineer - Backend — Acme GmbH'). Returns the employer an 'at' names ('' if none)."""
    spans = _spans(joined, parts)
    first = next((n for n, part in enumerate(parts) if title_score(part) > 0), None)
    if not spans or first is None:
        return ""
    n = first

    def joiner(k: int) -> str:
        return joined[spans[k][1] : spans[k + 1][0]].strip()

    while n + 1 < len(parts) and joiner(n) in _TITLE_JOINERS:
        after, (begin, _) = parts[n + 1], spans[n + 1]
        at = AT.search(after)
        lead = after[: at.start()] if at else ""
        plain_lead = 0 < len(lead.split()) <= 5 and not (is_org(lead) or re.search(r"\d", lead))
        if at and plain_lead and after[at.end() :][:1].isupper():
            parts[n] = joined[spans[n][0] : begin + at.start()].strip()
            del parts[n + 1], spans[n + 1]
            return after[at.end() :].strip()
        inner = (
            n + 2 < len(parts)
            and joiner(n + 1) not in {"", joiner(n)}
            and is_org(parts[n + 2])
            and len(after.split()) <= 3
            and title_score(after) == 0
            and not (is_org(after) or is_location(after) or re.search(r"\d", after))
        )
        head_piece, comma, tail = after.partition(",")
        if comma and _reads_as_title(head_piece) and tail.strip():
            # 'Lead · Full Stack Developer, Acme': the title's second half, then its employer
            parts[n] = joined[spans[n][0] : begin + len(head_piece)]
            parts[n + 1] = tail.strip()
            break
        if not (_reads_as_title(after) or inner):
            break
        parts[n] = joined[spans[n][0] : spans[n + 1][1]]
        spans[n] = (spans[n][0], spans[n + 1][1])
        del parts[n + 1], spans[n + 1]
    return ""


def _employer_goes_on(joined: str, parts: list[str], company: str, rest: list[str]) -> str:
    """'Binti / Sonar', 'Voyages-SNCF.com / Oui Technologies': an employer written as two names
    joined by a slash on its line is one employer; a name beside it with no title word, place
    or number is taken from `rest` (mended in place) into it."""
    spans = _spans(joined, parts)
    at = parts.index(company) if spans and company in parts else -1
    if at < 0:
        return company
    begin, end = spans[at]
    for k in (at - 1, at + 1):
        if not 0 <= k < len(parts) or parts[k] not in rest:
            continue
        left, right = sorted((k, at))
        other = parts[k]
        plain = title_score(other) == 0 and not is_location(other) and not re.search(r"\d", other)
        if plain and joined[spans[left][1] : spans[right][0]].strip() == "/":
            rest.remove(other)
            begin, end = min(begin, spans[k][0]), max(end, spans[k][1])
    return joined[begin:end]


def _org_after_title(joined: str, title: str, company: str) -> tuple[str, str]:
    """'Software Engineer, Acme GmbH / Beta': the organisation after the title's last comma,
    joined to the employer by a slash, is the employer's first name, not the title's."""
    lead, comma, last = title.rpartition(",")
    last = last.strip()
    if not comma or not is_org(last) or title_score(last) or not title_score(lead):
        return title, company
    glued = re.search(rf"{re.escape(last)}\s+/\s+{re.escape(company)}", joined)
    return (lead.strip(), glued.group(0)) if glued else (title, company)


def _title_comma_employer(text: str) -> tuple[str, str]:
    """'Software Pilot, Trifork A/S' as a header's only name, with no title word anywhere:
    a one-line header's usual order, the title then the employer; not a name and its legal
    form ('Acme, Inc.') nor a place ('Boise, ID')."""
    first, second = (piece.strip() for piece in text.split(","))
    suffix = is_org(second) and len(second.split()) < 2
    if not first or not second or suffix or is_org(first) or is_location(text):
        return "", text
    return first, second


def _name_then_place(text: str) -> tuple[str, str]:
    """'Catenate GmbH, Munich, Germany' → ('Catenate GmbH', 'Munich, Germany'): a place written
    after the employer's name on its line ('City, ST, USA' or 'City, Region') is the role's
    place; a name must be left before it ('Portland, Oregon, USA' is a place alone)."""
    pieces = [p.strip() for p in text.split(",")]
    if len(pieces) <= 3 and is_place(pieces):
        return text, ""
    for size in (3, 2):
        if len(pieces) >= size + 1 and is_place(pieces[-size:]):
            name = ", ".join(pieces[:-size])
            return (name, ", ".join(pieces[-size:])) if title_score(name) == 0 else (text, "")
    return text, ""


def with_stints(date: DateSpan, joined: str, texts: list[str]) -> DateSpan:
    """A role's range in `joined` (its header lines `texts` joined by ' | ') run on over the
    stints written after it on its own line (`run_on_stints`: 'Apr 2019 – Sep 2019 | Apr 2020 –
    Sep 2020' is one post from April 2019 to September 2020); a range of another line is
    another role's or a group's, never a stint."""
    at = 0
    for text in texts:
        if at <= date.begin < at + len(text):
            return run_on_stints(date, joined[date.begin : at + len(text)])
        at += len(text) + len(" | ")
    return date


def parse_header(lines: list[str]) -> HeaderParts:
    """Company, title, location and date range from a role header's lines."""
    texts = [strip_markup(line) for line in lines if line.strip()]
    wrapped, start = next(
        (
            (i, span)
            for i in range(1, len(texts))
            if (span := wrapped_start(texts[i - 1], texts[i])) is not None
        ),
        (None, None),
    )  # '2017 –    Product Manager, Google' or '2017' over 'Present': one range
    end = texts.pop(wrapped) if wrapped is not None else ""
    joined = " | ".join(texts)
    date = first_range(joined)
    if (
        date is not None
        and start is not None
        and date.end is None
        and (dangling_start(joined[date.begin :]) or start.start == date.start)
    ):
        date = join_wrapped(date, joined, end)
    if date is not None:
        date = with_stints(date, joined, texts)
        joined = _cut_date(joined, date, "| ")
        joined = re.sub(r"\|\s*,\s*[^|]*$", "", joined)  # ", while in school" after the date
    parts = header_parts(joined)
    head = HeaderParts(date=date)
    for n, part in enumerate(parts):  # 'Lakeside High School (Roanoke, VA)': its place
        bracketed = PLACE_IN_BRACKETS.match(part)
        if bracketed and not head.location and _CITY_STATE.fullmatch(bracketed.group(2).strip()):
            parts[n], head.location = bracketed.group(1), bracketed.group(2)
    head.company = _title_line_goes_on(joined, parts)
    rest = []
    for part in parts:
        if not head.title and title_score(part) > 0:
            head.title = part
        elif not head.location and (mode := _WORK_MODE.match(part)) and not head.company:
            head.company, head.location = mode.group(1), mode.group(2)  # 'Outlier, Remote'
        elif not head.location and is_location(part):
            head.location = part
        else:
            rest.append(part)
    if rest and not head.company:  # the employer: the first part, unless only a later one has an
        # organisation word (and is not shaped like a place: 'College Station, TX')
        orgs = (i for i, part in enumerate(rest) if is_org(part) and not _LOCATION.match(part))
        pick = 0 if is_org(rest[0]) else next(orgs, 0)
        head.company, rest = rest[pick], rest[:pick] + rest[pick + 1 :]
        head.company = _employer_goes_on(joined, parts, head.company, rest)
        head.title, head.company = _org_after_title(joined, head.title, head.company)
        if not head.location and (place := _COMPANY_PLACE.match(head.company)):
            head.company, head.location = place.group(1), place.group(2)  # 'Acme, Berlin, DE'
        head.company = name_before_note(head.company)
    if head.company and not head.location:
        head.company, head.location = _name_then_place(head.company)
    if _ENDED_WORD.search(head.title):
        head.title = head.title[:-1]  # 'Research Scientist.': a CV that ends every line
    if head.title and head.company:
        _title_goes_on(joined, head)
    if head.title and not head.company:
        head.title, head.company = _split_at(head.title)
        if not head.location and (place := _COMPANY_PLACE.match(head.company)):
            head.company, head.location = place.group(1), place.group(2)
    if head.title and not head.company:
        head.title, head.company, peeled = _split_title_company(head.title)
        head.location = head.location or peeled
    if head.title and not head.company and "," not in head.title:
        head.title, head.company = split_run_on(head.title)
    if head.title and not head.company and "," in head.title:
        _split_by_model(head, head.title)
    elif (
        "," in head.title
        and title_score(head.company.replace("-", " ")) > 0
        and not is_org(head.company)
    ):
        # 'Informatica, UI Designer / Front-End-Engineer' cut at the slash: the 'employer' is
        # a title's half; the tagger reads the whole header again
        _split_by_model(head, f"{head.title} / {head.company}")
    if not head.title and rest:
        head.title, rest = rest[0], rest[1:]
    if not head.location and rest and len(rest[0].split()) <= 3:
        head.location = rest[0]
    if not head.company and "," in head.location and not _STATE.search(head.location):
        head.company, head.location = (p.strip() for p in head.location.split(",", 1))
    if not head.title and (own := _SELF_EMPLOYED.match(head.company)):
        head.company, head.title = own["who"], own["work"]  # 'Freelance, Design & Full-Stack'
    elif not head.title and _SELF_EMPLOYED.match(f"{head.company}, {head.location}"):
        head.title, head.location = head.location, ""  # 'Self-employed, Wedding Photographer'
    if not head.title and not rest and head.company.count(",") == 1:
        head.title, head.company = _title_comma_employer(head.company)
    head.company = without_web_address(head.company)
    return head


# working for oneself, then the work: 'Freelance, Design & Full-Stack'
_SELF_EMPLOYED = re.compile(
    r"^(?P<who>freelancer?|self[- ]employed|independent(?: contractor| consultant)?)"
    r",\s*(?P<work>[A-Z].+)$",
    re.IGNORECASE,
)


_PLACE_AFTER = re.compile(r"^(?P<name>.+?),\s*(?P<place>[A-Z][a-z]+(?:\s[A-Z][a-z]+){0,2})$")


def name_and_place(text: str) -> tuple[str, str]:
    """'Tidewater Labs, Melbourne Australia' → ('Tidewater Labs', 'Melbourne Australia'): an
    organisation's name, then one to three capitalised words that name no organisation or job."""
    found = _PLACE_AFTER.match(text)
    if found is None or not is_org(found["name"]):
        return text, ""
    place = found["place"]
    return (text, "") if is_org(place) or title_score(place) else (found["name"], place)


_NOTE_AFTER = re.compile(r"^(?P<name>.*?\w\w)\.\s+(?=[A-Z])")
_ABBREVIATED = re.compile(r"\b(?:inc|ltd|co|corp|llc|plc|llp|pvt|st|mt|dr|jr|sr)$", re.IGNORECASE)
_ENDED_WORD = re.compile(r"[a-z]{3}\.$")


def name_before_note(text: str) -> str:
    """'Mast Mobile. Startup building a new mobile network.' → 'Mast Mobile': an employer
    followed by a sentence about it (an academic CV's style). Not an abbreviation's point
    ('Acme Inc. Boston'), and the note is words of a sentence, not a name ('… Co., Ltd.')."""
    note = _NOTE_AFTER.match(text)
    if note is None or _ABBREVIATED.search(note.group("name")):
        return text
    words = text[note.end() :].split()
    worded = len(words) >= 2 and any(word[:1].islower() for word in words)
    return note.group("name") if worded else text  # not 'Omnious. Co., Ltd.'


def _split_by_model(head: HeaderParts, text: str) -> None:
    """'Gramener, Tech Lead': two names and no rule says which is the employer. The role-header
    tagger (a CRF trained on real work entries written in many orders) splits `text`, where the
    side it calls the title reads as a title and the other has no title word or digit."""
    from core.reader.header_fields import split_header

    fields = split_header(text)
    employer, title = fields.employer, fields.title
    if not (employer and title) or re.search(r"\d", employer) or title_score(employer) > 0:
        return
    if title_score(title) > 0:
        head.title, head.company = title, employer


def _date_near_end(line: str, date: DateSpan) -> bool:
    tail = line[date.finish :].strip(" *_)")
    return len(tail) <= 30 or tail.startswith("(")


def is_header_line(line: str) -> bool:
    """A line that carries a role's dates the way a header does (not a sentence that has a year)."""
    text = strip_markup(line)
    if not text or len(text) > 150:
        return False
    date = first_range(text)
    if date is None or (date.end is None and not _date_near_end(text, date)):
        return False
    outside = (text[: date.begin] + " " + text[date.finish :]).split()
    separated = bool(_SEPARATORS.search(text))
    if len(outside) > 14 or (text.rstrip(")").endswith(".") and not separated):
        return False
    return separated or _date_near_end(text, date)


def is_meta_line(line: str) -> bool:
    """Location / dates line under a markdown role heading ('*Boise, ID | 2016 – 2018*')."""
    text = line.strip()
    if len(text) > 150 or (text.endswith(".") and not text.endswith("*")):
        return False
    plain = strip_markup(text)
    italic = bool(re.fullmatch(r"[*_].+[*_]", text))
    return italic or is_header_line(plain) or is_location(plain.split("|")[0].strip())


def is_header_lead(line: str) -> bool:
    text = strip_markup(line)
    return 0 < len(text) <= 120 and not re.search(r"[.!?;:]$", text) and not text[0].islower()


def header_length(lines: list[str]) -> int:
    """How many leading lines of a paragraph form a role header (0 when they do not)."""
    for i, line in enumerate(lines[:3]):
        if is_header_line(line):
            leads_ok = all(is_header_lead(lead) for lead in lines[:i])
            return i + 1 if leads_ok else 0
    return 0


def _degree_rank(piece: str) -> int:
    """How a piece with a school word reads as the school: 0 no degree in it, 1 a school word
    outside the degree's name, 2 only inside it ('Diploma in Hotel Management')."""
    if not DEGREE.search(piece):
        return 0
    return 1 if is_org(without_degree(piece)) else 2


def _school_after_date(pieces: list[str], after: int) -> int | None:
    """'Associate of Applied Science, Culinary Arts 2010 Stratford - City, ST': with no school
    word anywhere, the name right after the date of a degree line is the school."""
    if after == 0 or after >= len(pieces) or not any(DEGREE.search(p) for p in pieces[:after]):
        return None
    name = pieces[after]
    plain = not (DEGREE.search(name) or is_location(name) or title_score(name))
    plain = plain and not labelled_detail(name)
    return after if plain and name[:1].isupper() and len(name.split()) <= 6 else None


def _campus(pieces: list[str], school: int) -> str:
    """', Berkeley' in 'University of California, Berkeley, Berkeley, CA, USA': a short name
    between the school and the place that closes the entry (its region a two-letter code) is
    the school's campus; the place alone after the school ('Stanford University, Stanford, CA')
    leaves nothing between, and a placeholder 'City, State, USA' has no code."""
    after = pieces[school + 1 :]
    if len(after) in (2, 3) and is_place(after):
        return ""  # the place itself: 'Stanford, CA, USA'
    for size in (3, 2):  # the place's region written as a code: 'CA', 'MN'
        if len(after) == size + 1 and is_place(after[1:]) and re.fullmatch(r"[A-Z]{2}", after[2]):
            name = after[0]
            plain = not (DEGREE.search(name) or title_score(name) or is_org(name))
            shaped = name[:1].isupper() and len(name.split()) <= 3 and not is_location(name)
            return f", {name}" if plain and shaped and first_range(name) is None else ""
    return ""


def _town(pieces: list[str], school: int, body: str) -> str:
    """'Riverside' in 'University of Lakeland, Riverside | 2006': a short plain name written
    after a comma right behind the school, and nothing of a place after it, is the school's
    campus or town (which, a reader cannot tell: 'State University of Harbor, Twin Falls',
    'Lakeside College, Reno'). It is kept as the entry's place, not dropped and not glued to
    the name (a place alone after the school is not a campus: see `_campus`)."""
    after = pieces[school + 1 :]
    if not after or is_place(after[:2]) or is_place(after[:3]):
        return ""
    name = after[0]
    if not re.search(rf"{re.escape(pieces[school])}\s*,\s*{re.escape(name)}", body):
        return ""
    plain = not (DEGREE.search(name) or title_score(name) or is_org(name))
    shaped = re.fullmatch(r"[A-Z][\w.'’-]*(?: [A-Z][\w.'’-]*){0,2}", name) is not None
    detail = DISTINCTION.search(name) or ":" in name
    return name if plain and shaped and not detail and first_range(name) is None else ""


def parse_education(text: str) -> HeaderParts:
    """'**B.S. in Computer Science**, Cache Valley State University — May 2014' → degree/school."""
    first_line = text.split("\n")[0]
    bold = re.match(r"\s*\*\*(.+?)\*\*", first_line)
    date = first_range(first_line)
    body = first_line
    if date is not None:
        body = _cut_date(body, date, f"{_AFTER_DATE} | ")
    head = HeaderParts(date=date)
    if bold:
        head.title = bold.group(1).strip().rstrip(",")
        body = body[bold.end() :]
    for span in re.finditer(r"\*\*(.+?)\*\*", body):  # '**University of California, Berkeley**'
        if is_org(span.group(1)) and not DEGREE.search(span.group(1)):
            head.company = span.group(1).strip(" ,")
            body = body[: span.start()] + " | " + body[span.end() :]
            break
    body, place = bracketed_place(body)
    details = [s for s in body.split("|") if labelled_detail(s) and not DEGREE.search(s)]
    body = "|".join(s for s in body.split("|") if s not in details)  # 'Courses: …' lines
    pieces = [p.strip(" ,") for p in re.split(_EDU_SPLIT, strip_markup(body))]
    after_date = pieces.index(_AFTER_DATE) if _AFTER_DATE in pieces else None
    if after_date is not None:  # index of the first piece after the date, once cleaned
        after_date = sum(1 for p in pieces[:after_date] if p and not re.fullmatch(r"[\W_]+", p))
    pieces = [p for p in pieces if p and not re.fullmatch(r"[\W_]+", p)]
    schools = [
        i
        for i, piece in enumerate(pieces)
        if names_proper_org(piece) and not labelled_detail(piece)
    ]
    school = min(schools, key=lambda i: (_degree_rank(pieces[i]), i), default=None)
    if school is None and not head.company and after_date is not None:
        school = _school_after_date(pieces, after_date)
    if head.company:
        school = None
        head.title = head.title or next((p for p in pieces if DEGREE.search(p)), "")
    if school is not None:
        head.company = pieces[school] + _campus(pieces, school)
        if head.company == pieces[school]:
            head.location = _town(pieces, school, strip_markup(body))
        before = pieces[:school]
        if not head.title and before and DEGREE.search(before[0]):
            head.title = ", ".join(before)
    if not head.title:
        at = next((i for i, p in enumerate(pieces) if DEGREE.search(p) and not is_org(p)), None)
        head.title = "" if at is None else ", ".join(pieces[at : at + 1 + _has_field(pieces, at)])
    head.location = head.location or place
    return head


_BRACKETED = re.compile(r"\s*\(([^()]+)\)")
# a web address in brackets beside an employer's name: 'Rebound (reboundgame.com)'
_WEB_ADDRESS = re.compile(r"\s*\((?:https?://)?(?:www\.)?[\w-]+(?:\.[\w-]+)+[^)\s]*\)?")


def without_web_address(name: str) -> str:
    """An employer's name without the web address set in brackets beside it ('Rebound
    (reboundgame.com)' is 'Rebound'); the name as given where nothing else would be left."""
    return _WEB_ADDRESS.sub("", name).strip() or name


def name_and_work_mode(text: str) -> tuple[str, str]:
    """'Acme University, Online/Hybrid' → ('Acme University', 'Online/Hybrid'): how the work
    was done, written after the employer's name, is the role's place; (text, '') otherwise."""
    mode = _WORK_MODE.match(text)
    return (mode.group(1), mode.group(2)) if mode else (text, "")


def bracketed_place(body: str) -> tuple[str, str]:
    """'Dalhousie University (Halifax, NS)', 'Acme, Inc. (Charlottesville, VA)': a city and
    region in brackets is the entry's place, not a piece of the school's or employer's name.
    The text without it, and the place ('' when none)."""
    for match in _BRACKETED.finditer(body):
        place = match.group(1).strip()
        if is_place([part.strip() for part in place.split(",")]):
            return body[: match.start()] + body[match.end() :], place
    return body, ""


# a distinction or grade after a degree, not its field ('Magna Cum Laude', "Dean's List")
DISTINCTION = re.compile(r"(?i)\b(?:cum laude|honou?rs?|dean'?s|gpa|distinction|merit)\b")


def _has_field(pieces: list[str], degree: int) -> bool:
    """'Bachelor of Arts, International Studies' on a line without the school: the short plain
    name after the degree is its field, as it is before a school on the same line ('BS, Nursing,
    Boise State University'). Not a place, a school, a date, a title or a second degree."""
    if degree + 1 >= len(pieces):
        return False
    name, rest = pieces[degree + 1], pieces[degree + 1 : degree + 3]
    shaped = name[:1].isupper() and len(name.split()) <= 5 and not re.search(r"\d", name)
    coded = len(rest) >= 2 and re.fullmatch(r"[A-Z]{2,3}", rest[1])  # 'Boise, ID'
    place = is_location(name) or (coded and is_place(rest[:2]))
    other = DEGREE.search(name) or is_org(name) or title_score(name) or DISTINCTION.search(name)
    other = other or labelled_detail(name)
    return bool(shaped and not place and not other)
