"""find: a natural-language request → the one element meant, with its look-alikes.

Scoring runs in three stages, each a vector operation over every element:

1. **Match.** Lexical coverage (how much of the request, weighted by rarity, appears in
   the element's fields, the name counting most) and the hashing embedder's cosine
   merge by element with the caller's weights. A candidate strong on one side only
   survives: the internal cut is lower than the reported threshold.
2. **Act.** The intent decides which roles can take the action (you do not type into
   a heading), shown and enabled elements beat hidden and disabled look-alikes, a
   value ("what does … say") beats the key naming it and vice versa.
3. **Place.** Position words choose among near-ties: "at the top", "in the footer",
   "sidebar", "first", "last". Region routing (hybrid seed, Pattern 4) nudges the
   regions whose term index holds the request's words.

Nothing above the threshold means no guess: the result lists the closest elements and
the region whose terms fit best instead.
"""

from __future__ import annotations

import itertools
import logging
import re
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import numpy as np

from ..compounds import related_words
from ..errors import QueryError
from ..index import roles
from ..index.identity import read_record, row_text
from ..index.modal import behind_modal, open_modal
from ..index.reveal import closed_opener, opens_something, revealer
from ..languages import current_language, in_page_language, is_function_word
from ..structure_words import STRUCTURE_WORDS
from ..translations import is_interface_word, translations
from ..words import fold, is_unspaced_char
from .descriptors import Descriptor
from .learned import asked_shapes, feature_matrix, load_ranker
from .lexical import (
    _QUOTED,
    ACTION_INTENTS,
    COLUMN_SYNONYMS,
    KIND_ONLY,
    ORDINAL_WORDS,
    ROLE_WORDS,
    STOPWORDS,
    SYNONYMS,
    TIME_OF_DAY,
    Query,
    english_stem,
    parse_query,
    stem,
    time_tokens,
    tokens,
    unprefixed,
)
from .matcher import SearchIndex
from .pagers import STEP_WORDS, pager_step
from .records import RECORD_WORDS, Listing, in_reading_order, listings
from .routing import Route, route
from .tables import table_of

__all__ = ["EVERY_WORDS", "INTENTS", "Match", "find_matches", "kind_words", "ordinal_listings",
           "same_copies", "undoable", "unnamed_objects"]

log = logging.getLogger("domdex")

INTENTS = ("click", "fill", "select", "read", "navigate")

#: Verbs that name a control's action when they open the request.
_ACTION_TEXT = """expand collapse toggle show hide open close sort filter play pause delete remove
    edit save cancel download upload print share copy subscribe dismiss zoom refresh
    reload undo redo reset"""
#: Verbs that name a record's control ("block @ann", "like emile's post") only when the
#: request opens with them: many are nouns too ("the star icon", "the pin").
_OPENING_TEXT = """block unblock follow unfollow like unlike reply mute unmute report archive
    unarchive star unstar pin unpin approve reject publish unpublish retweet repost
    favorite favourite bookmark ban unban invite accept decline submit duplicate rename
    restore trash"""
_OPENING_VERBS = frozenset(_OPENING_TEXT.split())
ACTION_VERBS = frozenset(_ACTION_TEXT.split()) | _OPENING_VERBS


def _action_verb(q: Query) -> str | None:
    """The verb the request opens with that names a control's action ("expand …",
    "block @ann"), if any."""
    if not q.terms:
        return None
    t = q.terms[0]
    if t in _OPENING_VERBS:
        return t if q.sequence and q.sequence[0] == t else None
    return t if t in ACTION_VERBS else None

#: Candidates that get the per-element signals (name precision, exact name).
SHORTLIST = 300

#: Internal cut: below this combined score a candidate is not even an alternative.
_FLOOR = 0.12
#: Near-ties that position words and ordinals choose among (share of the best score).
_TIE = 0.82
_ORD_TIGHT = 0.9
_ORD_LOOSE = 0.6
_ZONE_MISS = 0.8  # a candidate outside the zone the request names
_CELL_BOOST = 0.35  # the cell where the named row and column meet
#: The near-tie nearest to the element a place is named from ("under the reply box").
RELATION_BONUS = 0.05
_REL_TIE = 0.6  # near-ties for a relation: this share of the best score
_REL_ANCHORS = 20  # anchors looked at (the page's order)
#: Places that are a listing as a whole: "below the list" is past its end, which no
#: element marks (its heading or a "List" button is at its top), so the side decides.
_LISTINGS = frozenset({"list", "table", "results", "grid", "listing", "rows", "entries"})
#: A sentence model's second opinion on the shortlist (issue 15 §5, measured by
#: bench/find_corpus.py --embedder cascade): ``CASCADE(search_index, positions, query)``
#: gives cosines; None (the default) leaves the ranking to the lexical and hashing sides.
CASCADE: Any = None
CASCADE_TOP = 20
CASCADE_WEIGHT = 0.0
#: How much a look-alike control loses against a twin whose record (row, card, post)
#: carries all the request's words while its own carries none.
RECORD_BOOST = 0.4
#: Look-alikes whose own fields score within this share of the best of them are ties
#: that their records may break.
RECORD_TIE = 0.9
#: a record's words are read this far (a chat message, a post: more than a row shows)
_RECORD_CHARS = 300
#: The score of the page's one text area for a fill request that names no field (see
#: _lone_editor): half the default threshold or more, so a clear lead answers ``low``.
EDITOR_SCORE = 0.2
#: Under this lexical score, the one visible drop-down does not answer by its own words
#: (a stray prefix, a selected option), and a choice request falls back to it.
LONE_CHOICE_LEX = 0.3
#: The factor of an element whose role is not the one a request names ("… link").
ROLE_MISS = 0.7
#: The role factor, for a request that names a button, of a clickable element with no
#: control's role (a scripted <li>, <span> or <div>; see _role_factor). The corpus answers
#: the same at 0.7 (ROLE_MISS), 0.85 and 1.0; MiniWoB's social-media gains one seed in 20.
SCRIPTED_BUTTON = 1.0
_PLAIN_ROLES = frozenset({"generic", "listitem", "none", "presentation", "img", "image",
                          "paragraph", "group", "cell", "gridcell", "row"})
#: The same when the request names a menu ("the actions menu for Press kit") and the page
#: shows a control that declares it opens one: the words of the record it is for must
#: not make the record's own link the answer.
MENU_MISS = 0.5
#: The state factor of a shown label standing in for a hidden toggle: its role and name
#: are borrowed, as much a guess as a role miss ("Pin run" beside a row's own selection
#: box took "tick the fourth run" at medium with 0.8).
PROXY = ROLE_MISS
#: The role factor of a pressed toggle button asked for as a "switch": half ROLE_MISS's
#: miss on a log scale.
PRESSED_SWITCH = ROLE_MISS ** 0.5
#: The least score of the link a pager's marked current page points to for "next page"
#: (no word of the request names it: the page's structure does, unambiguously).
PAGER_STEP_SCORE = 0.45
#: The state factor of an element that is not rendered at all (display:none), and of one
#: that the request names in full and that sits in a closed menu or section whose opener
#: the page declares (see _openable).
_HIDDEN_GONE = 0.3
#: The state factor of a disabled element: an enabled look-alike wins, but an ordinal
#: still counts it ("move the first block up" where the first block's *Move up* is
#: disabled is that one, refused, not the second block's; review 60).
DISABLED_FACTOR = 0.8
#: (0.6 until the seventeenth session: review 59's 351 cases, 0.6 → 0.85, gave 133 → 136
#: right, 0 → 0 wrong, 113 → 111 needless refusals; a closed account menu's *Log out*
#: lost to a card titled "Fix logout bug", which a click opened, review 60)
HIDDEN_OPENABLE = 0.85
#: The same for one whose opener the page does not declare but :func:`revealer` finds.
HIDDEN_REVEALED = 0.6
#: Lexical coverage at which a candidate carries the whole request.
_WHOLE_REQUEST = 0.9
#: Words that name a pager's pages ("next page", "previous results"), as stems.
_PAGE_STEMS = frozenset(english_stem(w) for w in ("page", "pages", "results", "pager"))
#: A table row that is not a control itself, against its own cells: a row's name is
#: all its cells' words, so it covers "the population of Lyon" as well as the cell where
#: Lyon's row meets the population column does, but a value lives in a cell.
ROW_FACTOR = 0.6
#: a value question's label (a column header, a row's key cell) yields to the value it
#: labels when that value carries more of the request, and scores at least this share of
#: the label's score (1.01: never)
VALUE_YIELD = 0.5
#: A quoted name in the request: a candidate whose name holds it but is longer, and one
#: whose name does not hold it at all (when some candidate's name is the quoted text).
QUOTE_PART = 0.85
QUOTE_MISS = 0.5
#: Words beyond the quoted name's own that a name holding it may have ("Save" in *Save
#: and continue*): a longer text quotes the name, it is not one.
QUOTE_NAME_SLACK = 4
#: A value of the shape the request asks for ("how many" → a count, "when" → a date):
#: fitted by bench/sweep.py, leave one app out.
SHAPE_BOOST = 0.8


@dataclass(slots=True)
class Match:
    """One ranked candidate: its element, score and (with explain) how it got there."""

    ref: str
    role: str
    name: str
    region: str
    score: float
    pos: int
    parts: dict[str, float] = field(default_factory=dict)
    #: named only by its id and class words (an icon): at best a ``low`` answer, since a
    #: class names what the author thought of, maybe the box around it (the close × of a
    #: ``delete-account-modal`` is no "delete account" button)
    guessed: bool = False
    #: a control that does what cannot be taken back (its name starts with it: *Delete
    #: task*, *Cancel order*) which a click request never names ("Call the plumber" over
    #: a to-do's *Delete task*): found by the words around it, so at best ``low``
    unasked: bool = False
    #: the request opens with what cannot be taken back ("delete ann", "block @ann") and
    #: the element's own words do not say it (the @ann link): it does not do what was
    #: asked, found by the rest of the request, so at best ``low``
    undone: bool = False

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"ref": self.ref, "role": self.role, "name": self.name,
                             "region": self.region, "score": round(self.score, 3)}
        if self.parts:
            d["parts"] = {k: round(v, 3) for k, v in self.parts.items()}
        return d


@dataclass(slots=True)
class Ranking:
    """What :func:`find_matches` hands to the view."""

    query: Query
    intent: str | None
    matches: list[Match]
    route: Route | None
    considered: int
    scope: str | None = None
    #: names the request gives that no element of the page holds (:func:`names_nowhere`)
    absent: tuple[str, ...] = ()
    #: names the request gives that the records of several look-alikes hold alike
    #: (:func:`_named_records`): which one is meant is a guess
    shared: tuple[str, ...] = ()


#: The intent factor of what cannot be filled, for a fill request (0.35 before the task
#: shown on a page, "Enter 05/20/2010 as the date", outranked the date field; the corpus
#: answers the same at 0.2, bench/find_corpus.py score --set ranking.FILL_MISS=…).
FILL_MISS = 0.2
#: A file input for a fill request: it is filled, but with files; a request for one
#: names it ("attach a photo") and wins by its words
FILE_FILL = 0.8


def _intent_factor(si: SearchIndex, intent: str | None) -> np.ndarray:
    """Multiplier per element: how well its role fits the action."""
    f = np.ones(si.n, dtype=np.float32)
    inter = si.interactive
    if intent is None:
        f[~inter] = 0.92
        f[si.tiny_box & ~si.role_selectable] *= 0.7
    elif intent == "click":
        f[~(si.role_clickable | inter)] = 0.55
        f[si.role_fillable & ~(si.role_combobox | si.role_slider)] = 0.6
        f[si.tiny_box] *= 0.6  # a 2-px box is not what a person clicks
    elif intent == "fill":
        f[~(si.role_fillable | si.file_input)] = FILL_MISS
        f[si.file_input] = FILE_FILL  # takes files, not the text most fills are
    elif intent == "select":
        ok = si.role_selectable
        f[~ok & inter] = 0.6
        f[~ok & ~inter] = 0.35
    elif intent == "navigate":
        link = si.role_link
        f[~link & inter] = 0.7
        f[~link & ~inter] = 0.45
    elif intent == "read":
        f[si.role_link] = 0.75
        f[si.role_read_weak] = 0.55
    return f


def _openable(si: SearchIndex, idx: Any, q: Query, ks: np.ndarray, lex: np.ndarray,
              state_f: np.ndarray) -> None:
    """A candidate that is not rendered but carries the whole request by its words ("sign
    out", "log out" for *Sign out*) and sits in a closed menu or section whose opener the
    page declares (:func:`~domdex.index.reveal.revealer`) is one click away, not gone: its
    state factor becomes :data:`HIDDEN_OPENABLE`, and the answer says "open @eN first".
    A partial match stays at the hidden factor: a row's hidden *Show more details* must
    not beat a visible *Spam* link for "show the spam comments". A name the request gives
    as one (the file named "Deneen" in a closed folder) carries it too; a mere quote does
    not (look up "delete account" is no request for a hidden *Delete account*)."""
    if not hasattr(idx, "tree"):
        return
    seen: dict[int, float] = si.derived.setdefault("openable", {})
    whole = lex[ks] >= _WHOLE_REQUEST
    if named := _as_names(q.named):
        # the name as given, or holding it with words the request says too ("Mute @bob"
        # for "the "Mute" button of @bob")
        said = set(tokens(q.text))
        whole |= np.array([(n := si.norm_names[k]) in named or (
            any(f" {w} " in f" {n} " for w in named) and set(n.split()) <= said)
            for k in ks.tolist()], dtype=bool)
    for k in ks[(si.hidden[ks] == 2) & whole].tolist():
        factor = seen.get(k)
        if factor is None:
            # behind a declared opener (aria-haspopup, collapsed) it is one click away;
            # behind a control found otherwise (a toast after *Add to cart*, a closed
            # folder), less surely
            pos = int(si.pos[k])
            factor = seen[k] = HIDDEN_OPENABLE if closed_opener(idx, pos) is not None else \
                HIDDEN_REVEALED if revealer(idx, pos) is not None else 0.0
        if factor:
            state_f[k] *= factor / _HIDDEN_GONE


def _state_factor(si: SearchIndex, q: Query) -> np.ndarray:
    """Shown, enabled, in-viewport and primary elements win over look-alikes."""
    f = np.ones(si.n, dtype=np.float32)
    f[si.hidden == 1] = 0.8  # laid out but invisible: revealed on hover
    f[si.hidden == 2] = _HIDDEN_GONE  # not rendered at all (display:none, closed menus)
    f[si.proxy] = PROXY  # a label standing in for a hidden toggle: the toggle, a guess
    f[si.disabled] *= DISABLED_FACTOR
    f[si.in_viewport] *= 1.02
    f[si.primary] *= 1.03
    if not q.mentions_header:  # a column's label is rarely what is asked for
        f[si.column_header] *= 0.85
    if q.page_title:  # "the page title": the page's top heading, not one that says "page"
        f[si.heading_level == 1] *= 1.4
    if q.wants_value:
        f[si.is_value] *= 1.12
        f[si.is_key & ~si.is_value] *= 0.9
    elif q.wants_key:  # "the glossary entry", "the signature of": the key itself
        f[si.is_key] *= 1.15
    return f


