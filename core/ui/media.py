"""Every file the app serves dies with its data.

Streamlit serves downloads and images at `/media/<id>` and keeps an unreferenced file fetchable
for minutes (over 5 for a closed tab, about 8 after a reload). Two rules hold instead:
- **Addresses are per session.** Streamlit names a file by a hash of its content, so two
  visitors with the same draft (the sample) would share one URL, and one visitor's delete would
  break the other's download. `use_per_session_ids()` makes the store name each file by its
  content *and* the browser session that was served it.
- **Files are recorded under their data.** `remember_served_files()` records every id a session
  was served under its workspace, in this server process, so a reload or a closed tab (each a new
  Streamlit session) leaves nothing unrecorded. "Delete my data" and "Start over"
  (`drop_served_files`) and the expiry of a workspace (`drop_files_of_removed_workspaces`,
  called on every script run, after expiry) remove every recorded file of it at once.

Streamlit has no public call for this, so this module is the one place that reaches into its
MediaFileManager and media storage; the e2e tests in tests/e2e/test_session_restore.py prove it
still works.
"""

from __future__ import annotations

import hashlib
import logging
import threading
from pathlib import Path
from typing import Any

from core.ui import state

log = logging.getLogger(__name__)

_LOCK = threading.Lock()
_SERVED: dict[str, set[str]] = {}  # workspace folder → media ids served for it (any session)


def _manager_and_session():
    from streamlit.runtime import Runtime
    from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

    ctx = get_script_run_ctx(suppress_warning=True)
    if ctx is None or not Runtime.exists():
        return None, ""
    return Runtime.instance().media_file_mgr, ctx.session_id


def use_per_session_ids() -> None:
    """Make the media store name every file a script run adds by content and session (once per
    server process; the store's own `load_and_get_id` is wrapped, in place)."""
    manager, _ = _manager_and_session()
    storage = getattr(manager, "_storage", None)
    if storage is None or getattr(storage, "_rf_per_session", False):
        return
    if not isinstance(getattr(storage, "_files_by_id", None), dict):
        log.error("Streamlit's media store changed shape: download addresses stay shared")
        return
    storage.load_and_get_id = _per_session_loader(storage, storage.load_and_get_id)
    storage._rf_per_session = True


def _per_session_loader(storage: Any, load: Any) -> Any:
    from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

    def load_and_get_id(path_or_data, mimetype, kind, filename=None):
        # Called by MediaFileManager under its lock; outside a script run (a deferred
        # download) there is no session to name, and Streamlit's own id is kept.
        ctx = get_script_run_ctx(suppress_warning=True)
        if ctx is None:
            return load(path_or_data, mimetype, kind, filename)
        files = storage._files_by_id
        count = len(files)
        shared = load(path_or_data, mimetype, kind, filename)
        added = len(files) > count  # stored only to be copied: its id is never handed out
        own = hashlib.sha224(f"{ctx.session_id}:{shared}".encode()).hexdigest()
        files.setdefault(own, files[shared])
        if added:
            del files[shared]
        return own

    return load_and_get_id


def _owner() -> str | None:
    session = state.current_session()
    return str(session.workspace.root) if session is not None else None


def remember_served_files() -> None:
    """Call after drawing downloads and images: record the media ids this session references
    under its workspace."""
    manager, session_id = _manager_and_session()
    owner = _owner()
    if manager is None or owner is None:
        return
    with manager._lock:
        ids = set(manager._files_by_session_and_coord.get(session_id, {}).values())
    with _LOCK:
        _SERVED.setdefault(owner, set()).update(ids)


def drop_served_files() -> int:
    """Remove every file ever served for this session's workspace (in any tab, before any
    reload) from the media store now; returns how many. Raises RuntimeError when Streamlit's
    store no longer has the shape this relies on."""
    manager, session_id = _manager_and_session()
    owner = _owner()
    with _LOCK:
        ids = _SERVED.pop(owner, set()) if owner is not None else set()
    if manager is None:
        return 0
    with manager._lock:
        ids |= set(manager._files_by_session_and_coord.pop(session_id, {}).values())
    _drop(manager, ids)
    return len(ids)


def drop_files_of_removed_workspaces() -> int:
    """Remove the files of every workspace whose folder is gone (expired, deleted); returns
    how many."""
    with _LOCK:
        gone = [owner for owner in _SERVED if not Path(owner).exists()]
        ids = set().union(*(_SERVED.pop(owner) for owner in gone)) if gone else set()
    manager, _ = _manager_and_session()
    if manager is None or not ids:
        return 0
    _drop(manager, ids)
    return len(ids)


def _drop(manager: Any, ids: set[str]) -> None:
    try:
        with manager._lock:
            for file_id in ids:
                manager._storage.delete_file(file_id)
                manager._file_metadata.pop(file_id, None)
                manager._drop_deferred_id(file_id)
    except AttributeError as err:  # a Streamlit upgrade changed the manager
        log.error("could not drop served downloads: %s", err)
        raise RuntimeError("the downloads could not be removed from the server") from None
