"""Words in every script (issue 10): folding, unspaced scripts, stems, ids.

Pure functions, no browser: what find, the term index, region ids and read's relevance
share. The browser test of the same on a real page is tests/test_find_unicode.py.
"""

from __future__ import annotations

import pytest

from domdex.index.regions import camel_id
from domdex.index.terms import tokenize
from domdex.search.lexical import parse_query, stem, tokens
from domdex.words import fold, split_words, transliterate


@pytest.mark.parametrize(("text", "folded"), [
    ("Résumé", "resume"),
    ("re\u0301sume\u0301", "resume"),        # decomposed accents
    ("ＡＢＣ ｆｕｌｌ", "abc full"),           # full-width forms (NFKC)
    ("Straße", "strasse"),
    ("Ёлка", "елка"),                        # ё is written е
    ("Найти", "найти"),                      # й is a letter of its own: kept
    ("a\u200db\u200e", "ab"),                # zero-width joiner, left-to-right mark
    ("Ἀθῆναι", "αθηναι"),
])
def test_fold(text: str, folded: str) -> None:
    assert fold(text) == folded


def test_every_script_gives_words() -> None:
    assert tokens("Résumé (PDF or TXT)") == ("resume", "pdf", "or", "txt")
    assert tokens("Подписаться на рассылку") == ("подписаться", "на", "рассылку")
    assert "购物" in tokens("加入购物车") and "物车" in tokens("加入购物车")
    assert split_words("iPhone手机") == ["iphone", "手机"]
    assert tokens("سلة التسوق") == ("سلة", "التسوق")
    assert tokenize("Подписаться на рассылку") == ["подписаться", "рассылку"]


def test_english_tokens_are_what_they_were() -> None:
    assert tokens("os.walk() dir_fd --help ¶") == (
        "os.walk()", "os.walk", "os", "walk", "dir_fd", "dir", "fd", "--help", "help", "¶")
    assert tokenize("Add to Cart 2024") == ["add", "cart", "2024"]


def test_a_dunder_name_is_one_token_with_its_parts() -> None:
    """"SpecifierSet.__and__" was cut into "specifierset", "." and the stopword "and": the
    method's name was lost and a lone "." became a request term."""
    assert tokens("SpecifierSet.__and__()") == (
        "specifierset.__and__()", "specifierset.__and__", "specifierset", "and")
    assert tokens("__init__") == ("__init__", "init")
    assert "." not in parse_query("the SpecifierSet.__and__ entry").terms


def test_stems_by_script() -> None:
    assert stem("адресе") == stem("адрес")
    assert stem("доставки") == stem("доставка")
    assert stem("installing") == stem("install")
    q = parse_query("поле город в адресе доставки")
    assert "в" not in q.terms and "город" in q.terms


def test_region_ids_stay_ascii() -> None:
    assert camel_id("Адрес доставки") == "AdresDostavki"
    assert camel_id("Adresse de livraison") == "AdresseDeLivraison"
    assert camel_id("Données personnelles") == "DonneesPersonnelles"
    assert camel_id("عنوان التسليم") == ""    # no transliteration: named by position
    assert camel_id("配送地址") == ""
    assert transliterate("Щука") == "shchuka"


@pytest.mark.parametrize("text", ["", "\u200b", "🛒", "\u0301", "‮abc", "a" * 5000,
                                  "🏳️‍🌈 флаг", "\ufeffx", "ﷺ", "\U0001F600" * 50])
def test_odd_text_never_raises(text: str) -> None:
    tokens(text)
    split_words(text)
    tokenize(text)
    parse_query(text or "x")
    camel_id(text)