def _lexical(si: SearchIndex, q: Query, explain: bool) -> tuple[np.ndarray, dict[str, float]]:
    """Weighted coverage of the request's words; role words count at a fixed weight."""
    cov = np.zeros(si.n, dtype=np.float32)
    total = 0.0
    weights: dict[str, float] = {}
    share = _compound_shares(si, q.terms)
    for n, term in enumerate(q.terms):
        strength = si.match_term(term)
        # a word the page never uses cannot tell elements apart; it only lowers scores
        w = (si.idf(term) if strength.any() else 0.5) * share.get(term, 1.0)
        if len(term) == 1 and not term.isalnum():
            w *= 0.5  # a lone symbol (¶, ») says little
        if n == 0 and term == _action_verb(q):
            w *= 2.0  # "expand the os group": the action names the control
        if term in q.zone_terms:
            w *= 0.3  # "in the sidebar" says where; only an element named so gains much
        if q.head and term not in q.head:
            w *= 0.7  # "… in the introduction": words that locate, not name, the element
        if q.wants_value:  # "what is X": X is the key of the answer, as good as its name
            strength = np.maximum(strength, si.match_term(term, key=True))
        cov += w * strength
        total += w
        weights[term] = w
    for word in q.role_words:
        if word in q.terms:
            continue
        w = 0.8
        cov += w * si.match_term(word)
        total += w
        weights[word] = w
    if total <= 0:
        return cov, weights
    return cov / total, weights if explain else {}


def _compound_shares(si: SearchIndex, terms: list[str]) -> dict[str, float]:
    """A word written with dots, dashes or an @ and the parts the tokenizer also makes of
    it (*budget.xlsx*, *budget*, *xlsx*) are one word of the request: their weights are
    scaled so that together they weigh what the heaviest of them does. Counted three
    times, "share Budget.xlsx" was three parts a file's name and one part the *Share*
    item's, and the name's row won over the item."""
    out: dict[str, float] = {}
    for t in terms:
        if t.isalnum() or t in out:
            continue
        parts = {x for x in _NOT_WORD.split(t) if x}
        group = [t, *(x for x in terms if x in parts and x not in out)]
        if len(group) < 2:
            continue
        ws = [si.idf(x) for x in group]
        scale = max(ws) / sum(ws)
        for x in group:
            out[x] = scale
    return out


_NOT_WORD = re.compile(r"[^\w]+")


def _coverage(si: SearchIndex, terms: list[str], key: bool = False) -> np.ndarray:
    """Share of ``terms`` (idf-weighted) that each element carries (in its key only)."""
    cov = np.zeros(si.n, dtype=np.float32)
    total = 0.0
    for term in terms:
        w = si.idf(term)
        cov += w * si.match_term(term, key=key)
        total += w
    return cov / total if total else cov


def _role_factor(si: SearchIndex, q: Query) -> np.ndarray | float:
    """"… link", "… heading", "… button": a named role is a soft requirement."""
    if not q.roles:
        return 1.0
    ok = np.fromiter((r in q.roles for r in si.roles), dtype=bool, count=si.n)
    if "switch" in q.roles:
        # a pressed toggle button is a switch that is on, but a real switch is more so:
        # half the miss, so one that says its name ties with a box that also does
        # ("untick the Email alerts switch" over *Email alerts weekly digest*) and loses
        # to a switch of the same name (review 40)
        pressed = _pressed(si) & ~ok
        if pressed.any():
            return np.where(ok, 1.0, np.where(pressed, PRESSED_SWITCH, ROLE_MISS))
    if "button" in q.roles and SCRIPTED_BUTTON != ROLE_MISS:
        # a clickable thing without a control's role (a menu's <li>, a <span> with a
        # click listener) looks like a button to the person who asks for one
        plain = np.fromiter((r in _PLAIN_ROLES for r in si.roles), dtype=bool, count=si.n)
        return np.where(ok, 1.0, np.where(plain & si.interactive, SCRIPTED_BUTTON, ROLE_MISS))
    if _names_a_menu(q):  # "open the actions menu": the control that opens one is it
        ok |= _openers(si)
        if MENU_MISS != ROLE_MISS and bool((ok & si.interactive & (si.hidden == 0)).any()):
            return np.where(ok, 1.0, MENU_MISS)
    return np.where(ok, 1.0, ROLE_MISS)


#: "Profile in the account menu", "add the Margherita from the menu": the menu is where
#: the target is, not the target.
_MENU_AS_PLACE = re.compile(r"\b(in|from|of|on|inside|within|under|via)\b(\W+\w+){0,4}?\W+menu\b")
_MENU_PARTS = frozenset({"item", "items", "entry", "entries", "option", "options", "bar"})


def _names_a_menu(q: Query) -> bool:
    """The request names a menu itself ("the actions menu"), not a part of one ("the Our
    Team menu item")."""
    seq = q.sequence
    if _MENU_AS_PLACE.search(q.text.lower()):
        return False  # "Profile in the account menu": an item of it
    return any(w == "menu" and (k + 1 == len(seq) or seq[k + 1] not in _MENU_PARTS)
               for k, w in enumerate(seq))


def _pressed(si: SearchIndex) -> np.ndarray:
    """Toggle buttons that say they are on (``aria-pressed``): "the Email alerts switch"."""
    got: np.ndarray | None = si.derived.get("pressed")
    if got is None:
        got = si.derived["pressed"] = np.fromiter(
            ("pressed" in d.node.states for d in si.descriptors), dtype=bool, count=si.n)
    return got


def _openers(si: SearchIndex) -> np.ndarray:
    """Controls that declare they open a popup or a collapsed part (once per page)."""
    got: np.ndarray | None = si.derived.get("openers")
    if got is None:
        got = si.derived["openers"] = np.fromiter(
            (opens_something(d.node) for d in si.descriptors), dtype=bool, count=si.n) \
            & si.interactive
    return got


def _verbosity(si: SearchIndex) -> np.ndarray:
    """Long texts contain many words by chance: damp their coverage (BM25's idea)."""
    extra = np.maximum(si.n_words - 12.0, 0.0)
    damp: np.ndarray = 1.0 / (1.0 + 0.12 * np.log1p(extra))
    return damp


def _key_fit(si: SearchIndex, q: Query) -> np.ndarray:
    """How well an element's key (its term, its row) is exactly what the request names.

    "what is the global interpreter lock" wants the definition whose term is *global
    interpreter lock*, not one that mentions it: coverage of the request by the key,
    times the share of the key's words the request uses.
    """
    cov = _coverage(si, q.terms, key=True)
    if not cov.any():
        return cov
    ks = np.flatnonzero(cov)
    prec = np.zeros(si.n, dtype=np.float32)
    prec[ks] = si.key_precision_for(ks, _closure(q.terms))
    return cov * prec


def _closure(terms: list[str]) -> set[str]:
    """The terms, their stems and their synonyms: words that count as "the same"."""
    out = set(terms)
    for t in terms:
        st = stem(t)
        out.add(st)
        out.add(t + "()")  # "abs" names the key "abs(x)", read as "abs()"
        out |= SYNONYMS.get(t, frozenset()) | SYNONYMS.get(st, frozenset())
    return out


def _negative(si: SearchIndex, q: Query) -> np.ndarray:
    out = np.zeros(si.n, dtype=np.float32)
    for term in q.negative:
        np.maximum(out, si.match_term(term), out=out)
    return out


def _scope_mask(idx: Any, si: SearchIndex, region: str | None, role: str | None) -> np.ndarray:
    mask = np.ones(si.n, dtype=bool)
    if region:
        r = idx.region(region)
        mask &= (si.pos >= r.start) & (si.pos < r.stop)
    if role:
        wanted = {x.strip().lower() for x in role.split("|") if x.strip()}
        kinds = np.array([d.role in wanted or idx.kind(d.node) in wanted
                          for d in si.descriptors], dtype=bool)
        mask &= kinds
    return mask


def _position(si: SearchIndex, idx: Any, q: Query, score: np.ndarray,
              inside: np.ndarray | None = None, intent: str | None = None) -> np.ndarray:
    """Bonus for the near-ties that the request's position words point at (only
    candidates gain), and for the record or pager link an ordinal names (which may be
    no candidate: a post's title does not say "post")."""
    bonus = np.zeros(si.n, dtype=np.float32)
    step = _page_step(si, q) if not q.ordinal else 0
    best = float(score.max()) if si.n else 0.0
    if not (q.positions or q.ordinal or q.landmarks or q.relation or step):
        if best > 0 and not _PLACE_HINTS & set(q.sequence):
            _side_copy(si, q, score, best, bonus)  # of two copies around a listing, the first
        return bonus
    if best <= 0:
        return bonus
    if step and (page := pager_step(si, step)) is not None:  # "next page": current + 1
        placed = np.zeros(si.n, dtype=np.float32)
        placed[page] += max(0.15, best - float(score[page]) + 0.05,
                            PAGER_STEP_SCORE - float(score[page]))
        return bonus * (score > 0) + placed
    group = np.flatnonzero(score >= best * _TIE)
    zone_of = {"HEADER": "header", "FOOTER": "footer", "ASIDE": "sidebar"}
    for lm in q.landmarks:
        zone = zone_of.get(lm, "")
        for k in group:
            if zone in si.zones[k] or _top_landmark(idx, si.descriptors[k].pos) == lm:
                bonus[k] += 0.1
    for pos in q.positions:
        named = _named_by_place(si, group, pos, q) if pos in _PLACE_WORDS else []
        if named:  # "Delete in the Right panel": a section's name, not a side
            bonus[named] += 0.1
        elif pos in ("top", "bottom", "left", "right"):
            vals = _placed(si, si.y if pos in ("top", "bottom") else si.x, group)
            order = np.argsort(vals if pos in ("top", "left") else -vals, kind="stable")
            ranked = group[order]
            twin = False
            if len(ranked):
                side, lead = int(ranked[0]), int(group[np.argmax(score[group])])
                twin = side != lead and _copy_of(si, q, side, lead)
                # a copy of the best ("the Save at the top" of two Save rows): the side
                # said picks it, whatever its context's words add to the other copy
                bonus[side] += max(0.1, best + 0.05 - float(score[side])) if twin else 0.1
            if len(ranked) > 1 and not twin:
                bonus[ranked[1]] += 0.03
        elif pos == "nav":
            for k in group:
                if "nav" in si.zones[k] or "header" in si.zones[k]:
                    bonus[k] += 0.05
    if q.relation and RELATION_BONUS:
        _relation(si, q, score, best, bonus)
    if q.ordinal:
        placed = np.zeros(si.n, dtype=np.float32)
        if _pager(si, q.ordinal, q, score, placed) or \
                _listing_ordinal(si, idx, q.ordinal, q, score, best, placed, intent):
            return bonus * (score > 0) + placed
        kind = _kind_ordinal(si, idx, q.ordinal, q, score, best, placed)
        if kind:
            return bonus * (score > 0) + placed
        counted = score if inside is None else np.where(inside, score, 0.0)
        # "delete the second invoice" where none is; "delete the second paragraph" where
        # no Delete sits by a paragraph
        absent = kind is None or _absent_noun(si, q)
        if absent or (not _ordinal(si, q.ordinal, counted, float(counted.max()), bonus,
                                  idx) and q.ordinal >= 2):
            # nothing here has a 7th (or is an invoice): the best by words is no answer,
            # unless its name holds the ordinal ("Get a second opinion", "Second floor")
            forms = set(_ordinal_forms(q.ordinal))
            keeps = np.array([bool(forms & set(name.split())) for name in si.norm_names],
                             dtype=bool)
            return bonus * (score > 0) - np.where(keeps, 0.0, (1.0 - ORDINAL_MISS) * score)
    return bonus * (score > 0)


def _placed(si: SearchIndex, coord: np.ndarray, ks: np.ndarray) -> np.ndarray:
    """``coord`` (``si.y`` or ``si.x``) of the candidates ``ks``; one without a box is
    placed by its document order (20 px a step), as the page likely draws it."""
    vals = coord[ks]
    placed: np.ndarray = np.where(np.isnan(vals), si.order[ks] * 20.0, vals)
    return placed


def _copy_of(si: SearchIndex, q: Query, side: int, lead: int) -> bool:
    """Whether ``side`` is a copy of ``lead`` that the request's words do not tell apart:
    the same role and name, and no word of the request held by the lead and not by the
    side ("reply to bob's top tip": bob's Reply is held to his comment, and "top" names
    no side there)."""
    if si.roles[side] != si.roles[lead] or si.norm_names[side] != si.norm_names[lead]:
        return False
    return not any(held[lead] and not held[side]
                   for held in (si.holds_term(t) for t in q.terms))


#: The words the parser reads as each side, which may also be words of a section's name
#: ("Right panel", "Top stories", "Lower deck").
_PLACE_WORDS = {"top": ("top", "upper"), "bottom": ("bottom", "lower"),
                "left": ("left",), "right": ("right",)}


def _named_by_place(si: SearchIndex, group: np.ndarray, pos: str, q: Query) -> list[int]:
    """The near-ties whose heading or region is named by the request's side word, when
    some of them are and some not: "in the Right panel" of two stacked panels, "Left
    panel" and "Right panel", names a section; no coordinate tells them apart."""
    said = [w for w in _PLACE_WORDS[pos] if w in q.sequence]
    if not said or len(group) < 2:
        return []
    out = [int(k) for k in group
           if set(said) & set(tokens(si.descriptors[k].fields.get("heading", "") + " " +
                                     si.descriptors[k].fields.get("region", "")))]
    return out if 0 < len(out) < len(group) else []


def _page_step(si: SearchIndex, q: Query) -> int:
    """"next page", "previous page of results": +1 or -1, when no visible control on the
    page is named by the step word (a *Next* link answers by its name); else 0."""
    steps = {w: STEP_WORDS[w] for w in q.terms if w in STEP_WORDS}
    if len(set(steps.values())) != 1 or not _PAGE_STEMS & {english_stem(t) for t in q.terms}:
        return 0
    word = next(iter(steps))
    named = (si.match_term(word) >= 0.5) & si.interactive & (si.hidden == 0)
    return 0 if bool(named.any()) else steps[word]


def _pager(si: SearchIndex, nth: int, q: Query, score: np.ndarray, bonus: np.ndarray) -> bool:
    """"The second page of results", "page 3": a pager's link named by the number."""
    if nth < 1 or "page" not in {english_stem(t) for t in q.terms}:  # on any page
        return False
    number = str(nth)
    ks = [k for k in range(si.n) if si.norm_names[k] == number and si.hidden[k] == 0
          and (si.role_link[k] or si.roles[k] == "button")]
    if not ks:
        return False
    pick = max(ks, key=lambda k: (float(score[k]), -k))
    bonus[pick] += max(0.15, float(score.max()) - float(score[pick]) + 0.05)
    return True


def _listing_ordinal(si: SearchIndex, idx: Any, nth: int, q: Query, score: np.ndarray,
                     best: float, bonus: np.ndarray, intent: str | None) -> bool:
    """"The third post", "the first employee's record", "the category of the second
    product": count the records of the listing the request's noun names
    (:mod:`~domdex.search.records`) and take the record's element — the one the rest of
    the request names, else its first link (its title), else what it is."""
    nouns = _record_nouns(idx, q)
    if nouns is None:
        return False  # "the second button", "the first link in the footer": look-alikes
    if intent in ("fill", "select") and nouns and _names_hold(si, nouns, score) >= 2:
        return False  # "the second address line": *Address line 1*, *Address line 2*
    found = _named_listing(si, idx, nouns, score) or _kind_listing(si, idx, q, nouns, score)
    if found is None:
        return False
    listing, rest = found
    records, rest = _labelled(listing, rest)
    records, rest = _named_among(si, idx, q, records, rest)
    if len(records) < abs(nth):
        return False
    record = records[nth - 1] if nth > 0 else records[nth]
    inside = np.arange(*_subtree(si, idx, record))
    if not len(inside):
        return False
    wanted = [t for t in q.terms if t not in q.zone_terms and (
        stem(t) in rest or (t == q.terms[0] and t in ACTION_VERBS))]  # "edit …", "delete …"
    pick = _record_pick(si, inside, intent, score, best, rest, wanted)
    if pick is None:
        return False
    bonus[pick] += max(0.15, best - float(score[pick]) + 0.05)
    return True


