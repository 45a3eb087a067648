"""Words in every script: folding, word runs, no-space scripts and stems (issue 10).

Why one module: find, the hashing embedder, the region term index, region ids and
``read``'s relevance all cut text into words. They used ASCII-only patterns, so a
Cyrillic or Chinese name gave no words at all and ``Résumé`` gave ``r``, ``sum``. Every
one of them now asks this module, so a word means the same thing everywhere.

- :func:`fold` is what words are compared by: NFKC (full-width forms, ligatures),
  format characters dropped (zero-width joiners, bidi marks, soft hyphens), casefolded,
  and diacritics folded on Latin and Greek letters (*resume* meets *Résumé*) and *ё* to
  *е* — never where a mark makes another letter (*й*) or carries meaning (Devanagari,
  Thai, kana's dakuten). Display text is never folded.
- :func:`split_words` cuts folded text into runs of letters and digits of any script;
  a run of a script written without spaces (Han, kana, Thai …) becomes its character
  bigrams (plus the run itself when short), so "购物车" meets "加入购物车".
- :func:`stem` is the English light stemmer the finder was fitted with for Latin words,
  and a Snowball stemmer for Cyrillic (Russian), Greek and Arabic words, chosen by the
  word's script: a page's words carry no language tag, their script does.

Everything has a fast path for ASCII, which is most of what an English page holds.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from functools import lru_cache

__all__ = ["IDENTIFIER_PARTS", "OTHER_STOPWORDS", "fold", "has_unspaced", "is_unspaced_char",
           "script_stem", "snowball_stem", "split_words", "transliterate"]

#: Letters and digits of any script (``_`` is a word character to ``\w`` but not ours).
WORD = re.compile(r"[^\W_]+")
#: Where a class or id value splits into words: kebab, snake and camel case
#: (``email-forward``, ``close_btn``, ``jp-collapseHeadingButton``).
IDENTIFIER_PARTS = re.compile(r"[-_\s]+|(?<=[a-z])(?=[A-Z])")

#: The commonest function words of Russian, German, French, Spanish, Italian and
#: Portuguese, folded (no accents), minus those that are also English UI words ("no",
#: "am", "mon", "per", "del", "die", "come", "os" …): a request's "в", "für", "de" name
#: nothing on the page.
OTHER_STOPWORDS = frozenset("""
    в во на и или с со к по для из от у о об за не что это где как мне
    der das den dem des ein eine einen einem und oder zu zum zur von im
    fur auf ich mich mein meine wo wie bitte
    le les un une du de et au aux en pour sur dans avec ce cet cette je mes
    los las una unos al con por para en mis donde como que
    il gli uno di da nel sul mio
    uma ou dos das na com para meu onde
