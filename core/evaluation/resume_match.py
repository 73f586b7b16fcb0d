"""How a parsed resume is compared with its labels: lenient, but honest.

Text is compared *compacted*: lower case, every character that is not a letter or digit dropped
(so case, spacing and punctuation do not count; a PDF that lost its spaces still matches). Dates
are compared normalised: "Jan 2018", "01/2018", "2018-01-15" are all 2018-01; "Present",
"Current", "to date" are all "present". A label field that is null is not checked.
"""

from __future__ import annotations

import hashlib
import re

from core.contracts import ParsedResume, RoleEntry

_MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
_YEAR = re.compile(r"(?<!\d)(19\d\d|20\d\d)(?!\d)")
_OPEN = re.compile(r"present|current|now|today|to date|till date|ongoing", re.IGNORECASE)


def as_card_text(quote: str) -> str:
    """A labelled quote as a card holds it: one space between words, without the list marker
    the reader takes off a bullet ('-> Cut pick errors …' is the card 'Cut pick errors …')."""
    from core.ingest.layout import BULLET

    quote = " ".join(quote.split())
    marked = BULLET.match(quote)
    return marked.group("body") if marked else quote


def compact(text: str | None) -> str:
    return re.sub(r"[\W_]+", "", (text or "").lower())


def text_matches(label: str, found: str) -> bool:
    """Equal when compacted, or one holds the other and is at least 60% of its length."""
    a, b = compact(label), compact(found)
    if not a or not b:
        return False
    if a == b:
        return True
    short, long = sorted((a, b), key=len)
    return short in long and len(short) >= 0.6 * len(long)


def _month(value: str) -> int | None:
    """The month (1-12) a lower-cased date names ('jan. 2018', 'june'), if it names one."""
    return next((i + 1 for i, m in enumerate(_MONTHS) if m in value), None)


def date_key(text: str | None) -> str | None:
    """'Jan. 2018', '01/2018', '2018-01-01' → '2018-01'; '2018' → '2018'; 'Current' → 'present'."""
    if not text:
        return None
    value = text.strip().lower()
    if _OPEN.fullmatch(value.strip(" .")):
        return "present"
    year = _YEAR.search(value)
    if not year:
        return compact(value) or None
    month = _month(value)
    if month is None:
        numeric = re.search(r"(?<!\d)(0?[1-9]|1[0-2])\s*/\s*(?:19|20)\d\d", value) or re.search(
            r"(?:19|20)\d\d-(0[1-9]|1[0-2])", value
        )
        month = int(numeric.group(1)) if numeric else None
    return f"{year.group(1)}-{month:02d}" if month else year.group(1)


def label_start(label: dict) -> str | None:
    """A role label's start as a date: a month without a year takes its end's year, the year
    before where the month comes after the end's ('Jun - Aug 2023' starts 2023-06, 'Nov - Feb
    2020' starts 2019-11); labels keep dates as written."""
    start, end = label.get("start"), date_key(label.get("end"))
    month = _month((start or "").lower())
    if not start or _YEAR.search(start) or month is None or not end or not end[:4].isdigit():
        return start
    year = int(end[:4]) - (len(end) > 4 and month > int(end[5:7]))
    return f"{year}-{month:02d}"


def dates_match(label: str | None, found: str | None) -> bool:
    if label is None:
        return True
    return date_key(label) == date_key(found)


def role_matches(label: dict, role: RoleEntry) -> bool:
    """Title, employer, start and end right (each where the label states it)."""
    if label.get("title") and not text_matches(label["title"], role.title):
        return False
    if label.get("employer") and not text_matches(label["employer"], role.company):
        return False
    return dates_match(label_start(label), role.start) and dates_match(label.get("end"), role.end)


def role_title_year_matches(label: dict, role: RoleEntry) -> bool:
    """The looser count of a role found: its title (the employer where no title is labelled)
    and its start year on one entry, each where the label states it."""
    if label.get("title"):
        if not text_matches(label["title"], role.title):
            return False
    elif label.get("employer") and not text_matches(label["employer"], role.company):
        return False
    year = (date_key(label_start(label)) or "")[:4]
    return not year.isdigit() or (date_key(role.start) or "")[:4] == year


def education_matches(label: dict, entry: RoleEntry) -> bool:
    """Degree and school, each found in the entry's degree + school + place text (where
    labelled): a school read as 'University of Lakeland' at the place 'Riverside' is the
    labelled 'University of Lakeland, Riverside' read whole, its campus in the place field."""
    held = compact(f"{entry.title} {entry.company} {entry.location}")
    return all(compact(label.get(key)) in held for key in ("degree", "school") if label.get(key))


def matched_count(labels: list[dict], found: list[RoleEntry], match) -> int:
    """One-to-one greedy matching in file order: how many labels found a parsed entry."""
    used: set[int] = set()
    hits = 0
    for label in labels:
        for i, entry in enumerate(found):
            if i not in used and match(label, entry):
                used.add(i)
                hits += 1
                break
    return hits


def _junk_in(junk: str, text: str) -> bool:
    """Short junk ('1/2', '?') counts only as a whole line or token; longer junk as a substring."""
    needle = junk.strip().lower()
    haystack = text.lower()
    if len(needle) <= 3:
        return any(needle in (line.strip(), *line.split()) for line in haystack.splitlines())
    return needle in haystack


def label_hash(text: str) -> str:
    """How labels keep personal data (a name, an e-mail, a referee's phone): sha256 of its words,
    case-folded and joined by single spaces, so a label file never holds them in clear."""
    words = " ".join(re.findall(r"\w+", text.casefold()))
    return hashlib.sha256(words.encode("utf-8")).hexdigest()


def hashed_in_cards(parsed: ParsedResume, hashes: list[str], longest: int = 12) -> list[str]:
    """'<card id>: <hash prefix>' for every hashed item whose words occur in a card (any run of
    up to `longest` consecutive words of the card hashes to it)."""
    wanted = set(hashes)
    found = []
    for card in parsed.cards:
        words = re.findall(r"\w+", card.raw_text.casefold())
        runs = {
            label_hash(" ".join(words[i:j]))
            for i in range(len(words))
            for j in range(i + 1, min(len(words), i + longest) + 1)
        }
        found += [f"{card.id}: {h[:12]}" for h in sorted(wanted & runs)]
    return found


def junk_cards(parsed: ParsedResume, junk: list[str]) -> list[str]:
    """'<card id>: <junk>' for every labelled junk or sensitive string found in a card."""
    return [
        f"{card.id}: {item}"
        for card in parsed.cards
        for item in junk
        if item.strip() and _junk_in(item, card.raw_text)
    ]
