"""The hashing embedder: deterministic, normalised, similar texts close."""

from __future__ import annotations

import subprocess
import sys

import numpy as np

from domdex.search.embedder import HashingEmbedder


def test_shape_dtype_and_norm() -> None:
    emb = HashingEmbedder(dim=256)
    mat = emb.embed_many(["Add to Cart", "", "Ünïcode straße", "a"])
    assert mat.shape == (4, 256)
    assert mat.dtype == np.float32
    norms = np.linalg.norm(mat, axis=1)
    assert np.allclose(norms[[0, 2, 3]], 1.0, atol=1e-5)
    assert norms[1] == 0.0
    assert emb.embed("Add to Cart").shape == (256,)
    assert emb.embed_many([]).shape == (0, 256)


def test_batch_equals_single() -> None:
    emb = HashingEmbedder()
    texts = ["Sign in", "Proceed to checkout", "search the docs"]
    mat = emb.embed_many(texts)
    for row, text in zip(mat, texts, strict=True):
        assert np.allclose(row, emb.embed(text), atol=1e-6)


def test_similar_texts_are_closer() -> None:
    emb = HashingEmbedder()
    assert emb.similarity("Submit", "submit!") > 0.99
    assert emb.similarity("checkout", "check out") > emb.similarity("checkout", "wishlist")
    assert emb.similarity("Add to Cart", "add to cart button") > emb.similarity(
        "Add to Cart", "Add to Wishlist"
    )
    assert emb.similarity("x", "y") == 0.0


def test_deterministic_across_processes() -> None:
    code = (
        "from domdex.search.embedder import HashingEmbedder;"
        "v = HashingEmbedder().embed('Proceed to checkout');"
        "print(','.join(f'{x:.6f}' for x in v[:64]))"
    )
    runs = {
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       check=True, env={"PYTHONHASHSEED": str(seed)}).stdout
        for seed in (1, 2)
    }
    assert len(runs) == 1
