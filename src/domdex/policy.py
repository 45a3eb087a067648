"""Who may call a domdex server, where its browser may go, what it may upload.

Two small frozen policies, read by the front ends (:mod:`domdex.http`,
:mod:`domdex.mcp`) and by the session; this module imports nothing of theirs.

:class:`ServerPolicy` — the Host/Origin allow-list in front of every HTTP route. A web
page the user visits can send requests to a loopback server (a "simple" cross-origin
POST needs no preflight), and DNS rebinding lets it read the answers; so a request must
name one of the server's own hosts, and a request from a browser page (it carries an
``Origin``) must come from the server's own origin or one the user allowed.

:class:`UrlPolicy` — what the browser may be sent to. ``javascript:`` URLs are always
refused (they would run in the page before any error); the servers also refuse
``file:`` and the other non-web schemes unless the user opts in, may restrict origins
(``allowed`` / ``blocked``, Playwright MCP's semantics: blocked wins), and take uploads
only from directories the user allowed.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

from .errors import ActionError, NavigationError

__all__ = ["LOOPBACK_NAMES", "ServerPolicy", "UrlPolicy", "split_list"]

#: Host names that reach a server bound to loopback.
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
#: Wildcard bind addresses (every interface): they name no host a client would send.
_ANY = ("0.0.0.0", "::", "")
#: Characters Chromium drops from anywhere in a URL, and strips from its ends.
_DROPPED = str.maketrans("", "", "\t\n\r")
_C0 = "".join(chr(c) for c in range(0x21))
#: about: pages that are only an empty document.
_BLANK = ("about:blank", "about:srcdoc")

Schemes = Literal["all", "web", "web+file"]


def split_list(values: list[str] | tuple[str, ...] | None) -> tuple[str, ...]:
    """Options given repeated or ``;``/``,``-separated, as one tuple."""
    out: list[str] = []
    for v in values or ():
        out += [p.strip() for p in v.replace(",", ";").split(";") if p.strip()]
    return tuple(out)


def _host_entry(name: str, port: int | None) -> str:
    name = name.strip().lower()
    if name.count(":") > 1 and not name.startswith("["):
        name = f"[{name}]"  # a bare IPv6 address
    return f"{name}:{port}" if port else name


@dataclass(frozen=True, slots=True)
class ServerPolicy:
    """The hosts a request may name, and the web origins that may call the server.

    ``hosts``: ``name:port`` (that port) or ``name`` (any port); ``"*"`` turns the Host
    check off. A request without ``Origin`` (curl, an SDK) passes the origin check; one
    with ``Origin`` passes when it is the server's own origin (``http://`` + its Host)
    or in ``origins``.
    """

    hosts: frozenset[str]
    origins: frozenset[str] = frozenset()

    @classmethod
    def for_server(cls, host: str, port: int, *, hosts: tuple[str, ...] = (),
                   origins: tuple[str, ...] = ()) -> ServerPolicy:
        """Loopback names with the server's port, the bound host, and what the user added."""
        names = {_host_entry(n, port) for n in LOOPBACK_NAMES}
        if host not in _ANY and host not in ("127.0.0.1", "localhost", "::1"):
            names.add(_host_entry(host, port))
        names |= {h if h == "*" else _host_entry(h, None) for h in hosts}
        return cls(frozenset(names), frozenset(o.strip().lower().rstrip("/") for o in origins))

    def refuse(self, host: str | None, origin: str | None) -> str | None:
        """Why a request with these headers is refused (one sentence), or None."""
        host = (host or "").strip().lower()
        if "*" not in self.hosts and host not in self.hosts \
                and host.rsplit(":", 1)[0] not in self.hosts:
            return (f"Host {host or '(none)'!r} is not one of this server's names; "
                    "start it with --allowed-hosts to add one.")
        if origin is None:
            return None
        origin = origin.strip().lower().rstrip("/")
        if origin in (f"http://{host}", f"https://{host}") or origin in self.origins:
            return None
        return (f"Requests from web pages at {origin} are refused; start the server "
                "with --allowed-client-origins to allow that origin.")


def _clean(url: str) -> str:
    """The URL as Chromium reads it: tabs and newlines dropped, control chars stripped."""
    return url.translate(_DROPPED).strip(_C0)


def scheme_of(url: str) -> str:
    """The URL's scheme in lower case ("" for a plain path)."""
    head, sep, _ = _clean(url).partition(":")
    if not sep or len(head) < 2 or not head.replace("+", "").replace("-", "")\
            .replace(".", "").isalnum():
        return ""  # no scheme, or a Windows drive letter
    return head.lower()


_DEFAULT_PORT = {"http": 80, "ws": 80, "https": 443, "wss": 443}
#: An origin spec: ``https://example.com``, ``http://localhost:*``, ``example.com``,
#: ``*.example.com``, ``[::1]:8080``.
_SPEC = re.compile(r"(?:(?P<scheme>[a-z][a-z0-9+.-]*)://)?"
                   r"(?P<host>\[[^\]]+\]|[^:/\[\]]+)(?::(?P<port>\d+|\*))?")


