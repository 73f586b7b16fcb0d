"""Import LanceDB without importing its REST client's API classes, which a local index never uses.

`import lancedb` imports `lance_namespace`, which imports request/response models from the
generated REST client `lance_namespace_urllib3_client`. Importing any part of that package runs
its `__init__`, which also imports every API class: ~366 methods decorated with pydantic's
`@validate_call`, each building its validator at import. That was about a quarter of a cold
`resumeforge run`'s CPU (docs/eval-notes/app.md), for a client only the REST namespace uses.

`import_lancedb` registers the client package lazily first (PEP 562): its submodules
(`.models`, …) import as usual, and the package's own `__init__` runs, complete and unchanged,
the first time anything asks the package itself for a name (`from lance_namespace_urllib3_client
import ApiClient`). Nothing is stubbed or skipped (tests/core/test_retrieval_lancedb_import.py).
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import sys
import threading
from collections.abc import Iterator
from types import ModuleType
from typing import Any

REST_CLIENT = "lance_namespace_urllib3_client"
_IMPORT_LOCK = threading.Lock()


def import_lancedb() -> ModuleType:
    """The `lancedb` module; on its first import, with the REST client package made lazy."""
    if "lancedb" in sys.modules:
        return sys.modules["lancedb"]
    with _IMPORT_LOCK:
        register_lazy_package(REST_CLIENT)
        with deferred_model_builds():
            return importlib.import_module("lancedb")


@contextlib.contextmanager
def deferred_model_builds() -> Iterator[None]:
    """Pydantic models defined meanwhile build their validators on first use, not at class
    creation (pydantic's `defer_build`, inherited from `BaseModel.model_config`): LanceDB's
    import defines ~150 request/response models of `lance_namespace` that a local index never
    validates. A model that is used validates exactly as before, its schema built then."""
    from pydantic import BaseModel

    before = BaseModel.model_config
    BaseModel.model_config = {**before, "defer_build": True}
    try:
        yield
    finally:
        BaseModel.model_config = before


def register_lazy_package(name: str) -> bool:
    """Put package `name` in sys.modules without running its `__init__` until a name is looked
    up on it; False (nothing done) when it is imported already, missing or not a package."""
    if name in sys.modules:
        return False
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None or spec.submodule_search_locations is None:
        return False
    module = importlib.util.module_from_spec(spec)  # __path__ set: submodules import as usual
    loader = spec.loader
    loaded = threading.Event()
    init_lock = threading.RLock()  # re-entrant: the __init__ may look itself up while it runs

    def __getattr__(attr: str) -> Any:  # PEP 562: called for names the module lacks
        with init_lock:
            if not loaded.is_set():
                loaded.set()
                loader.exec_module(module)  # the package's own __init__, once
                module.__dict__.pop("__getattr__", None)
        if attr in module.__dict__:
            return module.__dict__[attr]
        raise AttributeError(f"module {name!r} has no attribute {attr!r}")

    module.__getattr__ = __getattr__  # type: ignore[method-assign]
    sys.modules[name] = module
    return True
