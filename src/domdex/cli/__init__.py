"""Command-line front end: a thin shell over the public API.

Each area registers its sub-commands in its own module (``views``, ``search``,
``text``, ``session``); :func:`main` turns every :class:`~domdex.errors.DomdexError`
into a one-line message and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from ..errors import DomdexError

#: Modules under domdex.cli that define ``register(subparsers)``; missing ones are skipped.
AREAS = ("views", "search", "text", "session")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="domdex",
        description="A semantic index of a web page for AI agents: regions, grep, find, act, read.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for area in AREAS:
        try:
            module = importlib.import_module(f"{__name__}.{area}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{area}":
                raise
            continue
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 1
    try:
        return int(args.handler(args) or 0)
    except DomdexError as exc:
        print(f"domdex: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
