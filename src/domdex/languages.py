"""Which language a page is written in, and the find call that runs in it (issue 10).

A word carries no language tag, and on Latin-script pages its script says nothing:
*adresse* is French and German, *die* is German and English. A page of a few hundred
words does say, through its function words ("und", "der", "les", "para"), and for other
scripts through its letters. :func:`page_language` reads that once per capture.

Why per page, not per element: an element's name is two or three words ("Postleitzahl",
"Code promo"), too few to tell languages apart; the page around it is the same language
in all but the rarest cases (a language switcher lists "English" on a German page,
which decides nothing).

English stays English to the byte: a page whose function words are not clearly another
language's (at least :data:`MIN_HITS` hits and :data:`MARGIN` times English's) is
``"en"``, and find then runs exactly as it did before languages were told apart.

:func:`in_page_language` wraps find: it sets :data:`PAGE_LANGUAGE` for the call, so the
stemmer (:func:`domdex.search.lexical.stem`) and the matcher's cross-word rules
(:mod:`domdex.compounds`) know which language the page's words are in.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

from .words import WORD, fold

__all__ = ["PAGE_LANGUAGE", "current_language", "detect_language", "in_page_language",
           "is_function_word", "page_language", "snowball_name", "speaking"]

#: The language of the page find is working on ("en", "de", "ru", "ja" …), or None.
PAGE_LANGUAGE: ContextVar[str | None] = ContextVar("domdex_page_language", default=None)

#: The commonest function words of each Latin-script language, folded (no accents);
#: not words that are also English words or common abbreviations ("as", "no", "do",
#: "com", "es", "un"), which English pages, tables of data and code are full of.
_FUNCTION_WORDS = {
    "en": "the and of to for is with you your this that are be or by from at as it not "
          "can all more our we will have has was",
    "de": "der die das und ist nicht mit den dem des ein eine einen einem sie ich wir "
          "auf fur von zum zur im bei oder auch wird werden sich ihr ihre unsere dein "
          "deine alle nach uber wie noch nur",
    "fr": "le la les des et est une du pour dans avec sur vous votre vos nous pas ce cette "
          "qui que au aux par plus ou ne sont tous",
    "es": "el la los las una del para con por que su sus como este esta todos nuestro "
          "usted tiene",
    "it": "il la gli della delle dei per che non sono nel questo questa tutti",
    "pt": "dos das uma para que nao seu sua mais voce este esta",
    "nl": "het een en van op te dat voor met niet zijn je uw wij ook aan bij naar deze",
}
_WORD_LANGS: dict[str, set[str]] = {}
for _lang, _words in _FUNCTION_WORDS.items():
    for _w in _words.split():
        _WORD_LANGS.setdefault(_w, set()).add(_lang)


def is_function_word(word: str, language: str | None = None) -> bool:
    """Whether the folded ``word`` is one of the commonest function words of
    ``language`` (of any Latin-script language when None): "der", "les", "para"."""
    langs = _WORD_LANGS.get(word, ())
    return bool(langs) if language is None else language in langs


#: Hits another language needs, how many times English's, and its share of the words.
MIN_HITS = 5
MARGIN = 2.0
MIN_SHARE = 0.03
#: Letters of a script must be this share of the page's letters to name its language.
SCRIPT_SHARE = 0.3

#: Snowball's name for each Latin-script language it stems (Cyrillic, Greek and Arabic
#: words are stemmed by their script on any page: :func:`domdex.words.script_stem`).
_SNOWBALL = {"de": "german", "fr": "french", "es": "spanish", "it": "italian",
             "pt": "portuguese", "nl": "dutch"}


def snowball_name(language: str | None) -> str | None:
    """Snowball's stemmer for the Latin words of a page in ``language``; None for English
    and for pages in other scripts (their Latin words are mostly English)."""
    return _SNOWBALL.get(language or "")


def _script_language(letters: list[str], ascii_letters: int) -> str | None:
    counts = {"cyrillic": 0, "arabic": 0, "greek": 0, "kana": 0, "han": 0, "hangul": 0,
              "thai": 0, "hebrew": 0, "all": ascii_letters + len(letters)}
    for c in letters:
        o = ord(c)
        if o < 0x0370:
            continue
        key = ("cyrillic" if 0x0400 <= o <= 0x052F else
               "greek" if 0x0370 <= o <= 0x03FF else
               "hebrew" if 0x0590 <= o <= 0x05FF else
               "arabic" if 0x0600 <= o <= 0x06FF or 0x0750 <= o <= 0x077F else
               "thai" if 0x0E00 <= o <= 0x0E7F else
               "kana" if 0x3040 <= o <= 0x30FF or 0xFF66 <= o <= 0xFF9F else
               "han" if 0x4E00 <= o <= 0x9FFF or 0x3400 <= o <= 0x4DBF else
               "hangul" if 0xAC00 <= o <= 0xD7AF else None)
        if key:
            counts[key] += 1
    total = max(1, counts.pop("all"))
    if counts["kana"] >= 0.05 * total and counts["kana"] + counts["han"] >= SCRIPT_SHARE * total:
        return "ja"  # Japanese writes kana between its kanji; Chinese never does
    names = {"cyrillic": "ru", "arabic": "ar", "greek": "el", "han": "zh", "hangul": "ko",
             "thai": "th", "hebrew": "he", "kana": "ja"}
    script, n = max(counts.items(), key=lambda kv: kv[1])
    return names[script] if n >= SCRIPT_SHARE * total else None


def detect_language(texts: Iterable[str], declared: str = "") -> str:
    """The language of a page's texts: a code ("de", "ru", "ja" …), "en" when unsure.

    ``declared`` is what the document says it is (``<html lang="de-AT">``). A Latin-script
    language it declares is taken unless its texts are clearly English: an admin table of
    names and dates holds too few function words to tell, and says *Bearbeiten* all the
    same. A template's ``lang="en"`` over a German page is no evidence against German."""
    letters: list[str] = []
    ascii_letters = n_words = 0
    hits: dict[str, int] = dict.fromkeys(_FUNCTION_WORDS, 0)
    for text in texts:
        if not text:
            continue
        if text.isascii():
            ascii_letters += sum(map(str.isalpha, text))
        else:
            letters.extend(c for c in text if c.isalpha())
        words = WORD.findall(fold(text))
        n_words += len(words)
        for w in words:
            for lang in _WORD_LANGS.get(w, ()):
                hits[lang] += 1
    by_script = _script_language(letters, ascii_letters)
    if by_script is not None:
        return by_script
    en = hits.pop("en")
    said = declared.split("-")[0].split("_")[0].strip().lower()
    if said in hits and not (en >= MIN_HITS and en >= MARGIN * hits[said]):
        return said
    lang, n = max(hits.items(), key=lambda kv: kv[1])
    clear = n >= MIN_HITS and n >= MARGIN * en and n >= MIN_SHARE * n_words
    return lang if clear else "en"


