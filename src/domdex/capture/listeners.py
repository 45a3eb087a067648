"""Which elements a script made clickable: the DevTools protocol's view of listeners.

Many controls carry no role, no ``href``, no ``onclick`` attribute and no pointer cursor
until hovered: an icon ``<span class="reply">`` whose handler was bound with
``addEventListener`` (jQuery's ``.on("click")`` among them). Nothing a page script can
read tells it apart from a decorative span, but the browser knows its listeners, and
the DevTools protocol's command-line API asks it: ``getEventListeners(el)``, available
only to an expression evaluated with ``includeCommandLineAPI``.

:func:`install` evaluates such an expression once per window (capture calls it before
its first walk there, when it installs capture.js itself), which keeps a small
function on the window under ``Symbol.for("domdex.listens")``: given an element, it
answers one boolean (has it a click-like listener of its own?) and nothing more, so a
page script that finds it learns no more than that. capture.js calls it for elements
that nothing else marks as interactive, and keeps only small targets (a listener on a
container is how pages delegate clicks to its items).

It is Chromium's protocol: on a browser or connection without it, and for child frames
(their windows are other execution contexts), capture goes on without the probe, as it
did before; a page that does not answer in time is not waited on.
"""

from __future__ import annotations

import logging
import weakref
from typing import Any

from .deadline import with_deadline

__all__ = ["install"]

log = logging.getLogger(__name__)

#: Event types whose listener makes an element a click target (a drag handle listens
#: for the pointer going down, a menu often for mousedown).
CLICK_EVENTS = ("click", "mousedown", "mouseup", "pointerdown", "pointerup", "dblclick",
                "touchstart")

#: Kept on the window, idempotent: evaluated again on a document that has it, it does
#: nothing. ``getEventListeners`` exists only in this evaluation's scope, so the
#: function closes over it.
_INSTALL = """(() => {
  const k = Symbol.for("domdex.listens");
  if (window[k]) return 0;
  const g = getEventListeners;
  const types = %s;
  Object.defineProperty(window, k, {
    value: (el) => { const l = g(el); for (const t of types) if (l[t]) return true;
                     return false; },
    enumerable: false, configurable: true });
  return 1;
})()""" % ("[" + ", ".join(f'"{t}"' for t in CLICK_EVENTS) + "]")

#: How long the probe's install may take before capture goes on without it.
INSTALL_DEADLINE = 2.0

#: One DevTools session per page, or None where the browser refused one.
_sessions: weakref.WeakKeyDictionary[Any, Any] = weakref.WeakKeyDictionary()


async def install(page: Any) -> bool:
    """Make sure the main frame's window has the listener probe; False if it cannot.

    ``page`` is an async Playwright Page. Never raises: the probe is a refinement, and a
    capture without it is the capture domdex made before it existed.
    """
    key = getattr(page, "_impl_obj", page)
    try:
        session = _sessions.get(key, False)
        if session is False:
            try:
                session = await with_deadline(page.context.new_cdp_session(page),
                                              INSTALL_DEADLINE, page.url, "listener probe")
            except Exception as exc:  # not Chromium, or a connection that refuses it
                log.debug("capture: no DevTools session for the listener probe (%s)", exc)
                session = None
            _sessions[key] = session
        if session is None:
            return False
        await with_deadline(
            session.send("Runtime.evaluate", {"expression": _INSTALL,
                                              "includeCommandLineAPI": True,
                                              "returnByValue": True, "silent": True}),
            INSTALL_DEADLINE, page.url, "listener probe")
        return True
    except Exception as exc:  # a closed page, a busy one: capture goes on without it
        log.debug("capture: listener probe not installed (%s)", exc)
        return False
