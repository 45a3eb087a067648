"""JavaScript dialogs (alert / confirm / prompt / beforeunload) handled by a policy.

A dialog blocks the page until someone answers it, and an agent cannot answer in the
middle of a click. So the session answers at once — by its policy, or by the answer
the agent set for the next dialog — and reports what happened in its next response
("DIALOG confirm "Clear your browsing history?" → accepted").

A page can open dialogs for ever (``setInterval(() => alert('x'), 20)``, or
``for (;;) alert('x')``), which would keep every later call waiting and fill the log.
So dialogs are rate-limited per page:

- after :data:`FLOOD_COUNT` dialogs within :data:`FLOOD_WINDOW` seconds the page's
  scripts are stopped (CDP ``Emulation.setScriptExecutionDisabled``: no timer or handler
  runs again): the page stays, as it is, readable;
- a page whose dialogs go on even so (a synchronous loop, which holds its renderer
  inside the dialogs) has its running script ended (``Runtime.terminateExecution``)
  after half of :data:`HOPELESS_COUNT` more, and its tab closed after
  :data:`HOPELESS_COUNT` more;
- the log repeats nothing: a run of the same dialog is one event with a count, and at
  most :data:`MAX_EVENTS` events wait for the next response, the older ones summed up
  ("3,176 alerts accepted, last: 'forever'").
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from dataclasses import dataclass, replace
from typing import Any, Literal

logger = logging.getLogger("domdex")

__all__ = ["DialogEvent", "DialogPolicy", "Policy"]

Policy = Literal["accept", "dismiss"]

#: Dialogs within FLOOD_WINDOW seconds that make a flood (no page needs that many).
FLOOD_COUNT = 10
FLOOD_WINDOW = 5.0
#: Dialogs after the scripts were stopped that close the tab.
HOPELESS_COUNT = 20
#: Events kept for the next response; older ones are summed up in one line.
MAX_EVENTS = 10
#: On a stopped page, an action waits for QUIET_FOR seconds without a dialog (at most
#: QUIET_MOST seconds) before it starts.
QUIET_FOR = 0.3
QUIET_MOST = 2.0
#: Seconds the CDP calls that stop a page's scripts may take.
STOP_DEADLINE = 5.0


@dataclass(frozen=True, slots=True)
class DialogEvent:
    """One dialog the page opened (``count`` times in a row) and how it was answered.

    ``type`` ``"flood"`` is domdex's own notice that it stopped a page's scripts or
    closed its tab (``advice``: shown outside the page's fence).
    """

    type: str
    message: str
    accepted: bool
    text: str | None = None
    url: str = ""
    count: int = 1

    @property
    def advice(self) -> bool:
        return self.type == "flood"

    def line(self) -> str:
        if self.advice:
            return self.message
        if self.type == "summary":
            return f"DIALOGS: {self.message}"
        answer = "accepted" if self.accepted else "dismissed"
        typed = f" with {self.text!r}" if self.text is not None and self.accepted else ""
        times = f" ×{self.count:,}" if self.count > 1 else ""
        return (f'DIALOG {self.type} "{" ".join(self.message.split())[:200]}" → '
                f"{answer}{typed}{times}")

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "message": self.message, "accepted": self.accepted,
                "text": self.text, "url": self.url, "count": self.count}

    def same_as(self, other: DialogEvent) -> bool:
        return (self.type, self.message, self.accepted, self.text, self.url) == \
            (other.type, other.message, other.accepted, other.text, other.url)


@dataclass(slots=True)
class _PageWatch:
    """Recent dialog times of one page, and what was done about a flood."""

    times: deque[float]
    stopped_at: int = 0  # dialogs seen when its scripts were stopped (0: not stopped)
    seen: int = 0
    closed: bool = False


class DialogPolicy:
    """Answers dialogs: the session's policy, or a one-shot answer set for the next one.

    ``alert`` can only be acknowledged; ``confirm``/``prompt``/``beforeunload`` follow
    the policy. Events queue up until :meth:`drain` hands them to the next response.
    """

    def __init__(self, policy: Policy = "accept", prompt_text: str | None = None) -> None:
        self.policy: Policy = policy
        self.prompt_text = prompt_text
        self._next: tuple[bool, str | None] | None = None
        self._events: list[DialogEvent] = []
        self._dropped: list[DialogEvent] = []
        self._pages: dict[int, _PageWatch] = {}
        self._tasks: set[asyncio.Task[Any]] = set()

    def answer_next(self, accept: bool, text: str | None = None) -> None:
        """Answer only the next dialog this way (then the policy applies again)."""
        self._next = (accept, text)

    async def handle(self, dialog: Any) -> None:
        """The Playwright ``dialog`` event handler."""
        kind = dialog.type
        accept, text = self._next if self._next is not None else \
            (self.policy == "accept", self.prompt_text)
        self._next = None
        if kind == "alert":
            accept = True
        if kind != "prompt":
            text = None
        elif text is None:
            text = dialog.default_value
        page = getattr(dialog, "page", None)
        self._watch(page)  # before answering: a stop must be on its way first
        try:
            if accept:
                await dialog.accept(text) if text is not None else await dialog.accept()
            else:
                await dialog.dismiss()
        except Exception as exc:  # the page closed while the dialog was open
            logger.debug("%s dialog answer failed: %r", kind, exc)
        url = getattr(page, "url", "") if page is not None else ""
        self._record(DialogEvent(kind, dialog.message, accept, text, url))
        logger.debug("dialog %s %r %s", kind, dialog.message,
                      "accepted" if accept else "dismissed")

    def stopped(self, page: Any) -> bool:
        """Were ``page``'s scripts stopped for a flood? (Nothing on it reacts any more.)"""
        w = self._pages.get(id(page))
        return w is not None and bool(w.stopped_at)

    async def quiet(self, page: Any, calm: float = QUIET_FOR, most: float = QUIET_MOST) -> None:
        """On a page whose scripts were stopped, wait until no dialog has opened for
        ``calm`` seconds (at most ``most``): alerts its renderer queued before the stop
        still arrive, and one that opens while a click starts a navigation cannot be
        answered any more (Chromium: "Not attached to an active page"), which blocks it."""
        w = self._pages.get(id(page))
        if w is None or not w.stopped_at:
            return
        end = time.monotonic() + most
        while w.times and time.monotonic() < end:
            idle = time.monotonic() - w.times[-1]
            if idle >= calm:
                return
            await asyncio.sleep(calm - idle)

    def drain(self) -> list[DialogEvent]:
        """Events since the last drain, oldest first (older ones summed up in one)."""
        out, self._events = self._events, []
        dropped, self._dropped = self._dropped, []
        if dropped:
            out.insert(0, _summary(dropped))
        return out

    # -- the log -----------------------------------------------------------------------
    def _record(self, event: DialogEvent) -> None:
        last = self._events[-1] if self._events else None
        if last is not None and last.same_as(event):
            self._events[-1] = replace(last, count=last.count + event.count)
            return
        self._events.append(event)
        if len(self._events) > MAX_EVENTS:  # keep the notices; sum up the oldest dialog
            oldest = next(i for i, e in enumerate(self._events) if not e.advice)
            self._dropped.append(self._events.pop(oldest))

    # -- the rate limit ----------------------------------------------------------------
    def _watch(self, page: Any) -> None:
        if page is None:
            return
        w = self._pages.setdefault(id(page), _PageWatch(deque(maxlen=FLOOD_COUNT)))
        now = time.monotonic()
        w.times.append(now)
        w.seen += 1
        if w.closed:
            return
        if not w.stopped_at and len(w.times) == FLOOD_COUNT and now - w.times[0] <= FLOOD_WINDOW:
            w.stopped_at = w.seen
            self._spawn(self._stop_scripts(page, w.seen))
        elif w.stopped_at and w.seen - w.stopped_at >= HOPELESS_COUNT:
            w.closed = True
            self._spawn(self._close(page, w.seen))
        elif w.stopped_at and w.seen - w.stopped_at == HOPELESS_COUNT // 2:
            self._spawn(self._terminate(page))

    def _spawn(self, coro: Any) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _stop_scripts(self, page: Any, seen: int) -> None:
        """Stop the page's running script and any later one (timers, handlers)."""
        self._record(DialogEvent(
            "flood", f"STOPPED SCRIPTS: the page opened {seen} dialogs within "
            f"{FLOOD_WINDOW:g} s, so domdex stopped its scripts (the page stays as it is, "
            "readable; reload it to run them again).", True))
        await _send(page, ("Emulation.setScriptExecutionDisabled", {"value": True}))

    async def _terminate(self, page: Any) -> None:
        """End the script that is running now (a loop that opens dialogs without end).

        Why not at once with the stop: it ends whatever runs in the page's world at that
        moment, Playwright's own code included, and an action in flight then hangs.
        """
        await _send(page, ("Runtime.terminateExecution", None),
                    ("Emulation.setScriptExecutionDisabled", {"value": True}))

    async def _close(self, page: Any, seen: int) -> None:
        """Close a tab whose dialogs go on after its scripts were stopped."""
        self._record(DialogEvent(
            "flood", f"CLOSED TAB: the page kept opening dialogs ({seen} in all) in a loop "
            "that stopping its scripts could not end, so domdex closed its tab. Open the "
            "page again only if you must; it will do the same.", True, url=page.url))
        try:
            await page.close(run_before_unload=False)
        except Exception as exc:
            logger.debug("closing a flooding page failed: %r", exc)


async def _send(page: Any, *commands: tuple[str, dict[str, Any] | None]) -> None:
    """Send CDP ``commands`` to ``page`` together, for at most :data:`STOP_DEADLINE`.

    Not awaited in turn: the script-disabling command waits for the renderer, which a
    terminateExecution sent alongside frees.
    """
    try:
        cdp = await page.context.new_cdp_session(page)
        sends = [asyncio.ensure_future(cdp.send(name, params) if params else cdp.send(name))
                 for name, params in commands]
        await asyncio.wait(sends, timeout=STOP_DEADLINE)
        for s in sends:
            if s.done() and not s.cancelled():
                s.exception()  # retrieved: a closed page is not an error here
    except Exception as exc:
        logger.debug("stopping a page's scripts failed: %r", exc)


def _summary(dropped: list[DialogEvent]) -> DialogEvent:
    """One event for many: '3,176 dialogs answered (alert ×3,176), last: "forever"'."""
    total = sum(e.count for e in dropped)
    last = dropped[-1]
    types = sorted({e.type for e in dropped})
    message = (f"{total:,} earlier dialogs ({'/'.join(types)}) answered, last: "
               f"{' '.join(last.message.split())[:80]!r}")
    return DialogEvent("summary", message, last.accepted, None, last.url, count=1)
