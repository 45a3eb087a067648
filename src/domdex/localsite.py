"""A quiet static-file server on 127.0.0.1: local pages for the browser to open.

Tests and benchmarks serve their fixture directories this way, and so can anyone who
tests an agent on saved pages: a page opened over ``http://`` behaves like the web
(origins, cookies, storage, downloads), which a ``file://`` page does not. Loopback
only, a free port chosen by the kernel, no request log, and threads that stop with it.

    with LocalSite("tests/pages") as site:
        session.open(site.url + "/checkout.html")
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import threading
from typing import Any

__all__ = ["LocalSite", "QuietHandler"]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Static files without a log line per request, nor a traceback per connection the
    browser drops (subclass it to add routes)."""

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def handle(self) -> None:
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            super().handle()


class LocalSite:
    """``directory`` served on ``http://127.0.0.1:<free port>`` until :meth:`close`."""

    def __init__(self, directory: str | os.PathLike[str],
                 handler: type[http.server.SimpleHTTPRequestHandler] = QuietHandler) -> None:
        self.httpd = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(handler, directory=os.fspath(directory)))
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, name="domdex-localsite",
                         daemon=True).start()

    @property
    def url(self) -> str:
        """The base URL, without a trailing slash."""
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def __enter__(self) -> LocalSite:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
