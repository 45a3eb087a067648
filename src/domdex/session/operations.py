"""The session's operations, each declared once: its name, one line, its typed parameters.

Every operation an agent asks for reaches the session through three front ends: an MCP
tool (:mod:`domdex.mcp`), an HTTP endpoint (:mod:`domdex.http`) and a CLI command
(:mod:`domdex.cli.session`, which talks to the HTTP API of its daemon). Each used to
spell the operation's vocabulary out again (names, types, defaults, choices, help), and
the copies drifted: a parameter one front end had and another lacked, a help line on one
and not the next. Here each is written once, as data the front ends read: the MCP tool's
signature and description, the request body model and summary of the HTTP route, and the
CLI command's arguments are all made from an :class:`Operation`.

Three kinds: an *action* on one element (``click``, ``fill`` …), picked by ``ref`` or by
``query``, goes through :meth:`AsyncSession.act` with its one ``value``; a *view*
(``overview``, ``find`` …) and a *page* operation (``open``, ``wait``, ``console`` …: the
tab and the browser around the elements) are an :class:`AsyncSession` method called with
the parameters as keywords (``method``: when it is not the operation's name). A front end
may offer an operation under another name (``http``, ``command``), fold several into one
(:class:`Fold`: the MCP ``check`` and ``tabs`` tools), or not at all (``None``); what each
front end spells differently is written there, next to the reason.
``tests/test_operations.py`` holds the table to the session's own signatures and every
front end to the table.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, TypedDict, Unpack

from .waitstates import ElementState, LoadState

if TYPE_CHECKING:
    from .core import AsyncSession

__all__ = ["ACTION_OPERATIONS", "BUDGET", "CHECK", "DIFF", "FOLDS", "NAVIGATION_OPERATIONS",
           "OPERATIONS", "PAGE_OPERATIONS", "QUERY", "REF", "REQUIRED", "TABS",
           "VIEW_OPERATIONS", "Fold", "Operation", "Param", "operation", "run", "run_fold"]

#: The default of a parameter that has none: a caller must give it.
REQUIRED: Any = inspect.Parameter.empty


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter: its keyword, type (an annotation), default, help and placeholder.

    ``type`` is a real annotation (``str``, ``int | None``, ``Literal[...]``,
    ``list[str]``): pydantic turns it into the MCP and HTTP schemas, argparse into a
    conversion and choices. ``metavar`` names the value on the command line. ``help``
    is shown everywhere, the MCP schema included; ``doc``, a longer help for people,
    only on the command line and in the OpenAPI schema (a model reads the tool list on
    every turn). ``bounds``: the smallest and largest whole number the HTTP API and the
    command line accept (left out of the MCP schema too: the session checks what matters).
    ``keyword``: the session method's name for it, when not ``name``.
    """

    name: str
    type: Any
    default: Any = REQUIRED
    help: str = ""
    metavar: str | None = None
    doc: str = ""
    bounds: tuple[int, int] | None = None
    keyword: str | None = None

    @property
    def required(self) -> bool:
        return self.default is REQUIRED

    @property
    def choices(self) -> tuple[str, ...] | None:
        """A ``Literal``'s values (``None`` aside), else None."""
        args = [a for a in typing.get_args(self.type) if a is not type(None)]
        literal = [a for a in args if typing.get_origin(a) is Literal]
        if typing.get_origin(self.type) is Literal:
            literal = [self.type]
        if not literal:
            return None
        return tuple(v for lit in literal for v in typing.get_args(lit))

    @property
    def is_list(self) -> bool:
        """A list of values (``list[str]``, maybe optional)."""
        args = typing.get_args(self.type) or (self.type,)
        return any(typing.get_origin(a) is list for a in (self.type, *args))


