"""What never becomes evidence: page furniture, export metadata, placeholders and sensitive data.

`line_reason(line)` says why a whole line must be left out (or None): page numbers and running
heads, "^ Back to Top", export stamps and job-board metadata ("Total Experience: 12 Year(s)",
"Notice Period", "SALES- Exprience - 104 months"), stray markup tags, lines without a word, and
personal data a tailored resume must not carry (date of birth, age, marital status, nationality,
passport / ID numbers, photo notes, supervisors' and referees' names).
`strip_inline(text)` removes what sits inside a useful line: anonymisation placeholders
("Company Name", "City , State"), text-dump field labels ("company - ", "description - "), icon
names from icon fonts ("HOUSE-CHIMNEY", "/linkedin-in") and markup tags. Both are pure rules over
one line; ingestion applies them (core/ingest/never_evidence.py) and reports what it left out.
"""

from __future__ import annotations

import re
from collections.abc import Callable

PAGE_FURNITURE = "page furniture"
METADATA = "export metadata"
PLACEHOLDER = "template placeholder"
NO_WORDS = "no words"
SENSITIVE = "sensitive personal data"
THIRD_PARTY = "another person's details (a referee or supervisor)"
CONTACT = "contact details"
EXPORT_LABEL = "export section label"

_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
_FULL_DATE = (
    rf"(?:{_MONTH}\s+\d{{1,2}},?\s+\d{{4}}|\d{{1,2}}\s+{_MONTH},?\s+\d{{4}}"
    r"|\d{4}-\d{2}-\d{2}(?:[T ]\d{1,2}:\d{2}(?::\d{2})?)?|\d{1,2}[/.]\d{1,2}[/.]\d{2,4})"
)
# (reason, pattern over the whole line, lower-cased, bullets and emphasis removed)
_LINE_RULES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (reason, re.compile(pattern))
    for reason, pattern in (
        (
            PAGE_FURNITURE,
            r"(?:page\s*)?\d{1,3}\s*(?:/|of)\s*\d{1,3}|page\s*\d{1,3}|[-–—]\s*\d{1,3}\s*[-–—]",
        ),
        (  # a running footer: the name, a separator, the page ("Jo Park — page 2 of 3")
            PAGE_FURNITURE,
            r"[^\s·|]+(?:\s+[^\s·|]+){0,3}\s*[·|–—-]\s*page\s*\d{1,3}(?:\s*(?:/|of)\s*\d{1,3})?",
        ),
        (PAGE_FURNITURE, r"\^?\s*(?:back\s+to\s+top|top\s+of\s+page)"),
        (PAGE_FURNITURE, r"\(?(?:continued(?:\s+on\s+next\s+page)?|cont(?:'|’)?d)\.?\)?"),
        (PAGE_FURNITURE, r"(?:featured|premium|verified|sample)\s+(?:resume|profile|candidate)"),
        (PAGE_FURNITURE, r"references?\s+(?:are\s+)?(?:available\s+)?(?:up)?on\s+request\.?"),
        (
            PAGE_FURNITURE,
            r"(?:[^\s·|]+(?:\s+[^\s·|]+){0,3}\s*[·|–—-]\s*)?(?:résumé|resume|curriculum\s+vitae|cv)",
        ),
        (PAGE_FURNITURE, rf"(?:printed|exported|updated|generated)?\s*(?:on\s+)?{_FULL_DATE}"),
        (  # the document's date stamp: 'Updated December 2025', 'Last revised: 2024'
            PAGE_FURNITURE,
            rf"(?:last\s+)?(?:printed|exported|updated|generated|revised|modified)"
            rf"\s*(?:on\s+|:\s*)?(?:{_MONTH}\s+\d{{4}}|\d{{4}})\.?",
        ),
        (METADATA, r"total\s+(?:work\s+)?experience\s*[:\-].*"),
        (METADATA, r"(?:notice\s+period|current\s+ctc|expected\s+ctc|expected\s+salary)\b.*"),
        (METADATA, r"[\w ./&+#-]{1,40}?-\s*ex\w*ence\s*-\s*[\w ]{0,30}months?"),
        (METADATA, r"(?:weekly\s+)?(?:hrs|hours)\.?(?:\s+per\s+week)?(?:\s+worked)?\s*:?\s*\d*\.?"),
        (METADATA, r"worked\s*:\s*\d+\.?"),
        (METADATA, r"(?:salary|pay\s+plan|series|grade)\s*:.*"),
        (METADATA, r"</?[a-z][\w-]*\s*/?>"),
        (EXPORT_LABEL, r"(?:skill|company|education|project|personal)\s+details"),
        (SENSITIVE, r"personal\s+(?:information|details|data|particulars|profile)\s*\.?:?"),
    )
)
_SENSITIVE_ANYWHERE = re.compile(
    r"\b(?:date\s+of\s+birth|birth\s*date|d\.o\.b\b|dob\s*[:\-]|born\s+(?:on|in)\s+\d"
    r"|age\s*[:\-]\s*\d{2}\b|\d{2}\s+years?\s+old\b"
    r"|marital\s+status|(?:civil|family)\s+status\s*:"
    r"|nationality\b|citizenship\s*:|gender\s*:|religion\s*:|caste\s*:"
    r"|(?:father|mother|husband|wife|spouse)(?:'|’)?s?\s+name"
    r"|passport\s*(?:no\b|number|#|:)|(?:national\s+)?id(?:entity)?\s*(?:card\s*)?(?:no\b|number|#)"
    r"|aadh?aa?r|\bpan\s*(?:no\b|number|card)|\bssn\b|social\s+security\s+(?:no\b|number)"
    r"|driv(?:er(?:'|’)?s|ing)\s+licen[cs]e\s*(?:no\b|number|#)|visa\s*(?:no\b|number)"
    r"|photo(?:graph)?\s*(?:attached|enclosed|:)|\[photo\]"
    r"|(?:supervisor|reporting\s+to|reported\s+to|referee|references?|advis[eo]rs?"
    r"|(?:thesis\s+)?committee)\s*:"
    r"|okay\s+to\s+contact\s+this\s+supervisor)",
    re.IGNORECASE,
)
_LEAD = re.compile(r"^[\s*_#>•·▪◦●‣✓\-–—]*")
_TRAIL = re.compile(r"[\s*_]*$")
_WORD = re.compile(r"[^\W_]", re.UNICODE)

