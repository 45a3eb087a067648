"""A CLI that keeps its browser: ``domdex open URL``, then ``click e12 --diff`` … ``close``.

``domdex open`` starts (or reuses) a background daemon per ``--session NAME``: the
plain HTTP API (:mod:`domdex.http`) on a loopback port chosen by the kernel, with a
random bearer token. Its address and token live in ``$XDG_RUNTIME_DIR/domdex/`` (or
``~/.cache/domdex/sessions/``), readable by the user only. Later commands read that
file and talk to the daemon, so a shell-driving agent keeps one browser — its tabs,
cookies and refs — across commands.

Commands that act on the live page are top-level (``open``, ``click``, ``fill``,
``diff``, ``tabs``, ``wait``, ``screenshot``, ``close`` …). The view commands
``overview | regions | expand | context`` and ``grep | find`` already take a TARGET
(a URL or a saved snapshot) at top level, so their session-bound forms live under
``domdex session …`` (``domdex session regions``, ``domdex session find "…"``).
``domdex mcp`` runs the MCP server (stdio, or ``--http``, which also serves the HTTP
API).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import os
import re
import secrets
import socket
import subprocess
import sys
import time
import typing
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import BrowserError, DomdexError
from ..session.messages import ERROR_PAGE
from ..session.operations import ACTION_OPERATIONS, TABS, Operation, Param, operation
from .common import (
    add_profile_options,
    browser_options,
    check_target,
    command,
    profile_flags,
    token_budget,
)

_REF = re.compile(r"@?(?:f\d+)?e\d+")


# State files ---------------------------------------------------------------------------
def state_dir() -> Path:
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    base = Path(runtime) / "domdex" if runtime else Path.home() / ".cache" / "domdex" / "sessions"
    base.mkdir(parents=True, exist_ok=True, mode=0o700)
    return base


def state_file(name: str) -> Path:
    safe = "".join(c for c in name if c.isalnum() or c in "-_") or "default"
    return state_dir() / f"{safe}.json"


def read_state(name: str) -> dict[str, Any] | None:
    try:
        return dict(json.loads(state_file(name).read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return None


# Talking to the daemon -----------------------------------------------------------------
def request(state: dict[str, Any], method: str, path: str, body: dict[str, Any] | None = None,
            timeout: float = 120.0) -> tuple[int, bytes, str]:
    data = json.dumps(body or {}).encode() if method == "POST" else None
    req = urllib.request.Request(
        f"http://127.0.0.1:{state['port']}{path}", data=data, method=method,
        headers={"Authorization": f"Bearer {state['token']}",
                 "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return resp.status, resp.read(), resp.headers.get("Content-Type", "")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read(), exc.headers.get("Content-Type", "")


def alive(state: dict[str, Any] | None) -> bool:
    if not state:
        return False
    try:
        status, _, _ = request(state, "GET", "/tabs", timeout=5)
    except OSError:
        return False
    return status == 200


def ensure_daemon(args: argparse.Namespace) -> dict[str, Any]:
    """The running daemon for ``--session``, started if needed."""
    state = read_state(args.session)
    if alive(state):
        assert state is not None
        return state
    path = state_file(args.session)
    path.unlink(missing_ok=True)
    cmd = [sys.executable, "-m", "domdex", "session", "daemon", "--session", args.session]
    if getattr(args, "cdp", None):
        cmd += ["--cdp", args.cdp]
    if getattr(args, "chromium", None):
        cmd += ["--chromium", args.chromium]
    if getattr(args, "headed", False):
        cmd.append("--headed")
    cmd += profile_flags(args)
    browser_options(args)  # a bad option is refused here, not in the daemon's log
    log = open(path.with_suffix(".log"), "ab")  # noqa: SIM115 - handed to the daemon
    env = dict(os.environ)
    if getattr(args, "proxy_password", None):  # through the environment: argv shows in ps
        env["DOMDEX_PROXY_PASSWORD"] = args.proxy_password
    subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=log, stderr=log, env=env,
                     start_new_session=True, close_fds=True)
    log.close()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        state = read_state(args.session)
        if alive(state):
            assert state is not None
            return state
        time.sleep(0.1)
    raise BrowserError(f"The session daemon did not start; see {path.with_suffix('.log')}.")


def connected(args: argparse.Namespace) -> dict[str, Any]:
    state = read_state(args.session)
    if not alive(state):
        raise BrowserError(f"No session {args.session!r} is running. Start one with "
                           "`domdex open URL`" + (f" --session {args.session}`."
                                                  if args.session != "default" else "."))
    assert state is not None
    return state


def call(args: argparse.Namespace, endpoint: str, body: dict[str, Any] | None = None,
         state: dict[str, Any] | None = None) -> int:
    """POST to the current tab's endpoint and print the answer."""
    state = state or connected(args)
    tab = getattr(args, "tab", None) or "current"
    status, raw, ctype = request(state, "POST", f"/tabs/{tab}/{endpoint}", body)
    if ctype.startswith("image/"):
        out = getattr(args, "output", None) or "screenshot.png"
        Path(out).write_bytes(raw)
        print(f"Saved {out} ({len(raw)} bytes).")
        return 0
    try:
        data = json.loads(raw or b"{}")
    except ValueError:  # a daemon stopping mid-answer, or something else on its port
        raise BrowserError(f"The session {args.session!r} gave no readable answer to "
                           f"{endpoint} (HTTP {status}); it may have stopped. `domdex "
                           "sessions` lists the running ones; `domdex open URL` starts "
                           "one.") from None
    if not isinstance(data, dict):
        data = {"text": str(data)}
    if not data.get("ok", status < 400):
        raise DomdexError(data.get("message") or f"HTTP {status}")
    if getattr(args, "json", False):
        print(json.dumps(data.get("data", data), ensure_ascii=False, indent=2))
    else:
        print(data.get("text", ""))
    result = data.get("data")
    page_status = result.get("status") if isinstance(result, dict) else None
    # an error page (HTTP 404, 500) is shown, and a script can tell from the exit status
    return 1 if isinstance(page_status, int) and page_status >= 400 else 0


