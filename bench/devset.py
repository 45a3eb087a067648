"""Accuracy of find on the devset (../shared/devset), next to the element-finder seed.

Usage: ``python bench/devset.py [--only ID,…] [--baseline-only] [--verbose]``.

Every task opens its page fresh (``file://``, 1280x800, ``load``), asks
``page.find(query, intent=…)``, resolves the top three refs to element handles and
compares them with the task's expected element by identity, as the devset README
says. Reported: top-1 / top-3 for all, hard and not-hard tasks, the ids missing top-1,
and the median / max tokens of the responses (o200k_base).

The baseline is the seed's plain scorer (its Steps 1–7) over Playwright's AI
snapshot, implemented below as the seed describes it. It
parses Playwright's AI snapshot (``page.aria_snapshot(mode="ai")``: ``- button "Search"
[ref=e3]``) into (ref, role, name, value) entries and scores each entry exactly as
the seed describes: role match +0.3 (synonym +0.2), +0.3 per keyword in the name,
+0.4 for an exact name, +0.2 per keyword in the value, capped at 1.0, kept at
``>= 0.3``. ``bench/find.py`` imports it for the latency comparison.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DEVSET = HERE.parent.parent / "shared" / "devset"
DOCS = Path("/usr/share/doc/python3.11/html")

_LINE = re.compile(
    r'^\s*-\s*(?P<role>[a-z]+)(?:\s+"(?P<name>(?:[^"\\]|\\.)*)")?(?P<rest>[^\n]*?)'
    r"\[ref=(?P<ref>[\w-]+)\]"
)
_VALUE = re.compile(r':\s*"?(?P<value>[^"\n]+)"?\s*$')

ROLE_SYNONYMS = {
    "button": ["btn", "submit", "press"],
    "link": ["hyperlink", "anchor", "url"],
    "textbox": ["input", "field", "text box", "box"],
    "searchbox": ["search", "search box", "input", "field"],
    "checkbox": ["check box", "tick"],
    "combobox": ["dropdown", "select"],
    "heading": ["title", "header"],
}


@dataclass(slots=True)
class SeedRef:
    """The seed's AccessibilityRef: one snapshot entry."""

    ref: str
    role: str
    name: str
    value: str = ""


def parse_ai_snapshot(text: str) -> list[SeedRef]:
    """Entries of an AI snapshot that carry a ref."""
    out: list[SeedRef] = []
    for line in text.splitlines():
        m = _LINE.match(line)
        if not m:
            continue
        name = (m.group("name") or "").replace('\\"', '"')
        value = ""
        v = _VALUE.search(line[m.end():])
        if v:
            value = v.group("value").strip()
        out.append(SeedRef(m.group("ref"), m.group("role"), name, value))
    return out


def seed_score(ref: SeedRef, description: str) -> float:
    """Steps 1–7 of the seed's scoring algorithm."""
    desc = description.lower()
    keywords = desc.split()  # Step 1
    score = 0.0  # Step 2
    if ref.role in desc:  # Step 3
        score += 0.3
    elif any(s in desc for s in ROLE_SYNONYMS.get(ref.role, ())):
        score += 0.2
    name = ref.name.lower()
    for kw in keywords:  # Step 4
        if kw in name:
            score += 0.3
    if name and (name == desc or name in keywords):  # Step 5
        score += 0.4
    if ref.value:  # Step 6
        value = ref.value.lower()
        for kw in keywords:
            if kw in value:
                score += 0.2
    return min(1.0, score)  # Step 7


def seed_find_all(refs: list[SeedRef], description: str, min_confidence: float = 0.3,
                  ) -> list[tuple[float, SeedRef]]:
    """All entries above ``min_confidence``, best first (stable: document order on ties)."""
    scored = [(seed_score(r, description), r) for r in refs]
    kept = [(s, r) for s, r in scored if s >= min_confidence]
    kept.sort(key=lambda sr: -sr[0])
    return kept


# ---------------------------------------------------------------------------
# The run
# ---------------------------------------------------------------------------
@dataclass(slots=True)
class Outcome:
    """One task's result for one finder."""

    id: str
    hard: bool
    rank: int | None  # 1-based rank of the expected element among the top 3, else None
    tokens: int = 0
    top: list[str] = field(default_factory=list)
    ms: float = 0.0


def load_tasks(only: set[str] | None = None,
               path: Path | None = None) -> list[dict[str, Any]]:
    source = path or DEVSET / "tasks.jsonl"
    tasks = [json.loads(line) for line in source.read_text().splitlines() if line.strip()]
    return [t for t in tasks if not only or t["id"] in only]


