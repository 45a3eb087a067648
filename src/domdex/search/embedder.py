"""A hashing embedder: fuzzy text similarity with no model and no download.

Texts become vectors of signed feature hashes (the "hashing trick"): every character
n-gram (3 to 5 characters) of every word, padded with a space on each side so that
word starts and ends are features of their own, plus every whole word. Similar
strings share many n-grams, so the cosine of their vectors is high even when the
words differ in form ("checkout" / "check out", "subscribe" / "subscription").

Why this shape:

* Determinism. Python's ``hash()`` is salted per process, so vectors built in one
  process would not match another's. Hashes here are a polynomial hash over code
  points, computed in wrapping ``uint64`` arithmetic and then mixed; the same text
  gives the same vector everywhere.
* Speed. Index builds embed up to hundreds of thousands of descriptors. No n-gram
  crosses a space, so a text's vector is the sum of its words' vectors:
  :meth:`HashingEmbedder.embed_many` hashes every n-gram of each *distinct* word once
  with NumPy (prefix sums of ``c·Pʲ`` and the modular inverse of ``P``), then adds the
  words' sparse vectors into the matrix with one ``bincount`` per block of texts. No
  Python loop runs per n-gram, and memory stays bounded by the block, not the page.
  The sums are of small integers, exact in ``float64``, so the vectors are the same
  bit for bit as hashing each text's characters in place.
* Signed hashing. Each feature adds ``+w`` or ``-w`` depending on one hash bit, so
  collisions cancel out on average instead of inflating similarity.

Vectors are L2-normalised ``float32``; the dot product of two is their cosine. The
empty text maps to the zero vector.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..words import fold

__all__ = ["HashingEmbedder", "WordSums"]

_WORD = re.compile(r"[^\W_]+")
_WORD_OR_END = re.compile(r"[^\W_]+|\x00")

_MASK64 = (1 << 64) - 1
_P = 0x100000001B3  # FNV-64 prime: odd, so invertible modulo 2**64
_P_INV = pow(_P, -1, 1 << 64)
_MIX1 = np.uint64(0xFF51AFD7ED558CCD)  # murmur3 fmix64 constants
_MIX2 = np.uint64(0xC4CEB9FE1A85EC53)
_WORD_SALT = np.uint64(0x9E3779B97F4A7C15)
_SEP = 0  # code point that separates texts in a batch; never inside a normalised text
_SPACE = 32
#: Texts embedded per NumPy pass: bounds the pass's memory (a few MB) on huge pages.
_BLOCK = 4096


def _powers(base: int, n: int) -> np.ndarray:
    """``base**0 … base**(n-1)`` modulo 2**64 (uint64 products wrap)."""
    out = np.full(n, base & _MASK64, dtype=np.uint64)
    out[0] = 1
    return np.cumprod(out, dtype=np.uint64)


def _mix(h: np.ndarray) -> np.ndarray:
    """Murmur3's 64-bit finaliser: spreads polynomial hashes over all bits."""
    h = h ^ (h >> np.uint64(33))
    h = h * _MIX1
    h = h ^ (h >> np.uint64(33))
    h = h * _MIX2
    mixed: np.ndarray = h ^ (h >> np.uint64(33))
    return mixed


@dataclass(frozen=True, slots=True)
class WordSums:
    """Texts' hashed vectors, kept as sums of their words' sparse vectors.

    ``word_starts[w]:word_starts[w + 1]`` are word ``w``'s nonzeros (``buckets``,
    ``values``); ``text_starts[t]:text_starts[t + 1]`` are text ``t``'s word numbers in
    ``words``; ``inv_norms`` is one over each text's vector length (0 for a text with
    no words); ``dim`` is the vectors' dimension. :meth:`cosines` gives what
    ``embed_many(texts) @ q`` gives.
    """

    word_starts: np.ndarray
    buckets: np.ndarray
    values: np.ndarray
    text_starts: np.ndarray
    words: np.ndarray
    inv_norms: np.ndarray
    dim: int

    def __len__(self) -> int:
        return int(self.inv_norms.size)

    @property
    def nbytes(self) -> int:
        return sum(int(a.nbytes) for a in (self.word_starts, self.buckets, self.values,
                                           self.text_starts, self.words, self.inv_norms))

    def cosines(self, q: np.ndarray) -> np.ndarray:
        """Each text's cosine with the unit vector ``q`` (float32, one per text)."""
        if q.shape != (self.dim,):
            raise ValueError(f"q must be one vector of {self.dim} numbers, not {q.shape}.")
        if not len(self):
            return np.zeros(0, dtype=np.float32)
        per_word = _segment_sums(self.values * q[self.buckets], self.word_starts)
        per_text = _segment_sums(per_word[self.words], self.text_starts)
        out: np.ndarray = per_text * self.inv_norms
        return out


