"""A list item made clickable by the cursor alone, holding a nested list, is no one target.

Why: in a file tree (``#tree li { cursor: pointer }``, each folder an ``<li>`` with its
label and a nested ``<ul>``), capture kept each folder as one clickable item named by
all its text ("Olin Ignacio Kenda") and nothing inside it: a file in a folder could not
be found, and a click on the folder's middle could land on one of its files. The folder's
label and each nested item are the targets now, and an item in a closed folder is found
hidden, with its folder as the control that shows it (MiniWoB's navigate-tree).
"""

from __future__ import annotations

from typing import Any

import pytest

from domdex.search.api import find

from .conftest import page_showing

pytestmark = pytest.mark.browser

PAGE = """<!doctype html><html lang="en"><head><style>
#tree li { cursor: pointer; padding: 2px }
#tree .closed > ul { display: none }
</style></head><body><main><h1>Files</h1>
<ul id="tree">
  <li><span>Chas</span></li>
  <li><span>Olin</span><ul><li><span>Ignacio</span></li><li><span>Kenda</span></li></ul></li>
  <li class="closed"><span>Alan</span><ul><li><span>Leonie</span></li>
    <li><span>Deneen</span></li></ul></li>
</ul>
<script>
for (const li of document.querySelectorAll("#tree li")) {
  li.addEventListener("click", (e) => {
    e.stopPropagation();
    if (li.querySelector(":scope > ul")) li.classList.toggle("closed");
    document.title = li.querySelector(":scope > span").textContent;
  });
}
</script></main></body></html>"""


@pytest.fixture()
def page(domdex_browser: Any) -> Any:
    with page_showing(domdex_browser, PAGE) as p:
        yield p


def _text(idx: Any, ref: str) -> str:
    return str(idx.node(ref).text).strip()


@pytest.mark.parametrize("name", ["Kenda", "Olin", "Chas"])
def test_each_file_and_folder_is_its_own_target(page: Any, name: str) -> None:
    idx = page.index()
    r = find(idx, f'the file or folder named "{name}"', intent="click")
    assert r.ref is not None and _text(idx, r.ref) == name, r.render()
    page.click(r.ref)
    assert page.playwright_page.title() == name  # not a file inside the open folder


def test_a_folder_is_named_by_its_label_not_by_its_files(page: Any) -> None:
    names = {_text(page.index(), n.ref) for n in page.index().interactive_nodes()}
    assert {"Olin", "Ignacio", "Kenda", "Alan"} <= names
    assert not any("Ignacio" in n and n != "Ignacio" for n in names), names


@pytest.mark.parametrize("query", ["Deneen", 'the file named "Deneen"'])
def test_a_file_in_a_closed_folder_is_shown_by_its_folder(page: Any, query: str) -> None:
    idx = page.index()
    r = find(idx, query, intent="click")
    assert r.ref is not None and _text(idx, r.ref) == "Deneen", r.render()
    assert r.reveal is not None and _text(idx, r.reveal) == "Alan", r.render()
    page.click(r.reveal)
    assert page.playwright_page.title() == "Alan"
    idx = page.index()
    r = find(idx, query, intent="click")
    assert r.ref is not None and r.reveal is None, r.render()
    page.click(r.ref)
    assert page.playwright_page.title() == "Deneen"


MENU = """<!doctype html><html lang="en"><head><style>
#menu > li { cursor: pointer } #menu ul { display: none } #menu .open > ul { display: block }
</style></head><body><main><h1>Editor</h1><ul id="menu">
<li>File<ul><li>New</li><li>Open</li><li>Save</li></ul></li><li>Help</li></ul>
<header><button aria-expanded="false" aria-controls="m">Account</button>
<ul role="menu" id="m" hidden><li role="menuitem">Settings</li>
<li role="menuitem">Delete account</li></ul></header>
<form role="search"><input type="search" aria-label="Search"><button>Search</button></form>
<script>
for (const li of document.querySelectorAll("#menu li")) {
  li.addEventListener("click", (e) => {
    e.stopPropagation();
    li.classList.toggle("open");
    document.title = li.firstChild.textContent.trim();
  });
}
</script></main></body></html>"""


def test_an_item_labelled_by_bare_text_stays_one_target(domdex_browser: Any) -> None:
    """A review's case: ``<li>File<ul>…</ul></li>`` has no label element to click, so the
    item itself stays the target (it had lost its clickable state, and "File" answered
    its submenu's *New*)."""
    with page_showing(domdex_browser, MENU) as p:
        r = find(p.index(), "File", intent="click")
        assert r.ref is not None and p.index().node(r.ref).text.startswith("File"), r.render()
        p.click(r.ref)
        assert p.playwright_page.title() == "File"


def test_a_quoted_name_does_not_lift_a_hidden_item(domdex_browser: Any) -> None:
    """A review's case: 'look up "delete account"' is no request for the hidden *Delete
    account* menu item."""
    with page_showing(domdex_browser, MENU) as p:
        r = find(p.index(), 'look up "delete account"')
        assert r.ref is None or p.index().node(r.ref).role != "menuitem", r.render()
        r = find(p.index(), 'the menu item named "Delete account"')  # asked for by name
        assert r.ref is not None and r.reveal is not None, r.render()
        assert p.index().node(r.reveal).name == "Account", r.render()
