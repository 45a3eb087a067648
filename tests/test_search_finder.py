"""The element-finder seed's API on foreign snapshots (aria YAML), and its error flow."""

from __future__ import annotations

import logging

import pytest

from domdex.search.finder import ElementFinder

ARIA = """
- banner:
  - link "Cart (3)" [ref=e2]
  - searchbox "Search products..." [ref=e3]
  - button "Search" [ref=e4]
  - link "Sign in" [ref=e5]
- main:
  - heading "Garden Trowel" [level=1] [ref=e6]
  - combobox "Quantity" [ref=e7]: "1"
  - button "Add to Cart" [ref=e8]
  - button "Add to Wishlist" [ref=e9]
  - textbox "Email" [ref=e10]
  - button "Submit" [ref=e11]
- contentinfo:
  - link "Privacy" [ref=e12]
"""


@pytest.fixture(scope="module")
def finder() -> ElementFinder:
    return ElementFinder(ARIA)


def test_filters(finder: ElementFinder) -> None:
    assert [n.ref for n in finder.find_by_role("button")] == ["e4", "e8", "e9", "e11"]
    assert [n.ref for n in finder.find_by_name("add to cart", exact=True)] == ["e8"]
    assert [n.ref for n in finder.find_by_name("add to")] == ["e8", "e9"]
    assert [n.ref for n in finder.find_by_text("cart")] == ["e2", "e8"]
    assert {n.ref for n in finder.find_fillable()} == {"e3", "e7", "e10"}
    clickable = {n.ref for n in finder.find_clickable()}
    assert {"e2", "e4", "e8", "e12"} <= clickable and "e6" not in clickable
    assert len(finder.find_interactive()) >= 10


def test_find_one_and_all(finder: ElementFinder) -> None:
    best = finder.find_one("add to cart button")
    assert best is not None and best.ref == "e8"
    assert finder.find_one("sign in link").ref == "e5"  # type: ignore[union-attr]
    found = finder.find_all("search")
    assert found[0].ref in ("e3", "e4")
    assert [m.score for m in found] == sorted((m.score for m in found), reverse=True)


def test_nothing_above_confidence_logs_the_elements(finder: ElementFinder,
                                                    caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="domdex"):
        assert finder.find_one("zebra migration statistics") is None
    assert "Available:" in caplog.text and "Add to Cart" in caplog.text


def test_unreadable_and_empty_snapshots(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="domdex"):
        broken = ElementFinder("- button \"unterminated [ref=e1]\n  bad: [")
        assert broken.find_one("button") is None
    assert "could not be read" in caplog.text or "nothing matches" in caplog.text


def test_empty_snapshot_is_a_warning(caplog: pytest.LogCaptureFixture) -> None:
    from domdex import Snapshot

    with caplog.at_level(logging.WARNING, logger="domdex"):
        assert ElementFinder(Snapshot()).find_all("anything") == []
    assert "empty" in caplog.text
