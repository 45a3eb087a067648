"""English request words meeting their translations on pages in other languages (issue 10).

The glossary (``src/domdex/ui_glossary.json.gz``) is made by
``scripts/build_ui_glossary.py`` from Chromium's translations; these tests check that it
loads, that the relation reaches find on French, Russian and Japanese pages, and that
English pages never see it.
"""

from __future__ import annotations

from collections.abc import Iterator
from importlib import resources

import pytest

import domdex
from domdex import Node, Snapshot, compounds
from domdex.compounds import TRANSLATION, related_words
from domdex.languages import page_language, speaking
from domdex.search.lexical import stem, tokens
from domdex.translations import glossary_languages, translations


@pytest.fixture
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    with speaking(request.param):
        yield request.param


def test_the_glossary_loads_and_is_small() -> None:
    data = resources.files("domdex").joinpath("ui_glossary.json.gz")
    assert len(data.read_bytes()) < 300_000
    assert {"de", "fr", "es", "ru", "ar", "zh", "ja"} <= glossary_languages()
    assert "annuler" in translations("cancel", "fr")
    assert "abbrechen" in translations("cancel", "de")
    assert "キャンセル" in translations("cancel", "ja")
    assert translations("passwords", "ru") == translations("password", "ru")  # by stem


def test_unknown_words_and_languages_have_none() -> None:
    assert translations("zzzqx", "fr") == ()
    assert translations("cancel", "tlh") == ()
    assert translations("отмена", "ru") == ()  # keys are English words


def _vocab(*texts: str) -> list[str]:
    return sorted({t for text in texts for t in tokens(text)})


@pytest.mark.parametrize(("language", "term", "names", "meets"), [
    ("fr", "apply", ["Appliquer", "Code promo"], "appliquer"),
    ("fr", "previous", ["Page précédente", "Suivante"], "precedente"),
    ("ru", "apply", ["Применить", "Промокод"], "применить"),
    ("ru", "delete", ["Удалить сообщение"], "удалить"),
    ("ja", "add", ["お気に入りに追加", "カートに入れる"], "追加"),
    ("ja", "search", ["検索する", "ログイン"], "検索"),
    ("ja", "cancel", ["ご注文をキャンセルする"], "ンセ"),  # a run inside a longer one
], indirect=["language"])
def test_an_english_word_meets_its_translation(language: str, term: str, names: list[str],
                                               meets: str) -> None:
    found = dict(related_words(term, _vocab(*names), stem))
    assert found.get(meets) == TRANSLATION


@pytest.mark.parametrize("language", ["ja"], indirect=True)
def test_a_run_meets_only_where_all_its_bigrams_are(language: str) -> None:
    """キャンセル (cancel) is not on a page that has only セル (a table's cell)."""
    assert related_words("cancel", _vocab("セルを結合"), stem) == []


@pytest.mark.parametrize("language", ["fr"], indirect=True)
def test_a_word_the_page_writes_is_not_translated(language: str) -> None:
    """A request word the page has is the page's own (a French request, or the page's
    English): it matches exactly, and no translation is added beside it."""
    assert related_words("apply", _vocab("Apply", "Appliquer"), stem) == []


@pytest.mark.parametrize("language", ["en", None], indirect=True)
def test_english_pages_never_translate(language: str | None) -> None:
    assert related_words("apply", _vocab("Appliquer", "Применить"), stem) == []
    assert related_words("add", _vocab("お気に入りに追加"), stem) == []


def _page(names: list[str], texts: list[str]) -> Snapshot:
    nodes = [Node(ref="e1", parent=None, tag="body")]
    for text in texts:
        nodes.append(Node(ref=f"e{len(nodes) + 1}", parent="e1", tag="p", role="paragraph",
                          name="", text=text))
    for name in names:
        nodes.append(Node(ref=f"e{len(nodes) + 1}", parent="e1", tag="button", role="button",
                          name=name))
    return Snapshot(url="http://example.test/", title="", nodes=nodes)


FRENCH = ["Les frais de livraison sont offerts dès 50 € pour tous les produits de la boutique",
          "Vous avez un code promo ? Saisissez-le dans le champ et cliquez sur le bouton"]


def test_find_in_english_on_a_french_page() -> None:
    idx = domdex.build_index(_page(["Continuer mes achats", "Appliquer", "Valider la commande"],
                                   FRENCH))
    assert page_language(idx) == "fr"
    best = domdex.find(idx, "apply button").matches[0]
    assert idx.node(best.ref).name == "Appliquer"


def test_english_pages_never_read_the_glossary(monkeypatch: pytest.MonkeyPatch) -> None:
    """On an English page find never asks for a translation, so its results are the same
    with the glossary as without it."""
    def refuse(word: str, language: str) -> tuple[str, ...]:
        raise AssertionError(f"translations({word!r}, {language!r}) on an English page")

    monkeypatch.setattr(compounds, "translations", refuse)
    idx = domdex.build_index(_page(["Continue shopping", "Appliquer", "Place order"],
                                   ["Free delivery on all orders over $50 from our shop",
                                    "Have a promo code? Enter it in the field and press the "
                                    "button to get your discount"]))
    assert page_language(idx) == "en"
    assert domdex.find(idx, "apply the promo code").matches
    assert domdex.find(idx, "previous page").matches is not None
