"""Session benchmark: what a re-look costs after a small change, and what a diff saves.

On a large page (the Python docs' ``library/os.html``) and a small one (the
``product.html`` fixture) it measures, median of ``--runs``:

- **full**: a cold capture + index (a new region detection), what a first look costs;
- **small change**: one status line's text changed by script, then the session's
  re-capture (capture + region-cache refresh: regions reused, elements refreshed);
- **capture alone**: a full capture vs the incremental re-capture after the same
  change (the page re-walks only the changed subtree and Python patches the last
  snapshot);
- **unchanged**: a re-look with nothing changed (the change tracker says so; the last
  capture is reused);
- **tokens**: the diff an action returns vs the full regions view an agent would
  otherwise read again.

Run: ``.venv/bin/python bench/session.py [--runs 5] [--json]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time
from pathlib import Path
from typing import Any

from domdex import build_index
from domdex.localsite import LocalSite
from domdex.session import AsyncSession, backend
from domdex.session.cache import RegionCache
from domdex.tokens import count_tokens

ROOT = Path(__file__).resolve().parent.parent
OS_HTML = Path("/usr/share/doc/python3.11/html/library/os.html")
#: A small change, as a status line or a counter makes: one text node's data.
CHANGE_JS = """() => {
  const p = Array.from(document.querySelectorAll('p')).find((e) => e.children.length === 0
    && e.firstChild && e.checkVisibility());
  p.firstChild.data = p.firstChild.data.replace(/ \\(edited \\d+\\)$/, '') +
    ' (edited ' + Date.now() + ')';
}"""


def _serve(directory: Path) -> str:
    return LocalSite(directory).url  # lives as long as the benchmark


async def _ms(fn: Any) -> tuple[float, Any]:
    t0 = time.perf_counter()
    out = await fn()
    return (time.perf_counter() - t0) * 1000, out


async def measure(session: AsyncSession, url: str, runs: int) -> dict[str, Any]:
    await session.open(url)
    tab = session.current
    full: list[float] = []
    small: list[float] = []
    unchanged: list[float] = []

    async def cold() -> Any:
        snap = await tab.page.capture(incremental=False)  # a first look: the full pass
        return build_index(snap)

    for _ in range(runs):
        ms, _idx = await _ms(cold)
        full.append(ms)
    cache = RegionCache()
    cache.build(await backend.capture(tab.page))
    for _ in range(runs):
        await tab.pw.evaluate(CHANGE_JS)

        async def relook() -> Any:
            return cache.build(await backend.capture(tab.page))
        ms, _idx = await _ms(relook)
        small.append(ms)
    # capture alone: a full pass vs the incremental one after the same small change
    cap_full: list[float] = []
    cap_small: list[float] = []
    registry = tab.page._frames
    patched0 = registry.patched
    for _ in range(runs):
        ms, _snap = await _ms(lambda: tab.page.capture(incremental=False))
        cap_full.append(ms)
        await tab.pw.evaluate(CHANGE_JS)
        ms, _snap = await _ms(tab.page.capture)
        cap_small.append(ms)
    patched = registry.patched - patched0
    await session.index()
    for _ in range(runs):
        ms, _idx = await _ms(session.index)
        unchanged.append(ms)
    # tokens: the diff after a small change vs a new regions view
    await session.index()
    await tab.pw.evaluate(CHANGE_JS)
    diff_text = (await session.diff()).render()
    regions_text = (await session.regions()).render()
    f, s, u = (statistics.median(x) for x in (full, small, unchanged))
    cf, cs = statistics.median(cap_full), statistics.median(cap_small)
    return {
        "url": url, "nodes": len((await session.index()).nodes),
        "full_ms": round(f, 1), "small_change_ms": round(s, 1), "unchanged_ms": round(u, 2),
        "small_change_ratio": round(s / f, 3), "unchanged_ratio": round(u / f, 4),
        "capture_full_ms": round(cf, 1), "capture_small_change_ms": round(cs, 1),
        "capture_small_change_ratio": round(cs / cf, 3), "patched": f"{patched}/{runs}",
        "region_cache": {"reused": cache.stats.reused, "refreshed": cache.stats.refreshed,
                         "built": cache.stats.built},
        "diff_tokens": count_tokens(diff_text), "regions_tokens": count_tokens(regions_text),
    }


async def main(runs: int) -> list[dict[str, Any]]:
    base = _serve(ROOT / "tests" / "pages")
    targets = [f"{base}/product.html"]
    if OS_HTML.is_file():
        targets.append(OS_HTML.as_uri())
    session = await AsyncSession.start()
    try:
        return [await measure(session, url, runs) for url in targets]
    finally:
        await session.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = asyncio.run(main(args.runs))
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        for r in results:
            print(f"{r['url']} ({r['nodes']} nodes)")
            print(f"  full capture + index     {r['full_ms']:8.1f} ms")
            print(f"  re-capture, small change {r['small_change_ms']:8.1f} ms  "
                  f"({100 * r['small_change_ratio']:.0f} % of full)")
            print(f"  capture alone: full {r['capture_full_ms']:.1f} ms, after the small change "
                  f"{r['capture_small_change_ms']:.1f} ms "
                  f"({100 * r['capture_small_change_ratio']:.0f} %; patched {r['patched']})")
            print(f"  re-look, unchanged       {r['unchanged_ms']:8.2f} ms  "
                  f"({100 * r['unchanged_ratio']:.2f} % of full)")
            print(f"  diff {r['diff_tokens']} tokens vs regions view {r['regions_tokens']} tokens")
            print(f"  region cache {r['region_cache']}")