def _endpoint(url: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) of an http(s)/ws(s) URL, the port made explicit."""
    parts = urlsplit(_clean(url))
    scheme = parts.scheme.lower()
    if scheme not in _DEFAULT_PORT or not parts.hostname:
        return None
    try:
        port = parts.port or _DEFAULT_PORT[scheme]
    except ValueError:
        return None
    return scheme, _host_entry(parts.hostname, None), port


def origin_of(url: str) -> str | None:
    """``scheme://host[:port]`` of an http(s)/ws(s) URL (default port left out)."""
    end = _endpoint(url)
    if end is None:
        return None
    scheme, host, port = end
    return f"{scheme}://{host}" + ("" if port == _DEFAULT_PORT[scheme] else f":{port}")


def _matches(end: tuple[str, str, int], spec: str) -> bool:
    """Does the endpoint match ``spec``: a full origin (its port, or the default one),
    ``http://host:*`` (any port), a bare host (any scheme and port), ``*.example.com``
    (the domain and its subdomains)?"""
    m = _SPEC.fullmatch(spec.strip().lower().rstrip("/"))
    if m is None:
        return False
    scheme, host, port = end
    if m["scheme"] and m["scheme"] != scheme:
        return False
    if m["port"] and m["port"] != "*" and int(m["port"]) != port:
        return False
    if m["port"] is None and m["scheme"] and port != _DEFAULT_PORT.get(m["scheme"]):
        return False
    want = m["host"]
    if want.startswith("*."):
        return host == want[2:] or host.endswith(want[1:])
    return host == want


@dataclass(frozen=True, slots=True)
class UrlPolicy:
    """Where the browser may go and what it may upload.

    ``schemes``: ``"all"`` (the Python API: a user opening a local file is fine),
    ``"web"`` (http, https and about:blank: the servers' default) or ``"web+file"``
    (``--allow-file-urls``). ``javascript:`` is refused under every setting.
    ``allowed_origins`` (empty: any) and ``blocked_origins`` hold origins such as
    ``https://example.com``, ``http://localhost:*``, ``example.com``; blocked wins.
    ``upload_roots``: directories uploads may come from; None: anywhere.
    """

    schemes: Schemes = "all"
    allowed_origins: tuple[str, ...] = ()
    blocked_origins: tuple[str, ...] = ()
    upload_roots: tuple[str, ...] | None = None

    @classmethod
    def for_servers(cls, *, allow_file_urls: bool = False, allowed_origins: tuple[str, ...] = (),
                    blocked_origins: tuple[str, ...] = (),
                    upload_roots: tuple[str, ...] = ()) -> UrlPolicy:
        """The servers' policy: web URLs only, uploads from the working directory."""
        return cls("web+file" if allow_file_urls else "web", allowed_origins,
                   blocked_origins, tuple(upload_roots) or (os.getcwd(),))

    @property
    def filters_requests(self) -> bool:
        """Whether every request the browser makes must be checked (origin lists)."""
        return bool(self.allowed_origins or self.blocked_origins)

    def refusal(self, url: str) -> str | None:
        """Why the browser may not go to ``url`` (one sentence), or None."""
        scheme = scheme_of(url)
        if scheme == "javascript":
            return "javascript: URLs are refused: they would run script in the page."
        if scheme in ("http", "https", "ws", "wss"):
            return self.origin_refusal(url)
        if (scheme == "about" and _clean(url).lower() in _BLANK) or self.schemes == "all":
            return None
        if scheme in ("file", "") and self.schemes == "web+file":
            return None
        if scheme in ("file", ""):
            return ("Local files are off for this server; start it with --allow-file-urls "
                    "to open them.")
        return (f"{scheme}: URLs are refused by this server; open an http(s) URL "
                "(--allow-file-urls allows file: URLs).")

    def origin_refusal(self, url: str) -> str | None:
        """Why the origin lists refuse ``url`` (http(s) only), or None."""
        end = _endpoint(url)
        if end is None:
            return None
        origin = origin_of(url)
        if any(_matches(end, s) for s in self.blocked_origins):
            return f"{origin} is blocked (--blocked-origins)."
        if self.allowed_origins and not any(_matches(end, s) for s in self.allowed_origins):
            return f"{origin} is not in the allowed origins (--allowed-origins)."
        return None

    def check(self, url: str) -> None:
        """Raise :class:`NavigationError` when the browser may not go to ``url``."""
        why = self.refusal(url)
        if why is not None:
            raise NavigationError(f"Did not open {_short(url)}: {why}")

    def upload_files(self, value: str | list[str] | tuple[str, ...] | None) -> list[str]:
        """The files to upload as absolute paths; each must exist under an upload root."""
        paths = [value] if isinstance(value, str) else list(value or [])
        if not paths:
            raise ActionError("upload needs one or more file paths.")
        out = []
        for p in paths:
            path = Path(os.path.expanduser(str(p))).resolve()
            if not self._may_upload(path):
                roots = ", ".join(self.upload_roots or ())
                raise ActionError(f"Cannot upload {p}: it is outside the upload directories "
                                  f"({roots}); start the server with --upload-root DIR to "
                                  "allow another.")
            if not path.is_file():
                where = f" ({path})" if str(path) != str(p) else ""
                raise ActionError(f"Cannot upload {p}: no such file{where}.")
            out.append(str(path))
        return out

    def _may_upload(self, path: Path) -> bool:
        if self.upload_roots is None:
            return True
        return any(path.is_relative_to(Path(r).expanduser().resolve())
                   for r in self.upload_roots)


def _short(url: str, limit: int = 120) -> str:
    url = _clean(url)
    return url if len(url) <= limit else url[:limit] + "…"
