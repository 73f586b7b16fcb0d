"""Downloads die with the data: the files this browser session was served through
`st.download_button` are removed from Streamlit's media store the moment the user deletes
their data (Streamlit itself keeps an unreferenced download fetchable at `/media/<id>` for two
more clean-up passes of any session, which took over a minute on a quiet server).

Streamlit has no public call for this, so this module is the one place that reaches into its
MediaFileManager; the e2e test `test_deleted_downloads_cannot_be_fetched` proves it still works.
"""

from __future__ import annotations

import logging

from core.ui import state

log = logging.getLogger(__name__)


def _manager_and_session():
    from streamlit.runtime import Runtime
    from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

    ctx = get_script_run_ctx(suppress_warning=True)
    if ctx is None or not Runtime.exists():
        return None, ""
    return Runtime.instance().media_file_mgr, ctx.session_id


def remember_served_files() -> None:
    """Call after drawing download buttons: note the media ids this session now references."""
    manager, session_id = _manager_and_session()
    if manager is None:
        return
    served = state.served_media()
    with manager._lock:
        served.update(manager._files_by_session_and_coord.get(session_id, {}).values())


def drop_served_files() -> int:
    """Remove every file this session was served from the media store now; returns how many.
    Raises RuntimeError when Streamlit's store no longer has the shape this relies on."""
    manager, session_id = _manager_and_session()
    served = set(state.served_media())
    state.served_media().clear()
    if manager is None:
        return 0
    try:
        with manager._lock:
            current = manager._files_by_session_and_coord.pop(session_id, {})
            served.update(current.values())
            for file_id in served:
                manager._storage.delete_file(file_id)
                manager._file_metadata.pop(file_id, None)
                manager._drop_deferred_id(file_id)
    except AttributeError as err:  # a Streamlit upgrade changed the manager
        log.error("could not drop served downloads: %s", err)
        raise RuntimeError("the downloads could not be removed from the server") from None
    return len(served)
