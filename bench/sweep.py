"""Fit a few of find's constants by a grid search, validated leave one app out.

Usage:
  python bench/sweep.py --grid "matcher.SEMANTIC=0,0.4,0.6,0.8" \\
                        --grid "matcher.SEMANTIC_MIN=0.5,0.6,0.7" [--jobs 2]

Every combination of the grid runs ``find_corpus.py score --hand --set …`` (the stored
corpus, offline) in its own process and keeps each task's top-1. Then, for each app in
turn, the combination with the most right answers on the *other* apps is chosen and
scored on the held-out app; the sum of those is the leave-one-app-out top-1, the only
number to quote for the chosen setting. The Python docs devset and its held-out sets
leave together (one site). Printed beside it: each combination's plain top-1, and the
combination the whole corpus picks (what to ship).
"""

from __future__ import annotations

import argparse
import itertools
import json
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent


def run(settings: tuple[str, ...], out: Path, extra: list[str]) -> dict[str, list]:
    cmd = [sys.executable, str(HERE / "find_corpus.py"), "score", "--hand", "--json", str(out),
           *extra]
    for s in settings:
        cmd += ["--set", s]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return dict(json.loads(out.read_text())["tasks"])


def site(app: str) -> str:
    return app.split("-")[0]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--grid", action="append", required=True,
                    help="module.NAME=v1,v2,… or module.DICT:key=v1,v2,… (repeat for more)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--extra", default="", help="more arguments for find_corpus.py score")
    args = ap.parse_args(argv)
    axes = []
    for g in args.grid:
        name, _, values = g.partition("=")
        axes.append([f"{name}={v}" for v in values.split(",")])
    combos = list(itertools.product(*axes))
    tmp = Path(tempfile.mkdtemp(prefix="sweep-"))
    with ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(
            lambda ic: run(ic[1], tmp / f"{ic[0]}.json", args.extra.split()),
            enumerate(combos)))
    apps = sorted({t[0] for t in results[0].values()})
    sites = sorted({site(a) for a in apps})

    def right(r: dict[str, list], keep: set[str]) -> int:
        return sum(bool(t[1]) for t in r.values() if site(t[0]) in keep)

    n = len(results[0])
    for combo, r in zip(combos, results, strict=True):
        print(f"{' '.join(combo):60} top-1 {100 * right(r, set(sites)) / n:5.1f}%")
    loao = 0
    for s in sites:
        others = set(sites) - {s}
        best = max(range(len(combos)), key=lambda i: right(results[i], others))
        got = right(results[best], {s})
        count = sum(1 for t in results[0].values() if site(t[0]) == s)
        loao += got
        print(f"  held out {s:12} chose {' '.join(combos[best]):50} "
              f"{100 * got / count:5.1f}% ({got}/{count})")
    whole = max(range(len(combos)), key=lambda i: right(results[i], set(sites)))
    print(f"LOAO top-1 {100 * loao / n:.1f}% ({loao}/{n}); chosen on all apps: "
          f"{' '.join(combos[whole])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
