"""A page index with its views and searches: what ``domdex.index()`` returns.

:class:`~domdex.index.PageIndex` knows nothing of how it is shown or searched, so that
render and search can depend on it and not the other way round. This subclass, above
both, adds the conveniences: ``overview()``, ``regions_view()``, ``expand()``,
``context()`` (views from :mod:`domdex.render`) and ``find()``, ``grep()``
(:mod:`domdex.search.api`).
"""

from __future__ import annotations

from typing import Any

from .index import PageIndex
from .render.base import View
from .render.context import ContextView
from .render.expand import ExpandView
from .render.find import FindResult
from .render.grep import GrepResult
from .render.overview import OverviewView
from .render.regions import RegionsView
from .search import api
from .snapshot import Snapshot

__all__ = ["IndexedPage", "build_index"]


class IndexedPage(PageIndex):
    """A :class:`~domdex.index.PageIndex` with its views, ``find`` and ``grep``."""

    def overview(self, max_tokens: int | None = None) -> View:
        return OverviewView(self, max_tokens=max_tokens)

    def regions_view(self, max_tokens: int | None = None) -> View:
        return RegionsView(self, max_tokens=max_tokens)

    def expand(self, region: str, max_tokens: int | None = None) -> View:
        return ExpandView(self, self.region(region), max_tokens=max_tokens)

    def context(self, ref: str, max_tokens: int | None = None) -> View:
        return ContextView(self, self.node(ref), max_tokens=max_tokens)

    def grep(self, pattern: str, **options: Any) -> GrepResult:
        """Elements matching ``pattern`` by region (see :func:`domdex.search.api.grep`)."""
        return api.grep(self, pattern, **options)

    def find(self, query: str, **options: Any) -> FindResult:
        """The element ``query`` means (see :func:`domdex.search.api.find`)."""
        return api.find(self, query, **options)


def build_index(snapshot: Snapshot) -> IndexedPage:
    """Index a snapshot, views included: pure, offline, no browser needed."""
    return IndexedPage(snapshot)
