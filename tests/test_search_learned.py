"""The learned ranking's plumbing: features, the fitted model's arithmetic, the outside
option, and find with and without the shipped weights (no browser)."""

from __future__ import annotations

import numpy as np

from domdex.index import build_index
from domdex.search.learned import FEATURES, Ranker, load_ranker
from domdex.search.ranking import find_matches

from .test_search_find import shop


def test_features_cover_the_shortlist() -> None:
    idx = build_index(shop())
    trace: dict = {}
    find_matches(idx, 'the "Add to Cart" button', intent="click", learned=False, trace=trace)
    X = trace["X"]
    assert X.shape == (len(trace["ks"]), len(FEATURES))
    assert np.isfinite(X).all()
    col = FEATURES.index("quoted_exact")
    assert X[:, col].sum() >= 1  # the element named exactly as quoted


def test_ranker_round_trip_and_outside_option() -> None:
    rng = np.random.default_rng(3)
    w = rng.normal(size=len(FEATURES))
    r = Ranker(w, np.zeros(len(FEATURES)), np.ones(len(FEATURES)), {"l2": 0.01}, none=-2.0)
    X = rng.normal(size=(6, len(FEATURES)))
    p = r.probabilities(X)
    assert p.sum() < 1.0 and (p > 0).all()  # the outside option keeps a share
    again = Ranker.from_dict(r.to_dict())
    assert np.allclose(again.probabilities(X), p)
    doubtful = Ranker(w, np.zeros(len(FEATURES)), np.ones(len(FEATURES)), {}, none=50.0)
    assert doubtful.probabilities(X).max() < 1e-6  # "none of these" wins


def test_find_scores_are_probabilities_with_the_shipped_model() -> None:
    idx = build_index(shop())
    ranking = find_matches(idx, "add to cart button", intent="click")
    scores = [m.score for m in ranking.matches]
    assert scores == sorted(scores, reverse=True)
    assert all(0.0 <= s <= 1.0 for s in scores)
    if load_ranker() is not None:
        assert sum(scores) <= 1.0 + 1e-6  # shares of one belief, not separate scores
    hand = find_matches(idx, "add to cart button", intent="click", learned=False)
    assert hand.matches[0].ref == ranking.matches[0].ref
