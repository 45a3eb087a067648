"""The states a wait can wait for, by Playwright's own names.

Their own module so that the operations table (which the command line imports without
the session) and the waits share them.
"""

from __future__ import annotations

from typing import Literal

__all__ = ["ElementState", "LoadState"]

#: The load states a wait can wait for.
LoadState = Literal["load", "domcontentloaded", "networkidle"]
#: The states of an element a wait can wait for.
ElementState = Literal["visible", "hidden", "attached", "detached"]
