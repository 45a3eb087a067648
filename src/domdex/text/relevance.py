"""Which sections answer a query: lexical (BM25) and semantic (embeddings) together.

Pure and offline. BM25 rewards the query's exact words, weighted by how rare they are
on the page; the hashing embedder rewards near-forms and shared fragments ("install"
/ "installation", "pricing" / "prices") that BM25 misses. Each signal is scaled to
[0, 1] by its best section on the page and the two are mixed, so a score says how
good a section is relative to the page's best answer. Headings count twice: a
section titled "Pricing" is about pricing even when its body says "plans".
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Protocol

import numpy as np

from ..errors import QueryError
from ..words import OTHER_STOPWORDS, script_stem, split_words
from .sections import BOILERPLATE, Section

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
STOPWORDS = frozenset(
    """
    a an and are as at be but by can do does for from has have how i if in into is
    it its of on or our s so such than that the their them then there these they
    this to was we were what when where which who why will with you your
    """.split()  # noqa: SIM905
)

#: Weights of the lexical and semantic signals in the final score.
LEXICAL_WEIGHT = 0.6
SEMANTIC_WEIGHT = 0.4
#: Boilerplate sections (menus, footers) rank below main content with the same words.
BOILERPLATE_FACTOR = 0.7
#: Characters of a section given to the embedder: its opening says what it is about.
EMBED_CHARS = 2000


def stem(word: str) -> str:
    """A light suffix stripper: enough to match "installs"/"installing"/"installed"
    (Snowball for Cyrillic, Greek and Arabic words)."""
    if not word.isascii():
        by_script = script_stem(word)
        if by_script is not None:
            return by_script
    for suffix in ("ations", "ation", "ings", "ing", "ies", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)] + ("y" if suffix == "ies" else "")
    return word


def terms(text: str) -> list[str]:
    """Lower-cased, stemmed words of ``text`` without stop words."""
    if text.isascii():
        return [stem(w) for w in _WORD.findall(text.lower()) if w not in STOPWORDS]
    return [stem(w) for w in split_words(text)
            if w not in STOPWORDS and w not in OTHER_STOPWORDS]


class Embedder(Protocol):
    """What relevance needs of an embedder (``HashingEmbedder`` or a model)."""

    def embed(self, text: str) -> np.ndarray: ...

    def embed_many(self, texts: Sequence[str]) -> np.ndarray: ...


#: The embedders a front end can name (``--embedder``, ``embedder="minilm"``).
EMBEDDERS = ("hashing", "minilm")


def named_embedder(embedder: Embedder | str | None) -> Embedder | None:
    """An embedder given by name (``"hashing"``, or ``"minilm"``: all-MiniLM-L6-v2, the
    optional model, loaded once) or as an object; None stays None (the default)."""
    if embedder is None or not isinstance(embedder, str):
        return embedder
    if embedder == "hashing":
        return default_embedder()
    if embedder == "minilm":
        from .minilm import minilm

        return minilm()
    raise QueryError(f"Unknown embedder {embedder!r}: give one of {', '.join(EMBEDDERS)}, "
                     "or an object with embed() and embed_many().")


@cache
def default_embedder() -> Embedder:
    """The shared hashing embedder of find and text (no model, no download)."""
    from ..search.embedder import HashingEmbedder

    return HashingEmbedder(dim=512)


def section_document(section: Section) -> str:
    """The text a section is indexed by: its heading path twice, then its content."""
    return f"{section.title}\n{section.title}\n{section.text}"


@dataclass(frozen=True)
class Hit:
    """A section with its relevance to a query (``score`` in [0, 1], best first)."""

    section: Section
    score: float
    lexical: float
    semantic: float


def bm25(
    docs: Sequence[list[str]], query: Sequence[str], k1: float = 1.2, b: float = 0.75
) -> list[float]:
    """Okapi BM25 of every document for the query terms."""
    n = len(docs)
    if not n or not query:
        return [0.0] * n
    avg = sum(len(d) for d in docs) / n or 1.0
    df = Counter(t for d in docs for t in set(d))
    counts = [Counter(d) for d in docs]
    scores = []
    for doc, tf in zip(docs, counts, strict=True):
        total = 0.0
        for t in set(query):
            f = tf.get(t, 0)
            if not f:
                continue
            idf = math.log(1 + (n - df[t] + 0.5) / (df[t] + 0.5))
            total += idf * f * (k1 + 1) / (f + k1 * (1 - b + b * len(doc) / avg))
        scores.append(total)
    return scores


def rank(
    sections: Sequence[Section],
    query: str,
    limit: int | None = 3,
    embedder: Embedder | None = None,
) -> list[Hit]:
    """The sections most relevant to ``query``, best first, at most ``limit``."""
    candidates = [s for s in sections if s.text or s.heading]
    if not candidates or not query.strip():
        return []
    docs = [section_document(s) for s in candidates]
    lexical = bm25([terms(d) for d in docs], terms(query))
    emb = embedder or default_embedder()
    vectors = emb.embed_many([d[:EMBED_CHARS] for d in docs])
    semantic = np.clip(vectors @ emb.embed(query), 0.0, None).tolist()
    top_lex, top_sem = max(lexical) or 1.0, max(semantic) or 1.0
    hits = []
    for s, lex, sem in zip(candidates, lexical, semantic, strict=True):
        score = LEXICAL_WEIGHT * lex / top_lex + SEMANTIC_WEIGHT * sem / top_sem
        if s.kind == BOILERPLATE:
            score *= BOILERPLATE_FACTOR
        hits.append(Hit(s, round(score, 4), round(lex, 4), round(sem, 4)))
    hits.sort(key=lambda h: -h.score)
    if any(h.lexical for h in hits):
        hits = [h for h in hits if h.lexical or h.semantic >= 0.5 * top_sem]
    return hits[:limit] if limit else hits
