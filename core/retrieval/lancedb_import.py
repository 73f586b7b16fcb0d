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

Two more costs of the import that a local index never needs (docs/BENCHMARKS.md):
- On Python < 3.12 LanceDB decorates its connection methods with the `overrides` package, which
  disassembles each base class's bytecode at class creation (~0.25 s CPU); on 3.12+ LanceDB uses
  `typing.override` and a plain base class instead. `python_312_overrides` gives it those.
- `pyarrow.dataset`'s own import asks pyarrow's pandas shim whether a scalar is a pandas object,
  which imports pandas (~0.5 s CPU); a local index only hands pyarrow tables to LanceDB.
  `pyarrow_dataset_without_pandas` imports it with pandas unavailable to that one question.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.abc
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
        pyarrow_dataset_without_pandas()
        with deferred_model_builds(), python_312_overrides():
            return importlib.import_module("lancedb")


@contextlib.contextmanager
def python_312_overrides() -> Iterator[None]:
    """While LanceDB imports, `from overrides import EnforceOverrides, override` gives what
    LanceDB itself uses on Python 3.12+: `typing.override` (PEP 698: marks the method, no
    runtime check; typing_extensions' copy on 3.11) and a plain base class. The real package is
    back in place afterwards, for anyone else who imports it."""
    if "overrides" in sys.modules or sys.version_info >= (3, 12):
        yield  # imported already (LanceDB then uses it as is), or not used by LanceDB
        return
    from typing_extensions import override

    standin = ModuleType("overrides", "PEP 698 override for LanceDB's import (lancedb_import)")
    standin.override = override  # type: ignore[attr-defined]
    standin.EnforceOverrides = type("EnforceOverrides", (), {})  # type: ignore[attr-defined]
    sys.modules["overrides"] = standin
    try:
        yield
    finally:
        if sys.modules.get("overrides") is standin:
            del sys.modules["overrides"]


class _NoPandasForThisThread(importlib.abc.MetaPathFinder):
    """`import pandas` fails in one thread (other threads import it as usual)."""

    def __init__(self) -> None:
        self.thread = threading.get_ident()

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> None:
        if name == "pandas" and threading.get_ident() == self.thread:
            raise ModuleNotFoundError("pandas is not needed by a local index", name=name)
        return None


class _ResetPandasShimOnImport(importlib.abc.MetaPathFinder):
    """When pandas is imported (run, not just looked up: LanceDB only checks it is installed),
    pyarrow's pandas shim forgets its "no pandas" answer, so pandas objects are recognised from
    then on (it asks again when next needed, as it would have at first); then this finder
    removes itself. pandas itself is found and loaded by the usual finders."""

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        if name != "pandas":
            return None
        later = sys.meta_path[sys.meta_path.index(self) + 1 :] if self in sys.meta_path else []
        spec = next((s for f in later if (s := f.find_spec(name, path, target))), None)
        if spec is None or spec.loader is None:
            return spec
        run = spec.loader.exec_module

        def exec_module(module: ModuleType) -> None:
            try:
                run(module)
            finally:
                with contextlib.suppress(ValueError):
                    sys.meta_path.remove(self)
                import pyarrow.lib

                pyarrow.lib._pandas_api.__init__()  # back to "not tried yet"

        spec.loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


def pyarrow_dataset_without_pandas() -> None:
    """Import `pyarrow.dataset` without importing pandas when pandas is not imported yet.

    Its import evaluates `pa.scalar(True)`, and pyarrow tells arrays from scalars by asking its
    pandas shim, which imports pandas to answer. Answered "no pandas" instead, which holds as
    long as pandas is not imported (no pandas object can exist); the moment anything imports
    pandas the shim is reset to ask again (tests/core/test_retrieval_lancedb_import.py)."""
    if "pyarrow.dataset" in sys.modules or "pandas" in sys.modules:
        return
    refuse = _NoPandasForThisThread()
    sys.meta_path.insert(0, refuse)
    try:
        importlib.import_module("pyarrow.dataset")
    finally:
        sys.meta_path.remove(refuse)
    if "pandas" not in sys.modules:
        sys.meta_path.insert(0, _ResetPandasShimOnImport())


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
