"""What every CLI command shares: resolving TARGET to an index, and printing a view.

TARGET is a URL, a file path or ``file://`` URL of a page (opened in headless
Chromium), or a saved snapshot (``.json``, or aria-snapshot YAML ``.yaml``/``.yml``/
``.aria``; ``-`` reads one from standard input) which is indexed offline.

What a view prints is fenced as the page's words (:mod:`domdex.fence`) when the output
goes to a program rather than a terminal: an agent driving the CLI reads the same
fence as one using the MCP server, and a person at a terminal reads plain views.
``DOMDEX_FENCE=always`` or ``never`` overrides; ``--json`` is never fenced.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ..errors import NavigationError

SNAPSHOT_SUFFIXES = (".json", ".yaml", ".yml", ".aria")
#: Names ending in these are local files, never host names (no top-level domain is spelt
#: like them): ``nonexist.json`` is a missing file, not ``https://nonexist.json``.
FILE_SUFFIXES = (*SNAPSHOT_SUFFIXES, ".html", ".htm", ".xhtml", ".gz")


def add_output_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print the data as JSON instead of text")
    p.add_argument("--max-tokens", type=token_budget, default=None, metavar="N",
                   help="budget for the text output (o200k_base tokens)")


def token_budget(text: str) -> int:
    """argparse type of ``--max-tokens``: a whole number of tokens, at least 1."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of tokens") from None
    if n < 1:
        raise argparse.ArgumentTypeError(
            f"must be at least 1, not {n}; leave --max-tokens out for no budget")
    return n


