"""find and grep on the captured fixture pages, and live in Chromium.

The snapshot tests need no browser (tests/fixtures/snapshots); the browser tests open
tests/pages through the ``server`` fixture and resolve refs to real elements.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import domdex
from domdex.tokens import count_tokens

SNAPSHOTS = Path(__file__).parent / "fixtures" / "snapshots"


def _index(name: str) -> domdex.PageIndex:
    text = (SNAPSHOTS / f"{name}.json").read_text(encoding="utf-8")
    return domdex.build_index(domdex.load_snapshot(text))


def _name(idx: domdex.PageIndex, ref: str | None) -> str:
    assert ref is not None
    node = idx.node(ref)
    return node.name or node.text


@pytest.mark.parametrize(("page", "query", "intent", "name"), [
    ("product", "add to cart", "click", "Add to Cart"),
    ("product", "add to wishlist", "click", "Add to Wishlist"),
    ("product", "cart link in the header", "navigate", "Cart (3)"),
    ("product", "search the site in the footer", "fill", "Search the site"),
    ("contact", "submit the contact message", "click", "Submit Message"),
    ("contact", "newsletter email field", "fill", "Newsletter"),
    ("checkout", "billing city", "fill", "City"),
    ("checkout", "continue to payment", "click", "Continue to Payment"),
    ("dashboard", "export to csv", "click", "Export to CSV"),
    ("dashboard", "filter by status", "select", "Status"),
])
def test_find_on_fixture_pages(page: str, query: str, intent: str, name: str) -> None:
    idx = _index(page)
    result = domdex.find(idx, query, intent=intent)
    assert _name(idx, result.ref) == name, str(result)
    assert count_tokens(str(result)) <= 200


def test_hidden_toast_is_not_the_add_to_cart_answer() -> None:
    idx = _index("product")
    result = domdex.find(idx, "added to cart")
    assert result.ref is None or idx.node(result.ref).visible


def test_grep_export_seed_example_fits_the_budget() -> None:
    idx = _index("dashboard")
    result = domdex.grep(idx, "export", context="region")
    text = str(result)
    assert text.startswith('GREP: "export" → 3 matches in 2 regions')
    assert "Export Policy" in text and "Export to CSV" in text
    assert count_tokens(text) <= 300


def test_grep_drill_down_lists_a_region() -> None:
    idx = _index("checkout")
    region = idx.region_of(domdex.find(idx, "billing city", intent="fill").ref or "").id
    text = str(domdex.grep(idx, ".*", regions=[region]))
    assert text.startswith(f"[{region}]") and "City" in text and "ZIP Code" in text


@pytest.mark.browser
def test_live_find_resolves_to_the_element(server: str) -> None:
    with domdex.launch() as browser:
        page = browser.open(f"{server}/contact.html")
        result = page.find("submit the contact message", intent="click")
        assert result.ref is not None
        text = page.locator(result.ref).inner_text()
        assert "Submit Message" in text
        grep = page.grep("submit", context="path")
        assert len(grep) >= 3 and "path: " in str(grep)


@pytest.mark.browser
def test_live_product_look_alikes(server: str) -> None:
    with domdex.launch() as browser:
        page = browser.open(f"{server}/product.html")
        add = page.find("add to cart button", intent="click")
        link = page.find("cart link", intent="navigate")
        assert add.ref and link.ref and add.ref != link.ref
        assert page.locator(add.ref).inner_text().strip() == "Add to Cart"
        assert "Cart (3)" in page.locator(link.ref).inner_text()
