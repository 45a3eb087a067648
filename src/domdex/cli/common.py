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


def add_browser_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--timeout", type=float, default=30.0, metavar="SECONDS",
                   help="how long to wait for the page to load (default 30)")
    p.add_argument("--chromium", default=None, metavar="PATH",
                   help="Chromium executable (default: DOMDEX_CHROMIUM or /usr/bin/chromium)")
    p.add_argument("--cdp", default=None, metavar="URL",
                   help="drive an existing Chromium over CDP instead of launching one")


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
    from .. import load_snapshot
    from ..index import build_index

    target = args.target
    check_target(target)
    if is_snapshot_target(target):
        text = sys.stdin.read() if target == "-" else Path(target).read_text(encoding="utf-8")
        yield build_index(load_snapshot(text)), None
        return
    from .. import connect, launch

    opener = connect(args.cdp) if getattr(args, "cdp", None) else \
        launch(executable_path=getattr(args, "chromium", None))
    with opener as browser:
        page = browser.open(target, timeout=getattr(args, "timeout", 30.0))
        yield page.index(), page


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
    p.set_defaults(handler=handler)
    return p


__all__ = ["add_browser_options", "add_output_options", "check_target", "command", "emit",
           "fence_output", "is_snapshot_target", "open_index", "token_budget"]
