"""One tab: its page, its captures, what the agent last saw in it and what its refs meant.

A tab remembers the capture behind the agent's last view, the intents behind the refs it
was given, and which document it is on — everything a ref is checked against before an
action. Its methods keep that memory; capturing the page and acting on it are other
parts of the session's (:mod:`~domdex.session.captures`, :mod:`~domdex.session.performer`).
"""

from __future__ import annotations

import asyncio
import dataclasses
import re
import time
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..errors import DomdexError, RefError
from ..indexed import build_index
from .intents import Intent, IntentCache, describe
from .observe import TabLog

if TYPE_CHECKING:
    from ..index import PageIndex
    from ..indexed import IndexedPage
    from ..snapshot import Snapshot

__all__ = ["Tab"]

#: Earlier views of a document kept to describe refs the agent got from them.
SEEN_VIEWS = 2
#: Controls described per view change when their refs die (a re-render of a list).
RETIRE_MAX = 200
#: Refs whose printing view is remembered, per tab.
PRINTED_MAX = 4096
_PRINTED_REF = re.compile(r"@((?:f\d+)?e\d+)\b")


def printed_refs(text: str) -> list[str]:
    """The refs a view's text shows (``@e12``, ``@f1e3``)."""
    return _PRINTED_REF.findall(text)


@dataclass(slots=True, weakref_slot=True)  # the warmer refers to tabs weakly
class Tab:
    """One tab: its page, what the agent last saw, and what its refs meant."""

    id: str
    page: Any  # domdex AsyncPage
    intents: IntentCache
    shown: PageIndex | None = None  # the capture behind the agent's last view
    shown_epoch: int = -1
    #: earlier views of the same document, newest first: the agent may hold their refs
    seen: deque[PageIndex] = field(default_factory=lambda: deque(maxlen=SEEN_VIEWS))
    #: ref -> (when, the capture of the last view that printed it): what the agent
    #: last saw it mean (a recycled node may mean another row in a later capture)
    printed: OrderedDict[str, tuple[float, PageIndex]] = field(default_factory=OrderedDict)
    latest: IndexedPage | None = None
    latest_epoch: int = -1
    #: a capture the user took through the page itself (``page.capture()``), newer than
    #: ``shown``: what the next diff compares with; indexed only then
    user_view: Snapshot | None = None
    epoch: int = 0  # bumped when the main frame loads a new document
    status: int | None = None
    latest_at: float = 0.0
    dirty: bool = True  # an action ran since the last capture: capture again
    nav_error: str | None = None  # why the last main-frame navigation failed
    log: TabLog = field(default_factory=TabLog)  # console messages and requests
    #: actions on this tab run one at a time (each captures, acts, settles, compares)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def pw(self) -> Any:
        return self.page.playwright_page

    # What the agent saw ------------------------------------------------------------
    def show(self, idx: PageIndex) -> None:
        """The agent is about to see refs of ``idx``: they become the valid ones."""
        if self.shown is not None and \
                self.shown.snapshot.document_id != idx.snapshot.document_id:
            self.intents.forget_document(self.shown.snapshot.document_id)
            self.seen.clear()
        if self.shown is not None and self.shown is not idx:
            self._retire(self.shown, idx)
            self.seen.appendleft(self.shown)
        self.shown, self.shown_epoch = idx, self.latest_epoch if self.latest is idx \
            else self.epoch
        self.user_view = None  # this view is newer than the user's own last capture

    def _retire(self, old: PageIndex, new: PageIndex) -> None:
        """Describe the controls whose refs die between two views of one document.

        The agent may still hold them; the descriptor (taken while the element was
        alive) is what a later recovery re-matches. Bounded per transition.
        """
        if old.snapshot.document_id != new.snapshot.document_id:
            return
        doc = old.snapshot.document_id
        gone = [n.ref for n in old.nodes if n.visible and new.snapshot.get(n.ref) is None
                and old.is_interactive(n)]
        for ref in gone[:RETIRE_MAX]:
            if self.intents.get(doc, ref) is None:
                self.remember(old, ref)

    def remember(self, idx: PageIndex, ref: str, *, query: str | None = None,
                 intent: str | None = None, score: float | None = None,
                 acted: bool = False) -> None:
        """Keep what ``ref`` of ``idx`` is (and the words that found it) for recovery.
        ``acted``: domdex just acted on it, so the toggle state ``idx`` shows is no
        longer the one the agent expects (its next click by ref is not held to it)."""
        try:
            desc = describe(idx, ref)
        except RefError:
            return
        if acted:
            desc = dataclasses.replace(desc, toggled=None)
        self.intents.remember(Intent(ref, idx.snapshot.document_id, desc, query, intent,
                                     score, url=idx.snapshot.url))

    def note_printed(self, idx: PageIndex, view: Any, text: str | None = None) -> Any:
        """Note which capture each ref a view prints comes from: what the agent last saw
        a ref mean is what a later action by that ref is checked against. ``text``: the
        view's text when the caller rendered it already (find) or rendering it whole
        would cost too much (a read)."""
        try:
            text = str(view) if text is None else text
        except DomdexError:
            return view
        now = time.monotonic()
        refs = set(printed_refs(text))
        # A find's answer counts, but not the alternatives its text left out: the agent
        # did not see what they mean now, and an old ref of one of them (taken when its
        # node showed another row) must still be compared with what the agent saw then.
        best = getattr(view, "ref", None)
        if isinstance(best, str) and getattr(view, "matches", None) is not None:
            refs.add(best)
        for ref in refs:
            self.printed[ref] = (now, idx)
            self.printed.move_to_end(ref)
        while len(self.printed) > PRINTED_MAX:
            self.printed.popitem(last=False)
        return view

    def indexed(self, snap: Snapshot) -> PageIndex:
        """The user's own capture ``snap`` (``page.capture()``) as an index: the latest
        one when it is that capture, else built for it — not through the region cache,
        whose index for the session's next capture of an unchanged page would carry this
        snapshot, not the page's latest."""
        return self.latest if self.latest is not None and self.latest.snapshot is snap \
            else build_index(snap)

    def before(self) -> PageIndex | None:
        """What a diff compares with: the agent's last view, or the user's own later
        ``page.capture()`` of that same document. A capture of another document is not
        taken: the diff must report the navigation (and showing its result would let the
        previous page's refs, which restart per document, resolve on this one)."""
        user, self.user_view = self.user_view, None
        shown = self.shown
        if user is None or (shown is not None and
                            user.document_id != shown.snapshot.document_id):
            return shown
        return self.indexed(user)

    # What the page did ---------------------------------------------------------------
    def loaded(self) -> None:
        """The main frame loaded a new document: refs of the last one no longer hold."""
        self.epoch += 1

    def navigation_failed(self, request: Any) -> None:
        """Remember why a main-frame navigation failed (unreachable host, refused …)."""
        if self._main_navigation(request):
            self.nav_error = f"{request.url}: {request.failure or 'failed'}"

    def navigation_answered(self, response: Any) -> None:
        if self._main_navigation(response.request):
            self.status = response.status

    def _main_navigation(self, request: Any) -> bool:
        try:
            return bool(request.is_navigation_request()) and \
                request.frame == self.pw.main_frame
        except Exception:  # a request of a frame that is already gone
            return False
