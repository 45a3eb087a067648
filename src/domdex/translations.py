"""English interface words in other languages: what a page says for "apply" (issue 10).

An agent often writes its request in English whatever the page's language: "apply the
promo code" on a French shop whose button says *Appliquer*, "previous page" over
*Précédent*, "add to favourites" over *お気に入りに追加*. :func:`translations` gives, for
an English request word and a page language, the words that language's interfaces use
for it.

The words come from ``ui_glossary.json.gz`` (package data), made by
``scripts/build_ui_glossary.py`` from Chromium's interface strings and their
translations (Debian's ``chromium`` and ``chromium-l10n``, BSD-3-Clause): each short
English string is paired with its translation by id, and words are aligned by how often
they appear together. Nothing in it is written by hand. Keys are English stems
(:func:`~domdex.search.lexical.english_stem`); values are folded words (Latin, Cyrillic,
Arabic …) or runs of characters (Chinese, Japanese), best first.

Read once, on the first request word looked up on a page that is not in English.
"""

from __future__ import annotations

import gzip
import json
from functools import cache
from importlib import resources

from .search.lexical import english_stem
from .words import fold

__all__ = ["glossary_languages", "is_interface_word", "translations"]

_DATA = "ui_glossary.json.gz"


@cache
def _glossary() -> dict[str, dict[str, tuple[str, ...]]]:
    raw = resources.files("domdex").joinpath(_DATA).read_bytes()
    data = json.loads(gzip.decompress(raw))
    out: dict[str, dict[str, tuple[str, ...]]] = {}
    for language, words in data["languages"].items():
        table: dict[str, tuple[str, ...]] = {}
        for english, found in words.items():
            key = english_stem(english)
            # folded again: the file was folded before stroked letters were (nœud)
            table[key] = table.get(key, ()) + tuple(fold(w) for w in found.split())
        out[language] = table
    return out


def glossary_languages() -> frozenset[str]:
    """The page languages the glossary has words for."""
    return frozenset(_glossary())


def translations(word: str, language: str) -> tuple[str, ...]:
    """What interfaces in ``language`` say for the English ``word`` (folded), best first;
    () for a word or language the glossary does not hold."""
    table = _glossary().get(language)
    if not table or not word.isascii():
        return ()
    return table.get(english_stem(word), ())


@cache
def _interface_stems() -> frozenset[str]:
    return frozenset(key for table in _glossary().values() for key in table)


def is_interface_word(word: str) -> bool:
    """Whether the English ``word`` is one of the interface's own (Chromium's strings say
    it: "page", "settings", "sign"), as a name of a person or a thing is not."""
    return english_stem(word) in _interface_stems()
