"""Live pages: launch, connect to or attach to Chromium and index what it shows.

The session is written once, async, over Playwright's async API (:class:`AsyncBrowser`,
:class:`AsyncPage`). Sync users get thin wrappers (:class:`Browser`, :class:`Page`) that
run that same async core through a *runner*, never a twin implementation:

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
  loop on a background thread instead (a portal, as starlette's TestClient does);
  Playwright objects handed back are then proxies whose calls block on the portal too.

Refs resolve through a selector engine named ``domdex`` (``page.locator("domdex=e14")``)
that reads the in-page ref map capture keeps; :meth:`AsyncPage.locator` adds the
document id (``domdex=e14@<doc>``), so a ref can never act on an element of a later
document that happens to carry the same number.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import os
import threading
import time
import weakref
from collections.abc import Coroutine, Iterable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from .capture import FrameRegistry, as_async, capture_page, engine_script
from .chromium import DEFAULT_VIEWPORT, LAUNCH_ARGS, find_chromium
from .errors import (
    BrowserError,
    ConfigError,
    DomdexError,
    RefError,
    StaleRefError,
)
from .navigation import check_html, navigation_error, resolve_url
from .options import BrowserOptions
from .session.pageapi import PageActions, SyncPageActions
from .snapshot import Snapshot, parse_ref, ref_frame

if TYPE_CHECKING:
    from .indexed import IndexedPage
    from .render.base import View
    from .render.find import FindResult
    from .render.grep import GrepResult
    from .render.read import ReadResult
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

log = logging.getLogger("domdex")

T = TypeVar("T")

ENGINE = "domdex"
DEFAULT_TIMEOUT = 30.0  # seconds


# ---- the selector engine ---------------------------------------------------------------

_REGISTERED: weakref.WeakSet[Any] = weakref.WeakSet()


async def _register_engine(selectors: Any) -> None:
    """Register the ``domdex`` engine once per Playwright instance (async Selectors)."""
    key = getattr(selectors, "_impl_obj", selectors)
    if key in _REGISTERED:
        return
    try:
        await selectors.register(ENGINE, script=engine_script())
    except Exception as exc:
        if "already registered" not in str(exc):
            raise
    _REGISTERED.add(key)


async def _ensure_engine_for(page: Any) -> None:
    """Register the engine on the Playwright instance behind a page we did not create.

    Playwright's public API has no way from a Page to its Playwright; the context's
    browser type knows it. Engines registered there reach existing contexts too.
    """
    from playwright.async_api import Selectors

    context = page.context._impl_obj
    browser = getattr(context, "_browser", None)
    if browser is None:
        raise BrowserError(
            "Cannot attach domdex to this page: its context has no browser (a persistent "
            "context). Register the selector engine with "
            "playwright.selectors.register('domdex', script=domdex.capture.engine_script()) "
            "before creating the context.")
    await _register_engine(Selectors(browser._browser_type._playwright.selectors))


# ---- the async core ---------------------------------------------------------------------

class AsyncPage(PageActions):
    """A live page: capture, index and refs over one Playwright page."""

    def __init__(self, playwright_page: Any, *, owned: bool = False) -> None:
        self.playwright_page = as_async(playwright_page)
        self._owned = owned
        self._frames = FrameRegistry()
        self._snapshot: Snapshot | None = None
        self._engine_ready = False
        self._documents = 0  # DOMContentLoaded events of the main frame seen
        self._snapshot_documents = 0
        #: the HTTP status of the last goto (None: no HTTP response, such as a file)
        self.status: int | None = None
        self.playwright_page.on("domcontentloaded", self._on_document)

    def _on_document(self, *_: Any) -> None:
        self._documents += 1

    @property
    def url(self) -> str:
        return str(self.playwright_page.url)

    async def goto(self, target: str | os.PathLike[str], *, wait_until: str = "load",
                   timeout: float = DEFAULT_TIMEOUT) -> None:
        """Navigate; errors become :class:`NavigationError` sentences.

        A ``javascript:`` URL is refused before it runs (it is not a page to open).
        """
        from .policy import UrlPolicy

        if isinstance(target, str):
            UrlPolicy().check(target)
        url = resolve_url(target)
        try:
            response = await self.playwright_page.goto(url, wait_until=wait_until,
                                                       timeout=timeout * 1000)
        except Exception as exc:
            raise navigation_error(url, exc, timeout, wait_until) from exc
        check_html(url, response)
        self.status = response.status if response is not None else None
        self._snapshot = None

    async def capture(self, *, incremental: bool = True) -> Snapshot:
        """Capture the page now (every frame) and make it the latest snapshot.

        By default the page re-reads only what changed since this page's last capture
        (the result equals a full capture); ``incremental=False`` forces a full pass.
        The capture is the user's latest view of the page: :meth:`diff` compares with it.
        """
        snap = await self._take(incremental=incremental)
        self._looked_at(snap)
        return snap

    async def snapshot(self) -> Snapshot:
        """The latest snapshot; captures one if there is none yet. Like :meth:`capture`,
        it becomes the view :meth:`diff` compares with."""
        snap = self._snapshot if self._snapshot is not None else await self._take()
        self._looked_at(snap)
        return snap

    async def _take(self, *, incremental: bool = True) -> Snapshot:
        """A capture that becomes the latest snapshot, but not the user's view (what the
        session's own captures are: the agent sees them only through a view)."""
        if not self._engine_ready:
            await _ensure_engine_for(self.playwright_page)
            self._engine_ready = True
        documents = self._documents
        snap = await capture_page(self.playwright_page, self._frames, incremental=incremental)
        # A capture made while the document was still loading sees its own
        # DOMContentLoaded later; that event must not make the capture stale.
        self._snapshot_documents = documents + (1 if snap.ready_state == "loading" else 0)
        self._snapshot = snap
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

    def locator(self, ref: str) -> Any:
        """A Playwright Locator for a ref of the latest snapshot.

        Raises :class:`RefError` for a ref the snapshot does not have and
        :class:`StaleRefError` once the page has loaded another document.
        """
        ref = parse_ref(ref)
        snap = self._snapshot
        if snap is None:
            raise RefError(f"No capture yet, so {ref} means nothing: capture the page first.",
                           ref=ref)
        if self._documents > self._snapshot_documents:
            raise StaleRefError(
                f"The page changed (it loaded a new document) since {ref} was captured; "
                "capture again and use a fresh ref.", ref=ref)
        if snap.get(ref) is None:
            raise RefError(_unknown_ref_message(ref, snap), ref=ref)
        fid = ref_frame(ref)
        if not fid:
            return self.playwright_page.locator(f"{ENGINE}={ref}@{snap.document_id}")
        frame = self._frames.frame_for(fid)
        if frame is None:
            raise StaleRefError(f"The frame of {ref} ({fid}) is gone; capture again.", ref=ref)
        doc = self._frames.documents.get(fid, "")
        local = ref[len(fid):]
        return frame.locator(f"{ENGINE}={local}@{doc}" if doc else f"{ENGINE}={local}")

    async def read(self, scope: str | None = None, section: str | None = None, offset: int = 0,
                   query: str | None = None, limit: int = 3, max_tokens: int | None = None,
                   nocache: bool = False, *, store: KnowledgeStore | None = None) -> ReadResult:
        """The page's text by sections (see :func:`domdex.text.read.read`); a table's
        controls carry their refs (``Delete @e45``)."""
        session = await self.session()
        result: ReadResult = await session.read(
            scope=scope, section=section, offset=offset, query=query, limit=limit,
            max_tokens=max_tokens, nocache=nocache, store=store)
        return result

    async def close(self) -> None:
        """Close the Playwright page (also when domdex did not open it)."""
        await self.playwright_page.close()


