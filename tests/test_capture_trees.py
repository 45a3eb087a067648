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
    p = domdex_browser.new_page()
    p.playwright_page.set_content(PAGE)
    yield p
    p.close()


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


def test_a_file_in_a_closed_folder_is_shown_by_its_folder(page: Any) -> None:
    idx = page.index()
    r = find(idx, 'the file named "Deneen"', intent="click")
    assert r.ref is not None and _text(idx, r.ref) == "Deneen", r.render()
    assert r.reveal is not None and _text(idx, r.reveal) == "Alan", r.render()
    page.click(r.reveal)
    assert page.playwright_page.title() == "Alan"
    idx = page.index()
    r = find(idx, 'the file named "Deneen"', intent="click")
    assert r.ref is not None and r.reveal is None, r.render()
    page.click(r.ref)
    assert page.playwright_page.title() == "Deneen"
