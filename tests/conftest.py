"""Shared fixtures: a local HTTP server for tests/pages, real headless Chromium, the
Python docs, and snapshot fixtures.

Browser tests carry the ``browser`` marker; everything under ``tests/fixtures`` is
tested without a browser.
"""

from __future__ import annotations

import functools
import http.server
import json
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).parent
PAGES = HERE / "pages"
SNAPSHOTS = HERE / "fixtures" / "snapshots"
PYDOCS = Path("/usr/share/doc/python3.11/html")


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """Serve tests/pages on 127.0.0.1 (a free port); yields the base URL."""
    handler = functools.partial(_QuietHandler, directory=str(PAGES))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture(scope="session")
def pydocs() -> Path:
    """Root of Debian's python3.11-doc HTML (installed by scripts/setup.sh)."""
    if not (PYDOCS / "library" / "os.html").is_file():
        pytest.fail("python3.11-doc is missing: run `make setup` (apt-get install python3.11-doc).")
    return PYDOCS


def load_fixture_snapshot(name: str):  # type: ignore[no-untyped-def]
    """A captured snapshot kept under tests/fixtures/snapshots as JSON."""
    from domdex import load_snapshot

    return load_snapshot(json.loads((SNAPSHOTS / f"{name}.json").read_text(encoding="utf-8")))
