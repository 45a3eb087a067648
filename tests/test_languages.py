"""The page's language and the word relations find uses on pages not in English (issue 10).

Pure functions and in-memory snapshots, no browser. The measured effect on real pages is
``bench/i18n.py`` (tuned tasks) and ``bench/i18n.py --tasks bench/tasks/i18n_heldout.jsonl``.
"""

from __future__ import annotations

import contextlib
import random

import pytest

import domdex
from domdex import Node, Snapshot
from domdex.compounds import related_words
from domdex.errors import DomdexError
from domdex.languages import current_language, detect_language, page_language, speaking
from domdex.search.lexical import english_stem, parse_query, stem

ENGLISH = ["Sign in to your account", "Add to cart", "The price of this item is $20",
           "Deutsch", "Français", "Español", "Search the documentation and the API"]


@pytest.mark.parametrize(("texts", "lang"), [
    (ENGLISH, "en"),
    (["Melde dich an, um Bestellungen zu verfolgen und deinen Merkzettel zu sehen.",
      "In den Warenkorb", "Die Lieferadresse ist nicht mit der Rechnungsadresse identisch",
      "Zahlungspflichtig bestellen", "Noch kein Kundenkonto? Jetzt registrieren"], "de"),
    (["Les frais de livraison sont offerts dès 50 €", "Ajouter au panier",
      "Vous avez oublié votre mot de passe ?", "Code promo", "Créer un compte pour suivre"],
     "fr"),
    (["Подписаться на рассылку", "Оформить заказ"], "ru"),
    (["お気に入りに追加", "カートに入れる"], "ja"),
    (["加入购物车", "立即结算"], "zh"),
    (["أضف إلى السلة"], "ar"),
    ([], "en"),
    (["", "🛒", "\u200b"], "en"),
])
def test_detect_language(texts: list[str], lang: str) -> None:
    assert detect_language(texts) == lang


def test_a_few_foreign_words_do_not_make_a_page_foreign() -> None:
    """A language switcher or a German product name on an English page decides nothing."""
    texts = [*ENGLISH, "Wanderschuhe für den Winter", "und", "der Preis"]
    assert detect_language(texts) == "en"


ADMIN_TABLE = ["Ayşe Demir", "a.demir@example.de", "Aktiv", "heute, 08:12", "Bearbeiten",
               "Klaus Becker", "k.becker@example.de", "Gesperrt", "Benutzer"]


@pytest.mark.parametrize(("declared", "lang"), [
    ("de", "de"), ("de-AT", "de"), ("DE_ch", "de"), ("", "en"), ("en", "en"),
    ("xx", "en"), ("ru", "en"),  # a script is read from the letters, never declared
])
def test_a_declared_language_decides_a_page_of_few_words(declared: str, lang: str) -> None:
    """A table of names and dates has too few function words to tell its language; the
    document's ``<html lang>`` tells it (issue 10's German admin page: *den letzten
    Benutzer bearbeiten* was read as English, so no German word relation applied)."""
    assert detect_language(ADMIN_TABLE, declared) == lang


def test_a_declared_language_yields_to_plain_english() -> None:
    """A template's ``lang="de"`` over English texts: the texts win."""
    assert detect_language(ENGLISH * 3, "de") == "en"
    assert detect_language(["Подписаться на рассылку"], "en") == "ru"


def test_ordinals_of_the_page_language() -> None:
    with speaking("de"):
        assert parse_query("den letzten Benutzer bearbeiten").ordinal == -1
        assert parse_query("die zweite Stelle merken").ordinal == 2
    with speaking("fr"):
        assert parse_query("signaler le dernier commentaire").ordinal == -1
        assert parse_query("le billet en seconde").ordinal is None  # a class, not 2nd
    with speaking("ru"):
        assert parse_query("открыть последнее письмо").ordinal == -1
    with speaking("zh"):
        assert parse_query("把列表里最后一个议题关掉").ordinal == -1
    assert parse_query("den letzten Benutzer bearbeiten").ordinal is None  # English page


