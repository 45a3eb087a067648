"""The sync bridge: domdex's async core for sync callers, written once.

Everything live in domdex is async (the session, the pages); sync users block on it
through a *runner*, never a twin implementation:

- :class:`Portal`: an event loop on a thread of its own, anyio's blocking portal (as
  starlette's TestClient runs an async app). :class:`domdex.Session` and a browser
  started with ``background=True`` run on one; the Playwright objects such a browser
  hands back are :class:`Blocking` proxies whose calls block on the portal too.
- :class:`SyncPlaywrightRunner`: the loop of a sync Playwright (its ``_sync``): what a
  sync Playwright page given to ``domdex.attach`` runs on, and (through a
  :class:`Lease` on the thread's :class:`ThreadPlaywright`) what ``domdex.launch`` and
  ``domdex.connect`` run on by default; Playwright objects handed back are Playwright's
  own sync ones.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import threading
from collections.abc import Callable, Coroutine
from typing import Any, Protocol, TypeVar

from .capture import as_async
from .errors import ClosedError

__all__ = ["Blocking", "Lease", "Portal", "Runner", "SyncPlaywrightRunner",
           "ThreadPlaywright"]

T = TypeVar("T")


class Runner(Protocol):
    """Runs the async core for sync callers and makes Playwright objects usable."""

    def run(self, coro: Coroutine[Any, Any, T]) -> T: ...
    def wrap(self, obj: Any) -> Any: ...
    @property
    def closed(self) -> bool: ...
    def close(self) -> None: ...


class Portal:
    """An event loop on a background thread that sync callers block on (anyio's
    blocking portal; the thread is a daemon, so an unclosed portal does not keep the
    interpreter alive)."""

    def __init__(self) -> None:
        from anyio.from_thread import start_blocking_portal

        self._cm = start_blocking_portal("asyncio", name="domdex-portal")
        self._portal = self._cm.__enter__()
        self._loop_thread = self._portal.call(threading.get_ident)
        self._closed = False

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run ``coro`` on the portal's loop and return its result (or raise)."""
        try:
            self._usable()
        except RuntimeError:
            coro.close()  # it will not run: no 'never awaited' warning
            raise
        return self._portal.call(lambda: coro)

    def call(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Call ``fn`` on the loop thread; await its result when it is awaitable."""
        self._usable()
        return self._portal.call(functools.partial(fn, *args, **kwargs))

    def _usable(self) -> None:
        if threading.get_ident() == self._loop_thread:
            raise RuntimeError("A sync domdex call was made from inside its own event loop.")
        if self._closed:
            raise ClosedError()

    def wrap(self, obj: Any) -> Any:
        from playwright._impl._async_base import AsyncBase

        if isinstance(obj, AsyncBase):
            return Blocking(obj, self)
        if isinstance(obj, list):
            return [self.wrap(o) for o in obj]
        return obj

    @property
    def closed(self) -> bool:
        return self._closed

    def close(self) -> None:
        """Stop the loop and its thread (once). Calls still running on it are cancelled
        (their callers get the error) rather than waited for: a page that never answers
        must not hang the close."""
        if self._closed:
            return
        self._closed = True
        with contextlib.suppress(RuntimeError):  # the loop has already stopped
            self._portal.call(self._portal.stop, True)
        self._cm.__exit__(None, None, None)


class Blocking:
    """A blocking view of an async Playwright object, through the portal.

    ``page.locator("e14").click()`` works from sync code: every call runs on the
    portal's loop and returns once done; Playwright objects it returns are wrapped too.
    """

    __slots__ = ("_obj", "_portal")

    def __init__(self, obj: Any, portal: Portal) -> None:
        object.__setattr__(self, "_obj", obj)
        object.__setattr__(self, "_portal", portal)

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._obj, name)
        if callable(value) and not inspect.isclass(value):
            def call(*args: Any, **kwargs: Any) -> Any:
                args = tuple(unwrap(a) for a in args)
                kwargs = {k: unwrap(v) for k, v in kwargs.items()}
                return self._portal.wrap(self._portal.call(value, *args, **kwargs))
            call.__name__ = name
            call.__doc__ = getattr(value, "__doc__", None)
            return call
        return self._portal.wrap(value)

    def __repr__(self) -> str:
        return f"<blocking {self._obj!r}>"


def unwrap(value: Any) -> Any:
    """Blocking proxies passed back in (``evaluate(fn, [handle_a, handle_b])``) become
    the async objects they stand for, inside lists, tuples and dicts too."""
    if isinstance(value, Blocking):
        return value._obj
    if isinstance(value, list | tuple):
        return type(value)(unwrap(v) for v in value)
    if isinstance(value, dict):
        return {k: unwrap(v) for k, v in value.items()}
    return value


class SyncPlaywrightRunner:
    """Runs the async core on a sync Playwright object's own loop (its ``_sync``)."""

    def __init__(self, sync_obj: Any) -> None:
        self._sync_obj = sync_obj

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        result: T = self._sync_obj._sync(coro)
        return result

    def wrap(self, obj: Any) -> Any:
        from playwright import sync_api
        from playwright._impl._async_base import AsyncBase

        if isinstance(obj, AsyncBase):
            return getattr(sync_api, type(obj).__name__)(obj._impl_obj)
        if isinstance(obj, list):
            return [self.wrap(o) for o in obj]
        return obj

    @property
    def closed(self) -> bool:
        return False

    def close(self) -> None:
        """Nothing to stop: the Playwright belongs to whoever made the page."""


class ThreadPlaywright(SyncPlaywrightRunner):
    """The sync Playwright that :func:`launch` and :func:`connect` start in the calling
    thread, shared by every browser started there and stopped with the last of them.

    Sync Playwright marks its loop as running in its thread, so a second
    ``sync_playwright()`` there would refuse to start; sharing one lets a thread hold
    two domdex browsers.
    """

    _local = threading.local()

    def __init__(self, sync_playwright: Any) -> None:
        super().__init__(sync_playwright)
        self.users = 0

    @classmethod
    def current(cls) -> ThreadPlaywright | None:
        """This thread's, while a browser uses it."""
        mine: ThreadPlaywright | None = getattr(cls._local, "playwright", None)
        return mine

    @classmethod
    def acquire(cls) -> ThreadPlaywright:
        mine = cls.current()
        if mine is None:
            from playwright.sync_api import sync_playwright

            mine = cls(sync_playwright().start())
            cls._local.playwright = mine
        mine.users += 1
        return mine

    def release(self) -> None:
        self.users -= 1
        if self.users == 0:
            self._local.playwright = None
            self._sync_obj.stop()

    @property
    def async_playwright(self) -> Any:
        """The same Playwright through the async API, for the async core."""
        return as_async(self._sync_obj)


class Lease:
    """One browser's hold on its thread's :class:`ThreadPlaywright`."""

    def __init__(self, shared: ThreadPlaywright) -> None:
        self._shared = shared
        self._closed = False

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        if self._closed:  # the thread's Playwright may be stopped, or serve another
            coro.close()  # it will not run: no 'never awaited' warning
            raise ClosedError()
        return self._shared.run(coro)

    def wrap(self, obj: Any) -> Any:
        return self._shared.wrap(obj)

    @property
    def async_playwright(self) -> Any:
        return self._shared.async_playwright

    @property
    def closed(self) -> bool:
        return self._closed

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._shared.release()
