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
from collections.abc import Iterator

__all__ = ["paused_gc"]


@contextlib.contextmanager
def paused_gc() -> Iterator[None]:
    """No cyclic collection inside the block; the collector's state is restored after."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
