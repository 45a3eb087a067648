"""Role and name agreement with Chromium on the corpus applications' pages.

``python -m domdex.capture.agreement`` compares capture with Chromium's aria snapshot on
the Python docs and the test pages; those pages do not hold what real applications do
(icon links named by a title inside them, sortable headers, widgets of scripts). This
bench opens every distinct page state of the corpus tasks (``bench/tasks/apps/``: a URL
and its ``before`` steps), logged in as the harness does, and runs the same comparison
there, so a naming gap that find then pays for shows up as a miss with the element's
expected name beside ours.

    python bench/agreement_apps.py [--apps wordpress,djadmin] [--misses 10]

The apps must be running (``bench/apps/start.sh``). Prints each app's agreement, its
first misses, and the total.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent / "apps"))

from harness import (
    TASKS_DIR,
    VIEWPORT,
    App,
    Task,
    launch,
    load_apps,
    load_tasks,
    login,
)

from domdex.capture.agreement import compare_page
from domdex.chromium import LAUNCH_ARGS, find_chromium


def _states(tasks: list[Task]) -> list[Task]:
    """One task per distinct page state (URL and steps to reach it)."""
    seen: dict[tuple[str, str], Task] = {}
    for t in tasks:
        seen.setdefault((t.url, repr(t.before)), t)
    return list(seen.values())


async def _open(ctx: Any, app: App, task: Task) -> Any:
    page = await ctx.new_page()
    await page.goto(app.base_url + task.url, wait_until="load", timeout=60_000)
    with contextlib.suppress(Exception):
        await page.wait_for_load_state("networkidle", timeout=5_000)
    for step in task.before:
        if "click" in step:
            await page.click(step["click"], timeout=10_000)
        elif "fill" in step:
            await page.fill(step["fill"][0], step["fill"][1], timeout=10_000)
        elif "press" in step:
            await page.keyboard.press(step["press"])
        elif "wait_for" in step:
            await page.wait_for_selector(step["wait_for"], timeout=10_000)
        await page.wait_for_timeout(300)
    return page


async def _run(apps: dict[str, App], tasks: list[Task], misses: int) -> tuple[int, int]:
    from playwright.async_api import async_playwright

    total = agree = 0
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=find_chromium(), args=LAUNCH_ARGS)
        for name in sorted({t.app for t in tasks}):
            app = apps[name]
            state = str(app.state_file) if app.login else None
            ctx = await browser.new_context(viewport=VIEWPORT, storage_state=state)
            a_total = a_agree = 0
            shown: list[str] = []
            for task in _states([t for t in tasks if t.app == name]):
                try:
                    page = await _open(ctx, app, task)
                    res = await compare_page(page)
                    await page.close()
                except Exception as e:  # a page that does not open is reported, not fatal
                    print(f"  {task.id}: not compared ({type(e).__name__}: {e})"[:160])
                    continue
                a_total += res.total
                a_agree += res.agree
                for m in res.misses:
                    line = (f"    {task.id} aria {m[1]} {m[2][:50]!r} | ours {m[3]} "
                            f"{m[4][:50]!r}")
                    if line.split(" ", 5)[-1] not in {s.split(" ", 5)[-1] for s in shown}:
                        shown.append(line)
            await ctx.close()
            print(f"{name:>12} {a_agree / max(a_total, 1):7.2%}  {a_agree}/{a_total}")
            for line in shown[:misses]:
                print(line)
            total += a_total
            agree += a_agree
        await browser.close()
    return agree, total


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--apps", help="comma-separated app names (default: all)")
    ap.add_argument("--misses", type=int, default=10, help="distinct misses shown per app")
    args = ap.parse_args()
    apps = load_apps()
    wanted = args.apps.split(",") if args.apps else sorted(apps)
    unknown = [a for a in wanted if a not in apps]
    if unknown:
        ap.error(f"no such app: {', '.join(unknown)} (known: {', '.join(sorted(apps))})")
    tasks = load_tasks([p for a in wanted if (p := TASKS_DIR / f"{a}.jsonl").exists()])
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:  # the harness logs in (once; the state is kept)
        browser = launch(pw)
        for name in {t.app for t in tasks}:
            login(browser, apps[name])
        browser.close()
    agree, total = asyncio.run(_run(apps, tasks, args.misses))
    print(f"{'all':>12} {agree / max(total, 1):7.2%}  {agree}/{total}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
