"""The session's tabs: one per Playwright page it drives, popups included.

:class:`TabRegistry` knows which tabs are open, which one is current, and makes a tab of
every page that appears: a new tab, a popup a page opens, a tab already open in a browser
reached over CDP. What a tab remembers is the tab's own (:class:`~domdex.session.tab.Tab`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterator
from typing import TYPE_CHECKING, Any, NamedTuple

from ..capture.deadline import with_deadline
from ..capture.devtools import page_targets
from ..errors import BrowserError
from . import backend
from .intents import IntentCache
from .messages import GONE
from .results import TabInfo
from .tab import Tab

if TYPE_CHECKING:
    from .dialogs import DialogPolicy
    from .options import SessionOptions
    from .revive import BrowserLink

__all__ = ["TabRegistry"]

#: How long a window an action opened may take to become a tab.
_ADOPTION_DEADLINE = 5.0


class Windows(NamedTuple):
    """The windows before an action: Playwright's count of pages it reported, and the
    browser's own page targets in the tab's context (None where it did not say)."""

    seen: int
    targets: frozenset[str] | None


#: Pages of a browser reached over CDP that are the browser's own, not web pages.
_INTERNAL = ("chrome://", "devtools://", "chrome-extension://", "chrome-untrusted://")


class TabRegistry:
    """The open tabs, the current one, and the adoption of new pages as tabs.

    ``link``: the browser (a tab is opened in its context; over CDP its open tabs are
    adopted); ``dialogs`` answers every tab's dialogs; ``on_download`` is told of every
    download a tab starts; ``follow_popups``: a page a tab opens becomes a tab (and the
    current one).
    """

    def __init__(self, link: BrowserLink, options: SessionOptions, dialogs: DialogPolicy,
                 on_download: Callable[[Tab, Any], Awaitable[None]], *,
                 follow_popups: bool) -> None:
        self.link = link
        self.options = options
        self.dialogs = dialogs
        self.on_download = on_download
        self.follow_popups = follow_popups
        self._tabs: dict[str, Tab] = {}
        self._by_pw: dict[int, Tab] = {}
        self.current_id: str | None = None
        self._next_id = 1
        self._watched: set[int] = set()
        self._pending: set[asyncio.Task[Any]] = set()
        self._pages_seen = 0  # pages Playwright has reported, to count arrivals by
        self._private: list[Any] = []  # contexts of the session's own (a scratch page)

    # Looking tabs up -----------------------------------------------------------------
    def __iter__(self) -> Iterator[Tab]:
        return iter(list(self._tabs.values()))

    def __len__(self) -> int:
        return len(self._tabs)

    def ids(self) -> list[str]:
        return list(self._tabs)

    def infos(self) -> list[TabInfo]:
        return [TabInfo(t.id, t.pw.url, "", t.id == self.current_id) for t in self]

    async def listing(self) -> list[TabInfo]:
        """Open tabs with their titles, the current one marked."""
        await self.adoptions()
        out = []
        for t in self:
            try:
                title = await with_deadline(t.pw.title(), 2.0, t.pw.url, "title")
            except Exception:  # navigating (no title yet), or not answering
                title = ""
            out.append(TabInfo(t.id, t.pw.url, title, t.id == self.current_id))
        return out

    @property
    def current(self) -> Tab:
        if self.current_id is None or self.current_id not in self._tabs:
            if self.link.gone:
                raise BrowserError(GONE)
            raise BrowserError("No tab is open. Open a page first (open URL).")
        return self._tabs[self.current_id]

    def get(self, tab_id: str | None = None) -> Tab:
        """A tab by id (``t2``), or the current one."""
        if tab_id is None:
            return self.current
        key = tab_id.strip().lower()
        if not key.startswith("t"):
            key = "t" + key
        if key not in self._tabs:
            ids = ", ".join(self._tabs) or "none"
            raise BrowserError(f"No tab {tab_id!r}. Open tabs: {ids}.")
        return self._tabs[key]

    def of_page(self, page: Any) -> Tab | None:
        """The tab showing the domdex page ``page``, if any."""
        return next((t for t in self._tabs.values() if t.page is page), None)

    def context(self) -> Any:
        """The browser context a new tab opens in."""
        if self._tabs:
            return self.current.pw.context
        ctx = self.link.context
        if ctx is None:
            raise BrowserError("The browser has no context to open a tab in.")
        return ctx

    # Switching and closing ----------------------------------------------------------
    async def switch(self, tab_id: str | None) -> Tab:
        if not tab_id or not tab_id.strip():  # "switch" alone would switch to where it is
            ids = ", ".join(self._tabs) or "none"
            raise BrowserError(f"Switching tabs needs a tab id. Open tabs: {ids}.")
        tab = self.get(tab_id)
        self.current_id = tab.id
        await with_deadline(tab.pw.bring_to_front(), 5.0, tab.pw.url, "bring to front")
        return tab

    async def close(self, tab_id: str | None = None) -> Tab:
        tab = self.get(tab_id)
        await tab.pw.close()
        self.forget(tab)
        return tab

    def forget(self, tab: Tab) -> None:
        self._tabs.pop(tab.id, None)
        self._by_pw.pop(id(tab.pw), None)
        if self.current_id == tab.id:
            self.current_id = next(reversed(self._tabs), None) if self._tabs else None

    def forget_all(self) -> None:
        """Every tab is gone (the session closes, or its browser died)."""
        for tab in list(self._tabs.values()):
            self.forget(tab)

    def reset(self) -> None:
        """The browser died: its tabs, contexts and the session's own pages in it are gone."""
        self.forget_all()
        self._watched.clear()
        self._private.clear()

    def keep_out(self, context: Any) -> None:
        """Pages of ``context`` (the session's own scratch pages) are never tabs."""
        self._private.append(context)

    # Adopting pages -------------------------------------------------------------------
    async def adopt(self, pw: Any, page: Any = None) -> Tab:
        """Register a Playwright page as a tab (once), watching its loads and dialogs."""
        found = self._by_pw.get(id(pw))
        if found is not None:
            return found
        if page is None:
            page = await backend.wrap(pw)
            found = self._by_pw.get(id(pw))  # adopted meanwhile (the context's page event)
            if found is not None:
                return found
        tab = Tab(f"t{self._next_id}", page,
                  IntentCache(self.options.intent_cache_size, self.options.intent_ttl),
                  status=getattr(page, "status", None))  # a page opened before adoption
        self._next_id += 1
        self._tabs[tab.id] = tab
        self._by_pw[id(pw)] = tab
        if self.current_id is None:
            self.current_id = tab.id
        pw.on("domcontentloaded", lambda _p: tab.loaded())
        pw.on("dialog", self.dialogs.handle)
        pw.on("close", lambda _p: self.forget(tab))
        # lambdas, not bound methods: Playwright marks a bound method's object, and a
        # Tab has slots
        pw.on("requestfailed", lambda request: tab.navigation_failed(request))
        pw.on("response", lambda response: tab.navigation_answered(response))
        tab.log.watch(pw)

        async def download(d: Any) -> None:
            await self.on_download(tab, d)
        pw.on("download", download)
        if self.follow_popups:
            self._watch_context(pw.context)
        return tab

    async def adopt_open_tabs(self) -> None:
        """Over CDP: the tabs already open in the user's browser become tabs here, the
        first one current, and tabs opened there later become tabs too (an agent
        connected to a browser means to drive what it shows, not a blank tab beside it).
        Browser-internal pages (``chrome://``, ``devtools://``) are left alone."""
        pw_browser = getattr(self.link.browser, "playwright_browser", None)
        own = self.link.own_context
        for context in list(getattr(pw_browser, "contexts", [])):
            if context is own:
                continue
            for pw in list(context.pages):
                if not pw.url.startswith(_INTERNAL):
                    await self.adopt(pw)
            self._watch_context(context)

    def _watch_context(self, context: Any) -> None:
        if id(context) in self._watched:
            return
        self._watched.add(id(context))

        async def on_page(pw: Any) -> None:
            self._pages_seen += 1
            if any(pw.context is c for c in self._private):
                return
            task = asyncio.current_task()
            if task is not None:
                self._pending.add(task)
            try:
                tab = await self.adopt(pw)
                self.current_id = tab.id  # a popup the agent opened is where it looks next
            finally:
                if task is not None:
                    self._pending.discard(task)
        context.on("page", on_page)

    async def windows(self, tab: Tab) -> Windows:
        """Where the windows stand before an action on ``tab``: what
        :meth:`adoptions` counts the windows it opened from."""
        return Windows(self._pages_seen, await page_targets(tab.pw)
                       if self.follow_popups else None)

    async def adoptions(self, tab: Tab | None = None, before: Windows | None = None) -> int:
        """Let popups opened by the last action become tabs before answering; returns
        how many windows it opened that are not tabs yet.

        With ``before`` (taken by :meth:`windows` on ``tab``), the browser says how many
        windows the action opened. Playwright reports a popup only once its first
        response has come, which a slow server (or a loaded machine) delays past any
        fixed pause: the action's answer would miss the tab, and the agent's current tab
        would change under it a moment later. So each is waited for, up to
        :data:`_ADOPTION_DEADLINE`. Without ``before``, or where the browser does not
        say, a short pause stands in.
        """
        opened = 0
        now = None
        if tab is not None and before is not None and before.targets is not None:
            now = await page_targets(tab.pw)
        if now is not None and before is not None and before.targets is not None:
            opened = len(now - before.targets)
        else:
            await asyncio.sleep(0.05)  # the context's "page" event follows the click
        loop = asyncio.get_running_loop()
        deadline = loop.time() + _ADOPTION_DEADLINE
        while before is not None and self._pages_seen - before.seen < opened \
                and loop.time() < deadline:
            await asyncio.sleep(0.02)
        pending = [t for t in self._pending if not t.done()]
        if pending:
            await asyncio.wait(pending, timeout=_ADOPTION_DEADLINE)
        return max(0, opened - (self._pages_seen - before.seen)) if before is not None \
            else 0
