"""Latency of find at 100, 1,000 and 10,000 elements, next to the element-finder seed.

Usage: ``python bench/find.py [--sizes 100,1000,10000] [--repeat N]``.

Pages are synthetic but shaped like real ones (header with search and navigation,
main content with sections, headings, paragraphs, forms, tables with row actions and
lists of links, a sidebar and a footer), generated deterministically. For each size:

* **build**: the matcher index for the page (descriptors, token postings, vectors),
  built once per capture and cached on the PageIndex — reported on its own;
* **find**: ``domdex.find`` with the index built (median and p95 over a set of
  requests of every kind: names, roles, positions, context, value questions);
* **seed**: the seed's plain scorer (its Steps 1–7) over the same page written as an
  AI snapshot: parse the text and score every entry, as the seed does per request.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from devset import parse_ai_snapshot, seed_find_all
from domdex import Box, Node, Snapshot, build_index
from domdex.search.api import find
from domdex.search.matcher import _EMBEDDER, SearchIndex

QUERIES = [
    ("add to cart", "click"),
    ("search box in the header", "fill"),
    ("submit button in the footer", "click"),
    ("Edit link in the row for order 1042", "click"),
    ("price of item 17", "read"),
    ("second section heading", "read"),
    ("sign in", None),
    ("privacy policy link at the bottom", "navigate"),
    ("what does the glossary say about widgets", "read"),
    ("export to csv", "click"),
]

_WORD_TEXT = ("garden trowel widget export report invoice order account settings profile "
          "billing shipping address payment review rating photo gallery filter sort "
          "category product price stock delivery return policy privacy terms contact "
          "newsletter subscribe download upload share compare wishlist cart checkout")
_WORDS = _WORD_TEXT.split()


class _Page:
    """Deterministic node factory: ``add(parent, tag, role, name)`` → ref."""

    def __init__(self) -> None:
        self.nodes: list[Node] = []
        self.y = 0.0

    def add(self, parent: str | None, tag: str, role: str = "", name: str = "",
            text: str = "", **kw: object) -> str:
        ref = f"e{len(self.nodes) + 1}"
        self.y += 18
        box = Box(20 + (len(self.nodes) % 7) * 30, self.y, 120, 16)
        self.nodes.append(Node(ref, parent, tag, role=role, name=name, text=text or name,
                               box=box, in_viewport=self.y < 800, **kw))  # type: ignore[arg-type]
        return ref


def _word(i: int, k: int = 0) -> str:
    return _WORDS[(i * 7 + k * 13) % len(_WORDS)]


def synthetic_page(n: int) -> Snapshot:
    """A page of about ``n`` elements."""
    p = _Page()
    body = p.add(None, "body")
    header = p.add(body, "header", "banner")
    form = p.add(header, "form", "search", "Site search")
    p.add(form, "input", "searchbox", "Search products", attrs={"type": "search"})
    p.add(form, "button", "button", "Search", attrs={"type": "submit"})
    p.add(header, "a", "link", "Sign in", attrs={"href": "/login"})
    nav = p.add(header, "nav", "navigation", "Primary")
    for i in range(6):
        p.add(nav, "a", "link", _word(i).title(), attrs={"href": f"/{_word(i)}"})
    main = p.add(body, "main", "main")
    i = 0
    while len(p.nodes) < n - 12:
        sec = p.add(main, "section", "region", f"{_word(i).title()} {_word(i, 1)}")
        p.add(sec, "h2", "heading", f"{_word(i).title()} {_word(i, 2)} {i}", level=2)
        p.add(sec, "p", "paragraph", text=f"The {_word(i)} of the {_word(i, 3)} item {i} "
              f"ships with {_word(i, 4)} and {_word(i, 5)}.")
        kind = i % 3
        if kind == 0:
            table = p.add(sec, "table", "table")
            head = p.add(table, "tr", "row")
            for h in ("Order", "Price", "Actions"):
                p.add(head, "th", "columnheader", h)
            for r in range(4):
                row = p.add(table, "tr", "row")
                p.add(row, "td", "cell", f"{1000 + i * 4 + r}")
                p.add(row, "td", "cell", f"${(i * 4 + r) % 90 + 9}.99")
                cell = p.add(row, "td", "cell")
                p.add(cell, "a", "link", "Edit", attrs={"href": f"/edit/{i}/{r}"})
        elif kind == 1:
            f = p.add(sec, "form", "form", f"{_word(i, 6).title()} form")
            p.add(f, "input", "textbox", f"{_word(i, 7).title()} name")
            p.add(f, "input", "textbox", "Email")
            p.add(f, "button", "button", "Submit", attrs={"type": "submit"})
        else:
            lst = p.add(sec, "ul", "list")
            for r in range(4):
                li = p.add(lst, "li", "listitem", f"{_word(i, r).title()} item {r}")
                p.add(li, "a", "link", f"{_word(i, r).title()} item {r}",
                      attrs={"href": f"/{_word(i, r)}/{r}"})
            p.add(sec, "button", "button", "Add to Cart", attrs={"class": "btn-primary"})
            p.add(sec, "button", "button", "Export to CSV")
        i += 1
    footer = p.add(body, "footer", "contentinfo")
    for name in ("Privacy policy", "Terms", "Contact", "Careers"):
        p.add(footer, "a", "link", name, attrs={"href": f"/{name.split()[0].lower()}"})
    nl = p.add(footer, "form", "form", "Newsletter")
    p.add(nl, "input", "textbox", "Your email")
    p.add(nl, "button", "button", "Submit", attrs={"type": "submit"})
    return Snapshot(url="http://bench.test/", title="Bench", nodes=p.nodes)


def ai_snapshot_text(snap: Snapshot) -> str:
    """The page as Playwright's AI snapshot would print it (for the seed scorer)."""
    depth: dict[str | None, int] = {None: -1}
    lines = []
    for node in snap.nodes:
        d = depth[node.parent] + 1
        depth[node.ref] = d
        role = node.role or "generic"
        name = f' "{node.name}"' if node.name else ""
        lines.append(f"{'  ' * d}- {role}{name} [ref={node.ref}]")
    return "\n".join(lines)


