"""The live session: act by ref or by words, recover stale refs safely, diffs, caches.

:class:`AsyncSession` is the one implementation (async, on Playwright); :class:`Session`
is its thin synchronous twin for scripts and notebooks. The MCP server, the HTTP API
and the CLI daemon all drive an :class:`AsyncSession`.
"""

from __future__ import annotations

from .cache import RegionCache
from .core import AsyncSession, SessionStats
from .dialogs import DialogEvent, DialogPolicy
from .intents import Fingerprint, Intent, IntentCache
from .options import SessionOptions
from .recovery import Recovery
from .results import ActionResult, TabInfo
from .sync import Session

__all__ = [
    "ActionResult",
    "AsyncSession",
    "DialogEvent",
    "DialogPolicy",
    "Fingerprint",
    "Intent",
    "IntentCache",
    "Recovery",
    "RegionCache",
    "Session",
    "SessionOptions",
    "SessionStats",
    "TabInfo",
]
