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
_BREAK = re.compile(r"[.,;:!?()\[\]{}\"“”«»|/\n]+")
#: Words too generic to be concepts on their own.
GENERIC = frozenset(
    """
    also more most other some such only just very like new one two three first last
    see use used using may might must should could would get got make made many much
    well back even way time year years said says say per via e.g i.e etc here there
    however therefore thus example note read click page pages advertisement
    advertising sponsored subscribe share shares comments comment photo image credit
    getty
    """.split()  # noqa: SIM905
)
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
    """The ``limit`` strongest concepts of one section."""
    counts: Counter[str] = Counter()
    names: dict[str, str] = {}
    for source, boost in ((heading, 3.0), (text, 1.0)):
        for phrase, capital in _candidates(source):
            key = concept_key(phrase)
            n = len(phrase.split())
            counts[key] += boost * (1.0 + 0.5 * (n - 1)) * (1.3 if capital else 1.0)
            names.setdefault(key, phrase.lower())
    # A phrase seen once in a long body is noise; keep repeated ones and heading words.
    floor = 2.0 if len(text) > 600 else 1.0
    ranked = [(k, s) for k, s in counts.most_common() if s >= floor]
    ranked = _drop_contained(ranked)[:limit]
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
    total: Counter[str] = Counter()
    names: dict[str, str] = {}
    for concepts in concept_lists:
        for c in concepts:
            total[c.key] += c.weight
            names.setdefault(c.key, c.name)
    ranked = total.most_common(limit)
    if not ranked:
        return []
    top = ranked[0][1]
    return [Concept(k, names[k], round(s / top, 4)) for k, s in ranked]
