"""The matcher index: descriptors, token postings and vectors, built once per page.

Scoring a query is then array arithmetic over all elements at once: each query word
looks up its postings (exact, stem, synonym, prefix) and marks, per element, the best
field it was found in; the embedder's cosine comes from one matrix-vector product.
Nothing loops over elements in Python at query time, so find stays well under a
millisecond on ordinary pages and a few milliseconds on 10,000-element ones.
"""

from __future__ import annotations

import bisect
import math
import re
import weakref
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..compounds import related_words
from ..fields import MAX_LEVEL
from . import descriptors as _descriptors
from .descriptors import FIELD_WEIGHTS, Descriptor, build_descriptors
from .embedder import HashingEmbedder
from .learned import has_shape
from .lexical import SYNONYMS, stem, tokens

__all__ = ["SearchIndex", "TermMatch"]

#: find's own embedder: 256 dimensions keep the per-request matrix product small on big
#: pages; descriptor texts are short, so collisions stay rare.
_EMBEDDER = HashingEmbedder(dim=256)
_CACHE_KEY = "domdex.search"
_FALLBACK: weakref.WeakKeyDictionary[Any, SearchIndex] = weakref.WeakKeyDictionary()

EXACT, STEM, SYNONYM, PREFIX = 1.0, 0.9, 0.8, 0.6

#: Roles that can take each action (find's intents).
CLICKABLE = frozenset({"button", "link", "checkbox", "radio", "switch", "tab", "menuitem",
                       "menuitemcheckbox", "menuitemradio", "option", "treeitem", "combobox",
                       "img", "image", "summary"})
FILLABLE = frozenset({"textbox", "searchbox", "combobox", "spinbutton"})
SELECTABLE = frozenset({"combobox", "listbox", "option", "radio", "checkbox", "switch",
                        "menuitemradio", "tab"})
READ_WEAK = frozenset({"textbox", "searchbox", "combobox", "spinbutton", "checkbox", "radio",
                       "button", "switch", "slider"})


@dataclass(slots=True)
class TermMatch:
    """Per-element match strength of one query term (0 … 1) and its weight (idf)."""

    term: str
    strength: np.ndarray
    weight: float