def _unknown_ref_message(ref: str, snap: Snapshot) -> str:
    fid = ref_frame(ref)
    same = [n.ref for n in snap.nodes if n.frame == fid]
    if not same:
        return f"{ref} is not on this page: frame {fid or 'main'} has no captured elements."
    return (f"{ref} is not on this page (refs of this frame run from {same[0]} to "
            f"{same[-1]}); take refs from the latest capture.")


class AsyncBrowser:
    """Chromium with one browser context; pages open in it."""

    def __init__(self, playwright: Any, browser: Any, context: Any, *, owns_browser: bool,
                 owns_context: bool, options: BrowserOptions | None = None,
                 owns_playwright: bool = True) -> None:
        self.playwright = playwright
        #: False when the sync face runs on a sync Playwright it stops itself
        self._owns_playwright = owns_playwright
        #: None for a profile kept on disk (Playwright's persistent context has no
        #: browser object: closing the context closes Chromium)
        self.playwright_browser = browser
        self.context = context
        self.options = options or BrowserOptions()
        self._context_closed = False
        context.on("close", self._on_context_close)
        self._owns_browser = owns_browser
        self._owns_context = owns_context
        self._pages: list[AsyncPage] = []
        self._closed = False

    def _on_context_close(self, _context: Any) -> None:
        self._context_closed = True

    @property
    def connected(self) -> bool:
        """False once Chromium is gone (killed, crashed, closed) or its connection lost."""
        if self.playwright_browser is not None:
            return bool(self.playwright_browser.is_connected())
        return not self._context_closed

    async def new_page(self) -> AsyncPage:
        try:
            pw_page = await self.context.new_page()
        except Exception as exc:  # Chromium checks some options only on the first page
            if "Invalid" in str(exc) and ("locale" in str(exc) or "timezone" in str(exc)):
                raise ConfigError(f"Chromium refused the browser options: {_first(exc)}. "
                                  "Check --locale and --timezone.") from exc
            raise
        page = AsyncPage(pw_page, owned=True)
        self._pages.append(page)
        return page

    async def open(self, target: str | os.PathLike[str], *, wait_until: str = "load",
                   timeout: float = DEFAULT_TIMEOUT) -> AsyncPage:
        """Open a URL or a file in a new tab; the tab is closed again if it fails."""
        page = await self.new_page()
        try:
            await page.goto(target, wait_until=wait_until, timeout=timeout)
        except BaseException:
            self._pages.remove(page)
            await page.close()
            raise
        return page

    async def close(self) -> None:
        """Close what domdex opened: its tabs, its context, its browser, its Playwright.

        A browser reached over CDP is only disconnected from: it belongs to someone else.
        Closing twice is harmless.
        """
        if self._closed:
            return
        self._closed = True
        try:
            for page in self._pages:
                if not page.playwright_page.is_closed():
                    await page.close()
            if self.options.save_trace and self._owns_context:
                await self._save_trace()
            if self._owns_context:
                await self.context.close()
            if self.playwright_browser is not None and self.playwright_browser.is_connected():
                await self.playwright_browser.close()
        finally:
            if self._owns_playwright:
                await self.playwright.stop()

    async def _save_trace(self) -> None:
        path = self.options.output_path() / f"trace-{time.strftime('%Y%m%d-%H%M%S')}.zip"
        try:
            await self.context.tracing.stop(path=str(path))
            log.info("trace saved to %s", path)
        except Exception as exc:  # a closed context: nothing to save, close anyway
            log.warning("could not save the trace to %s: %s", path, _first(exc))

    async def __aenter__(self) -> AsyncBrowser:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()


