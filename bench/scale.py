"""Scale: capture, index, regions and the first find on a synthetic page of 1k … 256k elements.

    .venv/bin/python bench/scale.py [--sizes 1k,4k,16k,32k,64k,128k,256k] [--runs 3]
                                    [--aria-timeout 30] [--json bench/out/scale.json]
    .venv/bin/python bench/scale.py --saved tests/fixtures/snapshots/pydocs-os.json.gz

The page is one table of N/5 rows; each row holds a cell, a link, a button and an input
(five elements a row, the ``<tr>`` included), so "elements" counts the page's elements.
For each size, in one fresh tab, side by side in the same run:

- ``aria_snapshot(mode="ai")``, Playwright's AI snapshot (the reference), under
  ``--aria-timeout`` seconds; a size that times out once is not tried again;
- domdex: a full ``capture()``, ``build_index()``, ``regions()`` (rendered), the first
  ``find()`` on a fresh index (which builds the matcher; its CPU time too, steadier than
  the wall clock on a shared machine) and the next one (the matcher built: the request
  alone);
- the peak RSS of the Python process (``ru_maxrss``) once capture, index and regions are
  done, and after the finds; each size runs in a process of its own.

``--saved FILE…`` times the same index / first find / next find on saved captures
(``tests/fixtures/snapshots/pydocs-os.json.gz`` is ``library/os.html``), without a browser.

Times are medians of ``--runs`` runs after one warm-up; the 2-core machine is shared and
noisy, so compare ratios within one run. This is a benchmark, not a test: nothing
asserts on time.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from playwright.async_api import async_playwright

import domdex
from domdex import build_index, load_snapshot
from domdex.chromium import LAUNCH_ARGS, find_chromium

PER_ROW = 5  # <tr>, <td>, <a>, <button>, <input>
_PAINTED_JS = "() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))"


def page_html(elements: int) -> str:
    """The synthetic page: a table whose rows hold a cell, a link, a button and an input."""
    rows = max(1, elements // PER_ROW)
    body = "".join(
        f'<tr><td>Item {i} <a href="#i{i}">Open {i}</a><button>Buy {i}</button>'
        f'<input name="q{i}" placeholder="Qty {i}"></td></tr>'
        for i in range(rows)
    )
    return (f"<!doctype html><html><head><title>Scale {elements}</title></head><body>"
            f"<main><h1>Scale</h1><table>{body}</table></main></body></html>")


def _size(text: str) -> int:
    text = text.strip().lower()
    return int(float(text[:-1]) * 1000) if text.endswith("k") else int(text)


def _rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def _median(fn: Any, runs: int) -> tuple[float, Any]:
    await fn()  # warm-up
    samples, result = [], None
    for _ in range(runs):
        t = time.perf_counter()
        result = await fn()
        samples.append(time.perf_counter() - t)
    return statistics.median(samples), result


async def bench_size(browser: Any, elements: int, runs: int, aria_timeout: float | None
                     ) -> dict[str, Any]:
    pw_page = await browser.new_page(viewport={"width": 1280, "height": 800})
    pw_page.set_default_timeout(max(120_000, (aria_timeout or 0) * 1000))
    try:
        html = page_html(elements)
        page = domdex.attach(pw_page)

        async def capture() -> Any:
            # A new document each time: the first capture of a page is the one a user
            # waits for (refs are handed out, nothing is cached in the page yet).
            await pw_page.set_content(html, wait_until="load")
            # Chromium paints a page just set after its load event, and whoever calls
            # first waits for that paint (half of the time of a 128k capture); the AI
            # snapshot, timed later, finds the page painted. Wait for a frame first.
            await pw_page.evaluate(_PAINTED_JS)
            t = time.perf_counter()
            snap = await page.capture(incremental=False)
            return time.perf_counter() - t, snap

        await capture()  # warm-up
        captures = []
        for _ in range(runs):
            took, snap = await capture()
            captures.append(took)
        t_capture = statistics.median(captures)

        t_index, _ = await _median(lambda: _async(build_index, snap), runs)
        regions = []
        for _ in range(max(1, runs)):
            fresh = build_index(snap)  # regions() on a fresh index, the build not counted
            t = time.perf_counter()
            fresh.regions_view().render()
            regions.append(time.perf_counter() - t)
        t_regions = statistics.median(regions)
        del fresh
        rss_ready = _rss_mib()

        rows = elements // PER_ROW
        t_find, cpu_find, t_next = _finds(snap, runs, (f"Buy {rows // 2} button", "click"),
                                          (f"quantity of item {rows // 3}", "fill"))
        aria: float | None = None
        if aria_timeout:
            async def reference() -> None:
                await pw_page.aria_snapshot(mode="ai", timeout=aria_timeout * 1000)
            try:
                t = time.perf_counter()
                await reference()  # one run: the reference is the slow side
                aria = time.perf_counter() - t
                if aria < aria_timeout / 4 and runs > 1:
                    aria, _ = await _median(reference, runs - 1)
            except Exception:  # Playwright's TimeoutError
                aria = None
        return {
            "elements": elements,
            "nodes": len(snap.nodes),
            "aria_ai_s": None if aria is None else round(aria, 3),
            "capture_s": round(t_capture, 3),
            "index_s": round(t_index, 3),
            "regions_s": round(t_regions, 3),
            "first_find_s": round(t_find, 3),
            "first_find_cpu_s": round(cpu_find, 3),
            "next_find_s": round(t_next, 4),
            "rss_mib": round(rss_ready),
            "rss_find_mib": round(_rss_mib()),
            "speedup": None if aria is None else round(aria / (t_capture + t_index
                                                               + t_regions), 1),
        }
    finally:
        await pw_page.close()


async def _async(fn: Any, *args: Any) -> Any:
    return fn(*args)


def _finds(snap: Any, runs: int, first: tuple[str, str], then: tuple[str, str]
           ) -> tuple[float, float, float]:
    """Medians of the first find on a fresh index (the matcher is built), of its CPU time
    (steadier than the wall clock on a shared machine) and of the next find."""
    firsts, cpus, nexts = [], [], []
    for _ in range(max(1, runs)):
        fresh = build_index(snap)
        t, c = time.perf_counter(), time.process_time()
        fresh.find(first[0], intent=first[1])
        firsts.append(time.perf_counter() - t)
        cpus.append(time.process_time() - c)
        t = time.perf_counter()
        fresh.find(then[0], intent=then[1])
        nexts.append(time.perf_counter() - t)
        del fresh
    return statistics.median(firsts), statistics.median(cpus), statistics.median(nexts)


def saved(path: Path, runs: int) -> dict[str, Any]:
    """Index, first and next find on a saved capture (its own process: its own RSS)."""
    data = path.read_bytes()
    snap = load_snapshot(gzip.decompress(data) if path.suffix == ".gz" else data)
    t_index, _ = asyncio.run(_median(lambda: _async(build_index, snap), runs))
    rss_ready = _rss_mib()
    t_find, cpu_find, t_next = _finds(snap, runs, ("os.walk", "read"),
                                      ("the getcwd function", "read"))
    return {"page": path.name, "nodes": len(snap.nodes), "index_s": round(t_index, 3),
            "first_find_s": round(t_find, 3), "first_find_cpu_s": round(cpu_find, 3),
            "next_find_s": round(t_next, 4),
            "rss_mib": round(rss_ready), "rss_find_mib": round(_rss_mib())}


HEADER = (f"{'elements':>9}{'kept':>8}{'aria ai s':>11}{'capture s':>11}{'index s':>9}"
          f"{'regions s':>11}{'1st find s':>12}{'cpu s':>7}{'next ms':>9}{'speedup':>9}"
          f"{'RSS MiB':>9}{'+find':>7}")


def _line(r: dict[str, Any], timeout: float | None) -> str:
    aria = f"{r['aria_ai_s']:.2f}" if r["aria_ai_s"] is not None else (
        f">{timeout:g}" if timeout else "-")
    speed = f"{r['speedup']}x" if r["speedup"] is not None else "-"
    return (f"{r['elements']:>9}{r['nodes']:>8}{aria:>11}{r['capture_s']:>11.3f}"
            f"{r['index_s']:>9.3f}{r['regions_s']:>11.3f}{r['first_find_s']:>12.3f}"
            f"{r['first_find_cpu_s']:>7.2f}{r['next_find_s'] * 1000:>9.1f}{speed:>9}"
            f"{r['rss_mib']:>9}{r['rss_find_mib']:>7}")


async def one(elements: int, runs: int, aria_timeout: float | None) -> dict[str, Any]:
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=find_chromium(), args=LAUNCH_ARGS)
        try:
            return await bench_size(browser, elements, runs, aria_timeout)
        finally:
            await browser.close()


def main(sizes: list[int], runs: int, aria_timeout: float | None, out: Path | None) -> int:
    """Each size in a process of its own, so that its peak RSS is its own."""
    rows = []
    timeout = aria_timeout
    for n in sorted(sizes):
        done = subprocess.run(
            [sys.executable, __file__, "--one", str(n), "--runs", str(runs),
             "--aria-timeout", str(timeout or 0)],
            check=True, capture_output=True, text=True)
        row = json.loads(done.stdout.strip().splitlines()[-1])
        rows.append(row)
        print(_line(row, aria_timeout), flush=True)
        if timeout and row["aria_ai_s"] is None:
            timeout = None  # timed out once: larger pages would too
    if len(rows) > 1:
        by = {r["elements"]: r for r in rows}
        if 32000 in by and 256000 in by:
            print(f"capture time(256k)/time(32k) = "
                  f"{by[256000]['capture_s'] / by[32000]['capture_s']:.1f}")
    if out:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps({"runs": runs, "rows": rows}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1k,4k,16k,32k,64k,128k,256k")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--aria-timeout", type=float, default=30.0,
                        help="seconds for the AI snapshot (0: skip it)")
    parser.add_argument("--json", type=Path, default=None, dest="out")
    parser.add_argument("--saved", type=Path, nargs="+", default=None,
                        help="saved captures (.json or .json.gz): index and finds, no browser")
    parser.add_argument("--one", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--one-saved", type=Path, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one_saved:
        print(json.dumps(saved(args.one_saved, args.runs)))
        raise SystemExit(0)
    if args.saved:
        print(f"{'page':>24}{'kept':>8}{'index s':>9}{'1st find s':>12}{'cpu s':>7}"
              f"{'next ms':>9}{'RSS MiB':>9}{'+find':>7}")
        for path in args.saved:
            done = subprocess.run([sys.executable, __file__, "--one-saved", str(path),
                                   "--runs", str(args.runs)],
                                  check=True, capture_output=True, text=True)
            r = json.loads(done.stdout.strip().splitlines()[-1])
            print(f"{r['page']:>24}{r['nodes']:>8}{r['index_s']:>9.3f}{r['first_find_s']:>12.3f}"
                  f"{r['first_find_cpu_s']:>7.2f}{r['next_find_s'] * 1000:>9.1f}"
                  f"{r['rss_mib']:>9}{r['rss_find_mib']:>7}", flush=True)
        raise SystemExit(0)
    if args.one:
        print(json.dumps(asyncio.run(one(args.one, args.runs, args.aria_timeout or None))))
        raise SystemExit(0)
    print(HEADER)
    raise SystemExit(main([_size(s) for s in args.sizes.split(",")], args.runs,
                          args.aria_timeout or None, args.out))