def seconds(text: str) -> float:
    """argparse type of ``--timeout``: a number of seconds above 0 (Playwright reads 0
    as no timeout at all; nan and inf are no time)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"must be a number of seconds above 0, not {text}")
    return value


def add_browser_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--timeout", type=seconds, default=30.0, metavar="SECONDS",
                   help="how long to wait for the page to load (default 30)")
    p.add_argument("--chromium", default=None, metavar="PATH",
                   help="Chromium executable (default: DOMDEX_CHROMIUM or /usr/bin/chromium)")
    p.add_argument("--cdp", default=None, metavar="URL",
                   help="drive an existing Chromium over CDP instead of launching one")
    add_profile_options(p)


def add_profile_options(p: argparse.ArgumentParser) -> None:
    """``--config`` and every browser option (:data:`domdex.options.OPTIONS`): the same
    flags on every command that starts a browser."""
    from ..options import OPTIONS

    g = p.add_argument_group("browser options (also DOMDEX_<NAME> variables and --config)")
    g.add_argument("--config", default=None, metavar="FILE",
                   help="settings file, TOML or JSON (default: DOMDEX_CONFIG); flags win")
    for o in OPTIONS:
        if o.metavar:
            g.add_argument(o.flag, dest=o.name, default=None, metavar=o.metavar, help=o.help)
        else:
            g.add_argument(o.flag, dest=o.name, action="store_const", const=True,
                           default=None, help=o.help)


def browser_options(args: argparse.Namespace) -> Any:
    """The :class:`~domdex.options.BrowserOptions` the command's flags, its config file
    and the ``DOMDEX_*`` variables ask for (flags win)."""
    from ..options import OPTIONS, BrowserOptions

    cdp = getattr(args, "cdp", None)
    return BrowserOptions.resolve(
        getattr(args, "config", None), front_end_keys=True,
        executable_path=getattr(args, "chromium", None),
        headless=False if getattr(args, "headed", False) else None,
        cdp=cdp[0] if isinstance(cdp, list) else cdp,
        **{o.name: getattr(args, o.name, None) for o in OPTIONS})


def profile_flags(args: argparse.Namespace) -> list[str]:
    """The browser-option flags given on this command line, to hand to a daemon (the
    proxy password goes through its environment instead: a command line shows in ps)."""
    from ..options import OPTIONS

    out = ["--config", args.config] if getattr(args, "config", None) else []
    for o in OPTIONS:
        value = getattr(args, o.name, None)
        if value is not None and o.name != "proxy_password":  # secrets go by environment
            out += [o.flag] if not o.metavar else [o.flag, str(value)]
    return out


def apply_config(parser: argparse.ArgumentParser, argv: list[str] | None,
                 args: argparse.Namespace) -> argparse.Namespace:
    """Read the command's config file: its browser options are read later (with the
    flags); its other keys become the command's defaults (``port = 9000`` for ``mcp``),
    so flags still win. A key the command does not have is an error."""
    from ..options import BrowserOptions, load_config

    command_parser = getattr(args, "_command_parser", None)
    if not hasattr(args, "config") or command_parser is None:
        return args
    path = args.config or os.environ.get("DOMDEX_CONFIG")
    if not path:
        return args
    browser_keys = set(BrowserOptions.__dataclass_fields__) | {"chromium", "headed", "cdp"}
    settings = load_config(path)
    dests = {a.dest for a in command_parser._actions} - {"help", "config"}
    rest = {k: v for k, v in settings.items() if k not in browser_keys}
    unknown = sorted(set(rest) - dests)
    if unknown:
        from ..errors import ConfigError

        known = ", ".join(sorted(dests | browser_keys))
        raise ConfigError(f"The config file {path} sets {unknown[0]!r}, which "
                          f"`domdex {args.command}` does not have. Settings it reads: {known}.")
    command_parser.set_defaults(**rest)
    args = parser.parse_args(argv)
    args.config = path
    for key in ("chromium", "headed", "cdp"):  # front-end spellings of browser fields
        if key in settings and getattr(args, key, None) in (None, False):
            setattr(args, key, settings[key])
    return args


def check_target(target: str) -> None:
    """Refuse a TARGET that names a local file which is not there.

    A file is a path (``/…``, ``./…``, ``../…``, ``~/…``) or a name with a file suffix
    (``.json``, ``.yaml``, ``.html`` …); anything else without a scheme is a host name.
    """
    if target == "-" or "://" in target or target.startswith(("about:", "data:")):
        return
    is_path = target.startswith(("/", "./", "../", "~")) or "\\" in target
    if (is_path or target.lower().endswith(FILE_SUFFIXES)) \
            and not Path(target).expanduser().exists():
        raise NavigationError(f"No such file: {target}. Check the path, or give a web page's "
                              "URL with its scheme (https://…).")


def is_snapshot_target(target: str) -> bool:
    return target == "-" or (target.lower().endswith(SNAPSHOT_SUFFIXES)
                             and "://" not in target and Path(target).is_file())


@contextmanager
def open_index(args: argparse.Namespace) -> Iterator[Any]:
    """Yield ``(index, page_or_None)`` for ``args.target``: offline or live."""
    from .. import build_index, load_snapshot

    target = args.target
    check_target(target)
    if is_snapshot_target(target):
        text = sys.stdin.read() if target == "-" else Path(target).read_text(encoding="utf-8")
        yield build_index(load_snapshot(text)), None
        return
    with open_live(args, target) as page:
        yield page.index(), page


@contextmanager
def open_live(args: argparse.Namespace, target: str) -> Iterator[Any]:
    """Yield a :class:`domdex.Page` on ``target`` in Chromium launched with the
    command's browser options, or reached with ``--cdp``: every one-shot command opens
    its page this one way. An HTTP error page is still shown, with a warning and exit
    status 1 so that a script can tell."""
    from .. import connect, launch

    opener = connect(args.cdp) if getattr(args, "cdp", None) else \
        launch(options=browser_options(args))
    with opener as browser:
        timeout = getattr(args, "timeout", 30.0)
        try:
            page = browser.open(target, timeout=timeout)
        except NavigationError as exc:
            head = exc.timed_out
            if head is None:
                raise
            raise NavigationError(f"{head} Pass a larger --timeout in seconds (e.g. "
                                  f"--timeout {max(60, timeout * 2):g}).") from exc
        if page.status is not None and page.status >= 400:
            print(f"domdex: {target} answered HTTP {page.status}; this is its error page.",
                  file=sys.stderr)
            args.exit_status = 1
        yield page


def emit(view: Any, args: argparse.Namespace) -> None:
    """Print a view as text within ``--max-tokens`` (fenced for a program), or as JSON
    with ``--json``."""
    if args.json:
        print(json.dumps(view.to_dict(), ensure_ascii=False, indent=2))
    elif fence_output():
        from ..fence import fenced

        print(fenced(view, args.max_tokens, source=getattr(args, "target", None)))
    else:
        print(view.render(args.max_tokens))


def fence_output() -> bool:
    """Whether page text printed now is fenced: ``DOMDEX_FENCE`` (``always`` /
    ``never``), else when standard output is not a terminal."""
    how = os.environ.get("DOMDEX_FENCE", "auto").strip().lower()
    if how in ("always", "1", "yes"):
        return True
    if how in ("never", "0", "no"):
        return False
    return not sys.stdout.isatty()


def command(sub: Any, name: str, help: str,
            handler: Callable[[argparse.Namespace], int | None]) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = sub.add_parser(name, help=help, description=help)
    p.set_defaults(handler=handler, _command_parser=p)
    return p


__all__ = [
    "add_browser_options",
    "add_output_options",
    "add_profile_options",
    "apply_config",
    "browser_options",
    "check_target",
    "command",
    "emit",
    "fence_output",
    "is_snapshot_target",
    "open_index",
    "profile_flags",
    "token_budget",
]
