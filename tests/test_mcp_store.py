"""Where the MCP server keeps the pages it reads: `--store PATH`, `--no-store`, DOMDEX_STORE.

Why: `read` adds each page to a knowledge store so that `search_pages` finds it later.
A user must be able to choose that file or have nothing written at all (issue 11).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import anyio
import pytest

pytestmark = pytest.mark.browser


def _read_then_search(server: str, cache: Path, *args: str, **env: str) -> str:
    from mcp import Client, StdioServerParameters

    params = StdioServerParameters(
        command=sys.executable, args=["-m", "domdex", "mcp", *args],
        env={"XDG_CACHE_HOME": str(cache), "PATH": os.environ["PATH"], **env})

    async def main() -> str:
        async with Client(params) as client:
            await client.call_tool("open", {"url": f"{server}/product.html"})
            await client.call_tool("read", {})
            found = await client.call_tool("search_pages", {"query": "garden trowel"})
            return "\n".join(getattr(c, "text", "") for c in found.content)

    return anyio.run(main)


def test_no_store_writes_nothing_yet_search_sees_this_run(server: str, tmp_path: Path
                                                          ) -> None:
    found = _read_then_search(server, tmp_path, "--no-store")
    assert "product.html" in found
    assert not list(tmp_path.rglob("*.db")), "--no-store wrote a store"


def test_store_path_and_environment_choose_the_file(server: str, tmp_path: Path) -> None:
    chosen = tmp_path / "mine.db"
    assert "product.html" in _read_then_search(server, tmp_path / "c1", "--store", str(chosen))
    assert chosen.is_file() and not list((tmp_path / "c1").rglob("*.db"))
    from_env = tmp_path / "env.db"
    assert "product.html" in _read_then_search(server, tmp_path / "c2",
                                               DOMDEX_STORE=str(from_env))
    assert from_env.is_file() and not list((tmp_path / "c2").rglob("*.db"))
