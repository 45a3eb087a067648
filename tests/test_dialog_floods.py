"""Pages that open dialogs for ever (issue 13 §3): the session stops their scripts or
closes their tab, says so, and the dialog log stays short.

Real headless Chromium on pages under tests/pages/hardening/. The ``timeout`` marks are
outer bounds only, so a regression fails instead of hanging the suite.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from typing import Any

import pytest

from domdex.errors import DomdexError
from domdex.session import Session
from domdex.session.dialogs import (
    FLOOD_COUNT,
    HOPELESS_COUNT,
    MAX_EVENTS,
    DialogEvent,
    DialogPolicy,
)


@pytest.fixture
def s() -> Iterator[Session]:
    with Session.start() as session:
        yield session


def test_a_run_of_one_dialog_is_one_line_with_a_count() -> None:
    policy = DialogPolicy()
    for _ in range(3176):
        policy._record(DialogEvent("alert", "forever", True))
    events = policy.drain()
    assert [e.line() for e in events] == ['DIALOG alert "forever" → accepted ×3,176']
    assert policy.drain() == []


def test_many_different_dialogs_are_summed_up() -> None:
    policy = DialogPolicy()
    for n in range(500):
        policy._record(DialogEvent("confirm" if n % 2 else "alert", f"message {n}", True))
    lines = [e.line() for e in policy.drain()]
    assert len(lines) == MAX_EVENTS + 1
    assert lines[0].startswith("DIALOGS: 490 earlier dialogs (alert/confirm) answered, last: ")
    assert lines[-1] == 'DIALOG confirm "message 499" → accepted'


class _Cdp:
    def __init__(self, sent: list[str]) -> None:
        self.sent = sent

    async def send(self, name: str, params: Any = None) -> None:
        self.sent.append(name)


class _Page:
    """What the policy touches of a page: a CDP session, close(), url."""

    url = "http://127.0.0.1/flood"

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.context = self

    async def new_cdp_session(self, page: Any) -> _Cdp:
        return _Cdp(self.sent)

    async def close(self, run_before_unload: bool = False) -> None:
        self.sent.append("close")


def test_a_flood_is_stopped_first_and_its_running_script_ended_only_if_it_goes_on(
        run_async: Any) -> None:
    """Ending the running script at once would end Playwright's own code too (an action
    in flight then hangs), so the first step only turns scripts off."""
    async def go() -> list[list[str]]:
        policy, page, steps = DialogPolicy(), _Page(), []
        for n in (FLOOD_COUNT, HOPELESS_COUNT // 2, HOPELESS_COUNT // 2):
            for _ in range(n):
                policy._watch(page)
            await asyncio.sleep(0.05)
            steps.append(list(page.sent))
            page.sent.clear()
        assert policy.stopped(page) and not policy.stopped(_Page())
        return steps

    assert run_async(go()) == [["Emulation.setScriptExecutionDisabled"],
                               ["Runtime.terminateExecution",
                                "Emulation.setScriptExecutionDisabled"],
                               ["close"]]


@pytest.mark.browser
@pytest.mark.timeout(120)
def test_a_synchronous_alert_loop_ends_and_is_reported(s: Session, server: str) -> None:
    """``for (;;) alert('forever')``: stopping scripts cannot end it (the renderer sits
    inside the dialogs), so the tab is closed; the next response says so in a few lines."""
    # The tab goes away under the navigation (an error, or not): what follows matters.
    with contextlib.suppress(DomdexError):
        s.open(f"{server}/hardening/alert-loop.html")
    result = s.new_tab(f"{server}/hardening/forged-fence.html")
    text = result.render()
    assert "STOPPED SCRIPTS:" in text and "CLOSED TAB:" in text
    assert 'DIALOG alert "forever" → accepted ×' in text
    assert len(result.dialogs) <= MAX_EVENTS + 1
    page, advice = result.render_parts()
    assert any(line.startswith("CLOSED TAB:") for line in advice)  # domdex's, not the page's
    assert not any(line.startswith("CLOSED TAB:") for line in page)
    assert "Release notes" in str(s.regions())  # the session goes on


@pytest.mark.browser
@pytest.mark.timeout(120)
def test_an_alert_storm_with_a_beforeunload_trap_lets_fill_and_leaving_finish(
        s: Session, server: str) -> None:
    """An alert every 20 ms plus a beforeunload trap: the scripts are stopped, fill
    finishes, and a link leaves the page."""
    said = [str(s.open(f"{server}/hardening/alert-storm.html"))]
    said.append(str(s.fill(query="Name", value="Ada")))
    assert 'value: "Ada"' in said[-1]
    said.append(str(s.click(query="Elsewhere")))
    assert "NAVIGATED:" in said[-1] and "forged-fence.html" in said[-1]
    assert "STOPPED SCRIPTS:" in "\n".join(said)
    assert "Release notes" in str(s.regions())
