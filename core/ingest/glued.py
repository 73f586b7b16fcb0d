"""Words a PDF export or a form builder ran together, put apart before the text is read.

* a month glued to its year: 'December2015', 'Mar2019' → 'December 2015' (the date reader and
  the exported line both need the space);
* a label written twice: 'GPA: GPA: 3.8' → 'GPA: 3.8' (a builder that prints the field's label
  before a value that already carries it).

Both change only what cannot be meant: a month name directly followed by a four-digit year, and
the same label with its colon twice in a row.
"""

from __future__ import annotations

import re

_MONTH = (
    r"Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
    r"|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?"
)
_GLUED_DATE = re.compile(rf"(?<![A-Za-z])({_MONTH})(\.?)((?:19|20)\d\d)(?!\d)")
_TWICE = re.compile(r"(?<![\w-])([A-Za-z][A-Za-z .]{0,20}):[ \t]+\1:")


def unglue_words(text: str) -> str:
    text = _GLUED_DATE.sub(r"\1\2 \3", text)
    return _TWICE.sub(r"\1:", text)
