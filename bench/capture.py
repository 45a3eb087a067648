"""Capture + index vs Playwright's AI snapshot, side by side in one run.

    .venv/bin/python bench/capture.py [--runs 5] [--json bench/out/capture.json]

For each page (the seed fixtures served on 127.0.0.1, and the Python docs'
library/os.html, library/stdtypes.html and genindex-all.html), in the same browser tab:

- domdex: ``capture()`` (one in-page pass per frame) + ``build_index()`` — the cost of
  being ready to answer overview / regions / expand / context / grep / find;
- reference: ``page.aria_snapshot(mode="ai")``, what Playwright MCP returns;

each the median of ``--runs`` runs after one warm-up, plus the Python-side peak memory of
capture + index (tracemalloc), the nodes kept, and the tokens (o200k_base) of
``regions()`` and of the full AI snapshot. This is a benchmark, not a test: numbers go
to stdout and, with --json, to a file; nothing asserts on time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time
import tracemalloc
from pathlib import Path
from typing import Any

from playwright.async_api import async_playwright

import domdex
from domdex import build_index
from domdex.chromium import LAUNCH_ARGS, find_chromium
from domdex.localsite import LocalSite

ROOT = Path(__file__).resolve().parent.parent
PAGES = ROOT / "tests" / "pages"
PYDOCS = Path("/usr/share/doc/python3.11/html")
SEED_PAGES = ["dashboard", "checkout", "product", "contact", "nolandmarks", "iframe", "shadow"]
DOC_PAGES = ["library/os.html", "library/stdtypes.html", "genindex-all.html"]


async def _time(fn: Any, runs: int) -> tuple[float, Any]:
    await fn()  # warm-up: the first call compiles the script / fills caches
    samples = []
    result = None
    for _ in range(runs):
        t = time.perf_counter()
        result = await fn()
        samples.append(time.perf_counter() - t)
    return statistics.median(samples), result


async def bench_page(pw_page: Any, name: str, url: str, runs: int) -> dict[str, Any]:
    await pw_page.goto(url, wait_until="load")
    page = domdex.attach(pw_page)

    # Full passes: capture() would otherwise patch the last snapshot (nothing changed).
    async def ours() -> Any:
        snap = await page.capture(incremental=False)
        return build_index(snap)

    async def capture_only() -> Any:
        return await page.capture(incremental=False)

    async def reference() -> str:
        return str(await pw_page.aria_snapshot(mode="ai"))

    t_ours, idx = await _time(ours, runs)
    t_capture, snap = await _time(capture_only, runs)
    t_ref, aria = await _time(reference, runs)
    tracemalloc.start()
    build_index(await page.capture(incremental=False))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    regions_text = idx.regions_view().render()
    return {
        "page": name,
        "nodes": len(snap.nodes),
        "domdex_ms": round(t_ours * 1000, 1),
        "capture_ms": round(t_capture * 1000, 1),
        "index_ms": round((t_ours - t_capture) * 1000, 1),
        "aria_ai_ms": round(t_ref * 1000, 1),
        "speedup": round(t_ref / t_ours, 1) if t_ours else None,
        "capture_speedup": round(t_ref / t_capture, 1) if t_capture else None,
        "peak_mib": round(peak / 2**20, 1),
        "regions_tokens": domdex.count_tokens(regions_text),
        "aria_ai_tokens": domdex.count_tokens(aria),
    }


async def main(runs: int, out: Path | None, only: list[str]) -> int:
    site = LocalSite(PAGES)
    base = site.url
    targets = [(p, f"{base}/{p}.html") for p in SEED_PAGES]
    targets += [(d, (PYDOCS / d).as_uri()) for d in DOC_PAGES if (PYDOCS / d).exists()]
    if only:
        targets = [t for t in targets if any(o in t[0] for o in only)]
    rows = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=find_chromium(), args=LAUNCH_ARGS)
        pw_page = await browser.new_page(viewport={"width": 1280, "height": 800})
        for name, url in targets:
            row = await bench_page(pw_page, name, url, runs)
            rows.append(row)
            print(_line(row), flush=True)
        await browser.close()
    site.close()
    if out:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps({"runs": runs, "rows": rows}, indent=2) + "\n")
    return 0


HEADER = (f"{'page':<24}{'nodes':>7}{'domdex ms':>11}{'(capture':>10}{'+ index)':>10}"
          f"{'aria ai ms':>12}{'speedup':>9}{'capture x':>10}{'peak MiB':>10}"
          f"{'regions tok':>13}{'aria tok':>10}")


def _line(r: dict[str, Any]) -> str:
    return (f"{r['page']:<24}{r['nodes']:>7}{r['domdex_ms']:>11}{r['capture_ms']:>10}"
            f"{r['index_ms']:>10}{r['aria_ai_ms']:>12}{r['speedup']:>8}x{r['capture_speedup']:>9}x"
            f"{r['peak_mib']:>10}"
            f"{r['regions_tokens']:>13}{r['aria_ai_tokens']:>10}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", type=Path, default=None, dest="out")
    parser.add_argument("pages", nargs="*", help="only pages whose name contains one of these")
    args = parser.parse_args()
    print(HEADER)
    raise SystemExit(asyncio.run(main(args.runs, args.out, args.pages)))
