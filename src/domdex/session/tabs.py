"""Tabs: one per Playwright page the session drives, popups included.

A tab remembers what the agent last saw in it (the capture behind its last view),
the intents behind the refs it was given, and which document it is on — everything a
ref is checked against before an action.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..capture.deadline import with_deadline
from ..errors import BrowserError
from . import backend
from .intents import IntentCache
from .messages import GONE
from .observe import TabLog
from .results import ActionResult, TabInfo

if TYPE_CHECKING:
    from ..index import PageIndex
    from ..indexed import IndexedPage
    from ..snapshot import Snapshot
    from .dialogs import DialogPolicy
    from .options import SessionOptions

__all__ = ["Tab", "TabsMixin"]

#: Pages of a browser reached over CDP that are the browser's own, not web pages.
_INTERNAL = ("chrome://", "devtools://", "chrome-extension://", "chrome-untrusted://")
#: Earlier views of a document kept to describe refs the agent got from them.
SEEN_VIEWS = 2


@dataclass(slots=True)
class Tab:
    """One tab: its page, what the agent last saw, and what its refs meant."""

    id: str
    page: Any  # domdex AsyncPage
    intents: IntentCache
    shown: PageIndex | None = None  # the capture behind the agent's last view
    shown_epoch: int = -1
    #: earlier views of the same document, newest first: the agent may hold their refs
    seen: deque[PageIndex] = field(default_factory=lambda: deque(maxlen=SEEN_VIEWS))
    #: ref -> (when, the capture of the last view that printed it): what the agent
    #: last saw it mean (a recycled node may mean another row in a later capture)
    printed: OrderedDict[str, tuple[float, PageIndex]] = field(default_factory=OrderedDict)
    latest: IndexedPage | None = None
    latest_epoch: int = -1
    #: a capture the user took through the page itself (``page.capture()``), newer than
    #: ``shown``: what the next diff compares with; indexed only then
    user_view: Snapshot | None = None
    epoch: int = 0  # bumped when the main frame loads a new document
    status: int | None = None
    latest_at: float = 0.0
    dirty: bool = True  # an action ran since the last capture: capture again
    nav_error: str | None = None  # why the last main-frame navigation failed
    log: TabLog = field(default_factory=TabLog)  # console messages and requests
    #: actions on this tab run one at a time (each captures, acts, settles, compares)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def pw(self) -> Any:
        return self.page.playwright_page


class TabsMixin:
    """Tab bookkeeping of :class:`~domdex.session.AsyncSession`."""

    browser: Any
    options: SessionOptions
    dialogs: DialogPolicy
    follow_popups: bool
    _tabs: dict[str, Tab]
    _by_pw: dict[int, Tab]
    _current: str | None
    _next_id: int
    _watched: set[int]
    _pending: set[asyncio.Task[Any]]
    _scratch: Any

    if TYPE_CHECKING:
        async def open(self, url: str, *, tab: str | None = None, new_tab: bool = False,
                       wait_until: str = "load") -> ActionResult: ...
        async def _on_download(self, tab: Tab, download: Any) -> None: ...
        async def _revived(self) -> str: ...
        async def _reviving(self, make: Any) -> tuple[Any, str]: ...

    def tabs(self) -> list[TabInfo]:
        return [TabInfo(t.id, t.pw.url, "", t.id == self._current)
                for t in list(self._tabs.values())]

    async def tab_list(self) -> list[TabInfo]:
        """Open tabs with their titles, the current one marked."""
        await self._adoptions()
        out = []
        for t in list(self._tabs.values()):
            try:
                title = await with_deadline(t.pw.title(), 2.0, t.pw.url, "title")
            except Exception:  # navigating (no title yet), or not answering
                title = ""
            out.append(TabInfo(t.id, t.pw.url, title, t.id == self._current))
        return out

    @property
    def current(self) -> Tab:
        if self._current is None or self._current not in self._tabs:
            if getattr(self, "browser_gone", False):
                raise BrowserError(GONE)
            raise BrowserError("No tab is open. Open a page first (open URL).")
        return self._tabs[self._current]

    def tab(self, tab_id: str | None = None) -> Tab:
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

    async def new_tab(self, url: str | None = None) -> ActionResult:
        """Open a new tab (and make it current), optionally loading ``url``."""
        revived = await self._revived()
        pw, again = await self._reviving(lambda: self._context().new_page())
        revived = revived or again
        tab = await self._adopt(pw)
        self._current = tab.id
        result = await self.open(url, tab=tab.id) if url else \
            ActionResult("new_tab", url=pw.url, message=f"TAB: {tab.id} is current.")
        if revived:
            result.message = "\n".join(filter(None, (revived, result.message)))
        return result

    async def switch_tab(self, tab_id: str) -> ActionResult:
        tab = self.tab(tab_id)
        self._current = tab.id
        await with_deadline(tab.pw.bring_to_front(), 5.0, tab.pw.url, "bring to front")
        return ActionResult("switch_tab", url=tab.pw.url, message=f"TAB: {tab.id} is current.")

    async def close_tab(self, tab_id: str | None = None) -> ActionResult:
        tab = self.tab(tab_id)
        await tab.pw.close()
        self._forget(tab)
        msg = f"TAB: {tab.id} closed. " + (f"{self._current} is current." if self._current
                                          else "No tab is open.")
        return ActionResult("close_tab", message=msg)

    def _context(self) -> Any:
        if self._tabs:
            return self.current.pw.context
        ctx = getattr(self.browser, "context", None)
        if ctx is None:
            raise BrowserError("The browser has no context to open a tab in.")
        return ctx

    async def _adopt(self, pw: Any, page: Any = None) -> Tab:
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
                  IntentCache(self.options.intent_cache_size, self.options.intent_ttl))
        self._next_id += 1
        self._tabs[tab.id] = tab
        self._by_pw[id(pw)] = tab
        if self._current is None:
            self._current = tab.id
        pw.on("domcontentloaded", lambda _p: self._loaded(tab))
        pw.on("dialog", self.dialogs.handle)
        pw.on("close", lambda _p: self._forget(tab))
        pw.on("requestfailed", lambda req: _navigation_failed(tab, req))
        pw.on("response", lambda resp: _navigation_status(tab, resp))
        tab.log.watch(pw)

        async def download(d: Any) -> None:
            await self._on_download(tab, d)
        pw.on("download", download)
        if self.follow_popups:
            self._watch_context(pw.context)
        return tab

    async def _adopt_open_tabs(self) -> None:
        """Over CDP: the tabs already open in the user's browser become tabs here, the
        first one current, and tabs opened there later become tabs too (an agent
        connected to a browser means to drive what it shows, not a blank tab beside it).
        Browser-internal pages (``chrome://``, ``devtools://``) are left alone."""
        pw_browser = getattr(self.browser, "playwright_browser", None)
        own = getattr(self, "_own_context", None)
        for context in list(getattr(pw_browser, "contexts", [])):
            if context is own:
                continue
            for pw in list(context.pages):
                if not pw.url.startswith(_INTERNAL):
                    await self._adopt(pw)
            self._watch_context(context)

    def _watch_context(self, context: Any) -> None:
        if id(context) in self._watched:
            return
        self._watched.add(id(context))

        async def on_page(pw: Any) -> None:
            if self._scratch is not None and pw.context is self._scratch:
                return
            task = asyncio.current_task()
            if task is not None:
                self._pending.add(task)
            try:
                tab = await self._adopt(pw)
                self._current = tab.id  # a popup the agent opened is where it looks next
            finally:
                if task is not None:
                    self._pending.discard(task)
        context.on("page", on_page)

    async def _adoptions(self) -> None:
        """Let popups opened by the last action become tabs before answering."""
        await asyncio.sleep(0.05)  # the context's "page" event follows the click
        pending = [t for t in self._pending if not t.done()]
        if pending:
            await asyncio.wait(pending, timeout=5)

    def _loaded(self, tab: Tab) -> None:
        tab.epoch += 1

    def _forget(self, tab: Tab) -> None:
        self._tabs.pop(tab.id, None)
        self._by_pw.pop(id(tab.pw), None)
        if self._current == tab.id:
            self._current = next(reversed(self._tabs), None) if self._tabs else None


def _main_navigation(tab: Tab, request: Any) -> bool:
    try:
        return bool(request.is_navigation_request()) and request.frame == tab.pw.main_frame
    except Exception:  # a request of a frame that is already gone
        return False


def _navigation_failed(tab: Tab, request: Any) -> None:
    """Remember why a main-frame navigation failed (unreachable host, refused …)."""
    if _main_navigation(tab, request):
        tab.nav_error = f"{request.url}: {request.failure or 'failed'}"


def _navigation_status(tab: Tab, response: Any) -> None:
    if _main_navigation(tab, response.request):
        tab.status = response.status
