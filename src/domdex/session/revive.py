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
from typing import Any, TypeVar

from ..errors import BrowserError
from ..options import BrowserOptions
from . import backend

logger = logging.getLogger("domdex")

__all__ = ["BrowserLink"]

RESTARTED = ("BROWSER: the browser had stopped (killed or crashed); domdex started a fresh "
             "one with the same options. Tabs and refs from before are gone, and logins "
             "that lived only in memory.")
#: Seconds the remains of a dead browser get to close before they are dropped.
CLOSE_DEADLINE = 10.0
#: Seconds Playwright may take to notice that the browser died.
NOTICE_WITHIN = 3.0
T = TypeVar("T")


class BrowserLink:
    """The browser a session drives, how it was started, and starting it again after it
    died. The rest of the session reaches the browser through this link, so a fresh
    browser replaces the dead one everywhere at once.

    ``lost`` is called when a dead browser is given up (the session forgets its tabs and
    everything kept in the old browser), ``started`` once a fresh one runs (the session
    routes its requests through the URL policy again).
    """

    def __init__(self, browser: Any, *, lost: Callable[[], None],
                 started: Callable[[], Awaitable[None]]) -> None:
        self.browser = browser
        #: how the browser was started (profile, device, output dir …)
        self.options: BrowserOptions = getattr(browser, "options", None) or BrowserOptions()
        #: a context the session made in the browser (over CDP), closed with it
        self.own_context: Any = None
        #: what the browser was started with: a dead one is started again from it
        self.start_options: BrowserOptions | None = None
        self._lost = lost
        self._started = started
        self._lock = asyncio.Lock()

    def launched(self, options: BrowserOptions, own_context: Any) -> None:
        """The session launched (or connected to) its browser itself, with ``options``:
        it may start it again."""
        self.start_options, self.own_context = options, own_context

    @property
    def context(self) -> Any:
        """The browser's own context (None for a page the caller owns)."""
        return getattr(self.browser, "context", None)

    async def close(self) -> None:
        """Close the context the session made, then the browser (over CDP: disconnect)."""
        if self.own_context is not None:
            await self.own_context.close()
        self.own_context = None
        closer = getattr(self.browser, "close", None) if self.browser is not None else None
        if closer is not None:
            await closer()

    async def reviving(self, make: Callable[[], Awaitable[T]]) -> tuple[T, str]:
        """``make()`` (a new page), started again in a fresh browser when it fails
        because the browser died a moment ago and Playwright had not said so yet."""
        try:
            return await make(), ""
        except Exception:
            if not await self._went_away():
                raise
        note = await self.revived()
        return await make(), note

    async def _went_away(self, within: float = NOTICE_WITHIN) -> bool:
        """Whether the browser turns out to be gone within ``within`` seconds."""
        end = time.monotonic() + within
        while not self.gone:
            if time.monotonic() >= end:
                return False
            await asyncio.sleep(0.05)
        return True

    @property
    def gone(self) -> bool:
        """Whether the browser this session drives has disconnected."""
        return self.browser is not None and not getattr(self.browser, "connected", True)

    async def revived(self) -> str:
        """Relaunch if the browser is gone; the sentence to add to the answer, or ""."""
        if not self.gone:
            return ""
        async with self._lock:
            return await self._relaunch() if self.gone else ""

    async def _relaunch(self) -> str:
        if self.start_options is None:
            raise BrowserError("The browser of this page stopped (it was killed or crashed), "
                               "and domdex did not start it, so it cannot start it again.")
        logger.warning("the browser disconnected; starting a fresh one")
        old = self.browser
        self._lost()
        self.own_context = None
        with contextlib.suppress(Exception):  # what is left of it: pipes, the driver
            await asyncio.wait_for(old.close(), CLOSE_DEADLINE)
        browser, own_context = await backend.launch(self.start_options)
        self.browser, self.own_context = browser, own_context
        self.options = getattr(browser, "options", self.start_options)
        await self._started()
        return RESTARTED
