"""Capture, index and the region map on real pages nobody here wrote.

    .venv/bin/python bench/real_pages.py [N]

Runs over the first N (default all 181) pages of ../shared/data/article-extraction-
benchmark (saved news and blog articles). Page JavaScript is off and every non-file
request is aborted, so the pages render offline. Prints failures, and the median and
maximum tokens of ``regions()`` with the pages over 600 tokens. No timing: the question
is whether the index holds up on pages it was not tuned on.
"""

from __future__ import annotations

import asyncio
import gzip
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.async_api import async_playwright

import domdex
from domdex import build_index
from domdex.chromium import LAUNCH_ARGS, find_chromium

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data" / "article-extraction-benchmark" / "html"


async def main(limit: int | None) -> int:
    files = sorted(DATA.glob("*.html.gz"))[:limit]
    if not files:
        print(f"No pages under {DATA}", file=sys.stderr)
        return 2
    tokens: list[int] = []
    failures = 0
    over: list[tuple[str, int, int]] = []
    with tempfile.TemporaryDirectory() as tmp:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=find_chromium(), args=LAUNCH_ARGS)
            ctx = await browser.new_context(viewport={"width": 1280, "height": 800},
                                            java_script_enabled=False)
            await ctx.route("**/*", lambda r: r.continue_() if r.request.url.startswith("file:")
                            else r.abort())
            pw_page = await ctx.new_page()
            for f in files:
                html = Path(tmp) / f.name.removesuffix(".gz")
                html.write_bytes(gzip.decompress(f.read_bytes()))
                try:
                    await pw_page.goto(html.as_uri(), wait_until="load", timeout=20_000)
                    idx = build_index(await domdex.attach(pw_page).capture())
                    n = domdex.count_tokens(idx.regions_view().render())
                    for region in idx.top_regions[:3]:
                        idx.expand(region.id).render()
                    tokens.append(n)
                    if n > 600:
                        over.append((f.name[:12], n, len(idx.top_regions)))
                except Exception as exc:  # a benchmark reports every failure and goes on
                    failures += 1
                    print(f"FAIL {f.name[:12]}: {type(exc).__name__}: {str(exc)[:200]}")
            await browser.close()
    print(f"pages {len(files)}  failures {failures}  regions() tokens median "
          f"{statistics.median(tokens):.0f}  max {max(tokens)}  over 600: {over}")
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else None)))
