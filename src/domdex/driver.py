"""Chromium through Playwright: launch, connect, attach, capture and locate.

The layer under every live face of domdex: the session (:mod:`domdex.session`) drives
:class:`LivePage` tabs in a :class:`LiveBrowser`, and :mod:`domdex.browser` builds its
public ``AsyncPage`` and ``AsyncBrowser`` on the same two classes. This module imports
neither of them (``tests/test_layers.py`` checks).

Refs resolve through a selector engine named ``domdex`` (``page.locator("domdex=e14")``)
that reads the in-page ref map capture keeps; :meth:`LivePage.locator` adds the
document id (``domdex=e14@<doc>``), so a ref can never act on an element of a later
document that happens to carry the same number.
"""

from __future__ import annotations

import logging
import os
import time
import weakref
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, Generic, TypeVar

from .capture import FrameRegistry, as_async, capture_page, engine_script
from .chromium import DEFAULT_VIEWPORT, LAUNCH_ARGS, find_chromium
from .errors import (
    BrowserError,
    ConfigError,
    DomdexError,
    RefError,
    StaleRefError,
    first_line,
)
from .navigation import check_html, navigation_error, resolve_url
from .options import BrowserOptions
from .snapshot import Snapshot, parse_ref, ref_frame

__all__ = [
    "DEFAULT_TIMEOUT",
    "ENGINE",
    "LiveBrowser",
    "LivePage",
    "attach",
    "connect",
    "ensure_engine_for",
    "launch",
    "launch_options",
    "on_own_playwright",
    "register_engine",
]

log = logging.getLogger("domdex")

P = TypeVar("P", bound="LivePage")
B = TypeVar("B", bound="LiveBrowser[Any]")

ENGINE = "domdex"
DEFAULT_TIMEOUT = 30.0  # seconds

# ---- the selector engine ---------------------------------------------------------------

_REGISTERED: weakref.WeakSet[Any] = weakref.WeakSet()


async def register_engine(selectors: Any) -> None:
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


async def ensure_engine_for(page: Any) -> None:
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
    await register_engine(Selectors(browser._browser_type._playwright.selectors))


# ---- a page -----------------------------------------------------------------------------

class LivePage:
    """One Playwright page that domdex captures and resolves refs in."""

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
        """
        return await self.take(incremental=incremental)

    async def snapshot(self) -> Snapshot:
        """The latest snapshot; captures one if there is none yet."""
        return self._snapshot if self._snapshot is not None else await self.take()

    async def take(self, *, incremental: bool = True) -> Snapshot:
        """A capture that becomes the latest snapshot, but not the user's view (what the
        session's own captures are: the agent sees them only through a view)."""
        if not self._engine_ready:
            await ensure_engine_for(self.playwright_page)
            self._engine_ready = True
        documents = self._documents
        snap = await capture_page(self.playwright_page, self._frames, incremental=incremental)
        # A capture made while the document was still loading sees its own
        # DOMContentLoaded later; that event must not make the capture stale.
        self._snapshot_documents = documents + (1 if snap.ready_state == "loading" else 0)
        self._snapshot = snap
        return snap

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


async def attach(page: P) -> P:
    """``page`` (over a Playwright page someone already has) with the selector engine
    registered on that page's Playwright."""
    await ensure_engine_for(page.playwright_page)
    page._engine_ready = True
    return page


# ---- a browser ----------------------------------------------------------------------------

class LiveBrowser(Generic[P]):
    """Chromium with one browser context; pages (``page_type``) open in it."""

    def __init__(self, playwright: Any, browser: Any, context: Any, *,
                 page_type: Callable[..., P], owns_browser: bool, owns_context: bool,
                 options: BrowserOptions | None = None, owns_playwright: bool = True) -> None:
        self.playwright = playwright
        #: False when the sync face runs on a sync Playwright it stops itself
        self._owns_playwright = owns_playwright
        #: None for a profile kept on disk (Playwright's persistent context has no
        #: browser object: closing the context closes Chromium)
        self.playwright_browser = browser
        self.context = context
        self.options = options or BrowserOptions()
        self._page_type = page_type
        self._context_closed = False
        context.on("close", self._on_context_close)
        self._owns_browser = owns_browser
        self._owns_context = owns_context
        self._pages: list[P] = []
        self._closed = False

    def _on_context_close(self, _context: Any) -> None:
        self._context_closed = True

    @property
    def connected(self) -> bool:
        """False once Chromium is gone (killed, crashed, closed) or its connection lost."""
        if self.playwright_browser is not None:
            return bool(self.playwright_browser.is_connected())
        return not self._context_closed

    async def new_page(self) -> P:
        try:
            pw_page = await self.context.new_page()
        except Exception as exc:  # Chromium checks some options only on the first page
            if "Invalid" in str(exc) and ("locale" in str(exc) or "timezone" in str(exc)):
                raise ConfigError(f"Chromium refused the browser options: {first_line(exc)}. "
                                  "Check --locale and --timezone.") from exc
            raise
        page = self._page_type(pw_page, owned=True)
        self._pages.append(page)
        return page

    async def open(self, target: str | os.PathLike[str], *, wait_until: str = "load",
                   timeout: float = DEFAULT_TIMEOUT) -> P:
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
            log.warning("could not save the trace to %s: %s", path, first_line(exc))


