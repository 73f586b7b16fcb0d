"""`auto` keeps the reading whose structure is the more plausible (core/ingest/choice.py):
whole roles and education entries, less roles that cannot be one job as read and jobs whose
header was lost. Readings are built as the readers return them (contracts, no reader mocked)."""

from __future__ import annotations

from core.contracts import CardKind, EvidenceCard, ParsedResume, Provenance, RoleEntry
from core.ingest import parse_resume
from core.ingest.choice import cut_titles, keeps_learned, misfielded, plausibility
from core.settings import IngestSettings


def _role(n: int, title: str, company: str, start: str | None, end: str | None) -> RoleEntry:
    return RoleEntry(
        id=f"r{n}", section="Experience", title=title, company=company, start=start, end=end
    )


def _card(n: int, role_id: str | None, section: str = "Experience") -> EvidenceCard:
    return EvidenceCard(
        id=f"c{n}",
        kind=CardKind.EXPERIENCE_BULLET,
        section=section,
        role_id=role_id,
        raw_text=f"Did thing {n}",
        provenance=Provenance(source="cv.txt", line_start=n + 1, line_end=n + 1),
    )


def _reading(roles: list[RoleEntry], education: list[RoleEntry] = (), cards=()) -> ParsedResume:
    return ParsedResume(
        source_name="cv.txt",
        content_hash="x",
        roles=list(roles),
        education=list(education),
        cards=list(cards) or [_card(i, r.id) for i, r in enumerate(roles)],
    )


JOBS = [
    _role(1, "Staff Pharmacist", "Briar Hospital", "2017-06", "present"),
    _role(2, "Pharmacy Intern", "Greenway Pharmacy", "2013-05", "2016-05"),
]


def test_whole_roles_and_schooled_education_count():
    school = RoleEntry(id="e1", title="Doctor of Pharmacy", company="State University")
    assert plausibility(_reading(JOBS)) == 2
    assert plausibility(_reading(JOBS, [school])) == 3
    untitled = [JOBS[0], _role(2, "", "Greenway Pharmacy", "2013-05", "2016-05")]
    assert plausibility(_reading(untitled)) == 1, "a role without a title is partial: no credit"


def test_a_unit_inside_a_job_read_as_a_job_leaves_neither_whole():
    unit = _role(3, "Anticoagulation clinic", "Briar Hospital", "2021-03", "present")
    assert plausibility(_reading([*JOBS, unit])) == 1 - 2  # the intern job; the job and its unit
    undated = _role(3, "Equipment / brands", "Briar Hospital", None, None)
    assert plausibility(_reading([*JOBS, undated])) == 2, "an undated role is partial, no split"
    elsewhere = _role(3, "PRN Pharmacist", "St. Brendan Hospital", "2018-11", "2021-08")
    assert plausibility(_reading([*JOBS, elsewhere])) == 3, "overlap at another employer is fine"
    promoted = [
        _role(1, "", "Harrow Engineers", "2019", "present"),
        _role(2, "Staff Engineer II", "", "2022-01", "present"),
        _role(3, "Staff Engineer I", "", "2019-06", "2021-12"),
    ]
    assert plausibility(_reading(promoted)) == 0, "titles under their employer's line: partial"


def test_degrees_and_lines_of_fields_are_no_jobs():
    degree = _role(3, "Student", "ASN", "2013-08", "2015-12")
    assert plausibility(_reading([*JOBS, degree])) == 2 - 1
    fields = _role(3, "Client: Town of Wexley | Role: Analyst", "Pembroke Dam Study", "2021", None)
    assert plausibility(_reading([*JOBS, fields])) == 2 - 1
    two = _role(3, "Development Lead · Full Stack Developer", "TV Azteca", "2024-07", "2025-07")
    assert plausibility(_reading([*JOBS, two])) == 3, "two parts of one title: a whole role"
    edge = _role(3, "Senior Java Developer ·", "Campfire Digital", "2021", "2022")
    assert plausibility(_reading([*JOBS, edge])) == 3, "a mark at its edge sets nothing apart"