# Handlers ------------------------------------------------------------------------------
def _open(args: argparse.Namespace) -> int:
    if alive(read_state(args.session)) and profile_flags(args):
        print(f"domdex: session {args.session!r} is already running; browser options apply "
              "when a session starts (close it first to change them).", file=sys.stderr)
    started = not alive(read_state(args.session))
    state = ensure_daemon(args)
    try:
        return call(args, "open", _body(operation("open"), args), state)
    except DomdexError as exc:
        if not started:
            raise
        # nothing was open before this failed open: a session on an error page is no use
        with contextlib.suppress(OSError):
            request(state, "POST", "/shutdown", timeout=10)
        why = str(exc).split(ERROR_PAGE, 1)[0]  # the tab is gone with the session
        raise DomdexError(f"{why} Session {args.session!r} was closed again: this open "
                          "started it.") from exc



def _url(target: str) -> str:
    if "://" in target or target.startswith(("about:", "data:")):
        return target
    check_target(target)
    p = Path(target)
    return p.resolve().as_uri() if p.exists() else "https://" + target


def _close(args: argparse.Namespace) -> int:
    state = read_state(args.session)
    if not alive(state):
        state_file(args.session).unlink(missing_ok=True)
        print(f"No session {args.session!r} was running.")
        return 0
    assert state is not None
    with contextlib.suppress(OSError):
        request(state, "POST", "/shutdown", timeout=10)
    print(f"Session {args.session!r} closed.")
    return 0


def _sessions(args: argparse.Namespace) -> int:
    found = False
    for f in sorted(state_dir().glob("*.json")):
        state = read_state(f.stem)
        if alive(state):
            assert state is not None
            found = True
            print(f"{f.stem}\t127.0.0.1:{state['port']}\tpid {state.get('pid')}")
    if not found:
        print("No sessions are running.")
    return 0


