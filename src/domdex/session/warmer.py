"""find's matcher built for a tab's new capture on a thread of its own, while the agent
thinks.

The first find on a capture builds the matcher: every element described, its words
indexed and embedded (0.3 s of CPU on ``library/os.html``, 4-5 s at 128k elements;
docs/session.md). An agent spends seconds between calls waiting for its model, so once
the session has run a find (an agent that searches), it does that work then: right after
each capture, on one thread, for the capture that is still the tab's latest. A build
whose capture another one replaces meanwhile stops at its next step (a burst of actions
builds the last page only), and so does one under way when the session closes. A find
that comes first waits for the build under way (``SearchIndex.for_index`` builds once
per capture). The cost is CPU and memory for captures the agent then never searches
(the region cache keeps a URL's last capture with its matcher), so
``SessionOptions(warm_find=False)`` turns it off.
"""

from __future__ import annotations

import logging
import queue
import threading
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..indexed import IndexedPage
    from .tab import Tab

__all__ = ["Warmer"]

log = logging.getLogger("domdex.session")

_Job = Callable[[], None]


class Warmer:
    """Builds the matcher of each tab's latest capture in the background.

    On one daemon thread, started on first use: a build under way when the program
    ends is simply dropped (a pool's worker would hold the interpreter's exit until it
    finished, seconds on a big page after a one-shot ``domdex regions``).
    """

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        #: set by the session's first find: until an agent searches, nothing is built
        #: (a session that only reads regions and text pays nothing for find)
        self.wanted = False
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._closed = False
        #: captures whose build ran to its end here, and builds stopped half way because
        #: another capture replaced theirs (for tests and the bench)
        self.built = 0
        self.abandoned = 0

    def after_capture(self, t: Tab, idx: IndexedPage) -> None:
        """Queue the build of ``idx``'s matcher (a no-op when it is built already, or
        before the session's first find)."""
        from ..search.matcher import SearchIndex

        if not (self.enabled and self.wanted) or SearchIndex.built_for(idx):
            return
        # weak references: a queued build keeps neither the tab nor the capture alive
        tab, index = weakref.ref(t), weakref.ref(idx)
        self._submit(lambda: self._build(tab, index))

    def _submit(self, job: _Job) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, args=(self._jobs,),
                                            name="domdex-warm", daemon=True)
            self._thread.start()
        self._jobs.put(job)

    @staticmethod
    def _work(jobs: queue.SimpleQueue[_Job | None]) -> None:
        while (job := jobs.get()) is not None:
            job()

    def _build(self, tab: weakref.ref[Tab], index: weakref.ref[Any]) -> None:
        from ..search.api import prepare_find
        from ..search.stopping import Abandoned, stop_when

        t, idx = tab(), index()
        if t is None or idx is None or t.latest is not idx:  # superseded: not needed
            return

        def unwanted() -> bool:  # closed, or the tab captured again meanwhile
            return self._closed or t.latest is not idx

        try:
            with stop_when(unwanted):
                prepare_find(idx)
            self.built += 1
        except Abandoned:
            self.abandoned += 1
        except Exception as exc:  # a find would build (and raise) again
            log.debug("warm find: matcher build failed: %r", exc)

    def settle(self, timeout: float = 60.0) -> None:
        """Wait until the builds queued so far have run (the bench and tests ask; an
        agent never needs to: a find waits for the build it needs)."""
        if self._thread is None:
            return
        done = threading.Event()
        self._submit(done.set)
        done.wait(timeout)

    def close(self) -> None:
        """Stop: the build under way stops at its next step, queued ones are dropped."""
        self._closed = True
        if self._thread is not None:
            while True:  # drop what is queued, then tell the thread to end
                try:
                    self._jobs.get_nowait()
                except queue.Empty:
                    break
            self._jobs.put(None)
            self._thread = None
            self._jobs = queue.SimpleQueue()
