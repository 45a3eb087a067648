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
from typing import Any

from .deadline import with_deadline
from .devtools import session_of

__all__ = ["install"]

log = logging.getLogger(__name__)

#: Event types whose listener makes an element a click target (a drag handle listens
#: for the pointer going down, a menu often for mousedown).
CLICK_EVENTS = ("click", "mousedown", "mouseup", "pointerdown", "pointerup", "dblclick",
                "touchstart")

#: Kept on the window. ``getEventListeners`` exists only in this evaluation's scope, so
#: the function closes over it. What the page can reach is the function, which answers
#: booleans: the listener map it gets is walked with ``for … in`` and its values are
#: never read (a getter the page put on ``Object.prototype`` would be handed the map and
#: its listeners), and the event types sit in an object without a prototype. A value the
#: page put there first is replaced (one it made unreplaceable stays: the page lies about
#: its own elements, as a ``cursor: pointer`` on everything would).
_INSTALL = """(() => {
  const k = Symbol.for("domdex.listens");
  // a page that defines its own getEventListeners shadows the console's: then there is
  // no probe (a page bent on lying could spoof this too, as it could style every
  // element with a pointer cursor: it lies about its own elements only)
  const g = getEventListeners;
  if (typeof g !== "function" || !String(g).includes("[Command Line API]")) return 0;
  const types = { __proto__: null, TYPES };
  const probe = (el) => {
    const l = g(el);
    for (const t in l) if (types[t] === 1) return true;
    return false;
  };
  try {
    Object.defineProperty(window, k, { value: probe, enumerable: false, configurable: true,
                                       writable: false });
  } catch (e) { return 0; }
  return 1;
})()""".replace("TYPES", ", ".join(f"{t}: 1" for t in CLICK_EVENTS))

#: How long the probe's install may take before capture goes on without it.
INSTALL_DEADLINE = 2.0


async def install(page: Any) -> bool:
    """Make sure the main frame's window has the listener probe; False if it cannot.

    ``page`` is a Playwright Page, async or sync (its async view is used: a sync call
    here would wait on the event loop it runs on, for ever). Never raises: the probe is
    a refinement, and a capture without it is the capture domdex made before it existed.
    """
    try:
        session = await session_of(page)
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