def _kind_ordinal(si: SearchIndex, idx: Any, nth: int, q: Query, score: np.ndarray,
                  best: float, bonus: np.ndarray) -> bool | None:
    """"Delete the second paragraph", "edit the first image": the request counts things
    of a role (paragraphs) and acts with look-alike controls of another (a *Delete*
    beside each block). Each look-alike's record is its widest ancestor that holds no
    other; the records holding an element of the counted role are counted, and the
    look-alike of the nth is the answer. True when placed; False when this is no such
    request (no non-control role word, or the best candidates are of that role, or
    no look-alikes); None when the look-alikes' records hold too few of the role:
    counting the controls instead would be a guess."""
    kinds = {r for w in q.role_words if w not in _LISTING_WORDS for r in ROLE_WORDS[w]}
    kinds -= _CONTROL_ROLES
    if not kinds or not hasattr(idx, "tree") or best <= 0:
        return False
    top = np.flatnonzero(_undisabled(si, score) >= best * _ORD_TIGHT)
    if any(si.roles[k] in kinds for k in top.tolist()):
        return False  # "the second heading": the headings are counted themselves
    groups: dict[tuple[str, str], list[int]] = {}
    for k in top[np.argsort(si.order[top], kind="stable")].tolist():
        if si.hidden[k] == 0:
            groups.setdefault(si.signature[k], []).append(k)
    members = max((g for g in groups.values() if len(g) >= 2),
                  key=lambda g: (float(score[g].max()), len(g)), default=None)
    if members is None:
        return False
    tree, nodes = idx.tree, idx.nodes
    at = [si.descriptors[k].pos for k in members]
    holding = []
    for k, pos in zip(members, at, strict=True):
        record = pos
        for a in tree.ancestors(pos):
            if any(tree.contains(a, o) for o in at if o != pos):
                break
            record = a
        if any(nodes[j].role in kinds and nodes[j].visible and j != pos
               for j in tree.subtree(record)):
            holding.append((record, k))
    if len(holding) < abs(nth):
        return None
    order = in_reading_order([r for r, _ in holding], lambda r: nodes[r].box)
    pick = dict(holding)[order[nth - 1] if nth > 0 else order[nth]]
    bonus[pick] += max(0.15, best - float(score[pick]) + 0.05)
    return True


def _named_among(si: SearchIndex, idx: Any, q: Query, records: list[int], rest: set[str]
                 ) -> tuple[list[int], set[str]]:
    """The records an ordinal counts among, and the nouns left: those holding a name the
    request writes (a handle, a capitalised name, an id) when some records hold it and
    some not — "the second post by mike_d" is the second of mike_d's posts, not the
    second post (review 60) — else all of them."""
    names = [w for w in _WORD.findall(q.text)[1:]
             if "_" in w or "." in w.strip(".") or _proper(w) or _an_id(w)]
    for name in names:  # each name the request writes narrows them: "Lena Okafor"
        term = fold(name).strip(".")
        keep = _holding(si, idx, records, si.holds_term(term, stems=False))
        if 0 < len(keep) < len(records):
            records = keep
            rest = rest - ({stem(t) for t in tokens(term)} | {stem(term)})
    # so does a word between the ordinal and the noun counted that some records hold
    # and others not, a value of theirs: "reject the second Travel expense" counts the
    # Travel ones (review 61); a word every record holds, or none (a column's header),
    # is what to pick inside one; a word elsewhere (an unknown verb) narrows nothing
    for term in _before_noun(q, rest):
        keep = _holding(si, idx, records, si.holds_term(term))
        if 0 < len(keep) < len(records):
            records = keep
            rest = rest - {stem(term)}
    return records, rest


def _holding(si: SearchIndex, idx: Any, records: list[int], held: np.ndarray) -> list[int]:
    """The records with an element inside that ``held`` marks."""
    return [r for r in records if (span := _subtree(si, idx, r))[1] > span[0]
            and bool(held[span[0]:span[1]].any())]


def _before_noun(q: Query, rest: set[str]) -> list[str]:
    """The words of ``rest`` right after the request's ordinal word ("second *Travel*
    expense"), up to the first word not among them (the noun counted)."""
    seq = q.sequence
    at = next((i for i, w in enumerate(seq) if ORDINAL_WORDS.get(w) == q.ordinal), None)
    out: list[str] = []
    for w in seq[at + 1:] if at is not None else ():
        if w not in q.terms or stem(w) not in rest:
            break
        out.append(w)
    return out


def _kind_listing(si: SearchIndex, idx: Any, q: Query, nouns: set[str],
                  score: np.ndarray) -> tuple[Listing, set[str]] | None:
    """The listing some of whose records' own labels hold the kind the request counts
    by a role word ("the second *paragraph*" of blocks labelled *Paragraph block*,
    *Image block*), with the nouns left to count and pick by; the one whose labelled
    records hold the best candidate among several. None when no record is labelled so:
    the role word then counts elements of its role."""
    kinds = {stem(w) for w in q.role_words if w not in _LISTING_WORDS}
    best: tuple[float, Listing] | None = None
    for listing in _page_listings(si, idx) if kinds else ():
        records, left = _labelled(listing, kinds)
        if left == kinds:
            continue  # no record's label holds the kind
        spans = [(a, b) for a, b in (_subtree(si, idx, r) for r in records) if b > a]
        top = max((float(score[a:b].max()) for a, b in spans), default=-1.0)
        if spans and (best is None or top > best[0]):
            best = (top, listing)
    return (best[1], nouns | kinds) if best else None


def _labelled(listing: Listing, rest: set[str]) -> tuple[list[int], set[str]]:
    """The records an ordinal counts and the nouns left to pick within one: those whose
    own labels hold the nouns some records' labels hold ("the second *paragraph*" of
    blocks labelled *Heading block*, *Paragraph block*, *Image block* counts the
    paragraph blocks), else all of them."""
    said = {n for n in rest if any(n in label for label in listing.labels)}
    if not said:
        return listing.records, rest
    return ([r for r, label in zip(listing.records, listing.labels, strict=True)
             if said <= label], rest - said)


def _names_hold(si: SearchIndex, nouns: set[str], score: np.ndarray) -> int:
    """How many shown candidates carry every one of ``nouns`` in their own names: the
    look-alikes an ordinal counts, when there are two or more of them."""
    return sum(1 for k in np.flatnonzero(score > 0).tolist()
               if si.hidden[k] == 0 and nouns <= set(si.stem_names[k].split()))


def ordinal_listings(idx: Any, q: Query) -> list[tuple[str, list[int]]]:
    """The listings an ordinal request ("the second post") may count within, when more
    than one fits it as well as the one find counts in: each as (its heading, its
    records' node positions). Empty when one listing is named ("the second draft"), the
    ordinal counts look-alike controls ("the second Delete") or no listing fits.

    find counts in one of them (:func:`_listing_ordinal`: the longer, the one of three
    records or more …), which is a fine answer to show but a guess to act on."""
    nouns = _record_nouns(idx, q) if q.ordinal is not None else None
    if not nouns:
        return []
    si = SearchIndex.for_index(idx)
    fits = [((fit, int(marked), int(not aside)), listing, spans[0][0])
            for listing, fit, marked, aside, spans in
            _listing_fits(si, idx, nouns, _noun_translations(nouns))]
    top = max((key for key, _, _ in fits), default=None)
    tied = [(si.descriptors[k].fields.get("heading", "").strip(), listing.records)
            for key, listing, k in fits if key == top]
    return tied if len(tied) > 1 else []


def kind_words(idx: Any, pos: int) -> frozenset[str]:
    """The stems of the words that say what kind of record the node at ``pos`` is in:
    the words of every listing one of whose records holds it (its records' class names,
    aria-labels, the heading over them: *card*, *column*, *question*). "refresh the
    churn rate card" names the card by *churn rate*; *card* says which kind of thing,
    not which one."""
    if not hasattr(idx, "tree"):
        return frozenset()
    si = SearchIndex.for_index(idx)
    tree = idx.tree
    out: set[str] = set()
    for listing in _page_listings(si, idx):
        if any(tree.contains(r, pos) for r in listing.records):
            out |= listing.words
    return frozenset(out)


def _page_listings(si: SearchIndex, idx: Any) -> list[Listing]:
    """The page's listings (:func:`~domdex.search.records.listings`), found once a page."""
    found: list[Listing] | None = si.derived.get("listings")
    if found is None:
        found = si.derived["listings"] = listings(idx, lambda pos: _words_over(si, pos))
    return found


def _subtree(si: SearchIndex, idx: Any, pos: int) -> tuple[int, int]:
    """The descriptors of node ``pos`` and all inside it: ``range(*_subtree(…))``."""
    return (int(np.searchsorted(si.pos, pos)),
            int(np.searchsorted(si.pos, idx.tree.end[pos])))


def _named_listing(si: SearchIndex, idx: Any, nouns: set[str],
                   score: np.ndarray) -> tuple[Listing, set[str]] | None:
    """The listing whose words hold most of ``nouns`` and the nouns it leaves over.

    Among equals: one in the main content, of three records or more, whose records hold
    the best candidates, the longest."""
    best_key: tuple[int, int, int, int, float, int] | None = None
    choice: Listing | None = None
    alts = _noun_translations(nouns)
    for listing, fit, marked, aside, spans in _listing_fits(si, idx, nouns, alts):
        top = max(float(score[a:b].max()) for a, b in spans)
        key = (fit, int(marked), int(not aside), int(len(listing.records) >= 3), top,
               len(listing.records))
        if best_key is None or key > best_key:
            best_key, choice = key, listing
    if choice is None:
        return None
    return choice, {n for n in nouns
                    if n not in choice.words and not alts.get(n, set()) & choice.words}


def _record_nouns(idx: Any, q: Query) -> set[str] | None:
    """The nouns an ordinal request names its records by ("the third *post*"); None when
    it counts look-alike controls instead ("the second button") or the index has no tree."""
    named = {r for w in q.role_words if w not in _LISTING_WORDS for r in ROLE_WORDS[w]}
    if not hasattr(idx, "tree") or named & _CONTROL_ROLES:
        return None
    return {stem(t) for t in q.terms if t not in ACTION_VERBS and t not in q.zone_terms}


def _listing_fits(si: SearchIndex, idx: Any, nouns: set[str], alts: dict[str, set[str]]
                  ) -> list[tuple[Listing, int, bool, bool, list[tuple[int, int]]]]:
    """The page's listings whose words hold some of ``nouns`` (or their translations
    ``alts``), each with how many, whether its records are marked as records, whether it
    sits in an aside, and its records' non-empty spans (none: left out)."""
    out = []
    for listing in _page_listings(si, idx):
        fit = sum(1 for n in nouns if n in listing.words or alts.get(n, set()) & listing.words
                  or any(n in label for label in listing.labels))
        if not fit:
            continue
        spans = [(a, b) for a, b in (_subtree(si, idx, r) for r in listing.records) if b > a]
        if not spans:
            continue
        first = idx.nodes[listing.records[0]]
        marked = first.role in _RECORD_ROLES or first.tag in _RECORD_TAGS
        out.append((listing, fit, marked, bool(si.zones[spans[0][0]] & _ASIDE_ZONES), spans))
    return out


def _noun_translations(nouns: set[str]) -> dict[str, set[str]]:
    """On a page in another language, what its interfaces call each English noun of the
    request ("the last email" over a Chinese inbox whose rows are *邮件*), by stem."""
    lang = current_language()
    if lang is None:
        return {}
    return {n: {stem(t) for w in translations(n, lang) for t in tokens(w)}
            for n in nouns if n.isascii()}


_ASIDE_ZONES = frozenset({"nav", "header", "footer", "sidebar"})
#: Records by their markup (a table's rows, a list's items, a feed's articles): among
#: listings the request names equally, these before runs of look-alike paragraphs or
#: boxes, which an aria snapshot (no tags, no classes) makes of any siblings.
_RECORD_ROLES = frozenset({"row", "listitem", "article", "treeitem"})
_RECORD_TAGS = frozenset({"tr", "li", "article"})
#: Role words that name where the records are, not what is counted: "the last email
#: in the list" counts the list's records (a list may be a listbox, but not here).
_LISTING_WORDS = frozenset({"list", "table"})
#: Roles whose look-alikes an ordinal counts directly, not a listing's records.
_CONTROL_ROLES = frozenset({"button", "link", "checkbox", "radio", "tab", "textbox",
                           "combobox", "menuitem", "switch", "slider", "spinbutton",
                           "searchbox", "option"})


def _words_over(si: SearchIndex, pos: int) -> str:
    """The heading and region words of the first element at or after node ``pos``."""
    k = int(np.searchsorted(si.pos, pos))
    if k >= si.n:
        return ""
    f = si.descriptors[k].fields
    return f.get("heading", "") + " " + f.get("region", "")


def _record_pick(si: SearchIndex, inside: np.ndarray, intent: str | None,
                 score: np.ndarray, best: float, rest: set[str],
                 wanted: list[str] | None = None) -> int | None:
    """The element of a record an ordinal chose: a control of it that ``wanted`` (the
    request's verb and leftover words) names, else the element the leftover words fit
    best, else its first link (its title), else the record itself. None when the request
    asks for what cannot be taken back ("delete the second item") and no control of the
    record says it: its title link is no answer to that."""
    if wanted and intent in ("click", "fill", "select"):  # "edit the last user": its ✎
        ctl: list[int] = [int(k) for k in inside.tolist() if si.interactive[k] and
                          _names(wanted, si.descriptors[k].label)]  # not *Cancel order*
        if ctl and max(float(score[k]) for k in ctl) >= 0.5 * best:
            return max(ctl, key=lambda k: float(score[k]))
        if any(w in _undoable() for w in wanted):
            return None
    if intent in ("fill", "select"):  # a field of the record, never the record itself
        fits = si.role_fillable if intent == "fill" else si.role_selectable
        fields = inside[fits[inside] & (si.hidden[inside] == 0)]
        return int(fields[np.argmax(score[fields])]) if len(fields) else None
    if rest and float(score[inside].max()) >= 0.5 * best:  # "the category of …"
        return int(inside[np.argmax(score[inside])])
    for k in inside:
        if si.role_link[k] and si.norm_names[k] and intent != "read":
            return int(k)  # a record's first link opens it: its title
    return int(inside[0])


_ZONE_OF = {"HEADER": "header", "FOOTER": "footer", "ASIDE": "sidebar"}


def _names_all(stem_name: str, words: list[set[str]]) -> bool:
    """Whether a name (its stems) holds each of ``words`` (each a set of stems)."""
    have = set(stem_name.split())
    return bool(have) and all(have & w for w in words)


