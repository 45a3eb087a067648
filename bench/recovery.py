"""Stale-ref recovery on generated re-render scenarios: recovered / refused / WRONG per
front door.

Usage: ``python bench/recovery.py [--scenarios 200] [--seed 1] [--doors page,session,mcp]``

Each scenario is drawn at random: a list app (``tests/pages/rows.html``) in one of its
modes — plain list, cards, table with pages, rows that differ only by an input's value,
a virtualised list that recycles its row nodes, distinct names — with 3–10 random
people (sometimes an identical twin row), a ref to one row's "Delete" button taken
from ``grep`` or from ``find`` ("Delete button in X's row"), then one or two changes
made through the page's own toolbar (sort, remove a row, insert one at the top,
replace everyone, shuffle, re-render, next page, scroll). Then the old ref is clicked.

The page records which person's handler ran (a closure, not DOM text). The scenario
counts as:

- **acted**: the ref was alive and still in its row; that row's handler ran;
- **recovered**: domdex re-matched the ref and the right row's handler ran;
- **refused**: nothing ran, and domdex said why;
- **WRONG**: any other row's handler ran. This must be 0.

A mirror page (plain Playwright, same URL, same toolbar clicks) says whether the
target row still exists and is distinguishable after the changes, so "recovered" is
also reported as a share of the scenarios where recovery was possible.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
PAGES = HERE.parent / "tests" / "pages"
MODES = ["list", "cards", "table", "inputs", "virtual", "distinct"]
CHANGES = {
    "list": ["Sort Z to A", "Remove first row", "Remove second row", "Insert a row at the top",
             "Replace everyone", "Shuffle", "Refresh"],
    "table": ["Sort Z to A", "Remove first row", "Insert a row at the top", "Replace everyone",
              "Shuffle", "Refresh", "Show next page"],
    "virtual": ["Scroll down one", "Insert a row at the top", "Remove first row", "Sort Z to A",
                "Shuffle", "Replace everyone"],
}
VISIBLE_ROWS = """() => [...document.querySelectorAll('#app [data-pid]')]
  .filter(r => r.offsetParent !== null && r.dataset.pid)
  .map(r => ({pid: r.dataset.pid, text: r.innerText.replace(/\\s+/g, ' ').trim(),
              name: app.people().find(p => p.id === r.dataset.pid).name,
              value: (r.querySelector('input') || {}).value || ''}))"""


@dataclass(slots=True)
class Scenario:
    url: str
    source: str  # "grep" or "find"
    row: int  # which visible row's Delete
    changes: list[str]


def draw(rng: random.Random, base: str) -> Scenario:
    mode = rng.choice(MODES)
    n = rng.randint(3, 10)
    q = f"mode={mode}&n={n}&seed={rng.randint(1, 10_000)}&per={rng.randint(3, 5)}"
    if mode in ("list", "cards", "table") and rng.random() < 0.15:
        q += "&dup=1"
    pool = CHANGES.get(mode, CHANGES["list"])
    changes = rng.sample(pool, rng.choice([1, 1, 2]))
    return Scenario(f"{base}/rows.html?{q}", rng.choice(["grep", "find"]),
                    rng.randint(0, 2), changes)


class Mirror:
    """The same scenario in plain Playwright: who is in which row, before and after."""

    def __init__(self, browser: Any) -> None:
        self.page = browser.new_page(viewport={"width": 1280, "height": 800})

    def rows(self, sc: Scenario) -> tuple[list[dict[str, str]], list[dict[str, str]]]:
        self.page.goto(sc.url)
        before = self.page.evaluate(VISIBLE_ROWS)
        for change in sc.changes:
            self.page.get_by_role("button", name=change, exact=True).click()
        return before, self.page.evaluate(VISIBLE_ROWS)


def _ledger(text: str) -> list[str]:
    m = re.search(r"Deleted: ([\w, ]+)", text)
    return [p.strip() for p in m.group(1).split(",")] if m else []


def _delete_refs(listing: str) -> list[str]:
    return re.findall(r'"Delete[^"]*" @(\w+)', listing)


class PageDoor:
    """``domdex.launch()`` → ``browser.open(url)``: a Page, acted on by ref."""

    name = "page"

    def __init__(self) -> None:
        import domdex

        self._b = domdex.launch()

    def run(self, sc: Scenario, target: str) -> tuple[str, str, str]:
        from domdex.errors import DomdexError

        page = self._b.open(sc.url)
        try:
            ref = self._ref(page, sc, target)
            for change in sc.changes:
                page.playwright_page.get_by_role("button", name=change, exact=True).click()
            try:
                result = page.click(ref.split("#")[0])
                said = "recovered" if result.recovery else "acted"
            except DomdexError:
                said = "refused"
            return ref, said, str(page.grep("Deleted:"))
        finally:
            page.close()

    @staticmethod
    def _ref(page: Any, sc: Scenario, target: str) -> str:
        """The ref, and (through the listing order) which row it was handed out in."""
        ref = ""
        if sc.source == "find":
            hit = page.find(f"Delete button in {target}'s row", intent="click")
            ref = str(hit.ref or "")
        listing = _delete_refs(str(page.grep("Delete")))
        ref = ref or listing[sc.row]
        return f"{ref}#{listing.index(ref) if ref in listing else -1}"

    def close(self) -> None:
        self._b.close()


class SessionDoor:
    """``domdex.Session``: what the CLI daemon and the HTTP API run on."""

    name = "session"

    def __init__(self) -> None:
        from domdex import Session

        self._s = Session.start()

    def run(self, sc: Scenario, target: str) -> tuple[str, str, str]:
        from domdex.errors import DomdexError

        s = self._s
        s.open(sc.url)
        ref, _, at = PageDoor._ref(s, sc, target).partition("#")
        ref = f"{ref}#{at}"
        for change in sc.changes:
            s.click(query=change)
        try:
            result = s.click(ref.split("#")[0])
            said = "recovered" if result.recovery else "acted"
        except DomdexError:
            said = "refused"
        return ref, said, str(s.grep("Deleted:"))

    def close(self) -> None:
        self._s.close()


class McpDoor:
    """The MCP server over stdio, driven by the official SDK client (one connection)."""

    name = "mcp"

    def run_all(self, jobs: list[tuple[Scenario, str]]) -> list[Any]:
        """On a thread of its own: the caller's thread runs sync Playwright's loop."""
        from concurrent.futures import ThreadPoolExecutor

        import anyio

        with ThreadPoolExecutor(1) as pool:
            return pool.submit(anyio.run, self._run_all, jobs).result()

    async def _run_all(self, jobs: list[tuple[Scenario, str]]) -> list[Any]:
        from mcp import Client, StdioServerParameters

        params = StdioServerParameters(command=sys.executable, args=["-m", "domdex", "mcp"],
                                       env=dict(os.environ))
        out: list[Any] = []
        async with Client(params) as client:
            async def call(tool: str, args: dict[str, Any]) -> tuple[str, bool]:
                r = await client.call_tool(tool, args)
                return "\n".join(getattr(c, "text", "") for c in r.content), bool(r.is_error)

            for sc, target in jobs:
                try:
                    out.append(await self._one(call, sc, target))
                except Exception as exc:  # a crash is a finding, not a pass
                    out.append(exc)
        return out

    @staticmethod
    async def _one(call: Any, sc: Scenario, target: str) -> tuple[str, str, str]:
        await call("open", {"url": sc.url})
        ref = ""
        if sc.source == "find":
            text, _ = await call("find", {"query": f"Delete button in {target}'s row",
                                          "intent": "click"})
            m = re.search(r"→ @(\w+)", text)
            ref = m.group(1) if m else ""
        listing = _delete_refs((await call("grep", {"pattern": "Delete"}))[0])
        ref = ref or listing[sc.row]
        at = listing.index(ref) if ref in listing else -1
        for change in sc.changes:
            await call("click", {"query": change})
        text, error = await call("click", {"ref": ref})
        said = "refused" if error else ("recovered" if "RECOVERED" in text else "acted")
        return f"{ref}#{at}", said, (await call("grep", {"pattern": "Deleted:"}))[0]


def _run_all(door: Any, jobs: list[tuple[Scenario, str]]) -> list[Any]:
    if hasattr(door, "run_all"):
        return list(door.run_all(jobs))
    out: list[Any] = []
    try:
        for sc, target in jobs:
            try:
                out.append(door.run(sc, target))
            except Exception as exc:  # a crash is a finding, not a pass
                out.append(exc)
    finally:
        door.close()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scenarios", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--doors", default="page,session,mcp")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    from domdex.chromium import LAUNCH_ARGS, find_chromium
    from domdex.localsite import LocalSite

    httpd = LocalSite(PAGES)
    base = httpd.url
    rng = random.Random(args.seed)
    scenarios = [draw(rng, base) for _ in range(args.scenarios)]
    doors: dict[str, Any] = {"page": PageDoor, "session": SessionDoor, "mcp": McpDoor}
    print(f"{len(scenarios)} scenarios (seed {args.seed}); modes "
          + ", ".join(f"{m} {n}" for m, n in sorted(Counter(
              re.search(r"mode=(\w+)", s.url).group(1) for s in scenarios).items())))  # type: ignore[union-attr]
    print(f"{'door':8} {'acted':>6} {'recovered':>10} {'refused':>8} {'WRONG':>6} "
          f"{'recovered where possible':>26} {'s':>6}")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=find_chromium(), args=LAUNCH_ARGS)
        mirror = Mirror(browser)
        plans = []
        for sc in scenarios:
            before, after = mirror.rows(sc)
            target = before[min(sc.row, len(before) - 1)]
            sc.row = min(sc.row, len(before) - 1)
            same = [r for r in after if r["text"] == target["text"]
                    and r["value"] == target["value"]]
            possible = any(r["pid"] == target["pid"] for r in after) and len(same) == 1
            plans.append((sc, before, target, possible))
        for name in args.doors.split(","):
            start = time.perf_counter()
            results = _run_all(doors[name](), [(sc, t["name"]) for sc, _b, t, _p in plans])
            counts: Counter[str] = Counter()
            possible_n = recovered_possible = 0
            for (sc, before, _target, possible), res in zip(plans, results, strict=True):
                if isinstance(res, Exception):
                    counts["error"] += 1
                    if args.verbose:
                        print(f"  ERROR {sc.url} {sc.changes}: {res!r}"[:300])
                    continue
                ref, said, status = res
                ran = _ledger(status)
                at = int(ref.split("#")[1])
                meant = before[at]["pid"] if 0 <= at < len(before) else None
                if meant is None:
                    counts["unknown"] += 1  # the ref was not one of the rows' buttons
                    continue
                if any(pid != meant for pid in ran):
                    outcome = "WRONG"
                elif not ran:
                    outcome = "refused"
                else:
                    outcome = "recovered" if said == "recovered" else "acted"
                counts[outcome] += 1
                if possible:
                    possible_n += 1
                    recovered_possible += outcome in ("recovered", "acted")
                if args.verbose and (outcome == "WRONG" or (possible and outcome == "refused")):
                    print(f"  {outcome:9} {sc.url.split('?')[1]} {sc.source} row {sc.row} "
                          f"{sc.changes} ran={ran} meant={meant}")
            pct = 100 * recovered_possible / max(1, possible_n)
            share = f"{recovered_possible}/{possible_n} ({pct:.0f} %)"
            err = f" errors {counts['error']}" if counts["error"] else ""
            err += f" unknown {counts['unknown']}" if counts["unknown"] else ""
            print(f"{name:8} {counts['acted']:>6} {counts['recovered']:>10} "
                  f"{counts['refused']:>8} {counts['WRONG']:>6} {share:>26} "
                  f"{time.perf_counter() - start:>6.0f}{err}")
        browser.close()
    httpd.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
