"""A server's browser session, started on first use: what the MCP server and the HTTP
API share (:mod:`domdex.mcp`, :mod:`domdex.http`), so that neither imports the other
for it.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from .options import BrowserOptions
from .policy import UrlPolicy
from .session import AsyncSession, SessionOptions

__all__ = ["SessionHolder", "server_options"]


def server_options(urls: UrlPolicy | None = None) -> SessionOptions:
    """Session options for a server: web URLs only and uploads from the working
    directory, unless ``urls`` says otherwise."""
    return SessionOptions(urls=urls or UrlPolicy.for_servers())


@dataclass
class SessionHolder:
    """Starts the browser on first use, so listing tools never launches Chromium.

    ``options`` None: :func:`server_options` (a server is closed by default).
    """

    options: SessionOptions | None = None
    cdp: str | None = None
    executable_path: str | None = None
    headless: bool | None = None
    #: profile, device, proxy, output dir … (``cdp``, ``executable_path`` and
    #: ``headless``, when set, override its fields)
    browser: BrowserOptions | None = None
    session: AsyncSession | None = None
    #: Knowledge store file for read / search_pages (None: ~/.cache/domdex/knowledge.db).
    store_path: str | None = None
    _store: Any = None

    def __post_init__(self) -> None:
        self._lock = asyncio.Lock()

    def store(self) -> Any:
        """The knowledge store, opened on first use (pages read are added to it)."""
        if self._store is None:
            from . import KnowledgeStore

            self._store = KnowledgeStore(self.store_path)
        return self._store

    async def get(self) -> AsyncSession:
        async with self._lock:
            if self.session is None:
                self.session = await AsyncSession.start(
                    executable_path=self.executable_path, headless=self.headless,
                    cdp=self.cdp, options=self.options or server_options(),
                    browser=self.browser)
            return self.session

    async def close(self) -> None:
        if self._store is not None:
            store, self._store = self._store, None
            store.close()
        if self.session is not None:
            session, self.session = self.session, None
            await session.close()
