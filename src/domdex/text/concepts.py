"""Concepts: the key phrases a section is about, the nodes of the knowledge graph.

Pure and offline, no model. A candidate is a run of one to three content words (no
stop words, no bare numbers) — "scissor keyboard", "subprocess", "pricing plans".
It scores by how often the section says it, more when it is in the heading (a heading
names its topic) and when it is a multi-word phrase or capitalised (names of things).
Phrases are identified by their stemmed form, so "keyboards" and "keyboard" are one
concept; the first spelling seen is the display name.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .relevance import STOPWORDS, stem

_TOKEN = re.compile(r"[^\W_][\w'’.-]*[^\W_]|[^\W_]", re.UNICODE)
_POSSESSIVE = re.compile(r"['’](?:s|re|ll|ve|d|t)$", re.IGNORECASE)
_BREAK = re.compile(r"[.,;:!?()\[\]{}\"“”«»|/\n]+")
#: Words too generic to be concepts on their own.
GENERIC = frozenset(
    """
    also more most other some such only just very like new one two three first last
    see use used using may might must should could would get got make made many much
    well back even way time year years said says say per via e.g i.e etc here there
    however therefore thus example note read click page pages advertisement
    advertising sponsored subscribe share shares comments comment photo image credit
    getty about above after again against all any because before being below between
    both down during each few further into its itself nor not off once onto out over own
    same too under until while within without whether yet upon across along among around
    behind beyond despite toward towards via already always never often sometimes still
    today yesterday tomorrow now then thing things lot lots part parts kind way ways
    none true false return returns default defaults value values argument arguments
    parameter parameters function functions method methods object objects class
    instance instances type types
    """.split()  # noqa: SIM905
)
#: An API heading such as ``shutil.copytree(src, dst, symlinks=False)``.
_SIGNATURE = re.compile(r"^(?:[a-z]+\s+)*([\w.]+)\s*[(\[]")
MAX_WORDS = 3


@dataclass(frozen=True)
class Concept:
    """A concept of a text: stemmed ``key``, display ``name`` and ``weight`` (max 1)."""

    key: str
    name: str
    weight: float


def concept_key(phrase: str) -> str:
    """The identity of a phrase: its lower-cased, stemmed words."""
    return " ".join(stem(w) for w in phrase.lower().split())


def _candidates(text: str) -> Iterable[tuple[str, bool]]:
    """``(phrase, capitalised)`` for every 1–3-word run of content words."""
    for chunk in _BREAK.split(text):
        run: list[str] = []
        for word in [*_TOKEN.findall(chunk), ""]:
            word = _POSSESSIVE.sub("", word)  # "Apple’s" → "Apple", "there’s" → "there"
            low = word.lower().strip(".-'’")
            if (
                low
                and low not in STOPWORDS
                and low not in GENERIC
                and not low.isdigit()
                and len(low) > 2
            ):
                run.append(word.strip(".-'’"))
                continue
            for size in range(1, MAX_WORDS + 1):
                for i in range(len(run) - size + 1):
                    words = run[i : i + size]
                    yield " ".join(words), all(w[:1].isupper() for w in words)
            run = []


def extract_concepts(heading: str, text: str, limit: int = 5) -> list[Concept]:
    """The ``limit`` strongest concepts of one section.

    A body phrase must come back at least twice (once is chance wording such as "acme
    cloud watches"), unless the section is short; a heading phrase always counts.
    """
    score: dict[str, float] = {}
    seen: Counter[str] = Counter()
    titled: set[str] = set()
    names: dict[str, str] = {}
    short = len(text) <= 300
    signature = _SIGNATURE.match(heading)
    if signature:  # the API name is the concept, not its parameter names
        heading = signature.group(1)
    for source, boost in ((heading, 3.0), (text, 1.0)):
        for phrase, capital in _candidates(source):
            key = concept_key(phrase)
            score[key] = score.get(key, 0.0) + boost * (1.3 if capital else 1.0)
            seen[key] += 1
            if boost > 1:
                titled.add(key)
            names.setdefault(key, phrase.lower())
    for key in score:  # a repeated phrase is a name of a thing; a one-off pair is wording
        words = len(key.split())
        score[key] += min(len(key), 15) / 100  # ties: the longer word is the more specific
        if words > 1:
            score[key] *= 1.0 + 0.5 * (words - 1) if seen[key] >= 2 or key in titled else 0.5
    keep = [
        (k, v) for k, v in score.items()
        if k in titled or seen[k] >= 2 or (short and len(k.split()) <= 2)
    ]
    keep.sort(key=lambda kv: -kv[1])
    ranked = _drop_contained(keep)[:limit]
    if not ranked:
        return []
    top = ranked[0][1]
    return [Concept(k, names[k], round(s / top, 4)) for k, s in ranked]


def _drop_contained(ranked: Sequence[tuple[str, float]]) -> list[tuple[str, float]]:
    """Drop a word when a stronger phrase containing it is already kept."""
    kept: list[tuple[str, float]] = []
    for key, score in ranked:
        if any(f" {key} " in f" {k} " and s >= score * 0.8 for k, s in kept):
            continue
        kept.append((key, score))
    return kept


def merge(concept_lists: Iterable[Sequence[Concept]], limit: int = 20) -> list[Concept]:
    """Page concepts: the sum of its sections' concepts, strongest first, max 1."""
    total: dict[str, float] = {}
    names: dict[str, str] = {}
    for concepts in concept_lists:
        for c in concepts:
            total[c.key] = total.get(c.key, 0.0) + c.weight
            names.setdefault(c.key, c.name)
    ranked = sorted(total.items(), key=lambda kv: -kv[1])[:limit]
    if not ranked:
        return []
    top = ranked[0][1]
    return [Concept(k, names[k], round(s / top, 4)) for k, s in ranked]
