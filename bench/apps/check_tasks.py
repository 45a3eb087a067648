"""Check the real-app tasks: well formed, unique ids, and one visible expected element.

Usage: ``python bench/apps/check_tasks.py [APP …]`` (the apps must be running:
``bench/apps/start.sh``). Prints a line per task and a summary; exits 1 when any task
is bad. It never runs find: checking a task says nothing about how find does on it.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import (
    TASKS_DIR,
    expected_problem,
    launch,
    load_apps,
    load_tasks,
    new_context,
    open_task,
)


def main(argv: list[str]) -> int:
    from playwright.sync_api import sync_playwright

    wanted = set(argv)
    paths = [p for p in sorted(TASKS_DIR.glob("*.jsonl")) if not wanted or p.stem in wanted]
    tasks = load_tasks(paths)
    apps = load_apps()
    dup = [k for k, n in Counter(t.id for t in tasks).items() if n > 1]
    bad = len(dup)
    for k in dup:
        print(f"BAD  {k}: id used more than once")
    with sync_playwright() as pw:
        browser = launch(pw)
        contexts = {}
        for t in tasks:
            app = apps[t.app]
            if t.app not in contexts:
                contexts[t.app] = new_context(browser, app)
            try:
                page = open_task(contexts[t.app], app, t)
            except Exception as exc:
                bad += 1
                print(f"BAD  {t.id:10} {t.url}: cannot open: {str(exc).splitlines()[0]}")
                continue
            why = expected_problem(page, t.expect)
            page.close()
            if why:
                bad += 1
            print(f"{'BAD ' if why else 'OK  '} {t.id:10} {t.url[:40]:40} {why or 'visible'}")
        browser.close()
    hard = sum(t.hard for t in tasks)
    per_app = Counter(t.app for t in tasks)
    print(f"{len(tasks)} tasks: {len(tasks) - bad} OK, {bad} BAD | hard {hard} "
          f"({100 * hard / max(1, len(tasks)):.0f}%) | "
          + ", ".join(f"{a} {n}" for a, n in sorted(per_app.items())))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
