"""The matcher index: built by array arithmetic, it must hold what the plain loops give."""

from __future__ import annotations

import gc
import weakref

import numpy as np
import pytest

import domdex
from domdex.index import build_index
from domdex.search import descriptors as _descriptors
from domdex.search.descriptors import FIELD_WEIGHTS
from domdex.search.lexical import tokens
from domdex.search.matcher import SearchIndex, _callable_name, tokens_many

from .conftest import load_fixture_snapshot

TRICKY = [
    "", " ", "Add to Cart", "os.walk(top, topdown=True)", "abs() and len(s)", "-OO --foo -x",
    "Lib/os.py", "e-mail", "E-Mail me", "sign in", "Log-in", "_textarea", "textarea_",
    "__search_box", "search box", "x_searchbox", "购物车 test", "Ünïcode straße ﬁ",
    "İstanbul", "¶ « >>> ...", "a\x00b", "text-area", "Check out!", "checkbox.foo",
    "dropdown(", "f(x)(y)", "snake_case_name()", "3.14 v1.2.3", "foo--bar", "a-b",
    "(starts with a parenthesis)", "(", "login", "os.getlogin()", "_login x",
]


def test_tokens_many_equals_tokens() -> None:
    assert tokens_many(TRICKY) == [tokens(t) for t in TRICKY]
    clean = [t for t in TRICKY if "\x00" not in t]
    calls: list[str] = []
    with pytest.MonkeyPatch.context() as mp:  # one pass: no text goes through tokens()
        mp.setattr("domdex.search.matcher.tokens", lambda t: calls.append(t) or tokens(t))
        assert tokens_many(clean) == [tokens(t) for t in clean]
    assert "Add to Cart" not in calls  # not all sent through tokens() one by one
    assert "(starts with a parenthesis)" not in calls
    assert tokens_many(TRICKY[2:5] * 3) == [tokens(t) for t in TRICKY[2:5] * 3]
    assert tokens_many([]) == []


def _plain_postings(si: SearchIndex, key: bool) -> dict[str, dict[int, float]]:
    """The postings as one loop over elements and fields would build them."""
    out: dict[str, dict[int, float]] = {}
    for k, d in enumerate(si.descriptors):
        for fname, text in d.fields.items():
            if key and fname != "key":
                continue
            w = 1.0 if key else (_descriptors.ROW_WEIGHT if fname == "row"
                                 else FIELD_WEIGHTS[fname])
            for tok in tokens(text):
                got = out.setdefault(tok, {})
                got[k] = max(got.get(k, 0.0), w)
    return out


@pytest.mark.parametrize("rows", [None, 3])
@pytest.mark.parametrize("name", ["pydocs-os", "checkout", "dashboard", "product"])
def test_postings_equal_the_plain_loop(name: str, rows: int | None,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """``rows``: the field rows expanded a few at a time, cut between elements (an
    element has up to nine rows, so a part may be one element longer than asked)."""
    if rows is not None:
        monkeypatch.setattr("domdex.search.matcher._ROWS", rows)
    si = SearchIndex(build_index(load_fixture_snapshot(name)))
    for key, table in ((False, si._postings), (True, si._key_postings)):
        plain = _plain_postings(si, key)
        assert sorted(table) == sorted(plain)
        for tok, want in plain.items():
            post = table.get(tok)
            assert post is not None
            elems, weights = post
            assert elems.tolist() == sorted(want)  # page order
            assert np.array_equal(weights, np.array([want[k] for k in sorted(want)],
                                                    dtype=np.float32))


def test_name_words_and_counts() -> None:
    si = SearchIndex(build_index(load_fixture_snapshot("pydocs-os")))
    for k, d in enumerate(si.descriptors):
        name = d.fields.get("name", "")
        assert si._name_len[k] == max(1, len(set(tokens(name))))
        call = _callable_name(name)
        assert si._name_tokens[k] == frozenset(tokens(call))
        assert si.n_words[k] == len(tokens(call))


def test_a_dropped_index_frees_its_matcher_without_the_cyclic_gc() -> None:
    """The matcher lives in its index's cache and refers back to the index weakly: the
    two must go as soon as the index is dropped, not at the cyclic GC's next full pass
    (at 128k elements the vectors alone are 125 MB, kept beside the next capture's)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        idx = domdex.build_index(load_fixture_snapshot("product"))  # with find()
        idx.find("add to cart", intent="click")
        si = SearchIndex.for_index(idx)
        assert si.idx is idx
        gone_idx, gone_si = weakref.ref(idx), weakref.ref(si)
        del idx, si
        assert gone_idx() is None
        assert gone_si() is None
    finally:
        if collecting:
            gc.enable()