def _viewport(viewport: tuple[int, int] | None) -> Any:
    """Playwright's ViewportSize (a TypedDict) for a (width, height) pair."""
    w, h = viewport or DEFAULT_VIEWPORT
    return {"width": int(w), "height": int(h)}


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
    from playwright.async_api import async_playwright

    opts = _launch_options(headless, executable_path, viewport, args, options)
    pw = await async_playwright().start()
    try:
        return await _launch_with(pw, opts, timeout)
    except BaseException:
        await pw.stop()
        raise


def _launch_options(headless: bool, executable_path: str | None,
                    viewport: tuple[int, int] | None, args: Iterable[str],
                    options: BrowserOptions | None) -> BrowserOptions:
    if options is not None:
        return options.replace(executable_path=executable_path,
                               args=(*options.args, *args))
    return BrowserOptions(executable_path=executable_path, headless=headless,
                          args=tuple(args), viewport=viewport)


async def _launch_with(pw: Any, opts: BrowserOptions, timeout: float, *,
                       owns_playwright: bool = True) -> AsyncBrowser:
    """Chromium launched through ``pw`` (async API), as an :class:`AsyncBrowser`."""
    await _register_engine(pw.selectors)
    context_kw = opts.context_kwargs(pw.devices)
    browser, context = await _start(pw, opts, context_kw, timeout)
    if opts.save_trace:
        await context.tracing.start(screenshots=True, snapshots=True)
    return AsyncBrowser(pw, browser, context, owns_browser=True, owns_context=True,
                        options=opts, owns_playwright=owns_playwright)


