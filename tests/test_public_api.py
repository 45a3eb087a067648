"""The public surface: everything exported is listed, sorted and importable."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

import domdex


def test_all_is_sorted_and_complete() -> None:
    public = {name for name in dir(domdex) if not name.startswith("_")}
    modules = {name for name, value in vars(domdex).items()
               if type(value).__name__ == "module"}
    assert list(domdex.__all__) == sorted(domdex.__all__)
    missing = public - set(domdex.__all__) - modules - {"annotations", "TYPE_CHECKING"}
    assert not missing, f"exported but not in __all__: {sorted(missing)}"
    for name in domdex.__all__:
        assert hasattr(domdex, name), name


@pytest.mark.parametrize("package", ["domdex", "domdex.session"])
def test_lazy_names_are_the_listed_ones(package: str) -> None:
    """A package that hands its names out on first use (``domdex.lazy``) lists each in
    ``__all__``, and each is the object of the module the table names."""
    module = importlib.import_module(package)
    lazy = {name: where for where, names in module._LAZY.items() for name in names}
    assert set(lazy) == set(module.__all__) - {"index", "__version__"}
    for name, where in lazy.items():
        assert getattr(module, name) is getattr(importlib.import_module(where, package), name)
    with pytest.raises(AttributeError, match="has no attribute 'Nothing'"):
        module.Nothing  # noqa: B018


def test_a_command_for_the_daemon_imports_no_browser_and_no_numpy(tmp_path: Path) -> None:
    """A shell agent runs one ``domdex`` process a step; one that only sends a request to
    its session's daemon must not pay for importing the whole library first."""
    code = ("import sys; from domdex.cli import main; main(['sessions']); "
            "print(sorted(m for m in ('playwright', 'numpy', 'domdex.session.core', "
            "'domdex.search', 'domdex.capture') if m in sys.modules))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, env={**os.environ, "XDG_RUNTIME_DIR": str(tmp_path)})
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[-1] == "[]"


def test_every_error_is_a_domdex_error() -> None:
    for name in domdex.__all__:
        value = getattr(domdex, name)
        if isinstance(value, type) and issubclass(value, Exception):
            assert issubclass(value, domdex.DomdexError), name


def test_index_function_and_subpackage_both_work() -> None:
    from domdex.index import PageIndex

    idx = domdex.index(domdex.Snapshot(nodes=[domdex.Node("e1", None, "main", role="main")]))
    assert isinstance(idx, PageIndex)
    assert [r.landmark for r in idx.top_regions] == ["MAIN"]


def test_an_index_from_the_public_api_has_its_views() -> None:
    """The views and find/grep are IndexedPage's: PageIndex itself stays below render."""
    from domdex.index import PageIndex

    snap = domdex.Snapshot(nodes=[domdex.Node("e1", None, "main", role="main")])
    idx = domdex.build_index(snap)
    assert isinstance(idx, domdex.IndexedPage) and isinstance(idx, domdex.PageIndex)
    assert "MAIN" in str(idx.regions_view())
    assert not hasattr(PageIndex, "overview")
