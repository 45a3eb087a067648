"""Waiting for the page: a load state, an element (by ref or by words), text, time."""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, get_args

from ..errors import ActionError, QueryError, RefError
from ..render.elements import element_line
from ..snapshot import parse_ref
from . import backend
from .messages import first_line
from .results import ActionResult
from .waitstates import ElementState, LoadState

if TYPE_CHECKING:
    from .captures import Captures
    from .dialogs import DialogPolicy
    from .tab import Tab

__all__ = ["Waits"]


class Waits:
    """``wait(…)`` on a tab: its page is captured through ``captures``; the answer
    carries the dialogs ``dialogs`` answered meanwhile."""

    def __init__(self, captures: Captures, dialogs: DialogPolicy) -> None:
        self.captures = captures
        self.dialogs = dialogs

    async def wait(self, t: Tab, *, load: LoadState | None = None, ref: str | None = None,
                   query: str | None = None, text: str | None = None,
                   state: ElementState = "visible", seconds: float | None = None,
                   timeout: float = 10.0) -> ActionResult:
        """Wait for a load state, an element (by ref or query), some text, or a time."""
        from playwright.async_api import Error as PlaywrightError

        start = time.monotonic()
        ms = timeout * 1000
        what = ""
        try:
            if seconds is not None:
                await asyncio.sleep(min(seconds, timeout))
                what = f"{seconds:g} s"
            elif load is not None:
                if load not in get_args(LoadState):  # a caller that is not type-checked
                    raise QueryError("load must be load, domcontentloaded or networkidle.")
                await t.pw.wait_for_load_state(load, timeout=ms)
                what = f"load state {load}"
            elif text is not None:
                await t.pw.get_by_text(text).first.wait_for(state=state, timeout=ms)
                what = f"text {text!r} is {state}"
            elif ref is not None:
                loc = backend.locator(t.page, parse_ref(ref))
                if loc is None:
                    raise RefError(f"@{parse_ref(ref)} is not on the page's latest capture.",
                                   ref=ref)
                await loc.wait_for(state=state, timeout=ms)
                what = f"@{parse_ref(ref)} is {state}"
            elif query is not None:
                what = await self._wait_query(t, query, timeout)
            else:
                raise QueryError("wait needs one of: load, ref, query, text, seconds.")
        except PlaywrightError as exc:
            waited = time.monotonic() - start
            raise ActionError(f"Waited {waited:.1f} s and gave up: {first_line(exc)}") from exc
        waited = time.monotonic() - start
        return ActionResult("wait", url=t.pw.url, dialogs=self.dialogs.drain(),
                            message=f"WAITED {waited:.1f} s: {what}.")

    async def _wait_query(self, t: Tab, query: str, timeout: float) -> str:
        from ..search.api import find

        deadline = time.monotonic() + timeout
        while True:
            idx = await self.captures.capture(t)
            result = find(idx, query)
            if result.ref is not None and result.confidence != "low":
                t.show(idx)
                t.remember(idx, result.ref, query=query, score=result.score)
                return f"{element_line(idx.node(result.ref))} is there"
            if time.monotonic() > deadline:
                raise ActionError(f"Waited {timeout:g} s: nothing matching {query!r} appeared.")
            await asyncio.sleep(0.25)