async def _start(pw: Any, opts: BrowserOptions, context_kw: dict[str, Any],
                 timeout: float) -> tuple[Any, Any]:
    """Chromium and its context: a persistent one for a profile on disk, else a fresh
    context in a launched browser. Playwright's refusals become domdex errors."""
    executable = find_chromium(opts.executable_path)
    launch_kw = {"executable_path": executable, "args": [*LAUNCH_ARGS, *opts.args],
                 "timeout": timeout * 1000, **opts.launch_kwargs()}
    if opts.user_data_dir:
        try:
            context = await pw.chromium.launch_persistent_context(
                opts.user_data_dir, **launch_kw, **context_kw)
        except Exception as exc:
            raise _launch_error(exc, executable, opts) from exc
        return None, context
    try:
        browser = await pw.chromium.launch(**launch_kw)
    except Exception as exc:
        raise _launch_error(exc, executable, opts) from exc
    try:
        return browser, await browser.new_context(**context_kw)
    except Exception as exc:
        await browser.close()
        raise ConfigError(f"Chromium refused the browser options: {_first(exc)}. Check the "
                          "locale, timezone, permissions and storage state given.") from exc


def _first(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]


def _launch_error(exc: BaseException, executable: str | None,
                  opts: BrowserOptions) -> DomdexError:
    first = _first(exc)
    text = str(exc)
    if opts.user_data_dir and ("ProcessSingleton" in text or "in use" in text
                               or "SingletonLock" in text):
        return ConfigError(f"The profile {opts.user_data_dir} is in use by another browser; "
                           "close that browser, or give another --user-data-dir.")
    if opts.proxy_server and "proxy" in text.lower():
        return ConfigError(f"Chromium refused the proxy {opts.proxy_server}: {first}. Check "
                           "--proxy-server (SCHEME://HOST:PORT).")
    return BrowserError(
        f"Could not start Chromium ({executable or 'Playwright default'}): {first}. "
        "Run `make setup`, or set DOMDEX_CHROMIUM to a Chromium executable.")


async def async_connect(endpoint: str, *, viewport: tuple[int, int] | None = DEFAULT_VIEWPORT,
                        timeout: float = DEFAULT_TIMEOUT) -> AsyncBrowser:
    """Connect to a running Chromium over CDP (``http://host:9222`` or ``ws://…``)."""
    from playwright.async_api import async_playwright

    pw = await async_playwright().start()
    try:
        return await _connect_with(pw, endpoint, viewport, timeout)
    except BaseException:
        await pw.stop()
        raise


async def _connect_with(pw: Any, endpoint: str, viewport: tuple[int, int] | None,
                        timeout: float, *, owns_playwright: bool = True) -> AsyncBrowser:
    """The browser at ``endpoint``, reached through ``pw`` (async API)."""
    try:
        browser = await pw.chromium.connect_over_cdp(endpoint, timeout=timeout * 1000)
        # After connecting: registering sends the engine to the contexts that exist.
        await _register_engine(pw.selectors)
    except Exception as exc:
        raise BrowserError(
            f"Could not connect to a browser at {endpoint}: {_first(exc)}. Check that "
            "Chromium runs with --remote-debugging-port and that the address is "
            "reachable.") from exc
    if browser.contexts:
        return AsyncBrowser(pw, browser, browser.contexts[0], owns_browser=False,
                            owns_context=False, owns_playwright=owns_playwright)
    context = await browser.new_context(viewport=_viewport(viewport))
    return AsyncBrowser(pw, browser, context, owns_browser=False, owns_context=True,
                        owns_playwright=owns_playwright)


async def async_attach(playwright_page: Any) -> AsyncPage:
    """The domdex page for an async Playwright page you already have."""
    page = AsyncPage(playwright_page)
    await _ensure_engine_for(page.playwright_page)
    page._engine_ready = True
    return page


# ---- the sync bridge ----------------------------------------------------------------------

class _Runner(Protocol):
    """Runs the async core for sync callers and makes Playwright objects usable."""

    def run(self, coro: Coroutine[Any, Any, T]) -> T: ...
    def wrap(self, obj: Any) -> Any: ...
    @property
    def closed(self) -> bool: ...
    def close(self) -> None: ...


