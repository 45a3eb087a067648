"""find's matcher build, this tree's code against another revision's, alternated in one
process on the same saved capture (issue 12).

    git archive REV src | tar -x -C /tmp/base      # the code to compare with
    .venv/bin/python bench/build_ab.py --base /tmp/base/src \
        tests/fixtures/snapshots/pydocs-os.json.gz

On a loaded 2-core machine, timings taken in two runs differ more than the change being
measured; here each round builds a fresh index of the same snapshot and times
``SearchIndex.for_index`` with the old modules and with the new ones, in alternating
order, and prints medians of wall and CPU time (and of the look-alike groups, built
after). The old revision's ``search/descriptors.py``, ``search/embedder.py``,
``search/matcher.py`` and ``index/identity.py`` are loaded beside this tree's; the rest is
shared. A benchmark: it asserts nothing.
"""

from __future__ import annotations

import argparse
import gc
import gzip
import importlib.util
import statistics
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any


def _load(base: Path, rel: str, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, base / "domdex" / rel)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("snapshot", type=Path, help="a saved capture (.json or .json.gz)")
    ap.add_argument("--base", type=Path, required=True,
                    help="the other revision's src folder (it holds domdex/)")
    ap.add_argument("--rounds", type=int, default=10)
    args = ap.parse_args()

    from domdex import build_index, load_snapshot
    from domdex.index import identity as new_identity
    from domdex.search import matcher as new_matcher

    old_desc = _load(args.base, "search/descriptors.py", "domdex.search._base_descriptors")
    old_emb = _load(args.base, "search/embedder.py", "domdex.search._base_embedder")
    old_matcher = _load(args.base, "search/matcher.py", "domdex.search._base_matcher")
    old_matcher.build_descriptors = old_desc.build_descriptors
    old_matcher._EMBEDDER = old_emb.HashingEmbedder(dim=256)
    old_identity = _load(args.base, "index/identity.py", "domdex.index._base_identity")

    data = args.snapshot.read_bytes()
    snap = load_snapshot(gzip.decompress(data) if args.snapshot.suffix == ".gz" else data)
    impl: dict[str, tuple[Any, Any]] = {"base": (old_matcher, old_identity),
                                        "this": (new_matcher, new_identity)}
    runs: dict[str, list[tuple[float, float, float]]] = {"base": [], "this": []}
    for r in range(args.rounds + 1):  # round 0 warms both up and is not counted
        for k in ("base", "this") if r % 2 else ("this", "base"):
            matcher, identity = impl[k]
            idx = build_index(snap)
            gc.collect()
            wall, cpu = time.perf_counter(), time.process_time()
            matcher.SearchIndex.for_index(idx)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            groups = time.perf_counter()
            identity.look_alike_groups(idx)
            groups = time.perf_counter() - groups
            if r:
                runs[k].append((wall, cpu, groups))
            del idx
    for k, rows in runs.items():
        med = [1000 * statistics.median(x[i] for x in rows) for i in range(3)]
        print(f"{args.snapshot.name} {k:>4}: build wall {med[0]:7.1f} ms, cpu {med[1]:7.1f} ms; "
              f"look-alike groups {med[2]:6.1f} ms ({len(rows)} rounds)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
