"""Fuzz the snapshot parsers, grep and find for N seconds and count how each input ended.

    .venv/bin/python bench/fuzz.py [--seconds 30 | --count 5000] [--seed 13] [--show 3]
                                   [--json OUT]

Inputs come from ``tests/fuzzing.py``: the suite's fixtures with one thing broken (a field
of the wrong type, an odd ``[level=213]``, a cut, deep nesting …) in domdex JSON, aria
YAML and accessibility-tree dicts, plus odd find queries and grep patterns. Each runs
through load_snapshot → index → overview / regions / expand → find / grep. An outcome is
``ok``, a DomdexError subclass (a clear refusal), or any other exception type: a crash.
Prints inputs tried, outcomes by type per input kind, and the first input of each crash.
``--count`` runs a fixed number of inputs instead: the same inputs for a given seed,
whatever the machine's load, so two versions of domdex can be compared input for input.
The exit status is 1 when anything crashed. Not a test: nothing asserts on time.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.setrecursionlimit(1000)  # the interpreter's default, whatever a caller set

from tests.fuzzing import Tally, inputs, outcome_of  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--count", type=int, default=None,
                    help="run exactly this many inputs (overrides --seconds)")
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--show", type=int, default=3, help="crash samples printed per type")
    ap.add_argument("--json", type=Path, help="write the tallies here too")
    args = ap.parse_args()

    tally = Tally()
    by_kind: dict[str, Counter[str]] = {}
    samples: dict[str, list[str]] = {}
    slowest = (0.0, "")
    start = time.perf_counter()
    for kind, call, text in inputs(args.seed, args.count):
        if args.count is None and time.perf_counter() - start > args.seconds:
            break
        t0 = time.perf_counter()
        outcome, crashed = outcome_of(call)
        took = time.perf_counter() - t0
        slowest = max(slowest, (took, f"{kind} {text[:80]}"))
        tally.add(outcome, crashed, text)
        by_kind.setdefault(kind, Counter())[outcome] += 1
        if crashed and len(samples.setdefault(outcome, [])) < args.show:
            samples[outcome].append(f"[{kind}] {text}")
    elapsed = time.perf_counter() - start

    print(f"{tally.tried:,} inputs in {elapsed:.0f} s (seed {args.seed}); "
          f"{tally.crashed:,} ended in something other than a result or a DomdexError")
    for kind in sorted(by_kind):
        counts = ", ".join(f"{k} {v:,}" for k, v in by_kind[kind].most_common())
        print(f"  {kind:5} {sum(by_kind[kind].values()):>6,}: {counts}")
    print("crashes by type:", ", ".join(f"{k} {tally.outcomes[k]:,}" for k in tally.crashes)
          or "none")
    for outcome, texts in samples.items():
        for text in texts:
            print(f"  {outcome}: {text}")
    print(f"slowest input: {slowest[0]:.2f} s ({slowest[1]})")
    if args.json:
        args.json.write_text(json.dumps({
            "seed": args.seed, "seconds": round(elapsed, 1), "tried": tally.tried,
            "outcomes": dict(tally.outcomes), "crashes": list(tally.crashes),
            "by_kind": {k: dict(v) for k, v in by_kind.items()},
        }, indent=2))
    return 1 if tally.crashed else 0


if __name__ == "__main__":
    sys.exit(main())
