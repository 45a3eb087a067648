"""Items of a strip made clickable by their container's cursor are click targets.

Why: a mail client's ``<div class="send" style="cursor: pointer">`` held the spans
*Reply* and *Forward*, each with its own handler. Capture kept only the container
("Reply Forward"); find answered it for "reply", and the click in its middle landed
between the two spans, so nothing happened (MiniWoB's email tasks). A card whose
cursor covers a title and a long description stays one target.
"""

from __future__ import annotations

from typing import Any

import pytest

from domdex.search.api import find

from .conftest import page_showing

pytestmark = pytest.mark.browser

PAGE = """<!doctype html><html lang="en"><head><style>
.send { cursor: pointer; text-align: center; width: 300px }
.send span { display: inline-block; width: 60px }
.card { cursor: pointer; width: 300px }
</style></head><body><main>
<div class="send"><span class="reply"><div>Reply</div></span><span class="fwd">
<div>Forward</div></span></div>
<div class="card" onclick="document.title = 'card'"><h3>Oak shelf</h3>
<p>A shelf of solid oak that holds forty books and fits in any corner of a room.</p></div>
<script>
for (const [cls, what] of [["reply", "replied"], ["fwd", "forwarded"]]) {
  document.querySelector("." + cls).addEventListener("click", () => { document.title = what; });
}
</script></main></body></html>"""


@pytest.fixture()
def page(domdex_browser: Any) -> Any:
    with page_showing(domdex_browser, PAGE) as p:
        yield p


@pytest.mark.parametrize(("query", "title"), [("reply", "replied"), ("forward", "forwarded")])
def test_each_item_of_a_clickable_strip_is_a_target(page: Any, query: str, title: str) -> None:
    idx = page.index()
    r = find(idx, query, intent="click")
    assert r.ref is not None and idx.node(r.ref).text.strip().lower() == query, r.render()
    page.click(r.ref)
    assert page.playwright_page.title() == title


def test_a_card_with_long_text_stays_one_target(page: Any) -> None:
    idx = page.index()
    targets = [n for n in idx.interactive_nodes() if "Oak shelf" in n.text]
    assert [n.attrs.get("class") for n in targets] == ["card"]