def _raw(x: Any) -> Any:
    """The Playwright handle behind a sync wrapper (the wrappers do not unwrap arguments)."""
    for attr in ("_obj",):
        try:
            return object.__getattribute__(x, attr)
        except AttributeError:
            continue
    return x


def _same(page: Any, a: Any, b: Any) -> bool:
    return bool(a and b and page.evaluate("([a, b]) => a === b", [_raw(a), _raw(b)]))


def _rank(page: Any, expected: Any, handles: list[Any]) -> int | None:
    for k, h in enumerate(handles[:3], start=1):
        if _same(page, expected, h):
            return k
    return None


def run_domdex(task: dict[str, Any], dpage: Any, verbose: bool) -> Outcome:
    """find on a live domdex page; top-3 refs resolved to handles and compared."""
    from domdex.tokens import count_tokens

    pw = dpage.playwright_page
    expected = pw.locator(task["expect"]).element_handle()
    t0 = time.perf_counter()
    result = _find(dpage, task["query"], intent=task.get("intent"))
    ms = (time.perf_counter() - t0) * 1000
    refs = [m.ref for m in result.matches[:3]]
    handles = []
    for ref in refs:
        try:
            handles.append(dpage.locator(ref).element_handle(timeout=2000))
        except Exception:  # a ref that no longer resolves counts as a miss
            handles.append(None)
    text = str(result)
    out = Outcome(task["id"], bool(task["hard"]), _rank(pw, expected, handles),
                  count_tokens(text), refs, ms)
    if verbose and out.rank != 1:
        print(f"--- {task['id']} {task['query']!r} ({task.get('intent')}) expect "
              f"{task['expect']}")
        print(f"    expected: {_describe_handle(pw, expected)}")
        print("    " + str(_find(dpage, task["query"], intent=task.get("intent"),
                                 explain=True)).replace("\n", "\n    "))
    return out


def _find(dpage: Any, query: str, **kw: Any) -> Any:
    """``page.find`` once the live Page has it; the pure function over its index until then."""
    method = getattr(dpage, "find", None)
    if method is not None:
        return method(query, **kw)
    from domdex.search.api import find

    return find(dpage.index(), query, **kw)


def _describe_handle(pw: Any, h: Any) -> str:
    return str(pw.evaluate("(e) => e ? e.outerHTML.slice(0, 160) : 'none'", _raw(h)))


def run_seed(task: dict[str, Any], pw: Any) -> Outcome:
    """The seed's Steps 1–7 over the AI snapshot; refs resolved with ``aria-ref=``."""
    expected = pw.locator(task["expect"]).element_handle()
    t0 = time.perf_counter()
    refs = parse_ai_snapshot(pw.aria_snapshot(mode="ai"))
    ranked = seed_find_all(refs, task["query"])
    ms = (time.perf_counter() - t0) * 1000
    top = [r.ref for _, r in ranked[:3]]
    handles = []
    for ref in top:
        try:
            handles.append(pw.locator(f"aria-ref={ref}").element_handle(timeout=2000))
        except Exception:  # the snapshot's ref went stale
            handles.append(None)
    from domdex.tokens import count_tokens

    text = "\n".join(f'{r.role} "{r.name}" [ref={r.ref}] {s:.2f}' for s, r in ranked[:3])
    return Outcome(task["id"], bool(task["hard"]), _rank(pw, expected, handles),
                   count_tokens(text), top, ms)


def summarize(name: str, outs: list[Outcome]) -> None:
    def share(xs: list[Outcome], k: int) -> str:
        if not xs:
            return "  n/a"
        hit = sum(1 for o in xs if o.rank is not None and o.rank <= k)
        return f"{100 * hit / len(xs):5.1f}% ({hit}/{len(xs)})"

    hard = [o for o in outs if o.hard]
    easy = [o for o in outs if not o.hard]
    toks = [o.tokens for o in outs] or [0]
    ms = [o.ms for o in outs] or [0.0]
    print(f"\n== {name}: {len(outs)} tasks")
    print(f"  top-1  all {share(outs, 1)}  hard {share(hard, 1)}  not-hard {share(easy, 1)}")
    print(f"  top-3  all {share(outs, 3)}  hard {share(hard, 3)}  not-hard {share(easy, 3)}")
    print(f"  tokens median {statistics.median(toks):.0f}  max {max(toks)}")
    print(f"  ms per task median {statistics.median(ms):.2f}  max {max(ms):.2f} (fresh page: "
          "capture + index + matcher build for domdex, AI snapshot + scoring for the seed)")
    missed = [o.id for o in outs if o.rank != 1]
    print(f"  missed top-1: {', '.join(missed) if missed else 'none'}")


