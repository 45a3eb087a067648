"""The hashing embedder: deterministic, normalised, similar texts close."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

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


def _hash_in_place(emb: HashingEmbedder, text: str) -> np.ndarray:
    """The vector of one text hashed over its own characters (the word-sum's reference)."""
    from domdex.search.embedder import _WORD, fold

    words = _WORD.findall(fold(text))
    out = np.zeros(emb.dim, dtype=np.float32)
    if not words:
        return out
    norm = " " + " ".join(words) + " \x00"
    codes = np.frombuffer(norm.encode("utf-32-le"), dtype=np.uint32).astype(np.uint64)
    feats, weights, _ = emb._features(codes, np.zeros(codes.size, dtype=np.int64))
    bucket = ((feats >> np.uint64(32)) % np.uint64(emb.dim)).astype(np.int64)
    sign = np.where((feats >> np.uint64(31)) & np.uint64(1), -1.0, 1.0) * weights
    mat = np.bincount(bucket, weights=sign, minlength=emb.dim).astype(np.float32)[None, :]
    return (mat / np.sqrt(np.einsum("ij,ij->i", mat, mat))[:, None])[0]


def test_word_sums_equal_hashing_each_text_in_place() -> None:
    """A text's vector is built from its distinct words' vectors, a block of texts at a
    time; it must be the same, bit for bit, as hashing the text's own n-grams."""
    emb = HashingEmbedder(dim=256)
    texts = ["button Add to Cart", "Ünïcode straße café", "购物车 test", "os.walk(top)",
             "a", "x" * 300, "Buy 6400 Item 6400 Open 6400", "Add to Cart"] * 700
    mat = emb.embed_many(texts)  # > one block, repeated texts
    for k, text in enumerate(texts[:8]):
        assert np.array_equal(mat[k], _hash_in_place(emb, text))
        assert np.array_equal(mat[k + 8 * 600], mat[k])


def test_a_text_holding_nul_reads_it_as_a_space() -> None:
    emb = HashingEmbedder(dim=256)
    mat = emb.embed_many(["Add\x00to Cart", "x"])
    assert np.array_equal(mat[0], emb.embed_many(["Add to Cart"])[0])
    assert np.array_equal(mat[1], emb.embed("x"))


def test_words_first_seen_in_a_later_block_keep_their_own_vectors() -> None:
    """Words are numbered block by block into one vocabulary: a word first met in the
    third block must get its own vector, not a neighbour's."""
    emb = HashingEmbedder(dim=256)
    texts = [f"row{k} näme{k % 7} Open" for k in range(9000)]  # > two blocks, all new
    mat = emb.embed_many(texts)
    for k in (0, 4095, 4096, 8191, 8192, 8999):
        assert np.array_equal(mat[k], _hash_in_place(emb, texts[k]))


def test_word_sums_give_the_cosines_of_the_dense_vectors() -> None:
    """find keeps a page's texts as :class:`WordSums` (words and lengths, not a matrix):
    their cosines with a request must be the matrix's, for every text of every block,
    including texts with no words, before, between and after the others."""
    emb = HashingEmbedder(dim=256)
    texts = ["", "--", *[f"row{k} näme{k % 7} Open 购物车 {k % 13}" for k in range(9000)],
             "Add\x00to Cart", "", "Add to Cart", "¶", ""]
    sums = emb.word_sums(texts)
    assert len(sums) == len(texts)
    mat = emb.embed_many(texts)
    for request in ("open row 4096", "näme3", "add to cart", "zzz", "购物车"):
        q = emb.embed(request)
        got = sums.cosines(q)
        assert got.dtype == np.float32 and got.shape == (len(texts),)
        assert np.allclose(got, mat @ q, atol=1e-6)
        assert got[0] == got[1] == got[-1] == got[-2] == got[-4] == 0.0
    assert sums.nbytes < mat.nbytes / 4


def test_word_sums_of_no_text_and_of_no_words() -> None:
    emb = HashingEmbedder(dim=256)
    assert emb.word_sums([]).cosines(emb.embed("x")).shape == (0,)
    assert emb.word_sums(["", "!!"]).cosines(emb.embed("x")).tolist() == [0.0, 0.0]


def test_word_sums_tie_texts_of_the_same_words() -> None:
    """Two texts of the same words in another order have one vector; their cosines must
    be equal too, or a tie find breaks by page order goes either way."""
    emb = HashingEmbedder(dim=256)
    words = [f"w{k}ä" for k in range(40)]
    texts = [" ".join(words[k:k + 9]) for k in range(30)]
    texts += [" ".join(reversed(t.split())) for t in texts]
    sums = emb.word_sums(texts)
    for request in ("w3ä w7ä", "w12ä", "w20ä w21ä w22ä w30ä"):
        got = sums.cosines(emb.embed(request))
        assert got[:30].tolist() == got[30:].tolist()


def test_word_sums_refuse_a_request_of_another_dimension() -> None:
    sums = HashingEmbedder(dim=256).word_sums(["Add to Cart"])
    with pytest.raises(ValueError, match="256"):
        sums.cosines(HashingEmbedder(dim=512).embed("cart"))