""".split())  # noqa: SIM905 - a word list reads best as words

#: Code-point ranges of scripts written without spaces between words.
_UNSPACED = (
    (0x0E00, 0x0EFF),  # Thai, Lao
    (0x1000, 0x109F),  # Myanmar
    (0x1780, 0x17FF),  # Khmer
    (0x3040, 0x30FF),  # Hiragana, Katakana
    (0x3400, 0x4DBF),  # CJK Extension A
    (0x4E00, 0x9FFF),  # CJK Unified Ideographs
    (0xF900, 0xFAFF),  # CJK Compatibility Ideographs
    (0x20000, 0x2FA1F),  # CJK Extensions B…
)
#: Runs of an unspaced script this short are kept whole besides their bigrams.
SHORT_RUN = 6


def is_unspaced_char(ch: str) -> bool:
    o = ord(ch)
    return any(lo <= o <= hi for lo, hi in _UNSPACED)


def has_unspaced(text: str) -> bool:
    return not text.isascii() and any(is_unspaced_char(c) for c in text)


def _foldable(base: str, mark: str) -> bool:
    """Whether ``mark`` on ``base`` is an accent that matching can ignore.

    Latin and Greek accents are (*é*, *ñ*, *ά*); on Cyrillic only the diaeresis is
    (*ё* is written *е* every day), never the breve that makes *й* its own letter.
    """
    o = ord(base)
    if o < 0x0400 or 0x1E00 <= o <= 0x1FFF:
        return True
    return 0x0400 <= o < 0x0530 and mark == "\u0308"


#: Latin letters that carry a stroke, not a combining accent, so NFD keeps them whole:
#: folded like accents ("Søren" meets "Soren", "Łukasz" meets "Lukasz").
_STROKED = str.maketrans({"ø": "o", "ł": "l", "đ": "d", "ħ": "h", "ŧ": "t", "ƀ": "b",
                          "ı": "i", "æ": "ae", "œ": "oe"})


@lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """``text`` as words are compared: NFKC, no format characters, casefolded, unaccented."""
    if text.isascii():
        return text.lower()
    text = unicodedata.normalize("NFKC", text)
    text = "".join(c for c in text if unicodedata.category(c) != "Cf").casefold()
    out: list[str] = []
    base = ""
    for c in unicodedata.normalize("NFD", text):
        if unicodedata.combining(c):
            if base and _foldable(base, c):
                continue  # an accent matching ignores: folded away
        else:
            base = c
        out.append(c)
    return unicodedata.normalize("NFC", "".join(out)).translate(_STROKED)


def _bigrams(run: str) -> list[str]:
    if len(run) <= 2:
        return [run]
    grams = [run[i:i + 2] for i in range(len(run) - 1)]
    return [run, *grams] if len(run) <= SHORT_RUN else grams


def split_unspaced(word: str) -> list[str]:
    """A word with unspaced-script characters: its other parts whole, those as bigrams."""
    out: list[str] = []
    run: list[str] = []
    rest: list[str] = []
    for c in word:
        if is_unspaced_char(c):
            if rest:
                out.append("".join(rest))
                rest = []
            run.append(c)
        else:
            if run:
                out.extend(_bigrams("".join(run)))
                run = []
            rest.append(c)
    if run:
        out.extend(_bigrams("".join(run)))
    if rest:
        out.append("".join(rest))
    return out


def split_words(text: str) -> list[str]:
    """The words of ``text`` (folded), unspaced scripts as bigrams."""
    folded = fold(text)
    words = WORD.findall(folded)
    if folded.isascii():
        return words
    out: list[str] = []
    for w in words:
        out.extend(split_unspaced(w) if has_unspaced(w) else (w,))
    return out


def _script_of(word: str) -> str | None:
    for c in word:
        o = ord(c)
        if 0x0400 <= o <= 0x052F:
            return "russian"
        if 0x0370 <= o <= 0x03FF or 0x1F00 <= o <= 0x1FFF:
            return "greek"
        if 0x0600 <= o <= 0x06FF or 0x0750 <= o <= 0x077F:
            return "arabic"
    return None


#: Snowball's stemmers by language, one set per thread: a stemmer keeps the word it is
#: working on in itself, so two threads sharing one (a find, and the session's warmer
#: building another page's matcher) got each other's stems, or an IndexError.
_THREAD = threading.local()


def _stemmer(language: str):  # type: ignore[no-untyped-def]
    stemmers = getattr(_THREAD, "stemmers", None)
    if stemmers is None:
        stemmers = _THREAD.stemmers = {}
    found = stemmers.get(language)
    if found is None:
        import snowballstemmer

        found = stemmers[language] = snowballstemmer.stemmer(language)
    return found


def snowball_stem(word: str, language: str) -> str:
    """``word``'s stem by Snowball's stemmer for ``language`` ("german", "french" …)."""
    return str(_stemmer(language).stemWord(word))


@lru_cache(maxsize=65536)
def script_stem(word: str) -> str | None:
    """The Snowball stem of a Cyrillic, Greek or Arabic word; None for other scripts."""
    if word.isascii():
        return None
    language = _script_of(word)
    if language is None:
        return None
    return str(_stemmer(language).stemWord(word))


_TRANSLIT = {
    # Cyrillic (a plain, readable romanisation: ids only, never shown as the name)
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ж": "zh", "з": "z",
    "и": "i", "й": "i", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p",
    "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch",
    "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "iu", "я": "ia",
    "і": "i", "ї": "i", "є": "ie", "ґ": "g", "ў": "u",
    # Greek
    "α": "a", "β": "v", "γ": "g", "δ": "d", "ε": "e", "ζ": "z", "η": "i", "θ": "th",
    "ι": "i", "κ": "k", "λ": "l", "μ": "m", "ν": "n", "ξ": "x", "ο": "o", "π": "p",
    "ρ": "r", "σ": "s", "ς": "s", "τ": "t", "υ": "y", "φ": "f", "χ": "ch", "ψ": "ps",
    "ω": "o",
    # German and Nordic letters that folding keeps
    "ß": "ss", "æ": "ae", "ø": "o", "œ": "oe", "ł": "l", "đ": "d", "þ": "th",
}


def transliterate(word: str) -> str:
    """An ASCII rendering of a Latin, Greek or Cyrillic word; '' when it has none."""
    folded = fold(word)
    if folded.isascii():
        return folded
    out = []
    for c in folded:
        if c.isascii():
            out.append(c)
        elif c in _TRANSLIT:
            out.append(_TRANSLIT[c])
        else:
            return ""  # Arabic, Han, kana …: no transliteration worth an id
    return "".join(out)
