"""The session's table of operations: each front end is made from it, and it matches the
session's own typed signatures (issue 9: each operation written once)."""

from __future__ import annotations

import argparse
import asyncio
import inspect
from typing import Any

import pytest

from domdex.session import AsyncSession
from domdex.session.operations import (
    ACTION_OPERATIONS,
    FOLDS,
    OPERATIONS,
    PAGE_OPERATIONS,
    TABS,
    VIEW_OPERATIONS,
    Operation,
    operation,
)
from domdex.session.pageapi import PageActions, SyncPageActions


def _keywords(fn: Any) -> tuple[set[str], bool]:
    params = inspect.signature(fn).parameters.values()
    names = {p.name for p in params if p.kind is not p.VAR_KEYWORD}
    return names, any(p.kind is p.VAR_KEYWORD for p in params)


@pytest.mark.parametrize("op", ACTION_OPERATIONS, ids=lambda op: op.name)
def test_every_action_is_a_typed_session_method(op: Operation) -> None:
    names, _ = _keywords(getattr(AsyncSession, op.name))
    assert "ref" in names
    assert op.kind == "action" and op.param("ref") and op.param("query") and op.param("diff")
    if op.value is not None:  # the value is the method's second parameter, however named
        second = list(inspect.signature(getattr(AsyncSession, op.name)).parameters)[2]
        assert second != "options", f"AsyncSession.{op.name} takes no value"


@pytest.mark.parametrize("op", VIEW_OPERATIONS + PAGE_OPERATIONS, ids=lambda op: op.name)
def test_every_view_and_page_operation_is_a_session_method(op: Operation) -> None:
    names, open_ended = _keywords(getattr(AsyncSession, op.method or op.name))
    assert op.tab is None or op.tab in names
    for p in op.params:  # grep and find hand their options on to search: **kwargs
        keyword = p.keyword or p.name
        assert keyword in names or open_ended, f"AsyncSession.{op.name} has no {keyword}"


def test_operation_names_are_unique_and_found() -> None:
    assert len({op.name for op in OPERATIONS}) == len(OPERATIONS)
    assert {op.name for op in OPERATIONS} == \
        {op.name for op in ACTION_OPERATIONS + VIEW_OPERATIONS + PAGE_OPERATIONS}
    for front in ("tool", "route", "cli_command"):
        names = [getattr(op, front) for op in OPERATIONS if getattr(op, front)]
        assert len(set(names)) == len(names), front
    assert operation("find").kind == "view"
    with pytest.raises(KeyError):
        operation("nope")


def test_a_flag_on_by_default_has_its_cli_spelling() -> None:
    """A CLI flag is off unless given (store_true): a bool on by default is spelled
    otherwise on the command line (``screenshot --plain``)."""
    from domdex.cli.session import _SPELLING

    for op in OPERATIONS:
        for p in op.params:
            if p.type is bool and p.default is not False:
                assert (op.name, p.name) in _SPELLING, (op.name, p.name)


def test_front_end_spellings_name_operations_and_parameters() -> None:
    from domdex.cli.session import _SENT, _SPELLING
    from domdex.mcp import _ANSWERS

    for op_name, param in (*_SPELLING, *_SENT):
        assert operation(op_name).param(param), (op_name, param)
    for op_name in _ANSWERS:
        operation(op_name)
    for fold in FOLDS:
        assert fold.param(fold.by) and fold.param(fold.by).choices in (None, tuple(fold.ops))
        for name in fold.ops.values():
            operation(name)


def test_every_operation_reaches_every_front_end() -> None:
    """On its own, or through a fold or a shape written by hand and named here."""
    folded = {name for fold in FOLDS for name in fold.ops.values()}
    for op in OPERATIONS:
        assert op.tool or op.name in folded, op.name
        assert op.route or op.name in ("tab_list", "new_tab"), op.name  # GET / POST /tabs
        assert op.cli_command or op.name in set(TABS.ops.values()) | {"navigate"}, op.name


def test_params_know_their_choices() -> None:
    intent, regions = operation("find").param("intent"), operation("grep").param("regions")
    paths = operation("upload").value_param
    assert intent and intent.choices == ("click", "fill", "select", "read", "navigate")
    assert regions and regions.choices is None and not regions.is_list
    assert paths and paths.is_list and paths.required


def test_mcp_tools_are_the_operations() -> None:
    from mcp import Client

    from domdex.mcp import MCP_ONLY, build_server

    async def listing() -> dict[str, Any]:
        async with Client(build_server()) as client:
            return {t.name: t for t in (await client.list_tools()).tools}

    tools = asyncio.run(listing())
    made = [(op.tool, op.help, op.params) for op in OPERATIONS if op.tool] + \
        [(fold.name, fold.help, fold.params) for fold in FOLDS]
    assert set(tools) == {name for name, _, _ in made} | set(MCP_ONLY)
    for name, help_, params in made:
        tool = tools[name]
        assert tool.description == help_
        assert set(tool.input_schema["properties"]) == {p.name for p in params}
        assert set(tool.input_schema.get("required", [])) == \
            {p.name for p in params if p.required}


