"""A click lands on the element named, not on a control inside it.

Why: Playwright clicks the middle of an element's box and accepts whatever inside it is
there. A file tree's open folder (``<li>Olin<ul><li>Kenda</li>…</ul></li>``, one
clickable item) has one of its files in its middle: clicking @ref of *Olin* clicked
*Kenda*, whose handler acted (found by a review). A clickable row's middle can be one of
its links. The click now goes to a point of the element's own text; with none clear,
it refuses.
"""

from __future__ import annotations

from typing import Any

import pytest

from domdex import ActionError

from .conftest import page_showing

pytestmark = pytest.mark.browser

PAGE = """<!doctype html><html lang="en"><head><style>
#tree li { cursor: pointer; padding: 2px }
tr { cursor: pointer } td { padding: 4px 30px }
#bar { width: 200px; height: 40px; display: flex } #bar button { flex: 1 }
</style></head><body><main><h1>Things</h1>
<ul id="tree"><li>Olin<ul><li>Ignacio</li><li>Kenda</li><li>Boris</li><li>Ann</li></ul></li>
<li>Chas</li></ul>
<table><tr id="row" onclick="document.title = 'row'"><td>Invoice 7</td>
<td><a href="#x" onclick="document.title = 'link'; event.stopPropagation()">Open PDF</a></td>
<td>Paid</td></tr></table>
<div id="bar" onclick="document.title = 'bar'" aria-label="Toolbar">
<button onclick="document.title = 'undo'; event.stopPropagation()">Undo</button>
<button onclick="document.title = 'redo'; event.stopPropagation()">Redo</button></div>
<save-button id="wrap" style="display: inline-block; cursor: pointer"
  onclick="document.title = document.title + ' wrapper'"><button
  onclick="document.title = 'button'">Save</button><span style="display: none">Saves your
  draft</span></save-button>
<ul role="tree" id="checks"><li role="treeitem" aria-checked="false">Olin<ul role="group">
<li role="treeitem" aria-checked="false">Ignacio</li><li role="treeitem"
aria-checked="false">Kenda</li><li role="treeitem" aria-checked="false">Boris</li></ul></li></ul>
<x-tree id="shadow"></x-tree>
<div id="card" role="button" tabindex="0" style="width: 300px; padding: 8px"
  onclick="document.title = 'card'"><p>Order 1043</p><div id="delete" style="cursor: pointer;
  height: 80px">Delete order</div><p>Paid</p></div>
<table><tr id="links" onclick="document.title = 'links row'">
<td><a href="#a" onclick="document.title = 'link a'; event.stopPropagation()">A</a></td>
<td><a href="#b" onclick="document.title = 'link b'; event.stopPropagation()">B</a></td>
<td><a href="#c" onclick="document.title = 'link c'; event.stopPropagation()">C</a></td></tr>
</table>
<script>
document.getElementById("delete").addEventListener("click", (e) => {
  document.title = "deleted";
  e.stopPropagation();
});
for (const li of document.querySelectorAll("#checks li")) {
  li.addEventListener("click", (e) => {
    e.stopPropagation();
    li.setAttribute("aria-checked", String(li.getAttribute("aria-checked") !== "true"));
  });
}
customElements.define("x-tree", class extends HTMLElement {
  connectedCallback() {
    const root = this.attachShadow({ mode: "open" });
    root.innerHTML = '<ul><li style="cursor: pointer">Lena<ul><li>Ugo</li><li>Vik</li>' +
      '<li>Wim</li><li>Xu</li></ul></li></ul>';
    for (const li of root.querySelectorAll("li")) {
      li.addEventListener("click", (e) => {
        e.stopPropagation();
        document.title = li.firstChild.textContent.trim();
      });
    }
  }
});
for (const li of document.querySelectorAll("#tree li")) {
  li.addEventListener("click", (e) => {
    e.stopPropagation();
    document.title = li.firstChild.textContent.trim();
  });
}
</script></main></body></html>"""


@pytest.fixture()
def page(domdex_browser: Any) -> Any:
    with page_showing(domdex_browser, PAGE) as p:
        yield p


def _ref(page: Any, predicate: Any) -> str:
    idx = page.index()
    return next(n.ref for n in idx.nodes if predicate(n))


def test_a_folder_is_clicked_on_its_own_label(page: Any) -> None:
    ref = _ref(page, lambda n: n.tag == "li" and n.text.startswith("Olin"))
    page.click(ref)
    assert page.playwright_page.title() == "Olin"


def test_a_row_is_clicked_beside_its_links(page: Any) -> None:
    ref = _ref(page, lambda n: n.attrs.get("id") == "row")
    page.click(ref)
    assert page.playwright_page.title() == "row"


def test_an_element_with_no_point_of_its_own_is_refused(page: Any) -> None:
    ref = _ref(page, lambda n: n.attrs.get("id") == "bar")
    with pytest.raises(ActionError, match="control inside it"):
        page.click(ref)
    assert page.playwright_page.title() == ""  # nothing was clicked


def test_a_wrapper_around_one_control_is_clicked_as_before(page: Any) -> None:
    """A review's case: a hidden tooltip beside the wrapped button made the wrapper's
    text differ from the button's, and the click was refused."""
    ref = _ref(page, lambda n: n.attrs.get("id") == "wrap")
    page.click(ref)
    assert page.playwright_page.title() == "button wrapper"


def test_check_lands_on_the_item_named(page: Any) -> None:
    """A review's case: check on the tree item *Olin* checked *Kenda* in its middle."""
    ref = _ref(page, lambda n: n.role == "treeitem" and n.name.startswith("Olin"))
    page.act("check", ref)
    states = page.playwright_page.eval_on_selector_all(
        "#checks li", "els => els.map(e => e.getAttribute('aria-checked'))")
    assert states == ["true", "false", "false", "false"]


def test_a_folder_in_a_shadow_tree_is_clicked_on_its_label(page: Any) -> None:
    """A review's case: in a shadow tree the document's hit test answers with the host."""
    ref = _ref(page, lambda n: n.tag == "li" and n.text.startswith("Lena"))
    page.click(ref)
    assert page.playwright_page.title() == "Lena"


def test_a_plain_control_is_clicked_as_before(page: Any) -> None:
    ref = _ref(page, lambda n: n.tag == "li" and n.text.strip() == "Chas")
    page.click(ref)
    assert page.playwright_page.title() == "Chas"


def test_a_nested_control_known_by_its_cursor_is_avoided(page: Any) -> None:
    """A review's case: a card's *Delete order* is a <div> with a pointer cursor and a
    listener, in the card's middle; clicking the card deleted the order."""
    ref = _ref(page, lambda n: n.attrs.get("id") == "card")
    page.click(ref)
    assert page.playwright_page.title() == "card"


def test_a_row_of_links_is_clicked_on_its_free_space(page: Any) -> None:
    """A review's case: every cell holds a link, so the row has no text of its own; its
    cells' padding is its own, and the click goes there instead of being refused."""
    ref = _ref(page, lambda n: n.attrs.get("id") == "links")
    page.click(ref)
    assert page.playwright_page.title() == "links row"