def _act(args: argparse.Namespace) -> int:
    if args.action == "press" and args.value is None and args.ref is not None and \
            not args.query and not _REF.fullmatch(args.ref):
        args.ref, args.value = None, args.ref  # `press Escape`: a key on the page
        return call(args, "press", {"value": args.value, "diff": args.diff})
    if args.action == "drag":
        return _drag(args)
    takes_value = operation(args.action).value is not None
    if args.query and args.ref is not None and takes_value:
        # `fill -q Email ana@example.org`: with a query the first word is the value
        rest = args.value if isinstance(args.value, list) else \
            ([args.value] if args.value else [])
        args.value = [args.ref, *rest] if args.action == "upload" else args.ref
        args.ref = None
    body: dict[str, Any] = {"ref": args.ref, "query": args.query, "diff": args.diff}
    if args.action == "upload":  # the shell's paths, not the daemon's working directory
        body["value"] = [os.path.abspath(os.path.expanduser(v)) for v in args.value or []]
    elif takes_value:
        body["value"] = args.value
    if args.ref is None and args.query is None:
        raise DomdexError(f"{args.action} needs a REF (e12) or --query \"words\".")
    return call(args, args.action, body)


def _drag(args: argparse.Namespace) -> int:
    to = args.value if args.value else (args.ref if args.query else None)
    ref = None if args.query else args.ref
    if not to or (ref is None and not args.query):
        raise DomdexError("drag needs what to drag and where: drag REF TO, or drag -q "
                          "\"words\" TO.")
    return call(args, "drag", {"ref": ref, "query": args.query, "to": to, "diff": args.diff})


def _local(name: str | None) -> str | None:
    """A path as the daemon must see it (it runs in another working directory)."""
    return str(Path(name).expanduser().resolve()) if name else None


def _tabs(args: argparse.Namespace) -> int:
    if args.op == "new":
        return call(args, "open", {"url": _url(args.arg or "about:blank"), "new_tab": True})
    if args.op in ("switch", "close"):
        args.tab = args.arg
        route = operation(TABS.ops[args.op]).route
        assert route is not None
        return call(args, route, {})
    state = connected(args)
    _, raw, _ = request(state, "GET", "/tabs")
    tabs = json.loads(raw).get("tabs", [])
    for t in tabs:
        print(f"{'*' if t['current'] else ' '} {t['id']} {t['title'][:60]!r} {t['url']}")
    return 0


def _navigate(args: argparse.Namespace) -> int:
    return call(args, "navigate", {"to": args.command})


#: How the command line spells a parameter where it is not ``--name`` (or, required, a
#: positional): ``add_argument``'s keywords, ``flags`` its option strings. Each is an
#: answer to the shell: a path written where the shell is, a switch that turns a default
#: off, a repeated option for a list.
_SPELLING: dict[tuple[str, str], dict[str, Any]] = {
    ("screenshot", "annotate"): {"flags": ("--plain",), "action": "store_false",
                                 "help": "no refs or region outlines"},
    ("pdf", "name"): {"flags": ("-o", "--output"), "metavar": "FILE",
                      "help": "where to write it (default: the output directory)"},
    ("save_storage_state", "name"): {"flags": (), "metavar": "FILE", "help": None},  # required
    ("network", "types"): {"flags": ("--type",), "action": "append", "metavar": "TYPE",
                           "help": "resource type: document, xhr, fetch, script, image … "
                                   "(repeat)"},
    ("dialogs", "accept_next"): {"flags": ("--next",), "choices": ("accept", "dismiss")},
}
#: What a parameter's value becomes on its way to the daemon.
_SENT: dict[tuple[str, str], Callable[[Any], Any]] = {
    ("open", "url"): _url,
    ("pdf", "name"): _local,
    ("save_storage_state", "name"): _local,
    ("dialogs", "accept_next"): lambda answer: None if answer is None else answer == "accept",
}


