"""The person's name: which line near the top of a resume holds it, read by a small learned model.

Every line among the first `TOP` non-blank lines is a candidate, but for labels (section headings,
'Contact', 'Curriculum Vitae'). A logistic model scores each one from its place (rank among the
non-blank lines, headings and labels above it), its type (size against the largest candidate,
bold, the format's style), the shape of its first part (`name_part`: before a wide gap or a
separator, markup, credentials and a 'name:' key taken off), how rare its words are, and what
stands beside it (contact data on the line or its neighbours). The likeliest candidate that can
be a name (`could_be_name`: not a degree, a firm, a place or a headline the resume names as a job
again) is the name, when the model gives it `NAME_MIN`. Trained by `tools/train_name_picker.py`
on the line reader's data (JSON Resumes rendered in many layouts, each also with its name taken
out, and real documents labelled by hand); the weights, in `core/data/name_picker.json`, are
feature weights only, no one's words.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from functools import lru_cache

from core.ingest.contact import PLACE, is_headline, is_name_shaped
from core.ingest.degrees import DEGREE
from core.ingest.roles import title_score
from core.ingest.sections import heading_kind
from core.jd.rarity import zipf
from core.reader.features import bucket
from core.reader.lines import Line
from core.resources import package_dir
from core.text.contact import EMAIL, URL, find_phones
from core.text.orgs import has_legal_suffix

MODEL_FILE = "name_picker.json"
TOP = 60  # non-blank lines looked at (a sidebar read first can put the name far down)
NAME_MIN = 0.1  # chosen on the real documents left out (docs/EVALUATION.md, "Names")
VARIED = 1.15  # a document whose largest type is hardly above its body's: sizes say nothing
BIG = 1.8  # type size over the body's, above any heading's in the line data
_CUT = re.compile(r"\s*(?:\||·|•|⋅|∙|\s{2,}|\t|;|\s[–—]\s)\s*")
_NAME_KEY_PART = r"\\?name(?:\s*[:={]|\t)"  # 'name: Jo Reyes', '\\name{Jo Reyes}'
_KEY = re.compile(rf'^(?:[#=*_>\s]+|{_NAME_KEY_PART}\s*["“]?|["“])+', re.IGNORECASE)
# what a document calls itself above the name, and the headings of a contact block: labels,
# never a person's name (the section headings of `heading_kind` are left out the same way)
_LABELS = frozenset(
    {"resume", "résumé", "curriculum vitae", "cv", "vita", "curriculum", "contact", "contacts"}
    | {"contact info", "contact information", "contact details", "personal details", "links"}
    | {"personal information", "personal info", "details", "info", "email", "e-mail", "phone"}
    | {"mobile", "address", "location", "website", "portfolio", "github", "linkedin"}
)
_WORD = re.compile(r"[^\W\d_][\w'’.-]*")
_NAME_KEY = re.compile(rf'^[#=*_>\s"“]*{_NAME_KEY_PART}', re.IGNORECASE)


def name_part(text: str) -> str:
    """The name as it would stand first in a line: markup ('# ', '= ', '**') and a 'name:' key
    taken off, letters set apart joined ('D A R I O  C R U Z'), then the parts before a wide gap
    or separator for as long as they read as one name ('DARIO   CRUZ', but not 'Jo Reyes   Nurse'
    or 'Jo Reyes   jo@x.org'), quotes and trailing marks dropped."""
    head = _KEY.sub("", text.strip()).strip()
    if _spaced_out(head):
        head = " ".join(w.replace(" ", "") for w in re.split(r"\s{2,}", head))
    name = ""
    for part in _CUT.split(head):
        part = _without_credentials(part)
        part = re.sub(r"\s*\((?:[^)]{0,3})\)|[*_`\"”,{}]+", " ", part)
        part = " ".join(re.sub(r"^[^\w(]+|[^\w.)]+$", "", part).split())
        joined = f"{name} {part}".strip()
        if not part or (name and (not is_name_shaped(joined) or len(joined.split()) > 4)):
            break
        if name and (any(title_score(w) for w in part.split()) or DEGREE.search(part)):
            break  # 'Jo Reyes   Nurse', 'Jo Reyes | Ph.D.'
        if not name and not is_name_shaped(part):
            return part
        name = joined
    return name


def _without_credentials(part: str) -> str:
    """'Dana Castellano, PharmD, BCPS' → 'Dana Castellano': trailing comma-set degrees and
    capitalised initialisms."""
    pieces = [p.strip() for p in part.split(",")]
    while len(pieces) > 1 and (
        DEGREE.search(pieces[-1]) or re.fullmatch(r"[A-Z][A-Z.]{1,5}", pieces[-1])
    ):
        pieces.pop()
    return ", ".join(pieces)


def _without_degree(segment: str) -> str:
    """'Jo Li, M.Sc.' → 'Jo Li' (a state code, 'Boise, ID', stays)."""
    head, _, tail = segment.rpartition(",")
    return head.strip() if head and DEGREE.fullmatch(tail.strip()) else segment


def first_segment(text: str) -> str:
    """The line's text up to its first wide gap or separator, markup and a 'name:' key off."""
    return _CUT.split(_KEY.sub("", text.strip()).strip(), maxsplit=1)[0]


