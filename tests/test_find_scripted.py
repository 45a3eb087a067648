"""Controls that only a script makes clickable, found by what they do and whose they are.

Why: an icon ``<span class="like">`` whose handler was bound with ``addEventListener``
has no role, no text and no pointer cursor until hovered; capture used to drop it, so
"the Like button for @bob" had nothing to answer with. And three posts' icons are
look-alikes of each other only post by post: the post's words tell Bob's *Like* from
Alice's. The page also shows the task itself ("For the user @bob, click on the "Mute"
button."): a text that says the request is no target of it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytestmark = pytest.mark.browser

TASK = 'For the user @bob, click on the "Mute" button.'


@pytest.fixture(scope="module")
def page(domdex_browser: Any, server: str) -> Iterator[Any]:
    p = domdex_browser.open(f"{server}/scripted_posts.html")
    try:
        yield p
    finally:
        p.close()


def _node(page: Any, selector: str) -> Any:
    """The indexed node of the one element ``selector`` matches."""
    idx = page.index()
    ref = page.playwright_page.evaluate(
        "(s) => { const e = document.querySelector(s); "
        "const st = window[Symbol.for('domdex')]; return st ? st.peek(e) : null; }", selector)
    assert ref, f"{selector} has no ref"
    return idx.node(f"e{ref}" if not str(ref).startswith("e") else ref)


def _clicked(page: Any) -> str:
    return str(page.playwright_page.evaluate("document.getElementById('log').textContent"))


def test_listener_marks_an_icon_clickable_and_not_its_container(page: Any) -> None:
    like = _node(page, ".post:nth-child(2) .like")
    assert "clickable" in like.states, like
    idx = page.index()
    feed = [n for n in idx.nodes if n.attrs.get("id") == "feed"]
    assert not feed or "clickable" not in feed[0].states  # delegation is no target
    block = _node(page, ".post:nth-child(2) li.block")
    assert not block.visible and idx.is_interactive(block)  # in a closed menu, still known


def test_an_icon_is_told_apart_by_its_post(page: Any) -> None:
    for query, selector in (("Like button for @bob", ".post:nth-child(2) .like"),
                            ('the "Retweet" button on the post by @carol',
                             ".post:nth-child(3) .retweet"),
                            ("reply to Alice Smith", ".post:nth-child(1) .reply")):
        res = page.find(query, intent="click")
        want = _node(page, selector).ref
        assert res.ref == want, (query, str(res))
        assert res.confidence == "low"  # named by its class only: acting by query refuses
    page.click(page.find("Like button for @bob", intent="click").ref)
    assert _clicked(page) == "like @bob"


def test_a_hidden_menu_item_is_found_with_its_opener(page: Any) -> None:
    res = page.find('"Mute" button for the user @bob', intent="click")
    assert res.ref == _node(page, ".post:nth-child(2) li.mute").ref, str(res)
    assert res.reveal == _node(page, ".post:nth-child(2) .more").ref, str(res)
    page.click(res.reveal)
    page.click(page.find('"Mute" button for the user @bob', intent="click").ref)
    assert _clicked(page) == "mute @bob"
    page.click(res.reveal)  # closed again for the other tests


def test_the_task_shown_on_the_page_is_no_answer_to_itself(page: Any) -> None:
    res = page.find(TASK, intent="click")
    task = _node(page, "#task")
    assert res.ref != task.ref and all(m.ref != task.ref for m in res.matches[:1]), str(res)
