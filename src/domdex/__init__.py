"""domdex: a semantic index of a live web page for AI browser agents.

The public API lives here and nowhere else; everything else is private to the package.
"""

from __future__ import annotations

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

#: ``domdex.index(snapshot)``: index a snapshot offline (shadows the subpackage name on
#: purpose; ``from domdex.index import …`` still reaches the subpackage).
index = build_index

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