class _Portal:
    """An event loop on a background thread that sync callers block on."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, name="domdex-portal",
                                        daemon=True)
        self._thread.start()

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        if threading.current_thread() is self._thread:
            coro.close()
            raise RuntimeError("A sync domdex call was made from inside its own event loop.")
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result()

    def call(self, fn: Any, *args: Any, **kwargs: Any) -> Any:
        """Call ``fn`` on the loop thread; await its result when it is awaitable."""
        async def invoke() -> Any:
            result = fn(*args, **kwargs)
            return await result if inspect.isawaitable(result) else result
        return self.run(invoke())

    def wrap(self, obj: Any) -> Any:
        from playwright._impl._async_base import AsyncBase

        if isinstance(obj, AsyncBase):
            return _Blocking(obj, self)
        if isinstance(obj, list):
            return [self.wrap(o) for o in obj]
        return obj

    @property
    def closed(self) -> bool:
        return self.loop.is_closed()

    def close(self) -> None:
        if self.loop.is_closed():
            return
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout=10)
        self.loop.close()


class _Blocking:
    """A blocking view of an async Playwright object, through the portal.

    ``page.locator("e14").click()`` works from sync code: every call runs on the
    portal's loop and returns once done; Playwright objects it returns are wrapped too.
    """

    __slots__ = ("_obj", "_portal")

    def __init__(self, obj: Any, portal: _Portal) -> None:
        object.__setattr__(self, "_obj", obj)
        object.__setattr__(self, "_portal", portal)

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._obj, name)
        if callable(value) and not inspect.isclass(value):
            def call(*args: Any, **kwargs: Any) -> Any:
                args = tuple(_unwrap(a) for a in args)
                kwargs = {k: _unwrap(v) for k, v in kwargs.items()}
                return self._portal.wrap(self._portal.call(value, *args, **kwargs))
            call.__name__ = name
            call.__doc__ = getattr(value, "__doc__", None)
            return call
        return self._portal.wrap(value)

    def __repr__(self) -> str:
        return f"<blocking {self._obj!r}>"


def _unwrap(value: Any) -> Any:
    """Blocking proxies passed back in (``evaluate(fn, [handle_a, handle_b])``) become
    the async objects they stand for, inside lists, tuples and dicts too."""
    if isinstance(value, _Blocking):
        return value._obj
    if isinstance(value, list | tuple):
        return type(value)(_unwrap(v) for v in value)
    if isinstance(value, dict):
        return {k: _unwrap(v) for k, v in value.items()}
    return value


class _SyncPlaywrightRunner:
    """Runs the async core on a sync Playwright object's own loop (its ``_sync``)."""

    def __init__(self, sync_obj: Any) -> None:
        self._sync_obj = sync_obj

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        result: T = self._sync_obj._sync(coro)
        return result

    def wrap(self, obj: Any) -> Any:
        from playwright import sync_api
        from playwright._impl._async_base import AsyncBase

        if isinstance(obj, AsyncBase):
            return getattr(sync_api, type(obj).__name__)(obj._impl_obj)
        if isinstance(obj, list):
            return [self.wrap(o) for o in obj]
        return obj

    @property
    def closed(self) -> bool:
        return False

    def close(self) -> None:
        """Nothing to stop: the Playwright belongs to whoever made the page."""


class _ThreadPlaywright(_SyncPlaywrightRunner):
    """The sync Playwright that :func:`launch` and :func:`connect` start in the calling
    thread, shared by every browser started there and stopped with the last of them.

    Sync Playwright marks its loop as running in its thread, so a second
    ``sync_playwright()`` there would refuse to start; sharing one lets a thread hold
    two domdex browsers.
    """

    _local = threading.local()

    def __init__(self, sync_playwright: Any) -> None:
        super().__init__(sync_playwright)
        self.users = 0

    @classmethod
    def current(cls) -> _ThreadPlaywright | None:
        """This thread's, while a browser uses it."""
        mine: _ThreadPlaywright | None = getattr(cls._local, "playwright", None)
        return mine

    @classmethod
    def acquire(cls) -> _ThreadPlaywright:
        mine = cls.current()
        if mine is None:
            from playwright.sync_api import sync_playwright

            mine = cls(sync_playwright().start())
            cls._local.playwright = mine
        mine.users += 1
        return mine

    def release(self) -> None:
        self.users -= 1
        if self.users == 0:
            self._local.playwright = None
            self._sync_obj.stop()

    @property
    def async_playwright(self) -> Any:
        """The same Playwright through the async API, for the async core."""
        return as_async(self._sync_obj)


