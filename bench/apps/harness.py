"""Reaching the real applications of find's dev corpus, and checking their tasks.

Each app folder has an ``app.json`` (base URL, optional login form); each task file under
``bench/tasks/apps/`` has one task a line (see ``bench/apps/README.md``). This module is
what every corpus script shares: load apps and tasks, log in once per app (the storage
state is kept under ``bench/apps/.state``), open a task's page in the state it names,
and resolve its expected element.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

APPS_DIR = Path(__file__).resolve().parent
TASKS_DIR = APPS_DIR.parent / "tasks" / "apps"
STATE_DIR = APPS_DIR / ".state"
INTENTS = {"click", "fill", "select", "read", "navigate"}
FIELDS = {"id": str, "app": str, "url": str, "query": str, "intent": str, "expect": str,
          "hard": bool}
VIEWPORT = {"width": 1280, "height": 800}
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]


@dataclass(slots=True)
class App:
    name: str
    base_url: str
    login: dict[str, Any] | None = None

    @property
    def state_file(self) -> Path:
        return STATE_DIR / f"{self.name}.json"


@dataclass(slots=True)
class Task:
    id: str
    app: str
    url: str
    query: str
    intent: str
    expect: str
    hard: bool
    before: list[dict[str, Any]] = field(default_factory=list)
    note: str = ""


def load_apps() -> dict[str, App]:
    apps: dict[str, App] = {}
    for f in sorted(APPS_DIR.glob("*/app.json")):
        d = json.loads(f.read_text())
        apps[d["name"]] = App(d["name"], d["base_url"].rstrip("/"), d.get("login"))
    return apps


def task_problems(d: dict[str, Any], apps: dict[str, App]) -> list[str]:
    """Why a task line is malformed (empty when it is well formed)."""
    out = [f"field {k!r} missing or not {t.__name__}" for k, t in FIELDS.items()
           if not isinstance(d.get(k), t)]
    if d.get("intent") not in INTENTS:
        out.append(f"intent {d.get('intent')!r} is not one of {sorted(INTENTS)}")
    if d.get("app") not in apps:
        out.append(f"app {d.get('app')!r} has no bench/apps/<app>/app.json")
    if not str(d.get("url", "")).startswith("/"):
        out.append("url must be a path starting with /")
    return out


def load_tasks(paths: list[Path] | None = None) -> list[Task]:
    """Every task line (``ValueError`` naming the line when one is malformed)."""
    apps = load_apps()
    tasks: list[Task] = []
    for path in paths or sorted(TASKS_DIR.glob("*.jsonl")):
        for no, line in enumerate(path.read_text().splitlines(), 1):
            if not line.strip():
                continue
            d = json.loads(line)
            problems = task_problems(d, apps)
            if problems:
                raise ValueError(f"{path.name}:{no}: {'; '.join(problems)}")
            tasks.append(Task(d["id"], d["app"], d["url"], d["query"], d["intent"],
                              d["expect"], d["hard"], d.get("before") or [],
                              d.get("note", "")))
    return tasks


def launch(playwright: Any, executable_path: str = "/usr/bin/chromium") -> Any:
    return playwright.chromium.launch(executable_path=executable_path, headless=True,
                                      args=CHROMIUM_ARGS)


def login(browser: Any, app: App) -> str | None:
    """Log in once; the storage state file (or None for an app without a login)."""
    if not app.login:
        return None
    if app.state_file.exists():
        return str(app.state_file)
    STATE_DIR.mkdir(exist_ok=True)
    ctx = browser.new_context(viewport=VIEWPORT)
    page = ctx.new_page()
    page.goto(app.base_url + app.login["url"], wait_until="load", timeout=60_000)
    for sel, value in app.login.get("fill", []):
        page.fill(sel, value)
    with page.expect_navigation(wait_until="load", timeout=60_000):
        page.click(app.login["submit"])
    ctx.storage_state(path=str(app.state_file))
    ctx.close()
    return str(app.state_file)


def new_context(browser: Any, app: App) -> Any:
    return browser.new_context(viewport=VIEWPORT, storage_state=login(browser, app))


def open_task(ctx: Any, app: App, task: Task, timeout_ms: int = 60_000) -> Any:
    """A page of ``ctx`` showing the task's URL in the state its ``before`` steps make."""
    page = ctx.new_page()
    page.goto(app.base_url + task.url, wait_until="load", timeout=timeout_ms)
    # a page that polls never goes idle; load is enough then
    with contextlib.suppress(Exception):
        page.wait_for_load_state("networkidle", timeout=5_000)
    for step in task.before:
        if "click" in step:
            page.click(step["click"], timeout=10_000)
        elif "fill" in step:
            page.fill(step["fill"][0], step["fill"][1], timeout=10_000)
        elif "press" in step:
            page.keyboard.press(step["press"])
        elif "wait_for" in step:
            page.wait_for_selector(step["wait_for"], timeout=10_000)
        page.wait_for_timeout(300)
    return page


def expected_problem(page: Any, selector: str) -> str | None:
    """None when ``selector`` matches exactly one visible element, else why not."""
    loc = page.locator(selector)
    try:
        n = loc.count()
    except Exception as exc:  # malformed selector
        return f"bad selector: {str(exc).splitlines()[0]}"
    if n != 1:
        return f"matches {n} elements"
    with contextlib.suppress(Exception):
        loc.scroll_into_view_if_needed(timeout=3_000)
    if not loc.is_visible():
        return "not visible"
    return None
