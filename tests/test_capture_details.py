"""What a closed ``<details>`` holds, and an element hidden ``until-found``, are laid out
but not drawn (content-visibility: hidden): their boxes have a size when asked for one,
so capture once took them for visible. An action by words then pressed a button no one
could see: Playwright waited for it to become visible, and the agent got "did not become
ready in time", or "its row now reads ''" (review 60, a kanban's archived cards)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from domdex.errors import ActionError

pytestmark = pytest.mark.browser


@pytest.fixture
def board(domdex_browser: Any, server: str) -> Iterator[Any]:
    page = domdex_browser.open(f"{server}/archive.html")
    try:
        yield page
    finally:
        page.close()


def _node(page: Any, **want: str) -> Any:
    return next(n for n in page.index().nodes
                if all(n.attrs.get(k) == v if k == "id" else getattr(n, k) == v
                       for k, v in want.items()))


def _clicked(page: Any) -> str:
    return str(page.playwright_page.text_content("#clicked"))


def test_a_closed_details_shows_its_summary_only(board: Any) -> None:
    summary = _node(board, tag="summary")
    assert summary.visible and "collapsed" in summary.states, summary
    for id_ in ("a1-restore", "a2-delete", "purge"):
        assert not _node(board, id=id_).visible, id_
    assert "Cards archived" not in board.find("cards archived in the last 30 days").render()
    board.playwright_page.click("summary")
    opened = board.capture()  # incremental: the <details> changed an attribute
    full = board.capture(incremental=False)
    for snap in (opened, full):
        shown = {n.attrs.get("id"): n.visible for n in snap.nodes}
        assert shown["a1-restore"] and shown["a2-delete"], shown
        assert not shown["purge"], shown
    assert [(n.ref, n.visible, n.states) for n in opened.nodes] == \
        [(n.ref, n.visible, n.states) for n in full.nodes]


def test_find_names_the_summary_as_the_way_in_and_no_hover(board: Any) -> None:
    hit = board.find("restore the Old landing page card", intent="click")
    summary = _node(board, tag="summary")
    assert hit.ref == _node(board, id="a1-restore").ref and hit.reveal == summary.ref, str(hit)
    assert "hidden until hovered" not in (hit.suggestion or ""), hit.suggestion


def test_acting_by_words_opens_the_details_then_presses_the_right_card_s_button(
        board: Any) -> None:
    done = board.click(query="permanently delete the Legacy API cleanup card")
    assert "OPENED FIRST" in str(done) and _clicked(board) == "a2-delete", str(done)


def test_acting_by_words_on_a_closed_details_still_refuses_look_alikes(board: Any) -> None:
    with pytest.raises(ActionError):
        board.click(query="restore the archived card")
    assert _clicked(board) == "nothing"
    # refused on the closed page: nothing was opened to find that out (review 61)
    assert not board.playwright_page.evaluate("document.getElementById('archive').open")
