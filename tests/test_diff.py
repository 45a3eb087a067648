"""diff: pure comparisons of two captures, on hand-written snapshots."""

from __future__ import annotations

import re
from typing import Any

import pytest

from domdex.diff import diff
from domdex.index import build_index
from domdex.render.diff import DiffView
from domdex.snapshot import Snapshot
from domdex.tokens import count_tokens


def _snap(nodes: list[dict[str, Any]], doc: str = "d1", url: str = "http://x/") -> Snapshot:
    return Snapshot.from_dict({"url": url, "title": "Shop", "document_id": doc, "nodes": nodes})


def _page(cart: str = "Cart (3)", dialog: bool = False, banner: bool = True,
          items: tuple[str, ...] = ("e20", "e21", "e22"), checked: bool = False,
          doc: str = "d1") -> Snapshot:
    nodes: list[dict[str, Any]] = [
        {"ref": "e1", "parent": None, "tag": "body"},
        {"ref": "e2", "parent": "e1", "tag": "header", "role": "banner"},
        {"ref": "e3", "parent": "e2", "tag": "a", "role": "link", "name": cart, "text": cart,
         "attrs": {"href": "/cart"}},
        {"ref": "e4", "parent": "e1", "tag": "main", "role": "main"},
        {"ref": "e5", "parent": "e4", "tag": "h1", "role": "heading", "name": "Trowel",
         "text": "Trowel", "level": 1},
        {"ref": "e6", "parent": "e4", "tag": "button", "role": "button", "name": "Add to Cart",
         "text": "Add to Cart"},
        {"ref": "e7", "parent": "e4", "tag": "input", "role": "checkbox", "name": "Gift wrap",
         "attrs": {"type": "checkbox"}, "states": ["checked"] if checked else []},
        {"ref": "e8", "parent": "e4", "tag": "ul", "role": "list", "name": "Todo"},
    ]
    for k, ref in enumerate(items):
        nodes.append({"ref": ref, "parent": "e8", "tag": "li", "role": "listitem",
                      "text": f"Item {ref}", "index": k + 1})
    if banner:
        nodes += [
            {"ref": "e30", "parent": "e1", "tag": "div", "role": "region",
             "name": "Cookie consent"},
            {"ref": "e31", "parent": "e30", "tag": "button", "role": "button",
             "name": "Accept cookies", "text": "Accept cookies"},
        ]
    nodes.append({"ref": "e40", "parent": "e1", "tag": "dialog", "role": "dialog",
                  "name": "Delete your account?", "visible": dialog})
    nodes.append({"ref": "e41", "parent": "e40", "tag": "button", "role": "button",
                  "name": "Confirm", "text": "Confirm", "visible": dialog})
    return _snap(nodes, doc=doc)


def test_no_changes() -> None:
    d = diff(build_index(_page()), build_index(_page()))
    assert d.empty
    assert "none" in str(DiffView(d))


def test_text_change_is_modified_with_arrow() -> None:
    d = diff(build_index(_page()), build_index(_page(cart="Cart (4)")))
    text = str(DiffView(d))
    assert 'LINK @e3 "Cart (3)" → "Cart (4)" [text changed]' in text
    assert "MODIFIED:" in text and "[R0] HEADER" in text


def test_dialog_shown_is_an_added_region_and_banner_removed() -> None:
    d = diff(build_index(_page()), build_index(_page(dialog=True, banner=False)))
    text = str(DiffView(d))
    assert "ADDED:" in text and 'DIALOG "Delete your account?" (shown)' in text
    assert 'BUTTON "Confirm" @e41' in text
    assert "REMOVED:" in text and '"Cookie consent" (region gone)' in text
    # elements of the regions are not repeated as single changes
    assert "@e31" not in text


def test_state_change() -> None:
    d = diff(build_index(_page()), build_index(_page(checked=True)))
    assert "CHECKBOX @e7 [unchecked] → [checked]" in str(DiffView(d))


