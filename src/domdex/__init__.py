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
from .snapshot import Box, FrameInfo, Node, Option, Snapshot, load_snapshot, parse_ref
from .tokens import count_tokens

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
    "QueryError",
    "RefError",
    "RegionNotFoundError",
    "Snapshot",
    "SnapshotError",
    "StaleRefError",
    "__version__",
    "count_tokens",
    "load_snapshot",
    "parse_ref",
]