@dataclass(frozen=True, slots=True)
class Operation:
    """One operation of the session, as every front end offers it.

    ``help``: what it does, in one line; the MCP tool's description (read by a model on
    every turn, so short) and the HTTP route's summary. ``cli``: the CLI command's help
    line, which also shows its argument syntax (``fill REF TEXT``). ``value``: for an
    action, the parameter that is :meth:`AsyncSession.act`'s ``value``. ``method``: the
    :class:`AsyncSession` method, when not ``name``; ``tab``: the keyword it takes its
    tab by (None: it has none, the operation is the session's). ``mcp``, ``http``,
    ``command``: the MCP tool, HTTP route and CLI command, when not ``name`` (the
    command: with dashes); None where that front end does not offer it on its own.
    """

    name: str
    kind: Literal["action", "view", "page"]
    help: str
    cli: str
    params: tuple[Param, ...] = ()
    value: str | None = None
    method: str | None = None
    tab: str | None = "tab"
    mcp: str | None = ""
    http: str | None = ""
    command: str | None = ""

    @property
    def tool(self) -> str | None:
        """The MCP tool's name (None: none of its own)."""
        return self.name if self.mcp == "" else self.mcp

    @property
    def route(self) -> str | None:
        """The HTTP route's path under ``/tabs/{id}/`` (None: none of its own)."""
        return self.name if self.http == "" else self.http

    @property
    def cli_command(self) -> str | None:
        """The CLI command (None: none of its own)."""
        return self.name.replace("_", "-") if self.command == "" else self.command

    def param(self, name: str) -> Param | None:
        return next((p for p in self.params if p.name == name), None)

    @property
    def value_param(self) -> Param | None:
        return self.param(self.value) if self.value else None


async def run(op: Operation, session: AsyncSession, tab: str | None,
              args: Mapping[str, Any]) -> Any:
    """Carry ``op`` out on ``session``'s tab ``tab`` (None: the current one) with ``args``
    (parameter name → value; missing ones take their defaults)."""
    if op.kind == "action":
        return await session.act(op.name, args.get("ref"), query=args.get("query"),
                                 value=args.get(op.value) if op.value else None,
                                 diff=bool(args.get("diff", False)), tab=tab)
    call = getattr(session, op.method or op.name)
    keywords = {p.keyword or p.name: args[p.name] for p in op.params if p.name in args}
    if op.tab is not None:
        keywords[op.tab] = tab
    result = call(**keywords)  # console, network, dialogs, downloads answer at once
    return await result if inspect.isawaitable(result) else result


# Parameters shared by several operations ----------------------------------------------
REF = Param("ref", str | None, None, "e.g. e12")
QUERY = Param("query", str | None, None, "words, when you have no ref")
DIFF = Param("diff", bool, False, "return what changed")
BUDGET = Param("max_tokens", int | None, None, "token budget", metavar="N")


class _How(TypedDict, total=False):
    """How an operation is carried out and offered: see :class:`Operation`."""

    method: str | None
    tab: str | None
    mcp: str | None
    http: str | None
    command: str | None


def _action(name: str, help: str, cli: str, value: Param | None = None,
            **how: Unpack[_How]) -> Operation:
    params = (REF, QUERY, *((value,) if value else ()), DIFF)
    return Operation(name, "action", help, cli, params, value.name if value else None,
                     **how)


#: The actions on one element (see :data:`domdex.session.actions.ACTIONS`).
ACTION_OPERATIONS: tuple[Operation, ...] = (
    _action("click", "Click an element by ref, or by query (found, then clicked if "
                     "unambiguous).",
            "Click an element of the session's page (REF or --query)."),
    _action("fill", "Replace a field's text with value.",
            "Replace a field's text: fill REF TEXT (or --query).",
            Param("value", str, metavar="TEXT")),
    _action("type", "Type text key by key (for fields that react to typing).",
            "Type text key by key into a field: type REF TEXT.",
            Param("text", str, metavar="TEXT")),
    _action("press", "Press a key (Enter, Escape, Control+K …) in an element, or on the "
                     "page.",
            "Press a key in an element (press REF Enter) or on the page (press Escape).",
            Param("key", str, metavar="KEY")),
    _action("select", "Choose an option of a select, by its label (or value).",
            "Choose an option by label or value: select REF OPTION.",
            Param("option", str, metavar="OPTION")),
    # one MCP tool for both (see CHECK)
    _action("check", "Check a checkbox or radio.",
            "Check a checkbox or radio (REF or --query).", mcp=None),
    _action("uncheck", "Uncheck a checkbox.", "Uncheck a checkbox (REF or --query).",
            mcp=None),
    _action("hover", "Move the mouse over an element (menus, tooltips).",
            "Move the mouse over an element (REF or --query)."),
    _action("scroll_into_view", "Scroll until the element is visible.",
            "Scroll an element into view (REF or --query)."),
    _action("upload", "Set the files of a file input (paths on the server's machine).",
            "Set a file input's files: upload REF PATH….",
            Param("paths", list[str], metavar="PATH")),
    _action("drag", "Drag an element onto another (to: its ref), e.g. to reorder a list.",
            "Drag an element onto another: drag REF TO (or -q words TO).",
            Param("to", str, help="the ref to drop it on", metavar="TO")),
)