#: Characters of a page's text read to tell its language: plenty, and a big page's
#: first find does not pay for reading all of it.
SAMPLE_CHARS = 8000
#: Longer texts are a container's (its children's words again): left to the children.
_OWN_TEXT = 200


def _texts(idx: Any) -> Iterable[str]:
    left = SAMPLE_CHARS
    for node in getattr(idx, "nodes", ()):
        for text in (node.name, node.text if node.text != node.name else ""):
            if text and len(text) <= _OWN_TEXT:
                yield text
                left -= len(text)
        if left <= 0:
            return


_CACHE_KEY = "domdex.language"


def page_language(idx: Any) -> str:
    """The language of a PageIndex's page, detected once and kept on the index."""
    cache = getattr(idx, "cache", None)
    if isinstance(cache, dict) and _CACHE_KEY in cache:
        return str(cache[_CACHE_KEY])
    snapshot = getattr(idx, "snapshot", None)
    lang = detect_language(_texts(idx), getattr(snapshot, "language", "") or "")
    if isinstance(cache, dict):
        cache[_CACHE_KEY] = lang
    return lang


def current_language() -> str | None:
    """The page language of the find call running now; None outside one or on English."""
    lang = PAGE_LANGUAGE.get()
    return None if lang == "en" else lang


@contextmanager
def speaking(language: str | None) -> Iterator[None]:
    """Run the block with :data:`PAGE_LANGUAGE` set to ``language``, as find on such a
    page does."""
    token = PAGE_LANGUAGE.set(language)
    try:
        yield
    finally:
        PAGE_LANGUAGE.reset(token)


F = TypeVar("F", bound=Callable[..., Any])


def in_page_language(func: F) -> F:
    """Run ``func(idx, …)`` with :data:`PAGE_LANGUAGE` set to ``idx``'s page language."""

    @functools.wraps(func)
    def wrapper(idx: Any, *args: Any, **kwargs: Any) -> Any:
        with speaking(page_language(idx)):
            return func(idx, *args, **kwargs)

    return wrapper  # type: ignore[return-value]
