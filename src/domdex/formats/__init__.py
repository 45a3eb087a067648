"""Parsers for snapshots made elsewhere, into domdex's :class:`~domdex.snapshot.Snapshot`.

- Playwright MCP / ``aria_snapshot`` YAML text with ``[ref=…]`` markers (``aria.py``)
- Playwright accessibility-tree dicts and ``AccessibilityRef``-like lists (``axtree.py``)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import SnapshotError
from ..snapshot import Snapshot


def parse_foreign(data: str | Mapping[str, Any] | list[Any]) -> Snapshot:
    """Detect the format of a foreign snapshot and parse it."""
    raise SnapshotError("Foreign snapshot formats are not supported yet.")
