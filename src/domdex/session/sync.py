"""The synchronous twin of :class:`AsyncSession`: one event loop in a thread, no copy.

Starlette's TestClient runs an async app through a blocking portal; so does this. Each
method forwards to the async session and blocks until it returns, so the logic exists
once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..options import BrowserOptions
from .core import AsyncSession
from .options import SessionOptions

__all__ = ["Session"]


class Session:
    """A live browser for scripts: ``with Session.start(url) as s: s.click(query=…)``."""

    def __init__(self, portal_cm: Any, portal: Any, inner: AsyncSession) -> None:
        self._portal_cm = portal_cm
        self._portal = portal
        self.inner = inner

    @classmethod
    def start(cls, url: str | None = None, *, executable_path: str | None = None,
              headless: bool | None = None, cdp: str | None = None,
              options: SessionOptions | None = None,
              browser: BrowserOptions | None = None) -> Session:
        """Launch Chromium (or connect over CDP); see :meth:`AsyncSession.start`."""
        from anyio.from_thread import start_blocking_portal

        cm = start_blocking_portal("asyncio")
        portal = cm.__enter__()
        try:
            inner = portal.call(lambda: AsyncSession.start(
                url, executable_path=executable_path, headless=headless, cdp=cdp,
                options=options, browser=browser))
        except BaseException:
            cm.__exit__(None, None, None)
            raise
        return cls(cm, portal, inner)

    def _call(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        return self._portal.call(lambda: fn(*args, **kwargs))

    def __getattr__(self, name: str) -> Any:
        """Forward to the async session: coroutines run to completion, values pass."""
        import inspect

        attr = getattr(self.inner, name)
        if inspect.iscoroutinefunction(attr):
            return lambda *a, **kw: self._call(attr, *a, **kw)
        return attr

    def close(self) -> None:
        if self._portal is None:
            return
        try:
            self._call(self.inner.close)
        finally:
            self._portal = None
            self._portal_cm.__exit__(None, None, None)

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
