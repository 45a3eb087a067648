"""The region term index (hybrid seed, Level 0): searchable terms per region.

Terms come from what an agent would search for: element names, placeholders,
headings and the region's own name. Each region keeps its terms ranked by how
distinctive they are across regions (tf-idf), so the few shown next to a region in
the region list are the ones that tell it apart; the inverted index maps every term
to the regions holding it, for routing queries.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict

from . import roles
from .regions import Region
from .tree import Tree

STOPWORDS = frozenset(
    ["a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "has", "have", "in", "into", "is", "it", "its", "of", "on", "or", "that", "the", "their", "this", "to", "was", "were", "will", "with", "you", "your", "our", "we", "us", "not", "no", "yes", "all", "any", "can", "more", "most", "other", "some", "such", "than", "then", "there", "these", "they", "those", "via", "per", "also", "but", "if", "so", "do", "does", "did", "here", "click", "view", "see", "read"]
)
_TOKEN = re.compile(r"[a-z][a-z0-9]+|\d{2,}")


def tokenize(text: str) -> list[str]:
    """Lower-case word tokens without stopwords (used by routing and find as well)."""
    return [t for t in _TOKEN.findall(text.lower()) if t not in STOPWORDS and len(t) > 1]


def region_texts(tree: Tree, region: Region) -> Counter[str]:
    """Term frequencies of one region, interactive names and headings weighted up."""
    c: Counter[str] = Counter()
    for t in tokenize(region.name):
        c[t] += 3
    for i in range(region.start, region.stop):
        n = tree.nodes[i]
        if not n.visible:
            continue
        if roles.is_interactive(n):
            text = " ".join((n.name, n.attrs.get("placeholder", ""), n.value or ""))
            weight = 2
        elif roles.is_heading(n):
            text, weight = n.name or n.text, 2
        elif n.text:
            text, weight = n.text[:120], 1
        else:
            continue
        for t in tokenize(text):
            c[t] += weight
    return c


def build_terms(tree: Tree, regions: list[Region]) -> dict[str, list[str]]:
    """Fill ``region.terms`` (ranked) and return the inverted index term → region ids."""
    freqs = {r.id: region_texts(tree, r) for r in regions}
    top = [r for r in regions if r.depth == 0] or regions
    df: Counter[str] = Counter()
    for r in top:
        df.update(freqs[r.id].keys())
    n_top = max(len(top), 1)
    index: dict[str, list[str]] = defaultdict(list)
    for r in regions:
        f = freqs[r.id]
        scored = sorted(
            f.items(),
            key=lambda kv: (-(1 + math.log(kv[1])) * math.log(1 + n_top / (1 + df[kv[0]])),
                            kv[0]),
        )
        r.terms = [t for t, _ in scored]
        for t in f:
            index[t].append(r.id)
    return dict(index)