def _spaced_out(text: str) -> bool:
    """'D A R I O  C R U Z': letters set apart."""
    parts = text.split()
    return len(parts) >= 4 and sum(len(p) == 1 for p in parts) >= 0.8 * len(parts)


def could_be_name(part: str, segment: str = "", later: str = "") -> bool:
    """Shaped like a name, and not a degree ('MBA Operations'), a firm ('Acme Corp'), a place
    ('New York, NY', read on the line's first `segment`), a key (a `segment` ending in ':'), or a
    headline that the text `later` names as a job again."""
    return (
        is_name_shaped(part)
        and not DEGREE.search(part)
        and not has_legal_suffix(part)
        and not PLACE.match(_without_degree(segment or part))  # 'Jo Li, M.Sc.' is no place
        and not segment.rstrip().endswith(":")  # a key ('Birthdate:  30/11/1990')
        and not is_headline(part, later)
    )


def _has_contact(text: str) -> bool:
    return bool(EMAIL.search(text) or URL.search(text) or find_phones(text))


def name_at(lines: Sequence[Line], index: int) -> str:
    """The name line `index` would give ('' where its first part cannot be a name)."""
    text = lines[index].text
    part = name_part(text)
    later = "\n".join(line.text for line in lines[index + 1 :])
    return part if could_be_name(part, first_segment(text), later) else ""


_SAME_SIZE = 0.03  # two lines' type sizes apart by at most this share: one size
_WRAPPED_LINES = 3  # lines a name in large type may wrap onto


def wrapped_rest(lines: Sequence[Line], index: int, name: str) -> str:
    """The rest of a name set in large type that wrapped onto the next lines ('Juan Camilo
    Camacho' over 'Beltrán' in a narrow cell; 'Ana' / 'Ortiz-' / 'Vidal' in a sidebar, a double
    name broken at its hyphen kept whole): the following non-blank lines, up to
    `_WRAPPED_LINES`, in the same large type and weight, that are only name-shaped words; ''
    where there is none."""
    line = lines[index]
    if line.size is None or line.size < BIG or name_part(line.text) != line.text.strip():
        return ""  # a line with more on it after the name did not wrap in the name
    following = [other for other in lines[index + 1 :] if other.text.strip()]
    rest, kept, glue = "", "", " "
    for after in following[:_WRAPPED_LINES]:
        if after.size is None or abs(after.size - line.size) > _SAME_SIZE * line.size:
            break
        if after.bold != line.bold or after.page != line.page:
            break
        text = after.text.strip()
        broken = text[-1] in "-‐"  # a double name broken at its hyphen: it goes on below
        body = text[:-1] if broken else text
        part = name_part(body)
        words = part.split()
        if part != body or not 1 <= len(words) <= 2:
            break
        if any(map(title_score, words)):
            break
        rest = f"{rest}{glue}{part}".strip() + ("-" if broken else "")
        joined = f"{name} {rest}"
        if len(re.split(r"[\s‐-]+", joined.strip("-‐"))) > 5:
            break
        if broken:
            glue = ""
            continue
        if not could_be_name(joined):
            break
        kept, glue = rest, " "
    return kept


