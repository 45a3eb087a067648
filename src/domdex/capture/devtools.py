"""One DevTools (CDP) session per page, opened on first use and kept with the page.

Playwright speaks the protocol for its own needs; a few things domdex asks the browser
need a session of their own: the listener probe (:mod:`.listeners`), and the count of
windows a page has opened (:func:`page_targets`), which the browser knows before
Playwright has finished making a page of them. Opening a session is a round trip, so it
is opened once per page; a browser or connection without the protocol gets ``None``
once, and callers go on without it.
"""

from __future__ import annotations

import logging
import weakref
from typing import Any

from .asyncapi import as_async
from .deadline import with_deadline

log = logging.getLogger("domdex.capture")

__all__ = ["page_targets", "session_of"]

#: How long opening a session, or one command on it, may take.
DEADLINE = 2.0

#: One session per page (by its Playwright implementation object), or None where the
#: browser refused one.
_sessions: weakref.WeakKeyDictionary[Any, Any] = weakref.WeakKeyDictionary()

#: The browser context id of each page's target, asked once.
_contexts: weakref.WeakKeyDictionary[Any, str] = weakref.WeakKeyDictionary()


def _key(page: Any) -> Any:
    return getattr(page, "_impl_obj", page)


async def session_of(page: Any) -> Any | None:
    """The page's DevTools session (async API), or None where there is none.

    ``page`` is a Playwright Page, async or sync (its async view is used: a sync call
    here would wait on the event loop it runs on). Raises only what a closed or busy
    page raises while the session opens; a refusal is remembered as None.
    """
    page = as_async(page)
    key = _key(page)
    session = _sessions.get(key, False)
    if session is False:
        try:
            context = as_async(page.context)
            session = as_async(await with_deadline(context.new_cdp_session(page), DEADLINE,
                                                   page.url, "DevTools session"))
        except Exception as exc:  # not Chromium, or a connection that refuses it
            log.debug("capture: no DevTools session (%s)", exc)
            session = None
        _sessions[key] = session
    return session


async def page_targets(page: Any) -> frozenset[str] | None:
    """The ids of the browser's pages in ``page``'s browser context, as the browser
    counts them now: a window a click opened is among them before Playwright reports
    the page. A prerendered page (a target with a subtype) is no window. None where
    the protocol does not answer (in time)."""
    page = as_async(page)
    try:
        session = await session_of(page)
        if session is None:
            return None
        key = _key(page)
        context = _contexts.get(key)
        if context is None:
            info = await with_deadline(session.send("Target.getTargetInfo"), DEADLINE,
                                       page.url, "target info")
            context = _contexts[key] = str(info["targetInfo"].get("browserContextId", ""))
        found = await with_deadline(session.send("Target.getTargets"), DEADLINE, page.url,
                                    "targets")
        return frozenset(t["targetId"] for t in found.get("targetInfos", ())
                         if t.get("type") == "page" and not t.get("subtype")
                         and t.get("browserContextId", "") == context)
    except Exception as exc:  # a closed page, a busy one: the caller guesses by time
        log.debug("capture: the browser's targets not read (%s)", exc)
        return None
