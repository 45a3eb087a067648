"""Popups become tabs before the action that opened them answers.

Playwright reports a popup only once the popup's server has answered its first request;
a slow server (or a loaded machine: this once failed in CI with the test server busy)
put that past the short pause the session used to wait, so the click's answer missed
the tab and the current tab changed under the agent a moment later.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from domdex.localsite import LocalSite, QuietHandler
from domdex.session import Session
from domdex.session import tabs as tabs_module

pytestmark = pytest.mark.browser


class _Slow(QuietHandler):
    """Answers ``/<seconds>/`` after that many seconds."""

    def do_GET(self) -> None:
        delay = float(self.path.strip("/").split("/")[0] or 0)
        time.sleep(delay)
        body = f"<title>Slow</title><p>Answered after {delay} s</p>".encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture(scope="module")
def slow() -> Iterator[str]:
    with LocalSite(Path(__file__).parent / "pages", _Slow) as site:
        yield site.url


@pytest.fixture(scope="module")
def s() -> Iterator[Session]:
    with Session.start() as session:
        yield session


def _home(s: Session) -> None:
    """Back to one tab (the popups of the test before are closed)."""
    tabs = s.tab_list()
    for tab in tabs[1:]:
        s.close_tab(tab.id)
    if tabs:
        s.switch_tab(tabs[0].id)


@pytest.mark.parametrize("how", ["link", "script"])
def test_a_popup_from_a_slow_server_is_a_tab_when_the_click_answers(
        s: Session, slow: str, how: str) -> None:
    _home(s)
    opener = (f'<a href="{slow}/1/" target="_blank">Open the report</a>' if how == "link"
              else f'<button onclick="window.open(\'{slow}/1/\')">Open the report</button>')
    s.open("data:text/html," + opener)
    home = s.current.id
    r = s.click(query="Open the report")
    text = r.render()
    assert "TAB: the page opened" in text and "not answered" not in text
    tabs = s.tab_list()
    assert len(tabs) == 2
    assert [t.id for t in tabs if t.current] != [home]  # the popup is current, now
    assert s.current.id != home


def test_a_popup_whose_server_never_answers_in_time_is_said(
        s: Session, slow: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the wait, the answer says a window is coming rather than nothing."""
    monkeypatch.setattr(tabs_module, "_ADOPTION_DEADLINE", 0.5)
    _home(s)
    s.open(f'data:text/html,<a href="{slow}/2.5/" target="_blank">Open the slow one</a>')
    home = s.current.id
    r = s.click(query="Open the slow one")
    assert "a window whose server has not answered yet" in r.render()
    assert s.current.id == home and len(s.tab_list()) == 1
    # when it answers, it is a tab, and the current one
    deadline = time.monotonic() + 15
    while len(s.tab_list()) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert len(s.tab_list()) == 2 and s.current.id != home
