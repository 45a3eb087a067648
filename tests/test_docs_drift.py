"""The docs say what the code does: flags, tool counts and token figures cannot drift.

Why: a user copies a flag from docs/cli.md or sizes a context window from docs/mcp.md.
Both drifted once (grep's `--regions`/`--include-hidden` were really `--region`/`--hidden`;
the MCP page said 22 tools and 2,031 tokens when there were 24 and 2,249). These tests read
the docs and compare them with the live parser and the live MCP server.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
from pathlib import Path

import pytest

from domdex.cli import build_parser

DOCS = Path(__file__).resolve().parent.parent / "docs"
README = DOCS.parent / "README.md"
#: Chromium's own flags, which the docs mention when they explain --cdp.
CHROMIUM = {"--remote-debugging-port"}
FLAG = re.compile(r"(?<![\w-])--[a-z][a-z0-9-]*")


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _options(parser: argparse.ArgumentParser) -> set[str]:
    found = {o for a in parser._actions for o in a.option_strings}
    for child in _subparsers(parser).values():
        found |= _options(child)
    return found


def _command_options(words: list[str]) -> set[str] | None:
    """The options of `domdex WORDS…`; a word `a|b` means either sub-command."""
    parsers = [build_parser()]
    for i, word in enumerate(words):
        children = [_subparsers(p).get(name) for p in parsers for name in word.split("|")]
        found = [c for c in children if c is not None]
        if not found:
            return None if i == 0 else set().union(*(_options(p) for p in parsers))
        parsers = found
    return set().union(*(_options(p) for p in parsers))


def _table_rows(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("| `domdex ")]


def test_every_flag_in_a_command_row_belongs_to_that_command() -> None:
    text = (DOCS / "cli.md").read_text(encoding="utf-8")
    wrong = []
    for row in _table_rows(text):
        allowed: set[str] = set()
        for named in re.findall(r"`domdex ([a-z][a-z\-|\\ ]*)", row):
            words = named.replace("\\", "").split()
            options = _command_options(words)
            assert options is not None, f"docs/cli.md names no such command: domdex {named}"
            allowed |= options
        wrong += [(row.split("|")[1].strip(), f) for f in FLAG.findall(row) if f not in allowed]
    assert not wrong, f"docs/cli.md lists flags those commands do not take: {wrong}"


@pytest.mark.parametrize("doc", ["cli.md", "mcp.md", "search.md", "read.md", "session.md",
                                 "browser.md"])
def test_every_flag_the_docs_mention_exists(doc: str) -> None:
    every = _options(build_parser())
    text = (DOCS / doc).read_text(encoding="utf-8")
    # A line naming a `bench/` script is about that script's flags, not domdex's.
    cli_lines = [line for line in text.splitlines()
                 if ("domdex " in line or "`--" in line) and "bench/" not in line]
    unknown = sorted({f for line in cli_lines for f in FLAG.findall(line)} - every - CHROMIUM)
    assert not unknown, f"docs/{doc} mentions flags no domdex command takes: {unknown}"


def test_every_browser_option_is_documented_with_its_flag_key_and_variable() -> None:
    from domdex.options import OPTIONS

    rows = [line for line in (DOCS / "browser.md").read_text(encoding="utf-8").splitlines()
            if line.startswith("| `--")]
    missing = [o.name for o in OPTIONS
               if not any(f"`{o.flag}" in r and f"`{o.name}`" in r and f"`{o.env}`" in r
                          for r in rows)]
    assert not missing, f"docs/browser.md's option table lacks {missing}"


def _live_tools() -> tuple[list[str], int]:
    from mcp import Client

    from domdex.mcp import build_server
    from domdex.tokens import count_tokens

    async def listing() -> tuple[list[str], int]:
        async with Client(build_server()) as client:
            tools = (await client.list_tools()).tools
        dumped = json.dumps([t.model_dump(mode="json", by_alias=True, exclude_none=True)
                             for t in tools])
        return [t.name for t in tools], count_tokens(dumped)

    return asyncio.run(listing())


def test_mcp_docs_count_every_tool_and_their_tokens() -> None:
    names, tokens = _live_tools()
    text = (DOCS / "mcp.md").read_text(encoding="utf-8")
    said = re.search(r"Tool list: (\d+) tools, ([\d,]+) o200k tokens", text)
    assert said, "docs/mcp.md no longer states the tool list's size"
    count, figure = int(said.group(1)), int(said.group(2).replace(",", ""))
    assert count == len(names), f"docs/mcp.md says {count} tools; the server has {len(names)}"
    # Descriptions are edited often; the figure must stay within 5 % of the real one.
    assert abs(figure - tokens) <= 0.05 * tokens, (
        f"docs/mcp.md says {figure:,} tokens; the tool list is {tokens:,}")
    table = text[text.index("| tools |"):]
    table = table[:table.index("\n\n")]
    missing = [n for n in names if f"`{n}`" not in table]
    assert not missing, f"docs/mcp.md's tool table lacks {missing}"


def test_readme_mentions_only_extras_that_exist() -> None:
    import tomllib

    project = tomllib.loads((DOCS.parent / "pyproject.toml").read_text())["project"]
    extras = set(project.get("optional-dependencies", {}))
    sources = [README, *DOCS.glob("*.md"), *(DOCS.parent / "src").rglob("*.py")]
    promised = {m for p in sources for m in re.findall(r"domdex\[([a-z0-9_-]+)\]",
                                                          p.read_text(encoding="utf-8"))}
    assert promised <= extras, f"extras promised but not defined: {promised - extras}"
