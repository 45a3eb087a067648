"""The seam between the session and the browser layer below it (:mod:`domdex.driver`).

The session needs four things from a live page: capture it, resolve a ref to a
Playwright locator, launch or connect a browser, and wrap a new Playwright page (a
popup, a new tab). Keeping them here means the rest of the session reads as what it
does, not how the browser layer spells it.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from .. import driver
from ..chromium import DEFAULT_VIEWPORT
from ..driver import DEFAULT_TIMEOUT, LiveBrowser, LivePage
from ..errors import ConfigError, DomdexError, RefError, first_line
from ..options import BrowserOptions
from ..snapshot import Snapshot

__all__ = ["capture", "frames", "launch", "locator", "wrap"]

#: The browser objects a session drives: its tabs are plain :class:`LivePage` objects.
_make = partial(LiveBrowser, page_type=LivePage)


async def launch(options: BrowserOptions) -> tuple[LiveBrowser[LivePage], Any | None]:
    """A browser (launched, or connected over CDP) and a context the session owns, if it
    made one.

    Over CDP the session works in a context of its own: the remote browser's default
    context is shared with whoever else drives it, and the selector engine reaches only
    contexts Playwright created. The session closes that context when it closes; the
    options' device, locale, storage state … apply to it.
    """
    if options.cdp:
        endpoint = options.cdp
        b = await driver.on_own_playwright(lambda pw: driver.connect(
            pw, endpoint, DEFAULT_VIEWPORT, DEFAULT_TIMEOUT, _make))
        try:
            b.context = await b.playwright_browser.new_context(
                **options.context_kwargs(b.playwright.devices))
        except Exception as exc:
            await b.close()
            if isinstance(exc, DomdexError):
                raise
            raise ConfigError(f"The browser at {options.cdp} refused the options: "
                              f"{first_line(exc)}.") from exc
        b.options = options
        return b, b.context
    opts = driver.launch_options(True, None, DEFAULT_VIEWPORT, (), options)
    return await driver.on_own_playwright(lambda pw: driver.launch(
        pw, opts, DEFAULT_TIMEOUT, _make)), None


async def wrap(pw_page: Any) -> LivePage:
    """The live page for a Playwright page (a new tab or popup)."""
    return await driver.attach(LivePage(pw_page))


async def capture(page: LivePage) -> Snapshot:
    """A fresh capture of the live page (all frames); it becomes the page's latest, but
    not the view a diff compares with (that is the one the agent was shown)."""
    return await page.take()


def frames(pw_page: Any) -> list[Any]:
    """The page's frames as async-API objects, even when a sync-API user touched them
    first (Playwright then hands back its cached sync wrappers, which would block the
    session's event loop)."""
    from ..capture import as_async

    return [as_async(f) for f in pw_page.frames]


def locator(page: LivePage, ref: str) -> Any | None:
    """A Playwright locator for a ref of the page's latest capture, or None.

    None when the latest capture does not have the ref or the page has loaded another
    document since: the session then works out whether the ref is stale, from another
    page, or never existed.
    """
    try:
        return page.locator(ref)
    except RefError:  # StaleRefError included
        return None