def _relation(si: SearchIndex, q: Query, score: np.ndarray, best: float,
              bonus: np.ndarray) -> None:
    """"The wide button under the reply box", "Go next to the search box": the elements
    the place is named from (anchors: shown elements that carry the anchor's words about
    as well as the best one) and, among the near-ties, the one nearest to an anchor on
    the named side gains. Two look-alikes each beside its own anchor: the first.
    ``best`` is the best score (> 0)."""
    vertical = q.relation in ("below", "above")
    if vertical and set(q.anchor) <= _LISTINGS:  # "below the list": its end, unmarked
        _side_copy(si, q, score, best, bonus)
        return
    anc = _coverage(si, q.anchor)
    anc = np.where((si.hidden == 0) & ~np.isnan(si.y), anc, 0.0)
    top = float(anc.max())
    if top < 0.5:  # nothing on the page carries the place's words
        if vertical:
            _side_copy(si, q, score, best, bonus)
        return
    anchors = np.flatnonzero(anc >= 0.9 * top)[:_REL_ANCHORS]
    anchor_words = [{stem(x) for x in _closure([w])} for w in q.anchor]
    end = si.idx.tree.end if hasattr(si.idx, "tree") else None
    group = np.flatnonzero(score >= best * _REL_TIE)
    fit: list[tuple[float, int]] = []
    for k in group:
        d = si.descriptors[k]
        box = d.node.box
        if box is None or _names_all(si.stem_names[k], anchor_words):
            continue  # no box, or its name is the anchor's: it is what the place is named from
        gaps = []
        for a in anchors:
            da = si.descriptors[a]
            box_a = da.node.box
            if a == k or box_a is None or (end is not None and (
                    d.pos <= da.pos < end[d.pos] or da.pos <= d.pos < end[da.pos])):
                continue  # the anchor itself, what holds it, what it holds
            if q.relation == "below":
                gap = box.y - (box_a.y + box_a.height)
            elif q.relation == "above":
                gap = box_a.y - (box.y + box.height)
            elif box.y < box_a.y + box_a.height and box_a.y < box.y + box.height:
                gap = max(box.x - (box_a.x + box_a.width), box_a.x - (box.x + box.width))
            else:
                continue  # beside: on the same line only
            if gap >= -4:  # on that side (a few pixels of overlap allowed)
                gaps.append(max(gap, 0.0))
        if gaps:
            fit.append((min(gaps), int(k)))
    if fit:
        bonus[min(fit)[1]] += RELATION_BONUS


def _side_copy(si: SearchIndex, q: Query, score: np.ndarray, best: float,
               bonus: np.ndarray) -> None:
    """"The dropdown below the list", "the arrow under the results" where nothing on the
    page carries the place's words (a list is seldom named): among copies of the best
    (same role and name, nothing in the request told apart), the lowest one for "below",
    the highest for "above". Without a place word the first copy wins, as a person means
    it; with one, the side said. Only two copies that stand on either side of one
    listing (a toolbar or pager drawn above and below the same rows) are such sides: two
    tables' own *Export* buttons are no top and bottom of anything, so neither gains."""
    lead = int(np.argmax(score))
    group = np.flatnonzero(score >= best * _REL_TIE)
    copies = [int(k) for k in group if k == lead or _copy_of(si, q, int(k), lead)]
    if len(copies) != 2 or not _around_listing(si.idx, *sorted(
            int(si.descriptors[k].pos) for k in copies)):
        return
    ys = _placed(si, si.y, np.array(copies))
    side = copies[int(np.argmax(ys) if q.relation == "below" else np.argmin(ys))]
    bonus[side] += max(0.1, best + 0.05 - float(score[side]))


_LISTING_ROLES = frozenset({"table", "grid", "treegrid", "list"})
#: Words that may say where a copy is though the parser reads no place in them ("the
#: compare button at the end of the list"): with one, the first copy gains nothing.
_PLACE_HINTS = frozenset(str.split("end ending after before beginning start finish last "
                                   "final first bottom top lower upper below above under "
                                   "over underneath beneath foot head again second other"))
#: Roles whose value a control beside them may act with (a bulk action's select).
_VALUED_ROLES = frozenset({"combobox", "listbox", "textbox", "searchbox", "spinbutton",
                           "slider", "radio"})


def same_copies(idx: Any, q: Query, a: str, b: str) -> bool:
    """Whether the elements ``a`` and ``b`` are one control drawn twice: copies (same
    role and name, no word of the request telling them apart) above and below one
    listing (a pager, a bulk action bar), neither beside a field whose value it may act
    with (the top *Apply* of WordPress applies the top select's action, not the
    bottom's). Pressing either does the same."""
    si = SearchIndex.for_index(idx)
    ka, kb = si.by_ref.get(a), si.by_ref.get(b)
    if ka is None or kb is None or not _copy_of(si, q, kb, ka):
        return False
    first, second = sorted((int(si.descriptors[ka].pos), int(si.descriptors[kb].pos)))
    if not _around_listing(idx, first, second):
        return False
    tree, nodes = idx.tree, idx.nodes
    for pos in (first, second):
        box = tree.parent_pos[pos]  # the copy's bar: its parent, or one up for a lone one
        if box >= 0 and len(tree.child_pos[box]) == 1 and tree.parent_pos[box] >= 0:
            box = tree.parent_pos[box]
        if box < 0 or tree.contains(box, first if pos == second else second) or any(
                nodes[j].role in _VALUED_ROLES for j in tree.subtree(box)):
            return False
    return True


def _around_listing(idx: Any, first: int, second: int) -> bool:
    """Whether the nodes at ``first`` < ``second`` stand above and below one listing:
    in the part of the page that holds both, a table, grid or list lies between them and
    none before the first or after the second (neither copy is some other listing's)."""
    tree = getattr(idx, "tree", None)
    if tree is None:
        return False
    parent, end = tree.parent_pos, tree.end
    home = parent[first]
    while home >= 0 and not (home < second < end[home]):
        home = parent[home]
    if home < 0:
        return False
    between = False
    pos, stop = home + 1, end[home]
    while pos < stop:
        node = idx.nodes[pos]
        if node.role in _LISTING_ROLES or node.tag == "table":
            if pos < first < end[pos] or pos < second < end[pos]:
                pos += 1  # it holds a copy: look inside it
                continue
            if first < pos < second:
                between = True
            else:
                return False  # a listing before the first or after the second copy
            pos = end[pos]
            continue
        pos += 1
    return between


def _zone_factor(si: SearchIndex, q: Query, ks: np.ndarray) -> np.ndarray | float:
    """"… in the sidebar", "… in the footer", "… in the top bar": a named zone is a soft
    requirement over all candidates, not only a tie-break (the same words elsewhere lose).

    Only zones the page has among the candidates count: a site without a detectable
    sidebar is not penalised everywhere.
    """
    wanted: list[tuple[str, ...]] = [(_ZONE_OF[lm],) for lm in q.landmarks if lm in _ZONE_OF]
    if "bar" in q.positions and "ASIDE" not in q.landmarks:
        wanted.append(("nav", "header", "footer"))
    if "breadcrumb" in q.positions:
        wanted.append(("breadcrumb",))
    if not wanted or not len(ks):
        return 1.0
    f = np.ones(si.n, dtype=np.float32)
    zones = si.zones
    if ("breadcrumb",) in wanted and not any("breadcrumb" in zones[k] for k in ks):
        wanted[wanted.index(("breadcrumb",))] = ("nav", "header")  # unmarked: a bar
    for alts in wanted:
        bar = len(alts) > 1
        ok = np.fromiter(((any(z in zones[k] for z in alts) and
                           not (bar and "sidebar" in zones[k])) for k in ks),
                         dtype=bool, count=len(ks))
        if ok.any():
            f[ks[~ok]] *= _ZONE_MISS
    return f


def _cascade(si: SearchIndex, q: Query, ks: np.ndarray, score: np.ndarray) -> np.ndarray:
    """A second opinion on the best :data:`CASCADE_TOP` candidates from a sentence model
    (off unless a bench sets :data:`CASCADE`): each keeps its score times
    ``1 + CASCADE_WEIGHT * (cosine - best cosine)``."""
    top = ks[np.argsort(-score[ks], kind="stable")[:CASCADE_TOP]]
    top = top[score[top] > 0]
    if len(top) < 2:
        return score
    cos = np.asarray(CASCADE(si, top, q.text), dtype=np.float32)
    out = score.copy()
    out[top] = score[top] * np.maximum(0.0, 1.0 + CASCADE_WEIGHT * (cos - cos.max()))
    return out


def _record_factor(si: SearchIndex, idx: Any, q: Query, ks: np.ndarray,
                   score: np.ndarray) -> np.ndarray | float:
    """Look-alike controls (one *Edit* per row, one *Block* per post): among candidates
    of one role and name, the record (row, card, post) that carries the most of the
    request's words keeps its score and the others lose up to ``RECORD_BOOST`` by how
    much less they carry — "Block button for the user @leo", "edit the Website Redesign
    project".

    Only look-alikes are compared with each other, only those that tie on their own
    fields (within :data:`RECORD_TIE` of the best of them: a copy button whose own
    section heading names the request already leads, and a neighbouring section's prose
    that happens to hold more of the words must not overturn that), and only scaled down:
    a record's words tell twins apart but never lift a control over an element that fits
    the request by its own name (a post's *quick* tag link does not beat its *Quick edit*
    button because the row names the post). The record's words feed no word rarity.
    """
    terms = [t for t in (*q.terms, *q.role_words) if t not in q.zone_terms]
    if not terms or not len(ks) or not hasattr(idx, "tree"):
        return 1.0
    groups: dict[Any, list[int]] = {}
    for k in ks[si.interactive[ks]].tolist():
        groups.setdefault(si.signature[k], []).append(k)
    stems = [_term_stems(t) for t in terms]
    cache: dict[int, frozenset[str]] = si.derived.setdefault("record_words", {})
    f = np.ones(si.n, dtype=np.float32)
    for members in groups.values():
        if len(members) < 2:
            continue
        top = max(float(score[k]) for k in members)
        tied = [k for k in members if score[k] >= RECORD_TIE * top]
        if len(tied) < 2:
            continue
        fits: list[float] = []
        for k in tied:  # the records' words, read only for twins that tie
            words = cache.get(k)
            if words is None:
                text = row_text(idx, si.descriptors[k].ref, _RECORD_CHARS)
                words = cache[k] = frozenset(stem(t) for t in tokens(text)) if text \
                    else frozenset()
            fits.append(sum(1 for st in stems if st & words) / len(stems) if words else 0.0)
        best = max(fits)
        if best == 0:
            continue
        for k, fit in zip(tied, fits, strict=True):
            if cache[k]:
                f[k] = 1.0 - RECORD_BOOST * (best - fit)
    return f


#: "процитировать сообщение Сергея" (to click) where the post's author leads: the post's
#: control the request names takes the lead when it scores at least this share of the
#: text's score (above 1: never)
RECORD_HANDOFF = 0.5


def _said_name(d: Descriptor) -> str:
    """What a view calls the element, or for an icon named only by its class
    (``span.reply``), the class words it is found by."""
    return d.label or (d.fields.get("label", "") if d.guessed else "")


def _record_handoff(si: SearchIndex, idx: Any, q: Query, ks: np.ndarray,
                    score: np.ndarray) -> np.ndarray:
    """A click request whose best match is a record's text (a post's author) and that
    names one of the record's controls by a word of its own ("quote Sergey's post" over
    *Quote*) means that control, which the text cannot be.

    The record's controls are those of a kind every record of the listing carries
    (*Quote*, *Reply*, *Add to cart*), and one counts as named only by a request word
    that is not a word of the listing itself: "the post by Bob Stone" does not name
    *Report post*. A control the request does not name is never handed the click: the
    record's only control might be *Delete* (a refusal beats a guess).
    """
    if RECORD_HANDOFF > 1.0 or len(ks) < 2 or not hasattr(idx, "tree") or not q.terms:
        return score
    b = int(ks[np.argmax(score[ks])])
    if si.interactive[b]:
        return score
    found = _page_listings(si, idx)
    pos, end = int(si.pos[b]), idx.tree.end
    around = [(r, listing) for listing in found for r in listing.records
              if r < pos < end[r]]
    if not around:
        return score
    record, listing = max(around, key=lambda x: x[0])  # the innermost record
    kinds: list[set[Any]] = []
    for r in listing.records:
        kinds.append({si.signature[k] for k in range(*_subtree(si, idx, r))
                      if si.interactive[k]})
    a, z = _subtree(si, idx, record)
    terms = [t for t in q.terms if stem(t) not in listing.words]
    own = [k for k in range(a, z) if si.interactive[k] and not si.hidden[k] and
           all(si.signature[k] in kind for kind in kinds) and
           _names(terms, _said_name(si.descriptors[k]))]
    if not own:
        return score
    k = max(own, key=lambda j: float(score[j]))
    if score[k] < RECORD_HANDOFF * score[b]:
        return score
    return _take_lead(score, score, k, b)


#: What a control does that cannot be taken back or changes the user's data: found for
#: a request that does not say it, it is no answer to act on (*Show image 3* is).
_UNDOABLE = frozenset(str.split(
    "delete remove cancel reset clear discard archive block report unsubscribe decline "
    "reject revoke disable deactivate ban kick mute erase destroy drop purge wipe trash "
    "unpublish refund void terminate unfollow uninstall leave logout"))


def _undoable() -> frozenset[str]:
    """:data:`_UNDOABLE`, and on a page in another language its words for them
    (*löschen*, *удалить*, 削除) from the interface glossary."""
    lang = current_language()
    if lang is None:
        return _UNDOABLE
    return _undoable_in(lang)


def undoable(name: str) -> frozenset[str]:
    """The words of a control's ``name`` that say it does what cannot be taken back
    (*Delete account*: delete; *Move to trash*; *Konto löschen*), empty for any other."""
    undo = _undoable()
    return frozenset(t for t in tokens(fold(name)) if t in undo)


@cache
def _undoable_in(lang: str) -> frozenset[str]:
    return _UNDOABLE | {t for w in _UNDOABLE for found in translations(w, lang)
                        for t in tokens(found)}


#: Words of an undoable control's name that name no object of their own: the record the
#: control sits in is what it acts on (*Remove item*, *Delete row*), or they only carry
#: the undoable word (*Move to trash*, *Send to archive*).
_NO_OBJECT = frozenset(english_stem(w) for w in str.split(
    "row record entry item one thing line result this it selected move send mark put "
    "changes forever permanently anyway"))
#: Where a control's name stops saying what it acts on: *Remove from cart* acts on the
#: row's record, the cart is where it is.
_NAME_PLACE = frozenset(str.split("from to in into on onto at for of with as"))


def unnamed_objects(q: Query, name: str) -> list[str]:
    """The words of an undoable control's ``name`` that say what it acts on (*order* of
    *Cancel order*, *user* of *Block user*) when the request names none of them, by stem
    or related form (not by synonym: "the newsletter" is no *Subscription*, "my profile
    photo" no *Account*); [] when one is named or the name has none (*Remove*, *Remove
    item*, *Remove from cart*: the row's record).

    A request that says what it acts on before a place or an owner ("cancel the return
    for order 1001", "delete the comment on the post") names it there, not in the rest.

    An action that cannot be taken back needs its object confirmed as well as its verb:
    "cancel" in an *Edit address* dialog is no request for *Cancel order*, nor "block
    pop-ups" under a *Pop-ups* heading for *Block user* (reviews 41 and 42)."""
    undo = _undoable()
    every = _quantifiers()
    objects: list[str] = []
    for w in tokens(fold(name)):
        if w in _NAME_PLACE:
            break
        if w in every or (w.isalpha() and len(w) > 1 and w not in undo and
                          w not in STOPWORDS and w not in ACTION_VERBS and
                          not is_function_word(w) and english_stem(w) not in _NO_OBJECT):
            objects.append(w)
    said = [t for t in (q.head or q.terms) if t not in STOPWORDS]
    if not objects or _names(said, " ".join(objects), synonyms=False):
        return []
    return objects


#: Words that make an undoable control act on everything (*Delete all*, *Alle löschen*):
#: its object, which a request must name too ("delete" is no *Delete all*).
EVERY_WORDS = frozenset({"all", "every", "everything"})


def _quantifiers() -> frozenset[str]:
    lang = current_language()
    return EVERY_WORDS if lang is None else _quantifiers_in(lang)


@cache
def _quantifiers_in(lang: str) -> frozenset[str]:
    return EVERY_WORDS | {t for w in EVERY_WORDS for found in translations(w, lang)
                          for t in tokens(found)}


