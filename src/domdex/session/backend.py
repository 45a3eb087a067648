"""The seam between the session and the browser layer (:mod:`domdex.browser`).

The session needs four things from a live page: capture it, resolve a ref to a
Playwright locator, know the current document, and wrap a new Playwright page (a
popup, a new tab). Keeping them here means the rest of the session reads as what it
does, not how the browser layer spells it.
"""

from __future__ import annotations

from typing import Any

from ..snapshot import Snapshot

__all__ = ["capture", "launch", "locator", "wrap"]


def _browser_layer() -> Any:
    """:mod:`domdex.browser`, or None while it is not installed (then: the fallback)."""
    try:
        from .. import browser
    except ImportError:
        return None
    return browser


async def launch(*, executable_path: str | None = None, headless: bool = True,
                 cdp: str | None = None) -> Any:
    """An async domdex browser: launched, or connected over CDP."""
    browser = _browser_layer()
    if browser is None:
        from .fallback import FallbackBrowser

        return await FallbackBrowser.start(executable_path=executable_path,
                                           headless=headless, cdp=cdp)
    if cdp:
        return await browser.async_connect(cdp)
    return await browser.async_launch(executable_path=executable_path, headless=headless)


async def wrap(pw_page: Any) -> Any:
    """The domdex AsyncPage for a Playwright page (a new tab or popup)."""
    browser = _browser_layer()
    if browser is None:
        from .fallback import FallbackPage

        return FallbackPage(pw_page)
    return await browser.async_attach(pw_page)


async def capture(page: Any) -> Snapshot:
    """A fresh snapshot of the live page (all frames)."""
    snap: Snapshot = await page.snapshot()
    return snap


def locator(page: Any, ref: str) -> Any:
    """A Playwright locator for a ref, through the domdex selector engine."""
    return page.locator(ref)
