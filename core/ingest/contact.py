"""The contact block at the top of a resume → ContactInfo (and the lines it used, so no card
ever carries a name, email address or phone number)."""

from __future__ import annotations

import re

from core.contracts import ContactInfo
from core.ingest.layout import RawLine
from core.ingest.sections import heading_kind
from core.text.contact import EMAIL, URL, find_phones

_PARTS = re.compile(r"\s*(?:\||·|•|⋅|∙|\s{2,}|\t|;)\s*")
_LOCATION = re.compile(r"^[A-Z][\w.'’ -]+,\s*[A-Z][\w.'’ ]+$|^(?:Remote|Hybrid)\b")
_SCAN_LINES = 12


def _is_name(text: str) -> bool:
    body = re.sub(r"^#+\s*|[*_]", "", text).strip()
    words = body.replace(",", " ").split()
    if not 1 <= len(words) <= 6 or re.search(r"[\d@/|:]", body):
        return False
    if heading_kind(body) is not None:
        return False
    return all(
        w[0].isupper() or w.lower() in {"de", "van", "von", "da", "di", "la", "le"} for w in words
    )


def _has_contact(text: str) -> bool:
    return bool(EMAIL.search(text) or find_phones(text)) or (
        bool(URL.search(text)) and len(text) < 200 and not text.rstrip().endswith(".")
    )


def _fill(contact: ContactInfo, text: str) -> None:
    for part in _PARTS.split(text.strip().strip("*_")):
        part = part.strip(" ,")
        if not part:
            continue
        if email := EMAIL.search(part):
            contact.email = contact.email or email.group(0)
        elif phones := find_phones(part):
            contact.phone = contact.phone or phones[0].strip()
        elif link := URL.search(part):
            if link.group(0) not in contact.links:
                contact.links.append(link.group(0).rstrip("."))
        elif not contact.location and not re.search(r"\d{3}", part):
            contact.location = part


def parse_contact(lines: list[RawLine]) -> tuple[ContactInfo, set[int]]:
    """ContactInfo and the line numbers of the contact block (kept out of every card)."""
    contact = ContactInfo()
    used: set[int] = set()
    seen_text = False
    for line in lines[:_SCAN_LINES]:
        text = line.text.strip()
        if not text:
            continue
        if not seen_text and _is_name(text):
            contact.name = re.sub(r"^#+\s*|[*_]", "", text).strip()
            used.add(line.no)
        elif _has_contact(text):
            _fill(contact, text)
            used.add(line.no)
        elif used and not contact.location and _LOCATION.match(text) and len(text) < 60:
            contact.location = text
            used.add(line.no)
        elif len(text) <= 60 and not text.endswith(".") and heading_kind(text) is None:
            pass  # a headline under the name ("Senior Backend Engineer"): not contact, keep going
        else:
            break
        seen_text = True
    return contact, used
