"""A minimal browser layer used only while :mod:`domdex.browser` is not installed.

It lets the session run (and be tested) on its own: launch or connect Chromium, a
one-pass capture per frame (``fallback_capture.js``) and a ``domdex=`` selector
engine for refs. The real browser layer replaces all of it; the session talks to
either through :mod:`domdex.session.backend`.
"""

from __future__ import annotations

import json
import time
from typing import Any

from ..chromium import DEFAULT_VIEWPORT, LAUNCH_ARGS, find_chromium
from ..errors import BrowserError
from ..snapshot import FrameInfo, Node, Snapshot, parse_ref, ref_frame
from .actions import script

__all__ = ["FallbackBrowser", "FallbackPage"]

_ENGINE_REGISTERED: set[int] = set()


class FallbackPage:
    """A Playwright page with capture and ref locators."""

    def __init__(self, pw_page: Any) -> None:
        self.playwright_page = pw_page
        self._frames: dict[str, Any] = {}

    async def snapshot(self) -> Snapshot:
        page = self.playwright_page
        nodes: list[Node] = []
        frames: list[FrameInfo] = []
        main = json.loads(await page.main_frame.evaluate(script("fallback_capture.js"), ""))
        nodes.extend(Node.from_dict(n) for n in main["nodes"])
        self._frames = {"": page.main_frame}
        for k, frame in enumerate(page.main_frame.child_frames, start=1):
            fid = f"f{k}"
            try:
                owner_handle = await frame.frame_element()
                owner = await owner_handle.evaluate(
                    "(el) => window[Symbol.for('domdex')].refOf(el)")
                data = json.loads(await frame.evaluate(script("fallback_capture.js"), fid))
            except Exception:  # cross-origin or detached frame: leave it out
                continue
            self._frames[fid] = frame
            frames.append(FrameInfo(fid, frame.url, owner, frame.name))
            for d in data["nodes"]:
                if d["parent"] is None:
                    d["parent"] = owner
                nodes.append(Node.from_dict(d))
        return Snapshot(url=main["url"], title=main["title"], viewport=tuple(main["viewport"]),
                        scroll=tuple(main["scroll"]), ready_state=main["ready"],
                        document_id=main["doc"], captured_at=time.time(), nodes=nodes,
                        frames=frames, page_size=tuple(main["size"]))

    def locator(self, ref: str) -> Any:
        ref = parse_ref(ref)
        fid = ref_frame(ref)
        frame = self._frames.get(fid) if fid else self.playwright_page.main_frame
        if frame is None:
            frame = self.playwright_page.main_frame
        return frame.locator(f"domdex={ref}")


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
            await pw.selectors.register("domdex", script=f"({script('fallback_engine.js')})")
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
