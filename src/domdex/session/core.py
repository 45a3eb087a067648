"""The live session: tabs, navigation, views, actions by ref or by words, waits, diffs.

One :class:`AsyncSession` drives one browser (launched, or reached over CDP). Every
front end — the Python API, the MCP server, the HTTP API, the CLI daemon — calls the
same methods, so an agent gets the same answers everywhere.

The session is made of components, each given what it uses and held as an attribute
(``link``, ``registry``, ``captures``, ``navigator``, ``refs``, ``performer``,
``downloader``, ``files``, ``waits``, ``shots``; what each tab remembers is its
:class:`~domdex.session.tab.Tab`'s). Its own work is the views and the flow of an
action: find or resolve the target, act, settle, answer (with a diff).

Refs never lie:

- a ref is checked against the document the agent last *saw* (the capture behind its
  last view). After a navigation every old ref is refused with a message saying the
  page changed, even when the new page happens to have an element with that number;
- a ref whose element was replaced by a re-render is re-matched from the intent
  cache (query + descriptor) and acted on only when the match clears the confidence
  gate and is unambiguous (:mod:`domdex.session.recovery`); otherwise the call fails
  with the candidates;
- navigation errors, closed tabs and blocked elements are reported as what they are.

Snapshots refresh themselves: every view and every action that needs the page's
current state captures it first; captures are cheap next to a model's round trip.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal, TypedDict, Unpack

from ..diff import diff as diff_indexes
from ..errors import (
    ActionError,
    DomdexError,
    NavigationError,
)
from ..index import PageIndex
from ..index.reveal import closed_opener
from ..indexed import IndexedPage
from ..options import BrowserOptions
from ..render.diff import DiffView, FirstLookView
from ..render.elements import element_line
from ..snapshot import Snapshot, parse_ref
from . import backend
from .actions import (
    ACTIONS,
    CHANGES_STATE,
    INTENT_OF,
    select_value,
)
from .ambiguity import doubt, nowhere, refusal, rivals, unmet
from .cache import RegionCache
from .captures import Captures
from .dialogs import DialogPolicy, Policy
from .downloads import Downloads, DownloadsView
from .files import Files
from .navigator import Navigator
from .observe import LogView
from .options import SessionOptions
from .performer import Performer
from .recovery import Recovery
from .refs import Refs
from .results import ActionResult, DownloadInfo, TabInfo
from .revive import BrowserLink
from .shots import Screenshots
from .stats import SessionStats
from .tab import Tab, printed_refs
from .tabs import TabRegistry
from .waits import Waits
from .waitstates import ElementState, LoadState
from .warmer import Warmer

logger = logging.getLogger("domdex")

__all__ = ["AsyncSession", "SessionStats"]



class ActOptions(TypedDict, total=False):
    """What every action takes besides its element and value: see :meth:`AsyncSession.act`."""

    query: str | None
    intent: str | None
    diff: bool
    tab: str | None
    timeout: float | None


class AsyncSession:
    """A browser an agent keeps across calls. Use :meth:`start`, or wrap a browser."""

    def __init__(self, browser: Any, options: SessionOptions | None = None) -> None:
        self.options = options or SessionOptions()
        self.dialogs = DialogPolicy(self.options.dialog_policy)
        self.stats = SessionStats()
        self.region_cache = RegionCache(self.options.region_cache_size)
        #: the browser, started again when it died (its tabs and scratch pages forgotten)
        self.link = BrowserLink(browser, lost=self._browser_lost,
                                started=self._browser_started)
        #: what pages download, saved into the browser's output directory
        self.downloader = Downloads(self.link)
        #: the open tabs, the current one, and popups becoming tabs
        self.registry = TabRegistry(self.link, self.options, self.dialogs,
                                    self.downloader.on_download,
                                    follow_popups=browser is not None)
        #: captures of a tab, reused while the page is unchanged
        #: find's matcher built for each new capture on a thread while the agent thinks
        self.warmer = Warmer(self.options.warm_find)
        self.captures = Captures(self.registry, self.region_cache, self.stats, self.warmer)
        #: files written on request: PDFs, the storage state
        self.files = Files(self.link, self.options, self.registry)
        #: waiting for a load state, an element, text or a time
        self.waits = Waits(self.captures, self.dialogs)
        #: screenshots, annotated in a scratch context of its own
        self.shots = Screenshots(self.registry, self.captures)
        #: loading pages under the URL policy
        self.navigator = Navigator(self.options, self.link, self.captures, self.dialogs)
        #: which element a ref names now: checked, recovered, or refused
        self.refs = Refs(self.registry, self.captures, self.stats)
        #: one action done on a tab, refused at once on a blocked element
        self.performer = Performer(self.options, self.dialogs)

    @classmethod
    async def for_page(cls, page: Any, options: SessionOptions | None = None) -> AsyncSession:
        """A one-tab session over a domdex AsyncPage (what ``page.click(…)`` runs on)."""
        session = cls(None, options)
        await session.registry.adopt(page.playwright_page, page)
        return session

    # Life cycle ------------------------------------------------------------------
    @classmethod
    async def start(cls, url: str | None = None, *, executable_path: str | None = None,
                    headless: bool | None = None, cdp: str | None = None,
                    options: SessionOptions | None = None,
                    browser: BrowserOptions | None = None) -> AsyncSession:
        """Launch Chromium (or connect over CDP) and open ``url`` if given.

        ``browser``: the profile, device, proxy, output dir … (:class:`BrowserOptions`);
        ``executable_path``, ``headless`` and ``cdp``, when given, override its fields.
        """
        wanted = (browser or BrowserOptions()).replace(
            executable_path=executable_path, headless=headless, cdp=cdp)
        live, own_context = await backend.launch(wanted)
        session = cls(live, options)
        session.link.launched(wanted, own_context)
        await session._browser_started()
        if wanted.cdp:
            await session.registry.adopt_open_tabs()
        if url:
            await session.open(url)
        return session

    async def close(self) -> None:
        """Close the browser (or, over CDP, disconnect and leave it running)."""
        self.registry.forget_all()
        self.warmer.close()
        await self.shots.close()
        await self.link.close()

    async def __aenter__(self) -> AsyncSession:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def _browser_started(self) -> None:
        """A browser runs (launched, or started again): route its requests through the
        URL policy when it has origin lists."""
        await self.navigator.filter_requests()

    def _browser_lost(self) -> None:
        """The browser died: its tabs and the scratch page for screenshots went with it."""
        self.registry.reset()
        self.shots.reset()

    # The browser -------------------------------------------------------------------
    @property
    def browser(self) -> Any:
        """The browser this session drives (a fresh one after the old one died)."""
        return self.link.browser

    @property
    def browser_options(self) -> BrowserOptions:
        """How the browser was started (profile, device, output dir …)."""
        return self.link.options

    @property
    def browser_gone(self) -> bool:
        """Whether the browser this session drives has disconnected."""
        return self.link.gone

    @property
    def follow_popups(self) -> bool:
        """Whether a page a tab opens becomes a tab (and the current one)."""
        return self.registry.follow_popups

    @follow_popups.setter
    def follow_popups(self, value: bool) -> None:
        self.registry.follow_popups = value

    # Tabs (the registry: tabs.py) ------------------------------------------------------
    def tabs(self) -> list[TabInfo]:
        return self.registry.infos()

    async def tab_list(self) -> list[TabInfo]:
        """Open tabs with their titles, the current one marked."""
        return await self.registry.listing()

    @property
    def current(self) -> Tab:
        return self.registry.current

    def tab(self, tab_id: str | None = None) -> Tab:
        """A tab by id (``t2``), or the current one."""
        return self.registry.get(tab_id)

    async def new_tab(self, url: str | None = None) -> ActionResult:
        """Open a new tab (and make it current), optionally loading ``url``."""
        revived = await self.link.revived()
        pw, again = await self.link.reviving(lambda: self.registry.context().new_page())
        revived = revived or again
        tab = await self.registry.adopt(pw)
        self.registry.current_id = tab.id
        result = await self.open(url, tab=tab.id) if url else \
            ActionResult("new_tab", url=pw.url, message=f"TAB: {tab.id} is current.")
        if revived:
            result.message = "\n".join(filter(None, (revived, result.message)))
        return result

    async def switch_tab(self, tab_id: str | None) -> ActionResult:
        tab = await self.registry.switch(tab_id)
        return ActionResult("switch_tab", url=tab.pw.url, message=f"TAB: {tab.id} is current.")

    async def close_tab(self, tab_id: str | None = None) -> ActionResult:
        tab = await self.registry.close(tab_id)
        current = self.registry.current_id
        msg = f"TAB: {tab.id} closed. " + (f"{current} is current." if current
                                          else "No tab is open.")
        return ActionResult("close_tab", message=msg)

    # Navigation ------------------------------------------------------------------
    async def open(self, url: str, *, tab: str | None = None, new_tab: bool = False,
                   wait_until: str = "load") -> ActionResult:
        """Load ``url`` in the current tab (or a new one).

        Refused before anything runs when the session's URL policy says no
        (``javascript:`` always; local files and origins as the policy says).
        """
        url = self.navigator.allowed_url(url)
        if new_tab:
            return await self.new_tab(url)
        revived = await self.link.revived()
        if not len(self.registry):
            page, again = await self.link.reviving(lambda: self.link.browser.new_page())
            revived = revived or again
            t = await self.registry.adopt(page.playwright_page, page)
        else:
            t = self.tab(tab)
        result = await self.navigator.open(t, url, wait_until)
        if revived:
            result.message = "\n".join(filter(None, (revived, result.message)))
        return result

    async def navigate(self, to: Literal["back", "forward", "reload"],
                       tab: str | None = None) -> ActionResult:
        """Go back, forward, or reload (``to``): :meth:`back`, :meth:`forward`,
        :meth:`reload` by name."""
        if to not in ("back", "forward", "reload"):  # a caller that is not type-checked
            raise NavigationError(f"Cannot navigate {to!r}: back, forward or reload.")
        return await {"back": self.back, "forward": self.forward, "reload": self.reload}[to](tab)

    async def back(self, tab: str | None = None) -> ActionResult:
        return await self.navigator.go(self.tab(tab), "back")

    async def forward(self, tab: str | None = None) -> ActionResult:
        return await self.navigator.go(self.tab(tab), "forward")

    async def reload(self, tab: str | None = None) -> ActionResult:
        return await self.navigator.go(self.tab(tab), "reload")

    # Views ---------------------------------------------------------------------
    def seen_through(self, page: Any, snap: Snapshot) -> None:
        """``snap`` was taken through ``page`` itself (``page.capture()`` /
        ``page.snapshot()``): the user's latest look at its tab, so the next diff compares
        with it. Kept as the snapshot (indexed only if a diff asks: a capture stays a
        capture); which refs actions accept does not change."""
        t = self.registry.of_page(page)
        if t is not None and (t.shown is None or t.shown.snapshot is not snap):
            t.user_view = snap

    async def index(self, tab: str | None = None) -> IndexedPage:
        """A fresh PageIndex of the tab; its refs become the ones actions accept."""
        t = self.tab(tab)
        idx = await self.captures.capture(t)
        t.show(idx)
        return idx

    async def overview(self, tab: str | None = None, max_tokens: int | None = None) -> Any:
        return (await self.index(tab)).overview(max_tokens=max_tokens)

    async def regions(self, tab: str | None = None, max_tokens: int | None = None) -> Any:
        t = self.tab(tab)
        idx = await self.index(t.id)
        return t.note_printed(idx, idx.regions_view(max_tokens=max_tokens))

    async def expand(self, region: str, tab: str | None = None,
                     max_tokens: int | None = None) -> Any:
        t = self.tab(tab)
        idx = await self.index(t.id)
        return t.note_printed(idx, idx.expand(region, max_tokens=max_tokens))

    async def context(self, ref: str, tab: str | None = None,
                      max_tokens: int | None = None) -> Any:
        t = self.tab(tab)
        idx = await self.captures.capture(t)
        self.refs.check_document(t, idx, parse_ref(ref))
        t.show(idx)
        return t.note_printed(idx, idx.context(ref, max_tokens=max_tokens))

    async def grep(self, pattern: str, tab: str | None = None, **kwargs: Any) -> Any:
        from ..search.api import grep

        t = self.tab(tab)
        idx = await self.index(t.id)
        # pure work, off the event loop: a slow pattern must not stall other callers
        return t.note_printed(idx, await asyncio.to_thread(grep, idx, pattern, **kwargs))

    async def find(self, query: str, tab: str | None = None, **kwargs: Any) -> Any:
        """Find an element by words; the matches are remembered for stale-ref recovery."""
        from ..search.api import find

        t = self.tab(tab)
        idx = await self.index(t.id)
        self.warmer.wanted = True  # an agent that searches: build ahead from now on
        result = await asyncio.to_thread(find, idx, query, **kwargs)  # off the event loop
        # What the agent sees of the answer is what it will act on: the best, and the
        # alternatives its text shows. An alternative it was not shown is remembered only
        # when nothing is known of its ref yet: its node may be one the agent saw in
        # another row before (a list rewritten in place), and that meaning must stand.
        try:
            text: str | None = str(result)
        except DomdexError:  # a view that cannot render is noted as note_printed does
            text = None
        shown = set(printed_refs(text or ""))
        doc = idx.snapshot.document_id
        for m in result.matches:
            if m.ref == result.ref or m.ref in shown or t.intents.get(doc, m.ref) is None:
                t.remember(idx, m.ref, query=query, intent=kwargs.get("intent"),
                           score=m.score)
        return t.note_printed(idx, result, text)  # rendered once for both

    async def read(self, tab: str | None = None, *, store: Any = None,
                   **kwargs: Any) -> Any:
        """The tab's text by sections (see :func:`domdex.text.read.read`). The page is
        captured first when it changed, so every control a table shows carries the ref
        actions accept (``Delete @e45``)."""
        from ..text.read import read

        t = self.tab(tab)
        idx = await self.index(t.id)
        error_page = store is not None and t.status is not None and t.status >= 400
        if error_page:
            store = None  # an error page must not replace what the store holds for its URL
        result = await read(t.pw, store=store, **kwargs)
        if error_page:
            result.store_error = "not added to the knowledge store (an error page)."
        return t.note_printed(idx, result, text=result.body)

    async def diff(self, tab: str | None = None, max_tokens: int | None = None) -> Any:
        """What changed since the agent's last view (then this becomes the last view)."""
        t = self.tab(tab)
        before = t.before()
        idx = await self.captures.capture(t)
        if before is None:  # nothing to compare with: say so, and show the page
            t.show(idx)
            return t.note_printed(idx, FirstLookView(idx.regions_view(max_tokens=max_tokens)))
        if before.snapshot.document_id == idx.snapshot.document_id:
            t.show(idx)
        return t.note_printed(idx, DiffView(diff_indexes(before, idx), max_tokens))

    # Actions ---------------------------------------------------------------------
    async def act(self, action: str, ref: str | None = None, *, query: str | None = None,
                  value: Any = None, intent: str | None = None, diff: bool = False,
                  tab: str | None = None, timeout: float | None = None) -> ActionResult:
        """Do ``action`` on the element ``ref``, or on what ``query`` finds.

        Raises :class:`StaleRefError` for a ref from a previous page or a stale ref
        that cannot be recovered safely, :class:`ActionError` when the element is
        covered, disabled or hidden (saying by what), :class:`BrowserError` for a
        closed tab. ``diff=True`` returns the changes the action caused.
        """
        if action not in ACTIONS:
            raise ActionError(f"Unknown action {action!r}. Actions: {', '.join(ACTIONS)}.")
        keyboard = action == "press" and ref is None and query is None
        if (ref is None) == (query is None) and not keyboard:
            raise ActionError(f"{action} needs either a ref (e12) or a query (\"Add to cart\").")
        if action == "drag" and not value:
            raise ActionError("drag needs the ref of the element to drop it on (to=e7).")
        if action == "upload":  # before anything runs: each file exists, under a root
            value = self.options.urls.upload_files(value)
        t = self.tab(tab)
        async with t.lock:  # one action at a time per tab; tabs act side by side
            self.captures.check_open(t)
            self.stats.actions += 1
            target, idx, score, recovery, found_by, note = await self._target(
                t, action, ref, query, intent, keyboard)
            element = element_line(idx.node(target)) if idx and idx.snapshot.get(target) \
                else ""
            if action == "drag":  # the drop target: a ref the agent saw, checked the same way
                dest, dest_idx, _ = await self.refs.resolve(t, parse_ref(str(value)))
                value = backend.locator(t.page, dest)
                note = "\n".join(filter(None, (
                    note, f"DROPPED ON: {element_line(dest_idx.node(dest))}")))
            # a key pressed on a page nobody looked at since it loaded: the diff needs a
            # before of this document, not the view of the page the tab showed earlier;
            # that earlier view stays the shown one, so refs the agent took from the
            # previous page are still refused, not resolved against this one
            unseen = t.shown is not None and t.shown_epoch != t.epoch
            baseline = t.before() if diff and not unseen else None
            if diff and baseline is None:
                baseline = await self.captures.capture(t)
            epoch = t.epoch
            tabs_before = set(self.registry.ids())
            windows = await self.registry.windows(t)
            downloads_from = self.downloader.next_seq
            t.nav_error = None
            await self.dialogs.quiet(t.pw)  # a flood's last queued alerts arrive first
            try:
                done = await self.performer.perform(t, action, target, value, timeout, idx)
            except ActionError as exc:
                _said_dialogs(exc, self.dialogs.drain())
                raise
            note = "\n".join(filter(None, (note, done)))
            if target is not None and idx is not None:
                t.remember(idx, target, acted=True)
            await self.performer.settle(t)
            clicked = idx.snapshot.get(target) if idx is not None and target is not None \
                else None
            if action == "click" and clicked is not None and clicked.role == "link" and \
                    t.epoch == epoch and self.downloader.next_seq == downloads_from:
                await self.downloader.started(backend.locator(t.page, target), downloads_from)
            if element and action in CHANGES_STATE and t.epoch == epoch and idx is not None \
                    and target is not None and not done:
                element = await self.performer.element_now(t, idx, target)
            unanswered = await self.registry.adoptions(t, windows) \
                if self.registry.follow_popups else 0
            result = ActionResult(action, target, element, found_by, score, recovery,
                                  url=t.pw.url, navigated=t.epoch != epoch,
                                  dialogs=self.dialogs.drain(),
                                  downloads=await self.downloader.since(downloads_from),
                                  message=note)
            if result.navigated:
                result.status = t.status
            if t.nav_error:
                result.message = (f"NAVIGATION FAILED: {t.nav_error}. The tab shows an error "
                                  "page; go back or open another URL.")
            opened = [k for k in self.registry.ids() if k not in tabs_before]
            if opened:
                result.message = "\n".join(filter(None, (result.message, (
                    f"TAB: the page opened {', '.join(opened)}; "
                    f"{self.registry.current_id} is current. (tabs to list, switch back)"))))
            if unanswered:
                windows_said = "a window" if unanswered == 1 else f"{unanswered} windows"
                result.message = "\n".join(filter(None, (result.message, (
                    f"TAB: the page opened {windows_said} whose server has not answered "
                    "yet; each becomes a tab, and the current one, when it does (tabs to "
                    "list them)."))))
            if diff:
                after = await self.captures.capture(t)
                before = baseline or after
                result.diff = DiffView(diff_indexes(before, after))
                if before.snapshot.document_id == after.snapshot.document_id and not unseen:
                    t.show(after)  # a navigation's diff shows no refs: not shown
                    t.note_printed(after, result.diff)
                elif unseen:
                    result.message = "\n".join(filter(None, (
                        result.message, "The page is not the one last looked at: look at it "
                        "(regions, find) before acting on refs of this diff.")))
            return result

    async def _target(self, t: Tab, action: str, ref: str | None, query: str | None,
                      intent: str | None, keyboard: bool
                      ) -> tuple[Any, PageIndex | None, float | None, Recovery | None,
                                 str | None, str]:
        """What to act on: (ref, its capture, find's score, a recovery, the query, what
        was done first to show it) — all None for a key pressed on the page itself."""
        if keyboard:
            return None, None, None, None, None, ""
        if ref is not None:
            target, idx, recovery = await self.refs.resolve(t, parse_ref(ref), action)
            return target, idx, None, recovery, None, ""
        target, idx, score, note = await self._find_target(t, str(query), action, intent)
        return target, idx, score, None, query, note

    async def _find_target(self, t: Tab, query: str, action: str,
                           intent: str | None) -> tuple[str, PageIndex, float, str]:
        """What ``query`` finds, checked (:meth:`_found`); when it is an item of a closed
        menu or a collapsed part whose opener the page declares, the opener is clicked
        and the request asked again on the page it shows: the same element must win
        again, or nothing more is done."""
        try:
            target, idx, score = await self._found(t, query, action, intent)
        except _Unopened as low:  # weighed as hidden: asked again once it is shown
            target, idx, score = low.target, low.idx, 0.0
        pos = idx.tree.pos.get(target)
        at = closed_opener(idx, pos) if pos is not None else None
        if at is None:
            return target, idx, score, ""
        opener = idx.nodes[at]
        await self.performer.perform(t, "click", opener.ref, None, None, idx)
        await self.performer.settle(t)
        opened = f"{element_line(opener)} was clicked to show what {query!r} names"
        try:
            target2, idx2, score2 = await self._found(t, query, action, intent)
        except ActionError as exc:  # the open menu stays: the agent sees it as it is
            raise ActionError(f"{opened}; then: {exc}") from exc
        before, after = idx.node(target), idx2.node(target2)
        if target2 != target or idx2.snapshot.document_id != idx.snapshot.document_id or \
                (after.role, after.name) != (before.role, before.name):
            raise ActionError(
                f"{opened}; then find picked @{target2} over @{target}, so nothing more was "
                f"done ({action}). Act on the one you mean by its ref.")
        return target2, idx2, score2, f"OPENED FIRST: {element_line(opener)}"

    async def _found(self, t: Tab, query: str, action: str,
                     intent: str | None) -> tuple[str, PageIndex, float]:
        from ..search.api import find

        idx = await self.captures.capture(t)
        self.warmer.wanted = True
        wanted = intent or INTENT_OF[action]
        result = await asyncio.to_thread(find, idx, query, intent=wanted)

        def seen(matches: Any, text: str | None = None) -> None:
            """The refs a refusal shows: the agent's to act on, checked against this."""
            for m in matches:
                t.remember(idx, m.ref, query=query, intent=wanted, score=m.score)
            t.note_printed(idx, result, text)

        if result.absent:  # a name nowhere on the page: the best is someone else's
            t.show(idx)
            seen(result.matches[:1])
            raise ActionError(unmet(idx, result, action) or nowhere(idx, result, action)
                              or result.render())
        best = result.ref
        unopened = None
        if best is None or result.confidence == "low":
            text = result.render()
            if result.matches:
                t.show(idx)
                shown = set(printed_refs(text))
                seen([m for m in result.matches if m.ref in shown], text)
            message = (f"No clear match for {query!r}, so nothing was done ({action}). "
                       f"What is there:\n{text}")
            pos = idx.tree.pos.get(best) if best is not None else None
            if best is None or pos is None or result.below or \
                    closed_opener(idx, pos) is None:
                raise ActionError(message)
            # low only for being hidden: shown first if nothing else refuses it here
            unopened = _Unopened(message, best, idx)
        t.show(idx)  # the candidates' refs are the agent's to act on
        # the record the request names is not the best, or the best is doubtful
        doubted = doubt(idx, result, action)
        if doubted is not None:
            why, listed = doubted
            seen(result.matches[:listed])
            raise ActionError(why)
        others = rivals(idx, result)  # look-alikes or a near-tie the words do not split
        if others:
            seen((result.matches[0], *others))
            raise ActionError(refusal(idx, result, others, action))
        if unopened is not None:
            raise unopened
        assert best is not None  # (no answer was refused above)
        t.remember(idx, best, query=query, intent=wanted, score=result.score)
        return best, idx, float(result.score)

    # One method per action, typed (the operations table's actions: operations.py) ----
    async def click(self, ref: str | None = None, **options: Unpack[ActOptions]
                    ) -> ActionResult:
        return await self.act("click", ref, **options)

    async def fill(self, ref: str | None = None, value: str | None = None,
                   **options: Unpack[ActOptions]) -> ActionResult:
        return await self.act("fill", ref, value=value, **options)

    async def type(self, ref: str | None = None, text: str | None = None,
                   **options: Unpack[ActOptions]) -> ActionResult:
        return await self.act("type", ref, value=text, **options)

    async def press(self, ref: str | None = None, key: str | None = None,
                    **options: Unpack[ActOptions]) -> ActionResult:
        return await self.act("press", ref, value=key, **options)

    async def select(self, ref: str | None = None, value: str | Sequence[str] | None = None,
                     *, option: str | Sequence[str] | None = None,
                     **options: Unpack[ActOptions]) -> ActionResult:
        """Choose ``value`` (an option's label or value; ``option=`` is the same, as a
        :class:`domdex.Page` spells it) in the select ``ref`` (or what ``query=`` finds)."""
        return await self.act("select", ref, value=select_value(value, option), **options)

    async def check(self, ref: str | None = None, **options: Unpack[ActOptions]
                    ) -> ActionResult:
        return await self.act("check", ref, **options)

    async def uncheck(self, ref: str | None = None, **options: Unpack[ActOptions]
                      ) -> ActionResult:
        return await self.act("uncheck", ref, **options)

    async def hover(self, ref: str | None = None, **options: Unpack[ActOptions]
                    ) -> ActionResult:
        return await self.act("hover", ref, **options)

    async def scroll_into_view(self, ref: str | None = None, **options: Unpack[ActOptions]
                               ) -> ActionResult:
        return await self.act("scroll_into_view", ref, **options)

    async def upload(self, ref: str | None = None, files: str | Sequence[str] = (),
                     **options: Unpack[ActOptions]) -> ActionResult:
        return await self.act("upload", ref, value=files, **options)

    async def drag(self, ref: str | None = None, to: str | None = None,
                   **options: Unpack[ActOptions]) -> ActionResult:
        """Drag the element ``ref`` (or what ``query=`` finds) onto the element ``to``."""
        return await self.act("drag", ref, value=to, **options)

    async def resize(self, width: int, height: int, *, tab: str | None = None) -> ActionResult:
        """Set the tab's viewport to ``width`` × ``height`` CSS pixels."""
        from ..options import BrowserOptions as _Check

        w, h = _Check(viewport=(width, height)).viewport or (width, height)
        t = self.tab(tab)
        await t.pw.set_viewport_size({"width": w, "height": h})
        t.dirty = True
        await self.performer.settle(t)
        return ActionResult("resize", url=t.pw.url, message=f"VIEWPORT: {w}x{h}. Refs "
                            "still hold; look again, the layout may have changed.")

    # Console and network ----------------------------------------------------------
    def console(self, *, level: str | None = None, pattern: str | None = None,
                all: bool = False, limit: int = 50, tab: str | None = None) -> LogView:
        """Console messages (and uncaught errors) since the last look, ``level`` or
        worse (error, warning, info, log, debug)."""
        return self.tab(tab).log.console_view(level=level, pattern=pattern, everything=all,
                                              limit=limit)

    def network(self, *, failed: bool = False, types: Sequence[str] | None = (),
                pattern: str | None = None, static: bool = False, all: bool = False,
                limit: int = 50, tab: str | None = None) -> LogView:
        """Requests since the last look: method, URL, status, type, size. Successful
        images, fonts, stylesheets and scripts only with ``static``."""
        return self.tab(tab).log.network_view(failed=failed, types=types or (), pattern=pattern,
                                              static=static, everything=all, limit=limit)

    # Dialogs ---------------------------------------------------------------------
    def answer_dialogs(self, policy: Policy | None = None, *, accept_next: bool | None = None,
                       text: str | None = None) -> str:
        """Set the dialog policy, or the answer to the next dialog only."""
        if accept_next is not None:
            self.dialogs.answer_next(accept_next, text)
            return f"The next dialog will be {'accepted' if accept_next else 'dismissed'}."
        if policy is not None:
            self.dialogs.policy = policy
            if text is not None:
                self.dialogs.prompt_text = text
        return f"Dialogs are {self.dialogs.policy}ed by default."

    # Waits, screenshots, files (waits.py, shots.py, files.py, downloads.py) ------------
    async def wait(self, *, load: LoadState | None = None, ref: str | None = None,
                   query: str | None = None, text: str | None = None,
                   state: ElementState = "visible", seconds: float | None = None,
                   timeout: float = 10.0, tab: str | None = None) -> ActionResult:
        """Wait for a load state, an element (by ref or query), some text, or a time."""
        return await self.waits.wait(self.tab(tab), load=load, ref=ref, query=query,
                                     text=text, state=state, seconds=seconds,
                                     timeout=timeout)

    async def screenshot(self, *, annotate: bool = True, full_page: bool = False,
                         tab: str | None = None) -> bytes:
        """A PNG of the tab; with ``annotate`` refs and region outlines drawn on a copy.

        The marks are drawn in a scratch page of our own over the screenshot image,
        never in the user's page.
        """
        return await self.shots.screenshot(self.tab(tab), annotate=annotate,
                                           full_page=full_page)

    @property
    def downloads(self) -> list[DownloadInfo]:
        """Every download of this session, in the order they started."""
        return self.downloader.items

    def download_list(self) -> DownloadsView:
        """Every download of this session, oldest first."""
        return self.downloader.view()

    def output_file(self, name: str | None, default: str) -> Path:
        """Where a file the agent asked for goes: a bare name in the output directory;
        a path only where the session may write anywhere (not a server's)."""
        return self.files.output_file(name, default)

    async def pdf(self, path: str | None = None, *, tab: str | None = None) -> ActionResult:
        """The page printed to PDF (headless Chromium only), saved to ``path``."""
        return await self.files.pdf(self.tab(tab), path)

    async def save_storage_state(self, path: str | None = None) -> ActionResult:
        """Save cookies and local storage (the logins) to reuse with --storage-state."""
        return await self.files.save_storage_state(path)


def _said_dialogs(exc: ActionError, dialogs: list[Any]) -> None:
    """Add to a refused action's message the dialogs the page showed while it ran: "did
    not uncheck it: the page keeps it as it was" is half the story when the page asked
    "Turn off two-factor authentication?" and the session dismissed it (review 49)."""
    lines = [d.line() for d in dialogs]
    if lines and exc.args:
        exc.args = ("\n".join([str(exc.args[0]), *lines]), *exc.args[1:])


class _Unopened(ActionError):
    """find's best sits in a closed menu or section whose opener the page declares, and
    only its confidence, low because a hidden element weighs less, refused it. Opening
    changes nothing, and every check is made again on the page it shows, where the
    element weighs as any other: refusing here would leave such items out of reach."""

    def __init__(self, message: str, target: str, idx: PageIndex) -> None:
        super().__init__(message)
        self.target, self.idx = target, idx