def _body(op: Operation, args: argparse.Namespace) -> dict[str, Any]:
    """The operation's parameters, as given on the command line."""
    return {p.name: _SENT.get((op.name, p.name), _same)(getattr(args, p.name))
            for p in op.params}


def _same(value: Any) -> Any:
    return value


def _run(args: argparse.Namespace) -> int:
    """A view or page operation of the session: its parameters, as given."""
    op = operation(args.operation)
    return call(args, op.route or op.name, _body(op, args))


def _daemon(args: argparse.Namespace) -> int:
    """Run the session server in the foreground (what `domdex open` starts)."""
    import anyio

    from ..holder import SessionHolder
    from ..http import serve
    from ..session import SessionOptions

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    token = secrets.token_urlsafe(24)
    path = state_file(args.session)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps({"port": sock.getsockname()[1], "token": token,
                               "pid": os.getpid(), "started": time.time()}))
    tmp.chmod(0o600)
    tmp.replace(path)
    # its callers hold the token in a file only the user can read: they may open local
    # files and upload any file, as the user's own shell can
    holder = SessionHolder(options=SessionOptions(), browser=browser_options(args))
    try:
        anyio.run(lambda: serve(host="127.0.0.1", token=token, holder=holder, sock=sock,
                                shutdown_route=True, idle_timeout=args.idle_timeout or None))
    finally:
        path.unlink(missing_ok=True)
    return 0


def _mcp(args: argparse.Namespace) -> int:
    from ..http import LOOPBACK, check_binding
    from ..mcp import SessionHolder, run, server_options
    from ..policy import UrlPolicy, split_list

    options = server_options(UrlPolicy.for_servers(
        allow_file_urls=args.allow_file_urls, allowed_origins=split_list(args.allowed_origins),
        blocked_origins=split_list(args.blocked_origins),
        upload_roots=tuple(str(Path(d).expanduser().resolve()) for d in args.upload_root or ())))
    cdps = args.cdp or [None]
    browser = browser_options(args)
    holder = SessionHolder(options=options, browser=browser,
                           store_path=":memory:" if args.no_store else args.store)
    others = {f"b{k}": SessionHolder(options=options, browser=dataclasses.replace(
        browser, cdp=url, executable_path=None, user_data_dir=None, proxy_server=None,
        proxy_bypass=None, proxy_username=None, proxy_password=None))
        for k, url in enumerate(cdps[1:], start=2)}
    token = args.token
    if args.http and args.host not in LOOPBACK:
        token = check_binding(args.host, token)
    run(http=args.http, host=args.host, port=args.port, token=token, holder=holder,
        others=others, deadline=args.request_timeout,
        allowed_hosts=split_list(args.allowed_hosts),
        client_origins=split_list(args.allowed_client_origins))
    return 0


# Registration --------------------------------------------------------------------------
def _common(p: argparse.ArgumentParser, json_out: bool = True) -> None:
    p.add_argument("--session", default=os.environ.get("DOMDEX_SESSION", "default"),
                   metavar="NAME", help="which background session (default: default)")
    p.add_argument("--tab", default=None, metavar="ID", help="tab id (default: current)")
    if json_out:
        p.add_argument("--json", action="store_true", help="print the data as JSON")


def _browser(p: argparse.ArgumentParser) -> None:
    p.add_argument("--cdp", default=None, metavar="URL",
                   help="drive an existing Chromium (ws://… or http://host:9222)")
    p.add_argument("--chromium", default=None, metavar="PATH", help="Chromium executable")
    p.add_argument("--headed", action="store_true", help="show the browser window")
    add_profile_options(p)


