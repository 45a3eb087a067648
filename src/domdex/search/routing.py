"""Smart routing (hybrid seed, Pattern 4): which regions a request is probably about.

The index keeps an inverted index term → regions. A request whose words all sit in
one region (and nowhere else) routes there with high confidence; words spread over
several regions give medium confidence; words found nowhere give none, and find
searches everywhere with region context. When nothing on the page matches, the same
index with fuzzy term matching ("checkout" ≈ "check", "cart" ∈ checkout synonyms…)
names the region the agent probably means.
"""

from __future__ import annotations

import difflib
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .lexical import SYNONYMS, Query, stem

__all__ = ["Route", "fuzzy_regions", "route"]


@dataclass(slots=True)
class Route:
    """Regions proposed for a request and how sure the proposal is (0 … 1)."""

    regions: list[str] = field(default_factory=list)
    confidence: float = 0.0
    terms: dict[str, list[str]] = field(default_factory=dict)  # region id -> matched terms

    @property
    def strategy(self) -> str:
        """The seed's three strategies: direct region, scoped search, or everywhere."""
        if self.confidence > 0.8 and len(self.regions) == 1:
            return "region"
        if self.confidence > 0.5:
            return "scoped"
        return "page"

    def to_dict(self) -> dict[str, Any]:
        return {"regions": self.regions, "confidence": round(self.confidence, 2),
                "strategy": self.strategy}


def _term_index(idx: Any) -> dict[str, list[str]]:
    return getattr(idx, "term_index", None) or {}


def _deepest(idx: Any, rids: list[str]) -> list[str]:
    """Drop regions whose sub-region is also listed: the sub-region is more precise."""
    keep = set(rids)
    for rid in rids:
        parent = idx.region(rid).parent
        while parent:
            keep.discard(parent)
            parent = idx.region(parent).parent
    return [r for r in rids if r in keep]


def route(idx: Any, q: Query) -> Route | None:
    """Regions holding the request's words, most specific first, with a confidence."""
    index = _term_index(idx)
    terms = [t for t in q.terms if len(t) > 1 and t.isalnum()]
    if not index or not terms:
        return None
    hits: Counter[str] = Counter()
    matched: dict[str, list[str]] = {}
    found = 0
    for t in terms:
        rids = index.get(t) or index.get(stem(t)) or []
        if rids:
            found += 1
        for rid in rids:
            hits[rid] += 1
            matched.setdefault(rid, []).append(t)
    if not hits:
        return Route([], 0.0)
    best = max(hits.values())
    top = _deepest(idx, [rid for rid, c in hits.items() if c == best])
    coverage = best / len(terms)
    confidence = coverage if len(top) == 1 else coverage * 0.7
    return Route(top, confidence, {r: matched[r] for r in top})


#: Words that are not synonyms but point at the same part of a page (fuzzy routing only).
RELATED: dict[str, tuple[str, ...]] = {
    "checkout": ("cart", "basket", "bag", "payment", "order", "subtotal", "proceed"),
    "pay": ("payment", "checkout", "card", "billing"),
    "signin": ("account", "login", "password", "username"),
    "signup": ("account", "register", "join"),
    "contact": ("email", "message", "phone", "support"),
    "shipping": ("delivery", "address", "postage"),
    "price": ("cost", "total", "subtotal", "amount"),
    "review": ("rating", "stars", "comment"),
}


def _similar_terms(term: str, vocab: list[str]) -> list[str]:
    out = {term}
    st = stem(term)
    out |= SYNONYMS.get(term, frozenset()) | SYNONYMS.get(st, frozenset())
    out |= set(RELATED.get(term, ())) | set(RELATED.get(st, ()))
    for v in vocab:
        close = len(term) >= 4 and len(v) >= 4 and (v.startswith(term[:4]) or term.startswith(v))
        if close or stem(v) == st:
            out.add(v)
    out |= set(difflib.get_close_matches(term, vocab, n=3, cutoff=0.75))
    return sorted(out)


def fuzzy_regions(idx: Any, q: Query, limit: int = 2) -> list[tuple[str, list[str]]]:
    """Regions whose terms fit the request loosely: ``[(region id, terms that fit)]``."""
    index = _term_index(idx)
    if not index:
        return []
    vocab = list(index)
    score: Counter[str] = Counter()
    fits: dict[str, list[str]] = {}
    for t in q.terms:
        if len(t) < 3:
            continue
        for v in _similar_terms(t, vocab):
            for rid in index.get(v, ()):
                score[rid] += 1
                fits.setdefault(rid, [])
                if v not in fits[rid]:
                    fits[rid].append(v)
    if not score:
        return []
    best = max(score.values())
    top = _deepest(idx, [rid for rid, c in score.most_common() if c == best])
    return [(rid, fits[rid][:3]) for rid in top[:limit]]
