"""What the click-point check costs each click (``session/clickpoint.js``).

Before every click, check and uncheck, the session asks the page whether the middle of
the element is a control nested in it, and where else to click if it is; that call arms
a guard against a control coming under the pointer, read back after the click (a second
call). This times ``Session.click(ref)`` on three elements, with the check and with it
switched off (the click Playwright makes alone), alternated in one run, median of
``--runs``:

- a plain button (the usual case: the answer is "click the middle");
- an open folder of a file tree whose middle is one of its files (a point on its own
  label is looked for);
- a table row whose every cell holds a link (its free padding is searched).

Run: ``.venv/bin/python bench/click_cost.py [--runs 30]``. A benchmark, not a test: nothing
asserts on time; the 2-core machine is shared, so compare the two columns of one run.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import domdex
from domdex.session import actions

PAGE = """<!doctype html><html lang="en"><head><style>
#tree li { cursor: pointer } td { padding: 4px 30px }</style></head><body><main>
<h1>Clicks</h1><button id="plain" onclick="window.n = (window.n || 0) + 1">Count</button>
<ul id="tree"><li id="folder">Olin<ul><li>Ignacio</li><li>Kenda</li><li>Boris</li></ul></li></ul>
<table><tr id="row" onclick="window.n = (window.n || 0) + 1"><td><a href="#a">A</a></td>
<td><a href="#b">B</a></td><td><a href="#c">C</a></td></tr></table>
<script>for (const li of document.querySelectorAll("#tree li"))
  li.addEventListener("click", (e) => e.stopPropagation());</script>
</main></body></html>"""


async def _plain_click(locator: Any, timeout_ms: float, ref: str, action: str) -> None:
    await locator.click(timeout=timeout_ms)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=30)
    args = ap.parse_args()
    checked = actions._click
    with domdex.launch() as browser:
        page = browser.new_page()
        page.playwright_page.set_content(PAGE)
        idx = page.index()
        refs = {key: next(n.ref for n in idx.nodes if n.attrs.get("id") == key)
                for key in ("plain", "folder", "row")}
        print(f"{'element':10} {'with check':>12} {'without':>10}   (ms per click, median "
              f"of {args.runs})")
        for key, ref in refs.items():
            times: dict[bool, list[float]] = {True: [], False: []}
            for i in range(2 * args.runs + 2):
                on = i % 2 == 0
                actions._click = checked if on else _plain_click  # type: ignore[assignment]
                start = time.perf_counter()
                page.click(ref)
                if i >= 2:  # one warm-up of each
                    times[on].append((time.perf_counter() - start) * 1000)
            actions._click = checked  # type: ignore[assignment]
            print(f"{key:10} {statistics.median(times[True]):12.1f} "
                  f"{statistics.median(times[False]):10.1f}")


if __name__ == "__main__":
    main()
