"""Loading pages in a tab: open a URL, go back or forward, reload — under the URL policy.

A URL is checked before anything runs (``javascript:`` always; local files and origins
as the session's :class:`~domdex.policy.UrlPolicy` says); with origin lists, every request
of the browser is routed through them (clicks, redirects, subresources), and a navigation
that a redirect took to a refused origin is left again. A navigation's answer is the new
page in one line: its title and what it holds.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Literal

from ..errors import NavigationError
from ..navigation import check_html, navigation_error, resolve_url
from ..policy import scheme_of
from .messages import left_on
from .results import ActionResult

if TYPE_CHECKING:
    from .captures import Captures
    from .dialogs import DialogPolicy
    from .options import SessionOptions
    from .revive import BrowserLink
    from .tab import Tab

logger = logging.getLogger("domdex")

__all__ = ["Navigator"]

#: Seconds a failed navigation waits for Chromium's error page to commit (~0.15 s).
ERROR_PAGE_WAIT = 1.0
#: What a navigation that took longer than ``SessionOptions.navigation_timeout`` says to do.
SLOW_PAGE = ("The page may be slow or never finish loading: try again, or look at what "
             "has loaded (overview).")


class Navigator:
    """Navigations of a tab under ``options``' URL policy, whose origin lists are routed
    in ``link``'s browser; the new page is captured through ``captures`` (not shown: the
    answer carries no refs), and the answer carries the dialogs ``dialogs`` answered."""

    def __init__(self, options: SessionOptions, link: BrowserLink, captures: Captures,
                 dialogs: DialogPolicy) -> None:
        self.options = options
        self.link = link
        self.captures = captures
        self.dialogs = dialogs
        self._refused: str | None = None  # the last request the origin lists refused

    def allowed_url(self, url: str) -> str:
        """``url`` resolved (a plain path or file:// URL must name a file) and checked."""
        policy = self.options.urls
        if scheme_of(url):
            policy.check(url)
        try:
            resolved = resolve_url(url)
        except NavigationError:
            policy.check(url)  # a missing file: say files are off rather than missing
            raise
        policy.check(resolved)
        return resolved

    async def filter_requests(self) -> None:
        """With origin lists, abort every request they refuse: clicks, redirects,
        subresources (called for each browser the session starts)."""
        if not self.options.urls.filters_requests:
            return
        context = self.link.context
        if context is None:
            return
        policy = self.options.urls

        async def route(r: Any) -> None:
            why = policy.origin_refusal(r.request.url)
            if why is None:
                await r.fallback()
                return
            logger.info("blocked %s: %s", r.request.url, why)
            self._refused = why
            await r.abort("blockedbyclient")
        await context.route("**/*", route)

    async def open(self, t: Tab, url: str, wait_until: str = "load") -> ActionResult:
        """Load ``url`` (already :meth:`allowed_url`) in ``t``."""
        return await self._navigate(t, "open", lambda: t.pw.goto(
            url, wait_until=wait_until, timeout=self.options.navigation_timeout * 1000), url,
            wait_until)

    async def go(self, t: Tab, to: Literal["back", "forward", "reload"]) -> ActionResult:
        """Go back, forward, or reload ``t``."""
        ms = self.options.navigation_timeout * 1000
        pw = t.pw
        moves: dict[str, Callable[[], Awaitable[Any]]] = {
            "back": lambda: pw.go_back(timeout=ms),
            "forward": lambda: pw.go_forward(timeout=ms),
            "reload": lambda: pw.reload(timeout=ms)}
        return await self._navigate(t, to, moves[to])

    async def _navigate(self, t: Tab, action: str, go: Callable[[], Awaitable[Any]],
                        url: str = "", wait_until: str = "load") -> ActionResult:
        from playwright.async_api import Error as PlaywrightError

        t.dirty = True
        was_url, was_epoch = t.pw.url, t.epoch
        try:
            response = await go()
        except PlaywrightError as exc:
            if self._refused and "ERR_BLOCKED_BY_CLIENT" in str(exc):
                raise NavigationError(f"Could not {action} {url or t.pw.url}: it led to "
                                      f"{self._refused}") from exc
            failed = navigation_error(url or t.pw.url, exc, self.options.navigation_timeout,
                                      wait_until, action=action, advice=SLOW_PAGE)
            raise NavigationError(str(failed) + await self._left_on(t, was_url)) from exc
        # Playwright answers None both when there is no history entry and when the entry
        # has no HTTP response (about:blank, a data: URL, a same-document entry): only an
        # unchanged URL and document mean nothing happened.
        if response is None and action in ("back", "forward") and t.pw.url == was_url \
                and t.epoch == was_epoch:
            return ActionResult(action, url=t.pw.url, message=f"NOTHING to go {action} to.")
        await self._left_if_refused(t, action, url)
        t.status = response.status if response is not None else None
        try:
            check_html(t.pw.url, response)  # a PDF, JSON, an image: nothing to index
        except NavigationError as exc:
            raise NavigationError(f"{exc} The tab shows it now: go back, or open another "
                                  "URL.") from None
        idx = await self.captures.capture(t)  # not shown: this answer carries no refs,
        snap = idx.snapshot  # so refs from before stay refused until the agent looks
        msg = (f"PAGE: {snap.title!r} · {len(idx.top_regions)} regions · "
               f"{len(idx.interactive_nodes())} interactive. NEXT: overview / regions / "
               "find \"…\"")
        return ActionResult(action, url=t.pw.url, status=t.status, message=msg,
                            dialogs=self.dialogs.drain())

    async def _left_if_refused(self, t: Tab, action: str, url: str) -> None:
        """A redirect is not routed (Playwright sees only its first request): when the
        navigation landed on an origin the lists refuse, leave it and say so."""
        why = self.options.urls.origin_refusal(t.pw.url) \
            if self.options.urls.filters_requests else None
        if why is None:
            return
        landed = t.pw.url
        await t.pw.goto("about:blank")
        raise NavigationError(f"Could not {action} {url or landed}: it redirected to "
                              f"{landed}, and {why}")

    async def _left_on(self, t: Tab, was_url: str) -> str:
        """Where a failed navigation left the tab. Chromium commits its error page a
        moment after the navigation fails: wait a little for it."""
        from playwright.async_api import Error as PlaywrightError

        with contextlib.suppress(PlaywrightError):
            await t.pw.wait_for_url("chrome-error://**", timeout=ERROR_PAGE_WAIT * 1000)
        return left_on(t.pw.url, was_url)