#: Controls the no-guess rule holds back: those that act (a link mostly goes somewhere).
_ACTING_ROLES = frozenset({"button", "menuitem"})


def _unasked(q: Query, role: str, name: str) -> bool:
    """Whether a button ``name`` does what cannot be taken back (a word of it says so:
    *Delete task*, *Move to trash*, *Aufgabe löschen*) while the request names neither
    that (nor a synonym) nor another word of the name than a record's ("Call the plumber"
    for *Delete task*; "the black belt item" for *Remove item*). "quote button" names
    *Block quote*; "reset filters" names *Clear all filters*. And a button that does
    another action than the undoable one the request says ("discard changes" for *Save
    changes*)."""
    if role not in _ACTING_ROLES:
        return False
    words = [w for w in tokens(name) if w.isalpha()]
    undo = _undoable()
    said = q.sequence or q.terms  # "open …" is no term: the request's words in full
    wants = [t for t in said if t in undo]  # "discard changes": not *Save changes*
    if wants and words and words[0] in ACTION_VERBS and not _names(wants, name) and \
            not _names(said, words[0]):
        return True
    acts = [w for w in words if w in undo]
    if not acts:
        return False
    if _names(said, " ".join({*acts, *(x for w in acts for x in SYNONYMS.get(w, ()))})):
        return False
    others = [w for w in words if w not in undo and english_stem(w) not in _RECORD_STEMS]
    return not (others and _names([t for t in said if t not in STOPWORDS], " ".join(others)))


#: Undoable verbs that open other requests too ("leave a comment").
_NOT_ONLY_UNDOING = frozenset({"leave"})


def _undone(q: Query, d: Descriptor) -> bool:
    """Whether the request opens with an action that cannot be taken back ("delete ann",
    "block @ann") that the element's own words (its name, label, the words of its icon)
    do not say, nor a synonym: the @ann link matches only the rest of the request."""
    said = q.sequence or q.terms
    if not said or said[0] not in _undoable() or said[0] in _NOT_ONLY_UNDOING:
        return False
    own = " ".join((d.label, d.fields.get("name", ""), d.fields.get("label", ""),
                    d.fields.get("text", "")))
    return not _names([said[0]], own)


def _names(terms: list[str], name: str, synonyms: bool = True) -> bool:
    """Whether a request word is a word of ``name``: the same stem or a synonym's, or on
    a page in another language a related form (*процитировать* / *Цитировать*)."""
    words = [w for w in tokens(name) if w.isalpha()]
    stems = {stem(w) for w in words}
    return any(stems & (_term_stems(t) if synonyms else {stem(t)})
               or related_words(t, words, stem) for t in terms)


def _column_stems(term: str) -> frozenset[str]:
    """A request word as a column header may say it otherwise (:data:`COLUMN_SYNONYMS`:
    "cost" meets *Unit price*), stemmed."""
    return frozenset(stem(x) for x in COLUMN_SYNONYMS.get(term, ()))


def _term_stems(term: str) -> frozenset[str]:
    """A request word as its stem or a synonym's ("picture" meets an *Image* block)."""
    return frozenset({stem(term)} | {stem(x) for x in SYNONYMS.get(term, ())})


#: "the 7th search result" where nothing has seven look-alikes, records or pages: the
#: share of its score the best by words keeps (it is not what was asked for)
ORDINAL_MISS = 0.1
#: "sort the vehicles by year": the share of its score a candidate without the key keeps
BY_MISS = 0.4
#: a read request answered by an in-page link yields to the element the link points at
#: (a contents entry to its definition or section) when that scores this share of it
LINK_TARGET = 0.5


def _targets(si: SearchIndex, idx: Any) -> dict[str, int]:
    """The page's element ids, each to the candidate it names: the element itself, or the
    first heading inside it (a ``<section id>``). An id the page uses twice names
    nothing: which one a link reaches is the browser's business, not a guess of ours."""
    got: dict[str, int] | None = si.derived.get("targets")
    if got is None:
        at = {int(p): k for k, p in enumerate(si.pos.tolist())}
        got = {}
        nodes, end = idx.nodes, idx.tree.end
        seen: set[str] = set()
        twice: set[str] = set()
        for n in nodes:
            name = n.attrs.get("id")
            if name:
                (twice if name in seen else seen).add(name)
        for i, n in enumerate(nodes):
            name = n.attrs.get("id")
            if not name or name in twice:
                continue
            k = at.get(i)
            if k is None or si.descriptors[k].role in ("generic", "region", "article"):
                k = next((at[j] for j in range(i + 1, min(end[i], i + 8)) if j in at
                          and nodes[j].role == "heading"), k)
            if k is not None:
                got.setdefault(name, k)
        si.derived["targets"] = got
    return got


def _link_over_target(si: SearchIndex, idx: Any, q: Query, ks: np.ndarray,
                      score: np.ndarray) -> np.ndarray:
    """"the Specifier.filter method" (to read): the contents entry that links to it
    names it as well as its definition does, but the definition is what is read.

    A leading link whose ``href`` is ``#id`` of a shown element on the page yields to
    that element when it is in the running at :data:`LINK_TARGET` of the link's score.
    Not for a value question: "how many comments are there" is answered by the link
    *3 comments* itself, not by the section it leads to.
    """
    if LINK_TARGET > 1.0 or len(ks) < 2 or not hasattr(idx, "tree") or q.wants_value \
            or asked_shapes(q):
        return score
    out = score
    for link in ks[np.argsort(-score[ks], kind="stable")[:3]].tolist():
        href = si.descriptors[link].node.attrs.get("href", "")
        if not si.role_link[link] or not href.startswith("#") or len(href) < 2:
            continue
        k = _targets(si, idx).get(href[1:])
        if k is None or k == link or si.hidden[k] or score[k] < LINK_TARGET * score[link]:
            continue
        out = _take_lead(score, out, k, link)
    return out


def _admit(live: np.ndarray, score: np.ndarray) -> np.ndarray:
    """Elements a rule gave a score (a row's date cell, a record's control) join the
    running (``live``, in place); the candidates' positions."""
    live |= score > 0
    return np.flatnonzero(live)


def _take_lead(score: np.ndarray, out: np.ndarray, win: int, lose: int) -> np.ndarray:
    """``win`` takes ``lose``'s lead (the better of their two scores) and ``lose`` falls
    just under the other; ``out`` is copied from ``score`` on the first change."""
    if out is score:
        out = score.copy()
    out[win], out[lose] = max(score[win], score[lose]), min(score[win], score[lose]) * 0.99
    return out


_LABEL_CELLS = frozenset({"columnheader", "rowheader", "cell", "gridcell"})
_DATA_CELLS = frozenset({"cell", "gridcell"})
_TABLE_LEVELS = 6  # how far above a cell its table may be


def _value_over_label(si: SearchIndex, idx: Any, q: Query, ks: np.ndarray,
                      score: np.ndarray) -> np.ndarray:
    """"which warehouse is the rattan armchair kept in", "the status of this order": a
    value question is answered by a value, not by the header or key cell that names it.

    A leading column header, row header or key cell whose own words are request words
    yields to a data cell it labels (in its column, or in its row) when that cell's column
    and row together carry all of the label's request words and more — or, for a column
    header, when it is the column's only value in the running. The label keeps its place
    when no such cell reaches :data:`VALUE_YIELD` of its score: a question the table
    cannot answer is still best answered by where the answer would be.
    """
    if VALUE_YIELD > 1.0 or len(ks) < 2 or not q.terms or not hasattr(idx, "tree"):
        return score
    stems = {stem(t) for t in q.terms if t not in q.zone_terms}
    # a column header may say a request word otherwise ("cost" → *Unit price*)
    alike = {x: stem(t) for t in q.terms if t not in q.zone_terms for x in _column_stems(t)}
    parent = idx.tree.parent_pos

    def hits(text: str, column: bool = False) -> set[str]:
        if not text:
            return set()
        return {st if st in stems else alike[st] for st in map(stem, tokens(text))
                if st in stems or (column and st in alike)}

    def table(pos: int) -> int:  # the table (grid) a cell sits in, -1 for none
        return table_of(idx.nodes, parent, parent[pos], _TABLE_LEVELS - 1) \
            if parent[pos] >= 0 else -1

    out = score
    for lab in ks[np.argsort(-score[ks], kind="stable")[:3]].tolist():
        d = si.descriptors[lab]
        own = hits(d.label) if d.role in _LABEL_CELLS else set()
        if not own or score[lab] <= 0:
            continue
        header = d.role == "columnheader"
        home = table(d.pos)
        values = [k for k in ks.tolist() if k != lab and si.descriptors[k].role in _DATA_CELLS
                  and (si.descriptors[k].column == d.label and home >= 0
                       and table(si.descriptors[k].pos) == home if header
                       else parent[si.descriptors[k].pos] == parent[d.pos])]
        pair = not header and _key_value_row(idx, parent[d.pos], d.pos)
        fits = [k for k in values if score[k] >= VALUE_YIELD * score[lab] and (pair or (
                own <= (cover := hits(si.descriptors[k].column, True) |
                        hits(si.descriptors[k].row))
                and (cover > own or (header and len(values) == 1))))]
        if not fits:
            continue
        out = _take_lead(score, out, max(fits, key=lambda k: float(score[k])), lab)
    return out


def _shape_in_row(si: SearchIndex, idx: Any, q: Query, ks: np.ndarray,
                  score: np.ndarray) -> np.ndarray:
    """"when did the mail from the tax office arrive": a leading table row that holds the
    request's words, or a cell of it without the value's shape (the sender, a checkbox's
    cell), yields to the row's one cell of that shape (the date, the amount), which
    answers the question; the rest only locates it. Several such cells in the row
    (a departure and an arrival time): the one whose column the request names, else none.
    """
    shapes = asked_shapes(q)
    if not shapes or len(ks) < 1 or not hasattr(idx, "tree"):
        return score
    shaped = si.shaped(shapes)
    stems = {stem(t) for t in q.terms if t not in q.zone_terms}
    parent, nodes = idx.tree.parent_pos, idx.nodes

    def column(k: int) -> bool:  # the request names the cell's column
        return bool(stems & {stem(t) for t in tokens(si.descriptors[k].column)})

    for lead in ks[np.argsort(-score[ks], kind="stable")[:2]].tolist():
        d = si.descriptors[lead]
        row = d.pos if d.role == "row" else parent[d.pos] \
            if d.role in _DATA_CELLS and not shaped[lead] else -1
        if row < 0 or nodes[row].role != "row" or score[lead] <= 0:
            continue
        row_cells = [k for k in range(*_subtree(si, idx, row)) if si.hidden[k] == 0 and
                     si.descriptors[k].role in _DATA_CELLS]
        named = [k for k in row_cells if column(k)]
        if any(not shaped[k] for k in named):
            continue  # "when was it delivered" and *Delivered* says *Pending*: that cell
        cells = [k for k in row_cells if shaped[k]]
        if len(cells) > 1:
            cells = [k for k in cells if column(k)]
        if len(cells) == 1:
            out = score.copy()
            out[cells[0]] = max(float(out[cells[0]]), float(score[lead]))
            out[lead] = float(score[lead]) * 0.99
            return out
    return score


def _key_value_row(idx: Any, row: int, key: int) -> bool:
    """Whether ``row`` is a key/value pair: the key cell and one data cell beside it (an
    infobox's *Mayor* | *Grégory Doucet*, a details table's *Status* | *Paid*). A
    question naming the key asks for that one value; a row of several values (a city's
    row in a table of cities) is named by its key instead."""
    if row < 0:
        return False
    others = [c for c in idx.tree.child_pos[row] if c != key]
    return len(others) == 1 and idx.nodes[others[0]].role in _DATA_CELLS


def _plain_rows(si: SearchIndex) -> np.ndarray:
    """Table rows that are not controls themselves (a grid's selectable row is one)."""
    rows = si.derived.get("plain_rows")
    if rows is None:
        rows = si.derived["plain_rows"] = np.fromiter(
            (r == "row" for r in si.roles), dtype=bool, count=si.n) & ~si.interactive
    return rows  # type: ignore[no-any-return]


def _lone_editor(si: SearchIndex, lex: np.ndarray, mask: np.ndarray) -> int | None:
    """"type the message", "write your comment": when no visible field carries a word of
    the request, the one visible text area on the page (the editor) is the field meant.

    Its score is set to :data:`EDITOR_SCORE`, under the threshold: the answer comes back
    ``low``, which acting by query refuses, so the agent looks before it types.
    """
    fields = si.role_fillable & (si.hidden == 0) & mask
    if not fields.any() or bool((lex[fields] > 0.05).any()):
        return None
    editors = np.flatnonzero(fields & si.multi_line)
    return int(editors[0]) if len(editors) == 1 else None


def _lone_choice(si: SearchIndex, lex: np.ndarray, mask: np.ndarray) -> int | None:
    """"change the column separator": a choice to make that no visible drop-down's words
    name (its label says *Delimiter*), on a page with one visible drop-down: that one,
    at :data:`EDITOR_SCORE` (``low``) as for the lone text area."""
    lists = si.derived.get("choice_lists")
    if lists is None:
        lists = si.derived["choice_lists"] = np.fromiter(
            (d.node.tag == "select" or r == "listbox" for d, r in zip(si.descriptors, si.roles,
                                                                      strict=True)),
            dtype=bool, count=si.n) & si.interactive
    shown = lists & (si.hidden == 0) & mask
    if int(shown.sum()) != 1 or bool((lex[shown] >= LONE_CHOICE_LEX).any()):
        return None  # its own words answer, or not, as for any element
    return int(np.flatnonzero(shown)[0])


def _as_names(parts: list[str]) -> list[str]:
    """Parts of a request in the form names are read in (``norm_names``): click the "Prev"
    item, the file named "Deneen"."""
    return [w for w in (" ".join(tokens(x)) for x in parts) if w]


def _quoted_factor(si: SearchIndex, q: Query, ks: np.ndarray) -> np.ndarray | float:
    """A quoted part of the request (click the "Prev" item) is the name it wants: when
    some candidate's name is that text, candidates whose name does not hold it lose.

    Quotes that no name holds (a message to type, a value to enter) change nothing.
    """
    wanted = _as_names(q.quoted)
    if not wanted or not len(ks):
        return 1.0
    # an icon named by its class (``span.retweet``) holds the quoted word, as a guess
    names = [si.norm_names[k] or " ".join(tokens(_said_name(si.descriptors[k])))
             for k in ks.tolist()]
    holds = np.array([any(f" {w} " in f" {n} " for w in wanted) for n in names], dtype=bool)
    # what shows the quote is a name, not a sentence that quotes it (the instruction
    # given to the user, a paragraph)
    longest = max(len(w.split()) for w in wanted) + QUOTE_NAME_SLACK
    named = holds & np.array([len(n.split()) <= longest for n in names], dtype=bool)
    if not named.any():
        return 1.0
    exact = np.array([si.norm_names[k] in wanted for k in ks.tolist()], dtype=bool)
    f = np.ones(si.n, dtype=np.float32)
    f[ks] = np.where(exact, 1.0, np.where(holds, QUOTE_PART, QUOTE_MISS))
    return f


#: The request itself on the page (the task shown to the user, an instruction banner):
#: a text that says the request almost word for word is no target of it. Its factor, the
#: share of each side's words the other must hold, and the fewest words such a text has
#: (a control named exactly as asked is the best answer, never an echo).
ECHO = 0.2
ECHO_COVER = 0.75
ECHO_WORDS = 4