def _register_action(sub: Any, op: Operation) -> None:
    """``domdex click REF``, ``fill REF TEXT`` …: the element as REF or ``-q words``, then
    the operation's value, if it takes one."""
    p = command(sub, op.name.replace("_", "-"), op.cli, _act)
    p.set_defaults(action=op.name)
    p.add_argument("ref", nargs="?", metavar="REF", help="element ref such as e12")
    value = op.value_param
    if value is not None:  # optional here: with -q the first word is the value
        p.add_argument("value", nargs="*" if value.is_list else "?", metavar=value.metavar,
                       help=value.help or None)
    if op.name == "press":
        p.epilog = "With no REF and no --query, the key goes to the page: press Control+K."
    p.add_argument("-q", "--query", default=None, help="find the element by these words")
    p.add_argument("--diff", action="store_true", help="also print what changed")
    _common(p)


def _register(sub: Any, op: Operation, handler: Callable[[argparse.Namespace], int] = _run,
              json_out: bool = True) -> argparse.ArgumentParser:
    """A view's or page operation's command: its parameters as :func:`_argument` spells
    them, then ``--session``, ``--tab`` (and ``--json``)."""
    name, help_ = op.cli_command, op.cli
    assert name is not None, f"{op.name} has no command of its own"
    p = command(sub, name, help_, handler)
    p.set_defaults(operation=op.name)
    for param in op.params:
        _argument(p, op, param)
    _common(p, json_out)
    return p


def _argument(p: argparse.ArgumentParser, op: Operation, param: Param) -> None:
    """Required parameters as positionals, the rest as ``--name`` options (a flag for a
    bool, off unless given), unless :data:`_SPELLING` says otherwise."""
    how = dict(_SPELLING.get((op.name, param.name), {}))
    flags = how.pop("flags", None)
    how.setdefault("help", param.doc or param.help or None)
    if param.required or flags == ():
        how.setdefault("metavar", param.metavar or param.name.upper())
        how.setdefault("type", _converter(param))
        p.add_argument(param.name, **how)
        return
    flags = flags or (f"--{param.name.replace('_', '-')}",)
    if param.type is bool and "action" not in how:
        how["action"] = "store_true"
    how.setdefault("default", param.default)
    if how.get("action") in (None, "append"):  # an option with a value
        how.setdefault("choices", param.choices)
        how.setdefault("metavar", param.metavar)
        how.setdefault("type", _converter(param))
    p.add_argument(*flags, dest=param.name, **how)


def _converter(param: Param) -> Callable[[str], Any] | None:
    """argparse's conversion for a parameter's type (None: keep the text)."""
    if param.name == "max_tokens":
        return token_budget  # a whole number of tokens, at least 1, said so when not
    kinds = {t for t in typing.get_args(param.type) or (param.type,) if t is not type(None)}
    if kinds == {int} and param.bounds is not None:
        return _between(*param.bounds)
    for kind in (int, float):
        if kinds == {kind}:
            return kind
    return None


def _between(lo: int, hi: int) -> Callable[[str], int]:
    """A whole number from ``lo`` to ``hi``, said so when not."""
    def int_(text: str) -> int:
        n = int(text)
        if not lo <= n <= hi:
            raise argparse.ArgumentTypeError(f"{n} is not from {lo} to {hi}")
        return n
    int_.__name__ = "int"  # argparse's "invalid int value: 'x'"
    return int_


def _choices(op: Operation, name: str) -> tuple[str, ...]:
    param = op.param(name)
    return param.choices or () if param is not None else ()