def test_rerender_is_replaced_not_added_and_removed() -> None:
    before = _page(items=("e20", "e21"))
    after = _snap([n.to_dict() for n in before.nodes if n.ref not in ("e20", "e21")])
    after.nodes.extend(_page(items=("e50", "e51")).nodes[8:10])
    for n, old in zip(after.nodes[-2:], ("e20", "e21"), strict=True):
        n.text = f"Item {old}"
    after._by_ref = None
    d = diff(build_index(before), build_index(after))
    kinds = sorted(c.kind for c in d.elements)
    assert kinds == ["replaced", "replaced"]
    assert "+2 text elements re-rendered unchanged" in str(DiffView(d))


def test_reorder() -> None:
    d = diff(build_index(_page()), build_index(_page(items=("e21", "e22", "e20"))))
    assert "[reordered: 3 of 3 items moved]" in str(DiffView(d))


def test_navigation_says_page_changed() -> None:
    d = diff(build_index(_page()), build_index(_page(doc="d2")))
    assert not d.same_document
    assert "PAGE CHANGED" in str(DiffView(d))


def test_budget_and_dict() -> None:
    d = diff(build_index(_page()), build_index(_page(cart="Cart (4)", dialog=True,
                                                     checked=True, banner=False)))
    full = DiffView(d).render()
    small = DiffView(d).render(max_tokens=90)
    assert count_tokens(small) <= 90 < count_tokens(full) or small == full
    data = DiffView(d).to_dict()
    assert data["view"] == "diff" and data["regions"] and data["elements"]


def test_flags_are_compared_as_data_not_as_their_shortened_text() -> None:
    """A value that changed past the 40 characters a view shows is still a change."""
    def page(value: str) -> Snapshot:
        return _snap([{"ref": "e1", "parent": None, "tag": "body"},
                      {"ref": "e2", "parent": "e1", "tag": "input", "role": "textbox",
                       "name": "Note", "value": value}])

    same = "x" * 60
    d = diff(build_index(page(same + "a")), build_index(page(same + "b")))
    [change] = d.of_kind("modified")
    assert [(ch.field, [f.name for f in ch.old]) for ch in change.changes] == \
        [("flags", ["value"])]
    assert DiffView(d).to_dict()["elements"][0]["changes"][0]["field"] == "flags"


@pytest.mark.browser
def test_a_tables_next_page_is_one_change_with_its_rows(domdex_browser: Any,
                                                        server: str) -> None:
    """Issue 11, 'Tables': the next page of a table whose <tbody> rows are replaced in
    place is one change naming the rows by their key column, with each new row's words
    and controls; not every cell that came and went (1,465 tokens, cut, before)."""
    page = domdex_browser.open(f"{server}/orders.html")
    try:
        page.regions()
        text = str(page.click(query="Next page", diff=True))
        assert 'NEW ROWS' in text and "CELL" not in text and "REMOVED" not in text, text
        assert '[R1.Orders] TABLE "Orders": 10 rows ("1001" … "1010") replaced by 10 ' \
               '("1011" … "1020")' in text, text
        dee = re.search(r'"1012 Dee Roy \$67\.00 Paid": LINK "View" @e\d+ · '
                        r'BUTTON "Refund" @(e\d+)', text)
        assert dee, text
        assert '"Page 1 of 3" → "Page 2 of 3"' in text
        assert count_tokens(text) < 500
        page.click(dee.group(1))  # the ref the diff gave acts on Dee Roy's order
        assert page.playwright_page.evaluate("window.REFUNDS") == [1012]
        rows = page.diff().to_dict()["rows"]
        assert rows == []  # a refund changes a cell, not the rows
        page.click(query="Next page")
        data = page.diff().to_dict()["rows"][0]
        assert [r["key"] for r in data["removed"]][:2] == ["1011", "1012"]
        assert data["added"][0]["key"] == "1021"
        assert [c["name"] for c in data["added"][0]["controls"]] == ["View", "Refund"]
    finally:
        page.close()
