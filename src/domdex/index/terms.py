"""The region term index (hybrid seed, Level 0): searchable terms per region.

Terms come from what an agent would search for: element names, placeholders,
headings and the region's own name. Each region keeps its terms ranked by how
distinctive they are across regions (tf-idf), so the few shown next to a region in
the region list are the ones that tell it apart; the inverted index maps every term
to the regions holding it, for routing queries.
"""

from __future__ import annotations

import heapq
import math
import re
from collections import Counter, defaultdict
from functools import lru_cache

from ..snapshot import Node
from ..words import OTHER_STOPWORDS, split_words
from .facts import Facts
from .regions import Region
from .tree import Tree

STOPWORDS = frozenset((
    "a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "has", "have", "in",
    "into", "is", "it", "its", "of", "on", "or", "that", "the", "their", "this", "to",
    "was", "were", "will", "with", "you", "your", "our", "we", "us", "not", "no", "yes",
    "all", "any", "can", "more", "most", "other", "some", "such", "than", "then", "there",
    "these", "they", "those", "via", "per", "also", "but", "if", "so", "do", "does", "did",
    "here", "click", "view", "see", "read",
))
_TOKEN = re.compile(r"[a-z][a-z0-9]+|\d{2,}")
#: How many ranked terms each region keeps (all terms stay in the inverted index).
MAX_RANKED = 40


#: A page's distinct texts, and a re-capture's repeats of them, up to 16,384: 65,536
#: kept 25 MB after a 128k-element page, process-wide, whatever page came next.
@lru_cache(maxsize=16384)
def _tokens(text: str) -> tuple[str, ...]:
    if text.isascii():
        return tuple(t for t in _TOKEN.findall(text.lower()) if t not in STOPWORDS)
    return tuple(t for t in split_words(text)
                 if len(t) >= 2 and (t[0].isalpha() or t.isdigit())
                 and t not in STOPWORDS and t not in OTHER_STOPWORDS)


def tokenize(text: str) -> list[str]:
    """Lower-case word tokens without stopwords (used by routing and find as well)."""
    return list(_tokens(text))


def _node_terms(n: Node, interactive: bool, heading: bool) -> tuple[tuple[str, ...], int]:
    if interactive:
        text = " ".join((n.name, n.attrs.get("placeholder", ""), n.value or ""))
        return _tokens(text[:200]), 2
    if heading:
        return _tokens((n.name or n.text)[:200]), 2
    if n.text:
        return _tokens(n.text[:120]), 1
    return (), 0


def build_terms(tree: Tree, facts: Facts, regions: list[Region], region_of: list[Region | None],
                by_id: dict[str, Region]) -> dict[str, list[str]]:
    """Fill ``region.terms`` (ranked) and return the inverted index term → region ids.

    Each node feeds only its deepest region; counts then flow up to the parents, so a
    node is tokenized once however deeply its regions nest.
    """
    freqs: dict[str, Counter[str]] = {r.id: Counter() for r in regions}
    for r in regions:
        for t in _tokens(r.name):
            freqs[r.id][t] += 3
    for i, n in enumerate(tree.nodes):
        region = region_of[i]
        if region is None or not n.visible:
            continue
        toks, weight = _node_terms(n, facts.interactive[i], facts.heading[i])
        if toks:
            c = freqs[region.id]
            for t in toks:
                c[t] += weight
    for r in sorted(regions, key=lambda r: -r.depth):
        if r.parent:
            freqs[by_id[r.parent.lower()].id].update(freqs[r.id])
    top = [r for r in regions if r.depth == 0] or regions
    df: Counter[str] = Counter()
    for r in top:
        df.update(freqs[r.id].keys())
    n_top = max(len(top), 1)
    index: dict[str, list[str]] = defaultdict(list)
    for r in regions:
        f = freqs[r.id]
        best = heapq.nsmallest(
            MAX_RANKED, f.items(),
            key=lambda kv: (-(1 + math.log(kv[1])) * math.log(1 + n_top / (1 + df[kv[0]])),
                            kv[0]),
        )
        r.terms = [t for t, _ in best]
        for t in f:
            index[t].append(r.id)
    return dict(index)