def register(sub: Any) -> None:
    p = _register(sub, operation("open"), _open)
    _browser(p)
    p = command(sub, "close", "Close the background session and its browser.", _close)
    _common(p, json_out=False)
    p = command(sub, "sessions", "List running background sessions.", _sessions)
    for op in ACTION_OPERATIONS:
        _register_action(sub, op)
    navigate = operation("navigate")
    for to in _choices(navigate, "to"):
        p = command(sub, to, navigate.cli.format(to.capitalize()), _navigate)
        _common(p)
    _register(sub, operation("diff"))
    p = command(sub, TABS.name, TABS.cli, _tabs)
    p.add_argument("op", nargs="?", default="list", choices=tuple(TABS.ops))
    p.add_argument("arg", nargs="?", default=None, metavar="URL|ID")
    _common(p)
    _register(sub, operation("wait"))
    p = _register(sub, operation("screenshot"), json_out=False)
    p.add_argument("-o", "--output", default="screenshot.png", metavar="FILE",
                   help="the PNG file to write")
    for name in ("resize", "pdf", "console", "network", "downloads", "dialogs"):
        _register(sub, operation(name))
    _register_session_group(sub)
    p = command(sub, "mcp", "Run the MCP server (stdio; --http for streamable HTTP + the "
                            "HTTP API).", _mcp)
    p.add_argument("--http", action="store_true")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8808)
    p.add_argument("--token", default=os.environ.get("DOMDEX_TOKEN"),
                   help="bearer token (required, generated if absent, off loopback)")
    p.add_argument("--cdp", action="append", default=None, metavar="URL",
                   help="drive an existing Chromium; repeat to serve several (the HTTP API "
                        "routes tab b2:t1 to the second)")
    p.add_argument("--chromium", default=None, metavar="PATH", help="Chromium executable")
    p.add_argument("--headed", action="store_true", help="show the browser window")
    p.add_argument("--store", default=None, metavar="PATH",
                   help="where read() keeps pages for search_pages (default "
                        "~/.cache/domdex/knowledge.db, or DOMDEX_STORE)")
    p.add_argument("--no-store", action="store_true",
                   help="write nothing to disk: search_pages sees this run's pages only")
    _mcp_security(p)
    add_profile_options(p)


def _mcp_security(p: argparse.ArgumentParser) -> None:
    """What the server lets in and where its browser may go (docs/mcp.md, Security)."""
    p.add_argument("--allowed-hosts", action="append", default=None, metavar="HOSTS",
                   help="more Host names the HTTP server answers to (name or name:port; "
                        "repeat or separate with ';'); '*' turns the check off")
    p.add_argument("--allowed-client-origins", action="append", default=None,
                   metavar="ORIGINS", help="web origins whose pages may call the HTTP server "
                                           "(e.g. http://localhost:3000); default none")
    p.add_argument("--allow-file-urls", action="store_true",
                   help="let the browser open file: URLs and local paths")
    p.add_argument("--allowed-origins", action="append", default=None, metavar="ORIGINS",
                   help="the only origins the browser may load (https://example.com, "
                        "http://localhost:*; repeat or separate with ';')")
    p.add_argument("--blocked-origins", action="append", default=None, metavar="ORIGINS",
                   help="origins the browser may not load (wins over --allowed-origins)")
    p.add_argument("--request-timeout", type=float, default=120.0, metavar="SECONDS",
                   help="stop a request or tool call that runs longer (default 120)")
    p.add_argument("--upload-root", action="append", default=None, metavar="DIR",
                   help="a directory uploads may come from (repeat; default: the working "
                        "directory)")


def _register_session_group(sub: Any) -> None:
    p = command(sub, "session", "The background session's views: overview, regions, expand, "
                                "context, find, grep.", lambda a: a.parser.print_help() or 1)
    p.set_defaults(parser=p)
    views = p.add_subparsers(dest="view", metavar="VIEW")
    for name in ("overview", "regions", "expand", "context", "find", "grep"):
        _register(views, operation(name))
    _register(views, operation("save_storage_state"))
    q = command(views, "daemon", "(internal) run the session server in the foreground.",
                _daemon)
    q.add_argument("--session", default="default")
    q.add_argument("--idle-timeout", type=float, metavar="SECONDS",
                   default=float(os.environ.get("DOMDEX_IDLE_TIMEOUT", "1800")),
                   help="stop after this long without a command (0: never)")
    _browser(q)
