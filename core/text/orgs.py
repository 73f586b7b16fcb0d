"""Organisation names read as names: one whole name, its legal suffix optional.

"National Parcel Corp" and "National Parcel" are one organisation; "Pacific Bank" is not
"Pacific International Trading Co", and "Amazon" is not "Amazon EKS". Legal suffixes (Inc,
Corp, Co, LLC, GmbH, …) come from cleanco's maintained list rather than a list of our own. A
capitalised run that ends in such a suffix is an organisation's name wherever it stands, so
the words inside it ("Global", "National", "International") are never a claim about scope.
"""

from __future__ import annotations

import re
from functools import lru_cache

from cleanco import basename

# A run of capitalised words (with "of", "and", "&" inside) as organisation names are written.
_NAME_WORD = r"[A-Z][\w&'.-]*"
NAME_RUN = re.compile(rf"{_NAME_WORD}(?:\s+(?:(?:of|and)\s+)?(?:{_NAME_WORD}|&))*")


@lru_cache(maxsize=4096)
def org_key(name: str) -> str:
    """The organisation's name without its legal suffix, case and punctuation folded."""
    bare = basename(name.strip(" ,.;:")) or name
    return re.sub(r"[^a-z0-9]+", " ", bare.lower()).strip()


def same_org(a: str, b: str) -> bool:
    return bool(org_key(a)) and org_key(a) == org_key(b)


def has_legal_suffix(name: str) -> bool:
    return org_key(name) != re.sub(r"[^a-z0-9]+", " ", name.lower()).strip()


def suffixed_names(text: str) -> list[tuple[int, int]]:
    """Spans of capitalised runs that end in a legal suffix ("Global Logistics Corp")."""
    return [m.span() for m in NAME_RUN.finditer(text) if has_legal_suffix(m.group(0))]


def name_run_at(text: str, start: int) -> str:
    """The whole capitalised name that begins at `start` ("Pacific Bank" in "at Pacific Bank,")."""
    m = NAME_RUN.match(text, start)
    return m.group(0).rstrip(" .") if m else ""
