"""Words that meet without being equal: compounds, roots and prefixes (issue 10).

Find matches a request's word against the page's words exactly, by stem, by synonym
and by prefix. That is enough for English, whose words stand apart. Other languages
glue and inflect more, and the request and the page rarely glue or inflect alike:

- **compounds** (German, Dutch): the page says *Lieferadresse*, the request
  *Adresse* (the compound's head, at its end) or *Lieferland* (a compound the page
  never writes, made of a word the page has and the start of another);
- **roots**: *сортировать* (to sort) and *Сортировка* (sorting) share *сортиров*,
  but their stems differ; *Zahlungsart* and *Zahlungsmethode* share *zahlungs*;
- **verbal prefixes** (Russian): *скопировать* is *копировать* made perfective;
- **abbreviations**: *PLZ* for *Postleitzahl*;
- **translations**: an English request word on a page in another language meets the
  page's words for it (*apply* → *Appliquer*, *previous* → *Précédent*, *add* →
  *追加*), from :mod:`domdex.translations`, a glossary made from Chromium's own
  translations.

:func:`related_words` answers, for one request word, the page's words it meets this
way and how strongly (below a stem match). All but translations are read from the
page's own vocabulary. It is used only on pages that are not in English
(:func:`domdex.languages.current_language`), so English find is unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .languages import current_language
from .translations import translations
from .words import has_unspaced, split_unspaced

__all__ = ["related_words"]

#: How strongly each kind of relation matches (a stem match is 0.9, a prefix 0.6).
HEAD, SPLIT_HEAD, SPLIT_MODIFIER, ROOT, PREFIXED, ACRONYM = 0.6, 0.6, 0.45, 0.5, 0.9, 0.6
#: A compound the page never writes meeting one that shares its head or its modifier
#: (*Handynummer* / *Telefonnummer*, *Gehaltswunsch* / *Gehaltsvorstellung*): kin, not
#: the same thing, so weaker than a part the page writes alone.
SIBLING = 0.4
#: Shortest shared head or modifier that makes two compounds kin ("ung" is a suffix).
MIN_SHARED_PART = 5
#: An English request word meeting the page's word for it (*apply* / *Appliquer*).
TRANSLATION = 0.7

#: Languages that write compounds as one word, head last.
COMPOUNDING = frozenset({"de", "nl", "sv", "da", "no", "fi"})
#: Linking elements between a compound's parts (German *Rechnung-s-adresse*).
_LINKS = ("", "s", "es", "n", "en", "e")
#: Russian verbal prefixes (perfective and others): *с-копировать*, *про-цитировать*.
_PREFIX_WORDS = ("в во вз вс вы до за из ис на над о об обо от ото пере по под пред при "
                 "про раз рас с со у")
_SLAVIC_PREFIXES = tuple(sorted(_PREFIX_WORDS.split(), key=len, reverse=True))
#: Shortest word part that counts as a word of its own.
MIN_PART = 3
#: Shortest shared beginning that makes two words one root, and its share of the shorter.
MIN_ROOT, ROOT_SHARE = 6, 0.7
#: Shortest stem that meets another it is the whole beginning of.
MIN_SHORT_ROOT = 4

_VOWELS = frozenset("aeiouyäöü")


def related_words(term: str, vocab: Sequence[str], stem: Callable[[str], str]
                  ) -> list[tuple[str, float]]:
    """The page words (from ``vocab``) that ``term`` meets as a compound part, a root, a
    prefixed verb or an abbreviation, with the strength of each; [] on English pages."""
    lang = current_language()
    if lang is None or len(term) < MIN_PART or not term.isalpha():
        return []
    st = stem(term)
    found: dict[str, float] = {}

    def add(tok: str, strength: float) -> None:
        if tok != term and found.get(tok, 0.0) < strength:
            found[tok] = strength

    stems = {tok: stem(tok) for tok in vocab if tok.isalpha()}
    known = term in stems or st in stems.values()
    if lang in COMPOUNDING:
        _compound_heads(st, stems, add)
        if not known:
            _compound_split(term, stems, stem, add)
    if not known:
        _roots(st, stems, add)
        if lang == "ru":
            _prefixed(st, stems, add)
        if _abbreviation(term):
            _expansions(term, stems, add)
        if term.isascii():
            _translations(term, lang, stems, stem, add)
    return [(tok, s) for tok, s in found.items() if stems.get(tok) != st]


def _translations(term: str, lang: str, stems: dict[str, str], stem: Callable[[str], str],
                  add: Callable[[str, float], None]) -> None:
    """*apply* meets *Appliquer* (any form with its stem) on a French page, and *追加* on
    a Japanese one (a run of characters meets the page's words holding all its bigrams)."""
    by_stem: dict[str, list[str]] | None = None
    for word in translations(term, lang):
        grams = [p for p in split_unspaced(word) if p != word] if has_unspaced(word) else []
        if grams:  # Chinese, Japanese: the run's bigrams, all of them on the page
            if all(g in stems for g in grams):
                for g in (word, *grams):
                    add(g, TRANSLATION)
            continue
        if by_stem is None:
            by_stem = {}
            for tok, ts in stems.items():
                by_stem.setdefault(ts, []).append(tok)
        for tok in by_stem.get(stem(word), ()):
            add(tok, TRANSLATION)


def _compound_heads(st: str, stems: dict[str, str], add: Callable[[str, float], None]
                    ) -> None:
    """*adresse* meets *Lieferadresse*: the page word ends with the request word."""
    if len(st) < 4:
        return
    for tok, ts in stems.items():
        if len(ts) - len(st) >= MIN_PART and ts.endswith(st):
            add(tok, HEAD)


def _compound_split(term: str, stems: dict[str, str], stem: Callable[[str], str],
                    add: Callable[[str, float], None]) -> None:
    """*Lieferland* meets *Land* (its head) and *Lieferadresse* (its modifier's word)."""
    by_stem: dict[str, list[str]] = {}
    for tok, ts in stems.items():
        by_stem.setdefault(ts, []).append(tok)
    best: tuple[int, list[str], list[str]] | None = None
    for i in range(len(term) - MIN_PART, MIN_PART - 1, -1):
        head = by_stem.get(stem(term[i:]), [])
        if not head:
            continue
        left = term[:i]
        for link in _LINKS:
            if link and not left.endswith(link):
                continue
            mod = left[:len(left) - len(link)] if link else left
            if len(mod) < MIN_PART:
                continue
            mods = [tok for tok in stems if tok.startswith(mod) and tok != term]
            if mods and (best is None or len(mod) + len(term) - i > best[0]):
                best = (len(mod) + len(term) - i, head, mods)
    if best is not None:
        for tok in best[1]:
            add(tok, SPLIT_HEAD)
        for tok in best[2]:
            add(tok, SPLIT_MODIFIER)
    else:
        _compound_kin(term, stems, add)


def _compound_kin(term: str, stems: dict[str, str], add: Callable[[str, float], None]
                  ) -> None:
    """*Handynummer* meets *Telefonnummer* (the longest head they share) and
    *Gehaltswunsch* meets *Gehaltsvorstellung* (the longest modifier, with its link)."""
    for i in range(MIN_PART, len(term) - MIN_SHARED_PART + 1):  # longest head first
        head = term[i:]
        kin = [tok for tok in stems if tok.endswith(head) and len(tok) - len(head) >= MIN_PART]
        if kin:
            for tok in kin:
                add(tok, SIBLING)
            break
    for i in range(len(term) - MIN_PART, MIN_SHARED_PART - 1, -1):  # longest modifier first
        mod = term[:i]
        kin = [tok for tok in stems if tok.startswith(mod) and len(tok) - len(mod) >= MIN_PART
               and tok != term]
        if kin:
            for tok in kin:
                add(tok, SIBLING)
            break


def _shared(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def _roots(st: str, stems: dict[str, str], add: Callable[[str, float], None]) -> None:
    """*сортировать* meets *Сортировка*: a long shared beginning is one root; so does a
    stem that is all of another but a letter or two (*Сергея* and *Сергей*, stemmed
    *серге* and *серг*)."""
    if len(st) < MIN_SHORT_ROOT:
        return
    for tok, ts in stems.items():
        short = min(len(st), len(ts))
        if short < MIN_SHORT_ROOT:
            continue
        n = _shared(st, ts)
        if (n >= MIN_ROOT and n >= ROOT_SHARE * short) or \
                (n == short and abs(len(st) - len(ts)) <= 2):
            add(tok, ROOT)


def _unprefixed(st: str) -> set[str]:
    """A stem and the stems left when a verbal prefix comes off (stems end, not start)."""
    return {st, *(st[len(p):] for p in _SLAVIC_PREFIXES
                  if st.startswith(p) and len(st) - len(p) >= 4)}


def _prefixed(st: str, stems: dict[str, str], add: Callable[[str, float], None]) -> None:
    """*скопировать* meets *Копировать* (and the reverse): a verbal prefix apart."""
    mine = _unprefixed(st)
    for tok, ts in stems.items():
        if ts != st and mine & _unprefixed(ts):
            add(tok, PREFIXED)


def _abbreviation(term: str) -> bool:
    """A short request word without vowels reads as an abbreviation (*PLZ*, *MwSt*)."""
    return 2 <= len(term) <= 5 and term.isascii() and not (set(term) & _VOWELS)


def _expansions(term: str, stems: dict[str, str], add: Callable[[str, float], None]) -> None:
    """*plz* meets *Postleitzahl*: a long word starting with its first letter and holding
    the rest in order."""
    for tok in stems:
        if tok[0] != term[0] or len(tok) < 2 * len(term) + 2:
            continue
        pos = 1
        for ch in term[1:]:
            pos = tok.find(ch, pos) + 1
            if not pos:
                break
        else:
            add(tok, ACRONYM)
