"""grep on hand-built snapshots: grouping by region, scope, hidden, listing, errors."""

from __future__ import annotations

import pytest

from domdex import QueryError
from domdex.index import build_index
from domdex.search.api import grep
from domdex.tokens import count_tokens
from tests.test_search_find import shop


@pytest.fixture(scope="module")
def idx():  # type: ignore[no-untyped-def]
    return build_index(shop())


def test_matches_grouped_by_region_with_header(idx) -> None:  # type: ignore[no-untyped-def]
    result = grep(idx, "submit")
    assert result.refs == ["e22", "e52", "e62"]
    text = str(result)
    assert text.startswith('GREP: "submit" → 3 matches in 3 regions')
    assert "[R1] MAIN" in text and "└─" in text and "SUGGESTION:" in text
    assert count_tokens(text) <= 300


def test_regex_and_scope(idx) -> None:  # type: ignore[no-untyped-def]
    result = grep(idx, "add.*(cart|wish)", regions=["R1"])
    assert result.refs == ["e15", "e16"]
    assert 'GREP: "add.*(cart|wish)" in R1 → 2 matches' in str(result)


def test_hidden_left_out_unless_asked(idx) -> None:  # type: ignore[no-untyped-def]
    assert "e70" not in grep(idx, "added to cart").refs
    shown = grep(idx, "added to cart", include_hidden=True)
    assert "e70" in shown.refs
    assert "[hidden]" in str(shown)


def test_match_all_lists_one_region(idx) -> None:  # type: ignore[no-untyped-def]
    region = idx.region_of("e15").id
    text = str(grep(idx, ".*", regions=[region]))
    assert text.splitlines()[0].startswith(f"[{region}]")
    assert '"Add to Cart" @e15' in text and '"Quantity" @e14' in text


def test_expand_lists_nearby_and_path_context(idx) -> None:  # type: ignore[no-untyped-def]
    text = str(grep(idx, "wishlist", expand=True))
    assert "NEARBY:" in text and "@e15" in text
    assert "path: " in str(grep(idx, "wishlist", context="path"))


def test_role_filter_and_data(idx) -> None:  # type: ignore[no-untyped-def]
    result = grep(idx, "search", role="searchbox")
    assert result.refs == ["e4", "e51"]
    d = result.to_dict()
    assert d["total"] == 2 and d["by_region"][0]["matches"][0]["ref"] == "e4"


def test_no_match_suggests_a_region(idx) -> None:  # type: ignore[no-untyped-def]
    result = grep(idx, "zzzz")
    assert len(result) == 0
    assert "SUGGESTION:" in str(result)


def test_invalid_regex_says_how_to_search_literally(idx) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(QueryError, match=r"literal text.*Cart \\\(3"):
        grep(idx, "Cart (3")
    assert grep(idx, r"Cart \(3").refs == ["e7"]


def test_fuzzy_region_when_nothing_matches(idx) -> None:  # type: ignore[no-untyped-def]
    text = str(grep(idx, "checkout"))
    assert "No exact match. Did you mean R" in text and "cart" in text


def test_a_catastrophic_pattern_runs_in_linear_time() -> None:
    """``(a+)+$`` over 40 a's and a b backtracks 2**40 times in Python's ``re`` (30
    characters took 54 s); grep's engine answers at once. Run in a child process whose
    outer bound turns a regression into a failure, not a hang (a C-level regex loop
    ignores signals)."""
    import subprocess
    import sys

    code = (
        "from domdex.index import build_index\n"
        "from domdex.search.api import grep\n"
        "from domdex.snapshot import Node, Snapshot\n"
        "nodes = [Node(ref='e1', parent=None, tag='body'),\n"
        "         Node(ref='e2', parent='e1', tag='main', role='main'),\n"
        "         Node(ref='e3', parent='e2', tag='p', role='paragraph', text='a' * 40 + 'b')]\n"
        "idx = build_index(Snapshot(url='https://x.example/', title='x', nodes=nodes))\n"
        "print(len(grep(idx, '(a+)+$')), len(grep(idx, '(a+)+b$')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120, check=True)
    assert out.stdout.split() == ["0", "1"]


@pytest.mark.parametrize(("pattern", "named"), [
    (r"(\w+) \1", "backreference"),
    (r"(?P<w>\w+) (?P=w)", "backreference"),
    ("add(?= to)", "lookaround"),
    ("(?<!wish)list", "lookaround"),
])
def test_constructs_the_engine_refuses_are_explained(idx, pattern, named) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(QueryError, match=rf"uses .*{named}.*Write the pattern without it"):
        grep(idx, pattern)


def test_regex_features_people_use_still_work(idx) -> None:  # type: ignore[no-untyped-def]
    assert grep(idx, r"\bcart\b").refs == grep(idx, "cart").refs
    assert grep(idx, "(?i)ADD TO CART").refs == ["e15"]
    assert grep(idx, "ADD TO CART", ignore_case=False).refs == []
    assert grep(idx, r"Cart \(\d\)").refs == ["e7"]
