"""domdex: a semantic index of a live web page for AI browser agents.

The public API lives here and nowhere else; everything else is private to the package.
"""

from __future__ import annotations

from .errors import (
    ActionError,
    BrowserError,
    DomdexError,
    NavigationError,
    QueryError,
    RefError,
    RegionNotFoundError,
    SnapshotError,
    StaleRefError,
)
from .index import PageIndex, Region, build_index
from .render import View
from .snapshot import Box, FrameInfo, Node, Option, Snapshot, load_snapshot, parse_ref
from .tokens import count_tokens

#: ``domdex.index(snapshot)``: index a snapshot offline (shadows the subpackage name on
#: purpose; ``from domdex.index import …`` still reaches the subpackage).
index = build_index

__version__ = "0.1.0"

__all__ = [
    "ActionError",
    "Box",
    "BrowserError",
    "DomdexError",
    "FrameInfo",
    "NavigationError",
    "Node",
    "Option",
    "PageIndex",
    "QueryError",
    "RefError",
    "Region",
    "RegionNotFoundError",
    "Snapshot",
    "SnapshotError",
    "StaleRefError",
    "View",
    "__version__",
    "build_index",
    "count_tokens",
    "index",
    "load_snapshot",
    "parse_ref",
]
