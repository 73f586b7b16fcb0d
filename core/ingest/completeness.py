"""Completeness, checked right after parsing: what a tailored resume needs from the fact resume
(a name with an email or phone, at least one role), each missing piece named, and what it will
lack (education, a role's dates) as warnings that never stop a run. The user can supply contact
details the file lacks; they go to the contact block (added at render time, never into evidence
or prompts)."""

from __future__ import annotations

from core.contracts import CardKind, ContactInfo, ParsedResume
from core.errors import InputError, MissingContactError
from core.text.contact import EMAIL, find_phones

SUPPLY_HINT = (
    "Add them to the resume, or supply them: --name, --email, --phone (or roles through "
    "--structure) on the command line, or the fields under 'What we read from your resume' on "
    "the Upload page."
)


def with_contact(
    resume: ParsedResume, *, name: str = "", email: str = "", phone: str = ""
) -> ParsedResume:
    """The parse with the user's own contact details in place of (or beside) what was read."""
    given = {"name": name.strip(), "email": email.strip(), "phone": phone.strip()}
    if given["email"] and not EMAIL.fullmatch(given["email"]):
        raise InputError(f"{given['email']!r} is not an email address (name@example.com).")
    if given["phone"] and not find_phones(given["phone"]):
        raise InputError(f"{given['phone']!r} is not a phone number.")
    update = {key: value for key, value in given.items() if value}
    if not update:
        return resume
    contact = resume.contact.model_copy(update=update)
    return resume.model_copy(update={"contact": contact})


def has_education(resume: ParsedResume) -> bool:
    return bool(resume.education) or any(c.kind == CardKind.EDUCATION for c in resume.cards)


def missing_parts(
    resume: ParsedResume | None, *, contact: ContactInfo | None = None, no_education: bool = False
) -> list[str]:
    """What the fact resume lacks for a draft, each named; [] when it is complete. Only what a
    sendable resume cannot do without stops a run: a name with a way to reach you, and a role.
    A missing education section is a warning (`advisories`), never a stop."""
    problems: list[str] = []
    missing_contact = (contact or (resume.contact if resume else ContactInfo())).missing()
    if missing_contact:
        problems.append(f"contact details at the top ({' and '.join(missing_contact)})")
    if resume is None or not resume.roles:
        problems.append("at least one role (company, title and dates) in the experience section")
    return problems


def advisories(resume: ParsedResume | None, *, no_education: bool = False) -> list[str]:
    """What the tailored resume will lack unless the user adds it; the run goes on without it."""
    notes: list[str] = []
    if resume is not None and not no_education and not has_education(resume):
        notes.append(
            "No education was read, so the tailored resume has no Education section. Add it to "
            "the resume (or correct the structure), or say there is none to list."
        )
    undated = [r for r in (resume.roles if resume else []) if not r.start]
    if undated:
        names = ", ".join(repr(r.title or r.company) for r in undated[:3])
        notes.append(f"No dates were read for {len(undated)} role(s) ({names}).")
    return notes


def check_complete(resume: ParsedResume, *, no_education: bool = False) -> None:
    """Raise a clear InputError naming every missing piece (before any slow work starts)."""
    problems = missing_parts(resume, no_education=no_education)
    if not problems:
        return
    message = (
        f"{resume.source_name} is missing what a tailored resume needs: "
        + "; ".join(problems)
        + ". "
        + SUPPLY_HINT
    )
    if resume.roles:  # only contact details are missing: the user can be asked for them
        raise MissingContactError(message, resume.contact.missing())
    raise InputError(message)