#: The views of the page and the searches over it.
VIEW_OPERATIONS: tuple[Operation, ...] = (
    Operation("overview", "view", "L0, after open: did the page load; title, size, counts. "
                                  "Next: regions or find.",
              "L0 of the session's page.", (BUDGET,)),
    Operation("regions", "view", "L1: what is where: regions (R0 HEADER, R2 MAIN…) with "
                                 "summaries. Next: expand.",
              "L1: regions with summaries and terms.", (BUDGET,)),
    Operation("expand", "view", "L2: one region's elements (R2, R2.Filters) with refs to act "
                                "on.",
              "L2: one region's elements with refs.",
              (Param("region", str, help="region id such as R2 or R2.Filters",
                     metavar="REGION"), BUDGET)),
    Operation("context", "view", "L3: one element in depth: path, box, options, neighbours.",
              "L3: one element in depth.", (Param("ref", str, metavar="REF"), BUDGET)),
    Operation("grep", "view", "Regex/text search over element names and labels, grouped by "
                              "region.",
              "Pattern search grouped by region.",
              (Param("pattern", str, metavar="PATTERN"), Param("regions", str | None, None),
               Param("expand", bool, False))),
    Operation("find", "view", "Skip browsing: the element a description means (\"add to cart "
                              "button\") → ref.",
              "The element a description means.",
              (Param("query", str, metavar="QUERY"),
               Param("intent", Literal["click", "fill", "select", "read", "navigate"] | None,
                     None),
               Param("region", str | None, None))),
    Operation("diff", "view", "What changed since you last looked: ADDED / REMOVED / MODIFIED "
                              "by region.",
              "What changed in the session's page since the last look.", (BUDGET,)),
)

_LIMIT = Param("limit", int, 50, doc="at most this many (newest)", bounds=(0, 1000))
_ALL = Param("all", bool, False, doc="everything kept, not only new ones")
_FILE = Param("name", str | None, None, doc="file name in the output directory",
              keyword="path")
_SIZE = (1, 10000)


def _page(name: str, help: str, cli: str, *params: Param, **how: Unpack[_How]
          ) -> Operation:
    return Operation(name, "page", help, cli, params, **how)


#: Loading pages: the first things an agent does, so the first tools a model reads.
NAVIGATION_OPERATIONS: tuple[Operation, ...] = (
    _page("open", "Load a URL (in the current tab, or a new one). Then: overview, regions "
                  "or find.",
          "Open URL in the background session (started if needed).",
          Param("url", str, metavar="URL"),
          Param("new_tab", bool, False, doc="open in a new tab")),
    # the CLI has one command per direction, ``back`` …: ``{}`` is the direction
    _page("navigate", "Go back, forward, or reload.", "{} in the session's current tab.",
          Param("to", Literal["back", "forward", "reload"]), command=None),
)

