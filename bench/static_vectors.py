"""Experiment: find's embedding side from static word-piece vectors distilled from
all-MiniLM-L6-v2 (``bench/distill_static.py`` writes them to ``bench/out/static/``).

``find_corpus.py score --embedder static`` uses them alone, ``--embedder blend
--blend W`` beside the hashing embedder (W is the hashing side's share of the cosine).
Measured, not adopted: see docs/search.md ("A semantic side").
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

STATIC = Path(__file__).resolve().parent / "out" / "static"


class StaticEmbedder:
    """Sum of distilled word-piece vectors, L2-normalised (float32)."""

    def __init__(self, vectors: np.ndarray, tokenizer: Any) -> None:
        self.vectors = np.asarray(vectors, dtype=np.float32)
        self.tokenizer = tokenizer
        self.dim = int(self.vectors.shape[1])
        self._pieces: dict[str, list[int]] = {}

    def _ids(self, text: str) -> list[int]:
        ids: list[int] = []
        for word in self.tokenizer.basic(text):
            got = self._pieces.get(word)
            if got is None:
                got = self._pieces[word] = self.tokenizer.word_ids(word)
            ids += got
        return ids

    def embed(self, text: str) -> np.ndarray:
        return self.embed_many([text])[0]

    def embed_many(self, texts: Sequence[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        rows: list[int] = []
        ids: list[int] = []
        for i, text in enumerate(texts):
            got = self._ids(text)
            ids += got
            rows += [i] * len(got)
        if ids:
            np.add.at(out, np.asarray(rows), self.vectors[np.asarray(ids)])
        return out / np.maximum(np.linalg.norm(out, axis=1, keepdims=True), 1e-12)


class BlendEmbedder:
    """Two embedders side by side: the cosine of two blended vectors is
    ``w·cos_a + (1 − w)·cos_b``."""

    def __init__(self, a: Any, b: Any, weight_a: float) -> None:
        self.a, self.b = a, b
        self.wa, self.wb = float(np.sqrt(weight_a)), float(np.sqrt(1.0 - weight_a))
        self.dim = int(a.dim) + int(b.dim)

    def embed(self, text: str) -> np.ndarray:
        return self.embed_many([text])[0]

    def embed_many(self, texts: Sequence[str]) -> np.ndarray:
        return np.hstack([self.a.embed_many(texts) * self.wa,
                          self.b.embed_many(texts) * self.wb]).astype(np.float32)


@cache
def static_embedder() -> StaticEmbedder:
    from domdex.text.minilm import WordPiece

    if not (STATIC / "vectors.npy").is_file():
        raise SystemExit("no distilled vectors: run python bench/distill_static.py first")
    return StaticEmbedder(np.load(STATIC / "vectors.npy"), WordPiece(STATIC / "vocab.txt"))
