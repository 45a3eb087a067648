"""The read cache: one extraction per page content, reused while it is fresh.

Keyed by URL *and* a fingerprint of the page's text (``fingerprint.js``), so a page
that changed under the same URL (a live feed, a filled form, a client-side route) is
read again, and an unchanged page is not. Entries also expire after ``ttl`` seconds
(default five minutes): a page can change in ways its text fingerprint does not see,
and an agent that waited that long expects fresh content.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from .sections import PageText

DEFAULT_TTL = 300.0


@dataclass
class CacheStats:
    """Hits and misses since the cache was made (for benchmarks and ``to_dict``)."""

    hits: int = 0
    misses: int = 0
    expired: int = 0


class ReadCache:
    """An LRU of :class:`PageText` keyed by ``(url, fingerprint)`` with a TTL."""

    def __init__(
        self,
        ttl: float = DEFAULT_TTL,
        max_entries: int = 64,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.ttl = ttl
        self.max_entries = max_entries
        self._clock = clock
        self._entries: OrderedDict[tuple[str, str], tuple[float, PageText]] = OrderedDict()
        self.stats = CacheStats()

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, url: str, fingerprint: str) -> PageText | None:
        key = (url, fingerprint)
        entry = self._entries.get(key)
        if entry is None:
            self.stats.misses += 1
            return None
        stored, page = entry
        if self._clock() - stored > self.ttl:
            del self._entries[key]
            self.stats.expired += 1
            self.stats.misses += 1
            return None
        self._entries.move_to_end(key)
        self.stats.hits += 1
        return page

    def put(self, page: PageText) -> None:
        key = (page.url, page.fingerprint)
        self._entries[key] = (self._clock(), page)
        self._entries.move_to_end(key)
        while len(self._entries) > self.max_entries:
            self._entries.popitem(last=False)

    def clear(self) -> None:
        self._entries.clear()