def _table(ids: dict[str, int], cols: tuple[list[int], list[int], list[float]]
           ) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Postings from (token id, element, weight) columns, grouped with one argsort."""
    if not ids:
        return {}
    tok_arr = np.array(cols[0], dtype=np.int64)
    order = np.argsort(tok_arr, kind="stable")
    desc_arr = np.array(cols[1], dtype=np.int64)[order]
    w_arr = np.array(cols[2], dtype=np.float32)[order]
    bounds = np.concatenate(([0], np.cumsum(np.bincount(tok_arr, minlength=len(ids)))))
    return {tok: (desc_arr[bounds[i]:bounds[i + 1]], w_arr[bounds[i]:bounds[i + 1]])
            for tok, i in ids.items()}


_SIGNATURE = re.compile(r"^\s*([\w.]+)\((.*)\)\s*\W*$", re.S)


def _callable_name(name: str) -> str:
    """``os.walk(top, topdown=True, …)`` is named ``os.walk()``: its parameters are detail."""
    m = _SIGNATURE.match(name)
    return f"{m.group(1)}()" if m else name


def _heading_level(d: Descriptor) -> int:
    """1–6 for a heading (its level, else its tag), 0 for anything else."""
    if d.role != "heading":
        return 0
    n = d.node
    if n.level:  # a live page's aria-level may be anything: 213, -3, Infinity (int8 below)
        return int(min(max(n.level, 1), MAX_LEVEL))
    return int(n.tag[1]) if n.tag[:1] == "h" and n.tag[1:].isdigit() else 2


class SearchIndex:
    """Everything find and grep need about one page, computed once.

    Get it with :meth:`for_index`, which caches it on the PageIndex (its ``cache``
    dict, else a weak map), so it lives exactly as long as the capture it describes.
    """

    def __init__(self, idx: Any) -> None:
        self.idx = idx
        self.descriptors: list[Descriptor] = build_descriptors(idx)
        self.n = n = len(self.descriptors)
        self.by_ref = {d.ref: k for k, d in enumerate(self.descriptors)}
        self._postings, self._key_postings = self._build_postings()
        self.vocab = sorted(self._postings)
        self._key_vocab = sorted(self._key_postings)
        self._stems: dict[str, list[str]] = defaultdict(list)
        for tok in self.vocab:
            self._stems[stem(tok)].append(tok)
        self._name_len = np.array([max(1, len(set(tokens(d.fields.get("name", "")))))
                                   for d in self.descriptors], dtype=np.float32)
        self._name_tokens = [frozenset(tokens(_callable_name(d.fields.get("name", ""))))
                             for d in self.descriptors]
        self._name_words = [tuple((t, stem(t)) for t in toks
                                  if t.isalnum() or t.startswith("-") or "." in t)
                            for toks in self._name_tokens]
        self.vectors = _EMBEDDER.embed_many([d.embed_text() for d in self.descriptors])
        self._facts(n)
        self._term_cache: dict[str, np.ndarray] = {}
        self._shape_cache: dict[str, np.ndarray] = {}

    @classmethod
    def for_index(cls, idx: Any) -> SearchIndex:
        """The cached matcher of a PageIndex, built on first use."""
        cache = getattr(idx, "cache", None)
        if isinstance(cache, dict):
            found = cache.get(_CACHE_KEY)
            if found is None:
                found = cache[_CACHE_KEY] = cls(idx)
            return found
        found = _FALLBACK.get(idx)
        if found is None:
            found = _FALLBACK[idx] = cls(idx)
        return found

    # Build --------------------------------------------------------------------
    def _build_postings(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """token → (element positions, best field weight), for all fields and for the key.

        One pass over the descriptors, one argsort per table. The key table (weight 1)
        answers "is this the value of the thing the request names?".
        """
        ids: dict[str, int] = {}
        cols: tuple[list[int], list[int], list[float]] = ([], [], [])
        key_ids: dict[str, int] = {}
        key_cols: tuple[list[int], list[int], list[float]] = ([], [], [])
        for k, d in enumerate(self.descriptors):
            local: dict[str, float] = {}
            for fname, text in d.fields.items():
                w = _descriptors.ROW_WEIGHT if fname == "row" else FIELD_WEIGHTS[fname]
                toks = tokens(text)
                for tok in toks:
                    if local.get(tok, 0.0) < w:
                        local[tok] = w
                if fname == "key":
                    for tok in set(toks):
                        key_cols[0].append(key_ids.setdefault(tok, len(key_ids)))
                        key_cols[1].append(k)
                        key_cols[2].append(1.0)
            for tok, w in local.items():
                cols[0].append(ids.setdefault(tok, len(ids)))
                cols[1].append(k)
                cols[2].append(w)
        return _table(ids, cols), _table(key_ids, key_cols)

    def _facts(self, n: int) -> None:
        """Per-element arrays used by ranking (position, visibility, state)."""
        ds = self.descriptors
        boxes = [d.node.box for d in ds]
        self.y = np.array([b.y if b else np.nan for b in boxes], dtype=np.float64)
        self.x = np.array([b.x if b else np.nan for b in boxes], dtype=np.float64)
        self.order = np.arange(n, dtype=np.float64)
        self.hidden = np.array([d.hidden for d in ds], dtype=np.int8)
        self.in_viewport = np.array([d.node.in_viewport for d in ds], dtype=bool)
        self.disabled = np.array(["disabled" in d.node.states for d in ds], dtype=bool)
        is_primary = getattr(self.idx, "is_primary", None)
        self.primary = np.array([bool(is_primary(d.node)) if is_primary else False
                                 for d in ds], dtype=bool)
        self.interactive = np.array([self.idx.is_interactive(d.node) for d in ds], dtype=bool)
        self.is_key = np.array([d.is_key for d in ds], dtype=bool)
        self.heading_level = np.array([_heading_level(d) for d in ds], dtype=np.int8)
        self.is_value = np.array([d.is_value for d in ds], dtype=bool)
        self.roles = np.array([d.role for d in ds], dtype=object)
        self.pos = np.array([d.pos for d in ds], dtype=np.int64)
        roles = [d.role for d in ds]
        self.role_clickable = np.array([r in CLICKABLE for r in roles], dtype=bool)
        self.role_fillable = np.array([r in FILLABLE for r in roles], dtype=bool)
        #: <input type=file>: Chromium's role is button, but it is filled with files.
        self.file_input = np.array([d.node.tag == "input" and d.node.attrs.get("type") == "file"
                                    for d in ds], dtype=bool)
        self.role_combobox = np.array([r == "combobox" for r in roles], dtype=bool)
        self.role_selectable = np.array([r in SELECTABLE for r in roles], dtype=bool)
        self.role_read_weak = np.array([r in READ_WEAK for r in roles], dtype=bool)
        self.role_link = np.array([r == "link" for r in roles], dtype=bool)
        self.column_header = np.array([r == "columnheader" or (d.node.tag == "th" and
                                       d.node.role not in ("rowheader", "cell"))
                                       for r, d in zip(roles, ds, strict=True)], dtype=bool)
        self.norm_names = [" ".join(tokens(d.label)) for d in ds]
        self.stem_names = [" ".join(stem(t) for t in name.split()) for name in self.norm_names]
        self.tiny_box = np.array([b is not None and (b.width < 4 or b.height < 4) for b in boxes],
                                 dtype=bool)
        self.zones = [d.zones for d in ds]
        self.signature = [(d.role, d.column or " ".join(tokens(d.label))[:40]) for d in ds]
        self.in_prose = np.array([d.in_prose for d in ds], dtype=bool)
        self.n_words = np.array([len(tokens(_callable_name(d.fields.get("name", ""))))
                                 for d in ds], dtype=np.float32)
        self.df_total = max(1, n)

    # Query --------------------------------------------------------------------
    def has_token(self, tok: str) -> bool:
        """Whether any element's fields hold ``tok`` exactly."""
        return tok in self._postings

    def idf(self, term: str) -> float:
        """Rarity of ``term`` counted over the elements it matches, not only its exact form.

        "module" is as common as "module", "modules" and "Module Index" together: a
        word's inflections and synonyms make it no rarer than they are.
        """
        post = self._postings.get(term)
        df = len(post[0]) if post else 0
        df = max(df, int(np.count_nonzero(self.match_term(term) >= 0.5)))
        return math.log(1.0 + self.df_total / (1.0 + df))

    def match_term(self, term: str, key: bool = False) -> np.ndarray:
        """Strength (0 … 1) with which each element carries ``term`` in its best field.

        ``key=True`` looks only at the key field (the term a definition explains, a
        table row's key cell). Read-only and cached: agents repeat words on one page.
        """
        ck = ("k:" if key else "") + term
        hit = self._term_cache.get(ck)
        if hit is None:
            if len(self._term_cache) > 1024:
                self._term_cache.clear()
            postings = self._key_postings if key else self._postings
            hit = self._term_cache[ck] = self._match_term(term, postings)
            hit.flags.writeable = False
        return hit

    def _match_term(self, term: str, postings: dict[str, Any]) -> np.ndarray:
        out = np.zeros(self.n, dtype=np.float32)
        vocab = self.vocab if postings is self._postings else self._key_vocab
        apply = self._apply
        apply(out, postings, term, EXACT)
        st = stem(term)
        for tok in self._stems.get(st, ()):
            if tok != term:
                apply(out, postings, tok, STEM)
        for syn in SYNONYMS.get(term, frozenset()) | SYNONYMS.get(st, frozenset()):
            apply(out, postings, syn, SYNONYM)
            for tok in self._stems.get(stem(syn), ()):
                if tok != syn:
                    apply(out, postings, tok, SYNONYM * STEM)
            self._prefixes(out, postings, vocab, syn, SYNONYM * PREFIX)
        self._prefixes(out, postings, vocab, term, PREFIX)
        for tok, strength in related_words(term, vocab, stem):  # not on English pages
            apply(out, postings, tok, strength)
        return out

    def _prefixes(self, out: np.ndarray, postings: dict[str, Any], vocab: list[str], term: str,
                  strength: float) -> None:
        """Words starting with ``term`` ("toggle" → "toggler"), and the reverse ("docs")."""
        if len(term) < 3 or not term.isalnum():
            return
        st = stem(term)
        lo = bisect.bisect_left(vocab, term)
        hi = bisect.bisect_left(vocab, term + "\uffff", lo)
        if hi - lo <= 200:
            for tok in vocab[lo:hi]:
                if tok != term and stem(tok) != st:
                    self._apply(out, postings, tok, strength)
        for cut in range(len(term) - 1, 2, -1):
            if term[:cut] in postings and stem(term[:cut]) != st:
                self._apply(out, postings, term[:cut], strength * 0.9)
                break

    @staticmethod
    def _apply(out: np.ndarray, postings: dict[str, Any], tok: str, strength: float) -> None:
        post = postings.get(tok)
        if post is None:
            return
        idx, w = post
        np.maximum.at(out, idx, w * strength)

    def shaped(self, shapes: frozenset[str]) -> np.ndarray:
        """Per element: whether its short label holds a value of one of ``shapes`` (a
        count, a date, an amount); computed once per page and shape."""
        out = np.zeros(self.n, dtype=bool)
        for shape in shapes:
            hit = self._shape_cache.get(shape)
            if hit is None:
                one = frozenset((shape,))
                hit = self._shape_cache[shape] = np.fromiter(
                    (has_shape(d.label, one) for d in self.descriptors), dtype=bool,
                    count=self.n)
            out |= hit
        return out

    def embed_scores(self, text: str) -> np.ndarray:
        """Cosine between ``text`` and every descriptor."""
        if not self.n:
            return np.zeros(0, dtype=np.float32)
        q = _EMBEDDER.embed(text)
        return self.vectors @ q

    def name_precision(self, query_terms: set[str]) -> np.ndarray:
        """Share of each element's name words that the query mentions (exact name wins)."""
        out = np.zeros(self.n, dtype=np.float32)
        stems = {stem(t) for t in query_terms}
        for k, toks in enumerate(self._name_tokens):
            if toks:
                hit = sum(1 for t in toks if t in query_terms or stem(t) in stems)
                out[k] = hit / len(toks)
        return out

    def key_precision_for(self, ks: np.ndarray, query_terms: set[str]) -> np.ndarray:
        """Share of each element's key words that the query mentions."""
        out = np.zeros(len(ks), dtype=np.float32)
        for j, k in enumerate(ks):
            key = _callable_name(self.descriptors[k].fields.get("key", ""))
            toks = [t for t in tokens(key) if t.isalnum() or t.startswith("-") or
                    t.endswith("()")]
            if toks:
                out[j] = sum(1 for t in toks if t in query_terms or stem(t) in query_terms
                             ) / len(toks)
        return out

    def name_precision_for(self, ks: np.ndarray, query_terms: set[str]) -> np.ndarray:
        """:meth:`name_precision` for a subset of elements (positions ``ks``)."""
        stems = {stem(t) for t in query_terms}
        out = np.zeros(len(ks), dtype=np.float32)
        words_of = self._name_words
        for j, k in enumerate(ks):
            words = words_of[k]
            if words:
                out[j] = sum(1 for t, st in words if t in query_terms or st in stems) / len(words)
            else:
                out[j] = -1.0  # "¶", "-", "«": the name says nothing; neutral
        return out