def test_work_cards_left_without_a_role_among_roles_are_a_lost_job():
    cards = [_card(0, "r1"), _card(1, "r2"), _card(2, None), _card(3, None)]
    assert plausibility(_reading(JOBS, cards=cards)) == 2 - 1
    listed = [_card(0, "r1"), _card(1, "r2"), _card(2, None, "Big jobs")]
    assert plausibility(_reading(JOBS, cards=listed)) == 2, "a list of projects is no loss"


def test_roles_whose_fields_stand_in_each_others_place_are_misfielded():
    assert misfielded(_reading(JOBS)) == 0
    swapped = _role(1, "Briar Hospital", "Staff Pharmacist", "2017-06", "present")
    assert misfielded(_reading([swapped, JOBS[1]])) == 1, "title and employer swapped"
    cut = _role(1, "Staff Pharmacist", "Briar Hospital", "2017-06", "present")
    cut.location = "Clinical Consultant"  # 'Staff Pharmacist / Clinical Consultant' cut apart
    assert misfielded(_reading([cut, JOBS[1]])) == 1, "the title's rest read as the place"
    placed = _role(1, "Staff Pharmacist", "Briar Hospital", "2017-06", "present")
    placed.location = "Boise, ID"
    assert misfielded(_reading([placed, JOBS[1]])) == 0
    both = _role(2, "Pharmacy Intern", "Greenway Pharmacy", "2013-05", "2016-05")
    assert misfielded(_reading([JOBS[0], both])) == 0, "a title with an organisation word too"


def test_an_employer_that_repeats_the_title_with_a_description_is_misfielded():
    # the title holds an organisation word, so the employer reads as an organisation too
    described = _role(
        1, "Hospital Pharmacist", "Hospital Pharmacist for oncology wards", "2017", None
    )
    assert misfielded(_reading([described, JOBS[1]])) == 1, "a line describing the job"
    assert plausibility(_reading([described, JOBS[1]])) == 1, "and no whole role"
    named = _role(1, "Pharmacist", "Pharmacist Partners Group", "2017-06", "present")
    assert misfielded(_reading([named, JOBS[1]])) == 0, "an employer named after the trade"
    longer = _role(1, "Pharmacy Intern", "Pharmacy Interns Network", "2013-05", "2016-05")
    assert misfielded(_reading([longer])) == 0, "the title must end where a word ends"
    # the same resume, one reading holding the employer, the other a description of the job
    right = _role(1, "Hospital Pharmacist", "Briar Hospital", "2017-06", "present")
    wrong = _role(1, "Hospital Pharmacist", "Hospital Pharmacist, oncology", "2017-06", "present")
    held, described_reading = _reading([right, JOBS[1]]), _reading([wrong, JOBS[1]])
    assert plausibility(held) == 2 and plausibility(described_reading) == 1
    assert keeps_learned(held, described_reading), "the line reading holds the employer"
    assert not keeps_learned(described_reading, held), "the rule reading does"


def test_an_employer_that_is_a_length_of_time_is_misfielded():
    """'Pharmacy Intern - 8 months' cut at its dash: the job's length read as its employer."""
    for length in ("8 months", "2 yrs", "1 year, 3 months", "(6 mos)"):
        timed = _role(1, "Pharmacy Intern", length, "2013-05", "2014-01")
        assert misfielded(_reading([timed, JOBS[0]])) == 1, length
        assert plausibility(_reading([timed, JOBS[0]])) == 1, length
    named = _role(1, "Pharmacy Intern", "Route 8 Pharmacy", "2013-05", "2014-01")
    assert misfielded(_reading([named, JOBS[0]])) == 0, "a number in an employer's name"
    right = _role(1, "Pharmacy Intern - 8 months", "Greenway Pharmacy", "2013-05", "2014-01")
    timed = _role(1, "Pharmacy Intern", "8 months", "2013-05", "2014-01")
    assert keeps_learned(_reading([right, JOBS[0]]), _reading([timed, JOBS[0]]))


