"""Token counting with the real ``o200k_base`` encoding, offline.

The encoder is ``tiktoken``, OpenAI's own; its encodings are downloaded on first use,
which fails on a closed network, so the ``o200k_base`` ranks ship inside domdex
(``o200k_base.tiktoken.gz``, OpenAI's published file, MIT-licensed with tiktoken) and are
checked against the hash tiktoken itself expects. It is loaded lazily and once:
importing domdex must stay cheap.

Why not ``bpe-openai`` (used before): it builds three encodings when imported, 174 MiB
of the process and 1 s against tiktoken's 80 MiB and 0.25 s, and counted a view's lines
half as fast (0.60 against 0.28 s for 167k lines); the counts are the same, token for
token, on 209 pages (4.8M characters; measured 2026-11-26).
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import threading
import zlib
from importlib import resources
from typing import Any

from .errors import DomdexError

ENCODING = "o200k_base"
#: sha256 of the (uncompressed) ranks file, as ``tiktoken_ext.openai_public`` expects it
_RANKS_SHA256 = "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d"
#: o200k_base's pre-tokenizer and special tokens, as ``tiktoken_ext.openai_public``
#: defines them (tests/test_tokens.py compares them with tiktoken's own)
PATTERN = "|".join([
    r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
    r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
    r"""\p{N}{1,3}""",
    r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
    r"""\s*[\r\n]+""",
    r"""\s+(?!\S)""",
    r"""\s+""",
])
SPECIAL_TOKENS = {"<|endoftext|>": 199999, "<|endofprompt|>": 200018}


def _ranks() -> dict[bytes, int]:
    """The shipped ranks file read, after its hash is checked."""
    try:
        raw = gzip.decompress(
            resources.files("domdex").joinpath("o200k_base.tiktoken.gz").read_bytes())
    except (OSError, EOFError, zlib.error) as exc:  # BadGzipFile is an OSError
        raise DomdexError("domdex's o200k_base.tiktoken.gz cannot be read; reinstall "
                          f"domdex ({exc}).") from exc
    if hashlib.sha256(raw).hexdigest() != _RANKS_SHA256:
        raise DomdexError("domdex's o200k_base.tiktoken.gz is not the o200k_base ranks "
                          "file (its hash differs); reinstall domdex.")
    return {base64.b64decode(token): int(rank)
            for token, rank in (line.split() for line in raw.splitlines() if line)}


_built: Any = None
_building = threading.Lock()


def _encoding() -> Any:
    """The encoding, built once: threads that count at once wait for the first one's
    build (16 threads built it 16 times side by side: 8 s and 1 GB)."""
    global _built
    if _built is None:
        with _building:
            if _built is None:
                import tiktoken

                built = tiktoken.Encoding(ENCODING, pat_str=PATTERN,
                                          mergeable_ranks=_ranks(),
                                          special_tokens=SPECIAL_TOKENS)
                _release_ranks(built)
                _built = built
    return _built


def _release_ranks(encoding: Any) -> None:
    """Let go of the Python copy of the ranks the encoding keeps beside its Rust one.

    ``tiktoken.Encoding`` keeps the ``dict[bytes, int]`` it was built from only to
    pickle itself by value (``__getstate__``); counting uses the Rust tables. Kept, it is
    23 MB of a process's RSS for as long as the process lives (200k bytes keys; measured
    with tracemalloc after a 128k-element page). Nothing pickles domdex's encoding;
    tests/test_tokens.py fails if a tiktoken reads the attribute anywhere else."""
    if isinstance(getattr(encoding, "_mergeable_ranks", None), dict):
        encoding._mergeable_ranks = {}



#: Longer text is counted in line-aligned chunks (a full accessibility snapshot of a
#: large page runs to megabytes; one call on it holds its tokens at once).
_CHUNK = 200_000


def count_tokens(text: str) -> int:
    """How many ``o200k_base`` tokens a model reads for ``text``.

    Text longer than ``_CHUNK`` characters (a full accessibility snapshot of a large page
    runs to megabytes) is counted in chunks cut after a newline; o200k's pre-tokenizer
    splits around newlines, so the sum equals the count of the whole (but for a
    single line longer than a chunk, or a run of newlines cut in two: a few tokens).
    A special token's text on a page (``<|endoftext|>`` in an article about models) is
    counted as the ordinary text it is; the encoder's default refuses it, which made
    views fail.
    """
    if not text:
        return 0
    enc = _encoding()
    if len(text) <= _CHUNK:
        return len(enc.encode_ordinary(text))
    total, start = 0, 0
    while start < len(text):
        stop = min(start + _CHUNK, len(text))
        if stop < len(text):
            cut = text.rfind("\n", start, stop)
            stop = cut + 1 if cut > start else stop
        total += len(enc.encode_ordinary(text[start:stop]))
        start = stop
    return total


def fit_lines(lines: list[str], budget: int) -> int:
    """How many leading ``lines`` fit in ``budget`` tokens when joined by newlines.

    Counts line by line (a newline is one token in o200k_base for ordinary text), so
    a view can stop at a line boundary and say what it left out.
    """
    used = 0
    for n, line in enumerate(lines):
        used += count_tokens(line) + (1 if n else 0)
        if used > budget:
            return n
    return len(lines)
