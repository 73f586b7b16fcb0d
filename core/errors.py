"""The project's error hierarchy (SDD section 9). Messages are written for a person to read.

Pages catch `ResumeForgeError` and show `str(err)`; the CLI prints it and exits 2 (bad input) or 1.
No message may contain an API key: `ProviderError` messages are built from redacted text only.
"""

from __future__ import annotations


class ResumeForgeError(Exception):
    """Base class. `str(err)` is a one-line message a person understands."""

    exit_code = 1


class InputError(ResumeForgeError):
    """Bad input from the user: wrong type, empty, too big, corrupt, unreadable."""

    exit_code = 2


class MissingContactError(InputError):
    """The fact resume lacks only contact details (named in `missing`); the CLI can ask."""

    def __init__(self, message: str, missing: list[str]) -> None:
        self.missing = missing
        super().__init__(message)


class EvidenceParsingError(InputError):
    """The fact resume could not be turned into evidence cards."""


class JDParsingError(InputError):
    """The job description could not be read or holds nothing to analyse."""


class ProviderError(ResumeForgeError):
    """Talking to an LLM provider failed (after retries and fallbacks)."""

    def __init__(
        self, message: str, *, kind: str = "provider", model: str = "", status: int | None = None
    ) -> None:
        self.kind = (
            kind  # auth | rate_limit | not_found | context_length | timeout | bad_output | …
        )
        self.model = model
        self.status = status  # the provider's HTTP status, when it answered with one
        super().__init__(message)


class TemplateError(ResumeForgeError):
    """A DOCX template is missing, malformed or needs a variable we do not provide."""


class IncompleteResumeError(ResumeForgeError):
    """Completeness gate: the fact resume lacks something a draft needs (named in the message)."""

    exit_code = 2

    def __init__(self, missing: list[str]) -> None:
        self.missing = missing
        super().__init__(
            "Before a draft can be written the fact resume needs: " + "; ".join(missing)
        )


class PipelineError(ResumeForgeError):
    def __init__(self, state: str, message: str) -> None:
        self.state = state
        super().__init__(f"Pipeline failed at {state}: {message}")


class WorkspaceError(ResumeForgeError):
    """A workspace or output directory cannot be written or is damaged."""
