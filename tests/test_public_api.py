"""The public surface: everything exported is listed, sorted and importable."""

from __future__ import annotations

import domdex


def test_all_is_sorted_and_complete() -> None:
    public = {name for name in vars(domdex) if not name.startswith("_")}
    modules = {name for name, value in vars(domdex).items()
               if type(value).__name__ == "module"}
    assert list(domdex.__all__) == sorted(domdex.__all__)
    missing = public - set(domdex.__all__) - modules - {"annotations"}
    assert not missing, f"exported but not in __all__: {sorted(missing)}"
    for name in domdex.__all__:
        assert hasattr(domdex, name), name


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
