"""A minimal browser layer used only while :mod:`domdex.browser` is not installed.

It lets the session run (and be tested) on its own: launch or connect Chromium, and
hand pages to the capture layer (:mod:`domdex.capture`) with its ``domdex=`` selector
engine for refs. The real browser layer replaces all of it; the session talks to
either through :mod:`domdex.session.backend`.
"""

from __future__ import annotations

from typing import Any

from ..chromium import DEFAULT_VIEWPORT, LAUNCH_ARGS, find_chromium
from ..errors import BrowserError
from ..snapshot import Snapshot, parse_ref, ref_frame

__all__ = ["FallbackBrowser", "FallbackPage"]

_ENGINE_REGISTERED: set[int] = set()


class FallbackPage:
    """A Playwright page with the capture layer's snapshot and ref locators."""

    def __init__(self, pw_page: Any) -> None:
        from ..capture import FrameRegistry

        self.playwright_page = pw_page
        self.registry = FrameRegistry()

    async def snapshot(self) -> Snapshot:
        from ..capture import capture_page

        return await capture_page(self.playwright_page, self.registry)

    def locator(self, ref: str) -> Any:
        """``domdex=e12@<document>``: a ref of an earlier document resolves to nothing."""
        ref = parse_ref(ref)
        fid = ref_frame(ref)
        frame = self.registry.frame_for(fid) if fid else self.playwright_page.main_frame
        if frame is None:
            frame = self.playwright_page.main_frame
        doc = self.registry.documents.get(fid, "")
        local = ref[len(fid):]
        return frame.locator(f"domdex={local}@{doc}" if doc else f"domdex={local}")


class FallbackBrowser:
    """Chromium launched (or reached over CDP) with one context."""

    def __init__(self, pw: Any, browser: Any, context: Any, owned: bool) -> None:
        self._pw, self._browser, self.context, self._owned = pw, browser, context, owned

    @classmethod
    async def start(cls, *, executable_path: str | None = None, headless: bool = True,
                    cdp: str | None = None) -> FallbackBrowser:
        from playwright.async_api import async_playwright

        pw = await async_playwright().start()
        if id(pw.selectors) not in _ENGINE_REGISTERED:
            from ..capture import engine_script

            await pw.selectors.register("domdex", script=engine_script())
            _ENGINE_REGISTERED.add(id(pw.selectors))
        try:
            if cdp:
                browser = await pw.chromium.connect_over_cdp(cdp)
                # Selector engines reach only contexts created after registration.
                context = await browser.new_context()
                return cls(pw, browser, context, owned=False)
            browser = await pw.chromium.launch(
                executable_path=find_chromium(executable_path), headless=headless,
                args=LAUNCH_ARGS)
        except Exception as exc:
            await pw.stop()
            raise BrowserError(f"Could not start Chromium: {exc}") from exc
        w, h = DEFAULT_VIEWPORT
        context = await browser.new_context(viewport={"width": w, "height": h})
        return cls(pw, browser, context, owned=True)

    async def open(self, url: str) -> FallbackPage:
        page = await self.context.new_page()
        if url != "about:blank":
            await page.goto(url)
        return FallbackPage(page)

    async def close(self) -> None:
        try:
            if self._owned:
                await self._browser.close()
        finally:
            await self._pw.stop()
