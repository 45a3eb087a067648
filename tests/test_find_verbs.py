"""A request that opens with the action a record's control does ("block @ann", "like
emile's post", "follow @bob") gives that control, not the link that names the record.

Why: on a feed whose posts each have *Reply*, *Like*, *Block* and *Follow* buttons, these
requests answered the author's profile link at high confidence, and acting by query
followed it. "like" was a stopword, "follow" always meant "follow a link", and the
social verbs did not count as naming a control.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import pytest

from domdex import index, load_snapshot
from domdex.search.api import find

pytestmark = pytest.mark.browser

_POSTS = [("ann", "Hello all"), ("emile", "My trip"), ("bob", "Great photo"), ("cara", "Lunch")]
HTML = "<html><body><main><h1>Feed</h1>" + "".join(
    f"<article><header><a href='/u/{u}'>@{u}</a> <span>2h</span></header><p>{t}</p>"
    "<div class=actions>" + "".join(f"<button id={b.lower()}-{u}>{b}</button>"
                                    for b in ("Reply", "Like", "Block", "Follow"))
    + "</div></article>" for u, t in _POSTS) + "<a href='/help'>Help</a></main></body></html>"


@pytest.fixture(scope="module")
def feed(domdex_browser: Any) -> Any:
    page = domdex_browser.open("data:text/html;charset=utf-8," + quote(HTML))
    try:
        yield index(load_snapshot(page.snapshot().to_json()))
    finally:
        page.close()


@pytest.mark.parametrize(("ask", "want"), [
    ("block @ann", "block-ann"),
    ("like emile's post", "like-emile"),
    ("follow @bob", "follow-bob"),
    ("reply to cara", "reply-cara"),
])
def test_the_verb_names_the_control(feed: Any, ask: str, want: str) -> None:
    hit = find(feed, ask, intent="click")
    assert hit.ref and feed.node(hit.ref).attrs.get("id") == want, hit


def test_follow_a_link_still_navigates(feed: Any) -> None:
    hit = find(feed, "follow the help link")
    assert hit.ref and feed.node(hit.ref).name == "Help", hit


@pytest.mark.parametrize("ask", ["delete ann", "report @bob", "remove the post by cara"])
def test_an_action_no_control_does_is_not_answered_by_the_record_link(feed: Any,
                                                                     ask: str) -> None:
    """No post has a *Delete* or *Report* button: the author's link matched the rest of
    the request at high confidence; it does not do what was asked, so it is ``low`` at
    best (acting by query refuses it)."""
    hit = find(feed, ask, intent="click")
    assert hit.confidence in ("low", "none"), hit
    if hit.ref:
        assert "does not say it does what the request asks" in str(hit), hit
