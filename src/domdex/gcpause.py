"""The cyclic garbage collector paused while a capture's payload is decoded.

Capture decodes a payload into an object or more per element and frees almost none, so
the collector, which runs every few hundred allocations, would only walk them again and
again (a third of the decode time at 128k elements). :func:`paused_gc` turns it off for
such a step and back on after, if it was on.

Not for the index build, though it would be ~15 % faster there: an index and the matcher
hung on it form a reference cycle, and fewer collections during a build left the
previous index alive through the next one (`bench/scale.py --one 64000 --runs 3`: peak
RSS after three fresh indexes and finds 605 -> 940 MiB).
"""

from __future__ import annotations

import contextlib
import gc
import threading
from collections.abc import Iterator

__all__ = ["paused_gc"]

#: Pauses are counted across threads: "was it on?" and "turn it off" as two steps let one
#: thread read "off" during another's pause and then never turn it back on (a matcher
#: built on the session's warmer thread beside a capture's decode left the collector
#: off for the rest of the process).
_lock = threading.Lock()
_depth = 0
_was_on = False


@contextlib.contextmanager
def paused_gc() -> Iterator[None]:
    """No cyclic collection inside the block; the collector is back on after the last
    of the blocks running at once (on any thread) ends, if it was on before the first."""
    global _depth, _was_on
    with _lock:
        if _depth == 0:
            _was_on = gc.isenabled()
            gc.disable()
        _depth += 1
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0 and _was_on:
                gc.enable()
