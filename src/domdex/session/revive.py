"""A browser that comes back: after Chromium was killed or crashed, the next open starts
a fresh one with the same options.

Without this, a session whose Chromium died answered every later call with Playwright's
``TargetClosedError`` for ever (issue 13 §5). Playwright tells us when the connection
goes (``disconnected`` on a browser, ``close`` on a persistent context); the session
then says so in one sentence on any call that needs a tab, and the next ``open`` (or
new tab) launches again — or reconnects over CDP — with the options it was started
with: the same profile on disk, storage state, device, proxy and output directory.
Tabs, refs and logins kept only in memory are gone, and the answer says that too.

A session over a page the caller owns (``attach``) cannot relaunch what it did not
start: it only says the browser is gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

from ..errors import BrowserError
from . import backend

if TYPE_CHECKING:
    from ..options import BrowserOptions
    from .options import SessionOptions
    from .tabs import Tab

logger = logging.getLogger("domdex")

__all__ = ["ReviveMixin"]

RESTARTED = ("BROWSER: the browser had stopped (killed or crashed); domdex started a fresh "
             "one with the same options. Tabs and refs from before are gone, and logins "
             "that lived only in memory.")
#: Seconds the remains of a dead browser get to close before they are dropped.
CLOSE_DEADLINE = 10.0
#: Seconds Playwright may take to notice that the browser died.
NOTICE_WITHIN = 3.0
T = TypeVar("T")


class ReviveMixin:
    """Relaunch for :class:`~domdex.session.AsyncSession` after the browser died."""

    browser: Any
    options: SessionOptions
    browser_options: BrowserOptions
    _tabs: dict[str, Tab]
    _watched: set[int]
    _scratch: Any
    _own_context: Any
    _start_options: BrowserOptions | None
    _revive_lock: asyncio.Lock

    if TYPE_CHECKING:
        def _forget(self, tab: Tab) -> None: ...
        async def _filter_requests(self) -> None: ...

    async def _reviving(self, make: Callable[[], Awaitable[T]]) -> tuple[T, str]:
        """``make()`` (a new page), started again in a fresh browser when it fails
        because the browser died a moment ago and Playwright had not said so yet."""
        try:
            return await make(), ""
        except Exception:
            if not await self._went_away():
                raise
        note = await self._revived()
        return await make(), note

    async def _went_away(self, within: float = NOTICE_WITHIN) -> bool:
        """Whether the browser turns out to be gone within ``within`` seconds."""
        end = time.monotonic() + within
        while not self.browser_gone:
            if time.monotonic() >= end:
                return False
            await asyncio.sleep(0.05)
        return True

    @property
    def browser_gone(self) -> bool:
        """Whether the browser this session drives has disconnected."""
        return self.browser is not None and not getattr(self.browser, "connected", True)

    async def _revived(self) -> str:
        """Relaunch if the browser is gone; the sentence to add to the answer, or ""."""
        if not self.browser_gone:
            return ""
        async with self._revive_lock:
            return await self._relaunch() if self.browser_gone else ""

    async def _relaunch(self) -> str:
        if self._start_options is None:
            raise BrowserError("The browser of this page stopped (it was killed or crashed), "
                               "and domdex did not start it, so it cannot start it again.")
        logger.warning("the browser disconnected; starting a fresh one")
        old = self.browser
        for tab in list(self._tabs.values()):
            self._forget(tab)
        self._watched.clear()
        self._scratch = self._own_context = None
        with contextlib.suppress(Exception):  # what is left of it: pipes, the driver
            await asyncio.wait_for(old.close(), CLOSE_DEADLINE)
        browser, own_context = await backend.launch(self._start_options)
        self.browser, self._own_context = browser, own_context
        self.browser_options = getattr(browser, "options", self._start_options)
        if self.options.urls.filters_requests:
            await self._filter_requests()
        return RESTARTED
