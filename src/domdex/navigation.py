"""Where a browser may be sent and what it says when it cannot go there.

Plain functions below the browser and the session alike: a target made into a URL
(:func:`resolve_url`), a failed navigation made into a sentence
(:func:`navigation_error`, Chromium's net error codes in words) and a document refused
when it is not HTML (:func:`check_html`). ``Page.goto`` and the session's open, back,
forward and reload all say a failure through :func:`navigation_error` and its one table,
so the same failure reads the same wherever it happens.
"""

from __future__ import annotations

import logging
import mimetypes
import os
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from .errors import NavigationError, first_line

__all__ = ["check_html", "navigation_error", "resolve_url"]

log = logging.getLogger("domdex")

_HTML_TYPES = ("text/html", "application/xhtml+xml")
_PROXY = ("the proxy did not answer or refused the connection; check --proxy-server (or "
          "proxy_server) and that the proxy runs")
#: Chromium's net error codes (or their prefixes) in words; the first code found in a
#: failure's message names it. The proxy's come first: their messages name no other.
_NET_ERRORS = {
    "ERR_PROXY_CONNECTION_FAILED": _PROXY,
    "ERR_TUNNEL_CONNECTION_FAILED": _PROXY,
    "ERR_CONNECTION_REFUSED": "connection refused",
    "ERR_NAME_NOT_RESOLVED": "the host name could not be resolved",
    "ERR_NAME_RESOLUTION_FAILED": "the host name could not be resolved",
    "ERR_CONNECTION_RESET": "the connection was reset",
    "ERR_CONNECTION_CLOSED": "the connection was closed",
    "ERR_CONNECTION_TIMED_OUT": "the connection timed out",
    "ERR_ADDRESS_UNREACHABLE": "the address is unreachable",
    "ERR_INTERNET_DISCONNECTED": "there is no network connection",
    "ERR_NETWORK_CHANGED": "the network changed during the load; try again",
    "ERR_EMPTY_RESPONSE": "the server sent an empty response",
    "ERR_TOO_MANY_REDIRECTS": "it redirects in a loop",
    "ERR_FILE_NOT_FOUND": "no such file",
    "ERR_CERT_": "its TLS certificate is not valid",
    "ERR_SSL_": "the TLS handshake failed",
    "ERR_INVALID_URL": "the URL is not valid",
    "ERR_ABORTED": "the navigation was aborted (a download, or another navigation)",
}


def resolve_url(target: str | os.PathLike[str]) -> str:
    """A URL Chromium can open: plain paths and ``file://`` URLs must name a file."""
    if isinstance(target, os.PathLike):
        target = os.fspath(target)
    text = target.strip()
    parsed = urlparse(text)
    if parsed.scheme == "file":
        path = Path(unquote(parsed.path))
        if not path.exists():
            raise NavigationError(f"Could not open {text}: no such file ({path}).")
        return text
    if parsed.scheme and len(parsed.scheme) > 1:
        return text
    path = Path(text).expanduser()
    if path.exists():
        return path.resolve().as_uri()
    if text.startswith(("/", "./", "../", "~")) or text.lower().endswith((".html", ".htm")):
        raise NavigationError(f"Could not open {text}: no such file.")
    return "https://" + text


#: How each navigation is named when it took too long ("Opening … took longer").
_DOING = {"open": "Opening", "back": "Going back to", "forward": "Going forward to",
          "reload": "Reloading"}


def navigation_error(url: str, exc: BaseException, timeout: float, wait_until: str = "load",
                     *, action: str = "open", advice: str | None = None) -> NavigationError:
    """A failed navigation (Playwright's error) in words: ``Could not {action} {url}: …``.

    ``action`` is ``open``, ``back``, ``forward`` or ``reload``; ``advice`` is what a
    timed-out navigation's message tells the user to do (by default: pass a larger
    ``timeout``, or ``wait_until='domcontentloaded'``, which ``Page.goto`` takes).
    """
    message = str(exc)
    if type(exc).__name__ == "TimeoutError":
        if advice is None:
            advice = (f"Pass a larger timeout in seconds (e.g. timeout={max(60, timeout * 2):g}), "
                      "or wait_until='domcontentloaded' for a page that never finishes loading.")
        doing = _DOING.get(action, f"{action.capitalize()}ing")
        head = f"{doing} {url} took longer than {timeout:g} s (waiting for '{wait_until}')."
        err = NavigationError(f"{head} {advice}")
        err.timed_out = head  # a front end words its own advice (the CLI's --timeout)
        return err
    if "Download is starting" in message:
        return NavigationError(
            f"Could not {action} {url}: it is a file to download, not an HTML page.")
    for code, reason in _NET_ERRORS.items():
        if code in message:
            return NavigationError(f"Could not {action} {url}: {reason}.")
    why = first_line(exc, 300)
    return NavigationError(f"Could not {action} {url}: {why}"
                           + ("" if why.endswith((".", "!", "?")) else "."))


def check_html(url: str, response: Any) -> None:
    """Refuse documents that are not HTML (JSON, PDF, images …): there is nothing to index."""
    ctype = ""
    if response is not None:
        ctype = (response.headers.get("content-type") or "").split(";")[0].strip().lower()
    if not ctype and url.startswith("file:"):
        ctype = mimetypes.guess_type(unquote(urlparse(url).path))[0] or ""
    if ctype and not ctype.startswith(_HTML_TYPES):
        raise NavigationError(
            f"Could not open {url}: it is {ctype}, not an HTML page. domdex indexes web "
            "pages; fetch other documents directly.")
    if response is not None and response.status >= 400:
        log.info("%s answered HTTP %s; indexing the error page", url, response.status)
