"""The tuning / held-back split of the labelled cases (the method rule in docs/EVALUATION.md).

Every rule, threshold or weight is chosen looking only at the *tuning* cases; the *held-back*
cases are scored with the same command and reported beside them, never used to choose. A case is
named by its folder (dev) or file stem (real). One home for the split, so every evaluation reports
the same two groups.

On 2026-11-26 half of each held-back group moved to tuning, so more kinds of failure can be
studied, and the other half stayed held back: the dev cases whose hold-out had already been
spent (dev-08 and dev-10 were read for ingestion and audit rules, docs/EVALUATION.md) and
the first half of the real resumes and job ads by file name, chosen before looking at any result.
"""

from __future__ import annotations

from pathlib import Path

HELD_BACK_DEV = frozenset(
    {
        "dev-09-print-designer-to-brand-designer",
        "dev-11-civil-eit-to-project-engineer",
    }
)
HELD_BACK_REAL_RESUMES = frozenset(
    {
        "r15_civil-engineer",
        "r18_programmer_jsonresume-legacy",
        "r19_gym-manager",
    }
)
HELD_BACK_REAL_JDS = frozenset(
    {
        "j10_ux-ui-designer",
        "j13_maintenance-worker-heating-nycha",
        "j15_project-manager-engineering",
        "j18_full-stack-engineer",
    }
)
# The repo's own audit probes (tests/audit_probes): three of the thirteen occupations, written
# and committed before any audit rule was changed against them. ap-06 … ap-08 were held back
# until their misses were read (docs/eval-notes/audit.md); they count as tuning since, listed in
# READ_PROBES so reports can still show them apart.
HELD_BACK_PROBES = frozenset(
    {
        "ap-11-hvac-technician",
        "ap-12-clinical-social-worker",
        "ap-13-clinical-pharmacist",
    }
)
READ_PROBES = frozenset(
    {
        "ap-06-devops-engineer",
        "ap-07-high-school-teacher",
        "ap-08-construction-project-engineer",
    }
)
HELD_BACK = HELD_BACK_DEV | HELD_BACK_REAL_RESUMES | HELD_BACK_REAL_JDS | HELD_BACK_PROBES


def split_of(case: str | Path) -> str:
    """'held-back' or 'tuning' for a case folder, file path or name."""
    name = Path(case).stem if "." in Path(case).name else Path(case).name
    return "held-back" if name in HELD_BACK else "tuning"
