"""The inputs of the last "Analyse", kept in the visitor's workspace (deleted with it) the
moment it is pressed: a reload while the analysis runs gives them back to the form. Files are
kept as their bytes, text as typed; nothing leaves the workspace."""

from __future__ import annotations

import json
from pathlib import Path

from core.ui.session_values import FormInputs, UploadedInput
from core.workspace import Workspace, atomic_write_bytes, atomic_write_json

INPUTS_DIR = "inputs"
FORM_FILE = "form.json"


def _folder(workspace: Workspace) -> Path:
    return workspace.root / INPUTS_DIR


def save_form(workspace: Workspace, inputs: FormInputs) -> None:
    folder = _folder(workspace)
    files = {}
    for kind, upload in (("resume", inputs.resume_file), ("jd", inputs.jd_file)):
        if upload is not None:
            atomic_write_bytes(folder / f"{kind}.bin", upload.data)
            files[kind] = upload.name
        else:
            (folder / f"{kind}.bin").unlink(missing_ok=True)
    atomic_write_json(
        folder / FORM_FILE,
        {
            "resume_mode": inputs.resume_mode,
            "resume_text": inputs.resume_text,
            "jd_mode": inputs.jd_mode,
            "jd_text": inputs.jd_text,
            "title": inputs.title,
            "files": files,
        },
    )


def load_form(workspace: Workspace) -> FormInputs | None:
    """The inputs saved last, None when there are none (or they cannot be read)."""
    folder = _folder(workspace)
    try:
        form = json.loads((folder / FORM_FILE).read_text(encoding="utf-8"))
        files = {
            kind: UploadedInput(str(name), (folder / f"{kind}.bin").read_bytes())
            for kind, name in form.get("files", {}).items()
        }
        return FormInputs(
            resume_mode=str(form["resume_mode"]),
            resume_text=str(form["resume_text"]),
            resume_file=files.get("resume"),
            jd_mode=str(form["jd_mode"]),
            jd_text=str(form["jd_text"]),
            jd_file=files.get("jd"),
            title=str(form["title"]),
        )
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
