"""Two versions of the in-page capture walk, alternated in one tab: is a change faster?

    .venv/bin/python bench/capture_ab.py OLD [NEW] [--runs 21] [--pages os.html,...]

OLD and NEW are git revisions (``HEAD~2``) or paths to a ``capture.js``; NEW defaults
to the working tree's ``src/domdex/capture/capture.js``. On each Python docs page
(``/usr/share/doc/python3.11/html``; default library/os.html, library/stdtypes.html
and genindex-all.html), both scripts are installed in the same tab and called in turn,
the order swapped every run, after one warm-up each: the same page, layout and
machine state for both, which is what a 2-core machine shared with other work needs.
The tab has the listener probe capture installs (capture/listeners.py), so a walk that
asks it pays for it.

Printed per page, medians of ``--runs``: the time in the page (``performance.now()``
around the walk) and the wall time with the transfer to Python and ``json.loads``,
old / new and their ratio. A benchmark, not a test: nothing asserts on time. Whether
the two give the same snapshots is a separate check (compare ``Snapshot.to_dict()``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
JS = "src/domdex/capture/capture.js"
DOCS = Path("/usr/share/doc/python3.11/html")
PAGES = "library/os.html,library/stdtypes.html,genindex-all.html"
#: the options capture passes to the walk (capture/__init__.py's defaults)
OPTIONS = {"maxText": 300, "maxOptions": 200}
CALL = ("(a) => { const t = performance.now(); const s = window[a.w](a.o); "
        "return [s, performance.now() - t]; }")


def _script(spec: str) -> str:
    """A capture.js from a file path, else from a git revision."""
    path = Path(spec)
    if path.is_file():
        return path.read_text().strip()
    done = subprocess.run(["git", "-C", str(ROOT), "show", f"{spec}:{JS}"],
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"capture_ab: {spec!r} is neither a file nor a git revision with "
                         f"{JS} ({done.stderr.strip()})")
    return done.stdout.strip()


async def _run(old: str, new: str, pages: list[str], runs: int) -> None:
    from playwright.async_api import async_playwright

    from domdex.chromium import LAUNCH_ARGS, find_chromium

    install = f"() => {{ window.__old = {old}; window.__new = {new}; }}"
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=find_chromium(), args=LAUNCH_ARGS)
        page = await browser.new_page(viewport={"width": 1280, "height": 800})
        print(f"{'page':28} {'in page: old':>13} {'new':>7} {'ratio':>6}   "
              f"{'with transfer: old':>19} {'new':>7} {'ratio':>6}  (ms, medians of {runs})")
        from domdex.capture import listeners

        for name in pages:
            await page.goto((DOCS / name).as_uri())
            # as capture does: the listener probe is there for whichever walk asks for it
            await listeners.install(page)
            await page.evaluate(install)
            wall: dict[str, list[float]] = {"__old": [], "__new": []}
            inside: dict[str, list[float]] = {"__old": [], "__new": []}
            for i in range(runs + 1):  # run 0 warms both up
                for w in ("__old", "__new") if i % 2 else ("__new", "__old"):
                    t0 = time.perf_counter()
                    text, ms = await page.evaluate(CALL, {"w": w, "o": OPTIONS})
                    json.loads(text)
                    if i:
                        wall[w].append((time.perf_counter() - t0) * 1000)
                        inside[w].append(ms)
            po, pn = (statistics.median(inside[w]) for w in ("__old", "__new"))
            wo, wn = (statistics.median(wall[w]) for w in ("__old", "__new"))
            print(f"{name:28} {po:13.1f} {pn:7.1f} {po / pn:6.2f}   "
                  f"{wo:19.1f} {wn:7.1f} {wo / wn:6.2f}", flush=True)
        await browser.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("old", help="git revision or path of the old capture.js")
    ap.add_argument("new", nargs="?", default=str(ROOT / JS),
                    help="git revision or path of the new one (default: the working tree's)")
    ap.add_argument("--runs", type=int, default=21)
    ap.add_argument("--pages", default=PAGES,
                    help=f"comma-separated pages under {DOCS} (default: {PAGES})")
    args = ap.parse_args(argv)
    pages = [p for p in args.pages.split(",") if p]
    missing = [p for p in pages if not (DOCS / p).is_file()]
    if missing:
        print(f"capture_ab: not found under {DOCS}: {', '.join(missing)} (Debian's "
              "python3.11-doc has them)", file=sys.stderr)
        return 2
    asyncio.run(_run(_script(args.old), _script(args.new), pages, max(1, args.runs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
