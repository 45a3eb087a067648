"""The session's operations, each declared once: its name, one line, its typed parameters.

Every operation an agent asks for reaches the session through three front ends: an MCP
tool (:mod:`domdex.mcp`), an HTTP endpoint (:mod:`domdex.http`) and a CLI command
(:mod:`domdex.cli.session`, which talks to the HTTP API of its daemon). Each used to
spell the operation's vocabulary out again (names, types, defaults, choices, help), and
the copies drifted: a parameter one front end had and another lacked, a help line on one
and not the next. Here each is written once, as data the front ends read: the MCP tool's
signature and description, the request body model and summary of the HTTP route, and the
CLI command's arguments are all made from an :class:`Operation`.

Two kinds: an *action* on one element (``click``, ``fill`` …), picked by ``ref`` or by
``query``, goes through :meth:`AsyncSession.act` with its one ``value``; a *view*
(``overview``, ``find`` …) is the :class:`AsyncSession` method of the same name, called
with the parameters as keywords. ``tests/test_operations.py`` holds the table to the
session's own signatures.

What is not here is written by hand in each front end, each for a stated reason (see
``docs/architecture.md``): navigation, tabs, waits and the browser's furniture (console,
network, files, dialogs, screenshots) differ in shape from one front end to the next.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from .core import AsyncSession

__all__ = ["ACTION_OPERATIONS", "BUDGET", "DIFF", "OPERATIONS", "QUERY", "REF", "REQUIRED",
           "VIEW_OPERATIONS", "Operation", "Param", "operation", "run"]

#: The default of a parameter that has none: a caller must give it.
REQUIRED: Any = inspect.Parameter.empty


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter: its keyword, type (an annotation), default, help and placeholder.

    ``type`` is a real annotation (``str``, ``int | None``, ``Literal[...]``,
    ``list[str]``): pydantic turns it into the MCP and HTTP schemas, argparse into a
    conversion and choices. ``metavar`` names the value on the command line.
    """

    name: str
    type: Any
    default: Any = REQUIRED
    help: str = ""
    metavar: str | None = None

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
    action, the parameter that is :meth:`AsyncSession.act`'s ``value``.
    """

    name: str
    kind: Literal["action", "view"]
    help: str
    cli: str
    params: tuple[Param, ...] = ()
    value: str | None = None

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
    call = getattr(session, op.name)
    return await call(tab=tab, **args)


# Parameters shared by several operations ----------------------------------------------
REF = Param("ref", str | None, None, "e.g. e12")
QUERY = Param("query", str | None, None, "words, when you have no ref")
DIFF = Param("diff", bool, False, "return what changed")
BUDGET = Param("max_tokens", int | None, None, "token budget", metavar="N")


def _action(name: str, help: str, cli: str, value: Param | None = None) -> Operation:
    params = (REF, QUERY, *((value,) if value else ()), DIFF)
    return Operation(name, "action", help, cli, params, value.name if value else None)


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
    _action("check", "Check a checkbox or radio.",
            "Check a checkbox or radio (REF or --query)."),
    _action("uncheck", "Uncheck a checkbox.", "Uncheck a checkbox (REF or --query)."),
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

OPERATIONS: tuple[Operation, ...] = ACTION_OPERATIONS + VIEW_OPERATIONS


def operation(name: str) -> Operation:
    """The operation called ``name``; KeyError when there is none."""
    for op in OPERATIONS:
        if op.name == name:
            return op
    raise KeyError(name)
