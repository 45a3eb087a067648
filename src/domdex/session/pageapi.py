"""Actions on a single domdex page: ``page.click(query="Add to Cart", diff=True)``.

:class:`PageActions` is mixed into :class:`domdex.AsyncPage` and
:class:`SyncPageActions` into :class:`domdex.Page`; every method hands the call to a
one-tab :class:`~domdex.session.AsyncSession` kept on the page, so stale-ref recovery,
the intent cache, dialogs and diffs behave exactly as in the MCP server and the CLI.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Coroutine, Sequence
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

if TYPE_CHECKING:
    from ..bridge import Runner
    from ..render.base import View
    from ..snapshot import Snapshot
    from .core import AsyncSession
    from .results import ActionResult
    from .waitstates import ElementState, LoadState

__all__ = ["PageActions", "SyncPageActions"]

P = ParamSpec("P")
R = TypeVar("R")


class PageActions:
    """Act on the page by ref or by words; see :meth:`AsyncSession.act`."""

    _domdex_session: AsyncSession | None = None
    #: the capture the user last took through the page (``capture()`` / ``snapshot()``)
    _seen: Snapshot | None = None

    async def session(self) -> AsyncSession:
        """The page's one-tab session (made on first use)."""
        if self._domdex_session is None:
            from .core import AsyncSession
            from .options import SessionOptions

            # no matcher built ahead (SessionOptions.warm_find): a script drives a Page
            # call after call, where a build beside its next call only slows it, and a
            # Page has no options to turn it off; a Session (and the servers) build ahead
            self._domdex_session = await AsyncSession.for_page(
                self, SessionOptions(warm_find=False))
            if self._seen is not None:
                self._domdex_session.seen_through(self, self._seen)
        return self._domdex_session

    def _looked_at(self, snap: Snapshot) -> None:
        """The user took ``snap`` through the page: it is their latest view, the one the
        next :meth:`diff` compares with (a session made later starts from it)."""
        self._seen = snap
        if self._domdex_session is not None:
            self._domdex_session.seen_through(self, snap)

    async def act(self, action: str, ref: str | None = None, *, query: str | None = None,
                  value: Any = None, intent: str | None = None, diff: bool = False,
                  timeout: float | None = None) -> ActionResult:
        s = await self.session()
        return await s.act(action, ref, query=query, value=value, intent=intent, diff=diff,
                           timeout=timeout)

    async def click(self, ref: str | None = None, *, query: str | None = None,
                    intent: str | None = None, diff: bool = False) -> ActionResult:
        return await self.act("click", ref, query=query, intent=intent, diff=diff)

    async def fill(self, ref: str | None = None, value: str | None = None, *,
                   query: str | None = None, diff: bool = False) -> ActionResult:
        return await self.act("fill", ref, query=query, value=value, diff=diff)

    async def type(self, ref: str | None = None, text: str | None = None, *,
                   query: str | None = None, diff: bool = False) -> ActionResult:
        return await self.act("type", ref, query=query, value=text, diff=diff)

    async def press(self, ref: str | None = None, key: str | None = None, *,
                    query: str | None = None, diff: bool = False) -> ActionResult:
        return await self.act("press", ref, query=query, value=key, diff=diff)

    async def select(self, ref: str | None = None, option: str | Sequence[str] | None = None,
                     *, value: str | Sequence[str] | None = None, query: str | None = None,
                     diff: bool = False) -> ActionResult:
        """Choose ``option`` (its label or value; ``value=`` is the same, as a Session
        spells it)."""
        from .actions import select_value

        return await self.act("select", ref, query=query, value=select_value(value, option),
                              diff=diff)

    async def check(self, ref: str | None = None, *, query: str | None = None,
                    diff: bool = False) -> ActionResult:
        return await self.act("check", ref, query=query, diff=diff)

    async def uncheck(self, ref: str | None = None, *, query: str | None = None,
                      diff: bool = False) -> ActionResult:
        return await self.act("uncheck", ref, query=query, diff=diff)

    async def hover(self, ref: str | None = None, *, query: str | None = None,
                    diff: bool = False) -> ActionResult:
        return await self.act("hover", ref, query=query, diff=diff)

    async def scroll_into_view(self, ref: str | None = None, *,
                               query: str | None = None) -> ActionResult:
        return await self.act("scroll_into_view", ref, query=query)

    async def upload(self, ref: str | None = None, files: str | Sequence[str] = (), *,
                     query: str | None = None, diff: bool = False) -> ActionResult:
        return await self.act("upload", ref, query=query, value=files, diff=diff)

    async def drag(self, ref: str | None = None, to: str | None = None, *,
                   query: str | None = None, diff: bool = False) -> ActionResult:
        """Drag the element ``ref`` (or what ``query=`` finds) onto the element ``to``."""
        return await self.act("drag", ref, query=query, value=to, diff=diff)

    async def diff(self, max_tokens: int | None = None) -> View:
        """What changed since the last look: a view (``find``, ``overview`` …), an action
        with ``diff=True``, or a ``capture()`` / ``snapshot()``. With none yet, it says
        so in one line and shows the page's region map."""
        s = await self.session()
        view: View = await s.diff(max_tokens=max_tokens)
        return view

    async def wait(self, *, load: LoadState | None = None, ref: str | None = None,
                   query: str | None = None, text: str | None = None,
                   state: ElementState = "visible", seconds: float | None = None,
                   timeout: float = 10.0) -> ActionResult:
        """Wait for a load state, an element (by ref or query), some text, or a time: see
        :meth:`AsyncSession.wait` (the page's one tab)."""
        s = await self.session()
        return await s.wait(load=load, ref=ref, query=query, text=text, state=state,
                            seconds=seconds, timeout=timeout)


def _blocking(method: Callable[Concatenate[PageActions, P], Coroutine[Any, Any, R]]
              ) -> Callable[Concatenate[SyncPageActions, P], R]:
    """The blocking twin of one of :class:`PageActions`' methods: the same signature
    (for the type checker and for ``help()``), run to the end on the page's runner."""
    @functools.wraps(method)
    def call(self: SyncPageActions, /, *args: P.args, **kwargs: P.kwargs) -> R:
        return self._runner.run(method(self._async, *args, **kwargs))
    call.__qualname__ = f"SyncPageActions.{method.__name__}"
    return call


class SyncPageActions:
    """The blocking face of :class:`PageActions` for :class:`domdex.Page`, made from it
    method by method, so the two cannot differ."""

    _async: PageActions
    _runner: Runner

    act = _blocking(PageActions.act)
    click = _blocking(PageActions.click)
    fill = _blocking(PageActions.fill)
    type = _blocking(PageActions.type)
    press = _blocking(PageActions.press)
    select = _blocking(PageActions.select)
    check = _blocking(PageActions.check)
    uncheck = _blocking(PageActions.uncheck)
    hover = _blocking(PageActions.hover)
    scroll_into_view = _blocking(PageActions.scroll_into_view)
    upload = _blocking(PageActions.upload)
    drag = _blocking(PageActions.drag)
    diff = _blocking(PageActions.diff)
    wait = _blocking(PageActions.wait)
