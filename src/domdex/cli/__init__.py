"""Command-line front end: a thin shell over the public API.

Each area registers its sub-commands in its own module (``views``, ``search``,
``text``, ``session``); :func:`main` turns every :class:`~domdex.errors.DomdexError`
into a one-line message and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from typing import NoReturn

from .. import __version__
from ..errors import DomdexError
from .common import apply_config

#: Modules under domdex.cli that define ``register(subparsers)``; missing ones are skipped.
AREAS = ("views", "search", "text", "session")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="domdex",
        description="A semantic index of a web page for AI agents: regions, grep, find, act, read.",
    )
    parser.add_argument("--version", action="version", version=f"domdex {__version__}")
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
    args, unknown = parser.parse_known_args(argv)
    if unknown:
        _refuse(parser, sys.argv[1:] if argv is None else argv, unknown)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 1
    try:
        args = apply_config(parser, argv, args)
        status = int(args.handler(args) or 0) or int(getattr(args, "exit_status", 0))
        sys.stdout.flush()  # a closed pipe shows here, inside the handler below
        return status
    except DomdexError as exc:
        print(f"domdex: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (`domdex grep … | head`): not an error of ours or the user's.
        # Point stdout at /dev/null so the interpreter's final flush does not raise again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141


def _refuse(parser: argparse.ArgumentParser, argv: list[str], unknown: list[str]) -> NoReturn:
    """Exit 2 on arguments no parser took, with the usage of the (sub-)command they were
    given to: the one named last before the first of them (``domdex grep … --bogus``:
    grep's; ``domdex --bogus grep …``: domdex's own)."""
    owner = parser
    for token in argv:
        if token == unknown[0]:
            break
        owner = _subcommands(owner).get(token, owner)
    owner.error(f"unrecognized arguments: {' '.join(unknown)}")


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}
