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

#: Seconds the thread waits for work before it ends (it starts again on the next build):
#: a page's one-tab session is never closed, so an idle thread must not outlive it.
IDLE_EXIT = 30.0


class _Worker:
    """What the thread holds: its queue, not the session (which may then be collected)."""

    def __init__(self) -> None:
        self.jobs: queue.SimpleQueue[_Job] = queue.SimpleQueue()
        self.lock = threading.Lock()
        self.running = False

    def submit(self, job: _Job) -> None:
        """Queue ``job``, starting the thread when none runs."""
        with self.lock:
            self.jobs.put(job)
            if not self.running:
                self.running = True
                threading.Thread(target=self._work, name="domdex-warm", daemon=True).start()

    def _work(self) -> None:
        stopping = False  # told to end: run what is queued, then end without waiting
        while True:
            try:
                job = self.jobs.get(block=not stopping, timeout=None if stopping else IDLE_EXIT)
            except queue.Empty:
                with self.lock:
                    if self.jobs.empty():  # else a job came in just now: go on
                        self.running = False
                        return
                continue
            if job is _stop_marker:
                stopping = True
                continue
            job()

    def stop(self) -> None:
        """End the thread once it has run what is queued (which a closed warmer makes
        no-ops), instead of after :data:`IDLE_EXIT` seconds."""
        with self.lock:
            if self.running:
                self.jobs.put(_stop_marker)


def _stop_marker() -> None:
    """Tells the worker thread to end."""


class Warmer:
    """Builds the matcher of each tab's latest capture in the background.

    On one daemon thread, started when there is work and ended after
    :data:`IDLE_EXIT` seconds without: a build under way when the program ends is
    dropped (a pool's worker would hold the interpreter's exit until it finished,
    seconds on a big page after a one-shot ``domdex regions``), and a page's session
    that nobody closes leaves no thread behind.
    """

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        #: set by the session's first find: until an agent searches, nothing is built
        #: (a session that only reads regions and text pays nothing for find)
        self.wanted = False
        self._worker = _Worker()
        self._closed = False
        #: captures whose build ran to its end here, and builds stopped half way because
        #: another capture replaced theirs (for tests and the bench)
        self.built = 0
        self.abandoned = 0

    def after_capture(self, t: Tab, idx: IndexedPage) -> None:
        """Queue the build of ``idx``'s matcher (a no-op when it is built already, or
        before the session's first find)."""
        from ..search.matcher import SearchIndex

        if not (self.enabled and self.wanted) or self._closed or SearchIndex.built_for(idx):
            return
        # weak references: a queued build keeps neither the tab nor the capture alive
        tab, index = weakref.ref(t), weakref.ref(idx)
        self._worker.submit(lambda: self._build(tab, index))

    def _build(self, tab: weakref.ref[Tab], index: weakref.ref[Any]) -> None:
        from ..search.api import prepare_find
        from ..search.stopping import Abandoned, stop_when

        t, idx = tab(), index()
        if t is None or idx is None:
            return

        def unwanted() -> bool:  # closed, or the tab captured again meanwhile
            return self._closed or t.latest is not idx

        if unwanted():
            return
        try:
            with stop_when(unwanted):
                prepare_find(idx, background=True)
            self.built += 1
        except Abandoned:
            self.abandoned += 1
        except Exception as exc:  # a find would build (and raise) again
            log.debug("warm find: matcher build failed: %r", exc)

    def settle(self, timeout: float = 60.0) -> bool:
        """Wait until the builds queued so far have run (the bench and tests ask; an
        agent never needs to: a find waits for the build it needs); False on timeout."""
        done = threading.Event()
        self._worker.submit(done.set)
        return done.wait(timeout)

    def close(self) -> None:
        """Stop: the build under way stops at its next step, queued ones do nothing, and
        the thread ends."""
        self._closed = True
        self._worker.stop()