@pytest.mark.parametrize(("term", "vocab", "meets"), [
    ("adresse", ["lieferadresse", "ort"], "lieferadresse"),            # compound head
    ("lieferland", ["land", "lieferadresse"], "land"),                  # compound split
    ("plz", ["postleitzahl", "ort"], "postleitzahl"),                   # abbreviation
])
def test_german_word_relations(term: str, vocab: list[str], meets: str) -> None:
    with speaking("de"):
        assert meets in dict(related_words(term, vocab, stem))


@pytest.mark.parametrize(("term", "vocab", "meets"), [
    ("сортировать", ["сортировка"], "сортировка"),                     # one root
    ("скопировать", ["копировать"], "копировать"),                     # verbal prefix
    ("процитировать", ["цитировать"], "цитировать"),
])
def test_russian_word_relations(term: str, vocab: list[str], meets: str) -> None:
    with speaking("ru"):
        assert meets in dict(related_words(term, vocab, stem))


def test_nothing_changes_on_english_pages() -> None:
    assert current_language() is None
    assert related_words("name", ["username", "names"], stem) == []
    with speaking("en"):
        assert current_language() is None
        assert related_words("word", ["password"], stem) == []
        assert stem("running") == english_stem("running")
        assert parse_query("Tabelle der Umgebungsvariablen").roles == set()


def test_request_words_of_the_page_language() -> None:
    with speaking("de"):
        assert "table" in parse_query("Tabelle der Umgebungsvariablen").roles
        assert parse_query("Regenjacke für Herren in den Warenkorb").head == []
        assert stem("bestellungen") == stem("bestellung")  # Snowball German


def _page(names: list[str]) -> Snapshot:
    nodes = [Node(ref="e1", parent=None, tag="body")]
    for i, name in enumerate(names, 2):
        nodes.append(Node(ref=f"e{i}", parent="e1", tag="button", role="button", name=name))
    return Snapshot(url="http://example.test/", title="", nodes=nodes)


ODD = ["Liefer\u00adadresse", "Чаи\u0306ник", "👩\u200d🍳 Рецепты", "\u200fتأكيد الطلب\u200e",
       "保温\u200b杯", "ｽﾃﾝﾚｽﾎﾞﾄﾙ", "Ａ５ノート", "re\u0301sume\u0301", "Mix Смесь 混合 مزيج",
       "🛒🛒🛒", "\u202eevil\u202c", "x\u0301\u0302\u0303\u0304", "\ufeff", "ـــ", "İstanbul ß ǅ"]


@pytest.mark.parametrize("lang_words", [
    ["und", "der", "die", "das", "mit", "auf", "den", "ist", "nicht", "zum"],  # German page
    ["Подписаться", "Оформить заказ", "Корзина"],                               # Russian page
    ["お気に入りに追加", "カートに入れる", "検索"],                                # Japanese
])
def test_odd_names_and_requests_on_foreign_pages_never_raise(lang_words: list[str]) -> None:
    """Mixed scripts, emoji, zero-width and bidi marks, combining accents: a result or a
    DomdexError, on the code paths only foreign pages take."""
    rng = random.Random(10)
    idx = domdex.build_index(_page(lang_words * 3 + ODD))
    assert page_language(idx) != "en"
    for _ in range(60):
        query = "".join(rng.choice(ODD + lang_words + [" ", "PLZ", "сколько", "de"])
                        for _ in range(rng.randrange(1, 5)))
        with contextlib.suppress(DomdexError):
            str(domdex.find(idx, query))


def test_snowball_stems_are_right_when_threads_stem_at_once() -> None:
    """A find and the session's warmer stem on two threads; a shared Snowball stemmer
    gave one thread the other's word (wrong stems, or an exception)."""
    import sys
    import threading

    from domdex.words import snowball_stem

    words = ["Entwicklungsservers", "Lieferadresse", "kopieren", "Bestellungen",
             "Anmeldung", "Postleitzahlen"] * 1500
    want = {w: snowball_stem(w, "german") for w in set(words)}
    wrong: list[str] = []

    def stem_all(ws: list[str]) -> None:
        for w in ws:
            try:
                if snowball_stem(w, "german") != want[w]:
                    wrong.append(w)
            except Exception:  # a shared stemmer's state breaks: IndexError, AssertionError
                wrong.append(w)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as the interpreter can
    try:
        threads = [threading.Thread(target=stem_all, args=(words[k::3],)) for k in range(3)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert not wrong
