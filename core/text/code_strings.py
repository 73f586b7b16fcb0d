"""Text held in code: the string literals of a snippet that carries a job ad (a PHP or JavaScript
string with `\\n` escapes and `<br>`), read by Python's tokenizer and literal reader, whose
quoting and escapes (`\\n`, `\\t`, `\\"`, `\\u00e9`) are the ones those languages share.
"""

from __future__ import annotations

import ast
import io
import tokenize

LITERAL_SHARE = 0.6  # string literals hold at least this share of the snippet


def string_literals_text(raw: str) -> str | None:
    """The text of the string literals of a code snippet ('$jd = "Cook\\n<br>Shifts…";'),
    joined as the code joins them; None unless they hold most of the snippet and escaped
    line breaks or <br> tags."""
    if "\\n" not in raw and "<br" not in raw.lower():
        return None
    if not any(q in raw for q in ('"', "'")):
        return None
    pieces = _literals(raw)
    if not pieces:
        return None
    written = sum(len(source) for _, source, _ in pieces)
    if written < LITERAL_SHARE * len(raw.strip()):
        return None
    if not any("\\n" in source or "<br" in source.lower() for _, source, _ in pieces):
        return None
    return "".join(value if joined else "\n" + value for value, _, joined in pieces).lstrip("\n")


def _literals(raw: str) -> list[tuple[str, str, bool]]:
    """(value, source, joined to the one before by '+' or '.') of each string literal."""
    found: list[tuple[str, str, bool]] = []
    between: list[str] = []
    try:
        for token in tokenize.generate_tokens(io.StringIO(raw).readline):
            if token.type == tokenize.STRING:
                value = _literal_value(token.string)
                if value is None:
                    return []
                joined = bool(found) and all(t in ("+", ".", "") for t in between)
                found.append((value, token.string, joined))
                between = []
            elif token.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT):
                between.append(token.string.strip())
    except (tokenize.TokenError, SyntaxError, ValueError):
        return []
    return found


def _literal_value(source: str) -> str | None:
    if source[:1] not in ("'", '"'):  # a prefixed Python literal (b'', f''): not a JD string
        return None
    try:
        value = ast.literal_eval(source)
    except (ValueError, SyntaxError):
        return None
    return value if isinstance(value, str) else None
