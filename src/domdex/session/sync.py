"""The synchronous twin of :class:`AsyncSession`: one event loop in a thread, no copy.

Starlette's TestClient runs an async app through a blocking portal; so does this (the
portal of :mod:`domdex.bridge`, which ``domdex.launch(background=True)`` runs on too).
Each method forwards to the async session and blocks until it returns, so the logic
exists once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..bridge import Portal
from ..errors import ClosedError
from ..options import BrowserOptions
from .core import AsyncSession
from .options import SessionOptions

__all__ = ["Session"]


class Session:
    """A live browser for scripts: ``with Session.start(url) as s: s.click(query=…)``."""

    def __init__(self, portal: Portal, inner: AsyncSession) -> None:
        self._portal: Portal | None = portal
        self.inner = inner

    @classmethod
    def start(cls, url: str | None = None, *, executable_path: str | None = None,
              headless: bool | None = None, cdp: str | None = None,
              options: SessionOptions | None = None,
              browser: BrowserOptions | None = None) -> Session:
        """Launch Chromium (or connect over CDP); see :meth:`AsyncSession.start`."""
        portal = Portal()
        try:
            inner = portal.run(AsyncSession.start(
                url, executable_path=executable_path, headless=headless, cdp=cdp,
                options=options, browser=browser))
        except BaseException:
            portal.close()
            raise
        return cls(portal, inner)

    def _call(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        if self._portal is None:
            raise ClosedError()
        return self._portal.call(fn, *args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        """Forward to the async session: coroutines run to completion, values pass."""
        import inspect

        attr = getattr(self.inner, name)
        if inspect.iscoroutinefunction(attr):
            return lambda *a, **kw: self._call(attr, *a, **kw)
        return attr

    def close(self) -> None:
        portal = self._portal
        if portal is None:
            return
        try:
            self._call(self.inner.close)
        finally:
            self._portal = None
            portal.close()

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
