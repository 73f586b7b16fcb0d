"""Workspaces: one private directory per user session (app) or per fact resume (CLI).

Layout of a workspace directory:
    index/            LanceDB tables (unless settings.retrieval.index_uri points elsewhere)
    runs/<run_id>/    blackboard.json (saved after every state) and exported outputs
    inputs/           the app's last inputs to "Analyse" (files, pasted text, title) and the
                      resume's parse, so a reload during the analysis keeps them

A browser finds its app workspace again by an unguessable token (kept in the page URL): the
folder is named by a hash of the token, and holds a hash of the browser's binding (a value only
that browser sends, e.g. its XSRF cookie). `reopen_by_token` gives the workspace back only for
the right token AND binding, while it has not expired; anything else gets nothing.

All writes go through `atomic_write_*`: a temp file in the same folder, fsync, rename. A reader
never sees a half-written file, and a crash leaves the previous version in place.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import secrets
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.errors import WorkspaceError


def atomic_write_bytes(path: Path, data: bytes) -> Path:
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as err:
        raise WorkspaceError(f"Cannot write to {path.parent}: {err.strerror or err}") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except OSError as err:
        Path(tmp).unlink(missing_ok=True)
        raise WorkspaceError(f"Cannot write {path}: {err.strerror or err}") from None
    return path


def atomic_write_text(path: Path, text: str) -> Path:
    return atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_json(path: Path, payload: Any) -> Path:
    text = json.dumps(payload, indent=2, ensure_ascii=False, default=str)
    return atomic_write_text(path, text + "\n")


@dataclass(frozen=True)
class Workspace:
    root: Path

    @classmethod
    def open(cls, root: Path) -> Workspace:
        root = Path(root)
        try:
            root.mkdir(mode=0o700, parents=True, exist_ok=True)
        except OSError as err:
            raise WorkspaceError(f"Cannot create workspace {root}: {err.strerror or err}") from None
        return cls(root)

    @property
    def index_dir(self) -> Path:
        return self.root / "index"

    @property
    def runs_dir(self) -> Path:
        return self.root / "runs"

    def run_dir(self, run_id: str) -> Path:
        return self.runs_dir / run_id

    def touch(self) -> None:
        """Mark the workspace as used now (for idle expiry)."""
        (self.root / ".last_used").write_text(str(time.time()))

    def last_used(self) -> float:
        marker = self.root / ".last_used"
        try:
            return float(marker.read_text())
        except (OSError, ValueError):
            return self.root.stat().st_mtime if self.root.exists() else 0.0

    def delete(self) -> None:
        """Remove everything of this workspace from disk."""
        shutil.rmtree(self.root, ignore_errors=True)
        if self.root.exists():
            raise WorkspaceError(f"Could not delete {self.root} completely")


def expire_idle_workspaces(
    parent: Path, *, max_idle_s: float, now: float | None = None
) -> list[Path]:
    """Delete workspaces under `parent` unused for longer than `max_idle_s`. Returns what went."""
    now = time.time() if now is None else now
    removed: list[Path] = []
    if not parent.exists():
        return removed
    for child in parent.iterdir():
        if child.is_dir() and now - Workspace(child).last_used() > max_idle_s:
            shutil.rmtree(child, ignore_errors=True)
            removed.append(child)
    return removed


# --- app workspaces named by a token ------------------------------------------------------------
TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_-]{32,64}")
_ACCESS_FILE = ".access"


def new_token() -> str:
    """An unguessable workspace token (256 random bits, URL-safe)."""
    return secrets.token_urlsafe(32)


def _digest(value: str) -> str:
    return hashlib.sha256(value.encode("utf-8")).hexdigest()


def token_folder(parent: Path, token: str) -> Path:
    """Where the workspace of `token` lives (a hash: the folder name does not reveal it)."""
    return Path(parent) / f"t-{_digest(token)[:40]}"


def open_for_token(parent: Path, token: str, *, binding: str) -> Workspace:
    """A new workspace for `token`, usable later only by a browser with the same binding."""
    if not TOKEN_PATTERN.fullmatch(token):
        raise WorkspaceError("A workspace token must be 32-64 URL-safe characters.")
    workspace = Workspace.open(token_folder(parent, token))
    atomic_write_text(workspace.root / _ACCESS_FILE, _digest(binding))
    workspace.touch()
    return workspace


def workspace_alive(
    parent: Path, token: str, *, binding: str, max_idle_s: float, now: float | None = None
) -> bool:
    """Would `reopen_by_token` give this workspace back? Asked without using it (no touch,
    nothing deleted): to offer it, not to open it."""
    if not isinstance(token, str) or not TOKEN_PATTERN.fullmatch(token):
        return False
    workspace = Workspace(token_folder(parent, token))
    try:
        stored = (workspace.root / _ACCESS_FILE).read_text().strip()
    except OSError:
        return False
    now = time.time() if now is None else now
    alive = now - workspace.last_used() <= max_idle_s
    return hmac.compare_digest(stored, _digest(binding)) and alive


def reopen_by_token(
    parent: Path, token: str, *, binding: str, max_idle_s: float, now: float | None = None
) -> Workspace | None:
    """The workspace of `token` if it exists, is bound to `binding` and has not expired (an
    expired one is deleted); None for anything else: a malformed, guessed or foreign token."""
    if not isinstance(token, str) or not TOKEN_PATTERN.fullmatch(token):
        return None
    workspace = Workspace(token_folder(parent, token))
    try:
        stored = (workspace.root / _ACCESS_FILE).read_text().strip()
    except OSError:
        return None
    if not hmac.compare_digest(stored, _digest(binding)):
        return None
    now = time.time() if now is None else now
    if now - workspace.last_used() > max_idle_s:
        shutil.rmtree(workspace.root, ignore_errors=True)
        return None
    workspace.touch()
    return workspace
