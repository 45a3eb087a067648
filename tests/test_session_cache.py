"""The region cache: an index refreshed from cached regions equals a fresh one."""

from __future__ import annotations

import copy

from domdex import build_index
from domdex.session.cache import RegionCache, refresh, structure_fingerprint
from domdex.snapshot import Snapshot


def _snap(status: str, checked: bool = False) -> Snapshot:
    nodes = [
        {"ref": "e1", "parent": None, "tag": "body"},
        {"ref": "e2", "parent": "e1", "tag": "header", "role": "banner"},
        {"ref": "e3", "parent": "e2", "tag": "a", "role": "link", "name": "Cart (3)",
         "text": "Cart (3)", "attrs": {"href": "/cart"}},
        {"ref": "e4", "parent": "e1", "tag": "main", "role": "main"},
        {"ref": "e5", "parent": "e4", "tag": "h1", "role": "heading", "name": "Trowel",
         "text": "Trowel", "level": 1},
        {"ref": "e6", "parent": "e4", "tag": "button", "role": "button", "name": "Add to Cart",
         "text": "Add to Cart"},
        {"ref": "e7", "parent": "e4", "tag": "input", "role": "checkbox", "name": "Gift wrap",
         "attrs": {"type": "checkbox"}, "states": ["checked"] if checked else []},
        {"ref": "e8", "parent": "e4", "tag": "p", "role": "status", "text": status},
        {"ref": "e9", "parent": "e1", "tag": "footer", "role": "contentinfo"},
        {"ref": "e10", "parent": "e9", "tag": "a", "role": "link", "name": "Privacy",
         "text": "Privacy", "attrs": {"href": "/privacy"}},
    ]
    return Snapshot.from_dict({"url": "http://x/", "title": "Shop", "document_id": "d",
                               "nodes": copy.deepcopy(nodes)})


def test_refresh_equals_a_fresh_index() -> None:
    before, after = _snap("", False), _snap("Added to cart.", True)
    assert structure_fingerprint(before) == structure_fingerprint(after)
    refreshed = refresh(build_index(before), after)
    fresh = build_index(after)
    assert refreshed is not None
    assert [r.to_dict() for r in refreshed.regions] == [r.to_dict() for r in fresh.regions]
    assert refreshed.term_index == fresh.term_index
    assert refreshed.regions_view().render() == fresh.regions_view().render()


def test_cache_paths() -> None:
    cache = RegionCache()
    a = cache.build(_snap(""))
    assert cache.build(_snap("")) is a  # same content: reused whole
    b = cache.build(_snap("Added to cart.", True))
    assert b is not a and cache.stats.refreshed == 1
    assert cache.stats.built == 1 and cache.stats.reused == 1


def test_only_the_most_recent_pages_keep_finds_matcher() -> None:
    from domdex.search.api import prepare_find
    from domdex.search.matcher import SearchIndex
    from domdex.session.cache import MATCHERS_KEPT

    cache = RegionCache()
    built = []
    for n in range(MATCHERS_KEPT + 2):
        snap = _snap("")
        snap.url = f"http://x/{n}"
        idx = cache.build(snap)
        prepare_find(idx)
        built.append(idx)
    cache.build(_snap("once more"))  # the next capture drops the older pages' matchers
    kept = [SearchIndex.built_for(i) for i in built]
    assert kept == [False] * 3 + [True] * (MATCHERS_KEPT - 1), kept
