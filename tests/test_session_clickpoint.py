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
#card { width: 200px; height: 40px } #card button { width: 100%; height: 100% }
</style></head><body><main><h1>Things</h1>
<ul id="tree"><li>Olin<ul><li>Ignacio</li><li>Kenda</li><li>Boris</li><li>Ann</li></ul></li>
<li>Chas</li></ul>
<table><tr id="row" onclick="document.title = 'row'"><td>Invoice 7</td>
<td><a href="#x" onclick="document.title = 'link'; event.stopPropagation()">Open PDF</a></td>
<td>Paid</td></tr></table>
<div id="card" onclick="document.title = 'card'" aria-label="Card">
<button onclick="document.title = 'buy'; event.stopPropagation()">Buy</button></div>
<script>
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
    ref = _ref(page, lambda n: n.attrs.get("id") == "card")
    with pytest.raises(ActionError, match="control inside it"):
        page.click(ref)
    assert page.playwright_page.title() == ""  # nothing was clicked


def test_a_plain_control_is_clicked_as_before(page: Any) -> None:
    ref = _ref(page, lambda n: n.tag == "li" and n.text.strip() == "Chas")
    page.click(ref)
    assert page.playwright_page.title() == "Chas"
