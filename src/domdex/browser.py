"""Live pages for Python users: launch, connect to or attach to Chromium and index it.

:class:`AsyncPage` and :class:`AsyncBrowser` are the page and browser of
:mod:`domdex.driver` (capture, refs, launch, connect) with the views, ``find``,
``read`` and the actions on top; those go through a one-tab
:class:`~domdex.session.AsyncSession` kept on the page, so a ``Page`` answers as the MCP
server, the CLI and the HTTP API do. This module sits above the session; the session
stands on :mod:`domdex.driver` alone.

The session is written once, async, over Playwright's async API. Sync users get thin
wrappers (:class:`Browser`, :class:`Page`) that run that same async core through a
*runner*, never a twin implementation:

- :func:`launch` and :func:`connect` start sync Playwright in the calling thread (one
  per thread, shared by the browsers started there) and run the async core on its loop
  through its ``_sync`` bridge; the Playwright objects handed back
  (``page.playwright_page``, ``page.locator(ref)``) are real sync-API objects, so
  Playwright's ``expect`` takes them.
- :func:`attach` on a *sync* Playwright page does the same on that page's Playwright:
  sync Playwright objects belong to the greenlet and event loop that
  ``sync_playwright()`` made, and cannot be used from another thread.
- ``background=True`` (and the default where an event loop already runs, as in
  Jupyter, where sync Playwright cannot start) runs the async core on a private event
  loop on a background thread instead (anyio's blocking portal, as starlette's
  TestClient and :class:`domdex.Session` use); Playwright objects handed back are then
  proxies whose calls block on the portal too.

The runners are :mod:`domdex.bridge`'s.

Refs resolve through the ``domdex`` selector engine (see :mod:`domdex.driver`).
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Coroutine, Iterable
from typing import TYPE_CHECKING, Any

from . import driver
from .bridge import Lease, Portal, Runner, SyncPlaywrightRunner, ThreadPlaywright
from .chromium import DEFAULT_VIEWPORT
from .driver import DEFAULT_TIMEOUT, LiveBrowser, LivePage
from .errors import BrowserError
from .options import BrowserOptions
from .session.pageapi import PageActions, SyncPageActions
from .snapshot import Snapshot

if TYPE_CHECKING:
    from .indexed import IndexedPage
    from .render.base import View
    from .render.find import FindResult
    from .render.grep import GrepResult
    from .render.read import ReadResult
    from .text.relevance import Embedder
    from .text.store import KnowledgeStore

__all__ = [
    "AsyncBrowser",
    "AsyncPage",
    "Browser",
    "Page",
    "async_attach",
    "async_connect",
    "async_launch",
    "attach",
    "connect",
    "launch",
]


# ---- the async core ---------------------------------------------------------------------

class AsyncPage(LivePage, PageActions):
    """A live page: capture, index and refs over one Playwright page."""

    async def capture(self, *, incremental: bool = True) -> Snapshot:
        """Capture the page now (every frame) and make it the latest snapshot.

        By default the page re-reads only what changed since this page's last capture
        (the result equals a full capture); ``incremental=False`` forces a full pass.
        The capture is the user's latest view of the page: :meth:`diff` compares with it.
        """
        snap = await super().capture(incremental=incremental)
        self._looked_at(snap)
        return snap

    async def snapshot(self) -> Snapshot:
        """The latest snapshot; captures one if there is none yet. Like :meth:`capture`,
        it becomes the view :meth:`diff` compares with."""
        snap = await super().snapshot()
        self._looked_at(snap)
        return snap

    async def index(self) -> IndexedPage:
        """The PageIndex of the page as it is now, through the page's session.

        The page is captured again only when it changed since the last capture (the
        session's change tracker knows), so a view after the page was driven with
        Playwright directly is not stale. Its refs become the ones actions accept, and
        the ones stale-ref recovery re-matches: views, find and actions on a ``Page``
        take the same path as in the MCP server, the CLI and the HTTP API.
        """
        session = await self.session()
        return await session.index()

    async def overview(self, max_tokens: int | None = None) -> View:
        return (await self.index()).overview(max_tokens=max_tokens)

    async def regions(self, max_tokens: int | None = None) -> View:
        return (await self.index()).regions_view(max_tokens=max_tokens)

    async def expand(self, region: str, max_tokens: int | None = None) -> View:
        return (await self.index()).expand(region, max_tokens=max_tokens)

    async def context(self, ref: str, max_tokens: int | None = None) -> View:
        session = await self.session()
        view: View = await session.context(ref, max_tokens=max_tokens)
        return view

    async def grep(self, pattern: str, **options: Any) -> GrepResult:
        """Elements matching ``pattern`` by region (see :func:`domdex.grep`)."""
        session = await self.session()
        result: GrepResult = await session.grep(pattern, **options)
        return result

    async def find(self, query: str, **options: Any) -> FindResult:
        """The element ``query`` means, with look-alikes (see :func:`domdex.find`); the
        matches are remembered for stale-ref recovery."""
        session = await self.session()
        result: FindResult = await session.find(query, **options)
        return result

    async def read(self, scope: str | None = None, section: str | None = None, offset: int = 0,
                   query: str | None = None, limit: int = 3, max_tokens: int | None = None,
                   nocache: bool = False, *, store: KnowledgeStore | None = None,
                   embedder: Embedder | str | None = None) -> ReadResult:
        """The page's text by sections (see :func:`domdex.text.read.read`); a table's
        controls carry their refs (``Delete @e45``). ``embedder`` ranks the sections for
        ``query``: an object, or ``"hashing"`` / ``"minilm"`` (default: the store's, else
        the built-in hashing embedder)."""
        session = await self.session()
        result: ReadResult = await session.read(
            scope=scope, section=section, offset=offset, query=query, limit=limit,
            max_tokens=max_tokens, nocache=nocache, store=store, embedder=embedder)
        return result

class AsyncBrowser(LiveBrowser[AsyncPage]):
    """Chromium with one browser context; pages open in it."""

    def __init__(self, playwright: Any, browser: Any, context: Any, *, owns_browser: bool,
                 owns_context: bool, options: BrowserOptions | None = None,
                 owns_playwright: bool = True) -> None:
        super().__init__(playwright, browser, context, page_type=AsyncPage,
                         owns_browser=owns_browser, owns_context=owns_context,
                         options=options, owns_playwright=owns_playwright)

    async def __aenter__(self) -> AsyncBrowser:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()


async def async_launch(*, headless: bool = True, executable_path: str | None = None,
                       viewport: tuple[int, int] | None = DEFAULT_VIEWPORT,
                       args: Iterable[str] = (), timeout: float = DEFAULT_TIMEOUT,
                       options: BrowserOptions | None = None) -> AsyncBrowser:
    """Launch Chromium (``executable_path``, ``DOMDEX_CHROMIUM`` or Debian's).

    ``options`` (:class:`~domdex.options.BrowserOptions`) chooses the profile (kept on
    disk, or isolated with a saved storage state), the device, locale, proxy and the
    rest; with it, ``headless`` and ``viewport`` come from it and ``executable_path``
    and ``args`` are added to it. Raises :class:`ConfigError` for an option Chromium
    or Playwright refuses, :class:`BrowserError` when Chromium does not start.
    """
    opts = driver.launch_options(headless, executable_path, viewport, args, options)
    return await driver.on_own_playwright(
        lambda pw: driver.launch(pw, opts, timeout, AsyncBrowser))


async def async_connect(endpoint: str, *, viewport: tuple[int, int] | None = DEFAULT_VIEWPORT,
                        timeout: float = DEFAULT_TIMEOUT) -> AsyncBrowser:
    """Connect to a running Chromium over CDP (``http://host:9222`` or ``ws://…``)."""
    return await driver.on_own_playwright(
        lambda pw: driver.connect(pw, endpoint, viewport, timeout, AsyncBrowser))


async def async_attach(playwright_page: Any) -> AsyncPage:
    """The domdex page for an async Playwright page you already have."""
    return await driver.attach(AsyncPage(playwright_page))


# ---- the sync faces ----------------------------------------------------------------------

class Page(SyncPageActions):
    """The sync face of :class:`AsyncPage`; every method runs the async core."""

    _async: AsyncPage

    def __init__(self, async_page: AsyncPage, runner: Runner) -> None:
        self._async = async_page
        self._runner = runner

    @property
    def async_page(self) -> AsyncPage:
        return self._async

    @property
    def playwright_page(self) -> Any:
        return self._runner.wrap(self._async.playwright_page)

    @property
    def url(self) -> str:
        return self._async.url

    @property
    def status(self) -> int | None:
        """The HTTP status of the last goto (None without an HTTP response)."""
        return self._async.status

    def goto(self, target: str | os.PathLike[str], *, wait_until: str = "load",
             timeout: float = DEFAULT_TIMEOUT) -> None:
        self._runner.run(self._async.goto(target, wait_until=wait_until, timeout=timeout))

    def capture(self, *, incremental: bool = True) -> Snapshot:
        return self._runner.run(self._async.capture(incremental=incremental))

    def snapshot(self) -> Snapshot:
        return self._runner.run(self._async.snapshot())

    def index(self) -> IndexedPage:
        return self._runner.run(self._async.index())

    def overview(self, max_tokens: int | None = None) -> View:
        return self._runner.run(self._async.overview(max_tokens))

    def regions(self, max_tokens: int | None = None) -> View:
        return self._runner.run(self._async.regions(max_tokens))

    def expand(self, region: str, max_tokens: int | None = None) -> View:
        return self._runner.run(self._async.expand(region, max_tokens))

    def context(self, ref: str, max_tokens: int | None = None) -> View:
        return self._runner.run(self._async.context(ref, max_tokens))

    def grep(self, pattern: str, **options: Any) -> GrepResult:
        return self._runner.run(self._async.grep(pattern, **options))

    def find(self, query: str, **options: Any) -> FindResult:
        return self._runner.run(self._async.find(query, **options))

    def locator(self, ref: str) -> Any:
        return self._runner.wrap(self._async.locator(ref))

    def read(self, scope: str | None = None, section: str | None = None, offset: int = 0,
             query: str | None = None, limit: int = 3, max_tokens: int | None = None,
             nocache: bool = False, *, store: KnowledgeStore | None = None,
             embedder: Embedder | str | None = None) -> ReadResult:
        return self._runner.run(self._async.read(scope, section, offset, query, limit,
                                                 max_tokens, nocache, store=store,
                                                 embedder=embedder))

    def close(self) -> None:
        self._runner.run(self._async.close())


class Browser:
    """The sync face of :class:`AsyncBrowser`: on this thread's sync Playwright, or on
    a background portal (see :func:`launch`)."""

    def __init__(self, async_browser: AsyncBrowser, runner: Runner) -> None:
        self._async = async_browser
        self._runner = runner

    @property
    def async_browser(self) -> AsyncBrowser:
        return self._async

    @property
    def playwright_browser(self) -> Any:
        return self._runner.wrap(self._async.playwright_browser)

    @property
    def context(self) -> Any:
        """The Playwright BrowserContext the pages open in."""
        return self._runner.wrap(self._async.context)

    def new_page(self) -> Page:
        return Page(self._runner.run(self._async.new_page()), self._runner)

    def open(self, target: str | os.PathLike[str], *, wait_until: str = "load",
             timeout: float = DEFAULT_TIMEOUT) -> Page:
        page = self._runner.run(self._async.open(target, wait_until=wait_until,
                                                 timeout=timeout))
        return Page(page, self._runner)

    def close(self) -> None:
        if self._runner.closed:
            return
        try:
            self._runner.run(self._async.close())
        finally:
            self._runner.close()

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _in_background(background: bool | None) -> bool:
    """Whether a sync browser runs on a portal thread rather than this thread's sync
    Playwright: asked for, or needed because an event loop other than domdex's own
    sync Playwright runs here (Jupyter, async code), where sync Playwright cannot."""
    if background is not None:
        return background
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return False
    mine = ThreadPlaywright.current()
    return mine is None or loop is not mine._sync_obj._loop


def _on_portal(start: Coroutine[Any, Any, AsyncBrowser]) -> Browser:
    portal = Portal()
    try:
        return Browser(portal.run(start), portal)
    except BaseException:
        portal.close()
        raise


def _in_this_thread(start: Any) -> Browser:
    """A sync browser on this thread's sync Playwright; ``start(pw)`` makes the
    AsyncBrowser from the async view of that Playwright."""
    lease = Lease(ThreadPlaywright.acquire())
    try:
        return Browser(lease.run(start(lease.async_playwright)), lease)
    except BaseException:
        lease.close()
        raise


def launch(*, headless: bool = True, executable_path: str | None = None,
           viewport: tuple[int, int] | None = DEFAULT_VIEWPORT, args: Iterable[str] = (),
           timeout: float = DEFAULT_TIMEOUT, options: BrowserOptions | None = None,
           background: bool | None = None) -> Browser:
    """Launch headless Chromium for sync code: ``with domdex.launch() as browser: …``
    (``options``: see :func:`async_launch`).

    By default the browser runs on sync Playwright in this thread, as
    ``sync_playwright()`` would, and the Playwright objects it hands back
    (``page.playwright_page``, ``page.locator(ref)``) are Playwright's own, so
    ``expect(page.locator(ref)).to_have_value(…)`` works. Like any sync Playwright it
    is then used from this thread only, and ``asyncio.run`` cannot run in this thread
    while it is open. ``background=True`` runs it on a thread of its own instead
    (usable from any thread, beside asyncio code; Playwright objects are then blocking
    proxies, which ``expect`` does not take); that is the default when an event loop
    already runs in this thread (Jupyter), where sync Playwright cannot start.
    """
    opts = driver.launch_options(headless, executable_path, viewport, args, options)
    if _in_background(background):
        return _on_portal(async_launch(options=opts, timeout=timeout))
    return _in_this_thread(lambda pw: driver.launch(pw, opts, timeout, AsyncBrowser,
                                                    owns_playwright=False))


def connect(endpoint: str, *, viewport: tuple[int, int] | None = DEFAULT_VIEWPORT,
            timeout: float = DEFAULT_TIMEOUT, background: bool | None = None) -> Browser:
    """Connect sync code to a running Chromium over CDP (``background``: see
    :func:`launch`).

    Playwright gives a selector engine to the browser's existing contexts (its tabs)
    only when the engine is registered after connecting, so a thread that already
    holds a domdex browser connects in the background.
    """
    if ThreadPlaywright.current() is not None and not _in_background(background):
        if background is False:
            raise BrowserError(
                "This thread already runs a domdex browser, and a browser reached over "
                "CDP needs a Playwright of its own: connect with background=True, or "
                "close the other browser first.")
        background = True
    if _in_background(background):
        return _on_portal(async_connect(endpoint, viewport=viewport, timeout=timeout))
    return _in_this_thread(
        lambda pw: driver.connect(pw, endpoint, viewport, timeout, AsyncBrowser,
                                  owns_playwright=False))


def attach(playwright_page: Any) -> Page | AsyncPage:
    """domdex on a Playwright page you already have.

    A sync-API page gives a :class:`Page` running on that page's own loop; an async-API
    page gives an :class:`AsyncPage` (its selector engine is registered on the first
    capture; ``await async_attach(page)`` registers it at once).
    """
    module = type(playwright_page).__module__
    if module.startswith("playwright.sync_api"):
        runner = SyncPlaywrightRunner(playwright_page)
        page = runner.run(driver.attach(AsyncPage(playwright_page)))
        return Page(page, runner)
    if module.startswith("playwright.async_api"):
        return AsyncPage(playwright_page)
    raise TypeError(f"attach() takes a Playwright Page, not {type(playwright_page).__name__}.")
