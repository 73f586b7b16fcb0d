"""LanceDB imported without its REST client's API classes: a local index works, the client
package still loads completely (and validates) the moment it is asked for, and the lazy
package mechanism runs a package's `__init__` exactly once, also under concurrent first use."""

from __future__ import annotations

import sys
import textwrap
import threading
from pathlib import Path

from core.retrieval.lancedb_import import register_lazy_package
from tests.child import last_line, run_python
from tests.conftest import REPO

_FRESH_PROCESS = textwrap.dedent(
    """
    import sys
    import pyarrow as pa
    from core.retrieval.lancedb_import import import_lancedb

    db = import_lancedb().connect(sys.argv[1])
    db.create_table("t", data=pa.table({"a": [1, 2, 3]}), mode="overwrite")
    assert db.open_table("t").to_arrow().column("a").to_pylist() == [1, 2, 3]
    assert "lance_namespace_urllib3_client.api" not in sys.modules, "API classes imported"
    assert "lance_namespace_urllib3_client.models" in sys.modules  # what LanceDB uses

    import pydantic
    from lance_namespace import ListTablesResponse

    # LanceDB's models were defined with their validators deferred; used, they validate as
    # before, and models defined after the import build at once again
    assert ListTablesResponse.model_config.get("defer_build") is True
    assert ListTablesResponse.model_validate({"tables": ["t"]}).tables == ["t"]
    try:
        ListTablesResponse.model_validate({"tables": "not a list"})
    except pydantic.ValidationError as err:
        assert "tables" in str(err)
    else:
        raise AssertionError("a deferred model did not validate")
    assert not pydantic.BaseModel.model_config.get("defer_build")

    class Later(pydantic.BaseModel):
        n: int

    assert Later.__pydantic_complete__ and Later(n="3").n == 3

    from lance_namespace_urllib3_client import ApiClient, TableApi  # the whole client now
    assert "lance_namespace_urllib3_client.api" in sys.modules
    try:
        TableApi(ApiClient()).describe_table(id=123, describe_table_request=None)
    except pydantic.ValidationError as err:
        assert "id" in str(err)
    else:
        raise AssertionError("the REST client's arguments were not validated")
    print("ok")
    """
)


def test_local_index_without_rest_api_classes_and_client_still_complete(tmp_path):
    env = {"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    assert last_line(run_python(_FRESH_PROCESS, str(tmp_path / "db"), env=env)) == "ok"


def _package(root: Path, name: str) -> None:
    folder = root / name
    folder.mkdir()
    (folder / "__init__.py").write_text(
        "import time\nRUNS = __import__('builtins').__dict__.setdefault('_lazy_runs', [])\n"
        "RUNS.append(1)\ntime.sleep(0.2)\nVALUE = 42\n",
        encoding="utf-8",
    )
    (folder / "sub.py").write_text("THING = 'sub'\n", encoding="utf-8")


def test_lazy_package_runs_its_init_once_on_first_name_lookup(tmp_path, monkeypatch):
    import builtins

    name = "rf_lazy_probe_pkg"
    _package(tmp_path, name)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(builtins, "_lazy_runs", [], raising=False)
    try:
        assert register_lazy_package(name)
        assert not register_lazy_package(name)  # already registered: nothing done
        from rf_lazy_probe_pkg.sub import THING  # a submodule: the __init__ does not run

        assert THING == "sub" and builtins._lazy_runs == []
        seen: list[int] = []
        threads = [
            threading.Thread(target=lambda: seen.append(sys.modules[name].VALUE)) for _ in range(4)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert seen == [42, 42, 42, 42]
        assert builtins._lazy_runs == [1]  # once, although four threads asked at once
        try:
            sys.modules[name].MISSING  # noqa: B018
        except AttributeError as err:
            assert "MISSING" in str(err)
        else:
            raise AssertionError("a missing name must raise AttributeError")
    finally:
        for module in [m for m in sys.modules if m.startswith(name)]:
            del sys.modules[module]


def test_lazy_package_leaves_missing_imported_and_plain_modules_alone(tmp_path, monkeypatch):
    (tmp_path / "rf_plain_probe_module.py").write_text("X = 1\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert not register_lazy_package("rf_no_such_package_anywhere")
    assert not register_lazy_package("json")  # imported already
    assert not register_lazy_package("rf_plain_probe_module")  # a module, not a package
    assert "rf_plain_probe_module" not in sys.modules


_WITHOUT_PANDAS = textwrap.dedent(
    """
    import sys
    import pyarrow as pa
    from core.retrieval.lancedb_import import import_lancedb

    db = import_lancedb().connect(sys.argv[1])
    db.create_table("t", data=pa.table({"a": [1, 2, 3], "s": ["x", "y", "z"]}), mode="overwrite")
    assert db.open_table("t").to_arrow().column("s").to_pylist() == ["x", "y", "z"]
    assert "pandas" not in sys.modules, "LanceDB's import or a local index imported pandas"
    assert "overrides" not in sys.modules, "the stand-in outlived LanceDB's import"

    import overrides  # the real package for anyone else
    assert overrides.EnforceOverrides.__module__ == "overrides.enforce"

    import pandas as pd  # imported later: pyarrow recognises pandas objects again
    categories = pd.Series(pd.Categorical(["a", "b", "a"]))
    assert pa.types.is_dictionary(pa.array(categories).type)
    frame = pa.Table.from_pandas(pd.DataFrame({"c": pd.Categorical(["x", "y"])}))
    assert pa.types.is_dictionary(frame.schema.field("c").type)
    print("ok")
    """
)

_PANDAS_FIRST = textwrap.dedent(
    """
    import sys
    import pandas as pd
    import pyarrow as pa
    from core.retrieval.lancedb_import import import_lancedb

    import_lancedb().connect(sys.argv[1])
    categories = pd.Series(pd.Categorical(["a", "b", "a"]))
    assert pa.types.is_dictionary(pa.array(categories).type)
    print("ok")
    """
)


def test_lancedb_import_needs_neither_pandas_nor_overrides_and_leaves_both_working(tmp_path):
    env = {"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    assert last_line(run_python(_WITHOUT_PANDAS, str(tmp_path / "db"), env=env)) == "ok"
    assert last_line(run_python(_PANDAS_FIRST, str(tmp_path / "db2"), env=env)) == "ok"


def test_pandas_refused_only_to_the_importing_thread():
    from core.retrieval.lancedb_import import _NoPandasForThisThread

    refuse = _NoPandasForThisThread()
    try:
        refuse.find_spec("pandas")
    except ModuleNotFoundError as err:
        assert err.name == "pandas"
    else:
        raise AssertionError("pandas was not refused to the importing thread")
    assert refuse.find_spec("numpy") is None
    other: list[object] = []
    thread = threading.Thread(target=lambda: other.append(refuse.find_spec("pandas")))
    thread.start()
    thread.join()
    assert other == [None]  # another thread's import goes to the usual finders
