"""Every in-page call under a deadline: a frame that does not answer is left out, never waited on.

Why: Playwright waits for a frame's execution context without limit, and a frame whose
document never commits (a request that never answers, an ad slot behind a blocker, a
page opened with JavaScript off) has none; a frame whose script spins (``while(true)``)
never returns. Either one used to hang capture, ``read()``, settle and the rest for
ever. Every call that runs one of our scripts in a page goes through
:func:`evaluate_in`, which gives up after a deadline with :class:`FrameUnanswered`;
callers that walk child frames leave such a frame out and say so (the snapshot's
``left_out`` frames, shown by the overview as "2 frames did not answer and were left
out").

The main frame gets a longer deadline than child frames: a 256k-element page takes
seconds to capture on two busy cores, and a main frame that does not answer fails the
call with a sentence instead of leaving it empty.
"""

from __future__ import annotations

import asyncio
import os
import weakref
from typing import Any

from ..errors import BrowserError

__all__ = ["FRAME_DEADLINE", "MAIN_DEADLINE", "FrameUnanswered", "answered", "evaluate_in",
           "frame_deadline", "with_deadline"]


def _seconds(name: str, default: float) -> float:
    try:
        value = float(os.environ.get(name, default))
    except ValueError:
        return default
    return value if value > 0 else default


#: Seconds a child frame gets to answer one in-page call (``DOMDEX_FRAME_DEADLINE``).
FRAME_DEADLINE = _seconds("DOMDEX_FRAME_DEADLINE", 5.0)
#: Seconds the main frame gets (``DOMDEX_MAIN_DEADLINE``).
MAIN_DEADLINE = _seconds("DOMDEX_MAIN_DEADLINE", 90.0)

#: Child frames (Playwright's own frame objects, held weakly) whose last in-page call got
#: no answer: the next call, by capture, read or anything else, waits a fifth as long.
_SILENT: weakref.WeakSet[Any] = weakref.WeakSet()


class FrameUnanswered(BrowserError):
    """An in-page call that got no answer before its deadline."""

    def __init__(self, url: str, seconds: float, what: str = "script") -> None:
        self.url = url
        self.seconds = seconds
        super().__init__(
            f"The frame {url or '(no URL yet)'} did not answer the {what} within "
            f"{seconds:g} s: it may still be loading, blocked, or running a script that "
            "never ends.")


def _frame_key(frame: Any) -> Any:
    return getattr(frame, "_impl_obj", frame)  # the same for every wrapper of one frame


def answered(frame: Any, yes: bool) -> None:
    """Note whether the child ``frame`` answered its last in-page call."""
    if yes:
        _SILENT.discard(_frame_key(frame))
    else:
        _SILENT.add(_frame_key(frame))


def frame_deadline(target: Any) -> float:
    """The deadline for ``target``: a Page or the main frame gets :data:`MAIN_DEADLINE`,
    a child frame (or an element inside one) :data:`FRAME_DEADLINE`, and a child frame
    that did not answer its last call a fifth of it (at least 0.5 s): a page with a stuck
    ad frame stays quick to capture and read again."""
    frame = getattr(target, "parent_frame", None)
    if frame is not None:  # a child Frame
        if _frame_key(target) in _SILENT:
            return max(0.5, FRAME_DEADLINE / 5)
        return FRAME_DEADLINE
    if hasattr(target, "parent_frame") or hasattr(target, "main_frame"):
        return MAIN_DEADLINE  # the main Frame, or a Page
    return FRAME_DEADLINE


async def with_deadline(awaitable: Any, seconds: float, url: str = "",
                        what: str = "script") -> Any:
    """Await ``awaitable`` for at most ``seconds``; :class:`FrameUnanswered` after that.

    The pending Playwright call is cancelled on our side; its late answer, if one ever
    comes, is dropped.
    """
    try:
        return await asyncio.wait_for(awaitable, seconds)
    except TimeoutError as exc:  # asyncio.TimeoutError is TimeoutError from 3.11
        raise FrameUnanswered(url, seconds, what) from exc


async def evaluate_in(target: Any, script: str, arg: Any = None, *,
                      deadline: float | None = None, what: str = "script", **options: Any
                      ) -> Any:
    """``target.evaluate(script, arg, **options)`` (a Frame, a Page, an ElementHandle or a
    Locator) with a deadline: :func:`frame_deadline` unless ``deadline`` is given."""
    seconds = frame_deadline(target) if deadline is None else deadline
    url = ""
    try:
        url = str(target.url) if hasattr(target, "url") else ""
    except Exception:  # a Locator has no url; a closed page may refuse
        url = ""
    child = getattr(target, "parent_frame", None) is not None
    try:
        result = await with_deadline(target.evaluate(script, arg, **options), seconds, url,
                                     what)
    except FrameUnanswered:
        if child:
            answered(target, False)
        raise
    if child:
        answered(target, True)
    return result