#: Makes a browser object of a launch or a connection: called as
#: ``make(playwright, browser, context, owns_browser=…, owns_context=…, options=…,
#: owns_playwright=…)``.
Make = Callable[..., B]


async def on_own_playwright(start: Callable[[Any], Awaitable[B]]) -> B:
    """``start(pw)`` on an async Playwright of its own, stopped again if it fails."""
    from playwright.async_api import async_playwright

    pw = await async_playwright().start()
    try:
        return await start(pw)
    except BaseException:
        await pw.stop()
        raise


def _viewport(viewport: tuple[int, int] | None) -> Any:
    """Playwright's ViewportSize (a TypedDict) for a (width, height) pair."""
    w, h = viewport or DEFAULT_VIEWPORT
    return {"width": int(w), "height": int(h)}


def launch_options(headless: bool, executable_path: str | None,
                   viewport: tuple[int, int] | None, args: Iterable[str],
                   options: BrowserOptions | None) -> BrowserOptions:
    if options is not None:
        return options.replace(executable_path=executable_path,
                               args=(*options.args, *args))
    return BrowserOptions(executable_path=executable_path, headless=headless,
                          args=tuple(args), viewport=viewport)


async def launch(pw: Any, opts: BrowserOptions, timeout: float, make: Make[B], *,
                 owns_playwright: bool = True) -> B:
    """Chromium launched through ``pw`` (async API), as ``make`` builds it."""
    await register_engine(pw.selectors)
    context_kw = opts.context_kwargs(pw.devices)
    browser, context = await _start(pw, opts, context_kw, timeout)
    if opts.save_trace:
        await context.tracing.start(screenshots=True, snapshots=True)
    return make(pw, browser, context, owns_browser=True, owns_context=True,
                options=opts, owns_playwright=owns_playwright)


async def _start(pw: Any, opts: BrowserOptions, context_kw: dict[str, Any],
                 timeout: float) -> tuple[Any, Any]:
    """Chromium and its context: a persistent one for a profile on disk, else a fresh
    context in a launched browser. Playwright's refusals become domdex errors."""
    executable = find_chromium(opts.executable_path, headless=opts.headless)
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
        raise ConfigError(f"Chromium refused the browser options: {first_line(exc)}. Check the "
                          "locale, timezone, permissions and storage state given.") from exc


def _launch_error(exc: BaseException, executable: str | None,
                  opts: BrowserOptions) -> DomdexError:
    first = first_line(exc)
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


async def connect(pw: Any, endpoint: str, viewport: tuple[int, int] | None, timeout: float,
                  make: Make[B], *, owns_playwright: bool = True) -> B:
    """The browser at ``endpoint`` (over CDP), reached through ``pw`` (async API), as
    ``make`` builds it."""
    try:
        browser = await pw.chromium.connect_over_cdp(endpoint, timeout=timeout * 1000)
        # After connecting: registering sends the engine to the contexts that exist.
        await register_engine(pw.selectors)
    except Exception as exc:
        raise BrowserError(
            f"Could not connect to a browser at {endpoint}: {first_line(exc)}. Check that "
            "Chromium runs with --remote-debugging-port and that the address is "
            "reachable.") from exc
    if browser.contexts:
        return make(pw, browser, browser.contexts[0], owns_browser=False,
                    owns_context=False, owns_playwright=owns_playwright)
    context = await browser.new_context(viewport=_viewport(viewport))
    return make(pw, browser, context, owns_browser=False, owns_context=True,
                owns_playwright=owns_playwright)
