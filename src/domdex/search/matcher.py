"""The matcher index: descriptors, token postings and vectors, built once per page.

Scoring a query is then array arithmetic over all elements at once: each query word
looks up its postings (exact, stem, synonym, prefix) and marks, per element, the best
field it was found in; the embedder's cosine comes from one matrix-vector product.
Nothing loops over elements in Python at query time, so find stays well under a
millisecond on ordinary pages and a few milliseconds on 10,000-element ones.
"""

from __future__ import annotations

import bisect
import itertools
import math
import re
import threading
import weakref
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import nullcontext
from dataclasses import dataclass
from functools import cached_property
from operator import index
from typing import Any, SupportsIndex

import numpy as np

from ..compounds import related_words
from ..fields import MAX_LEVEL
from ..gcpause import paused_gc
from ..index.labels import uncounted
from ..index.roles import FILLABLE_ROLES
from ..languages import page_language, speaking
from ..words import fold
from . import descriptors as _descriptors
from .descriptors import FIELD_WEIGHTS, Descriptor, build_descriptors, is_multi_line
from .embedder import HashingEmbedder, WordSums
from .learned import has_shape
from .lexical import (
    _PHRASE_HINT,
    _TOKEN,
    SYNONYMS,
    _phrases,
    stem,
    stems,
    time_tokens,
    tokens,
    tokens_untimed,
)
from .stopping import check

__all__ = ["SearchIndex", "TermMatch"]

#: find's own embedder: 256 dimensions keep the per-request matrix product small on big
#: pages; descriptor texts are short, so collisions stay rare.
_EMBEDDER = HashingEmbedder(dim=256)
_CACHE_KEY = "domdex.search"
#: Field rows expanded into their tokens at a time when the postings are made: bounds
#: the arrays of the step (a few MB) on huge pages.
_ROWS = 65536
_FALLBACK: weakref.WeakKeyDictionary[Any, SearchIndex] = weakref.WeakKeyDictionary()
_LOCK_KEY = "domdex.search.lock"
#: Guards the builds of indexes without a cache dict (and the making of per-index locks).
_GLOBAL_LOCK = threading.Lock()


def _cache_of(idx: Any) -> Any:
    """Where ``idx``'s matcher is kept: its ``cache`` dict, else a weak map by index."""
    cache = getattr(idx, "cache", None)
    return cache if isinstance(cache, dict) else _FALLBACK


def _key_of(idx: Any) -> Any:
    return _CACHE_KEY if _cache_of(idx) is not _FALLBACK else idx


def _cached(idx: Any) -> SearchIndex | None:
    found: SearchIndex | None = _cache_of(idx).get(_key_of(idx))
    return found


def _build_lock(idx: Any) -> threading.Lock:
    """The lock one index's matcher is built under: its own when it has a cache dict
    (``dict.setdefault`` is atomic), else one for all such indexes."""
    cache = _cache_of(idx)
    if cache is _FALLBACK:
        return _GLOBAL_LOCK
    lock: threading.Lock = cache.setdefault(_LOCK_KEY, threading.Lock())
    return lock

EXACT, STEM, SYNONYM, PREFIX = 1.0, 0.9, 0.8, 0.6

#: Roles that can take each action (find's intents).
CLICKABLE = frozenset({"button", "link", "checkbox", "radio", "switch", "tab", "menuitem",
                       "menuitemcheckbox", "menuitemradio", "option", "treeitem", "combobox",
                       "img", "image", "summary"})
FILLABLE = FILLABLE_ROLES
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


#: :data:`lexical._TOKEN`, and whether a "(" follows (a signature names a function).
_RAW = re.compile(f"({_TOKEN.pattern})(?=(\\(?))", _TOKEN.flags)


_UNSEEN: tuple[str, ...] = ("\x00",)


class Cuts:
    """What :func:`tokens_many` learnt of chunks and raw tokens, kept for one matcher
    build: the names and labels read after the field texts are cut from the same words."""

    __slots__ = ("chunks", "raws")

    def __init__(self) -> None:
        #: chunk -> its tokens, None when one of its raw tokens needs its whole text
        self.chunks: dict[str, tuple[str, ...] | None] = {}
        self.raws: dict[tuple[str, str], tuple[str, ...] | None] = {}