class _Lease:
    """One browser's hold on its thread's :class:`_ThreadPlaywright`."""

    def __init__(self, shared: _ThreadPlaywright) -> None:
        self._shared = shared
        self._closed = False

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        return self._shared.run(coro)

    def wrap(self, obj: Any) -> Any:
        return self._shared.wrap(obj)

    @property
    def async_playwright(self) -> Any:
        return self._shared.async_playwright

    @property
    def closed(self) -> bool:
        return self._closed

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._shared.release()


class Page(SyncPageActions):
    """The sync face of :class:`AsyncPage`; every method runs the async core."""

    def __init__(self, async_page: AsyncPage, runner: _Runner) -> None:
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
             nocache: bool = False, *, store: KnowledgeStore | None = None) -> ReadResult:
        return self._runner.run(self._async.read(scope, section, offset, query, limit,
                                                 max_tokens, nocache, store=store))

    def close(self) -> None:
        self._runner.run(self._async.close())


class Browser:
    """The sync face of :class:`AsyncBrowser`: on this thread's sync Playwright, or on
    a background portal (see :func:`launch`)."""

    def __init__(self, async_browser: AsyncBrowser, runner: _Runner) -> None:
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
    mine = _ThreadPlaywright.current()
    return mine is None or loop is not mine._sync_obj._loop


def _on_portal(start: Coroutine[Any, Any, AsyncBrowser]) -> Browser:
    portal = _Portal()
    try:
        return Browser(portal.run(start), portal)
    except BaseException:
        portal.close()
        raise


def _in_this_thread(start: Any) -> Browser:
    """A sync browser on this thread's sync Playwright; ``start(pw)`` makes the
    AsyncBrowser from the async view of that Playwright."""
    lease = _Lease(_ThreadPlaywright.acquire())
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
    opts = _launch_options(headless, executable_path, viewport, args, options)
    if _in_background(background):
        return _on_portal(async_launch(options=opts, timeout=timeout))
    return _in_this_thread(lambda pw: _launch_with(pw, opts, timeout, owns_playwright=False))


def connect(endpoint: str, *, viewport: tuple[int, int] | None = DEFAULT_VIEWPORT,
            timeout: float = DEFAULT_TIMEOUT, background: bool | None = None) -> Browser:
    """Connect sync code to a running Chromium over CDP (``background``: see
    :func:`launch`).

    Playwright gives a selector engine to the browser's existing contexts (its tabs)
    only when the engine is registered after connecting, so a thread that already
    holds a domdex browser connects in the background.
    """
    if _ThreadPlaywright.current() is not None and not _in_background(background):
        if background is False:
            raise BrowserError(
                "This thread already runs a domdex browser, and a browser reached over "
                "CDP needs a Playwright of its own: connect with background=True, or "
                "close the other browser first.")
        background = True
    if _in_background(background):
        return _on_portal(async_connect(endpoint, viewport=viewport, timeout=timeout))
    return _in_this_thread(
        lambda pw: _connect_with(pw, endpoint, viewport, timeout, owns_playwright=False))


def attach(playwright_page: Any) -> Page | AsyncPage:
    """domdex on a Playwright page you already have.

    A sync-API page gives a :class:`Page` running on that page's own loop; an async-API
    page gives an :class:`AsyncPage` (its selector engine is registered on the first
    capture; ``await async_attach(page)`` registers it at once).
    """
    module = type(playwright_page).__module__
    if module.startswith("playwright.sync_api"):
        runner = _SyncPlaywrightRunner(playwright_page)
        page = AsyncPage(playwright_page)
        runner.run(_ensure_engine_for(page.playwright_page))
        page._engine_ready = True
        return Page(page, runner)
    if module.startswith("playwright.async_api"):
        return AsyncPage(playwright_page)
    raise TypeError(f"attach() takes a Playwright Page, not {type(playwright_page).__name__}.")
