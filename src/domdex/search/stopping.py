"""A long build that its caller may stop wanting: the matcher built on the session's
warmer thread for a capture that another capture has replaced meanwhile.

The builder calls :func:`check` between its steps (and every few thousand elements);
:func:`stop_when` makes it raise :class:`Abandoned` there once a test turns true. Per
thread: a find building on its own thread is never stopped.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

__all__ = ["Abandoned", "check", "stop_when"]

_local = threading.local()


class Abandoned(Exception):
    """The build was stopped: nobody wants its result any more."""


@contextmanager
def stop_when(test: Callable[[], bool]) -> Iterator[None]:
    """Within the block, builds on this thread stop (raise :class:`Abandoned`) at their
    next :func:`check` once ``test()`` is true."""
    before = getattr(_local, "test", None)
    _local.test = test
    try:
        yield
    finally:
        _local.test = before


def check() -> None:
    """Raise :class:`Abandoned` if this thread's build is no longer wanted."""
    test = getattr(_local, "test", None)
    if test is not None and test():
        raise Abandoned