def test_http_routes_are_the_operations() -> None:
    from domdex.http import HTTP_ONLY, ROUTES, ActBody

    routes = {r.path: r for r in ROUTES}
    assert len(routes) == len(ROUTES)
    assert set(routes) == {op.route for op in OPERATIONS if op.route} | \
        {r.path for r in HTTP_ONLY}
    for op in OPERATIONS:
        if op.route is None:
            continue
        route = routes[op.route]
        assert route.doc == op.help
        if op.kind == "action" and op.name != "drag":
            assert route.body is ActBody  # one body for every action: value on the wire
        else:
            assert list(route.body.model_fields) == [p.name for p in op.params]


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for a in parser._actions:
        if isinstance(a, argparse._SubParsersAction):
            return dict(a.choices)
    return {}


def test_cli_commands_are_the_operations() -> None:
    from domdex.cli import build_parser

    top = _subcommands(build_parser())
    views = _subcommands(top["session"])
    for op in ACTION_OPERATIONS:
        p = top[op.name.replace("_", "-")]
        assert p.description == op.cli
        dests = {a.dest for a in p._actions}
        assert {"ref", "query", "diff"} <= dests
        assert ("value" in dests) == (op.value is not None)
    for op in VIEW_OPERATIONS + PAGE_OPERATIONS:
        if op.cli_command is None:
            continue
        p = views.get(op.cli_command) or top[op.cli_command]  # diff is top-level: no TARGET
        assert p.description == op.cli
        assert {p.name for p in op.params} <= {a.dest for a in p._actions}
    navigate = operation("navigate").param("to")
    assert navigate and navigate.choices
    for to in navigate.choices:
        assert top[to].description == operation("navigate").cli.format(to.capitalize())
    tabs = next(a for a in top["tabs"]._actions if a.dest == "op")
    assert top["tabs"].description == TABS.cli and tuple(tabs.choices or ()) == tuple(TABS.ops)


def test_sync_page_actions_have_the_async_signatures() -> None:
    for name in ("act", "click", "fill", "type", "press", "select", "check", "uncheck",
                 "hover", "scroll_into_view", "upload", "diff", "wait"):
        sync, async_ = getattr(SyncPageActions, name), getattr(PageActions, name)
        assert inspect.signature(sync) == inspect.signature(async_), name
        assert not inspect.iscoroutinefunction(sync)


def test_page_wait_is_the_session_wait_on_its_one_tab() -> None:
    page = inspect.signature(PageActions.wait).parameters
    session = inspect.signature(AsyncSession.wait).parameters
    assert [(p.name, p.default) for p in page.values()] == \
        [(p.name, p.default) for p in session.values() if p.name != "tab"]


def test_page_wait_is_the_table_s_wait() -> None:
    page = inspect.signature(PageActions.wait).parameters
    assert [(p.name, p.default) for p in operation("wait").params] == \
        [(p.name, p.default) for p in page.values() if p.name != "self"]


@pytest.mark.browser
def test_folded_and_page_tools_run_their_operations(server: str) -> None:
    from mcp import Client

    from domdex.holder import SessionHolder
    from domdex.mcp import build_server

    holder = SessionHolder()

    async def main() -> dict[str, Any]:
        said: dict[str, Any] = {}
        try:
            async with Client(build_server(holder)) as client:
                async def call(tool: str, **args: Any) -> str:
                    r = await client.call_tool(tool, args)
                    said[f"{tool}_error"] = r.is_error
                    return "\n".join(getattr(c, "text", "") for c in r.content)
                await call("open", url=f"{server}/login.html")
                said["check"] = await call("check", query="Remember me")
                said["uncheck"] = await call("check", query="Remember me", checked=False)
                said["new"] = await call("tabs", action="new", url=f"{server}/product.html")
                said["list"] = await call("tabs")
                said["switch"] = await call("tabs", action="switch", tab="t1")
                said["close"] = await call("tabs", action="close", tab="t2")
                said["reload"] = await call("navigate", to="reload")
                said["dialogs"] = await call("dialogs", policy="dismiss")
                said["wait"] = await call("wait", seconds=0.1)
                shot = await client.call_tool("screenshot", {"annotate": False})
                said["shot"] = shot.content[0]
        finally:
            await holder.close()
        return said

    said = asyncio.run(main())
    assert not any(v for k, v in said.items() if k.endswith("_error")), said
    assert "checked" in said["check"].lower() and "unchecked" in said["uncheck"].lower()
    assert said["list"].startswith("<<<page content") and "t2" in said["list"]
    assert "t1 is current" in said["switch"] and "t2 closed" in said["close"]
    assert "login.html" in said["reload"]
    assert said["dialogs"] == "Dialogs are dismissed by default."  # domdex's own words
    assert "WAITED" in said["wait"]
    assert said["shot"].type == "image" and said["shot"].mime_type == "image/png"
