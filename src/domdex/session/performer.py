"""Doing one action on a tab: on an element by ref, or a key pressed on the page.

An element that is covered, disabled or hidden is refused at once with the reason (and,
for a hidden one, the control the page declares to show it) instead of after
Playwright's whole timeout; after acting, the page is given time to react.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING, Any

from ..capture.deadline import FrameUnanswered, evaluate_in
from ..errors import ActionError, BrowserError, StaleRefError
from ..index.reveal import revealer
from ..render.elements import element_line, ref_and_name
from . import backend
from .actions import NEEDS, blocked, blocked_message, expected, explain, script, state_after
from .actions import perform as perform_on
from .messages import first_line

if TYPE_CHECKING:
    from ..index import PageIndex
    from .dialogs import DialogPolicy
    from .options import SessionOptions
    from .tab import Tab

logger = logging.getLogger("domdex")

__all__ = ["Performer"]

#: How long a covered, disabled or hidden element is watched before the action is
#: refused (Playwright itself would wait for the whole action timeout).
FAIL_FAST_MS = 1000.0


#: Actions whose element is judged again as they are made (its row still the one resolved).
_GUARDED = frozenset({"click", "check", "uncheck", "fill", "type", "press", "select"})


class Performer:
    """Performs actions with ``options``' timeouts; a page whose scripts ``dialogs``
    stopped (a dialog flood) is not waited for."""

    def __init__(self, options: SessionOptions, dialogs: DialogPolicy) -> None:
        self.options = options
        self.dialogs = dialogs

    async def element_now(self, t: Tab, idx: PageIndex, ref: str) -> str:
        """The target's line with the value / checked / selected it has after acting."""
        node = idx.node(ref)
        loc = backend.locator(t.page, ref)
        return element_line(await state_after(loc, node) if loc is not None else node)

    async def perform(self, t: Tab, action: str, ref: str | None, value: Any,
                      timeout: float | None, idx: PageIndex | None = None) -> str:
        """Do ``action`` on ``ref`` (None: press the key ``value`` on the page); the
        note the action itself answers with, if any. ``idx``: the capture ``ref`` was
        resolved in, whose row for it a click checks again as it clicks."""
        from playwright.async_api import Error as PlaywrightError
        from playwright.async_api import TimeoutError as PlaywrightTimeout

        if ref is None:  # a key pressed on the page: shortcuts, Escape, PageDown …
            await self._press_page(t, value, timeout)
            return ""
        loc = backend.locator(t.page, ref)
        if loc is None:  # the tab navigated between resolving the ref and acting
            raise StaleRefError(f"@{ref} no longer resolves: the page changed. Nothing was "
                                "done; look again (regions / find).", ref=ref)
        ms = (timeout if timeout is not None else self.options.action_timeout) * 1000
        t.dirty = True  # hover, focus and CSS states change without a mutation
        facts = await self._fail_fast(t, loc, action, ref, min(ms, FAIL_FAST_MS))
        try:
            expect = expected(idx, ref) if action in _GUARDED else None
            return await perform_on(loc, action, value, ms, ref, expect, facts)
        except PlaywrightTimeout as exc:
            facts = await explain(loc)
            raise ActionError(self._blocked(t, action, ref, facts)) from exc
        except PlaywrightError as exc:
            if t.pw.is_closed():
                raise BrowserError(f"Tab {t.id} was closed during {action}.") from exc
            raise ActionError(f"Cannot {action} @{ref}: {first_line(exc)}") from exc

    async def _press_page(self, t: Tab, key: Any, timeout: float | None) -> None:
        from playwright.async_api import Error as PlaywrightError

        if not key:
            raise ActionError("press needs a key, such as Escape, PageDown or Control+K.")
        t.dirty = True
        try:
            await asyncio.wait_for(t.pw.keyboard.press(str(key)),
                                   timeout if timeout is not None else
                                   self.options.action_timeout)
        except TimeoutError as exc:
            raise ActionError(f"Pressing {key} did not finish in time; a dialog may be "
                              "open (dialogs).") from exc
        except PlaywrightError as exc:
            raise ActionError(f"Cannot press {key!r}: {first_line(exc)}. Keys are named "
                              "like Enter, Escape, ArrowDown, Control+A.") from exc

    def _blocked(self, t: Tab, action: str, ref: str, facts: dict[str, Any] | None) -> str:
        """Why the action could not be done; for a hidden element, the control the page
        declares to show it (read from the last capture: no call into the page)."""
        opener = ""
        idx = t.latest or t.shown
        if facts is not None and facts.get("connected", True) and not facts.get("visible") \
                and idx is not None and (pos := idx.tree.pos.get(ref)) is not None:
            at = revealer(idx, pos)
            if at is not None:
                opener = ref_and_name(idx.nodes[at])
        return blocked_message(action, ref, facts, opener)

    async def _fail_fast(self, t: Tab, loc: Any, action: str, ref: str, ms: float
                         ) -> dict[str, Any] | None:
        """Say at once that an element is covered, disabled or hidden; what was seen of
        it otherwise (None when the action needs nothing of it).

        Playwright would retry until the action timeout; a blocked element usually
        stays blocked (a consent banner does not leave by itself), so it is looked at
        for a short while and the action refused with the reason.
        """
        if action not in NEEDS:
            return None
        deadline = time.monotonic() + ms / 1000
        while True:
            facts = await explain(loc)
            if not blocked(action, facts):
                return facts
            if time.monotonic() >= deadline:
                raise ActionError(self._blocked(t, action, ref, facts))
            await asyncio.sleep(0.1)

    async def settle(self, t: Tab) -> None:
        """Let the page react: a started navigation loads, handlers render."""
        from playwright.async_api import Error as PlaywrightError

        if t.pw.is_closed():
            return
        try:
            await t.pw.wait_for_load_state("load", timeout=self.options.navigation_timeout
                                           * 1000)
            if self.dialogs.stopped(t.pw):
                return  # its scripts were stopped: nothing reacts, and no frame comes
            await evaluate_in(t.pw, script("settle.js"), what="settle", deadline=5.0)
        except FrameUnanswered as exc:  # a page whose script spins: nothing to wait for
            logger.info("settle: %s", exc)
        except PlaywrightError as exc:  # navigating right now: wait for it once more
            logger.debug("settle: %r", exc)
            with contextlib.suppress(PlaywrightError):
                await t.pw.wait_for_load_state("load", timeout=5000)