#: The tab and the browser around the elements: viewport, logs, files, tabs, waits,
#: dialogs, pictures.
_AROUND: tuple[Operation, ...] = (
    _page("resize", "Set the viewport size in CSS pixels.",
          "Set the session's viewport: resize WIDTH HEIGHT.",
          Param("width", int, metavar="WIDTH", bounds=_SIZE),
          Param("height", int, metavar="HEIGHT", bounds=_SIZE)),
    _page("console", "Console messages and uncaught errors since you last looked (level or "
                     "worse).",
          "Console messages of the session's page since the last look.",
          Param("level", Literal["error", "warning", "info", "log", "debug"] | None, None,
                doc="this level or worse"),
          Param("pattern", str | None, None, doc="only messages matching this regex"),
          _ALL, _LIMIT),
    _page("network", "Requests since you last looked (method, URL, status, type, size); "
                     "static=true adds images, fonts, scripts.",
          "Requests of the session's page since the last look.",
          Param("failed", bool, False, doc="failed requests and HTTP ≥ 400 only"),
          Param("types", list[str] | None, None,
                doc="resource types: document, xhr, fetch, script, image …"),
          Param("pattern", str | None, None, doc="only URLs matching this regex"),
          Param("static", bool, False,
                doc="also successful images, fonts, stylesheets and scripts"),
          _ALL, _LIMIT),
    _page("downloads", "Files the pages downloaded: name, size, path.",
          "Files the session's pages downloaded.", method="download_list", tab=None),
    _page("pdf", "Print the page to a PDF file in the output directory.",
          "Print the session's page to PDF (in the output directory).", _FILE),
    _page("save_storage_state", "Save cookies and storage (logins) to a file; start with "
                                "--storage-state FILE.",
          "Save the session's cookies and storage (its logins) to FILE; start again with "
          "--storage-state FILE.", _FILE, tab=None, http="save_state", command="save-state"),
    # offered as one MCP tool and one CLI command, ``tabs`` (see TABS)
    _page("tab_list", "Open tabs with their titles, the current one marked.", "",
          tab=None, mcp=None, http=None, command=None),
    _page("new_tab", "Open a new tab (and make it current), optionally loading url.", "",
          Param("url", str | None, None), tab=None, mcp=None, http=None, command=None),
    _page("switch_tab", "Make this tab current.", "", tab="tab_id", mcp=None,
          http="switch", command=None),
    _page("close_tab", "Close this tab.", "", tab="tab_id", mcp=None, http="close",
          command=None),
    _page("wait", "Wait for a load state, an element (ref/query), text, or some seconds.",
          "Wait for --text, --ref, --query, --load or --seconds.",
          Param("load", LoadState | None, None), REF, QUERY, Param("text", str | None, None),
          Param("state", ElementState, "visible"), Param("seconds", float | None, None),
          Param("timeout", float, 10.0)),
    _page("dialogs", "How alert/confirm/prompt are answered: a policy, or the next one only.",
          "How alert/confirm/prompt are answered.",
          Param("policy", Literal["accept", "dismiss"] | None, None),
          Param("accept_next", bool | None, None, doc="answer only the next one"),
          Param("text", str | None, None, doc="text for prompt() dialogs"),
          method="answer_dialogs", tab=None),
    _page("screenshot", "A PNG of the page with refs and region outlines drawn on it (for "
                        "people).",
          "PNG of the session's page with refs and regions drawn.",
          Param("annotate", bool, True), Param("full_page", bool, False)),
)

#: What is neither an action on one element nor a view: navigation and the rest.
PAGE_OPERATIONS: tuple[Operation, ...] = (*NAVIGATION_OPERATIONS, *_AROUND)
#: Every operation, in the order the MCP tool list and the HTTP routes show them.
OPERATIONS: tuple[Operation, ...] = (*NAVIGATION_OPERATIONS, *VIEW_OPERATIONS,
                                     *ACTION_OPERATIONS, *_AROUND)


@dataclass(frozen=True, slots=True)
class Fold:
    """Several operations offered as one, chosen by one parameter (``by``: its value →
    the operation's name): the MCP tool list, which a model reads on every turn, has one
    entry instead of several. A parameter ``tab`` is the tab the chosen operation works
    on; the others go to it by name (those it does not take are left out)."""

    name: str
    help: str
    by: str
    params: tuple[Param, ...]
    ops: Mapping[Any, str]
    cli: str = ""

    def param(self, name: str) -> Param | None:
        return next((p for p in self.params if p.name == name), None)

    def choose(self, args: Mapping[str, Any]) -> Operation:
        by = self.param(self.by)
        return operation(self.ops[args.get(self.by, by.default if by else None)])


#: The MCP ``check`` tool: check, or with checked=false uncheck (the CLI has both).
CHECK = Fold("check", "Check (or with checked=false uncheck) a checkbox or radio.", "checked",
             (REF, QUERY, Param("checked", bool, True), DIFF),
             {True: "check", False: "uncheck"})
#: The MCP ``tabs`` tool and the CLI ``tabs`` command.
TABS = Fold("tabs", "List tabs, or open a new one (url), switch to one, close one (tab id "
                    "like t2).", "action",
            (Param("action", Literal["list", "new", "switch", "close"], "list"),
             Param("tab", str | None, None), Param("url", str | None, None)),
            {"list": "tab_list", "new": "new_tab", "switch": "switch_tab",
             "close": "close_tab"},
            cli="List tabs, or: tabs new URL | switch ID | close ID.")
FOLDS: tuple[Fold, ...] = (CHECK, TABS)


async def run_fold(fold: Fold, session: AsyncSession, args: Mapping[str, Any]
                   ) -> tuple[Operation, Any]:
    """Carry out the operation ``args`` choose of ``fold``; that operation and its answer."""
    op = fold.choose(args)
    return op, await run(op, session, args.get("tab"), args)


def operation(name: str) -> Operation:
    """The operation called ``name``; KeyError when there is none."""
    for op in OPERATIONS:
        if op.name == name:
            return op
    raise KeyError(name)
