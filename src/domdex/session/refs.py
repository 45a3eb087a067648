"""Which element a ref names now: checked against what the agent saw, recovered when a
re-render replaced it, refused when that cannot be done safely.

A ref is checked against the document the agent last *saw* (the capture behind its last
view): after a navigation every old ref is refused, even when the new page has an element
with that number. A ref whose element was replaced is re-matched from the tab's intent
cache (:mod:`domdex.session.recovery`) and used only when the match is clear.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from ..errors import RefError, StaleRefError
from ..render.elements import element_line
from ..snapshot import ref_frame
from .intents import Intent, describe, toggled
from .messages import closest, frame_changed, not_recovered, page_changed
from .recovery import Recovery, recover, still_same

if TYPE_CHECKING:
    from ..index import PageIndex
    from ..snapshot import Snapshot
    from .captures import Captures
    from .stats import SessionStats
    from .tab import Tab
    from .tabs import TabRegistry

logger = logging.getLogger("domdex")

__all__ = ["Refs"]


def route(url: str) -> str:
    """The part of an address that says which view a page shows: all but a fragment
    that is only an anchor (``#usage``); a fragment route (``#/users/2``, ``#!/…``) is
    kept. A trailing slash is no difference."""
    base, _, frag = url.partition("#")
    if not frag.startswith(("/", "!")):
        frag = ""
    return base.rstrip("/") + ("#" + frag.rstrip("/") if frag else "")


#: What a toggle of a role is when it is not on, for the refusal of a flipped one.
_OFF = {"checkbox": "checked", "switch": "checked", "radio": "checked",
        "menuitemcheckbox": "checked"}


class Refs:
    """Resolves the refs an agent acts on, in tabs of ``tabs`` captured through
    ``captures``; refusals and recoveries are counted in ``stats``."""

    def __init__(self, tabs: TabRegistry, captures: Captures, stats: SessionStats) -> None:
        self.tabs = tabs
        self.captures = captures
        self.stats = stats

    async def resolve(self, t: Tab, ref: str, action: str | None = None
                      ) -> tuple[str, PageIndex, Recovery | None]:
        """The ref to act on: the given one if live, a safely recovered one, or an error.
        ``action``: a click is also refused on a toggle that flipped since the agent saw
        it (:meth:`_flipped`)."""
        user = t.user_view  # the user's own capture through the page, newer than shown
        if t.shown is None:
            if t.user_view is None:  # the agent has seen nothing of this tab
                raise self._unseen_tab(t, ref)
            fresh = await self.captures.capture(t)  # what the user captured through the page
            if fresh.snapshot.document_id != t.user_view.document_id:
                self.stats.stale_document += 1
                raise StaleRefError(
                    f"@{ref} belongs to the page captured before ({t.user_view.url}); the "
                    f"tab has since loaded a new document ({fresh.snapshot.url}), so its "
                    "refs no longer apply and nothing was done. Look again (regions / "
                    "find) and use the new refs.", ref=ref)
            t.show(fresh)
        shown = t.shown
        assert shown is not None
        if t.epoch != t.shown_epoch:
            self.stats.stale_document += 1
            raise StaleRefError(page_changed(ref, shown, t.pw.url), ref=ref)
        fresh = await self.captures.capture(t)  # the last one when nothing changed since
        self.check_document(t, fresh, ref)
        alive = fresh.snapshot.get(ref) is not None
        if alive and fresh is shown and self._looked_at_now(t, ref, fresh, user):
            return ref, fresh, None  # nothing changed since the agent looked at it
        doc = shown.snapshot.document_id
        intent = t.intents.get(doc, ref)
        seen = t.printed.get(ref)
        if seen is not None and seen[1].snapshot.document_id == doc and \
                seen[1].snapshot.get(ref) is not None and (intent is None or seen[0] > intent.at):
            intent = Intent(ref, doc, describe(seen[1], ref),  # what the agent last saw
                            url=seen[1].snapshot.url)
        if intent is None:
            source = next((i for i in (shown, *t.seen) if i.snapshot.get(ref)), None)
            if source is None and alive:
                return ref, fresh, None  # a ref of a capture the agent did not see
            if source is None:
                raise RefError(closest(fresh, ref) or f"No element @{ref} on this page.",
                               ref=ref)
            intent = Intent(ref, doc, describe(source, ref), url=source.snapshot.url)
        if user is not None and user.document_id == doc and user.get(ref) is not None:
            intent = Intent(ref, doc, describe(t.indexed(user), ref), intent.query,
                            intent.intent, intent.score,
                            url=user.url)  # the element as last seen
        self._same_route(fresh, intent, ref)
        if alive and still_same(fresh, intent, ref):
            if action == "click":
                self._flipped(t, fresh, intent, ref)
            return ref, fresh, None  # the same node, still in the row the agent saw
        rec = recover(fresh, intent, ref)
        if alive and not rec.recovered:
            rec.reason = f"@{ref} now shows another row ({rec.reason})"
        self.stats.recoveries.append(rec)
        if not rec.recovered:
            self.stats.recovery_refused += 1
            raise StaleRefError(not_recovered(rec, intent), ref=ref)
        self.stats.recovered += 1
        logger.info("recovered stale ref %s -> %s (%.2f)", ref, rec.new_ref, rec.score)
        t.show(fresh)
        t.intents.remember(Intent(rec.new_ref or ref, fresh.snapshot.document_id,
                                  describe(fresh, rec.new_ref or ref), intent.query,
                                  intent.intent, intent.score, url=fresh.snapshot.url))
        return rec.new_ref or ref, fresh, rec

    @staticmethod
    def _same_route(fresh: PageIndex, intent: Intent, ref: str) -> None:
        """Refuse a ref handed out at another address of the same document: a one-page
        app that moved from ``/users/1`` to ``/users/2`` (``pushState``, a ``#/`` route)
        shows another record in the same form, told apart only by its values, its title
        or the address itself, and a ref of the first would act on the second (review
        48: *Delete user* deleted Bob for a ref found on Ann's page). A jump to an anchor
        in the page (``#usage``) is no move."""
        if not intent.url or route(intent.url) == route(fresh.snapshot.url):
            return
        raise StaleRefError(
            f"@{ref} was handed out at {intent.url}; the page has since moved to "
            f"{fresh.snapshot.url} (same document: a one-page app's route), where the same "
            "controls may act on another record, so nothing was done. Look again (regions "
            "/ find) and use the new refs.", ref=ref)

    def _flipped(self, t: Tab, fresh: PageIndex, intent: Intent, ref: str) -> None:
        """Refuse a click on a toggle whose state changed since the agent saw it (a
        *Like* now pressed, a switch now on, a section now open), not by domdex's own
        action: the click would now undo what the agent asked (review 47: a ref found by
        "like Ann's post" unliked it). The agent is shown the state it has now, and the
        ref acts on the next click."""
        was = intent.descriptor.toggled
        node = fresh.node(ref)
        now = toggled(node)
        if was is None or now == was:
            return
        t.remember(fresh, ref, query=intent.query, intent=intent.intent, score=intent.score)
        raise StaleRefError(
            f"@{ref} changed since it was looked at: {element_line(node)} was "
            f"{' '.join(was) or 'not ' + _OFF.get(node.role, 'pressed')} and is "
            f"{' '.join(now) or 'not ' + _OFF.get(node.role, 'pressed')} now: a click "
            "would now turn it the other way, so nothing was done. Click it again if that "
            "is what you mean, or look again (find).", ref=ref)

    @staticmethod
    def _looked_at_now(t: Tab, ref: str, fresh: PageIndex, user: Snapshot | None) -> bool:
        """Whether what the agent last saw ``ref`` mean is ``fresh``, the page as it is.

        The page being unchanged since the agent's last view is not enough: that view
        (an overview, a find for something else) need not have printed this ref, which
        the agent took from an earlier view, when the node may have shown another row
        (an app that rewrites its rows in place keeps the nodes). Only a ref printed by
        a view of ``fresh`` itself, or one never printed, found nor seen in the user's
        own capture (nothing to compare it with), is taken as it is; the rest is
        compared with what the agent saw, as after any change.
        """
        if user is not None and user is not fresh.snapshot and user.get(ref) is not None:
            return False
        last = t.printed.get(ref)
        if last is not None:
            return last[1] is fresh
        # printed forgets the oldest refs first; a ref find handed out is still known
        return t.intents.get(fresh.snapshot.document_id, ref) is None

    def _unseen_tab(self, t: Tab, ref: str) -> RefError:
        """A ref on a tab the agent has not looked at: it came from another tab (a popup
        the page opened became the current tab) or from nowhere. Acting on whatever this
        tab numbers the same would be a guess; the refusal says which tab is current, the
        tabs where the ref means something, and how to get back to them."""
        lines = [f"@{ref} is not a ref of tab {t.id} ({t.pw.url}): nothing in that tab has "
                 "been looked at yet, so nothing was done."]
        others = [o for o in self.tabs if o is not t and o.shown is not None
                  and o.shown_epoch == o.epoch and o.shown.snapshot.get(ref) is not None]
        for o in others[:3]:
            assert o.shown is not None
            lines.append(f"In tab {o.id} ({o.pw.url}) @{ref} is "
                         f"{element_line(o.shown.node(ref))}: to act on it, switch to {o.id} "
                         f"first (tabs switch {o.id}), then act again.")
        if t.id == self.tabs.current_id and len(self.tabs) > 1:
            lines.append(f"{t.id} is the current tab (a tab a page opens becomes the current "
                         "one); tabs lists them all.")
        lines.append(f"To act in {t.id}, look at it first (regions / find) and use its refs.")
        return RefError("\n".join(lines), ref=ref)

    def check_document(self, t: Tab, fresh: PageIndex, ref: str) -> None:
        """Refuse a ref of a document the agent was not shown: the page's, or its frame's.

        A frame keeps its id when it loads another document (a wizard step, a srcdoc
        swapped, a link followed inside it) while the page around it stays the same, and
        the new document's refs restart from ``f1e1``: ``f1e3`` would name whatever the
        new document numbered 3. So a frame's document is checked as the page's is.
        """
        shown = t.shown
        if shown is None:
            return
        if shown.snapshot.document_id != fresh.snapshot.document_id:
            self.stats.stale_document += 1
            raise StaleRefError(page_changed(ref, shown, fresh.snapshot.url), ref=ref)
        fid = ref_frame(ref)
        if not fid:
            return
        was = next((f for f in shown.snapshot.frames if f.id == fid), None)
        now = next((f for f in fresh.snapshot.frames if f.id == fid), None)
        if was is not None and now is not None and was.document_id and \
                was.document_id != now.document_id:
            self.stats.stale_document += 1
            raise StaleRefError(frame_changed(ref, fid, was.url, now.url), ref=ref)