def candidate_features(
    lines: Sequence[Line],
    rank: int,
    index: int,
    largest: float | None,
    above: tuple[int, int],
    shaped_above: int = 0,
) -> list[str]:
    """The features of line `index` (the `rank`-th non-blank line, under `above` section
    headings and labels and `shaped_above` candidates that could be names) as a name candidate."""
    line = lines[index]
    text = line.text.strip()
    part = name_part(text)
    words = _WORD.findall(part)
    lower = [w.lower() for w in words]
    place = str(rank) if rank < 8 else f"far{bucket(rank, (12, 20, 35))}"
    found = [f"rank={place}", f"src={line.source}"]
    found.append(f"words={bucket(len(words), (1, 2, 3, 4, 5, 7))}")
    found.append(f"headings_above={min(above[0], 3)}")
    found.append(f"labels_above={min(above[1], 2)}")
    shaped = bool(name_at(lines, index))
    found.append(f"shaped={shaped}")
    found.append(f"shaped_rank={shaped}_{min(rank, 4)}")
    found.append(f"shaped_above={min(shaped_above, 2)}")  # the first line that can be a name
    found.append(f"keyed={bool(_NAME_KEY.match(text))}")  # 'name: Jo Reyes', '\\name{Jo Reyes}'
    if part:
        letters = [c for c in part if c.isalpha()]
        caps = sum(c.isupper() for c in letters) / len(letters) if letters else 0.0
        found.append(f"caps={bucket(caps, (0.05, 0.3, 0.6, 0.95))}")
        found.append(f"digits={any(c.isdigit() for c in part)}")
    if lower:
        rare = min(zipf(w) for w in lower)
        common = sum(zipf(w) for w in lower) / len(lower)
        found.append(f"rarest={bucket(rare, (3.5, 4.5, 5.0, 5.5))}")
        found.append(f"mean_zipf={bucket(common, (3.8, 4.5, 5.0, 5.5))}")
        found.append(f"title_word={any(title_score(w) for w in words)}")
    found.append(f"rest={len(part) < len(text) - 2}")
    found.append(f"contact_here={_has_contact(text)}")
    before = lines[index - 1].text if index else ""
    after = lines[index + 1].text if index + 1 < len(lines) else ""
    found.append(f"contact_near={_has_contact(before) or _has_contact(after)}")
    found.append(f"colon={':' in text}")
    found.append(f"spaced={_spaced_out(text.strip())}")
    if line.size is not None and largest and largest >= VARIED:  # type sizes that say something
        found.append(f"size={bucket(line.size / largest, (0.7, 0.85, 0.97))}")
        if line.size >= BIG:
            found.append("big=True")  # large against the body; a name in body type is no sign
    if line.bold is not None:
        found.append(f"bold={line.bold}")
    if line.style:
        found.append(f"style={line.style.lower()[:12]}")
    if line.page is not None:
        found.append(f"page={min(line.page, 2)}")
    if line.at_page_edge:
        found.append("edge")
    if line.in_table:
        found.append("table")
    return found


def is_label(text: str) -> bool:
    """A heading or what the document calls itself ('Contact', 'Curriculum Vitae', 'Skills')."""
    return _own_label(text) or _section_heading(text)


def _own_label(text: str) -> bool:
    return name_part(text).casefold().strip(" .:") in _LABELS


def _section_heading(text: str) -> bool:
    return len(text) <= 40 and heading_kind(text.strip()) is not None


def candidates(lines: Sequence[Line]) -> list[tuple[int, list[str]]]:
    """(line index, features) of each candidate: the first `TOP` non-blank lines that are not
    labels (`is_label`)."""
    kept = [i for i, line in enumerate(lines) if line.text.strip()][:TOP]
    sizes = [size for i in kept if (size := lines[i].size) is not None]
    largest = max(sizes) if sizes else None
    found, headings, labels, shaped = [], 0, 0, 0
    for rank, i in enumerate(kept):
        heading, label = _section_heading(lines[i].text), _own_label(lines[i].text)
        if heading or label:
            headings, labels = headings + heading, labels + label
            continue
        features = candidate_features(lines, rank, i, largest, (headings, labels), shaped)
        found.append((i, features))
        shaped += "shaped=True" in features
    return found


class NamePicker:
    def __init__(self, data: dict) -> None:
        self.weights: dict[str, float] = data["weights"]
        self.bias = float(data["bias"])

    def scores(self, lines: Sequence[Line]) -> list[tuple[int, float]]:
        """(line index, probability that it is the person's name) per candidate."""
        out = []
        for index, features in candidates(lines):
            logit = self.bias + sum(self.weights.get(f, 0.0) for f in features)
            out.append((index, 1.0 / (1.0 + math.exp(-logit))))
        return out

    def pick(self, lines: Sequence[Line], minimum: float = NAME_MIN) -> tuple[int, str] | None:
        """(line index, the name) of the likeliest candidate that can be a name (`name_at`), if
        the model gives it `minimum`."""
        for index, probability in sorted(self.scores(lines), key=lambda pair: -pair[1]):
            if probability < minimum:
                return None
            if name := name_at(lines, index):
                return index, f"{name} {wrapped_rest(lines, index, name)}".strip()
        return None


@lru_cache(maxsize=1)
def name_picker() -> NamePicker:
    """The shipped model, loaded once."""
    path = package_dir("data") / MODEL_FILE
    return NamePicker(json.loads(path.read_text(encoding="utf-8")))