def _segment_sums(x: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """Sums of ``x[starts[i]:starts[i + 1]]`` for each i (float32); 0 for an empty one,
    where ``np.add.reduceat`` would give the next element."""
    padded = np.zeros(x.size + 1, dtype=np.float32)  # a start may be x.size: an empty end
    padded[:-1] = x
    out: np.ndarray = np.add.reduceat(padded, starts[:-1])
    out[starts[1:] == starts[:-1]] = 0.0
    return out


class HashingEmbedder:
    """Embed texts into ``dim``-dimensional L2-normalised float32 vectors.

    ``ngram_range`` is the inclusive range of character n-gram lengths; ``word_weight``
    is how much a whole-word match counts against one n-gram (whole words are the
    strongest evidence two texts talk about the same thing). ``cache_size`` single-text
    embeddings are remembered, because agents repeat queries.
    """

    def __init__(
        self,
        dim: int = 512,
        ngram_range: tuple[int, int] = (3, 5),
        word_weight: float = 2.0,
        cache_size: int = 256,
    ) -> None:
        if dim <= 0:
            raise ValueError("dim must be a positive number of dimensions.")
        lo, hi = ngram_range
        if not 1 <= lo <= hi:
            raise ValueError("ngram_range must be (low, high) with 1 <= low <= high.")
        self.dim = dim
        self.ngram_range = (lo, hi)
        self.word_weight = float(word_weight)
        self._cache: OrderedDict[str, np.ndarray] = OrderedDict()
        self._cache_size = cache_size
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"HashingEmbedder(dim={self.dim}, ngram_range={self.ngram_range})"

    def embed(self, text: str) -> np.ndarray:
        """The vector of one text (shape ``(dim,)``); repeated texts come from a cache."""
        with self._lock:  # finds on several threads share the embedder and its cache
            hit = self._cache.get(text)
            if hit is not None:
                self._cache.move_to_end(text)
                return hit
        vec: np.ndarray = self.embed_many([text])[0]
        vec.flags.writeable = False
        with self._lock:
            self._cache[text] = vec
            if len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)
        return vec

    def embed_many(self, texts: Sequence[str]) -> np.ndarray:
        """Vectors of many texts at once (shape ``(len(texts), dim)``), one NumPy pass
        per block of :data:`_BLOCK` texts.

        Words are read a block at a time into one vocabulary (numbered in order of first
        appearance, as if read all at once), so what is held besides the result is the
        distinct words and one block's word numbers, not every word of the page as a
        string (at 128k elements that list was ~115 MB of the matcher build's peak).
        """
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        blocks, vocab = self._read_words(texts)
        if not vocab:
            return out
        table = self._word_table(vocab)
        del vocab
        lo = 0
        for counts, occ in blocks:
            self._block(table, counts, occ, out[lo:lo + counts.size])
            lo += counts.size
        return out

    def _read_words(self, texts: Sequence[str]
                    ) -> tuple[list[tuple[np.ndarray, np.ndarray]], list[str]]:
        """Each block of :data:`_BLOCK` texts as (words in each text, their numbers), and
        the distinct words in the order of their numbers (first appearance)."""
        vocab: dict[str, int] = {"\x00": -1}  # NUL ends each text: numbered -1
        blocks = [self._read_block(texts[lo:lo + _BLOCK], vocab)
                  for lo in range(0, len(texts), _BLOCK)]
        del vocab["\x00"]
        return blocks, list(vocab)

    def word_sums(self, texts: Sequence[str]) -> WordSums:
        """The texts as :class:`WordSums`: what :meth:`embed_many` would return, kept as
        each text's words and its vector's length instead of a dense matrix.

        A text's vector is the sum of its words' vectors, divided by its length, so its
        cosine with a request is the sum of its words' dot products with the request
        over that length. The words' sparse vectors and the texts' word numbers take
        ~15 MB at 128k elements where the float32 matrix took 125 MB; a request costs
        one pass over the words' nonzeros and one over the texts' words, about what the
        matrix-vector product cost.
        """
        n = len(texts)
        blocks, vocab = self._read_words(texts)
        counts = np.concatenate([c for c, _ in blocks]) if blocks else \
            np.zeros(0, dtype=np.int64)
        words = np.concatenate([o for _, o in blocks]) if blocks else \
            np.zeros(0, dtype=np.int64)
        del blocks
        # each text's words in one order whatever the text's ("Add to Cart", "Cart to
        # Add"): their float32 sums are then equal, a tie as the matrix's were
        words = words[np.lexsort((words, np.repeat(np.arange(n), counts)))]
        table = self._word_table(vocab) if vocab else (
            np.zeros(1, dtype=np.int64), np.zeros(0, dtype=np.int64), np.zeros(0))
        del vocab
        text_starts = np.zeros(n + 1, dtype=np.int64)
        np.cumsum(counts, out=text_starts[1:])
        norms = np.zeros(n, dtype=np.float64)
        for lo in range(0, n, _BLOCK):  # the lengths, one block's dense sums at a time
            hi = min(n, lo + _BLOCK)
            block = self._sums(table, counts[lo:hi],
                               words[text_starts[lo]:text_starts[hi]])
            norms[lo:hi] = np.sqrt(np.einsum("ij,ij->i", block, block))
        starts, buckets, values = table
        return WordSums(
            word_starts=starts.astype(np.int64), buckets=buckets.astype(np.int32),
            values=values.astype(np.float32), text_starts=text_starts,
            words=words.astype(np.int32),
            inv_norms=np.divide(1.0, norms, out=np.zeros(n), where=norms > 0
                                ).astype(np.float32), dim=self.dim)

    @staticmethod
    def _read_block(texts: Sequence[str], vocab: dict[str, int]) -> tuple[np.ndarray,
                                                                         np.ndarray]:
        """(words in each text, the words' numbers in ``vocab``, which grows with the
        block's new words; NUL is in it as -1): one regex pass over the block's texts
        joined by NUL."""
        joined = "\x00".join(texts) + "\x00"
        low = joined.lower() if joined.isascii() else "\x00".join(map(fold, texts)) + "\x00"
        words = _WORD_OR_END.findall(low)
        for w in dict.fromkeys(words):
            if w not in vocab:
                vocab[w] = len(vocab) - 1
        found = np.fromiter(map(vocab.__getitem__, words), dtype=np.int64, count=len(words))
        ends = np.flatnonzero(found < 0)
        if ends.size != len(texts):  # a text holds NUL itself: a separator, like a space
            return HashingEmbedder._read_block([t.replace("\x00", " ") for t in texts], vocab)
        counts = np.diff(ends, prepend=-1) - 1  # words of each text
        return counts, found[found >= 0]

    def _word_table(self, vocab: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Each word's sparse vector: (row starts, bucket, summed signed weight)."""
        joined = "\x00".join(" " + w + " " for w in vocab) + "\x00"
        codes = np.frombuffer(joined.encode("utf-32-le"), dtype=np.uint32).astype(np.uint64)
        rows = np.cumsum(codes == _SEP) - (codes == _SEP)  # word number of each position
        feats, weights, owners = self._features(codes, rows)
        bucket = ((feats >> np.uint64(32)) % np.uint64(self.dim)).astype(np.int64)
        sign = np.where((feats >> np.uint64(31)) & np.uint64(1), -1.0, 1.0) * weights
        keys, inverse = np.unique(owners.astype(np.int64) * self.dim + bucket,
                                  return_inverse=True)
        values = np.bincount(inverse, weights=sign, minlength=keys.size)
        starts = np.zeros(len(vocab) + 1, dtype=np.int64)
        np.cumsum(np.bincount(keys // self.dim, minlength=len(vocab)), out=starts[1:])
        return starts, keys % self.dim, values

    def _block(self, table: tuple[np.ndarray, np.ndarray, np.ndarray], counts: np.ndarray,
               occ: np.ndarray, mat: np.ndarray) -> None:
        """L2-normalised vectors of one block of texts from their words (``occ``), written
        into ``mat`` (the block's rows of the result: no float32 copy of the block is
        made and then copied again)."""
        mat[...] = self._sums(table, counts, occ)  # cast as astype(float32) did
        norms = np.sqrt(np.einsum("ij,ij->i", mat, mat))[:, None]
        np.divide(mat, norms, out=mat, where=norms > 0)

    def _sums(self, table: tuple[np.ndarray, np.ndarray, np.ndarray], counts: np.ndarray,
              occ: np.ndarray) -> np.ndarray:
        """The unnormalised float64 vectors of a block of texts, from their words."""
        starts, buckets, values = table
        n = counts.size
        width = starts[occ + 1] - starts[occ]  # nonzeros of each word occurrence
        rows = np.repeat(np.repeat(np.arange(n, dtype=np.int64), counts), width)
        first = np.cumsum(width) - width
        at = np.arange(int(width.sum()), dtype=np.int64) - np.repeat(first - starts[occ], width)
        flat = rows * self.dim + buckets[at]
        return np.bincount(flat, weights=values[at], minlength=n * self.dim
                           ).reshape(n, self.dim)

    def similarity(self, a: str, b: str) -> float:
        """Cosine similarity of two texts, in ``[-1, 1]`` (in practice ``[0, 1]``)."""
        return float(self.embed(a) @ self.embed(b))

    # -- hashing -------------------------------------------------------------------
    def _features(
        self, codes: np.ndarray, rows: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Mixed hashes, weights and owning text of every n-gram and word in ``codes``.

        The hash of ``codes[a:b]`` is ``P^-a · (S[b] − S[a])`` with ``S`` the prefix
        sums of ``codes[j]·P^j``: a position-independent polynomial hash obtained for
        every window at once.
        """
        m = codes.size
        pw = _powers(_P, m)
        inv = _powers(_P_INV, m)
        prefix = np.zeros(m + 1, dtype=np.uint64)
        np.cumsum(codes * pw, out=prefix[1:])
        is_space = (codes == _SPACE) | (codes == _SEP)
        is_sep = codes == _SEP
        spaces = np.zeros(m + 1, dtype=np.int64)
        np.cumsum(is_space, out=spaces[1:])

        hashes, weights, owners = [], [], []
        lo, hi = self.ngram_range
        for size in range(lo, hi + 1):
            if size > m:
                break
            start = np.arange(m - size + 1)
            end = start + size
            interior = spaces[end - 1] - spaces[np.minimum(start + 1, end - 1)]
            ok = (interior == 0) & ~is_sep[start] & ~is_sep[end - 1]
            start, end = start[ok], end[ok]
            hashes.append(inv[start] * (prefix[end] - prefix[start]) + np.uint64(size))
            weights.append(np.ones(start.size))
            owners.append(rows[start])

        word_start = np.flatnonzero(~is_space[1:] & is_space[:-1]) + 1
        word_end = np.flatnonzero(~is_space[:-1] & is_space[1:]) + 1
        if word_start.size:
            h = inv[word_start] * (prefix[word_end] - prefix[word_start])
            hashes.append(h ^ _WORD_SALT)
            weights.append(np.full(word_start.size, self.word_weight))
            owners.append(rows[word_start])

        if not hashes:
            empty = np.zeros(0, dtype=np.uint64)
            return empty, np.zeros(0), empty
        return _mix(np.concatenate(hashes)), np.concatenate(weights), np.concatenate(owners)
