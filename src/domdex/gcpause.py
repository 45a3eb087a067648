"""The cyclic garbage collector paused while a page's data is built.

Capture decodes a payload into an object or more per element, and the index builds its
tables over them; both make many objects and free almost none, so the collector, which
runs every few hundred allocations, would only walk them again and again (a third of
the time at 128k elements). :func:`paused_gc` turns it off for such a step and back on
after, if it was on.
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
