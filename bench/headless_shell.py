"""Chromium against its headless shell, the browser domdex launches headless.

Debian ships both: ``chromium`` (the browser; headless, it runs the whole browser
without windows) and ``chromium-headless-shell`` (the engine without the browser around
it, what Playwright itself launches headless). ``domdex.chromium.find_chromium`` prefers
the shell when it is installed; this measures why, side by side in one run, the two
browsers alternated round by round:

- ``new tab``: a tab opened (``browser.new_page``), and ``close`` it closed;
- ``open``: the tab navigated to a page served on 127.0.0.1 (``--page``, by default the
  Python docs' ``library/os.html``, 16,000 elements) until its load event;
- ``index``: its first capture and index (``page.index()``);
- ``act``: on a small page set into a fresh tab, a click by words (``page.click(query=)``:
  capture, find, the acting checks, the click, the page settling);
- ``cpu``: processor seconds the whole machine spent per round (``/proc/stat``; run it on
  an idle machine: whatever else runs is counted too).

Run: ``.venv/bin/python bench/headless_shell.py [--rounds 8] [--json OUT]``. A benchmark,
not a test: nothing asserts on time.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from pathlib import Path
from typing import Any

import domdex
from domdex.chromium import HEADLESS_SHELLS
from domdex.localsite import LocalSite

PYDOCS = Path("/usr/share/doc/python3.11/html")
SMALL = ("<script>window.log = []</script><main><h1>Settings</h1>"
         "<button onclick=\"log.push('wifi')\">Turn off Wi-Fi</button>"
         "<button onclick=\"log.push('forget')\">Forget network</button></main>")
STEPS = ("new tab", "open", "index", "act", "close", "cpu")


def _busy_seconds() -> float:
    """Processor seconds spent by the whole machine so far (all but idle and iowait)."""
    with open("/proc/stat", encoding="ascii") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    busy = sum(fields) - fields[3] - fields[4]
    return busy / os.sysconf("SC_CLK_TCK")


def _round(browser: Any, url: str) -> dict[str, float]:
    """One round in ``browser``: each step's seconds, and the machine's CPU seconds."""
    out: dict[str, float] = {}
    cpu = _busy_seconds()
    t = time.perf_counter()
    page = browser.new_page()
    out["new tab"] = time.perf_counter() - t
    t = time.perf_counter()
    page.goto(url)
    out["open"] = time.perf_counter() - t
    t = time.perf_counter()
    page.index()
    out["index"] = time.perf_counter() - t
    page.close()
    small = browser.new_page()
    small.playwright_page.set_content(SMALL)
    t = time.perf_counter()
    small.click(query="forget the network")
    out["act"] = time.perf_counter() - t
    assert small.playwright_page.evaluate("window.log") == ["forget"]
    t = time.perf_counter()
    small.close()
    out["close"] = time.perf_counter() - t
    out["cpu"] = _busy_seconds() - cpu
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=8)
    ap.add_argument("--page", default=str(PYDOCS / "library" / "os.html"),
                    help="a page file, served on 127.0.0.1 from its folder (from the "
                         "docs' root for a page of the Python docs)")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    ap.add_argument("--shell", default=next((p for p in HEADLESS_SHELLS if Path(p).exists()),
                                            None))
    ap.add_argument("--json", help="write the medians here")
    args = ap.parse_args()
    if not args.shell:
        raise SystemExit("No headless shell: apt-get install chromium-headless-shell.")
    page = Path(args.page)
    browsers = {"chromium": args.chromium, "headless shell": args.shell}
    times: dict[str, dict[str, list[float]]] = {k: {s: [] for s in STEPS} for k in browsers}
    root = PYDOCS if PYDOCS in page.resolve().parents else page.parent
    with LocalSite(root) as site:
        url = f"{site.url}/{page.resolve().relative_to(root).as_posix()}"
        opened = {k: domdex.launch(executable_path=exe) for k, exe in browsers.items()}
        try:
            for browser in opened.values():  # a first round each, not counted
                _round(browser, url)
            for _ in range(args.rounds):
                for name, browser in opened.items():
                    for step, seconds in _round(browser, url).items():
                        times[name][step].append(seconds)
        finally:
            for browser in opened.values():
                browser.close()
    medians = {k: {s: statistics.median(v) for s, v in steps.items()}
               for k, steps in times.items()}
    print(f"{'median of ' + str(args.rounds):18}" + "".join(f"{s:>10}" for s in STEPS))
    for name, row in medians.items():
        print(f"{name:18}" + "".join(
            f"{row[s]:>9.2f}s" if s == "cpu" else f"{row[s] * 1000:>8.0f}ms" for s in STEPS))
    print(f"page: {url} · chromium {args.chromium} · shell {args.shell}")
    if args.json:
        Path(args.json).write_text(json.dumps({"rounds": args.rounds, "page": url,
                                               "medians": medians}, indent=1))


if __name__ == "__main__":
    main()
