"""Date ranges as people write them on resumes: found exactly as written, then normalised.

"2019-2023", "Jan 2018 – Mar 2020", "2021–Present", "June 2014 - July 2016", "03/2018 – 03/2021",
"Jan 2016 to Feb 2018", "Sept. 2019 – now", "2015 to date", "Jan 2019 – Till Date", "'18–'21",
"Feb '17 – Jan '20", "2016–19", "06.2016 – 12.2019", "2016.06", "2016/06", "June, 2016",
"Jun-2016 till date", "2019 onwards", "May–Aug 2018" (two months of one year), "Since March 2021"
(open-ended), "Summer 2012", and single dates ("May 2014", "2018"). A dates column can wrap a
range onto two lines ("2017 –" / "Present"): `dangling_start`, `leading_end` and `join_wrapped`
put it back together. Dates with a day ("09/15/2026", "2016-06-01") are not read by
`find_dates`: the output restyles every date it finds to month precision and would drop the day.
`stated_periods` reads them too, as context only (a credential's "expires 09/15/2026" on its
card), with the words that say what each date is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MONTHS = {
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6,
    "jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12,
}  # fmt: skip
# A month name or abbreviation, as written ("Sept." too); the audit builds on these patterns.
MONTH = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|"
    r"Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?"
)
_SEASON = r"(?:Spring|Summer|Fall|Autumn|Winter)"
YEAR = r"(?:19[5-9]\d|20\d\d)"  # a four-digit year a career can hold
_SHORT_YEAR = r"[‘’'](?:[5-9]\d|[0-4]\d)"  # '18 in "'18–'21" (ranges only)
_SHORT_POINT = rf"(?:{MONTH}\s*)?{_SHORT_YEAR}"  # "Feb '17" in "Feb '17 – Jan '20" too
_MM = r"(?:0[1-9]|1[0-2])"
_DD = r"(?:0[1-9]|[12]\d|3[01])"  # the day of an ISO date ('2020-09-01'), read as its month
_POINT = (
    rf"(?:(?:{MONTH}|{_SEASON}|Q[1-4])(?:\s*,\s*|-|\s+)(?:\d{{1,2}},\s*)?{YEAR}"
    rf"|(?:0?[1-9]|1[0-2])/{YEAR}|{_MM}\.{YEAR}|{YEAR}[./]{_MM}(?![\d/.])"
    rf"|{YEAR}(?:-{_MM}(?:-{_DD}(?!\d))?)?(?![\d/]))"
)
_OPEN_END = (
    r"(?:[Pp]resent|PRESENT|[Cc]urrent|CURRENT|[Nn]ow|NOW|[Tt]oday|[Oo]ngoing|"
    r"(?:[Tt]ill|TILL)\s+(?:[Dd]ate|DATE)|[Dd]ate|DATE)"
)
# a PDF can drop the dash between two dates ("Sep. 2023Mar. 2024"): then no joiner at all
_JOIN = rf"(?:\s*(?:[-–—]{{1,2}}|to|until|till|through|thru)\s*|(?={MONTH}\s*{YEAR}))"
RANGE = re.compile(
    rf"(?<![\w/.])(?=(?-i:[A-Z]))(?P<shared_start>{MONTH})\s*(?:[-–—]{{1,2}}|to|through|thru)\s*"
    rf"(?P<shared_end>{MONTH}(?:\s*,\s*|-|\s+){YEAR})(?![\w/])"  # 'May–Aug 2018': one year
    rf"|(?<![\w/.])(?P<short_end_start>{YEAR})(?:\s*[–—]\s*|\s+-\s*|-(?=[2-9]\d|1[3-9]))"
    rf"(?P<two_digit_end>\d\d)(?![\w/%-]|[.,:]\d)"  # '2016–19'; '2016-06' is ISO, a month
    rf"|(?<![\w/.])(?:(?P<since>[Ss]ince|SINCE)\s+)?(?P<start>{_POINT})"
    rf"(?:{_JOIN}(?P<end>{_POINT}|{_OPEN_END})|\s+(?P<onward>[Oo]nwards?|ONWARDS?))?(?![\w/])"
    rf"|(?<![\w/])(?P<short_start>{_SHORT_POINT}){_JOIN}"
    rf"(?P<short_end>{_SHORT_POINT}|{_OPEN_END})"
    rf"(?![\w/])",
    re.IGNORECASE,
)
# a range must have an end; a lone date only counts where a date is expected (education, etc.)
_NUMERIC_MONTH = re.compile(rf"^(0?[1-9]|1[0-2])[/.]({YEAR})$")
_WORD_MONTH = re.compile(
    rf"^({MONTH}|{_SEASON}|Q[1-4])(?:\s*,\s*|-|\s+)(?:\d{{1,2}},\s*)?({YEAR})$", re.I
)
_ISO_MONTH = re.compile(rf"^({YEAR})[-./](0[1-9]|1[0-2])(?:-{_DD})?$")
_MONTH_SHORT_YEAR = re.compile(rf"^({MONTH})\s*({_SHORT_YEAR})$", re.I)


@dataclass(frozen=True)
class DateSpan:
    text: str  # exactly as written
    start: str | None
    end: str | None
    begin: int  # character offsets in the searched text
    finish: int


def month_number(name: str) -> int | None:
    """'Sept.' → 9, 'march' → 3; None when `name` is not a month."""
    return MONTHS.get(name.strip().rstrip(".")[:3].lower())


def month_abbreviation(number: int) -> str:
    """9 → 'Sep' (English, whatever the machine's locale)."""
    return next(name for name, value in MONTHS.items() if value == number).title()


def _full_year(short: str) -> str:
    """ "'18" → '2018', "'97" → '1997'."""
    two = int(short[1:])
    return str((1900 if two >= 50 else 2000) + two)


def normalize_point(text: str) -> str | None:
    """'Jan 2018' → '2018-01', '03/2018' → '2018-03', '2018' → '2018', 'Present' → 'present'."""
    value = text.strip().rstrip(".")
    if re.fullmatch(_OPEN_END, value, re.IGNORECASE):
        return "present"
    if re.fullmatch(_SHORT_YEAR, value):
        return _full_year(value)
    if match := _MONTH_SHORT_YEAR.match(value):
        month = month_number(match.group(1))
        return f"{_full_year(match.group(2))}-{month:02d}" if month else _full_year(match.group(2))
    if match := _NUMERIC_MONTH.match(value):
        return f"{match.group(2)}-{int(match.group(1)):02d}"
    if match := _ISO_MONTH.match(value):
        return f"{match.group(1)}-{match.group(2)}"
    if match := _WORD_MONTH.match(value):
        month = month_number(match.group(1))
        year = match.group(2)
        return f"{year}-{month:02d}" if month else year
    if re.fullmatch(YEAR, value):
        return value
    return None


def find_dates(text: str, *, ranges_only: bool = False) -> list[DateSpan]:
    """Every date or date range in `text`, in order, exactly as written."""
    spans = []
    for match in RANGE.finditer(text):
        if match.group("two_digit_end"):
            spans.extend(_two_digit_end(match, ranges_only=ranges_only))
            continue
        if match.group("shared_end"):
            spans.append(_shared_year(match))
            continue
        start = match.group("start") or match.group("short_start")
        end = match.group("end") or match.group("short_end")
        if match.group("since") or match.group("onward"):
            end = "present"
        if ranges_only and end is None:
            continue
        spans.append(
            DateSpan(
                text=match.group(0),
                start=normalize_point(start),
                end=normalize_point(end) if end else None,
                begin=match.start(),
                finish=match.end(),
            )
        )
    return spans


def _two_digit_end(match: re.Match[str], *, ranges_only: bool) -> list[DateSpan]:
    """'2016–19' → 2016 to 2019; '2016 - 12' (an end before the start) is the year alone."""
    start = match.group("short_end_start")
    end = start[:2] + match.group("two_digit_end")
    if end > start:
        return [DateSpan(match.group(0), start, end, match.start(), match.end())]
    finish = match.start() + len(start)
    return [] if ranges_only else [DateSpan(start, start, None, match.start(), finish)]


def _shared_year(match: re.Match[str]) -> DateSpan:
    """'May–Aug 2018' → 2018-05 to 2018-08 (a start month after its end: the year before)."""
    end = normalize_point(match.group("shared_end")) or ""
    year, start_month = int(end[:4]), month_number(match.group("shared_start")) or 1
    if start_month > int(end[5:7]):  # 'Nov–Feb 2019': the winter across the new year
        year -= 1
    start = f"{year}-{start_month:02d}"
    return DateSpan(match.group(0), start, end, match.start(), match.end())


def first_range(text: str) -> DateSpan | None:
    """The first date range, else the first single date (used for headers and entries)."""
    spans = find_dates(text)
    ranged = [span for span in spans if span.end is not None]
    return ranged[0] if ranged else (spans[0] if spans else None)


# what may stand between two stints of one post on its line: a separator alone
_STINT_JOIN = re.compile(r"\s*(?:[|｜,;&]|and)\s*", re.IGNORECASE)


def stints_range(text: str) -> DateSpan | None:
    """The first date range of `text` run on over the ranges written right after it, each
    joined to the one before by a separator alone and starting after it ended ('Apr 2019 – Sep
    2019 | Apr 2020 – Sep 2020', 'January 2019 - May 2019, August 2019 - December 2019'): one
    post held in stints, from its first start to its last end, as written. None where the
    first range has no such stint after it."""
    ranged = [span for span in find_dates(text) if span.end is not None]
    run = ranged[:1]
    for span in ranged[1:]:
        joined = _STINT_JOIN.fullmatch(text[run[-1].finish : span.begin])
        if joined is None or not _after(run[-1].end, span.start):
            break
        run.append(span)
    if len(run) < 2:
        return None
    first, last = run[0], run[-1]
    return DateSpan(
        text[first.begin : last.finish], first.start, last.end, first.begin, last.finish
    )


def run_on_stints(date: DateSpan, rest: str) -> DateSpan:
    """`date` (a range at the start of `rest`, the text of its line from it on) run on over the
    stints written right after it (`stints_range`), its place kept; `date` as it is otherwise."""
    run = stints_range(rest) if date.end else None
    if run is None or run.begin != 0:
        return date
    return DateSpan(run.text, run.start, run.end, date.begin, date.begin + run.finish)


def _after(end: str | None, start: str | None) -> bool:
    """Whether a stint starting at `start` comes after one that ended at `end` (normalised
    points: '2022-09', '2016'; an open end has nothing after it)."""
    if not end or not start or end == "present" or not start[:4].isdigit():
        return False
    return start > end


# a start date's joiner with nothing after it but a column gap, a ' | ' or the line's end
# the joiner left at the line's end, and maybe the end's month without its year ('Jul 2024
# until July' over '2025': a narrow dates column wraps inside the end date too)
_DANGLING = re.compile(
    r"\s*(?:[-–—]{1,2}|(?i:to|until|till|through|thru))(?:\s+(?P<month>(?-i:[A-Z])\w*\.?))?"
    r"(?=\s{2,}|\s*\||\s*$)"
)
_LEADING_END = re.compile(rf"(?P<end>{_POINT}|{_OPEN_END})(?=\s{{2,}}\S|\s*$)", re.IGNORECASE)


def dangling_start(text: str) -> DateSpan | None:
    """'2017 –' at a line's end or before a column gap ('2017 –    Product Manager, Google'):
    a range whose end the dates column wrapped onto the next line."""
    span = first_range(text)
    joiner = _DANGLING.match(text, span.finish) if span is not None and span.end is None else None
    if span is None or joiner is None:
        return None
    month = joiner.group("month")
    return span if month is None or re.fullmatch(MONTH, month, re.IGNORECASE) else None


def leading_end(text: str) -> str | None:
    """The end of a wrapped range written first on a line, alone or before a column gap
    ('Present', 'Present     Leading cross-functional teams …')."""
    match = _LEADING_END.match(text)
    return match.group("end") if match else None


def only_end(text: str) -> bool:
    """A line that is only the end of a range: 'Present', '2017', 'Mar 2020'."""
    end = leading_end(text.strip())
    return end is not None and end == text.strip() and normalize_point(end) is not None


def join_wrapped(span: DateSpan, text: str, end: str) -> DateSpan:
    """`span` (a `dangling_start` or `stacked_start` of `text`) completed by `end`, the next
    line's first date; with no joiner written, the two are joined by a dash."""
    joiner = _DANGLING.match(text, span.finish)
    finish = joiner.end() if joiner else span.finish
    month = joiner.group("month") if joiner else None
    point = f"{month} {end.strip()}" if month and re.fullmatch(YEAR, end.strip()) else end
    written = f"{text[span.begin : finish].strip()}{' ' if joiner else ' – '}{end.strip()}"
    return DateSpan(written, span.start, normalize_point(point), span.begin, finish)


def stacked_start(text: str, below: str) -> DateSpan | None:
    """A start date alone on its line with its end alone on the line under it and no joiner
    between them ('2019-03' over '2021-06', 'Mar 2019' over 'Current'): a dates column that
    writes one date a line. The start's span; None where the lines are anything else or the
    'end' comes before the start."""
    span = first_range(text)
    if span is None or span.end is not None or span.start is None or not only_end(below):
        return None
    if (text[: span.begin] + text[span.finish :]).strip(" ()[],.|"):
        return None
    end = normalize_point(below.strip())
    return span if end is not None and (end == "present" or end >= span.start) else None


def wrapped_start(text: str, below: str) -> DateSpan | None:
    """A range's start whose end the dates column put on the next line, with a joiner left
    after the start (`dangling_start`) or none (`stacked_start`); None unless `below` is only
    that end."""
    if not only_end(below):
        return None
    return dangling_start(text) or stacked_start(text, below)


# a date with a day: '09/15/2026', '9/1/2026', '2026-09-15' (context only, see the module note)
_DAY_DATE = re.compile(
    rf"(?<![\w/.])(?:(?P<month>0?[1-9]|1[0-2])/(?:0?[1-9]|[12]\d|3[01])/(?P<year>{YEAR})"
    rf"|(?P<iso_year>{YEAR})-(?P<iso_month>{_MM})-(?:0[1-9]|[12]\d|3[01]))(?![\w/])"
)
_CLAUSE_START = re.compile(r".*[,;:(|•]", re.DOTALL)
# a clause of one to three lower-case words before its date: 'expires ', 'current through '
_QUALIFIER = re.compile(
    r"\s*(?:(?:and|or|then)\s+)?(?P<words>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2})\s+"
)
_CLAUSE_END = re.compile(r"\s*(?:[,;:)|•]|$)")


def stated_dates(text: str) -> list[DateSpan]:
    """`find_dates` plus dates with a day (normalised to their month), in order; a date with a
    day wins over the year-month `find_dates` reads at its start ('2016-04' of '2016-04-02')."""
    days = []
    for match in _DAY_DATE.finditer(text):
        year = match.group("year") or match.group("iso_year")
        month = int(match.group("month") or match.group("iso_month"))
        point = f"{year}-{month:02d}"
        days.append(DateSpan(match.group(0), point, None, match.start(), match.end()))
    spans = [
        s
        for s in find_dates(text)
        if not any(d.begin < s.finish and s.begin < d.finish for d in days)
    ]
    return sorted(spans + days, key=lambda s: s.begin)


def stated_periods(text: str) -> str:
    """Every date a side line states, each with the lower-case words that say what it dates
    when they make up the short clause the date ends: 'Registered Nurse, …, expires 09/15/2026'
    → 'expires 09/15/2026'; '…, earned 11/2018, current through 12/2025' → 'earned 11/2018,
    current through 12/2025'; '…, member since 2014; program committee 2019 – 2022' → 'member
    since 2014; program committee 2019 – 2022'. Pieces next to each other keep the text between
    them; others are joined with '; '. A date inside a longer clause ('moved the team in 2021',
    'led the 2023 redesign') stands alone."""
    pieces: list[tuple[int, int]] = []
    for span in stated_dates(text):
        head = text[: span.begin]
        opened = m.end() if (m := _CLAUSE_START.match(head)) else 0
        lead = _QUALIFIER.fullmatch(head, opened)
        ended = _CLAUSE_END.match(text, span.finish)
        begin = lead.start("words") if lead and ended else span.begin
        pieces.append((begin, span.finish))
    out = ""
    for n, (begin, finish) in enumerate(pieces):
        if n:
            gap = text[pieces[n - 1][1] : begin]
            out += gap if re.fullmatch(r"[\s,;]+", gap) else "; "
        out += text[begin:finish]
    return out
