"""find's matcher built for a tab's new capture on a thread of its own, while the agent
thinks.

The first find on a capture builds the matcher: every element described, its words
indexed and embedded (0.3 s of CPU on ``library/os.html``, 4-5 s at 128k elements;
docs/session.md). An agent spends seconds between calls waiting for its model, so the
session does that work then: right after a capture, on one worker thread, and only for
the capture that is still the tab's latest when the worker gets to it (a burst of
actions builds once, for the last page). A find that comes first simply waits for the
build under way (``SearchIndex.for_index`` builds once per capture). The cost is CPU
spent on captures the agent never searches, so ``SessionOptions(warm_find=False)``
turns it off.
"""

from __future__ import annotations

import logging
import weakref
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..indexed import IndexedPage
    from .tab import Tab

__all__ = ["Warmer"]

log = logging.getLogger("domdex.session")


class Warmer:
    """Builds the matcher of each tab's latest capture in the background."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self._pool: ThreadPoolExecutor | None = None
        #: captures whose build ran to its end here (for tests and the bench)
        self.built = 0

    def after_capture(self, t: Tab, idx: IndexedPage) -> None:
        """Queue the build of ``idx``'s matcher (a no-op when it is built already)."""
        from ..search.matcher import SearchIndex

        if not self.enabled or SearchIndex.built_for(idx):
            return
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="domdex-warm")
        # weak references: a queued build keeps neither the tab nor the capture alive
        self._pool.submit(self._build, weakref.ref(t), weakref.ref(idx))

    def _build(self, tab: weakref.ref[Tab], index: weakref.ref[Any]) -> None:
        from ..search.api import prepare_find

        t, idx = tab(), index()
        if t is None or idx is None or t.latest is not idx:  # superseded: not needed
            return
        try:
            prepare_find(idx)
            self.built += 1
        except Exception as exc:  # a find would build (and raise) again
            log.debug("warm find: matcher build failed: %r", exc)

    def settle(self, timeout: float = 60.0) -> None:
        """Wait until the builds queued so far have run (the bench and tests ask; an
        agent never needs to: a find waits for the build it needs)."""
        if self._pool is not None:
            self._pool.submit(lambda: None).result(timeout)

    def close(self) -> None:
        """Drop queued builds; one under way finishes on its thread."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
