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
    OPERATIONS,
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


@pytest.mark.parametrize("op", VIEW_OPERATIONS, ids=lambda op: op.name)
def test_every_view_is_the_session_method_of_its_name(op: Operation) -> None:
    names, open_ended = _keywords(getattr(AsyncSession, op.name))
    assert "tab" in names
    for p in op.params:  # grep and find hand their options on to search: **kwargs
        assert p.name in names or open_ended, f"AsyncSession.{op.name} has no {p.name}"


def test_operation_names_are_unique_and_found() -> None:
    assert len({op.name for op in OPERATIONS}) == len(OPERATIONS)
    # a CLI flag is off unless given (store_true): a flag on by default would need --no-
    assert all(p.default is False for op in OPERATIONS for p in op.params if p.type is bool)
    assert operation("find").kind == "view"
    with pytest.raises(KeyError):
        operation("nope")


def test_params_know_their_choices() -> None:
    intent, regions = operation("find").param("intent"), operation("grep").param("regions")
    paths = operation("upload").value_param
    assert intent and intent.choices == ("click", "fill", "select", "read", "navigate")
    assert regions and regions.choices is None and not regions.is_list
    assert paths and paths.is_list and paths.required


def test_mcp_tools_are_the_operations() -> None:
    from mcp import Client

    from domdex.mcp import build_server

    async def listing() -> dict[str, Any]:
        async with Client(build_server()) as client:
            return {t.name: t for t in (await client.list_tools()).tools}

    tools = asyncio.run(listing())
    for op in OPERATIONS:
        if op.name == "uncheck":  # the check tool's checked=false
            continue
        tool = tools[op.name]
        props = set(tool.input_schema["properties"])
        if op.name == "check":
            assert props == {"ref", "query", "diff", "checked"}
            continue
        assert tool.description == op.help
        assert props == {p.name for p in op.params}
        assert set(tool.input_schema.get("required", [])) == \
            {p.name for p in op.params if p.required}


def test_http_routes_are_the_operations() -> None:
    from domdex.http import ROUTES, ActBody

    routes = {r.path: r for r in ROUTES}
    for op in OPERATIONS:
        route = routes[op.name]
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
    for op in VIEW_OPERATIONS:
        p = views.get(op.name) or top[op.name]  # diff is top-level: it takes no TARGET
        assert p.description == op.cli
        assert {p.name for p in op.params} <= {a.dest for a in p._actions}


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
