"""domdex: a semantic index of a live web page for AI browser agents.

The public API lives here and nowhere else; everything else is private to the package.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import index as _index_package  # noqa: F401  (first: see ``index`` below)
from .lazy import exports as _exports

if TYPE_CHECKING:
    from .browser import (
        AsyncBrowser,
        AsyncPage,
        Browser,
        Page,
        async_launch,
        attach,
        connect,
        launch,
    )
    from .errors import (
        ActionError,
        BrowserError,
        ClosedError,
        ConfigError,
        DomdexError,
        NavigationError,
        QueryError,
        RefError,
        RegionNotFoundError,
        SnapshotError,
        StaleRefError,
    )
    from .formats import load_snapshot
    from .index import PageIndex, Region
    from .indexed import IndexedPage, build_index
    from .options import BrowserOptions
    from .render import View
    from .render.find import FindResult
    from .render.grep import GrepResult
    from .render.read import ReadResult
    from .search.api import find, grep
    from .session import ActionResult, AsyncSession, Session, SessionOptions
    from .snapshot import Box, FrameInfo, Node, Option, Snapshot, parse_ref
    from .text.store import KnowledgeStore
    from .tokens import count_tokens

#: Where each public name lives; it is imported on first use (:mod:`domdex.lazy`).
_LAZY = {
    ".browser": (
        "AsyncBrowser", "AsyncPage", "Browser", "Page", "async_launch", "attach",
        "connect", "launch",
    ),
    ".errors": (
        "ActionError", "BrowserError", "ClosedError", "ConfigError", "DomdexError",
        "NavigationError", "QueryError", "RefError", "RegionNotFoundError",
        "SnapshotError", "StaleRefError",
    ),
    ".formats": ("load_snapshot",),
    ".index": ("PageIndex", "Region"),
    ".indexed": ("IndexedPage", "build_index"),
    ".options": ("BrowserOptions",),
    ".render": ("View",),
    ".render.find": ("FindResult",),
    ".render.grep": ("GrepResult",),
    ".render.read": ("ReadResult",),
    ".search.api": ("find", "grep"),
    ".session": ("ActionResult", "AsyncSession", "Session", "SessionOptions"),
    ".snapshot": ("Box", "FrameInfo", "Node", "Option", "Snapshot", "parse_ref"),
    ".text.store": ("KnowledgeStore",),
    ".tokens": ("count_tokens",),
}
__getattr__, __dir__ = _exports(globals(), _LAZY)


def index(snapshot: Snapshot) -> IndexedPage:
    """``domdex.index(snapshot)``: index a snapshot offline (:func:`build_index`).

    It shadows the subpackage's name on purpose (``from domdex.index import …`` still
    reaches the subpackage), which is why that subpackage is imported above: importing
    it later would set the package's ``index`` to it.
    """
    from .indexed import build_index

    return build_index(snapshot)


__version__ = "0.1.0"

__all__ = [
    "ActionError",
    "ActionResult",
    "AsyncBrowser",
    "AsyncPage",
    "AsyncSession",
    "Box",
    "Browser",
    "BrowserError",
    "BrowserOptions",
    "ClosedError",
    "ConfigError",
    "DomdexError",
    "FindResult",
    "FrameInfo",
    "GrepResult",
    "IndexedPage",
    "KnowledgeStore",
    "NavigationError",
    "Node",
    "Option",
    "Page",
    "PageIndex",
    "QueryError",
    "ReadResult",
    "RefError",
    "Region",
    "RegionNotFoundError",
    "Session",
    "SessionOptions",
    "Snapshot",
    "SnapshotError",
    "StaleRefError",
    "View",
    "__version__",
    "async_launch",
    "attach",
    "build_index",
    "connect",
    "count_tokens",
    "find",
    "grep",
    "index",
    "launch",
    "load_snapshot",
    "parse_ref",
]
