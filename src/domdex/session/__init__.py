"""The live session: act by ref or by words, recover stale refs safely, diffs, caches.

:class:`AsyncSession` is the one implementation (async, on Playwright); :class:`Session`
is its thin synchronous twin for scripts and notebooks. The MCP server, the HTTP API
and the CLI daemon all drive an :class:`AsyncSession`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import exports as _exports

if TYPE_CHECKING:
    from .cache import RegionCache
    from .core import AsyncSession, SessionStats
    from .dialogs import DialogEvent, DialogPolicy
    from .intents import Fingerprint, Intent, IntentCache
    from .options import SessionOptions
    from .recovery import Recovery
    from .results import ActionResult, TabInfo
    from .sync import Session

#: Where each public name lives; it is imported on first use, so that a module of this
#: package (``operations``, for the command line) imports without the rest of it.
_LAZY = {
    ".cache": ("RegionCache",),
    ".core": ("AsyncSession", "SessionStats"),
    ".dialogs": ("DialogEvent", "DialogPolicy"),
    ".intents": ("Fingerprint", "Intent", "IntentCache"),
    ".options": ("SessionOptions",),
    ".recovery": ("Recovery",),
    ".results": ("ActionResult", "TabInfo"),
    ".sync": ("Session",),
}
__getattr__, __dir__ = _exports(globals(), _LAZY)

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
