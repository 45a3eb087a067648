"""``domdex overview|regions|expand|context TARGET …``: the four levels from the shell."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from .common import add_browser_options, add_output_options, command, emit, open_index

#: name → (help, extra positional argument or None, how to get the view from an index)
_VIEWS: dict[str, tuple[str, tuple[str, str] | None, Callable[[Any, argparse.Namespace], Any]]] = {
    "overview": ("L0: URL, title, size, landmarks and counts of a page.", None,
                 lambda index, args: index.overview()),
    "regions": ("L1: the page's landmark regions with summaries and terms.", None,
                lambda index, args: index.regions_view()),
    "expand": ("L2: the elements of one region, with refs.",
               ("region", "region id such as R2 or R2.Filters"),
               lambda index, args: index.expand(args.region)),
    "context": ("L3: one element in depth: path, box, options, neighbours.",
                ("ref", "element ref such as e14 or @e14"),
                lambda index, args: index.context(args.ref)),
}


def _target(p: argparse.ArgumentParser) -> None:
    p.add_argument("target", metavar="TARGET",
                   help="URL, file path, or saved snapshot (.json / aria .yaml; - for stdin)")


def _show(name: str) -> Callable[[argparse.Namespace], int]:
    def handler(args: argparse.Namespace) -> int:
        with open_index(args) as (index, _):
            emit(_VIEWS[name][2](index, args), args)
        return 0

    return handler


def _snapshot(args: argparse.Namespace) -> int:
    with open_index(args) as (index, _):
        print(index.snapshot.to_json(indent=2 if args.pretty else None))
    return 0


def register(sub: Any) -> None:
    for name, (help_text, extra, _) in _VIEWS.items():
        p = command(sub, name, help_text, _show(name))
        _target(p)
        if extra:
            p.add_argument(extra[0], metavar=extra[0].upper(), help=extra[1])
        add_output_options(p)
        add_browser_options(p)
    p = command(sub, "snapshot", "Capture a page and print its snapshot as JSON (a fixture).",
                _snapshot)
    _target(p)
    p.add_argument("--pretty", action="store_true", help="indent the JSON")
    add_browser_options(p)
