"""Screenshots with refs and region outlines drawn on them, for the person debugging.

The marks are drawn over the screenshot image in a scratch page of the session's own
(``overlay.js``), never in the user's page: nothing about the page changes.
"""

from __future__ import annotations

import base64
import struct
from typing import TYPE_CHECKING, Any

from ..capture.deadline import evaluate_in
from ..errors import BrowserError
from .actions import script

if TYPE_CHECKING:
    from ..index import PageIndex
    from .captures import Captures
    from .tab import Tab
    from .tabs import TabRegistry

__all__ = ["Screenshots"]


class Screenshots:
    """``screenshot(…)`` of a tab. The marks are drawn in a scratch context of its own,
    made in the browser of ``tabs``' context on first use and kept out of ``tabs``; the
    page is captured through ``captures``."""

    def __init__(self, tabs: TabRegistry, captures: Captures) -> None:
        self.tabs = tabs
        self.captures = captures
        self._scratch: Any = None

    async def screenshot(self, t: Tab, *, annotate: bool = True,
                         full_page: bool = False) -> bytes:
        """A PNG of the tab; with ``annotate`` refs and region outlines drawn on a copy.

        The marks are drawn in a scratch page of our own over the screenshot image,
        never in the user's page.
        """
        png = await t.pw.screenshot(full_page=full_page)
        if not annotate:
            return bytes(png)
        idx = await self.captures.capture(t)
        t.show(idx)
        boxes = _boxes(idx, full_page)
        return await self._draw(png, boxes)

    async def close(self) -> None:
        """Close the scratch context (the session closes)."""
        if self._scratch is not None:
            await self._scratch.close()
        self._scratch = None

    def reset(self) -> None:
        """The browser died, and the scratch context with it."""
        self._scratch = None

    async def _draw(self, png: bytes, boxes: list[dict[str, Any]]) -> bytes:

        width, height = struct.unpack(">II", png[16:24])
        if self._scratch is None:
            pw_browser = self.tabs.context().browser
            if pw_browser is None:
                raise BrowserError("Cannot annotate: no browser handle for a scratch page.")
            self._scratch = await pw_browser.new_context(viewport={"width": width,
                                                                   "height": height})
            self.tabs.keep_out(self._scratch)
        page = await self._scratch.new_page()
        try:
            await page.set_viewport_size({"width": width, "height": height})
            await evaluate_in(page, script("overlay.js"), {
                "png": base64.b64encode(png).decode(), "width": width, "height": height,
                "boxes": boxes}, what="overlay", deadline=30.0)
            return bytes(await page.screenshot())
        finally:
            await page.close()


def _boxes(idx: PageIndex, full_page: bool) -> list[dict[str, Any]]:
    sx, sy = (0.0, 0.0) if full_page else idx.snapshot.scroll
    vw, vh = idx.snapshot.viewport
    out: list[dict[str, Any]] = []
    for r in idx.top_regions:
        if r.box is not None and r.visible:
            out.append({"x": r.box.x - sx, "y": r.box.y - sy, "w": r.box.width,
                        "h": r.box.height, "label": f"{r.id} {r.landmark}", "kind": "region"})
    for n in idx.interactive_nodes():
        b = n.box
        if b is None or b.width <= 0 or b.height <= 0:
            continue
        x, y = b.x - sx, b.y - sy
        if not full_page and (y + b.height < 0 or y > vh or x > vw or x + b.width < 0):
            continue
        out.append({"x": x, "y": y, "w": b.width, "h": b.height, "label": n.ref,
                    "kind": "element"})
    return out
