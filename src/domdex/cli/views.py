"""``domdex overview|regions|expand|context TARGET …``: the four levels from the shell."""

from __future__ import annotations

import argparse
from typing import Any

from .common import add_browser_options, add_output_options, command, emit, open_index


def _target(p: argparse.ArgumentParser) -> None:
    p.add_argument("target", metavar="TARGET",
                   help="URL, file path, or saved snapshot (.json / aria .yaml; - for stdin)")


def _overview(args: argparse.Namespace) -> int:
    with open_index(args) as (index, _):
        emit(index.overview(), args)
    return 0


def _regions(args: argparse.Namespace) -> int:
    with open_index(args) as (index, _):
        emit(index.regions_view(), args)
    return 0


def _expand(args: argparse.Namespace) -> int:
    with open_index(args) as (index, _):
        emit(index.expand(args.region), args)
    return 0


def _context(args: argparse.Namespace) -> int:
    with open_index(args) as (index, _):
        emit(index.context(args.ref), args)
    return 0


def _snapshot(args: argparse.Namespace) -> int:
    with open_index(args) as (index, _):
        print(index.snapshot.to_json(indent=2 if args.pretty else None))
    return 0


def register(sub: Any) -> None:
    p = command(sub, "overview", "L0: URL, title, size, landmarks and counts of a page.", _overview)
    _target(p)
    add_output_options(p)
    add_browser_options(p)
    p = command(sub, "regions", "L1: the page's landmark regions with summaries and terms.",
                _regions)
    _target(p)
    add_output_options(p)
    add_browser_options(p)
    p = command(sub, "expand", "L2: the elements of one region, with refs.", _expand)
    _target(p)
    p.add_argument("region", metavar="REGION", help="region id such as R2 or R2.Filters")
    add_output_options(p)
    add_browser_options(p)
    p = command(sub, "context", "L3: one element in depth: path, box, options, neighbours.",
                _context)
    _target(p)
    p.add_argument("ref", metavar="REF", help="element ref such as e14 or @e14")
    add_output_options(p)
    add_browser_options(p)
    p = command(sub, "snapshot", "Capture a page and print its snapshot as JSON (a fixture).",
                _snapshot)
    _target(p)
    p.add_argument("--pretty", action="store_true", help="indent the JSON")
    add_browser_options(p)
