"""Captures of a tab, fresh when the page changed and the last one when it did not.

Every view and every action that needs the page's current state captures it first (the
"auto refresh" every call relies on); captures are cheap next to a model's round trip,
and a capture of an unchanged page costs a millisecond.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from ..capture.deadline import FrameUnanswered, evaluate_in
from ..errors import BrowserError, DomdexError
from . import backend
from .actions import script
from .messages import first_line

if TYPE_CHECKING:
    from ..indexed import IndexedPage
    from .cache import RegionCache
    from .stats import SessionStats
    from .tab import Tab
    from .tabs import TabRegistry
    from .warmer import Warmer

__all__ = ["Captures"]

#: How long an unchanged capture may be reused (CSS-only changes are not observed).
REUSE_FOR = 10.0


class Captures:
    """Captures tabs of ``tabs`` and indexes them through ``region_cache``, counting
    captures and reuses in ``stats``."""

    def __init__(self, tabs: TabRegistry, region_cache: RegionCache,
                 stats: SessionStats, warmer: Warmer | None = None) -> None:
        self.tabs = tabs
        self.region_cache = region_cache
        self.stats = stats
        #: builds find's matcher for each new capture while the agent thinks
        self.warmer = warmer

    async def capture(self, t: Tab) -> IndexedPage:
        """A fresh capture of the tab.

        When nothing has changed since the last capture (same document, no mutation,
        input, focus or scroll in any frame, no action since, and recent), the last
        capture is the fresh one: a view after a view costs a millisecond instead of
        a page walk.
        """
        self.check_open(t)
        epoch = t.epoch
        if await self._unchanged(t):
            self.stats.reused += 1
            assert t.latest is not None
            return t.latest
        try:
            snap = await backend.capture(t.page)
        except DomdexError:
            raise
        except Exception as exc:
            if t.pw.is_closed():
                raise BrowserError(f"Tab {t.id} was closed.") from exc
            raise BrowserError(f"Could not capture tab {t.id}: {first_line(exc)}") from exc
        self.stats.captures += 1
        idx = self.region_cache.build(snap)
        t.latest, t.latest_epoch, t.latest_at, t.dirty = idx, epoch, time.monotonic(), False
        if self.warmer is not None:
            self.warmer.after_capture(t, idx)
        return idx

    async def _unchanged(self, t: Tab) -> bool:
        """True when the tab's last capture still describes the page exactly."""
        fresh_enough = t.latest is not None and not t.dirty and t.latest_epoch == t.epoch \
            and time.monotonic() - t.latest_at < REUSE_FOR
        counts = await self._change_counts(t)  # always: it also resets the counters
        return fresh_enough and all(n == 0 for n in counts)

    async def _change_counts(self, t: Tab) -> list[int]:
        from playwright.async_api import Error as PlaywrightError

        out: list[int] = []
        for frame in backend.frames(t.pw):
            try:
                # changes.js answers at once; a child frame that cannot is stuck
                out.append(int(await evaluate_in(
                    frame, script("changes.js"), what="change count",
                    deadline=None if frame.parent_frame is None else 1.0)))
            except (PlaywrightError, FrameUnanswered):  # navigating, detaching, stuck: changed
                out.append(-1)
        return out

    def check_open(self, t: Tab) -> None:
        """Refuse a tab that was closed (and forget it)."""
        if t.pw.is_closed():
            self.tabs.forget(t)
            raise BrowserError(f"Tab {t.id} was closed. Open tabs: "
                               f"{', '.join(self.tabs.ids()) or 'none'}.")