def tokens_many(texts: list[str], cuts: Cuts | None = None) -> list[tuple[str, ...]]:
    """:func:`~domdex.search.lexical.tokens` of many texts: the same tuples, each
    distinct whitespace-separated chunk of the texts cut once.

    No token spans whitespace, and the tokeniser's look-behind and look-ahead read a
    whitespace character as they read a text's start or end, so a text's tokens are
    its chunks' tokens in turn: a page's texts share most of their chunks ("the",
    "os.walk()", "Item"), which are cut by the regex and expanded once per build
    instead of once per occurrence. Each distinct raw token is expanded once
    ("os.walk()" → its parts). A raw token that reads differently alone than inside
    its text (a phrase such as "textarea" glued to an underscore, which the phrase
    rules then skipped) sends its text through :func:`tokens` instead, as does a text
    holding NUL itself. ``cuts``: what earlier calls of the same build cut already.
    """
    if not texts:
        return []
    joined = "\x00".join(texts)
    low = joined.lower() if joined.isascii() else "\x00".join(map(fold, texts))
    parts = low.split("\x00")
    if len(parts) != len(texts):  # a text holds NUL: the texts cannot be told apart
        return [tokens(t) for t in texts]
    if _PHRASE_HINT.search(low):  # phrase rules, on the texts that hold a hint of one
        for k, part in enumerate(parts):
            if _PHRASE_HINT.search(part):
                parts[k] = _phrases(part)
    cuts = cuts or Cuts()
    of_chunk, of_raw = cuts.chunks, cuts.raws
    findall = _RAW.findall
    chain = itertools.chain.from_iterable
    known = of_chunk.__getitem__
    out: list[tuple[str, ...]] = []
    for k, part in enumerate(parts):
        chunks = part.split()
        try:
            cut = list(map(known, chunks))
        except KeyError:  # a chunk not seen before: cut it, then read the text again
            for chunk in chunks:
                if chunk not in of_chunk:
                    of_chunk[chunk] = _chunk_tokens(chunk, findall, of_raw)
            cut = list(map(known, chunks))
        if None in cut:
            out.append(tokens(texts[k]))
        else:
            out.append(tuple(chain(cut)) + time_tokens(part))  # type: ignore[arg-type]
    return out


def _chunk_tokens(chunk: str, findall: Any, of_raw: dict[tuple[str, str], tuple[str, ...] | None]
                  ) -> tuple[str, ...] | None:
    """The tokens of one chunk (no whitespace in it), from its raw tokens' expansions
    (kept in ``of_raw``); None when a raw token must be read in its whole text."""
    toks: list[str] = []
    for raw in findall(chunk):
        e = of_raw.get(raw, _UNSEEN)
        if e is _UNSEEN:
            word = raw[0]
            e = of_raw[raw] = tokens_untimed(word + raw[1]) \
                if fold(word) == word == _phrases(word) else None
        if e is None:
            return None
        toks += e
    return tuple(toks)


class _Postings:
    """token → (element positions, weights), kept as two flat arrays cut by token.

    One pair of arrays for the page instead of two small arrays per token: a lookup
    slices views on demand.
    """

    __slots__ = ("elems", "ids", "starts", "weights")

    def __init__(self, ids: dict[str, int], tok: np.ndarray, elems: np.ndarray,
                 weights: np.ndarray) -> None:
        """``tok``, ``elems``, ``weights``: one row per (token, element), sorted by token."""
        self.ids = ids
        self.starts = np.zeros(len(ids) + 1, dtype=np.int64)
        np.cumsum(np.bincount(tok, minlength=len(ids)), out=self.starts[1:])
        self.elems = elems
        self.weights = weights

    def get(self, tok: str) -> tuple[np.ndarray, np.ndarray] | None:
        i = self.ids.get(tok)
        if i is None:
            return None
        a, b = self.starts[i], self.starts[i + 1]
        return self.elems[a:b], self.weights[a:b]

    def __contains__(self, tok: object) -> bool:
        return tok in self.ids

    def __iter__(self) -> Iterator[str]:
        return iter(self.ids)

    def __len__(self) -> int:
        return len(self.ids)