class _FallbackPage:
    """Sync face of the session's fallback page, used only while domdex.browser is absent."""

    def __init__(self, loop: Any, page: Any) -> None:
        self._loop, self._page = loop, page
        self._index: Any = None

    @property
    def playwright_page(self) -> Any:
        return _SyncPW(self._loop, self._page.playwright_page)

    def index(self) -> Any:
        from domdex import build_index

        if self._index is None:
            self._index = build_index(self._loop.run_until_complete(self._page.snapshot()))
        return self._index

    def find(self, query: str, **kw: Any) -> Any:
        from domdex.search.api import find

        return find(self.index(), query, **kw)

    def locator(self, ref: str) -> Any:
        return _SyncPW(self._loop, self._page.locator(ref))

    def close(self) -> None:
        self._loop.run_until_complete(self._page.playwright_page.close())


class _SyncPW:
    """Runs an async Playwright object's coroutine methods to completion."""

    def __init__(self, loop: Any, obj: Any) -> None:
        self._loop, self._obj = loop, obj

    def __getattr__(self, name: str) -> Any:
        import inspect

        attr = getattr(self._obj, name)
        if not callable(attr):
            return attr

        def call(*a: Any, **kw: Any) -> Any:
            a = tuple(_unwrap(x) for x in a)
            res = attr(*a, **kw)
            if inspect.isawaitable(res):
                res = self._loop.run_until_complete(res)
            if res is not None and type(res).__module__.startswith("playwright"):
                return _SyncPW(self._loop, res)
            return res

        return call


def _unwrap(x: Any) -> Any:
    if isinstance(x, _SyncPW):
        return x._obj
    if isinstance(x, list):
        return [_unwrap(y) for y in x]
    return x


class _launch:
    """``domdex.launch()``, or the session's fallback browser while it is missing."""

    def __enter__(self) -> Any:
        import domdex

        if hasattr(domdex, "launch"):
            self._cm = domdex.launch()
            return self._cm.__enter__()
        import asyncio

        from domdex.session.fallback import FallbackBrowser

        self._cm = None
        self._loop = asyncio.new_event_loop()
        self._browser = self._loop.run_until_complete(FallbackBrowser.start())
        return self

    def open(self, url: str) -> _FallbackPage:
        page = self._loop.run_until_complete(self._browser.open(url))
        self._loop.run_until_complete(page.playwright_page.wait_for_load_state("load"))
        return _FallbackPage(self._loop, page)

    def __exit__(self, *exc: Any) -> None:
        if self._cm is not None:
            self._cm.__exit__(*exc)
            return
        self._loop.run_until_complete(self._browser.close())
        self._loop.close()


def _baseline_plain(tasks: list[dict[str, Any]], docs: Path) -> list[Outcome]:
    """The baseline alone, with plain Playwright (no domdex needed)."""
    from playwright.sync_api import sync_playwright

    from domdex.chromium import LAUNCH_ARGS, find_chromium

    outs = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=find_chromium(), args=LAUNCH_ARGS)
        ctx = browser.new_context(viewport={"width": 1280, "height": 800})
        for task in tasks:
            pw = ctx.new_page()
            pw.goto((docs / task["page"]).as_uri(), wait_until="load")
            outs.append(run_seed(task, pw))
            pw.close()
        browser.close()
    return outs


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", help="comma-separated task ids")
    ap.add_argument("--baseline-only", action="store_true")
    ap.add_argument("--no-baseline", action="store_true")
    ap.add_argument("--verbose", "-v", action="store_true", help="explain every miss")
    ap.add_argument("--docs", default=str(DOCS))
    ap.add_argument("--tasks", type=Path, default=None,
                    help="a tasks file in the devset's format (bench/tasks/heldout.jsonl)")
    args = ap.parse_args(argv)
    only = set(args.only.split(",")) if args.only else None
    tasks = load_tasks(only, args.tasks)
    docs = Path(args.docs)
    if not (docs / "library" / "os.html").is_file():
        print(f"Python docs missing at {docs}: apt-get install python3.11-doc", file=sys.stderr)
        return 2
    if args.baseline_only:
        summarize("seed scorer (Steps 1-7, AI snapshot)", _baseline_plain(tasks, docs))
        return 0
    ours: list[Outcome] = []
    seed: list[Outcome] = []
    with _launch() as browser:
        for task in tasks:
            url = (docs / task["page"]).as_uri()
            page = browser.open(url)
            try:
                pw = page.playwright_page
                pw.set_viewport_size({"width": 1280, "height": 800})
                if not args.baseline_only:
                    ours.append(run_domdex(task, page, args.verbose))
                if not args.no_baseline:
                    seed.append(run_seed(task, pw))
            finally:
                close = getattr(page, "close", None)
                if close:
                    close()
    if ours:
        summarize("domdex find (with intent)", ours)
    if seed:
        summarize("seed scorer (Steps 1-7, AI snapshot)", seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