def test_a_tie_goes_to_the_reading_with_fewer_misfielded_roles_then_to_the_rules():
    swapped = [_role(1, "Briar Hospital", "Staff Pharmacist", "2017-06", "present"), JOBS[1]]
    right, wrong = _reading(JOBS), _reading(swapped)
    assert plausibility(right) == 2
    assert plausibility(wrong) == 1, "a role with its fields out of place is not whole"
    assert keeps_learned(right, wrong), "the line reading reads the fields in place"
    assert not keeps_learned(wrong, right), "the rule reading does"
    assert not keeps_learned(_reading(JOBS), _reading(JOBS)), "a full tie keeps the rules"
    # undated, both readings' first role is partial: a tie on plausibility, not on fields
    undated_right = [_role(1, "Staff Pharmacist", "Briar Hospital", None, None), JOBS[1]]
    undated_wrong = [_role(1, "Briar Hospital", "Staff Pharmacist", None, None), JOBS[1]]
    tie_right, tie_wrong = _reading(undated_right), _reading(undated_wrong)
    assert plausibility(tie_right) == plausibility(tie_wrong) == 1
    assert keeps_learned(tie_right, tie_wrong), "the tie goes to the fields in place"
    assert not keeps_learned(tie_wrong, tie_right)
    more = _reading([*swapped, _role(3, "Pharmacist", "Greenway Pharmacy", "2016-06", "2017-05")])
    assert plausibility(more) == 2 and plausibility(_reading(JOBS[1:])) == 1
    assert keeps_learned(more, _reading(JOBS[1:])), "plausibility first: a whole role more wins"


def test_a_full_tie_goes_to_the_reading_that_holds_the_title_the_other_cut():
    whole = _role(1, "Cloud Operator - Harbor Services", "Ridgeline IT Group", "2017-06", "2018-01")
    cut = _role(1, "Cloud Operator", "Harbor Services", "2017-06", "2018-01")
    cut.location = "Ridgeline IT Group, Perth, Australia"  # the employer read into the place
    line, rules = _reading([whole, JOBS[1]]), _reading([cut, JOBS[1]])
    assert plausibility(line) == plausibility(rules) and misfielded(line) == misfielded(rules)
    assert (cut_titles(rules, line), cut_titles(line, rules)) == (1, 0)
    assert keeps_learned(line, rules), "the rule reading cut the title"
    assert not keeps_learned(rules, line)
    # the other reading's title holds no more than the employer it did not read: no cut
    absorbed = _role(1, "Cloud Operator - Harbor Services", "", "2017-06", "2018-01")
    assert cut_titles(rules, _reading([absorbed, JOBS[1]])) == 0
    other_dates = _role(1, "Cloud Operator - Harbor Services", "Ridgeline IT Group", "2016", None)
    assert cut_titles(rules, _reading([other_dates, JOBS[1]])) == 0, "another role"
    # the other reading took the employer into its title: that title is no whole one
    glued = _role(1, "Cloud Operator, Ridgeline IT GmbH", "Perth Office", "2017-06", "2018-01")
    apart = _role(1, "Cloud Operator", "Ridgeline IT GmbH / Perth Office", "2017-06", "2018-01")
    assert cut_titles(_reading([apart]), _reading([glued])) == 0


def test_auto_reads_a_plain_resume_as_the_rule_reader_where_both_agree():
    """Both readers read a plain resume's jobs alike: the tie keeps the rule reading, whole."""
    text = (
        b"Rosa Delgado\nrosa@example.com\n\nEXPERIENCE\n\n"
        b"Charge Nurse, Banner Valley Hospital, 03/2019 - Present\n"
        b"- Coordinate a team of 8 nurses across a 32-bed unit\n\n"
        b"Staff Nurse, Mercy General, 06/2015 - 02/2019\n"
        b"- Triaged emergency patients on a 40-bed floor\n\n"
        b"EDUCATION\n\nBachelor of Science in Nursing, Arizona State University, 2015\n"
    )
    readings = {
        reader: parse_resume(text, "cv.txt", settings=IngestSettings(reader=reader))
        for reader in ("rules", "auto")
    }
    roles = {k: [(r.title, r.company, r.start) for r in v.roles] for k, v in readings.items()}
    assert roles["auto"] == roles["rules"]
    assert ("Charge Nurse", "Banner Valley Hospital", "2019-03") in roles["auto"]
