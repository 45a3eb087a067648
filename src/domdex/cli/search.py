"""``domdex grep TARGET PATTERN …`` and ``domdex find TARGET QUERY …`` from the shell."""

from __future__ import annotations

import argparse
from typing import Any

from .common import add_browser_options, add_output_options, command, emit, open_index

_INTENTS = ("click", "fill", "select", "read", "navigate")


def _target(p: argparse.ArgumentParser) -> None:
    p.add_argument("target", metavar="TARGET",
                   help="URL, file path, or saved snapshot (.json / aria .yaml; - for stdin)")


def _grep(args: argparse.Namespace) -> int:
    from .. import grep

    with open_index(args) as (index, _):
        result = grep(index, args.pattern, regions=args.region or None, context=args.context,
                      expand=args.expand, role=args.role, ignore_case=not args.case_sensitive,
                      include_hidden=args.hidden)
        emit(result, args)
    return 0 if len(result) else 1


def _find(args: argparse.Namespace) -> int:
    from .. import find

    with open_index(args) as (index, _):
        result = find(index, args.query, intent=args.intent, region=args.region, role=args.role,
                      top_k=args.top_k, threshold=args.threshold,
                      lexical_weight=args.lexical_weight,
                      embedding_weight=args.embedding_weight, explain=args.explain)
        emit(result, args)
    return 0 if result.ref else 1


def register(sub: Any) -> None:
    p = command(sub, "grep", "Regex over the page's elements, grouped by region.", _grep)
    _target(p)
    p.add_argument("pattern", metavar="PATTERN", help="regex or text; '.*' lists a region")
    p.add_argument("--region", action="append", metavar="ID",
                   help="search only this region (repeatable; sub-regions included)")
    p.add_argument("--context", choices=("element", "region", "path"), default="element",
                   help="element lines, region folding, or landmark path + xpath")
    p.add_argument("--expand", action="store_true", help="add the other controls nearby")
    p.add_argument("--role", default=None, help="only this role (button, link, textbox …)")
    p.add_argument("--case-sensitive", action="store_true", help="match case")
    p.add_argument("--hidden", action="store_true", help="include hidden elements (flagged)")
    add_output_options(p)
    add_browser_options(p)

    p = command(sub, "find", "The element a natural-language request means, with look-alikes.",
                _find)
    _target(p)
    p.add_argument("query", metavar="QUERY", help='what you want, e.g. "add to cart button"')
    p.add_argument("--intent", choices=_INTENTS, default=None,
                   help="what you will do with it: restricts and boosts roles")
    p.add_argument("--region", default=None, metavar="ID", help="search only this region")
    p.add_argument("--role", default=None, help="only this role (button, link, textbox …)")
    p.add_argument("--top-k", type=int, default=3, metavar="K", help="alternatives (default 3)")
    p.add_argument("--threshold", type=float, default=0.3,
                   help="minimum score for an answer (default 0.3)")
    p.add_argument("--lexical-weight", type=float, default=0.6, metavar="W")
    p.add_argument("--embedding-weight", type=float, default=0.4, metavar="W")
    p.add_argument("--explain", action="store_true", help="show the score breakdown")
    add_output_options(p)
    add_browser_options(p)