#: Tags and roles of an item of a list, a row or a menu: one a page may make clickable by
#: a listener on the list (delegation), so its text may be the very thing asked for.
_ITEM_TAGS = frozenset({"li", "tr", "td", "th", "option", "dt", "dd"})
_ITEM_ROLES = frozenset({"listitem", "row", "cell", "gridcell", "option", "menuitem",
                         "treeitem", "tab", "term", "definition"})
#: How far up an echo's ancestors are looked at for such an item.
_ECHO_ITEM_DEPTH = 3


def _echo_factor(si: SearchIndex, idx: Any, q: Query, ks: np.ndarray) -> np.ndarray | float:
    """A text that is the request, or nearly ("Select Ronda from the list and click
    Submit." over that very request), loses: an element whose text is what the agent was
    asked to do is almost never what to do it to. Controls never count as echoes, nor an
    item of a list, a row or a menu, nor a text inside one: a page may listen for clicks
    on the list around them ("Report this conversation as spam to admins" is an item)."""
    said = {t for t in tokens(q.text) if t.isalnum()}
    if len(said) < ECHO_WORDS or not len(ks) or not hasattr(idx, "tree"):
        return 1.0
    nodes, parent = idx.nodes, idx.tree.parent_pos

    def in_item(pos: int) -> bool:
        for _ in range(_ECHO_ITEM_DEPTH + 1):
            if pos < 0:
                return False
            n = nodes[pos]
            if n.tag in _ITEM_TAGS or n.role in _ITEM_ROLES:
                return True
            pos = parent[pos]
        return False

    f = np.ones(si.n, dtype=np.float32)
    for k in ks[~si.interactive[ks]].tolist():
        d = si.descriptors[k]
        text = d.fields.get("name") or d.fields.get("text") or ""
        if len(text) < len(q.text) * ECHO_COVER or in_item(d.pos):
            continue
        own = {t for t in tokens(text) if t.isalnum()}
        if len(own) >= ECHO_WORDS and len(own & said) >= ECHO_COVER * max(len(own), len(said)):
            f[k] = ECHO
    return f


def _cell_factor(si: SearchIndex, q: Query, ks: np.ndarray) -> np.ndarray | float:
    """Table sense: "the population of Lyon" is the cell where Lyon's row meets the
    population column, not the row's name cell nor the column's header.

    A cell whose column header carries some of the request's words while the rest of
    its row carries others is the intersection; it gains in proportion to how much of
    the request the two cover together.
    """
    terms = set(q.terms)
    if len(terms) < 2 or not len(ks):
        return 1.0
    # each word a page may write for a request word (its stem, a synonym's: "what does
    # it cost" names a *Price* column), and the request word it stands for; a synonym
    # only for a word no candidate's column says itself (a table of *Cost* and *Price*)
    columns = {st for k in ks.tolist() for st in map(stem, tokens(si.descriptors[k].column))}
    said: dict[str, str] = {}
    for t in sorted(terms):
        own = stem(t)
        alike = _term_stems(t) | _column_stems(t)
        for st in (alike if own not in columns else {own}):
            said.setdefault(st, own)

    def hits(text: str) -> set[str]:  # the request words (stems) the text carries
        return {said[st] for st in map(stem, tokens(text)) if st in said}

    f = np.ones(si.n, dtype=np.float32)
    n_terms = len({stem(t) for t in terms})
    for k in ks:
        d = si.descriptors[k]
        if not d.column or not d.row:
            continue
        col, row = hits(d.column), hits(d.row)
        if col and row and not col <= row:
            f[k] = 1.0 + _CELL_BOOST * min(1.0, len(col | row) / n_terms)
    return f


def _top_region_id(idx: Any, pos: int) -> str:
    top = idx.top_region_of_pos(pos) if hasattr(idx, "top_region_of_pos") else None
    return top.id if top is not None else ""


def _ordinal(si: SearchIndex, nth: int, score: np.ndarray, best: float,
             bonus: np.ndarray, idx: Any = None) -> bool:
    """"second", "last": count among look-alikes (same role and column or name).

    The look-alikes are the best-scoring group with enough members; a unique element
    (a column header) cannot be "the second" of anything. False when no group has
    enough members.
    """
    need = max(abs(nth), 2)  # "first" of one is no choice at all; "fifth from the end" of 4
    fitting: list[list[int]] = []
    counted = _undisabled(si, score)
    for share in (_ORD_TIGHT, _ORD_LOOSE):  # near-ties of the best first, then wider
        cands = np.flatnonzero(counted >= best * share)
        cands = cands[np.argsort(si.order[cands], kind="stable")]
        groups: dict[tuple[str, str], list[int]] = {}
        for k in cands:
            groups.setdefault(si.signature[k], []).append(int(k))
        fitting = [g for g in groups.values() if len(g) >= need]
        if fitting:
            break
    total = score + bonus  # after the zone and top/bottom bonuses: the count decides
    group = max(fitting, key=lambda g: float(total[g].max())) if fitting else None
    if idx is not None:
        # look-alikes by role: "the second link in the footer", "the third image
        # button" count elements of one role within one top region, in document order
        cands = np.flatnonzero(counted >= best * _ORD_LOOSE)
        cands = cands[np.argsort(si.order[cands], kind="stable")]
        by_role: dict[tuple[str, str], list[int]] = {}
        for k in cands:
            top = _top_region_id(idx, si.descriptors[k].pos)
            by_role.setdefault((si.roles[k], top), []).append(int(k))
        roles_fit = [g for g in by_role.values() if len(g) >= need]
        if roles_fit:
            rg = max(roles_fit, key=lambda g: float(total[g].max()))
            if group is None or float(total[rg].max()) > float(total[group].max()) + 0.02:
                group = rg  # the named look-alikes lie outside the place the request names
    if group is None:
        return False
    group = in_reading_order(group, lambda k: si.descriptors[k].node.box)
    pick = group[nth - 1] if nth > 0 else group[nth]
    lead = float(total[group].max())
    bonus[pick] += max(0.15, max(best, lead) - float(total[pick]) + 0.05)
    return True


def _undisabled(si: SearchIndex, score: np.ndarray) -> np.ndarray:
    """``score`` as if no element were disabled: what an ordinal counts by."""
    return np.where(si.disabled, score / DISABLED_FACTOR, score)


_RECORD_STEMS = frozenset(english_stem(w) for w in RECORD_WORDS)


def _absent_noun(si: SearchIndex, q: Query) -> bool:
    """Whether a word the request counts by ("the second *invoice*") is nowhere on the
    page: then its look-alikes (a users table's *Delete user*) are not what it counts."""
    nouns = [t for t in q.terms if t not in ACTION_VERBS and t not in q.zone_terms
             and t.isalpha() and english_stem(t) not in _RECORD_STEMS]
    return any(float(si.match_term(t).max(initial=0.0)) <= 0 for t in nouns)


def _top_landmark(idx: Any, pos: int) -> str:
    top = idx.top_region_of_pos(pos) if hasattr(idx, "top_region_of_pos") else None
    return top.landmark if top is not None else ""


def _route_factor(si: SearchIndex, idx: Any, r: Route | None) -> np.ndarray:
    f = np.ones(si.n, dtype=np.float32)
    if r is None or not r.regions or r.confidence < 0.5:
        return f
    boost = 1.06 if r.confidence > 0.8 and len(r.regions) == 1 else 1.03
    regions = [idx.region(rid) for rid in r.regions]
    # pos is sorted: a region's elements are one slice, and the slices of hundreds of
    # routed regions are marked at once by a running count of starts minus ends
    lo = np.searchsorted(si.pos, [reg.start for reg in regions])
    hi = np.searchsorted(si.pos, [reg.stop for reg in regions])
    edges = np.zeros(si.n + 1, dtype=np.int32)
    np.add.at(edges, lo, 1)
    np.add.at(edges, hi, -1)
    f[np.cumsum(edges[:-1]) > 0] = boost
    return f


def _twins_alike(si: SearchIndex, q: Query, ks: np.ndarray, f: np.ndarray) -> np.ndarray:
    """A route that a request's words give only through the element's own name is no
    reason to prefer one copy of it over another: "Apply" routed to the region under a
    table (its words hold "apply") put the bottom *Apply* above the top one, which a
    person means unless they say "bottom". Look-alikes whose names hold every word of
    the request get the best route factor among them; a request that names more (a
    section, a row) keeps what its route says."""
    if not len(ks) or not q.terms or bool((f[ks] == 1.0).all()):
        return f
    groups: dict[Any, list[int]] = {}
    for k in ks.tolist():
        groups.setdefault(si.signature[k], []).append(k)
    stems = [_term_stems(t) for t in q.terms]
    out = f
    for members in groups.values():
        if len(members) < 2 or len({float(f[k]) for k in members}) < 2:
            continue
        said = {stem(t) for t in si.norm_names[members[0]].split()}
        if all(st & said for st in stems):
            if out is f:
                out = f.copy()
            out[members] = max(float(f[k]) for k in members)
    return out


#: Opening verbs of a request that are also what controls are named by (*Write*, *Read*
#: permissions; a *Type* select): kept as words when the caller's intent says the
#: request's own verb is not the action.
_NOUN_TOO = frozenset({"write", "read", "type"})


@in_page_language
def find_matches(
    idx: Any,
    query: str,
    *,
    intent: str | None = None,
    region: str | None = None,
    role: str | None = None,
    top_k: int = 3,
    lexical_weight: float = 0.6,
    embedding_weight: float = 0.4,
    explain: bool = False,
    learned: bool = True,
    trace: dict[str, Any] | None = None,
) -> Ranking:
    """Rank the page's elements for ``query``; the top ``max(top_k, 5)`` come back.

    With the shipped model (:mod:`domdex.search.learned`) and ``learned`` left on, the
    shortlist is ordered by the fitted model and each score is the element's
    probability of being the one meant; otherwise by the hand-set product of factors.
    ``trace`` (for the corpus bench) receives the shortlist, its features and the
    hand-set scores.
    """
    if not query or not query.strip():
        raise QueryError("find needs a description of the element, e.g. 'Add to Cart button'.")
    if intent is not None and intent not in INTENTS:
        raise QueryError(f"Unknown intent {intent!r}. Use one of: {', '.join(INTENTS)}.")
    if lexical_weight < 0 or embedding_weight < 0 or lexical_weight + embedding_weight <= 0:
        raise QueryError("lexical_weight and embedding_weight must be >= 0, not both 0.")
    si = SearchIndex.for_index(idx)
    q = parse_query(query)
    if intent is not None and q.intent in ("fill", "read") and intent != q.intent and \
            q.sequence and q.sequence[0] in _NOUN_TOO and q.sequence[0] not in q.terms and \
            (len(q.sequence) == 1 or q.sequence[1] not in STOPWORDS):
        # the caller says what is done: an opening "write" or "read" before a noun names
        # the element ("write permission" to tick, "type" to select; "read the terms"
        # still reads); it was taken for the verb, and "All permissions" was ticked for
        # "write permission" (review 48)
        q.terms.insert(0, q.sequence[0])
    _join_compounds(si, q)
    _undo_words(si, q)
    _ordinal_in_name(si, q)
    intent = intent or q.intent
    if q.named_page and intent == "navigate" and "page" in q.terms:
        # "go to the Markers page": *page* says where the link goes, not a word it holds
        # (it met a footer's next-page class); a button "Delete page" is no navigation
        q.terms = [t for t in q.terms if t != "page"]
        q.role_words.append("link")
        q.roles |= ROLE_WORDS["link"]
    if intent in ("fill", "select"):
        # "update the description of the EU project": a field's name, not the kind of
        # text asked for (as "the description of os.path.join" is, to read)
        q.terms += [w for w in q.sequence if w in _FIELD_KINDS and w not in q.terms]
    if si.n == 0:
        return Ranking(q, intent, [], None, 0, region)
    mask = _scope_mask(idx, si, region, role)
    lex, weights = _lexical(si, q, explain)
    emb = si.embed_scores(" ".join(q.terms + q.role_words) or query)
    np.maximum(emb, 0, out=emb)
    total_w = lexical_weight + embedding_weight
    intent_f = _intent_factor(si, intent)
    state_f = _state_factor(si, q)
    live = mask & ((lex > 0.05) | (emb > 0.2))
    ks = np.flatnonzero(live)
    if len(ks) > SHORTLIST:  # the finer signals below only reorder the best few hundred
        pre = (lexical_weight * lex[ks] + embedding_weight * emb[ks]) * intent_f[ks] * state_f[ks]
        ks = np.sort(ks[np.argpartition(-pre, SHORTLIST)[:SHORTLIST]])
        live = np.zeros(si.n, dtype=bool)
        live[ks] = True
    prec = np.zeros(si.n, dtype=np.float32)
    exact = np.zeros(si.n, dtype=np.float32)
    if HIDDEN_OPENABLE != _HIDDEN_GONE:
        _openable(si, idx, q, ks, lex, state_f)
    if len(ks):
        term_set = set(q.terms) | set(q.role_words)
        prec[ks] = si.name_precision_for(ks, term_set)
        exact[ks] = _exact_bonus(si, ks, q)
    key_fit = _key_fit(si, q) * si.is_value if q.wants_value and q.terms else 0.0
    verbose = _verbosity(si)
    prec = np.where(prec < 0, lex, prec)
    if q.wants_value and q.terms:  # a value is named by its key: "what is <key>"
        prec = np.maximum(prec, key_fit)
    lexical = (0.8 * lex + 0.2 * prec * (lex > 0)) * (verbose + (1.0 - verbose) * key_fit)
    base = (lexical_weight * lexical + embedding_weight * emb) / total_w + exact
    base += 0.25 * key_fit
    if q.negative:
        base *= 1.0 - 0.5 * _negative(si, q)
    if q.head:
        head = _coverage(si, q.head)
        if len(ks) and float(head[ks].max()) >= 0.5:  # a descriptive head names nothing
            base *= 0.5 + 0.5 * head
    if q.by:  # "sort … by year": a control that does not carry the key is not it
        key = _coverage(si, q.by)
        if len(ks) and float(key[ks].max()) >= 0.5:
            base *= BY_MISS + (1.0 - BY_MISS) * key
    if _action_verb(q):  # "expand …": controls that do it win
        base *= np.where(si.match_term(q.terms[0]) >= 0.2, 1.5, 1.0)
    if q.prose:
        base *= np.where(si.in_prose, 1.1, 1.0)
    shapes = asked_shapes(q)
    if shapes and SHAPE_BOOST:  # "how many …": a count; "when …": a date
        base *= np.where(si.shaped(shapes), 1.0 + SHAPE_BOOST, 1.0)
    r = route(idx, q)
    route_f = _twins_alike(si, q, ks, _route_factor(si, idx, r))
    score = base * intent_f * state_f * route_f * _role_factor(si, q)
    zone_f = _zone_factor(si, q, ks)
    score = score * zone_f * _cell_factor(si, q, ks) * _quoted_factor(si, q, ks)
    if intent in ACTION_INTENTS:  # reading a text by its own words is no echo
        score = score * _echo_factor(si, idx, q, ks)
    if RECORD_BOOST > 0:
        score = score * _record_factor(si, idx, q, ks, score)
    score, shared = _named_records(si, idx, q, ks, score)
    if ROW_FACTOR != 1.0:
        score = score * np.where(_plain_rows(si), ROW_FACTOR, 1.0)
    score = np.where(live, score, 0.0).astype(np.float32)
    if q.wants_value or intent == "read":
        score = _value_over_label(si, idx, q, ks, score)
        if (shaped := _shape_in_row(si, idx, q, ks, score)) is not score:
            score, ks = shaped, _admit(live, shaped)
    if intent == "read":
        score = _link_over_target(si, idx, q, ks, score)
    if intent == "click" and (handed := _record_handoff(si, idx, q, ks, score)) is not score:
        score, ks = handed, _admit(live, handed)
    lone = _lone_editor if intent == "fill" else _lone_choice if intent == "select" else None
    fallback = None
    if lone is not None and (k := lone(si, lex, mask)) is not None and \
            score[k] < EDITOR_SCORE:  # the one field of the kind asked for, answered low
        score[k] = fallback = EDITOR_SCORE
        if not live[k]:
            live[k] = True
            ks = np.union1d(ks, [k])
    inside = zone_f >= 1.0 if isinstance(zone_f, np.ndarray) else None
    position = _position(si, idx, q, score, inside, intent)
    score = score + position
    if fallback is not None:  # "… in the footer on the right" must not lift a guess
        score[k] = min(float(score[k]), fallback)
    counted = np.flatnonzero((position > 0) & ~live)  # a listing's record, named by place
    if len(counted):
        ks = np.union1d(ks, counted)
        live[counted] = True
    if CASCADE is not None and CASCADE_WEIGHT > 0 and len(ks):
        score = _cascade(si, q, ks, score)
    hand = score
    ranker = load_ranker() if learned else None
    if len(ks) and (ranker is not None or trace is not None):
        parts = {"lex": lex, "prec": prec, "lexical": lexical, "emb": emb, "exact": exact,
                 "key_fit": key_fit, "verbose": verbose, "position": position,
                 "negative": _negative(si, q) if q.negative else 0.0,
                 "head": _coverage(si, q.head) if q.head else 1.0,
                 "verb_match": (si.match_term(q.terms[0]) >= 0.2).astype(np.float32)
                 if _action_verb(q) else 0.0,
                 "intent": intent_f, "route": route_f,
                 "role": _role_factor(si, q), "zone": zone_f, "hand": hand,
                 "intent_name": intent}
        feats = feature_matrix(si, q, ks, parts)
        if trace is not None:
            trace.update(ks=ks.copy(), X=feats, hand=hand[ks].copy(), query=q)
        if ranker is not None:
            keep = hand[ks] >= _FLOOR
            if keep.any():
                prob = np.zeros(si.n, dtype=np.float32)
                prob[ks[keep]] = ranker.probabilities(feats[keep])
                score = prob
                ks = ks[keep]
    if (intent in ACTION_INTENTS or intent == "navigate") and len(ks) and \
            open_modal(idx) is not None:
        score = _before_modal(si, idx, ks, score)
    want = max(top_k, 5) + 3
    top = ks[np.argsort(-score[ks], kind="stable")[:want]] if len(ks) else ks
    matches: list[Match] = []
    end = idx.tree.end if hasattr(idx, "tree") else None
    swapped = False
    for k in top:
        if hand[k] < _FLOOR:
            continue
        d = si.descriptors[k]
        inherited = 0.0
        i = next((i for i, m in enumerate(matches) if end is not None and
                  _nested(end, d.pos, m.pos) and (
                      _alike(d.label, m.name) or _does_asked(idx, q, m.pos, d.pos, d.label)
                      or _does_asked(idx, q, d.pos, m.pos, m.name))), None)
        if i is not None:  # the list item around a chosen link, the span inside a chosen button
            if not (intent in ACTION_INTENTS and not _role_said(q, matches[i].role) and
                    _holds_control(idx, matches[i].pos, d.pos)):
                continue
            # a plain box chosen to act on, whose text is the control's inside it: the
            # control is what is pressed ("delete the Legacy card" → its *Delete* button),
            # unless the request names the box's role ("the timezone column header");
            # a card's control named by the request's act takes the card's score, which
            # its words earned (the *Dim* of the lamp's tile, not another tile's)
            inherited = matches[i].score if not _alike(d.label, matches[i].name) else 0.0
            del matches[i]
            swapped = True
        reg = idx.region_of_pos(d.pos) if hasattr(idx, "region_of_pos") else None
        parts = {}
        if explain:
            parts = {"lexical": float(lexical[k]), "embedding": float(emb[k]),
                     "exact": float(exact[k]), "base": float(base[k]),
                     "hand": float(hand[k]), "final": float(score[k])}
        # a field with no name of its own is shown by the text that labels it ("Genre")
        shown = d.label or (d.fields.get("label", "")[:80] if si.role_fillable[k] else "")
        matches.append(Match(d.ref, d.role, shown, reg.id if reg else "",
                             max(float(score[k]), inherited), d.pos, parts, d.guessed,
                             intent == "click" and _unasked(q, d.role, d.label),
                             intent == "click" and _undone(q, d)))
    if swapped:
        matches.sort(key=lambda m: -m.score)
    # Scores past 1 (an exact name's bonus on a full match) are scaled down together, not
    # cut at 1: "Save" beside "Save and close" keeps its lead and its confidence.
    over = max((m.score for m in matches), default=0.0)
    if over > 1.0:
        for m in matches:
            m.score = m.score / over
    if explain:
        log.debug("find %r: term weights %s", query, weights)
    return Ranking(q, intent, matches, r, int(live.sum()), region,
                   names_nowhere(si, idx, q, intent), shared)