_ICONS = r"(?:mobile|phone|envelope|house|home|github|gitlab|linkedin|twitter|globe|map-marker)"
# (reason, pattern) for what is removed from inside a line that is otherwise kept
_INLINE_RULES: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        PLACEHOLDER,
        re.compile(
            r"(?:\s*[-–—|,@:]\s*)?\b(?:company\s+name|employer\s+name|school\s+name|"
            r"university\s+name|city\s*,\s*state|your\s+name|street\s+address|zip\s+code)\b",
            re.IGNORECASE,
        ),
    ),
    # text-dump field labels, written in lower case by the exporting site: 'company - Acme'
    (METADATA, re.compile(r"(?:^|(?<=\s))(?:company|description|designation|duration) - ?", re.M)),
    (
        METADATA,
        re.compile(r"\b[\w./&+#]+(?: [\w./&+#]+){0,3}-\s*Ex\w*ence\s*-[\w ]{0,30}?months?"),
    ),
    (METADATA, re.compile(r"(?:weekly\s+hrs\.?\s*)?\bworked\s*:\s*\d+\.?", re.IGNORECASE)),
    (EXPORT_LABEL, re.compile(r"(?:Skill|Company|Education|Project) Details\b")),
    (EXPORT_LABEL, re.compile(r"\bpersonal\s+(?:information|details)\s+\.", re.IGNORECASE)),
    (
        CONTACT,  # icon-font glyph names that a PDF text layer spells out
        re.compile(
            rf"(?<![\w/])[♂¶]*/?(?:[a-z]+-)*{_ICONS}(?:-(?:alt|square|in|o|circle|chimney|dot))+(?!\w)"
            rf"|(?<![\w/])/{_ICONS}(?!\w)"
            r"|(?<![\w/])(?:HOUSE-CHIMNEY|GITHUB-SQUARE|LINKEDIN|GITHUB|TWITTER|ENVELOPE)(?=\s)"
        ),
    ),
    (METADATA, re.compile(r"</?[A-Za-z][\w-]*\s*/?>")),
)


def _core(line: str) -> str:
    return _TRAIL.sub("", _LEAD.sub("", line)).lower()


# All whole-line rules as one pattern (one regex pass per line instead of one per rule).
_ANY_LINE_RULE = re.compile("|".join(f"(?:{pattern.pattern})" for _, pattern in _LINE_RULES))
_LONGEST_FURNITURE = 160  # furniture and metadata lines are short; evidence lines run longer


def _any_inline(rules: tuple[tuple[str, re.Pattern[str]], ...]) -> re.Pattern[str]:
    def scoped(pattern: re.Pattern[str]) -> str:
        flags = "i" if pattern.flags & re.IGNORECASE else ""
        flags += "m" if pattern.flags & re.MULTILINE else ""
        return f"(?{flags}:{pattern.pattern})" if flags else f"(?:{pattern.pattern})"

    return re.compile("|".join(scoped(pattern) for _, pattern in rules))


def line_reason(line: str) -> str | None:
    """Why this whole line must never be evidence, or None when it may be."""
    if not line.strip():
        return None
    if not _WORD.search(line):
        return NO_WORDS
    if _SENSITIVE_ANYWHERE.search(line):
        return SENSITIVE
    core = _core(line)
    if len(core) > _LONGEST_FURNITURE or not _ANY_LINE_RULE.fullmatch(core):
        return None
    for reason, pattern in _LINE_RULES:
        if pattern.fullmatch(core):
            return reason
    return None


_ANY_INLINE = _any_inline(_INLINE_RULES)


def strip_inline(text: str) -> tuple[str, list[tuple[str, str]]]:
    """`text` without placeholders, field labels, icon names and tags; and what was removed.

    Each removal is replaced by spaces of the same length, so character offsets stay valid.
    """
    removed: list[tuple[str, str]] = []
    if not _ANY_INLINE.search(text):
        return text, removed

    def blank(reason: str) -> Callable[[re.Match[str]], str]:
        def sub(match: re.Match[str]) -> str:
            removed.append((match.group(0).strip(" -–—|,@:"), reason))
            return " " * len(match.group(0))

        return sub

    for reason, pattern in _INLINE_RULES:
        text = pattern.sub(blank(reason), text)
    return text, removed
