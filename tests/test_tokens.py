from __future__ import annotations

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
