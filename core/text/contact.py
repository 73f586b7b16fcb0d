"""Contact patterns: e-mail addresses, phone numbers and links, found the same way everywhere.

Ingestion uses them to read the contact block (and keep it out of cards); prompts use
`mask_contacts` so contact details never reach a model. Phones are found by `phonenumbers`
(Google's libphonenumber data): a number it calls valid for its region, or one of a possible
length written the way phones are written (in groups, with a '+', or with an area code in
brackets), so '415 555 0100', '(123) 456-7890' and '+82 10-9030-1843' are phones while
'1234567 units' and '2019 2021' are not.
"""

from __future__ import annotations

import functools
import re

import phonenumbers

EMAIL = re.compile(r"[\w.%+-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}")
URL = re.compile(
    r"(?:https?://)?(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?:/[\w./%#?=&~+-]*)?",
    re.IGNORECASE,
)
DEFAULT_REGION = "US"
_GROUPED = re.compile(r"^\+|\(\d{2,4}\)|\d[\s.-]+\d")
_LABELLED = re.compile(r"(?i)(?:phone|tel|mobile|cell|whatsapp)\W{0,4}$")
PHONE_MASK = "[phone removed]"
_FEWEST_DIGITS = 7
EMAIL_MASK = "[email removed]"


def phone_spans(text: str, region: str = DEFAULT_REGION) -> list[tuple[int, int]]:
    """(start, end) of every phone number in `text`, in order."""
    if not _DIGIT_RUN.search(text):
        return []  # no phone has fewer digits (and the matcher is slow on every line)
    return list(_phone_spans(text, region))


# seven digits or more, each at most three separator characters from the next: a phone's shape
_DIGIT_RUN = re.compile(rf"(?:\d[\s().+/-]{{0,3}}){{{_FEWEST_DIGITS}}}")


@functools.lru_cache(maxsize=4096)
def _phone_spans(text: str, region: str) -> tuple[tuple[int, int], ...]:
    """The phone spans of one text, cached: the reader asks about the same line several times
    (its features, the contact block, the evidence filter)."""
    spans = []
    matcher = phonenumbers.PhoneNumberMatcher(text, region, leniency=phonenumbers.Leniency.POSSIBLE)
    for match in matcher:
        raw, before = match.raw_string, text[max(0, match.start - 12) : match.start]
        if "/" in raw or re.search(r"[\d/][./]?$", before):
            continue  # a date ('2019 - 03/2021') or part of a DOI / path, not a phone
        digits = sum(ch.isdigit() for ch in raw)
        if (phonenumbers.is_valid_number(match.number) and digits >= _FEWEST_DIGITS) or (
            digits >= 9 and (_GROUPED.search(raw) or _LABELLED.search(before))
        ):
            spans.append((match.start, match.end))
    return tuple(spans)


def find_phones(text: str, region: str = DEFAULT_REGION) -> list[str]:
    return [text[start:end] for start, end in phone_spans(text, region)]


# an address written against harvesters: 'jo (at) example.org', 'jo [at] example [dot] org', or
# in words, 'jo at example dot org' (a domain in lower case with a spelled dot, so 'Engineer at
# Acme dot com' stays prose)
_SPELLED_AT = re.compile(r"\s*[(\[{<]\s*at\s*[)\]}>]\s*", re.I)
_SPELLED_DOT = re.compile(r"\s*[(\[{<]\s*dot\s*[)\]}>]\s*", re.I)
_WORDED = re.compile(r"\b([\w.+-]+) (?i:at) ((?:[a-z0-9-]+ (?i:dot) )+[a-z]{2,6})\b")
# the big webmail services: a PDF that set the dot as a TeX accent loses it ('jo@gmailcom'), and
# the address is the service's at .com, which the text still spells. An address spelled against
# harvesters often names the service alone ('jo (at) gmail'): completed only for the services
# whose addresses end in .com in every country (hotmail, outlook, yahoo and aol also hand out
# national domains, .co.uk or .fr, so an address naming them alone is left as written rather
# than guessed)
WEBMAIL = ("gmail", "googlemail", "hotmail", "outlook", "yahoo", "icloud", "protonmail", "aol")
ONE_DOMAIN_WEBMAIL = ("gmail", "googlemail", "icloud", "protonmail")
_SERVICE_ALONE = re.compile(rf"@({'|'.join(ONE_DOMAIN_WEBMAIL)})\b(?![.-])", re.I)
_DOT_LOST = re.compile(rf"@({'|'.join(WEBMAIL)})(com)\b", re.I)


def unspelled(text: str) -> str:
    """`text` with e-mail addresses spelled out against harvesters written as addresses ('jo
    (at) example (dot) org', 'jo at example dot org', 'jo (at) gmail'), and a webmail address
    whose dot was lost mended ('jo@gmailcom'). Where no spelled form matches, `text` as it is."""
    if _SPELLED_AT.search(text):
        text = _SPELLED_AT.sub("@", _SPELLED_DOT.sub(".", text))
        text = _SERVICE_ALONE.sub(lambda m: f"@{m[1]}.com", text)
    elif _WORDED.search(text):
        text = _WORDED.sub(lambda m: f"{m[1]}@{re.sub(r'(?i) dot ', '.', m[2])}", text)
    return _DOT_LOST.sub(lambda m: f"@{m[1]}.{m[2]}", text) if "@" in text else text


def find_emails(text: str) -> list[str]:
    return [m.group(0) for m in EMAIL.finditer(unspelled(text))]


def mask_contacts(text: str) -> str:
    """Text with every e-mail address and phone number replaced by a marker."""
    text = EMAIL.sub(EMAIL_MASK, unspelled(text))
    for start, end in reversed(phone_spans(text)):
        text = text[:start] + PHONE_MASK + text[end:]
    return text


def find_contacts(text: str) -> list[str]:
    """Every e-mail address and phone number in `text` (e-mails first)."""
    return find_emails(text) + find_phones(text)
