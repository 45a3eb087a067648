"""Shared fixtures: a local HTTP server for tests/pages, real headless Chromium, the
Python docs, and snapshot fixtures.

Browser tests carry the ``browser`` marker; everything under ``tests/fixtures`` is
tested without a browser.
"""

from __future__ import annotations

import contextlib
import gzip
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).parent
PAGES = HERE / "pages"
SNAPSHOTS = HERE / "fixtures" / "snapshots"
PYDOCS = Path("/usr/share/doc/python3.11/html")


@pytest.fixture(scope="session", autouse=True)
def _private_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Keep the knowledge store and session files of every test (and of the servers
    they start) out of the user's ~/.cache."""
    old = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = str(tmp_path_factory.mktemp("xdg-cache"))
    yield
    if old is None:
        os.environ.pop("XDG_CACHE_HOME", None)
    else:
        os.environ["XDG_CACHE_HOME"] = old


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """Serve tests/pages on 127.0.0.1 (a free port); yields the base URL."""
    from domdex.localsite import LocalSite

    with LocalSite(PAGES) as site:
        yield site.url


@pytest.fixture(scope="session")
def pydocs() -> Path:
    """Root of Debian's python3.11-doc HTML (installed by scripts/setup.sh)."""
    if not (PYDOCS / "library" / "os.html").is_file():
        pytest.fail("python3.11-doc is missing: run `make setup` (apt-get install python3.11-doc).")
    return PYDOCS


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def mcp_http_server(*args: str, timeout: float = 30.0) -> Iterator[str]:
    """``domdex mcp --http`` on a free loopback port (extra ``args`` appended); yields
    its base URL once it accepts connections, and stops it afterwards."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "domdex", "mcp", "--http", "--port",
                             str(port), *args],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                    break
            except OSError:
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(timeout=15)


def load_fixture_snapshot(name: str):  # type: ignore[no-untyped-def]
    """A captured snapshot kept under tests/fixtures/snapshots (``.json`` or ``.json.gz``).

    Regenerate them with ``scripts/capture_fixtures.py``.
    """
    from domdex import load_snapshot

    plain = SNAPSHOTS / f"{name}.json"
    if plain.exists():
        return load_snapshot(json.loads(plain.read_text(encoding="utf-8")))
    packed = SNAPSHOTS / f"{name}.json.gz"
    return load_snapshot(json.loads(gzip.decompress(packed.read_bytes()).decode("utf-8")))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true",
                     help="rewrite tests/fixtures/views/*.txt from the current views")


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))


@pytest.fixture(scope="session")
def domdex_browser():  # type: ignore[no-untyped-def]
    """One headless Chromium for the whole session, driven through ``domdex.launch()``.

    It runs on a background thread (``background=True``): a sync Playwright in the main
    thread would mark an event loop as running there for the whole run, and the tests
    that call ``asyncio.run`` could not. Async tests run on its loop through the
    ``run_async`` fixture, against ``domdex_browser.async_browser``.
    """
    import domdex

    with domdex.launch(background=True) as browser:
        yield browser


@contextlib.contextmanager
def page_showing(browser: object, html: str) -> Iterator[object]:
    """A new tab of ``browser`` (``domdex_browser``) showing ``html``, closed after use."""
    p = browser.new_page()  # type: ignore[attr-defined]
    try:
        p.playwright_page.set_content(html)
        yield p
    finally:
        p.close()


@pytest.fixture(scope="session")
def run_async(domdex_browser):  # type: ignore[no-untyped-def]
    """``run_async(coro)``: run a coroutine on the loop that drives ``domdex_browser``."""
    return domdex_browser._runner.run
