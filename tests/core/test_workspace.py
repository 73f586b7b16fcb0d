"""Workspaces: atomic writes (a failed write leaves the previous file whole), idle expiry."""

from __future__ import annotations

import os

import pytest

from core.errors import WorkspaceError
from core.workspace import Workspace, atomic_write_json, atomic_write_text, expire_idle_workspaces


def test_a_write_that_fails_half_way_keeps_the_previous_file(tmp_path, monkeypatch):
    target = tmp_path / "out" / "audit.json"
    atomic_write_json(target, {"version": 1})
    before = target.read_bytes()

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(WorkspaceError, match="No space left on device"):
        atomic_write_json(target, {"version": 2, "big": "x" * 100_000})
    assert target.read_bytes() == before
    assert [p.name for p in target.parent.iterdir()] == ["audit.json"]  # no temp file left


def test_a_write_into_a_path_blocked_by_a_file_is_a_workspace_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(WorkspaceError, match="Cannot write to"):
        atomic_write_text(blocker / "sub" / "x.txt", "data")


def test_idle_workspaces_expire_and_used_ones_stay(tmp_path):
    parent = tmp_path / "workspaces"
    idle, used = Workspace.open(parent / "idle"), Workspace.open(parent / "used")
    idle.touch()
    used.touch()
    now = used.last_used() + 3600
    (used.root / ".last_used").write_text(str(now - 10))
    removed = expire_idle_workspaces(parent, max_idle_s=600, now=now)
    assert removed == [idle.root]
    assert not idle.root.exists() and used.root.exists()
    assert oct(used.root.stat().st_mode & 0o777) == "0o700"


def test_a_token_reopens_its_workspace_only_for_the_same_browser(tmp_path):
    from core.workspace import new_token, open_for_token, reopen_by_token

    parent = tmp_path / "workspaces"
    token = new_token()
    made = open_for_token(parent, token, binding="browser-a")
    (made.root / "runs").mkdir()
    again = reopen_by_token(parent, token, binding="browser-a", max_idle_s=3600)
    assert again is not None and again.root == made.root
    assert token not in str(made.root)  # the folder name does not reveal the token
    # another browser with the same URL, a guessed token, a malformed one: nothing
    assert reopen_by_token(parent, token, binding="browser-b", max_idle_s=3600) is None
    assert reopen_by_token(parent, new_token(), binding="browser-a", max_idle_s=3600) is None
    assert reopen_by_token(parent, "../" + token, binding="browser-a", max_idle_s=3600) is None
    assert made.root.exists()  # a foreign attempt does not harm the owner's workspace


def test_a_token_expires_with_its_workspace(tmp_path):
    from core.workspace import new_token, open_for_token, reopen_by_token

    parent = tmp_path / "workspaces"
    token = new_token()
    made = open_for_token(parent, token, binding="")
    later = made.last_used() + 7200
    assert reopen_by_token(parent, token, binding="", max_idle_s=3600, now=later) is None
    assert not made.root.exists()
    assert reopen_by_token(parent, token, binding="", max_idle_s=3600) is None
