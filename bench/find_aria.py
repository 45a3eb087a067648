"""find over Playwright's AI snapshot (aria YAML) against find over domdex's own capture.

Usage:
  python bench/find_aria.py capture [--apps wordpress,datasette] [--no-pydocs]
  python bench/find_aria.py score [--apps …] [--verbose] [--flat]

Agents that already drive a browser through Playwright MCP hold the page as
``page.aria_snapshot(mode="ai")`` text, and domdex reads it (``domdex.load_snapshot``).
That text has no DOM behind it: no classes, ids, boxes, cursor or table structure beyond
roles. This bench measures what find loses on it, on the same corpus tasks as
``bench/find_corpus.py`` and on **the same page load**: ``capture`` opens every task's page
(apps through ``bench/apps/harness.py``, logged in; the Python docs as ``file://`` pages),
takes domdex's capture *and* the AI snapshot one after the other, and stores both with the
refs that stand for the task's expected element in each (``bench/out/aria/``). For the AI
snapshot those are resolved in the page through Playwright's own ``aria-ref=`` selector:
the ref whose element is the expected one, a wrapper around it that says little more (at
most twice its text plus 20 characters), or an element inside it with the same text.

``score`` is offline and prints, per app, top-1 / top-3 of: domdex find on its capture,
domdex find on the AI snapshot, and the element-finder seed scorer on the AI snapshot
(``bench/devset.py``). The tasks were written before any tuning (bench/apps/*/tasks.jsonl,
the devset and held-out sets); this is a benchmark, not a test.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
from collections import defaultdict
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "apps"))
sys.path.insert(0, str(HERE))
from expected import CHAIN_JS, expected_refs  # noqa: E402
from find_corpus import open_tasks, task_apps  # noqa: E402

OUT = HERE / "out" / "aria"
_REF = re.compile(r"\[ref=([^\]\s]+)\]")
#: Evaluated on an AI-snapshot ref's element with the expected element: does it stand for it?
_SAME_JS = """(e, x) => {
  const len = (n) => (n.textContent || '').trim().length;
  if (e === x) return true;
  if (e.contains(x)) return len(e) <= 2 * len(x) + 20;
  const text = (n) => (n.textContent || '').trim();
  return x.contains(e) && len(x) > 0 && text(e) === text(x);
}"""
#: The most refs checked one by one in the page for one task (each is a round trip).
_MAX_CHECKS = 1500


@dataclass(slots=True)
class AriaCase:
    id: str
    app: str
    query: str
    intent: str
    hard: bool
    file: str  # gzip JSON under OUT: {"yaml", "url", "title", "snapshot"}
    dom_refs: list[str] = field(default_factory=list)  # in domdex's capture
    aria_refs: list[str] = field(default_factory=list)  # in the AI snapshot


def _aria_refs(page: Any, yaml: str, expected: Any, needle: str, role: str) -> list[str]:
    """The AI snapshot's refs that stand for ``expected`` (an element handle): looked
    for first among the lines that hold its name, then its role, then all."""
    lines = yaml.splitlines()

    def refs(keep: Any) -> list[str]:
        return [m.group(1) for ln in lines if keep(ln.strip()) for m in [_REF.search(ln)] if m]

    pools = [refs(lambda ln: needle.casefold() in ln.casefold())] if needle else []
    if role:
        pools.append(refs(lambda ln: ln.startswith(f"- {role} ") or ln.startswith(f"- {role}[")))
    pools.append(refs(lambda ln: True))
    for pool in pools:
        got = []
        for r in pool[:_MAX_CHECKS]:
            try:
                if page.locator(f"aria-ref={r}").evaluate(_SAME_JS, expected, timeout=300):
                    got.append(r)
            except Exception:  # a ref the page no longer resolves
                continue
        if got:
            return got
    return []


def _store(domdex: Any, page: Any, tid: str, app: str, query: str, intent: str, hard: bool,
           expect: str) -> AriaCase | None:
    try:
        loc = page.locator(expect)
        if loc.count() != 1:
            print(f"SKIP {tid}: the expected selector does not match exactly one element")
            return None
        snap = domdex.attach(page).capture(incremental=False)
        ref, also = expected_refs(snap, loc.evaluate(CHAIN_JS))
        yaml = page.aria_snapshot(mode="ai")
        node = snap.get(ref) if ref else None
        needle = ((node.name or node.text or "") if node else "").strip()[:20]
        aria = _aria_refs(page, yaml, loc.element_handle(), needle, node.role if node else "")
    except Exception as exc:
        print(f"SKIP {tid}: {str(exc).splitlines()[0][:100]}")
        return None
    name = f"{tid}.json.gz"
    data = {"yaml": yaml, "url": page.url, "title": page.title(), "snapshot": snap.to_json()}
    (OUT / name).write_bytes(gzip.compress(json.dumps(data).encode()))
    dom = [ref, *also] if ref else []
    return AriaCase(tid, app, query, intent, hard, name, dom, aria)


def capture(args: argparse.Namespace) -> int:
    import domdex

    OUT.mkdir(parents=True, exist_ok=True)
    cases = [case for t in open_tasks(args)
             if (case := _store(domdex, t.page, t.id, t.app, t.query, t.intent, t.hard,
                                t.expect))]
    index = OUT / "cases.jsonl"
    stored = {}
    if index.exists():
        for line in index.read_text().splitlines():
            c = AriaCase(**json.loads(line))
            stored[c.id] = c
    redone = {c.app for c in cases} | task_apps(args)
    stored = {k: c for k, c in stored.items() if c.app not in redone}
    stored.update({c.id: c for c in cases})
    index.write_text("".join(json.dumps(asdict(c)) + "\n" for c in stored.values()))
    lost = sum(1 for c in cases if not c.aria_refs)
    print(f"{len(cases)} cases stored in {OUT} ({lost} whose element the AI snapshot has no "
          "ref for)")
    return 0


def same_target(yaml: str, snap: Any, refs: list[str]) -> set[str]:
    """The expected refs and the AI snapshot's elements that stand for the same thing:
    a wrapper up to three levels above that says little more (its text at most twice
    as long, plus 20 characters: a link around its ``code``, the paragraph an inline
    piece was folded into), or an element below with the same text. The in-page check
    of ``capture`` only saw the lines holding the element's name, and a link named by
    its content has no name on its line. Levels are read from the YAML's indentation,
    so an element the snapshot folded into its block still finds it."""
    lines = [(len(ln) - len(ln.lstrip()), m.group(1), ln) for ln in yaml.splitlines()
             for m in [_REF.search(ln)] if m]
    at = {ref: k for k, (_i, ref, _l) in enumerate(lines)}

    def text(ref: str, line: str) -> str:
        node = snap.get(ref)
        if node is not None:
            return (node.text or node.name or "").strip()
        return line.split("]: ", 1)[1].strip() if "]: " in line else ""

    out = set(refs)
    for ref in refs:
        if ref not in at:
            continue
        k = at[ref]
        indent, _r, line = lines[k]
        own = text(ref, line)
        for j in range(k - 1, -1, -1):  # the ancestors: less indented lines above
            if lines[j][0] >= indent:
                continue
            indent, above, above_line = lines[j]
            if len(text(above, above_line)) > 2 * len(own) + 20 or len(out) > len(refs) + 3:
                break
            out.add(above)
        base = lines[k][0]
        for j in range(k + 1, len(lines)):  # the descendants with the same text
            if lines[j][0] <= base:
                break
            if own and text(lines[j][1], lines[j][2]) == own:
                out.add(lines[j][1])
    return out


def flatten(yaml: str) -> str:
    """The AI snapshot as a flat list: every line with a ref at the top level, its
    inline text kept, nesting, text-only lines and properties (``/url``) dropped — the
    shape of a snapshot that lists elements without their structure."""
    out = []
    for line in yaml.splitlines():
        if not _REF.search(line):
            continue
        line = line.strip()
        out.append(line[:-1] if line.endswith(":") else line)
    return "\n".join(out) + "\n"


def score(args: argparse.Namespace) -> int:
    from devset import parse_ai_snapshot, seed_find_all
    from domdex import build_index, load_snapshot
    from domdex.search.api import find
    from domdex.snapshot import Snapshot

    wanted = set(args.apps.split(",")) if args.apps else None
    cases = [AriaCase(**json.loads(line))
             for line in (OUT / "cases.jsonl").read_text().splitlines()]
    cases = [c for c in cases if wanted is None or c.app in wanted]
    rows: dict[str, list[tuple[bool, ...]]] = defaultdict(list)
    for c in cases:
        data = json.loads(gzip.decompress((OUT / c.file).read_bytes()))
        intent = c.intent if c.intent in ("click", "fill", "select", "read", "navigate") \
            else None
        dom_idx = build_index(Snapshot.from_dict(json.loads(data["snapshot"])))
        dom = [m.ref for m in find(dom_idx, c.query, intent=intent).ranking.matches[:3]]
        yaml = flatten(data["yaml"]) if args.flat else data["yaml"]
        aria_snap = load_snapshot(yaml)
        aria_idx = build_index(aria_snap)
        right = same_target(data["yaml"], aria_snap, c.aria_refs)
        aria = [m.ref for m in find(aria_idx, c.query, intent=intent).ranking.matches[:3]]
        seed = [r.ref for _, r in seed_find_all(parse_ai_snapshot(yaml), c.query)[:3]]
        ok = [
            bool(dom) and dom[0] in c.dom_refs, any(r in c.dom_refs for r in dom),
            bool(aria) and aria[0] in right, any(r in right for r in aria),
            bool(seed) and seed[0] in right, any(r in right for r in seed),
        ]
        rows[c.app].append(tuple(ok))
        if args.verbose and ok[0] and not ok[2]:  # the capture answers, the AI snapshot not
            got = aria_idx.node(aria[0]) if aria else None
            print(f"{c.id} {c.query!r}: aria gave "
                  f"{(got.role + ' ' + repr(got.name)) if got else 'nothing'}, want "
                  f"{c.aria_refs}")
    print(f"{'app':16} {'tasks':>5}  {'domdex capture':>16}  {'domdex on AI snap':>18}  "
          f"{'seed on AI snap':>16}   (top-1 / top-3; no aria ref)")
    everything: list[tuple[bool, ...]] = []
    for app in sorted(rows):
        everything += rows[app]
        _line(app, rows[app], [c for c in cases if c.app == app])
    _line("ALL", everything, cases)
    return 0


def _line(app: str, rows: list[tuple[bool, ...]], cases: list[AriaCase]) -> None:
    n = len(rows) or 1

    def pct(i: int) -> str:
        return f"{100 * sum(r[i] for r in rows) / n:5.1f}%"

    lost = sum(1 for c in cases if not c.aria_refs)
    print(f"{app:16} {len(rows):5}  {pct(0)} / {pct(1)}  {pct(2)} / {pct(3)}   "
          f"{pct(4)} / {pct(5)}   {lost}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("capture")
    c.add_argument("--apps")
    c.add_argument("--no-pydocs", action="store_true")
    s = sub.add_parser("score")
    s.add_argument("--apps")
    s.add_argument("--verbose", action="store_true")
    s.add_argument("--flat", action="store_true",
                   help="read each AI snapshot flattened (bench/find_aria.py flatten)")
    args = ap.parse_args(argv)
    return capture(args) if args.cmd == "capture" else score(args)


if __name__ == "__main__":
    sys.exit(main())
