"""Check the multilingual grounding tasks (issue 10) against their pages.

Serves ``tests/pages`` on 127.0.0.1 (a free port, ``http.server`` in a thread), opens
each task's page in headless Chromium at 1280x800 with Playwright alone (domdex's find
is never run), and checks that every task is well formed and that its ``expect``
selector matches exactly one element, which is visible. Prints one line per bad task
and a summary per language; exits 1 if any task is bad.

    .venv/bin/python bench/check_i18n.py [--tasks bench/tasks/i18n.jsonl]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

from domdex.chromium import LAUNCH_ARGS, find_chromium
from domdex.localsite import LocalSite

ROOT = Path(__file__).resolve().parent.parent
PAGES = ROOT / "tests" / "pages"
DEFAULT_TASKS = ROOT / "bench" / "tasks" / "i18n.jsonl"
LANGS = ("ru", "de", "fr", "es", "ar", "zh", "ja")
INTENTS = {"click", "fill", "select", "read", "navigate"}
FIELDS = {"id", "lang", "query_lang", "url", "query", "intent", "expect", "hard", "note"}
VIEWPORT = {"width": 1280, "height": 800}


def serve(directory: Path) -> tuple[LocalSite, str]:
    site = LocalSite(directory)
    return site, site.url


def check_fields(task: dict, seen: set[str]) -> list[str]:
    """Problems with a task's fields (not its selector)."""
    errs = []
    missing = FIELDS - task.keys()
    extra = task.keys() - FIELDS - {"_line"}
    if missing:
        errs.append(f"missing fields {sorted(missing)}")
    if extra:
        errs.append(f"unknown fields {sorted(extra)}")
    tid, lang = task.get("id"), task.get("lang")
    if not isinstance(tid, str) or not tid:
        errs.append("id is not a non-empty string")
    elif tid in seen:
        errs.append("duplicate id")
    else:
        seen.add(tid)
    if lang not in LANGS:
        errs.append(f"lang {lang!r} not one of {LANGS}")
    elif isinstance(tid, str) and not tid.startswith(f"{lang}-"):
        errs.append(f"id does not start with '{lang}-'")
    if task.get("query_lang") not in (lang, "en"):
        errs.append("query_lang must be the page's lang or 'en'")
    url = task.get("url")
    if not isinstance(url, str) or not url.startswith(f"/i18n/{lang}/"):
        errs.append(f"url must start with /i18n/{lang}/")
    elif not (PAGES / url.lstrip("/")).is_file():
        errs.append(f"page {url} does not exist")
    for key in ("query", "expect", "note"):
        if not isinstance(task.get(key), str) or not task.get(key, "").strip():
            errs.append(f"{key} is empty or not a string")
    if task.get("intent") not in INTENTS:
        errs.append(f"intent {task.get('intent')!r} not one of {sorted(INTENTS)}")
    if not isinstance(task.get("hard"), bool):
        errs.append("hard is not true/false")
    return errs


def check_selector(page, expect: str) -> list[str]:
    try:
        loc = page.locator(expect)
        n = loc.count()
        if n != 1:
            visible = sum(1 for i in range(n) if loc.nth(i).is_visible())
            return [f"expect matches {n} elements ({visible} visible), want exactly 1"]
        if not loc.first.is_visible():
            return ["expect matches one element but it is not visible"]
    except PlaywrightError as exc:
        return [f"bad selector: {str(exc).splitlines()[0]}"]
    return []


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tasks", type=Path, default=DEFAULT_TASKS)
    args = ap.parse_args(argv)

    tasks: list[dict] = []
    bad: list[tuple[str, str, str]] = []  # (lang, id, message)
    for lineno, line in enumerate(args.tasks.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            task = json.loads(line)
        except json.JSONDecodeError as exc:
            bad.append(("?", f"line {lineno}", f"not JSON: {exc}"))
            continue
        if not isinstance(task, dict):
            bad.append(("?", f"line {lineno}", "not a JSON object"))
            continue
        task["_line"] = lineno
        tasks.append(task)

    seen: set[str] = set()
    queries: Counter[tuple[str, str]] = Counter(
        (str(t.get("url")), str(t.get("query")).strip().casefold()) for t in tasks
    )
    for t in tasks:
        for e in check_fields(t, seen):
            bad.append((str(t.get("lang")), str(t.get("id", f"line {t['_line']}")), e))
        if queries[(str(t.get("url")), str(t.get("query")).strip().casefold())] > 1:
            bad.append((str(t.get("lang")), str(t.get("id")), "same query twice on one page"))

    server, base = serve(PAGES)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=find_chromium(), args=LAUNCH_ARGS)
            page = browser.new_page(viewport=VIEWPORT)
            by_url: dict[str, list[dict]] = defaultdict(list)
            for t in tasks:
                if isinstance(t.get("url"), str) and isinstance(t.get("expect"), str):
                    by_url[t["url"]].append(t)
            for url, group in sorted(by_url.items()):
                resp = page.goto(base + url)
                if resp is None or not resp.ok:
                    for t in group:
                        bad.append((t["lang"], t["id"], f"page {url} did not load"))
                    continue
                html_lang = page.evaluate("document.documentElement.lang")
                if not str(html_lang).startswith(group[0]["lang"]):
                    for t in group:
                        bad.append((t["lang"], t["id"], f"page has lang={html_lang!r}"))
                for t in group:
                    for e in check_selector(page, t["expect"]):
                        bad.append((t["lang"], t["id"], e))
            browser.close()
    finally:
        server.close()

    for lang, tid, msg in bad:
        print(f"BAD {tid} [{lang}]: {msg}")
    bad_ids = {(lang, tid) for lang, tid, _ in bad}
    print(f"\n{'lang':<5} {'tasks':>5} {'hard':>5} {'en':>4} {'bad':>4}")
    total = Counter()
    for lang in LANGS:
        mine = [t for t in tasks if t.get("lang") == lang]
        row = Counter(
            tasks=len(mine),
            hard=sum(1 for t in mine if t.get("hard") is True),
            en=sum(1 for t in mine if t.get("query_lang") == "en"),
            bad=len({tid for lg, tid in bad_ids if lg == lang}),
        )
        total.update(row)
        print(f"{lang:<5} {row['tasks']:>5} {row['hard']:>5} {row['en']:>4} {row['bad']:>4}")
    print(f"{'all':<5} {total['tasks']:>5} {total['hard']:>5} {total['en']:>4} {len(bad_ids):>4}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