#: Words that ask for a kind of text to read (``lexical.KIND_ONLY``) and, in a request
#: to fill, name a field: *Description*, *Summary*, *Signature* (not "answer" or
#: "option", which are a field's content as often: review 54).
_FIELD_KINDS = frozenset(KIND_ONLY & {"description", "summary", "definition", "explanation",
                                      "term", "signature", "declaration"})
#: What an element behind an open modal dialog keeps of its score for a request to act:
#: a click there lands on the backdrop (:mod:`domdex.index.modal`).
BEHIND_MODAL = 0.3


def _before_modal(si: SearchIndex, idx: Any, ks: np.ndarray, score: np.ndarray
                  ) -> np.ndarray:
    """``score`` with the candidates behind the open modal dialog scaled down: while it
    is open, "click Delete" means the dialog's *Delete*, not the page's behind it."""
    behind = np.array([behind_modal(idx, si.descriptors[k].pos) for k in ks])
    if not behind.any() or behind.all():
        return score
    out = score.copy()
    out[ks[behind]] *= BEHIND_MODAL
    return out


#: A word of a request that names one thing: a proper name ("Casie", not the request's
#: first word unless a possessive follows; on an English page only, as German writes
#: every noun so and other languages inflect names), an id or number ("1017",
#: "INV-2041", "KS20", "A5"; not an ordinal, not "7h04"; :func:`_an_id`), or a quoted
#: word.
_WORD = re.compile(r"[^\W_][\w'’.-]*")
_ORDINAL_FORM = re.compile(r"\d+(?:st|nd|rd|th)", re.IGNORECASE)
_DIGIT = re.compile(r"\d")
_LETTER = re.compile(r"[^\W\d_]")


def _an_id(word: str) -> bool:
    """All digits (two or more), capital letters with digits ("A5", "KS20"), or at least
    two letters and two digits ("inv2041"); not "7h04" or an ordinal."""
    digits = len(_DIGIT.findall(word))
    if not digits or _ORDINAL_FORM.fullmatch(word):
        return False
    letters = _LETTER.findall(word)
    return (digits >= 2 and not letters) or (len(letters) >= 2 and digits >= 2) or \
        (bool(letters) and all(c.isupper() for c in letters))


def names_nowhere(si: SearchIndex, idx: Any, q: Query, intent: str | None
                  ) -> tuple[str, ...]:
    """The names the request gives that no element of the page holds, as written.

    Why: "delete the post by Casie" on a page of Etti's and Marice's posts gave one of
    their *Delete* buttons at 1.00 (a word the page never uses only lowers every score
    alike), and acting by query clicked it. A name that is nowhere on the page says the
    thing meant is not there — on another page, further down a list, behind a search —
    and what matches the rest of the request is someone else's: the view answers ``low``
    and says so. Only words that name one thing count; a generic word the page happens
    not to use ("remove" for *Delete*) does not, nor does anything in a request to fill
    (it carries the text to type: "a draft titled 'Plum jam'"). An option of a drop-down
    is on the page. Runs of Chinese, Japanese or Thai are no names here (their words are
    guessed), only the Latin ids among them ("MU5138").
    """
    if intent == "fill" or q.intent == "fill":
        return ()
    whole = _grouped_pieces(q.text)
    handles = _handles(q)
    out: list[str] = []
    for word, parts in request_names(q):
        if word in out:
            continue
        if any(t in whole for t in parts):  # "$1,399" is 1399, not its "399"
            if any(whole[t] not in _digits_shown(si) for t in parts if t in whole):
                out.append(word)
            continue
        title = word.lower().rstrip(".")
        if title in _TITLES:  # "Dr." or "Doctor": the page may write either
            if not any(_rendered(si, f, stems=True) for f in _TITLES[title]):
                out.append(word)
            continue
        # a time: "2:30" or "14:30", either will do; never another spelling ("#1030")
        if any(":" in t for t in parts):
            if not any(_shown_anywhere(si, idx, t) for t in parts):
                out.append(word)
            continue
        if any(not _shown_anywhere(si, idx, t) and t not in _option_words(si)
               and not (t.isdigit() and t in _digits_shown(si)) for t in parts) \
                and (word in handles or not _written_otherwise(si, word)):
            out.append(word)
    return tuple(out)


def _grouped_pieces(text: str) -> dict[str, str]:
    """Each piece of a number the text writes with group separators → the whole number
    ("1,399" → {"1": "1399", "399": "1399"})."""
    out: dict[str, str] = {}
    for m in _GROUPED_NUMBER.finditer(text):
        pieces = _RUN.findall(m.group())
        for p in pieces:
            out.setdefault(p, "".join(pieces))
    return out


_GROUPED_NUMBER = re.compile(r"(?<![\d.,])\d{1,3}(?:[,.\s'’_]\d{3})+(?![\d])")


def request_names(q: Query) -> list[tuple[str, list[str]]]:
    """The words of a request that name one thing (see :data:`_WORD`), as written, each
    with its tokens among the request's terms; a handle or tag ("@emile", "#42") too."""
    english = current_language() is None
    quoted = {t for text in _QUOTED.findall(q.text) for t in tokens(text)}
    spaced = "".join(" " if is_unspaced_char(c) else c for c in q.text)
    out: list[tuple[str, list[str]]] = []
    times = [t.span() for t in TIME_OF_DAY.finditer(spaced) if t[2] or t[3]]
    for a, b in times:  # "07:04" is written many ways: "7:04" names it ("2:30 pm" "14:30")
        said = [x for x in time_tokens(fold(spaced[a:b])) if x in q.terms]
        if said:
            out.append((spaced[a:b], said))
    for k, m in enumerate(_WORD.finditer(spaced)):
        if any(a <= m.start() < b for a, b in times):
            continue
        word = m.group(0).rstrip(".-'’")
        possessive = word.lower().endswith(("'s", "’s"))
        if possessive:
            word = word[:-2]
        elif m.group(0).endswith(("s'", "s’")):  # "the Smiths' booking": the Smiths
            possessive, word = True, word[:-1]
        parts = [t for t in tokens(word) if t in q.terms]
        if not parts:
            continue
        handle = m.start() > 0 and spaced[m.start() - 1] in "@#"
        if handle or (english and (k > 0 or possessive) and _proper(word)) or \
                _an_id(word) or any(t in quoted for t in parts):
            out.append((word, parts))
    return out


#: The factor of a look-alike control whose record (row, card, post) holds fewer of the
#: names the request gives ("@emile", "Grace Garcia", "INV-2041") than a twin's does,
#: shown or hidden: a shown *Embed Tweet* of another post beat the hidden one of the post
#: named, at high confidence (see _named_records).
NAMED_MISS = 0.5


def _named_records(si: SearchIndex, idx: Any, q: Query, ks: np.ndarray,
                   score: np.ndarray) -> tuple[np.ndarray, tuple[str, ...]]:
    """When the best candidate is one of look-alike controls and a twin's record holds
    more of the request's names than its own, each twin whose record holds fewer than
    the most keeps :data:`NAMED_MISS` of its score. Names only (not every word: "under
    the table" or "driver 3's row" tell copies apart by place, which the words of their
    records do not), and only a name that is rare on the page ("Python" on the Python
    docs is in every other record, and a record may not repeat its section's title);
    records are read whether the twin is shown or not (a closed menu's item is told
    apart by its post).

    Records that hold the names alike are then told apart by what they lead with (a
    post's author, a card's title) — not a table's rows: a *Reports to* column may come
    first as well as last. When several still tie, the names are returned: the answer is
    a guess between records that all say them (the view answers ``low``)."""
    if NAMED_MISS >= 1.0 or len(ks) < 2 or not hasattr(idx, "tree"):
        return score, ()
    b = int(ks[np.argmax(score[ks])])
    if not si.interactive[b]:
        return score, ()
    sig = si.signature[b]
    group = [k for k in ks.tolist() if si.interactive[k] and si.signature[k] == sig]
    if len(group) < 2:
        return score, ()
    rare = _NAMED_SPREAD * max(3, len(group))
    handles = _handles(q)
    own = set(tokens(si.descriptors[b].label))  # "Go" names the twins, not a record
    named = [(word, _name_stems(parts), word in handles) for word, parts in request_names(q)
             if not set(parts) <= own
             and all(int(si.holds_term(t, stems=current_language() is not None).sum()) <= rare
                     for t in parts)]
    if not named or len(group) > _NAMED_GROUP:
        return score, ()
    twins = sorted(int(si.pos[k]) for k in group)
    has: dict[int, tuple[list[bool], list[bool]]] = {}  # names held, names it leads with
    texts: dict[int, str] = {}
    for k in group:
        rec = read_record(idx, int(si.pos[k]), twins)
        if rec is not None:  # no record to read is unknown, never "holds no name"
            texts[k] = " ".join(rec.text.split())
            led = [False] * len(named) if rec.tabular else _leads_with(rec.lead, named)
            has[k] = (_holds_names(rec.text, named), led)
    if b not in has:
        return score, ()
    # a name most records hold ("Python" on the Python docs) tells none of them apart
    telling = [[j for j in range(len(named)) if _telling(
                sum(h[side][j] for h in has.values()), len(has))] for side in (0, 1)]
    rank = {k: (sum(h[0][j] for j in telling[0]), sum(h[1][j] for j in telling[1]))
            for k, h in has.items()}
    most = max(rank.values())
    if not any(most):
        return score, ()
    tied = [k for k, r in rank.items() if r == most]
    shown = {texts[k] for k in tied if si.hidden[k] != 2}
    # a hidden copy of a shown record (a responsive layout's second table) is no other
    tied = [k for k in tied if si.hidden[k] != 2 or texts[k] not in shown]
    shared = tuple(named[j][0] for j in telling[0] if sum(has[k][0][j] for k in tied) > 1)
    if rank[b] == most and len(tied) > 1:
        return score, shared
    out = score.copy()  # (the best alone holds the most: the others fall back behind it)
    for k, r in rank.items():
        if r < most:
            out[k] *= NAMED_MISS
    return out, shared if len(tied) > 1 else ()


def _telling(count: int, records: int) -> bool:
    """Whether a name held by ``count`` of ``records`` tells them apart: held by some but
    not by most ("Python" on the Python docs), or by two at most (of two, it is a guess
    between them: the caller says so)."""
    return count > 0 and (count < records or records == 2) and \
        (2 * count <= records or count <= 2)


def _handles(q: Query) -> set[str]:
    """The request's handles and tags ("@ann_lee", "#42") without their sign: compared
    as written, never as another spelling ("@annlee" is someone else)."""
    return {m.group(1) for m in _HANDLE.finditer(q.text)}


_HANDLE = re.compile(r"[@#]([^\W][\w.'’-]*[\w])")


