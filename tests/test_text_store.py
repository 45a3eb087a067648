"""The knowledge store: dedup of site furniture, search, concepts, related pages, paths."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from domdex.errors import QueryError
from domdex.text.concepts import concept_key, extract_concepts, merge
from domdex.text.sections import Block, PageText, Section
from domdex.text.store import KnowledgeStore, default_path, normalise, simhash

FOOTER = "© 2025 Acme Inc. All rights reserved. Privacy policy · Terms of service · Contact us"
COOKIES = "We use cookies to improve your experience on this site. Accept all cookies or manage."


def section(
    n: int, path: tuple[str, ...], text: str, kind: str = "main", level: int = 2
) -> Section:
    return Section(
        id=f"s{n}", path=path, level=level if path else 0, kind=kind,
        landmark="main" if kind == "main" else "footer", xpath=f"/html/body/x[{n}]",
        blocks=(Block("paragraph", text, f"/html/body/x[{n}]"),), text=text,
        tokens=len(text.split()),
    )


def acme(url: str, title: str, body: list[tuple[str, str]], footer: str = FOOTER) -> PageText:
    sections = [section(1, (), COOKIES, kind="boilerplate")]
    for heading, text in body:
        sections.append(section(len(sections) + 1, (title, heading), text))
    sections.append(section(len(sections) + 1, ("[page footer]",), footer, kind="boilerplate"))
    return PageText(url=url, title=title, fingerprint="f", sections=tuple(sections))


PRICING = acme("https://acme.example/pricing", "Pricing", [
    ("Plans", "The team plan costs 29 dollars a month and includes ten instances with "
              "autoscaling and a managed database."),
    ("Refunds", "Cancel within thirty days and we refund the full amount of the team plan."),
])
SCALING = acme("https://acme.example/autoscaling", "Autoscaling", [
    ("Scaling rules", "A scaling rule adds instances when CPU load stays high; autoscaling "
                      "removes instances again when the application is quiet."),
    ("Limits", "The managed database does not autoscale; instances grow to ten."),
], footer=FOOTER.replace("2025", "2026"))
COOKING = acme("https://food.example/bread", "Bread", [
    ("Dough", "Knead the dough for ten minutes, let the dough rise in a warm kitchen, then "
              "shape the dough into a loaf and bake the bread until golden."),
])


@pytest.fixture
def store() -> KnowledgeStore:
    s = KnowledgeStore(":memory:")
    for p in (PRICING, SCALING, COOKING):
        s.add_page(p)
    return s


def test_normalise_and_simhash_treat_numbers_and_case_as_the_same_text() -> None:
    assert normalise("© 2025 Acme  INC.") == normalise("© 2026 acme inc.")
    a = simhash(normalise("the quick brown fox jumps over the lazy dog near the river bank"))
    b = simhash(normalise("the quick brown fox jumps over the lazy dog near the river banks"))
    assert bin((a ^ b) & (2**64 - 1)).count("1") < 20


def test_site_furniture_is_stored_once_and_flagged(store: KnowledgeStore) -> None:
    stats = store.stats()
    assert stats["pages"] == 3
    # Cookie banner and footer (with a different year) are each one stored text.
    count = "SELECT COUNT(*) FROM texts WHERE text LIKE ?"
    (n,) = store.db.execute(count, ("We use cookies%",)).fetchone()
    (m,) = store.db.execute(count, ("%All rights%",)).fetchone()
    assert (n, m) == (1, 1)
    assert stats["boilerplate_texts"] >= 2


def test_readding_marks_shared_sections_as_boilerplate(store: KnowledgeStore) -> None:
    again = store.add_page(PRICING)
    kinds = {s.text[:10]: s.kind for s in again.sections}
    assert kinds[COOKIES[:10]] == "boilerplate"
    assert kinds["The team p"] == "main"


def test_search_finds_sections_across_pages_without_furniture(store: KnowledgeStore) -> None:
    hits = store.search("refund", limit=3)
    assert hits[0].url == PRICING.url and hits[0].path[-1] == "Refunds"
    assert 0 < hits[0].score <= 1
    urls = {h.url for h in store.search("autoscaling instances", limit=5)}
    assert {PRICING.url, SCALING.url} <= urls
    assert all(not h.boilerplate for h in store.search("privacy policy cookies"))
    assert store.search("privacy policy", boilerplate=True)[0].boilerplate


def test_search_needs_words(store: KnowledgeStore) -> None:
    with pytest.raises(QueryError):
        store.search("   ")


def test_concepts_of_a_page(store: KnowledgeStore) -> None:
    names = [c.name for c in store.concepts(SCALING.url)]
    assert "autoscaling" in names or "scaling rules" in names
    assert all("cookie" not in n for n in names)  # furniture has no concepts


def test_related_pages_share_concepts(store: KnowledgeStore) -> None:
    related = store.related(PRICING.url)
    assert related[0].url == SCALING.url
    assert related[0].shared
    assert COOKING.url not in [r.url for r in related]


def test_path_between_concepts_goes_through_pages(store: KnowledgeStore) -> None:
    steps = store.path("refund", "scaling rules")
    assert steps[0] == {"concept": "refund"} or steps[0]["concept"].startswith("refund")
    assert steps[-1]["concept"] == "scaling rules"
    assert any(s.get("page") == PRICING.url for s in steps)
    assert store.path("refund", "dough") == []


def test_unknown_page_or_concept_says_what_to_do(store: KnowledgeStore) -> None:
    with pytest.raises(QueryError, match="read it first"):
        store.concepts("https://nowhere.example/")
    with pytest.raises(QueryError, match="closest"):
        store.path("scalling rule", "dough")


def test_store_persists_to_a_file_and_checks_the_embedder(tmp_path: Path) -> None:
    path = tmp_path / "k.db"
    with KnowledgeStore(path) as s:
        s.add_page(PRICING)
    with KnowledgeStore(path) as s:
        assert s.stats()["pages"] == 1
        assert s.search("refund")[0].url == PRICING.url

    class Other:
        def embed(self, text: str) -> np.ndarray:
            return np.ones(8, dtype=np.float32)

        def embed_many(self, texts: list[str]) -> np.ndarray:
            return np.ones((len(texts), 8), dtype=np.float32)

    with pytest.raises(QueryError, match="same embedder"):
        KnowledgeStore(path, embedder=Other())


def test_default_path_respects_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert default_path() == tmp_path / "domdex" / "knowledge.db"


def test_concept_extraction_prefers_repeated_phrases_and_headings() -> None:
    found = extract_concepts(
        "Scissor keyboard",
        "Apple plans a MacBook Pro with a scissor keyboard. The MacBook Pro keeps its "
        "size, and the scissor keyboard replaces the butterfly design of the MacBook Pro.",
    )
    keys = [c.key for c in found]
    assert concept_key("scissor keyboard") in keys and concept_key("MacBook Pro") in keys
    assert found[0].weight == 1.0
    merged = merge([found, found[:1]])
    assert merged[0].key == found[0].key


def test_pages_and_outline(store: KnowledgeStore) -> None:
    assert {p["url"] for p in store.pages()} == {PRICING.url, SCALING.url, COOKING.url}
    outline = store.outline(PRICING.url)
    refunds = next(o for o in outline if o["path"][-1:] == ["Refunds"])
    assert refunds["kind"] == "main" and refunds["level"] == 2
    cookie = outline[0]
    assert cookie["kind"] == "boilerplate"  # shared with the other Acme page


def test_an_embedder_is_named_or_refused_in_a_sentence() -> None:
    import pytest as _pytest

    from domdex import KnowledgeStore
    from domdex.errors import QueryError
    from domdex.text.relevance import default_embedder, named_embedder

    assert named_embedder("hashing") is default_embedder()
    assert named_embedder(None) is None
    with KnowledgeStore(":memory:", embedder="hashing") as store:
        assert store.embedder is default_embedder()
    with _pytest.raises(QueryError, match="Unknown embedder 'bert'"):
        named_embedder("bert")