def _timed(fn: object, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()  # type: ignore[operator]
        out.append((time.perf_counter() - t0) * 1000)
    return out


def bench_size(n: int, repeat: int) -> dict[str, float]:
    snap = synthetic_page(n)
    idx = build_index(snap)
    t0 = time.perf_counter()
    SearchIndex.for_index(idx)
    build_ms = (time.perf_counter() - t0) * 1000
    for q, intent in QUERIES:  # warm caches (query parsing, embeddings)
        find(idx, q, intent=intent)
    ours: list[float] = []
    for q, intent in QUERIES:
        ours += _timed(lambda q=q, intent=intent: find(idx, q, intent=intent), repeat)
    si = SearchIndex.for_index(idx)
    cold: list[float] = []

    def uncached(q: str, intent: str | None) -> None:
        si._term_cache.clear()  # a request with words never seen on this page
        _EMBEDDER._cache.clear()
        find(idx, q, intent=intent)

    for q, intent in QUERIES:
        cold += _timed(lambda q=q, intent=intent: uncached(q, intent), max(1, repeat // 2))
    text = ai_snapshot_text(snap)
    seed: list[float] = []
    for q, _ in QUERIES:
        seed += _timed(lambda q=q: seed_find_all(parse_ai_snapshot(text), q), max(1, repeat // 4))
    return {
        "elements": len(snap.nodes),
        "build_ms": build_ms,
        "find_median": statistics.median(ours),
        "find_p95": sorted(ours)[int(len(ours) * 0.95) - 1],
        "cold_median": statistics.median(cold),
        "seed_median": statistics.median(seed),
        "seed_p95": sorted(seed)[int(len(seed) * 0.95) - 1],
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="100,1000,10000")
    ap.add_argument("--repeat", type=int, default=20)
    args = ap.parse_args(argv)
    print(f"{'elements':>9} {'build ms':>9} {'find med':>9} {'find p95':>9} "
          f"{'cold med':>9} {'seed med':>9} {'seed p95':>9}")
    for n in (int(x) for x in args.sizes.split(",")):
        r = bench_size(n, args.repeat)
        print(f"{r['elements']:>9} {r['build_ms']:>9.1f} {r['find_median']:>9.3f} "
              f"{r['find_p95']:>9.3f} {r['cold_median']:>9.3f} {r['seed_median']:>9.3f} "
              f"{r['seed_p95']:>9.3f}")
    print("find: domdex.find with the matcher index built (ms per request); cold: the same "
          "with the per-page word cache and the query-embedding cache emptied first; seed: "
          "parse the AI snapshot and score every entry (Steps 1-7), as the seed does per "
          "request.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
