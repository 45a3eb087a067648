from __future__ import annotations

from typing import Any

import pytest

from domdex import tokens
from domdex.tokens import count_tokens


def test_counts_real_o200k_tokens() -> None:
    assert count_tokens("") == 0
    assert count_tokens("hello") == 1
    assert count_tokens("hello world, this is a test of the tokenizer") == 10


def test_long_text_is_counted_in_chunks_that_add_up() -> None:
    line = "- link \"Generic Operating System Services\" [ref=e21] [cursor=pointer]\n"
    block = line * 1000
    assert count_tokens(block * 12) == 12 * count_tokens(block)


def test_a_special_tokens_text_on_a_page_counts_as_text() -> None:
    """A page about models may show "<|endoftext|>": counting it (every view does)
    raised the encoder's ValueError, and regions() failed on such a page."""
    plain = count_tokens("the <|endoftext|> marker")
    assert plain > count_tokens("the  marker")
    assert count_tokens("x <|endofprompt|> y\n" * 20_000) > 20_000  # the chunked path


def test_the_encoding_is_tiktokens_own_o200k_base(monkeypatch: pytest.MonkeyPatch) -> None:
    """domdex builds o200k_base from its shipped ranks, its pattern and special tokens;
    they must be what tiktoken's own definition says (read here with its download
    replaced by the shipped ranks, which tiktoken would check by the same hash)."""
    import tiktoken_ext.openai_public as public

    asked: list[tuple[Any, ...]] = []
    ranks = tokens._ranks()
    monkeypatch.setattr(public, "load_tiktoken_bpe", lambda *a, **k: asked.append((a, k))
                        or ranks)
    spec = public.o200k_base()
    assert spec["name"] == tokens.ENCODING
    assert spec["pat_str"] == tokens.PATTERN
    assert spec["special_tokens"] == tokens.SPECIAL_TOKENS
    assert asked[0][1]["expected_hash"] == tokens._RANKS_SHA256
    assert len(ranks) == 199998 and ranks[b"hello"] == 24912


def test_the_ranks_python_copy_is_let_go_and_tiktoken_needs_it_only_to_pickle() -> None:
    """domdex drops the encoding's Python copy of the ranks (23 MB at 128k elements):
    safe only while tiktoken reads ``_mergeable_ranks`` nowhere but where it is set and
    in ``__getstate__``; a tiktoken that reads it elsewhere must fail this test."""
    import ast
    import inspect

    import tiktoken.core

    tree = ast.parse(inspect.getsource(tiktoken.core))
    readers = {fn.name for fn in ast.walk(tree) if isinstance(fn, ast.FunctionDef)
               for node in ast.walk(fn)
               if isinstance(node, ast.Attribute) and node.attr == "_mergeable_ranks"}
    assert readers <= {"__init__", "__getstate__"}, readers
    count_tokens("warm")
    assert tokens._encoding()._mergeable_ranks == {}
    assert count_tokens("hello world, this is a test of the tokenizer") == 10


def test_text_a_string_cannot_encode_is_still_counted() -> None:
    assert count_tokens("a\ud800b") == 3  # a lone surrogate, as a page's text may hold
    assert count_tokens("日本語のテキスト") > 0


def test_threads_counting_at_once_build_the_encoding_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Sixteen threads that count first at once built it sixteen times (8 s, 1 GB)."""
    import threading

    read: list[int] = []
    real = tokens._ranks
    monkeypatch.setattr(tokens, "_built", None)
    monkeypatch.setattr(tokens, "_ranks", lambda: read.append(1) or real())
    counts: list[int] = []
    go = threading.Barrier(8)

    def count() -> None:
        go.wait()
        counts.append(count_tokens("hello world, this is a test of the tokenizer"))

    threads = [threading.Thread(target=count) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert counts == [10] * 8
    assert read == [1]


def test_a_damaged_ranks_file_is_a_clear_error(monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Any) -> None:
    import gzip

    from domdex import DomdexError

    good = (tokens.resources.files("domdex") / "o200k_base.tiktoken.gz").read_bytes()
    damaged = good[:1000] + bytes(b ^ 0xFF for b in good[1000:1100]) + good[1100:]
    for data in (damaged, good[: len(good) // 2], gzip.compress(b"hello"), b""):
        (tmp_path / "o200k_base.tiktoken.gz").write_bytes(data)
        monkeypatch.setattr(tokens.resources, "files", lambda _pkg: tmp_path)
        with pytest.raises(DomdexError, match="reinstall domdex"):
            tokens._ranks()
