"""The contact block at the top of a resume → ContactInfo (and the lines it used, so no card
ever carries a name, email address or phone number)."""

from __future__ import annotations

import re

from core.contracts import ContactInfo
from core.ingest.layout import RawLine
from core.ingest.roles import title_score
from core.ingest.sections import heading_kind
from core.text.contact import EMAIL, URL, find_emails, find_phones, unspelled

_PARTS = re.compile(r"\s*(?:\||·|•|⋅|∙|\s{2,}|\t|;|\s/\s)\s*")
PLACE = re.compile(
    r"^[A-Z][\w.'’ -]+,\s*[A-Z][\w.'’ ]+(?:,\s*[A-Z][\w.'’ ]+)?$|^(?:Remote|Hybrid)\b"
)  # 'Boise, ID', 'Silicon Valley, CA, USA', 'Remote'

_SCAN_LINES = 12
_NEAR = 3  # lines either side of a lower contact line searched for its phone


def is_name_shaped(text: str) -> bool:
    body = re.sub(r"^#+\s*|[*_]", "", text).strip()
    words = body.replace(",", " ").split()
    if not 1 <= len(words) <= 6 or re.search(r"[\d@/|:]", body):
        return False
    if heading_kind(body) is not None:
        return False
    bare = [w.lstrip("\"“‘'(") for w in words]  # a nickname in quotes or brackets: 'Jo "JJ" Li'
    return all(
        (w[:1].isupper() or w.lower() in {"de", "van", "von", "da", "di", "la", "le"}) for w in bare
    )


def _has_contact(text: str) -> bool:
    return bool(find_emails(text) or find_phones(text)) or (
        bool(URL.search(text)) and len(text) < 200 and not text.rstrip().endswith(".")
    )


def _fill(contact: ContactInfo, text: str, *, name_first: bool = False) -> None:
    """Email, phone, links and location from a contact line; with `name_first` (no name yet, a
    line at the top), a name-shaped first part is the name ('Jo Reyes    (123) 456-7890')."""
    for n, part in enumerate(_PARTS.split(text.strip().strip("*_"))):
        part = part.strip(" ,")
        if not part:
            continue
        if name_first and n == 0 and is_name_shaped(part) and not PLACE.match(part):
            contact.name = part
            continue
        email = find_emails(part)
        phones = find_phones(EMAIL.sub(" ", unspelled(part)))
        if email:
            contact.email = contact.email or email[0]
        if phones:
            contact.phone = contact.phone or phones[0].strip()
        if email or phones:
            continue
        if link := URL.search(part):
            if link.group(0) not in contact.links:
                contact.links.append(link.group(0).rstrip("."))
        elif not contact.location and not re.search(r"\d{3}", part):
            contact.location = part


def is_headline(text: str, later: str) -> bool:
    """'REGISTERED NURSE' over a resume: a job headline, not the person's name. It ends with a
    job-title word and the resume names that job again further down."""
    body = re.sub(r"^#+\s*|[*_]", "", text).strip()
    words = body.split()
    if len(words) < 2 or title_score(words[-1]) == 0:
        return False
    return body.lower() in later.lower()


def parse_contact(lines: list[RawLine]) -> tuple[ContactInfo, set[int]]:
    """ContactInfo and the line numbers of the contact block (kept out of every card)."""
    contact = ContactInfo()
    used: set[int] = set()
    seen_text = False
    later = "\n".join(line.text for line in lines[1:])
    width = max((len(line.text.rstrip()) for line in lines[:_SCAN_LINES]), default=0)
    for line in lines[:_SCAN_LINES]:
        text = line.text.strip()
        if not text:
            continue
        # set flush right (starts past the middle, ends at the right edge): a contact column
        indent, end = len(line.text) - len(line.text.lstrip()), len(line.text.rstrip())
        right = indent > width / 2 and end >= 0.9 * width
        if not seen_text and not right and is_name_shaped(text) and not is_headline(text, later):
            contact.name = re.sub(r"^#+\s*|[*_]", "", text).strip()
            used.add(line.no)
        elif _has_contact(text):
            _fill(contact, text, name_first=not contact.name and not right)
            used.add(line.no)
        elif (used or right) and not contact.location and PLACE.match(text) and len(text) < 60:
            contact.location = text
            used.add(line.no)
        elif len(text) <= 60 and not text.endswith(".") and heading_kind(text) is None:
            pass  # a headline under the name ("Senior Backend Engineer"): not contact, keep going
        else:
            break
        seen_text = True
    if not (contact.email or contact.phone):
        _contact_elsewhere(lines, contact, used)
    return contact, used


def _contact_elsewhere(lines: list[RawLine], contact: ContactInfo, used: set[int]) -> None:
    """No email or phone at the top (a two-column PDF puts them in a sidebar further down): a
    short line holding the document's only email address is the person's contact line."""
    emails = {e.lower() for line in lines for e in find_emails(line.text)}
    if len(emails) != 1:
        return  # none, or several (referees): do not guess
    for i, line in enumerate(lines):
        text = line.text.strip()
        if find_emails(text) and len(text) <= 120:
            _fill(contact, text)
            used.add(line.no)
            if not contact.phone:
                _phone_nearby(lines[max(0, i - _NEAR) : i + _NEAR + 1], contact, used)


def _phone_nearby(lines: list[RawLine], contact: ContactInfo, used: set[int]) -> None:
    """A contact block lower down puts the phone on its own line next to the email line: a short
    line that is only a phone number (nothing else but separators) is the person's phone."""
    for line in lines:
        text = line.text.strip()
        phones = find_phones(text)
        if (
            len(text) <= 40
            and phones
            and not re.sub(
                r"[\s|·•,;:/()+.-]|phone|tel|mobile|cell",
                "",
                text.replace(phones[0], ""),
                flags=re.I,
            )
        ):
            contact.phone = phones[0].strip()
            used.add(line.no)
            return


def email_from_links(contact: ContactInfo, targets: list[str]) -> None:
    """No e-mail read from the text (an icon, an obfuscated or broken address): the one address
    the file's 'mailto:' links point to is the person's. Several: do not guess (referees)."""
    if contact.email:
        return
    found = {
        m.group(0).lower()
        for target in targets
        if target.lower().startswith("mailto:") and (m := EMAIL.search(target[7:].split("?")[0]))
    }
    if len(found) == 1:
        contact.email = found.pop()