def _name_stems(parts: list[str]) -> set[str]:
    """A name's words as records are compared on them (:func:`_name_form`); "Node.js" is
    its parts (a card may say "Node JS")."""
    plain = [t for t in parts if "." not in t]
    return {_name_form(t) for t in (plain or parts)}


def _name_form(word: str) -> str:
    """A name's word as written on an English page ("William" is not "Williams"), its
    stem on a page in a language that inflects names ("Озона" is *Озон*)."""
    return word if current_language() is None else stem(word)


def _leads_with(lead: str, named: list[tuple[str, set[str], bool]]) -> list[bool]:
    """For each name: whether the record's lead opens with it — its first words are the
    request's names (or titles) only: "Pat OBrien", "@ann Great post" lead with their
    names; "Agree with Ann Lee" and "@bob Thanks @ann" only mention one."""
    said = {x for _, n, _ in named for x in n} | \
        {k for w, _, handle in named if not handle for k in _word_keys(w)}
    opening: set[str] = set()
    for t in tokens(lead):
        if not t.replace("_", "").replace(".", "").isalnum():
            continue
        if _name_form(t) in said or t in said:
            opening |= {t, _name_form(t)}
        elif t not in _TITLES and not t.isdigit():  # "09:00 Ann Lee", "3. Ann Lee"
            break
    return [n <= opening or (not handle and bool(_word_keys(w) & opening))
            for w, n, handle in named]


def _holds_names(text: str, named: list[tuple[str, set[str], bool]]) -> list[bool]:
    """For each name (as written, its tokens' stems): whether ``text`` holds it, whole or
    written otherwise ("Pat OBrien" holds "O'Brien")."""
    if not text:
        return [False] * len(named)
    held = {_name_form(t) for t in tokens(text)}
    forms: set[str] | None = None
    out = []
    for word, stems, handle in named:
        got = stems <= held
        if not got and not handle:
            forms = written_forms(text) if forms is None else forms
            got = bool(_word_keys(word) & forms)
        out.append(got)
    return out


#: How many elements per look-alike may hold a name for it to count as rare: a record's
#: name cell, its row, the contexts of its controls all hold it (a three-row table named
#: "Pat O'Brien" in two rows, a cell, a row and three buttons each, was "not rare").
_NAMED_SPREAD = 4
#: Look-alikes read for _named_records at most (a page of 500 *Edit* links is not read
#: record by record on every request that names someone).
_NAMED_GROUP = 200


def _proper(word: str) -> bool:
    """A capitalised word that is no interface word: "Casie", not "Sign In", "Next Page",
    "User Settings" (Title Case copies a label's case), "OK" or "PDF" (short acronyms).
    The interface words are those of Chromium's own strings (the glossary's keys)."""
    if not any(c.isupper() for c in word) or (word.isupper() and len(word) <= 5):
        return False
    low = word.lower()
    if low in STOPWORDS or low in ROLE_WORDS or low in ACTION_VERBS or \
            low.rstrip("s") in _CALENDAR:
        return False
    return not any(is_interface_word(w) for w in (low, low[:-1] if low.endswith("s") else low))


#: Days and months: dates, written many ways ("Mon", "Mondays", "3 March"), no names.
_CALENDAR = frozenset(str.split(
    "monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur "
    "thurs fri sat sun january february march april may june july august september "
    "october november december jan feb mar apr jun jul aug sep sept oct nov dec"))
#: Titles, each with its forms: part of how a name is written ("Dr. Lee", "Doctor Lee").
#: A record holding one tells it apart ("Dr Lee" from "Mr Lee"); a title is nowhere on
#: the page only when none of its forms is ("Mrs" on a page of "Mr Smith").
_TITLES: dict[str, frozenset[str]] = {
    form: frozenset(forms.split()) for forms in (
        "dr doctor drive", "mr mister", "mrs", "ms", "miss", "prof professor",
        "st saint street", "mt mount", "jr junior", "sr senior", "sir", "dame",
        "rev reverend", "fr father", "ave avenue", "rd road")
    for form in forms.split()}


def _digits_shown(si: SearchIndex) -> frozenset[str]:
    """Every number of the page's texts without its group separators ("1,234" and
    "1 234" as "1234"); once per page."""
    got: frozenset[str] | None = si.derived.get("digit_runs")
    if got is None:
        out: set[str] = set()
        for d in si.descriptors:
            text = d.label
            if text and _DIGIT.search(text):
                out.update(_RUN.findall(_GROUPED.sub("", text)))
        got = si.derived["digit_runs"] = frozenset(out)
    return got


_GROUPED = re.compile(r"(?<=\d)[,.\s'’_](?=\d{3}\b)")
_RUN = re.compile(r"\d+")


def _shown_anywhere(si: SearchIndex, idx: Any, term: str) -> bool:
    """Whether an element the agent can see, or open, holds ``term``: a text kept out
    of the rendering with nothing to open it (a template, an instruction a harness hid,
    a closed row's copy) does not put a name on the page."""
    # a name is there or not: "1017" is not in "10172", "Ann" not in "Annabel" (review 33:
    # a prefix match clicked Annabel Lee's Delete for "delete Ann Lee")
    stems = current_language() is not None
    if _rendered(si, term, stems):
        return True
    hit = si.holds_term(term, stems)
    return any(revealer(idx, int(si.pos[k])) is not None for k in np.flatnonzero(hit)[:20])


def _rendered(si: SearchIndex, term: str, stems: bool) -> bool:
    """Whether a rendered element holds ``term`` (see :meth:`SearchIndex.holds_term`)."""
    return bool((si.holds_term(term, stems) & (si.hidden != 2)).any())


def _written_otherwise(si: SearchIndex, word: str) -> bool:
    """Whether a shown text writes ``word`` with other separators or spelling (see
    :func:`written_forms`): "O'Brien" as "OBrien", "MU5138" as "MU 5138", "Node.js" as
    "NodeJS", "Mueller" as "Müller"."""
    forms: frozenset[str] | None = si.derived.get("written_forms")
    if forms is None:
        seen: set[str] = set()
        for d in si.descriptors:  # a text with no join or umlaut has only its own words
            if d.hidden != 2:
                for text in {d.label, d.fields.get("text", "")}:
                    if _JOINABLE.search(text):
                        seen |= written_forms(text)
        forms = si.derived["written_forms"] = frozenset(seen)
    stems = current_language() is not None
    return any(f in forms or _rendered(si, f, stems) for f in _word_keys(word))


def written_forms(text: str) -> set[str]:
    """The ways ``text`` writes a word, letters and digits alone, folded: each run of
    letters or digits, and two runs joined where one word is written in parts — letters
    on both sides of an apostrophe, a dot or a hyphen ("O'Brien", "Node.js", "e-mail"),
    two capitals or more beside digits across a space, a hyphen or a dot ("MU 5138",
    "KS-20"); never two numbers ("10/17" is no 1017, "gate A 12" no A12). A German umlaut
    is also its two letters ("Müller" is "Mueller"), only where the text has one."""
    out: set[str] = set()
    prev: re.Match[str] | None = None
    for m in _ALNUM.finditer(text):
        run = m.group()
        out.update(_spellings(run))
        if prev is not None and _joined(prev.group(), text[prev.end():m.start()], run):
            out.update(_spellings(prev.group() + run))
        prev = m
    return out


def _word_keys(word: str) -> set[str]:
    """A request word as :func:`written_forms` compares it: its letters and digits."""
    return _spellings("".join(_ALNUM.findall(word)))


def _spellings(run: str) -> set[str]:
    out = {fold(run)}
    if _UMLAUT.search(run):
        out.add(fold(_UMLAUT.sub(lambda m: _UMLAUT_SPELLED[m.group()], run)))
    return out


def _joined(a: str, gap: str, b: str) -> bool:
    if a.isalpha() and b.isalpha():
        return gap in ("'", "’", ".", "-")
    if (a.isalpha() and a.isupper() and len(a) >= 2 and b.isdigit()) or \
            (a.isdigit() and b.isalpha() and b.isupper() and len(b) >= 2):
        return gap in (" ", "-", ".")
    return False


_ALNUM = re.compile(r"[^\W_]+")
_UMLAUT = re.compile("[äöüÄÖÜ]")
#: A text :func:`written_forms` finds more in than its words: a join or an umlaut.
_JOINABLE = re.compile(r"[^\W\d_]['’.-][^\W\d_]|[A-Z]{2}[ .-]\d|\d[ .-][A-Z]{2}|[äöüÄÖÜ]")
_UMLAUT_SPELLED = {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"}


def _option_words(si: SearchIndex) -> frozenset[str]:
    """The words of every drop-down's options (the index holds only the chosen one's);
    once per page."""
    got: frozenset[str] | None = si.derived.get("option_words")
    if got is None:
        got = si.derived["option_words"] = frozenset(
            t for d in si.descriptors if d.node.options
            for o in d.node.options for t in tokens(o.label))
    return got


def _join_compounds(si: SearchIndex, q: Query) -> None:
    """"wish list" on a page that says "Wishlist", "user name" for "Username": two
    adjacent request words the page writes as one become that one word."""
    seq = q.sequence
    for a, b in itertools.pairwise(seq):
        joined = a + b
        # the page must *show* the joined word: "zoom out" is not the class "zoomout"
        if len(a) < 2 or len(b) < 2 or joined in q.terms or not si.has_token(joined, True):
            continue
        if a not in q.terms + q.role_words or b not in q.terms + q.role_words:
            continue
        q.terms = [t for t in q.terms if t not in (a, b)] + [joined]
        if b in q.role_words or a in q.role_words:
            q.role_words = [w for w in q.role_words if w not in (a, b)]
            q.roles = set().union(*(ROLE_WORDS[w] for w in q.role_words)) if q.role_words \
                else set()
        if q.head and (a in q.head or b in q.head):
            q.head = [t for t in q.head if t not in (a, b)] + [joined]


def _undo_words(si: SearchIndex, q: Query) -> None:
    """"unfavourite Northbank" on a page whose toggle says only *Favourite*: an English
    *un-* word the page does not hold becomes the word it undoes (a form of which the
    page shows), so the toggle is found as "favourite Northbank" finds it. Whether a
    click turns it off is for the acting side to judge, by the toggle's state and the
    request's own words (``q.text`` keeps them)."""
    for t in list(q.terms):
        base = unprefixed(t)
        if base is None or si.has_token(t) or float(si.match_term(t).max(initial=0)) >= 0.5:
            continue
        if not si.has_token(base, True) and float(si.match_term(base).max(initial=0)) < 0.9:
            continue
        q.terms = [base if x == t else x for x in q.terms]
        q.sequence = [base if x == t else x for x in q.sequence]


def _ordinal_in_name(si: SearchIndex, q: Query) -> None:
    """"the value of Last name", "sort by last modified", "the First name field": an
    ordinal word that the page shows together with the next request word in a short
    visible name (a label, a key, a column) is part of that name, not a position. Prose
    does not count: a sentence that says "the 2nd textbox" is not a name."""
    if q.ordinal is None:
        return
    seq = q.sequence
    forms = _ordinal_forms(q.ordinal)
    for a, b in itertools.pairwise(seq):
        if ORDINAL_WORDS.get(a) != q.ordinal or b in ORDINAL_WORDS:
            continue
        shown = _short_names(si)
        for form in forms:  # the page's own form of it: "Second floor" for "2nd floor"
            if f"{form} {b}" in shown:
                q.ordinal = None
                q.terms = _dedupe_terms([form, *q.terms] if b in q.terms else
                                        [form, b, *q.terms])
                return


def _short_names(si: SearchIndex) -> str:
    """The shown elements' short names, one a line (made once per page: a request's
    ordinal forms, some thirty in all languages, are each looked for in all of them)."""
    found: str | None = si.derived.get("short_names")
    if found is None:
        names = si.norm_names
        found = si.derived["short_names"] = "\n".join(
            names[k] for k in np.flatnonzero(si.hidden == 0).tolist()
            if names[k].count(" ") < _NAME_WORDS)
    return found


@cache
def _ordinal_forms(nth: int) -> tuple[str, ...]:
    """Every way of writing the ``nth`` position: "2nd" is "second", and on a page in
    another language *zweite* or *второй* (a name the page shows: *Letzte Anmeldung*)."""
    return tuple(w for w, n in ORDINAL_WORDS.items() if n == nth) + tuple(
        w for w, english in STRUCTURE_WORDS.items() if ORDINAL_WORDS.get(english) == nth)


#: The most words a name may have for an ordinal inside it to be part of the name.
_NAME_WORDS = 5


def _dedupe_terms(terms: list[str]) -> list[str]:
    return list(dict.fromkeys(terms))


def _alike(a: str, b: str) -> bool:
    a, b = a.lower(), b.lower()
    return bool(a and b) and (a in b or b in a)


def _role_said(q: Query, role: str) -> bool:
    """The request names ``role``: a role word, or the role's own name in one word or two
    ("column header")."""
    words = q.sequence or q.terms
    return role in q.roles or role in words or \
        any(a + b == role for a, b in itertools.pairwise(words))


def _holds_control(idx: Any, box: int, pos: int) -> bool:
    """The element at ``box`` is no control, and the one at ``pos`` is one inside it; or
    ``box`` is clickable by its cursor or a script alone (a card whose text is its
    buttons' too: "Movie night Run Edit") and ``pos`` is a button, link or box of its own
    kind inside it: the request's words name that control ("run the movie night scene",
    review 62), and a click on the card's middle may do nothing."""
    nodes = idx.nodes
    if box >= pos:
        return False
    if not roles.is_interactive(nodes[box]):
        return roles.is_interactive(nodes[pos])
    return roles.by_cursor(nodes[box]) and not roles.by_cursor(nodes[pos]) and \
        roles.is_interactive(nodes[pos])


def _does_asked(idx: Any, q: Query, box: int, pos: int, name: str) -> bool:
    """Whether the element at ``pos`` named ``name``, inside the box at ``box`` that is
    clickable by its cursor alone, is named by a word of the request the box's own text
    does not say: its act ("dim the bedside lamp" over the lamp's tile, whose *Dim*
    button shows "−") or its part ("the coffee maker's settings", a "⚙" titled
    *Settings*; review 62). The box is then that control's place, not a rival."""
    if not roles.by_cursor(idx.nodes[box]) or pos <= box or not name:
        return False
    own = {stem(w) for w in tokens(name)}
    boxed = {stem(w) for w in tokens(idx.nodes[box].name or idx.nodes[box].text)}
    return any(stem(t) in own and stem(t) not in boxed
               for t in (q.sequence or q.terms) if t not in STOPWORDS)


def _nested(end: list[int], a: int, b: int) -> bool:
    return a <= b < end[a] or b <= a < end[b]


def _exact_bonus(si: SearchIndex, ks: np.ndarray, q: Query) -> np.ndarray:
    """Seed step 5: the whole request (or a quoted part) is the element's whole name."""
    wanted = {" ".join(t for t in q.terms if t not in q.zone_terms)}
    wanted |= {" ".join(t for t in tokens(x) if t) for x in q.quoted}
    wanted_stems = {" ".join(stem(t) for t in w.split()) for w in wanted if w}
    terms = set(q.head or q.terms) - set(q.zone_terms)
    out = np.zeros(len(ks), dtype=np.float32)
    names, stems = si.bare_names, si.stem_names  # "Like · 1" is named *Like*
    for j, k in enumerate(ks):
        name = names[k]
        if not name:
            continue
        stemmed = stems[k] if name == si.norm_names[k] else \
            " ".join(stem(t) for t in name.split())
        if name in wanted or stemmed in wanted_stems:
            out[j] = 0.08
        elif name in terms:  # seed step 5: the name is one of the request's words
            out[j] = 0.05
    return out