def _bare_name(label: str, name: str) -> str:
    """``name`` (the words of ``label``) without the count the label ends with."""
    bare = uncounted(label)
    return name if bare == label else " ".join(tokens(bare))


def _counted(label: str, word: str) -> bool:
    """Whether ``word`` is the count a label ends with ("12" of *Like · 12*)."""
    bare = uncounted(label)
    return bare != label and word in tokens(label[len(bare):])


class _Lazy:
    """``[make(k) for k in range(n)]``, each item made on first read."""

    __slots__ = ("_done", "_make", "_n")

    def __init__(self, n: int, make: Any) -> None:
        self._n = n
        self._make = make
        self._done: dict[int, Any] = {}

    def __getitem__(self, k: SupportsIndex) -> Any:
        k = index(k)
        if not -self._n <= k < self._n:
            raise IndexError(k)
        k %= self._n
        hit = self._done.get(k)
        if hit is None:
            hit = self._done[k] = self._make(k)
        return hit

    def __len__(self) -> int:
        return self._n


class _FieldTexts:
    """Every descriptor field as (element, distinct text, weight) rows; each distinct
    text is tokenised once, and the postings come from the rows by array arithmetic."""

    def __init__(self, descriptors: list[Descriptor]) -> None:
        weight = {f: _descriptors.ROW_WEIGHT if f == "row" else w
                  for f, w in FIELD_WEIGHTS.items()}  # read now: the sweep bench sets them
        fields = [d.fields for d in descriptors]
        texts = [text for f in fields for text in f.values()]
        ids = {text: t for t, text in enumerate(dict.fromkeys(["", *texts]))}
        self.texts = list(ids)
        self.cuts = Cuts()
        self.tokens = tokens_many(self.texts, self.cuts)
        self.n = n = len(descriptors)
        names = list(weight)
        code = {f: i for i, f in enumerate(names)}
        field = np.fromiter(map(code.__getitem__, [name for f in fields for name in f]),
                            dtype=np.int64, count=len(texts))
        k_arr = np.repeat(np.arange(n, dtype=np.int64),
                          np.fromiter(map(len, fields), dtype=np.int64, count=n))
        t_arr = np.fromiter(map(ids.__getitem__, texts), dtype=np.int64, count=len(texts))
        w_arr = np.array([weight[f] for f in names], dtype=np.float32)[field]
        self._rows = (k_arr, t_arr, w_arr)
        is_key = field == code["key"]
        self._key_rows = (k_arr[is_key], t_arr[is_key])
        is_name = field == code["name"]
        self.name = np.zeros(n, dtype=np.int64)  # text id of each name
        self.name[k_arr[is_name]] = t_arr[is_name]

    def postings(self) -> tuple[_Postings, _Postings]:
        """(all fields: the best field's weight, the key field alone: weight 1)."""
        # a text's repeats included (_expand drops them); flattened and numbered in C
        every = list(itertools.chain.from_iterable(self.tokens))
        tok_ids = dict(zip(dict.fromkeys(every), itertools.count()))
        starts = np.zeros(len(self.tokens) + 1, dtype=np.int64)
        np.cumsum(np.fromiter(map(len, self.tokens), dtype=np.int64, count=len(self.tokens)),
                  out=starts[1:])
        flat_arr = np.fromiter(map(tok_ids.__getitem__, every), dtype=np.int64, count=len(every))
        del every
        k, t, w = self._rows
        all_ = self._expand(tok_ids, flat_arr, starts, k, t, w)
        kk, kt = self._key_rows
        key = self._expand(tok_ids, flat_arr, starts, kk, kt, np.ones(kk.size, np.float32))
        return all_, key

    def _expand(self, tok_ids: dict[str, int], flat: np.ndarray, starts: np.ndarray,
                k: np.ndarray, t: np.ndarray, w: np.ndarray) -> _Postings:
        """Postings of the rows (element ``k`` holds text ``t`` at weight ``w``, rows in
        page order): each (token, element) once, at its best weight, elements in page
        order.

        The rows are expanded into their tokens :data:`_ROWS` at a time, cut between
        elements, and each part keeps its distinct (token, element) pairs only: the
        expansion of the whole page at once held ~80 MB of arrays at 128k elements, the
        build's peak.
        """
        n = max(1, self.n)
        parts: list[tuple[np.ndarray, np.ndarray]] = []
        lo = 0
        while lo < k.size:
            hi = lo + _ROWS
            if hi < k.size:  # cut between two elements: one element's rows in one part
                cut = int(np.searchsorted(k, k[hi], side="left"))
                hi = cut if cut > lo else int(np.searchsorted(k, k[hi], side="right"))
            parts.append(self._distinct(flat, starts, k[lo:hi], t[lo:hi], w[lo:hi], n))
            lo = hi
        if parts:
            pair = np.concatenate([p for p, _ in parts])
            best = np.concatenate([b for _, b in parts])
        else:
            pair, best = np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32)
        del parts
        order = np.argsort(pair)  # the pairs are distinct: any sort gives one order
        pair, best = pair[order], best[order]
        del order
        tok, elem = np.divmod(pair, n)
        del pair
        used = np.zeros(len(tok_ids), dtype=bool)
        used[tok] = True
        remap = np.cumsum(used) - 1  # drop tokens only the other table has
        kept, to = used.tolist(), remap.tolist()
        ids = {word: to[i] for word, i in tok_ids.items() if kept[i]}
        return _Postings(ids, remap[tok], elem, best)

    @staticmethod
    def _distinct(flat: np.ndarray, starts: np.ndarray, k: np.ndarray, t: np.ndarray,
                  w: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
        """The rows' distinct (token × n + element) pairs, sorted, each at its best
        weight."""
        width = starts[t + 1] - starts[t]
        first = np.cumsum(width) - width
        at = np.arange(int(width.sum()), dtype=np.int64) - np.repeat(first - starts[t], width)
        pair = flat[at] * n + np.repeat(k, width)  # token, then element
        del at
        order = np.argsort(pair, kind="stable")
        pair = pair[order]
        weights = np.repeat(w, width)[order]
        del order
        new = np.ones(pair.size, dtype=bool)
        new[1:] = pair[1:] != pair[:-1]
        cut = np.flatnonzero(new)
        best = np.maximum.reduceat(weights, cut) if cut.size else weights[:0]
        return pair[cut], best


class _Dense:
    """Another embedder's vectors (a bench's model) as one matrix, with the cosines of
    :class:`~domdex.search.embedder.WordSums`."""

    def __init__(self, vectors: np.ndarray) -> None:
        self.vectors = vectors

    def cosines(self, q: np.ndarray) -> np.ndarray:
        cos: np.ndarray = self.vectors @ q
        return cos


def _embedded(texts: list[str]) -> WordSums | _Dense:
    """The descriptors' texts embedded: as sums of their words' sparse vectors with the
    hashing embedder (8 MB at 128k elements where a float32 matrix took 125 MB), as a
    matrix with any other."""
    if isinstance(_EMBEDDER, HashingEmbedder):
        return _EMBEDDER.word_sums(texts)
    return _Dense(_EMBEDDER.embed_many(texts))


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
    It refers to its PageIndex weakly: a strong reference made the two a cycle, so a
    dropped capture and its matcher (its vectors were then 125 MB at 128k elements) stayed
    until the cyclic GC's next full pass, side by side with the next capture's.
    """

    def __init__(self, idx: Any) -> None:
        self._idx = weakref.ref(idx)
        self._build(idx)
        self._term_cache: dict[tuple[str, str], np.ndarray] = {}
        #: what other search modules work out once per page (listings …), by name
        self.derived: dict[str, Any] = {}
        self._shape_cache: dict[str, np.ndarray] = {}

    def _build(self, idx: Any) -> None:
        self.descriptors: list[Descriptor] = build_descriptors(idx)
        self.n = n = len(self.descriptors)
        check()  # a build nobody wants any more stops between its steps
        fields = _FieldTexts(self.descriptors)
        check()
        self._postings, self._key_postings = fields.postings()
        self.vocab = sorted(self._postings)
        self._key_vocab = sorted(self._key_postings)
        self._stems: dict[str, list[str]] = defaultdict(list)
        #: each page word's stem, for the names read later (stem() is a call per word)
        self._stem_of = dict(zip(self.vocab, stems(self.vocab), strict=True))
        for tok, st in self._stem_of.items():
            self._stems[st].append(tok)
        self._names(fields)
        del fields  # the field texts' tokens (~100 MB at 128k elements), before embedding
        check()
        self._texts = _embedded([d.embed_text() for d in self.descriptors])
        check()
        self._facts(n)

    def _names(self, fields: _FieldTexts) -> None:
        """Per element, from its name's words (worked out once per distinct name): how
        many distinct words it has, how many words it has as a function is named
        (``os.walk()``), and the label's words. The name's words as a set, and those
        worth comparing with their stems, are made from them when first read: only the
        shortlist's are (at 128k elements they were ~40 MB and 0.2 s of the build)."""
        used = np.unique(fields.name).tolist()
        name_len = np.ones(len(fields.texts), dtype=np.float32)
        n_words = np.zeros(len(fields.texts), dtype=np.float32)
        said_as: dict[int, tuple[str, ...]] = {}
        for t in used:
            text, toks = fields.texts[t], fields.tokens[t]
            name_len[t] = max(1, len(set(toks)))
            if "(" in text and (call := _callable_name(text)) != text:
                toks = tokens(call)
            n_words[t] = len(toks)
            said_as[t] = toks
        ids = fields.name.tolist()
        self._name_len = name_len[fields.name]
        self.n_words = n_words[fields.name]
        stem_of = self._stem_of
        name_toks = [said_as[t] for t in ids]  # one tuple per distinct name
        # the makers hold no reference to self: a cycle would keep a dropped matcher
        # (and its vectors) alive until the cyclic GC runs
        name_words = self._name_tokens = _Lazy(self.n, lambda k: frozenset(name_toks[k]))
        ds_ = self.descriptors
        # a count the name ends with ("Like · 1") is no word the request must say: it
        # made Carol's *Like · 1* less exact than another comment's plain *Like*
        self._name_words = _Lazy(self.n, lambda k: tuple([
            (x, stem_of.get(x) or stem(x)) for x in name_words[k]
            if (x.isalnum() or x.startswith("-") or "." in x)
            and not (x[:1].isdigit() and _counted(ds_[k].label, x))]))
        # the label, as words: most often the name itself, whose words are known
        said = {t: " ".join(fields.tokens[t]) for t in used}
        ds = self.descriptors
        other = [k for k, d in enumerate(ds) if d.label != fields.texts[ids[k]]]
        labels = list(dict.fromkeys([ds[k].label for k in other]))  # a text's repeats
        differ = dict(zip(labels, tokens_many(labels, fields.cuts), strict=True))
        self.norm_names = [said[t] for t in ids]
        for k in other:
            self.norm_names[k] = " ".join(differ[ds[k].label])

    @property
    def idx(self) -> Any:
        """The PageIndex this matcher describes (None once it is gone)."""
        return self._idx()

    @cached_property
    def by_ref(self) -> dict[str, int]:
        """ref → element position (made on first use)."""
        return {d.ref: k for k, d in enumerate(self.descriptors)}

    @classmethod
    def for_index(cls, idx: Any, pause_gc: bool = True) -> SearchIndex:
        """The cached matcher of a PageIndex, built on first use.

        Thread-safe: a session builds it on a thread of its own after a capture (see
        ``domdex.session.warmer``) while a find may ask for it on another; the second
        caller waits for the first one's build instead of making a second.
        ``pause_gc``: no cyclic collection while building (a build makes many objects and
        frees none), nor while waiting for another thread's build, so that the rest of it
        runs as fast as this caller's own would; the warmer builds without (the pause is
        process-wide).
        """
        found = _cached(idx)
        if found is not None:
            return found
        # built in the page's language (its stems), whoever asks: a find, which runs in
        # it already, or the session's warmer thread, which does not
        with paused_gc() if pause_gc else nullcontext(), _build_lock(idx), \
                speaking(page_language(idx)):
            found = _cached(idx)
            if found is None:
                found = cls(idx)
                _cache_of(idx)[_key_of(idx)] = found
            return found

    @classmethod
    def drop(cls, idx: Any) -> None:
        """Forget ``idx``'s matcher (its next find builds one again); a find using it
        now keeps it until it ends."""
        _cache_of(idx).pop(_key_of(idx), None)

    @classmethod
    def built_for(cls, idx: Any) -> bool:
        """Whether ``idx``'s matcher is built already (a find on it will not build one)."""
        return _cached(idx) is not None

    # Build --------------------------------------------------------------------
    def _facts(self, n: int) -> None:
        """Per-element arrays used by ranking (position, visibility, state)."""
        ds = self.descriptors
        is_primary = getattr(self.idx, "is_primary", None)
        # one pass over the descriptors for every per-element fact (twenty passes, each
        # reading its own attributes, cost 0.2 s at 64k elements)
        ys: list[float] = []
        xs: list[float] = []
        hidden: list[int] = []
        heading: list[int] = []
        pos: list[int] = []
        roles: list[str] = []
        in_view: list[bool] = []
        disabled: list[bool] = []
        primary: list[bool] = []
        is_key: list[bool] = []
        is_value: list[bool] = []
        file_input: list[bool] = []
        multi_line: list[bool] = []
        column_header: list[bool] = []
        tiny: list[bool] = []
        in_prose: list[bool] = []
        proxy: list[bool] = []
        nan = math.nan
        for d in ds:
            node = d.node
            b = node.box
            if b is None:
                ys.append(nan)
                xs.append(nan)
                tiny.append(False)
            else:
                ys.append(b.y)
                xs.append(b.x)
                tiny.append(b.width < 4 or b.height < 4)
            hidden.append(d.hidden)
            in_view.append(node.in_viewport)
            disabled.append("disabled" in node.states)
            attrs = node.attrs
            primary.append(bool(is_primary(node)) if is_primary else False)
            pos.append(d.pos)
            is_key.append(d.is_key)
            heading.append(_heading_level(d))
            is_value.append(d.is_value)
            role = d.role
            roles.append(role)
            tag = node.tag
            file_input.append(tag == "input" and attrs.get("type") == "file")
            multi_line.append(role == "textbox" and is_multi_line(node))
            column_header.append(role == "columnheader" or (
                tag == "th" and node.role not in ("rowheader", "cell")))
            in_prose.append(d.in_prose)
            proxy.append(d.proxy)
        self.y = np.array(ys, dtype=np.float64)
        self.x = np.array(xs, dtype=np.float64)
        self.order = np.arange(n, dtype=np.float64)
        self.hidden = np.array(hidden, dtype=np.int8)
        self.in_viewport = np.array(in_view, dtype=bool)
        self.disabled = np.array(disabled, dtype=bool)
        self.primary = np.array(primary, dtype=bool)
        self.pos = pos_arr = np.array(pos, dtype=np.int64)
        facts = getattr(self.idx, "facts", None)
        if facts is not None:  # the index's per-node flags, by position
            self.interactive = np.array(facts.interactive, dtype=bool)[pos_arr] if n else \
                np.zeros(0, dtype=bool)
        else:
            self.interactive = np.array([self.idx.is_interactive(d.node) for d in ds], dtype=bool)
        self.proxy = np.array(proxy, dtype=bool)
        # a label standing in for a hidden toggle is clicked like it
        self.interactive[self.proxy] = True
        self.is_key = np.array(is_key, dtype=bool)
        self.heading_level = np.array(heading, dtype=np.int8)
        self.is_value = np.array(is_value, dtype=bool)
        self.roles = np.array(roles, dtype=object)
        code: dict[str, int] = {}
        codes = np.array([code.setdefault(r, len(code)) for r in roles], dtype=np.int64)

        def by_role(test: Any) -> np.ndarray:
            return np.array([bool(test(r)) for r in code] or [False], dtype=bool)[codes]

        self.role_clickable = by_role(CLICKABLE.__contains__)
        self.role_fillable = by_role(FILLABLE.__contains__)
        #: <input type=file>: Chromium's role is button, but it is filled with files.
        self.file_input = np.array(file_input, dtype=bool)
        self.role_combobox = by_role("combobox".__eq__)
        #: set by a value, but dragged (clicked) as often: no click penalty
        self.role_slider = by_role("slider".__eq__)
        #: a text area (or a contenteditable box): "the editor", "the message"
        self.multi_line = np.array(multi_line, dtype=bool)
        self.role_selectable = by_role(SELECTABLE.__contains__)
        self.role_read_weak = by_role(READ_WEAK.__contains__)
        self.role_link = by_role("link".__eq__)
        self.column_header = np.array(column_header, dtype=bool)
        # the shortlist's and the near-ties' names, as words: made on first read
        norm = self.norm_names
        stem_of = self._stem_of
        self.stem_names = _Lazy(n, lambda k: " ".join([stem_of.get(t) or stem(t)
                                                       for t in norm[k].split()]))
        self.tiny_box = np.array(tiny, dtype=bool)
        self.zones = [d.zones for d in ds]
        # a count the name ends with ("Like · 12") is no part of what the control is
        bare = self.bare_names = _Lazy(n, lambda k: _bare_name(ds[k].label, norm[k]))
        self.signature = _Lazy(n, lambda k: (ds[k].role, ds[k].column or bare[k][:40]))
        self.in_prose = np.array(in_prose, dtype=bool)
        self.df_total = max(1, n)

    # Query --------------------------------------------------------------------
    def has_token(self, tok: str, shown: bool = False) -> bool:
        """Whether any element's fields hold ``tok`` exactly; ``shown``: in a field a
        person reads (a name, text, label, key …), not only in an id, class or URL."""
        post = self._postings.get(tok)
        if post is None or not shown:
            return post is not None
        return bool((post[1] > max(FIELD_WEIGHTS["attr"], FIELD_WEIGHTS["href"])).any())

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
        return self._cached(("key" if key else "any", term), lambda: self._match_term(
            term, self._key_postings if key else self._postings))

    def holds_term(self, term: str, stems: bool = True) -> np.ndarray:
        """Whether each element holds ``term`` itself, or (``stems``) a word of its stem
        ("orders" for "order"), in any field: no prefix, synonym or related word. A name
        or an id is on the page or not: "1017" is not in "10172", "Ann" not in "Annabel"
        (and on an English page "William" not in "Williams": ``stems=False``)."""
        def make() -> np.ndarray:
            out = np.zeros(self.n, dtype=np.float32)
            self._apply(out, self._postings, term, EXACT)
            for tok in self._stems.get(stem(term), ()) if stems else ():
                self._apply(out, self._postings, tok, STEM)
            return out > 0

        return self._cached(("stem" if stems else "word", term), make)

    def _cached(self, key: tuple[str, str], make: Callable[[], np.ndarray]) -> np.ndarray:
        """A per-term array, made once and read-only (agents repeat words on one page);
        keyed by kind and term, so that no term's key is another kind's."""
        hit = self._term_cache.get(key)
        if hit is None:
            if len(self._term_cache) > 1024:
                self._term_cache.clear()
            hit = self._term_cache[key] = make()
            hit.flags.writeable = False
        return hit

    def _match_term(self, term: str, postings: _Postings) -> np.ndarray:
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

    def _prefixes(self, out: np.ndarray, postings: _Postings, vocab: list[str], term: str,
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
    def _apply(out: np.ndarray, postings: _Postings, tok: str, strength: float) -> None:
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
        return self._texts.cosines(_EMBEDDER.embed(text))

    def name_precision(self, query_terms: set[str]) -> np.ndarray:
        """Share of each element's name words that the query mentions (exact name wins)."""
        out = np.zeros(self.n, dtype=np.float32)
        stems = {stem(t) for t in query_terms}
        for k in range(self.n):
            toks = self._name_tokens[k]
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
