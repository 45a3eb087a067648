"""Acting by words only on an answer the request picks out: look-alikes and near-ties.

``find`` always ranks, and its best answer is a fine thing to *show*; an action by
query must do more than rank. Two forms that each end in a "Save" button, a "Checkout"
on the page and another in a panel, "Delete post" next to "Delete comment" for the
request "Delete": find puts one first (by position, by a word of the page's text), with
"high" or "medium" confidence, and a click on it is a guess an agent cannot see. This
module decides, for the action layer, whether the request itself tells the best answer
apart from its rivals; find's ranking and answers are left as they are.

A **rival** is a match that is

- a **look-alike** of the best (same role, same name) scoring at least ``TWIN_SHARE``
  of it, or
- any match closer than ``CLOSE`` to it (a ``medium`` answer with a near-tie: ``high``
  needs that margin).

The request **tells a rival apart** when one of its words is among the best's words and
not the rival's — words of its name, of its row (list item, card, form: the
:func:`~domdex.index.identity.identify` item), of the regions it sits in and of its
heading ("Delete Bob Brown", "Save password") — or when it says where the element is
and that place holds the best and not the rival (a landmark or zone the best is in, a
side it lies wholly on: "the top one", "Billing in the footer"; "in the header" of a
page without one tells nothing), or counts it (an ordinal: "the second row", "the last
Delete"), which find ranks by. A rival not told apart makes the action refuse, listing
the candidates with their refs so the agent can act by ref.

Before the rivals, four refusals of a best the request does not name at all:
:func:`excluded` (it is the one a "not …" clause excludes, or the request negates in a
way the parser cannot place), :func:`unmet` (picked by words of its row, it lacks
another word of the record the request names: "Delete Bob Brown" over *Ann Brown*),
:func:`counted` (an ordinal that two listings fit alike counts differently in each) and
:func:`unsure` (a ``medium`` best that carries no more than half of the request's
words: "reload the file listing" over a *File* menu; or one that does what cannot be
taken back and is not asked for by its verb: "keep my subscription" over *Cancel
subscription*), and :func:`unqualified` (a field the request qualifies otherwise: "mobile
phone" over *Home phone*). And :func:`opposed`, on English pages: a best whose name says the
opposite of the request ("turn on Wi-Fi" over *Turn off Wi-Fi*) or more than it asks
(*Sell all* for "sell some", *Save and publish* for "save the draft").

Each check runs in the page's language, as find does (:func:`~domdex.languages.
in_page_language`): *Konto löschen* is undoable on a German page, *Бориса* is Борис's row.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import numpy as np

from ..index import roles
from ..index.identity import identify, item_words, record_item, records_beside, row_text, words
from ..index.labels import label, uncounted
from ..index.modal import behind_modal, open_modal
from ..languages import current_language, in_page_language, is_function_word
from ..render.elements import element_line, in_row
from ..search.lexical import STOPWORDS, SYNONYMS, stem, unplaced_negation, unprefixed
from ..search.matcher import SearchIndex
from ..search.ranking import (
    ACTION_VERBS,
    EVERY_WORDS,
    Match,
    kind_words,
    ordinal_listings,
    same_copies,
    undoable,
    unnamed_objects,
)
from ..search.records import RECORD_WORDS
from ..words import fold
from .mentions import POINTERS, mentioned
from .verbfit import (
    BY_ANY_CLICK,
    DONE_BY_CONTROL,
    IMPERATIVE,
    TOGGLE_ROLES,
    carded,
    miscast,
    overreach,
    undone,
    unroled,
    untoggled,
)

if TYPE_CHECKING:
    from ..index import PageIndex
    from ..render.find import FindResult

__all__ = ["CLOSE", "TWIN_SHARE", "UNSURE_SHOWN", "counted", "doubt", "elsewhere", "excluded",
           "inert", "nowhere", "opposed", "recounted", "refusal", "rivals", "settled", "unmet",
           "unqualified",
           "unsure"]

#: A look-alike scoring at least this share of the best is a rival (find shows matches
#: from this share on as alternatives).
TWIN_SHARE = 0.6
#: A match closer than this to the best is a rival whatever its name (find's ``high``
#: needs this margin; a ``medium`` answer under it is a near-tie).
CLOSE = 0.08


@in_page_language
def rivals(idx: PageIndex, result: FindResult) -> list[Match]:
    """The matches the request does not tell apart from its best answer (empty when it
    picks the best out)."""
    matches = result.matches
    if not result.ref or len(matches) < 2:
        return []
    best = matches[0]
    q = result.ranking.query
    if q.ordinal is not None or q.relation:
        return []  # "the second row", "the last Delete", "under the reply box": find counts
    asked = {_stem(w) for w in (*q.terms, *q.role_words, *q.zone_terms)}
    # the words the parser took as places count as words too: "in the Right panel" may
    # name a section whose name is a position word, which no coordinate tells apart
    placed = None
    if q.positions or q.landmarks:
        asked |= {_stem(w) for w in q.sequence if w not in STOPWORDS and w not in q.negative}
        placed = _placed(idx, q)
    kind = _kind(idx, best.ref)
    # while a modal dialog is open and holds the best, what lies behind it is inert
    best_behind = behind_modal(idx, idx.pos(best.ref))
    mine: set[str] | None = None
    said = [t for t in (*q.terms, *q.role_words) if t not in STOPWORDS]
    acting = _act_named(idx, q, best.ref)
    out: list[Match] = []
    for m in matches[1:]:
        twin = _kind(idx, m.ref) == kind and m.score >= TWIN_SHARE * best.score
        near = twin or best.score - m.score < CLOSE
        if not near and m.score < OUTNAMED_SHARE * best.score:
            continue
        if mine is None:
            mine = _words(idx, best.ref)
        theirs = _words(idx, m.ref)
        if any(_known(n, theirs) for n in q.negative):
            continue  # "anyone but Bob": Bob's row is the one it is not
        if not best_behind and behind_modal(idx, idx.pos(m.ref)):
            continue  # the page's Delete behind the open dialog that holds the best
        if placed is not None and placed(best.ref, m.ref):
            continue  # "the top Delete": the best is above it, and not on the same line
        if acting is not None and acting[0] not in _name_words(idx, m.ref) and \
                record_item(idx, idx.pos(m.ref)) == acting[1]:
            continue  # "edit Jon Smith": his row's *Edit*, not his name's link beside it
        if same_copies(idx, q, best.ref, m.ref):
            continue  # the pager's *Next* drawn again below the rows: the same press
        if (near and not (asked & mine) - theirs) or \
                _outnames(idx, said, best.ref, m.ref, result.intent in _FILLS):
            out.append(m)
    if not out and placed is None and acting is None:
        out = _unranked_twins(idx, result, kind, asked & (mine or _words(idx, best.ref)),
                              best_behind)
    return out


#: How many look-alikes beyond find's best few a refusal names.
_TWINS_SHOWN = 2


def _unranked_twins(idx: PageIndex, result: FindResult, kind: tuple[str, str],
                    need: set[str], best_behind: bool) -> list[Match]:
    """Look-alikes of the best that find ranked below its best few, whose own words hold
    every word of the request the best's hold: "call the museum" over five places'
    *Call* links, where de Young's heading says *Museum* and SFMOMA's only its line
    below (review 61). Where a word sits in a record ranks them; it does not tell them
    apart."""
    if not kind[1] or not need:
        return []
    shown = {m.ref for m in result.matches}
    out: list[Match] = []
    for j, n in enumerate(idx.nodes):
        if n.role != kind[0] or not n.visible or n.ref in shown or \
                "disabled" in n.states or _kind(idx, n.ref) != kind:
            continue
        if not best_behind and behind_modal(idx, j):
            continue
        if need <= _words(idx, n.ref):
            region = idx.region_of_pos(j) if hasattr(idx, "region_of_pos") else None
            out.append(Match(n.ref, n.role, label(n), region.id if region else "", 0.0, j))
            if len(out) >= _TWINS_SHOWN:
                break
    return out


def _act_named(idx: PageIndex, q: Any, ref: str) -> tuple[str, int] | None:
    """The stem of the verb a request opens with, and the element's record, when the
    element's own name says that verb and it sits in a record: another element of that
    record whose name does not say it (the record's name link) is no rival."""
    verb = q.sequence[0] if q.sequence else ""
    if not verb or verb not in q.terms or not _doing(verb) or \
            _stem(verb) not in _name_words(idx, ref):
        return None
    item = record_item(idx, idx.pos(ref))
    return (_stem(verb), item) if item is not None else None


#: Intents that put a value into a field.
_FILLS = frozenset({"fill", "type", "select"})
#: A match scoring at least this share of the best whose name says more of the request
#: than the best's is a rival (review 41: "share usage data with partners" took a box
#: named *Share usage data* over the styled one named in full, which a label stands for
#: and so scores less).
OUTNAMED_SHARE = 0.5


def _outnames(idx: PageIndex, said: list[str], best: str, other: str, fills: bool) -> bool:
    """Whether the name of ``other`` says more of the request's words (``said``) than the
    name of ``best`` does, or as many and nothing else where the best's says more ("email
    me": *Email me* against *Email me weekly*), or as many while the request says a word
    the best carries nowhere."""
    mine, theirs = _name_words(idx, best), _name_words(idx, other)
    a = {t for t in said if _known(t, mine)}
    if not a:  # the best is found by its context or description, not its name
        return False
    b = {t for t in said if _known(t, theirs)}
    if b > a:
        return True
    if b != a:
        return False
    asked = {_stem(t) for t in said}
    if theirs <= asked and not mine <= asked:
        return True
    # a field to fill that says as much of the request as the best, and a word of the
    # request that the best carries nowhere: that word may be the other's ("confirm
    # password": *Password* and *Repeat password*; "backup email": *Email* and *Recovery
    # email*; review 44). Not for buttons: "save my changes" is *Save* beside *Save as
    # draft*, "send the message" *Send* beside *Schedule send* (review 45).
    return fills and idx.node(best).role == idx.node(other).role and \
        bool(_left_over(idx, said, best))


def _left_over(idx: PageIndex, said: list[str], best: str) -> list[str]:
    """The request's words the element ``best`` carries nowhere (name, row, regions,
    heading, as find's matcher reads its fields)."""
    lang = current_language()
    return [t for t in _uncarried(idx, best, said) if t.isalpha() and t not in _HOW
            and not (lang is not None and is_function_word(t, lang))]


def _name_words(idx: PageIndex, ref: str) -> set[str]:
    """The words of an element's name (a label proxy's, the toggle's), stop words aside."""
    d = _proxied(idx, ref)
    name = d.fields.get("name", "") if d is not None else label(idx.node(ref))
    return {_stem(w) for w in words(str(name)) if w.casefold() not in STOPWORDS}


#: Pixels by which "the top one" must be above another (and so on) beyond its own box:
#: a look-alike a line lower is told apart; one a few pixels off (a longer row's button
#: sits further right) is not.
_SLACK = 2.0


def _placed(idx: PageIndex, q: Any) -> Any:
    """``placed(best, rival)``: whether a place the request names holds ``best`` and
    not ``rival`` — a landmark or zone it sits in (one the page has), or a side it lies
    on wholly beyond the rival's box. A place that does not split them ("in the header"
    on a page without one, "on the left" of buttons in one column) tells nothing: find
    ranks the first of a tie first, which is no answer to an action."""
    si = SearchIndex.for_index(idx)

    def inside(ref: str, lm: str) -> bool:
        k = si.by_ref.get(ref)
        zone = _ZONE_OF.get(lm, lm)
        if k is not None and zone in si.zones[k]:
            return True
        top = idx.top_region_of_pos(idx.pos(ref)) if hasattr(idx, "top_region_of_pos") \
            else None
        return top is not None and top.landmark == lm

    def beyond(a: Any, b: Any, pos: str) -> bool:
        if a is None or b is None:
            return False
        if pos == "top":
            return bool(a.y + a.height <= b.y + _SLACK)
        if pos == "bottom":
            return bool(b.y + b.height <= a.y + _SLACK)
        if pos == "left":
            return bool(a.x + a.width <= b.x + _SLACK)
        return bool(b.x + b.width <= a.x + _SLACK)  # right

    def placed(best: str, rival: str) -> bool:
        for lm in q.landmarks:
            if inside(best, lm) and not inside(rival, lm):
                return True
        for pos in q.positions:
            if pos in _SAID_BY and not _SAID_BY[pos] & set(q.sequence):
                continue  # "top" read from "in the header": the header is the place
            if pos in ("top", "bottom", "left", "right"):
                if beyond(idx.node(best).box, idx.node(rival).box, pos):
                    return True
            elif pos in ("sidebar", "nav", "main") and inside(best, pos) and \
                    not inside(rival, pos):
                return True
        return False

    return placed


_ZONE_OF = {"HEADER": "header", "FOOTER": "footer", "ASIDE": "sidebar"}
#: The words that say "top" or "bottom" themselves; the parser also reads them from
#: "header" and "footer", which name a landmark, not a side.
_SAID_BY = {"top": frozenset({"top", "upper", "masthead"}),
            "bottom": frozenset({"bottom", "lower"})}


@in_page_language
def counted(idx: PageIndex, result: FindResult, action: str) -> str | None:
    """The refusal to give when an ordinal counts records of more than one listing that
    fit the request alike, and the readings disagree (else None).

    "Delete the second post" over *Drafts* (2 rows) and then *Published* (3 rows): the
    second of the drafts, of the published posts and of all posts in page order are
    three answers; find counts in one listing. "the second draft" names one listing,
    "the second Delete" counts the look-alike controls of the page: no refusal.
    """
    q = result.ranking.query
    if not result.ref or not result.matches or q.ordinal is None:
        return None
    tied = ordinal_listings(idx, q)
    if not tied:
        return None
    best = idx.node(result.ref)
    end = idx.tree.end
    nth = q.ordinal

    def pick(records: list[int]) -> int | None:
        if len(records) < abs(nth):
            return None
        return records[nth - 1] if nth > 0 else records[nth]

    def holds(record: int, pos: int) -> bool:
        return record <= pos < end[record]

    def fits(record: int) -> bool:  # a reading that has a control like the best to act on
        return any(idx.nodes[p].role == best.role for p in range(record, end[record]))

    readings = [(name, pick(records)) for name, records in tied]
    every = sorted(r for _, records in tied for r in records)
    readings.append(("all of them in page order", pick(every)))
    at = idx.pos(result.ref)
    others = [(name, r) for name, r in readings
              if r is not None and not holds(r, at) and fits(r)]
    if not others:
        return None
    names = ", ".join(repr(n) if n else "(no heading)" for n, _ in tied)
    lines = [f"{result.query!r} counts records, and {len(tied)} listings here fit it alike "
             f"({names}): counted in each, or across them, it names different elements, so "
             f"nothing was done ({action}). Readings:"]
    for name, r in readings:
        ctl = next((p for p in range(r, end[r]) if idx.nodes[p].role == best.role), None) \
            if r is not None else None
        if ctl is not None:
            ref = idx.nodes[ctl].ref
            lines.append(f"  in {name or 'a listing'}: {element_line(idx.nodes[ctl])}"
                         f"{in_row(row_text(idx, ref))}")
    example = (tied[-1][0].split() or ["…"])[-1]
    lines.append(f"Name the listing in the request (\"… in {example}\"), or act on the one "
                 f"you mean by its ref ({action} <ref>).")
    return "\n".join(lines)


def recounted(idx: PageIndex, result: FindResult, action: str) -> str | None:
    """The refusal to give when the request counts twice ("the first Add to cart in the
    second row", "the second Open in the top row"): find reads one count, and whether
    the other is met is not known (else None)."""
    q = result.ranking.query
    if not result.ref or not q.recounts:
        return None
    return (f"{result.query!r} counts twice (an item within a numbered or placed row or "
            f"column), and find takes only one of the counts, so nothing was done "
            f"({action}). Name the item by its own words, or act on the one you mean by "
            f"its ref ({action} <ref>).")


@in_page_language
def excluded(idx: PageIndex, result: FindResult, action: str) -> str | None:
    """The refusal to give when the best answer is what the request excludes, or when
    the request negates something the parser could not place (else None).

    find only lowers what a "not …" clause names: on a page of two rows, "Delete the
    one that is not Alice" may still rank Alice's *Delete* first by position. A negation
    the parser does not know ("delete the one that's never been used") leaves its words
    as words that pick the row, the very one excluded; the best's own name may say
    "not" ("Not now", "Don't allow"), which is no negation of the request.
    """
    if not result.ref or not result.matches:
        return None
    best = result.matches[0]
    q = result.ranking.query
    node = idx.node(best.ref)
    mine = _words(idx, best.ref)
    carries = _carried(idx, best.ref)
    hit = [n for n in q.negative if n.isalnum() and carries(n, mine)]
    if hit:
        return (f"{result.query!r} excludes {', '.join(repr(n) for n in hit)}, which the "
                f"best match, {element_line(node)}{in_row(row_text(idx, best.ref))}, "
                f"carries, so nothing was done ({action}). Name the one you mean by its "
                f"own words, or act on it by its ref ({action} <ref>).")
    # the best's own name may say "not" (*Not now*, *Don't allow*): that is no negation
    # of the request, but any other "not" is ("click Save, not Don't save")
    if unplaced_negation(_without(q.text, label(node)), bool(q.negative)):
        return (f"{result.query!r} says what not to act on in a way that cannot be placed "
                f"for certain, so nothing was done ({action}). Name the one you mean by its "
                f"own words (not by what it is not), or act on it by its ref "
                f"({action} <ref>).")
    if not q.relation and _RELATIVE.search(_without(q.text, label(node))):
        return (f"{result.query!r} names it by its place next to something else, which "
                f"cannot be placed for certain, so nothing was done ({action}): its words "
                f"would pick the element it is placed by. Name the one you mean by its own "
                f"words, or act on it by its ref ({action} <ref>).")
    return None


#: A place relative to another element ("the user under Bob", "the last but one"), when
#: the parser found no relation: the other element's words would pick that element.
_RELATIVE = re.compile(r"\b(?:(?:under|underneath|below|beneath|above|over|on top of|"
                       r"next to|beside|besides|after|before|following|preceding)\s+\w|"
                       r"but (?:one|last)\b)")


def _without(text: str, name: str) -> str:
    """``text`` (folded) with every occurrence of ``name`` (folded) taken out."""
    text, name = fold(text), fold(name).strip()
    return text.replace(name, " ") if name else text


@in_page_language
def unmet(idx: PageIndex, result: FindResult, action: str) -> str | None:
    """The refusal to give when the best answer was picked by words of its row, card or
    section but lacks another word the request names (else None).

    "Delete Bob Brown" over rows *Bob Green* and *Ann Brown*: find's best is Ann Brown's
    *Delete*, by "delete" (its name) and "brown" (its row); "bob" is in no word of hers.
    The request names a record by several words, and this one is not it: the record it
    names is not on the page, or not where find looked. A word missing from a request
    that only names the control ("the blue Submit") does not count: nothing of a record
    was asked for.
    """
    if not result.ref or not result.matches:
        return None
    best = result.matches[0]
    q = result.ranking.query
    skip = set(q.zone_terms) | RECORD_WORDS
    asked = [t for t in q.terms if t not in skip and t.isalnum()] + _capital_small(q)
    if len(asked) < 2:
        return None
    own = {_stem(w) for w in words(label(idx.node(best.ref)))}
    mine = _words(idx, best.ref)
    carries = _carried(idx, best.ref)
    by_row = [t for t in asked if carries(t, mine) and not _known(t, own)]
    # the look-alikes' rows, read only on a page not in English (see _telling)
    others = identify(idx, idx.pos(best.ref)).others if current_language() else ()
    doing = _what_to_do(q, action) | POINTERS  # "the email about …": no record's word
    missing = [t for t in asked if not carries(t, mine) and _telling(t, others)
               and t not in doing]
    if missing and by_row:  # "the churn rate *card*": the kind of record, not which one
        kinds = kind_words(idx, idx.pos(best.ref))
        missing = [t for t in missing if stem(t) not in kinds]
    if not by_row or not missing:
        return None
    node = idx.node(best.ref)
    row = row_text(idx, best.ref)
    where = in_row(row) if row else f" in {best.region or 'page'}"
    lacking = ", ".join(repr(t) for t in missing)
    return (f"{result.query!r}: no element here carries all of its words. The best match, "
            f"{element_line(node)}{where}, was picked by "
            f"{', '.join(repr(t) for t in by_row)} but has no {lacking}, so it is not the "
            f"record the request names and nothing was done ({action}). Check that the "
            f"record is on this page (find, grep), or act on an element by its ref "
            f"({action} <ref>).")


@in_page_language
def elsewhere(idx: PageIndex, result: FindResult, action: str) -> str | None:
    """The refusal to give when the request names a record that the best is not in: a
    word of the request the best carries nowhere is a word of another record beside
    the best's (else None).

    "unmute Ann" over a call's participants: Bob's row has *Unmute*, Ann's a *Mute*;
    find's best is Bob's *Unmute*, by its name alone, and "Ann" is in the row next to
    it. "enable Stripe" clicked PayPal's *Enable* (Stripe's row says *Disable*), "pin
    Groceries" another note's *Pin* (review 46). :func:`unmet` holds only where the best
    was picked partly by its row's words; here it was picked by its name, and the
    record the request names is the one beside it. A word on no other record ("the blue
    Submit") still names nothing of one.
    """
    if not result.ref or not result.matches:
        return None
    best = result.matches[0]
    q = result.ranking.query
    skip = set(q.zone_terms) | RECORD_WORDS | _HOW
    asked = [t for t in q.terms if t not in skip and t.isalnum()] + _capital_small(q)
    if not asked:
        return None
    # what to do ("change the tagline") is no word of a record, wherever else it is said
    verb = q.terms[0] if q.terms else ""
    missing = [t for t in _uncarried(idx, best.ref, asked) if not (t == verb and _doing(t))]
    if not missing:
        return None
    pos = idx.pos(best.ref)
    section = _other_section(idx, best.ref, missing)
    if section:
        node = idx.node(best.ref)
        return (f"{result.query!r} names {section}, and find's best match, "
                f"{element_line(node)}, is in another section, so nothing was done "
                f"({action}). That section may have no such control; check it (find, grep), "
                f"or act on an element by its ref ({action} <ref>).")
    item = record_item(idx, pos)
    if item is None:
        return _named_elsewhere(idx, result, missing, action)
    for other in records_beside(idx, item):
        text_words, value_words, text = item_words(idx, other, pos)
        theirs = {_stem(w) for w in (*text_words, *value_words)}
        held = [t for t in missing if _known(t, theirs)]
        if held:
            node = idx.node(best.ref)
            return (f"{result.query!r} names {', '.join(repr(t) for t in held)}, which "
                    f"another record holds (\"{' '.join(text.split())[:80]}\"), and find's "
                    f"best match, {element_line(node)}{in_row(row_text(idx, best.ref))}, "
                    f"is not in it, so nothing was done ({action}). That record may have "
                    f"no such control; check it (find, grep), or act on an element by its "
                    f"ref ({action} <ref>).")
    return None


def _named_elsewhere(idx: PageIndex, result: FindResult, missing: list[str],
                     action: str) -> str | None:
    """For a best in no record: the refusal to give when the request writes a name (a
    word capitalised after its first) or a number that the best carries nowhere and
    another element of the page holds. "withdraw Tomás's offer" clicked *Withdraw offer* in a panel
    headed *Mei Chen — offer*, while Tomás's row sat in the table above (review 57)."""
    named = {fold(w) for w in _capitalised(result.ranking.query.text)}
    # a number names a record as a name does: "close ticket #4518" over an open dialog's
    # *Close ticket* for #4521 (review 60)
    held = [t for t in missing if t in named or any(c.isdigit() for c in t)]
    if not held:
        return None
    node = idx.node(result.ref or "")
    for t in held:
        other = _held_by_another(idx, result.ref or "", t, stems=True)
        if other is None:
            continue
        return (f"{result.query!r} names {t!r}, which {element_line(other)} holds, and "
                f"find's best match, {element_line(node)}, is not with it, so nothing was "
                f"done ({action}). {_NO_CONTROL_HERE.format(action=action)}")
    return None


#: How a refusal over a name held elsewhere ends.
_NO_CONTROL_HERE = ("There may be no such control for it here; check (find, grep), or act "
                    "on an element by its ref ({action} <ref>).")


def _held_by_another(idx: PageIndex, ref: str, term: str, *, stems: bool) -> Any:
    """The first element other than ``ref`` that holds ``term`` (by stem, or only as
    written), or None."""
    si = SearchIndex.for_index(idx)
    mine = si.by_ref.get(ref)
    others = [k for k in np.flatnonzero(si.holds_term(term, stems=stems)).tolist()
              if k != mine]
    return si.descriptors[others[0]].node if others else None


def misnamed(idx: PageIndex, result: FindResult, action: str) -> str | None:
    """The refusal to give when the request writes a name (a word capitalised after its
    first) that the best's row holds only in another form, while another element holds
    it as written: "remove Jordan Park" removed *Jordan Parks*, one letter longer and one
    stem alike, as Jordan Park, the owner, has no *Remove* (review 59). A name is the
    name as written: "Park" is not in "Parks", "Ann" not in "Anne"."""
    if not result.ref or not result.matches:
        return None
    names = [fold(w) for w in _capitalised(result.ranking.query.text)]
    if not names:
        return None
    node = idx.node(result.ref)
    written = {fold(w) for w in words(f"{label(node)} {row_text(idx, result.ref, 4000)}")}
    stems = {_stem(w) for w in written}
    for name in names:
        if name in written or _stem(name) not in stems:
            continue  # held as written, or not at all (other checks look at that)
        other = _held_by_another(idx, result.ref, name, stems=False)
        if other is None:
            continue
        return (f"{result.query!r} names {name!r}; find's best match, {element_line(node)}, "
                f"is in a row that says it only otherwise, while {element_line(other)} "
                f"holds it as written, so nothing was done ({action}). "
                f"{_NO_CONTROL_HERE.format(action=action)}")
    return None


#: A name written with inner dots or digits and hyphens: a domain, a file, a version, a
#: key ("acme-tools.com", "3.1.4", "PROJ-123", "dark-mode-v2"); "e-mail" is a word.
_WRITTEN_ID = re.compile(r"(?<![\w.-])\w+(?:[-.]\w+)+(?![\w-]|\.\w)")
#: Actions that put no value in: a name the request writes is the record's, not text.
_CLICKS = frozenset({"click", "check", "uncheck", "hover"})
#: What a name's letters are read without.
_UNWRITTEN = re.compile(r"[\W_]+")
#: Dashes a page may write a name's hyphen with.
_DASHES = str.maketrans({c: "-" for c in "\u2010\u2011\u2012\u2013\u2014\u2212"})


def _base(name: str) -> str:
    """A written name's letters before its last ending (*acme-robotics* of
    *acme-robotics.com*: a domain, a file), or "" for a name with no letter-only ending."""
    head, dot, end = name.rpartition(".")
    if not dot or not end.isalpha() or not any(c.isalpha() for c in head):
        return ""
    return "." + _UNWRITTEN.sub("", head)  # never a whole name's letters


def unwritten(idx: PageIndex, result: FindResult, action: str) -> str | None:
    """The refusal to give when the request writes a name with dots or digits in it
    that the best's own row does not say as written: "add acme-tools.com to the cart"
    put *acmetools.com* in it (acme-tools.com's own button was disabled; review 61),
    its words alike once the dot and hyphen were read as spaces. Such a name is one
    string; a click (a value to type may hold one) on a record that does not show it is
    on another record."""
    if action not in _CLICKS or not result.ref:
        return None
    text = result.ranking.query.text.translate(_DASHES).casefold()
    names = [m for m in _WRITTEN_ID.findall(text)
             if "." in m or any(c.isdigit() for c in m)]
    if not names:
        return None
    node = idx.node(result.ref)
    mine = f"{label(node)} {row_text(idx, result.ref, 4000)}".translate(_DASHES).casefold()
    # the row's names by their letters alone (its plain words are their own letters)
    letters: dict[str, str] = {}
    for w in _WRITTEN_ID.findall(mine):
        letters.setdefault(_UNWRITTEN.sub("", w), w)
        if base := _base(w):
            letters.setdefault(base, w)
    for w in mine.split():
        if w.isalnum():
            letters.setdefault(w, w)
    for name in names:
        if re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w-]|\.\w)", mine):
            continue
        # written otherwise in the best's row: the same letters, other dots or hyphens,
        # or the same name before another ending (*acmerobotics.net* for
        # "acme-robotics.com": review 63); a page that words it otherwise, "abort() (in
        # module os)" for "os.abort", is left to the other checks
        base = _base(name)
        other = letters.get(_UNWRITTEN.sub("", name)) or (letters.get(base) if base else None)
        if other is None:
            continue
        return (f"{result.query!r} names {name!r}; find's best match, {element_line(node)}, "
                f"is in a row that writes {other!r}, another name, so nothing was done "
                f"({action}). {_NO_CONTROL_HERE.format(action=action)}")
    return None


def shared(idx: PageIndex, result: FindResult, action: str) -> str | None:
    """The refusal to give when the request names its record by a name (a word
    capitalised after its first) that a record beside the best's holds as well, and no
    other word of the request is in the best's record and not in that one: "remove
    Jordan" over *Jordan Park* (the owner, with no *Remove*) and *Jordan Parks* removed
    Jordan Parks (review 59). find picks the record that has the control; the person
    may mean the other, whose act the page does not offer."""
    if not result.ref or not result.matches:
        return None
    q = result.ranking.query
    if q.ordinal is not None:
        return None  # "the second to last Delete": the count tells them apart
    node = idx.node(result.ref)
    own = {_stem(fold(w)) for w in words(label(node))}  # the control's own name says the act
    names = {fold(w) for w in _capitalised(q.text)}
    names = {n for n in names if _stem(n) not in own}  # "click Delete" names no record
    pos = idx.pos(result.ref)
    item = record_item(idx, pos) if names else None
    if item is None:
        return None
    text_words, value_words, _ = item_words(idx, item, pos, None)
    mine = {fold(w) for w in (*text_words, *value_words)}
    held = names & mine
    if not held:
        return None
    # the act the request opens with is no word of a record ("remove Jordan": the other
    # row has no *Remove*); its other words may tell the records apart ("play the
    # remastered Yesterday", "open PROJ-12" over PROJ-1), the best's own name's too
    verb = q.sequence[0] if q.sequence and _doing(q.sequence[0]) else ""  # not "Jan …"
    # (the words the parser took as places too: "Delete Alpha in the right panel")
    asked = [t for t in dict.fromkeys([*q.terms, *q.sequence])
             if t not in held and t != verb and t not in STOPWORDS]
    # a name written whole (a file's "Q1 report.pdf") tells its record from one that
    # holds its words otherwise ("Q1 report draft.pdf"; review 58)
    whole = [" ".join(ws[i:]) for m in _FILE_NAME.findall(q.text)
             for ws in [words(m)] for i in range(len(ws) - 1)]  # "rename Q1 report.pdf"
    my_text = " ".join(text_words)
    mine_stems = {_stem(w) for w in mine}
    for other in records_beside(idx, item):
        text_words, value_words, text = item_words(idx, other, pos, None)
        theirs = {fold(w) for w in (*text_words, *value_words)}
        if not held <= theirs:
            continue
        their_text = f" {' '.join(text_words)} "
        if any(f" {w} " in f" {my_text} " and f" {w} " not in their_text for w in whole):
            continue
        theirs_stems = {_stem(w) for w in theirs}
        if any(_stem(t) in mine_stems and _stem(t) not in theirs_stems for t in asked):
            continue  # "remove Jordan from design": the other row is not in design
        said = ", ".join(repr(n) for n in sorted(held))
        return (f"{result.query!r} names {said}, which another record holds as well "
                f"(\"{' '.join(text.split())[:80]}\"), and nothing else in the request tells "
                f"find's best match, {element_line(node)}{in_row(row_text(idx, result.ref))}, "
                f"from it, so nothing was done ({action}). Say which one (a fuller name, "
                f"another word of its row), or act on an element by its ref ({action} <ref>).")
    return None


#: A name with its words before a file's extension: "Q1 report.pdf", "Budget 2025.xlsx".
_FILE_NAME = re.compile(r"(?:[\w-]+ ){0,4}[\w-]+\.[A-Za-z0-9]{1,5}\b")


def _other_section(idx: PageIndex, ref: str, missing: list[str]) -> str:
    """A word of ``missing`` that the heading of a section beside the element's own
    holds (a heading of its heading's level in its top region), said with that heading;
    else empty. "push notifications for new followers" ticked *New followers* under
    *Email notifications*; *Push notifications* has none (review 47)."""
    own = idx.heading_of(ref)
    # a function word (English "the", Spanish "el") heads no section of its own
    missing = [t for t in missing if t not in STOPWORDS and _telling(t, ())]
    if own is None or own.level is None or not missing:
        return ""
    top = idx.top_region_of_pos(idx.pos(ref))
    lo, hi = (top.start, top.stop) if top else (0, len(idx.nodes))
    for n in idx.nodes[lo:hi]:
        if n is own or n.level != own.level or not n.visible or not roles.is_heading(n):
            continue
        theirs = {_stem(w) for w in words(label(n))}
        held = [t for t in missing if _known(t, theirs)]
        if held:
            return f"{', '.join(repr(t) for t in held)}, a heading of another section " \
                f"({label(n)!r})"
    return ""


#: Verbs that open a request to say what to do with a record, not which record ("send
#: a message to Priya", "set the quantity … to 3", "turn off SMS for marketing").
_DOING_VERBS = frozenset(str.split(
    "send change set give show turn switch stop start put move update mark let see "
    "view open check uncheck tick untick enable disable pick choose"))
#: Verbs that change a value: a field's, not a click's.
_VALUE_VERBS = frozenset({"change", "set", "update"})
#: Words after such a verb that belong to it ("turn off", "switch on").
_VERB_PARTICLES = frozenset({"on", "off", "up", "down"})
#: Verbs that with *off* say an item of a list is done ("check off the baking soda",
#: "tick off milk"): the *off* is no word of the item's.
_TICKING = frozenset({"check", "tick", "mark"})


def _what_to_do(q: Any, action: str) -> frozenset[str]:
    """The request's opening verb (and its particle) when it says what to do and does
    not act beyond recall: no word of the record :func:`unmet` looks for. An undoable
    verb ("delete Bob Brown") is kept: a control that does not say it is not the one;
    so is, for a click, an act only a control does ("save my comment" over *Add
    Comment*) or a change of a value ("change the foreign key to drivers" over the
    *drivers* link), which a field's fill or select does."""
    seq = q.sequence
    if not seq or undoable(seq[0]) or not (seq[0] in _DOING_VERBS or _doing(seq[0])):
        return frozenset()
    if action == "click" and (seq[0] in DONE_BY_CONTROL or seq[0] in _VALUE_VERBS):
        return frozenset()
    out = {seq[0]}
    if seq[0] in ("turn", "switch"):
        out |= _VERB_PARTICLES & set(seq[1:3])
    elif seq[0] in _TICKING and "off" in seq[1:3]:  # "check off the eggs": tick them
        out.add("off")
    return frozenset(out)


def _doing(term: str) -> bool:
    """Whether a request word says what to do (*change*, as *edit* does)."""
    return term in ACTION_VERBS or bool(SYNONYMS.get(term, frozenset()) & ACTION_VERBS)


_TOKEN = re.compile(r"\w+")


def _capitalised(text: str) -> list[str]:
    """The words a request writes with a capital after its first word: names."""
    return [w for w in _TOKEN.findall(text)[1:] if w[:1].isupper()]


def _capital_small(q: Any) -> list[str]:
    """Small words the parser dropped that the request writes with a capital inside it:
    a name ("supprimer Anh Le": *Le* is a surname there, not French "the")."""
    return [fold(w) for w in _capitalised(q.text) if len(w) > 1 and fold(w) in STOPWORDS
            and fold(w) not in q.terms]


def _telling(term: str, others: tuple[frozenset[str], ...]) -> bool:
    """Whether a request word tells records apart. On a page not in English a function
    word of the page's language ("la" of "ajouter la théière au panier") does not,
    unless a look-alike's row (``others``) holds it: *Minh Le* for "supprimer Anh Le".
    Review 43 found every wider form (short words on many elements: *Eva*, *XL*; a
    pair of Chinese characters no element holds: *黑色*, black, of a dress that is white)
    acting on the wrong record."""
    lang = current_language()
    if lang is None or not is_function_word(term, lang):
        return True
    return any(term in o for o in others)


#: The share of a request's words a ``medium`` best must carry more than to be acted on.
#: On the corpus's 575 action tasks, "at least half" left 23 wrong actions (and 188
#: right), "more than half" 16 (and 174): the majority it is, as a refusal costs the
#: agent one act by ref and a wrong click may cost its data.
MEDIUM_CARRIES = 0.5
#: The same for a ``high`` best, which find is sure of by its score: one that carries a
#: quarter of the request's words or less ("edit the aliases of the champion version"
#: over a description's *Edit*) is refused. On the corpus's 651 action tasks: 0.25 left
#: 2 wrong actions fewer and the right ones as they were, 1/3 cost 2 right ones, 0 (none
#: carried) 1 wrong fewer; review 46's 398 cases unchanged.
HIGH_CARRIES = 0.25
#: The same for a best that does what cannot be taken back, of its own and its row's
#: words: every one but what records are called (review 40: "delete my data" deleted the
#: account; review 43: "alle Newsletter löschen" emptied the inbox; see :func:`_undone`).
UNDOABLE_CARRIES = 0.99
#: Words that say how, not what: a phrasal verb's parts ("turn off bold", "go ahead and
#: save it", "sign me up for the newsletter") are no words the target must carry.
_HOW = frozenset(["turn", "go", "make", "set", "get", "put", "take", "sign", "do", "keep",
                  "try", "flip", "please", "off", "up", "down", "ahead", "out", "back",
                  "away", "now"])
#: How many of find's best a refusal of an unsure answer lists.
UNSURE_SHOWN = 3
#: Roles of parts of a page, not controls: a click by query on one lands on whatever is
#: in its middle ("collapse the left navigation panel" clicked the *navigation* landmark
#: whose words held the panel's *hide*).
_AREAS = frozenset({"banner", "complementary", "contentinfo", "form", "main", "navigation",
                    "region", "search", "article", "document", "list", "table", "grid",
                    "tree", "group", "toolbar", "tablist", "menubar", "dialog",
                    "alertdialog"})


def walled(idx: PageIndex, result: FindResult, action: str) -> str | None:
    """The refusal to give when the best lies behind an open modal dialog: the page
    takes no input there until the dialog is answered. A click there is refused as
    covered when it is tried; a fill is not (Playwright types into the field all the
    same), and "bio" filled the profile's *Bio* behind the open *Change email* dialog
    (review 58)."""
    if not result.ref or not behind_modal(idx, idx.pos(result.ref)):
        return None
    dialog = open_modal(idx)
    shown = element_line(idx.nodes[dialog]) if dialog is not None else "a dialog"
    return (f"{result.query!r}: find's best match, {element_line(idx.node(result.ref))}, "
            f"lies behind the open dialog {shown}, which takes the page's input until it "
            f"is answered, so nothing was done ({action}). Answer or close the dialog "
            f"first, or act on one of its own elements.")


@in_page_language
def unsure(idx: PageIndex, result: FindResult, action: str) -> str | None:
    """The refusal to give when find's best is only ``medium`` and carries no more than
    half of the request's words, or ``high`` and carries a quarter or less (else None).

    A ``medium`` best that the request names ("the top Delete", "Checkout in the upsell
    dialog") is found by its words; one that carries a word or two of a longer request
    ("publish my edit" → *Show preview*, "write a new blog post" → a *Blog* link) was
    found by what is left when the words that name the target are on no element: a
    paraphrase find does not read ("download files" → *Upload Files*). On the corpus's
    action tasks a ``medium`` best was the wrong element 20 times in 73, most of them so;
    a refusal shows the candidates. Words that say how (:data:`_HOW`: "turn off bold")
    are not counted.
    """
    if not result.ref or not result.matches:
        return None
    best = result.matches[0]
    q = result.ranking.query
    if action == "click" and idx.node(best.ref).role in _AREAS:
        return _shown(idx, result, action,
                      f"{result.query!r}: find's best match is a part of the page "
                      f"({element_line(idx.node(best.ref))}), not a control, so a click "
                      f"would land on whatever is in its middle and nothing was done "
                      f"({action}).", "find the control with the words it shows")
    undo = undoable(label(idx.node(best.ref)))
    if undo and result.confidence in ("high", "medium"):
        lacking = _undone(idx, q, best.ref, undo)
    elif result.confidence in ("medium", "high"):
        # what records are called names no record of a field ("gift message" is no
        # *Discount code or gift card*; review 60); "phone number" names *Phone*
        kinds = RECORD_WORDS if action not in _FILLS else _FIELD_WORDS | {"number"}
        skip = set(q.zone_terms) | kinds | _HOW | POINTERS
        asked = [t for t in q.terms if t not in skip and t.isalnum()]
        lacking = _lacking(idx, best.ref, asked, MEDIUM_CARRIES
                           if result.confidence == "medium" else HIGH_CARRIES)
    else:
        return None
    if not lacking:
        return None
    return _shown(idx, result, action,
                  f"{result.query!r}: find's best match ({result.confidence}) has no "
                  f"{lacking}, so it may not be the one meant and nothing was done ({action}).")


def _shown(idx: PageIndex, result: FindResult, action: str, head: str,
           hint: str = "find with the words the page uses") -> str:
    """A refusal of a doubtful best: ``head``, find's best few, how to go on."""
    lines = [f"{head} Candidates:"]
    lines += [_candidate(idx, m) for m in result.matches[:UNSURE_SHOWN]]
    lines.append(f"Act on the one you mean by its ref ({action} <ref>), or {hint}.")
    return "\n".join(lines)


def _undone(idx: PageIndex, q: Any, ref: str, undo: frozenset[str]) -> str:
    """What a request lacks to be acted on by a control that does what cannot be taken
    back (its ``undo`` words), quoted; empty when it has it all.

    The request must say the control's own action, or a synonym ("remove" for *Delete*):
    "keep my subscription", "back up the files" and "follow the user" found *Cancel
    subscription*, *Delete files* and *Block user* by their other word (review 41). And
    the control must carry more than half of its words, record words counted ("delete
    my photo" is no *Delete account*) unless an ordinal counts records ("delete the
    second post"). Words of the section or dialog around it still count as its own:
    "delete this vehicle" on a vehicle's page, and so "cancel editing the address" in an
    *Edit address* dialog still finds its *Cancel order*."""
    said = [t for t in q.terms if t.isalnum()]
    if not any(_known(t, set(undo)) for t in said):
        return " or ".join(repr(w) for w in sorted(undo))
    node = idx.node(ref)
    objects = unnamed_objects(q, label(node)) if node.role != "link" else []  # goes somewhere
    if objects:
        return " or ".join(repr(w) for w in objects)
    # "delete all emails": what records are called; "… about X": what its text says
    skip = set(q.zone_terms) | RECORD_WORDS | POINTERS
    asked = [t for t in said if t not in skip and _stem(t) not in skip]
    return _lacking(idx, ref, asked, UNDOABLE_CARRIES)


#: Words that name a field's kind, not which field: "the subject line", "the search box".
_FIELD_WORDS = frozenset({"field", "box", "input", "textbox", "line", "area", "entry", "blank",
                          "value", "form", "text", "bar"})


@in_page_language
def unqualified(idx: PageIndex, result: FindResult, action: str) -> str | None:
    """The refusal to give when a fill's best field is qualified otherwise than the
    request says (else None).

    "mobile phone" filled *Home phone*, "end time" *Start time*, "billing phone" the
    shipping address's *Phone* (review 46): find's best carried the field's kind, and
    the word that says which one is not the best's. A field that is not the one named
    takes the value silently, and the agent goes on as if the right one had it. Two
    signs that the word says another field: the best's name puts a word of its own
    where the request puts it (*Home* for "mobile" before *phone*), or a field of the
    best's kind holds the word (the billing address's fields, "billing"). A word that
    reaches the best only as a synonym of another word of the request ("mobile" of
    *phone*) is not the best's: it says which phone. A word the request adds that no
    other field holds ("the buyer's full name", "a query in the search box") describes
    the field, and is no sign.
    """
    if not result.ref or not result.matches:
        return None
    if result.intent not in _FILLS and action not in _FILLS:
        return None
    best = result.matches[0]
    q = result.ranking.query
    skip = set(q.zone_terms) | RECORD_WORDS | _HOW | _FIELD_WORDS
    asked = [t for t in q.terms if t not in skip and t.isalnum() and not _doing(t)]
    if len(asked) < 2:
        return None
    si = SearchIndex.for_index(idx)
    k = si.by_ref.get(best.ref)
    mine = _words(idx, best.ref)
    carries = _carried(idx, best.ref)

    def owns(t: str) -> bool:
        return _stem(t) in mine or (k is not None and bool(si.holds_term(t)[k]))

    said = set(asked)
    missing = [t for t in asked if not owns(t) and (
        not carries(t, mine) or SYNONYMS.get(t, frozenset()) & said)]
    if not missing:
        return None
    node = idx.node(best.ref)
    held = (_placed_otherwise(q.text, missing, label(node))
            or _held_by_kind(idx, si, k, missing))
    if not held:
        return None
    return _shown(idx, result, action,
                  f"{result.query!r}: find's best match, {element_line(node)}, is {held}, so "
                  f"it may be another field than the one meant and nothing was done "
                  f"({action}).")


def _placed_otherwise(text: str, missing: list[str], name: str) -> str:
    """Where the best's name puts a word of its own just before its last word, and the
    request a word the best lacks just before that same word (*Home phone* for "mobile
    phone"): that, said; else empty. Words apart ("the buyer's full name", "a query in
    the search box") qualify nothing."""
    own = [w for w in words(name) if w not in STOPWORDS]
    said = words(text)
    if len(own) < 2 or not own[-2].isalpha():
        return ""
    for i in range(1, len(said)):
        word, head = said[i - 1], said[i]
        if word in missing and _stem(head) == _stem(own[-1]) and \
                not any(_known(t, {_stem(own[-2])}) for t in said):
            return f"{own[-2]!r} {own[-1]!r}, not {word!r}"
    return ""


#: Roles of a group around fields that names them together (a fieldset, a radio group).
_GROUPS = frozenset({"group", "radiogroup"})
#: How far up a field's ancestors its group may be.
_GROUP_UP = 6


def _section_words(idx: PageIndex, ref: str) -> set[str]:
    """The (stemmed) words of the section a field sits in: the nearest heading before
    it and the groups around it (a fieldset's legend, a ``role=group``'s name)."""
    out: set[str] = set()
    head = idx.heading_of(ref)
    if head is not None:
        out |= {_stem(w) for w in words(label(head) or head.text)}
    for p in idx.tree.ancestors(idx.pos(ref))[:_GROUP_UP]:
        n = idx.nodes[p]
        if n.role in _GROUPS or n.tag == "fieldset":
            out |= {_stem(w) for w in words(label(n))}
    return out


def rowmates(idx: PageIndex, result: FindResult, action: str) -> str | None:
    """The refusal to give when a fill's best field shares its row with other fields
    among find's best few, and no word of the request tells them apart (else None).

    "rent" with 1200 typed into the *Rent* row's *Notes* box, its *Planned* and *Actual*
    beside (review 64): the request names the row, not the column, and find's order
    among the row's fields came from their kinds, not from anything asked. The value
    went into a field the agent did not choose."""
    if not result.ref or len(result.matches) < 2:
        return None
    if result.intent not in _FILLS and action not in _FILLS:
        return None
    best = result.matches[0]
    mine = _table_row(idx, best.ref)
    if mine is None:
        return None
    si = SearchIndex.for_index(idx)
    q = result.ranking.query
    asked = [t for t in q.terms if t.isalnum()]
    if not asked:
        return None
    k0 = si.by_ref.get(best.ref)
    if k0 is None:
        return None
    mates = []
    for m in result.matches[1:]:
        node = idx.node(m.ref)
        if node.role not in roles.FILLABLE_ROLES or _table_row(idx, m.ref) != mine:
            continue
        k = si.by_ref.get(m.ref)
        if k is None:
            continue
        if all(abs(float(si.match_term(t)[k0]) - float(si.match_term(t)[k])) < _TOLD_APART
               for t in asked):
            mates.append(node)
    if not mates:
        return None
    return _shown(idx, result, action,
                  f"{result.query!r} names a row with {len(mates) + 1} fields and none of its "
                  f"words tells them apart, so nothing was done ({action}).",
                  "name the field's column or label")


#: How much more strongly one field must carry a request word than another for the word
#: to tell them apart (:func:`rowmates`).
_TOLD_APART = 0.25


def renumbered(idx: PageIndex, result: FindResult, action: str) -> str | None:
    """The refusal to give when the best's own name holds a number and the request
    holds another one and not the best's (else None): "pause for 6 months" chose *Pause
    for 3 months*, at a score of 1.00 (review 64). The rest of the words matched, and the
    number that says which one was not read."""
    if not result.ref:
        return None
    node = idx.node(result.ref)
    mine = set(_NUMBER.findall(label(node)))
    asked = set(_NUMBER.findall(result.query))
    if not mine or not asked or mine & asked:
        return None
    return _shown(idx, result, action,
                  f"{result.query!r} says {', '.join(sorted(asked))}, and find's best match, "
                  f"{element_line(node)}, says {', '.join(sorted(mine))}, so it may not be "
                  f"the one meant and nothing was done ({action}).")


#: A number as written in a name: digits, with their thousands and decimal marks.
_NUMBER = re.compile(r"\d+(?:[.,:]\d+)*")


def _table_row(idx: PageIndex, ref: str) -> int | None:
    """The position of the table or grid row the element ``ref`` is in, if any (a few
    levels up: a cell's field, not a nested table's)."""
    for p in idx.tree.ancestors(idx.pos(ref))[:_CLICK_DEPTH]:
        n = idx.nodes[p]
        if n.role == "row" or n.tag == "tr":
            return p
    return None


def sectioned(idx: PageIndex, result: FindResult, action: str) -> str | None:
    """The refusal to give when a fill's best field sits in another section than the
    one a word of the request names: "minimum number of bedrooms" over *Minimum price*
    (under *Price*) while the *Bedrooms* group holds a *Min* field of its kind (review
    53: it was filled). The word reached the best only through the panel around both
    sections, so :func:`unqualified` saw it carried."""
    if not result.ref or not result.matches or current_language() is not None:
        return None
    if result.intent not in _FILLS and action not in _FILLS:
        return None
    q = result.ranking.query
    skip = set(q.zone_terms) | RECORD_WORDS | _HOW | _FIELD_WORDS
    asked = [t for t in q.terms if t not in skip and t.isalnum() and not _doing(t)]
    node = idx.node(result.ref)
    mine = _section_words(idx, result.ref) | {_stem(w) for w in words(label(node))}
    si = SearchIndex.for_index(idx)
    k = si.by_ref.get(result.ref)
    if k is None:
        return None
    role = si.descriptors[k].role
    for t in asked:
        if _stem(t) in mine:
            continue
        for j in np.flatnonzero(si.holds_term(t)):
            d = si.descriptors[j]
            if j != k and d is not None and d.role == role and \
                    _stem(t) in _section_words(idx, d.ref):
                other = idx.node(d.ref)
                return _shown(idx, result, action,
                              f"{result.query!r}: find's best match, {element_line(node)}, "
                              f"is not in the section {t!r} names, where "
                              f"{element_line(other)} is, so nothing was done ({action}).",
                              "act on the field of that section by its ref")
    return None


def _held_by_kind(idx: PageIndex, si: Any, k: int | None, missing: list[str]) -> str:
    """A word of ``missing`` that a field of the best's kind holds among its name, row,
    section and heading words (the billing address's *Name*, for "billing phone"),
    said; else empty."""
    if k is None:
        return ""
    role = si.descriptors[k].role
    for t in missing:
        if t in STOPWORDS:
            continue
        for j in np.flatnonzero(si.holds_term(t)):
            d = si.descriptors[j]
            if j != k and d is not None and d.role == role and _stem(t) in _words(idx, d.ref):
                return f"not where {t!r} is said"
    return ""


def _uncarried(idx: PageIndex, ref: str, asked: list[str]) -> list[str]:
    """The words of ``asked`` the element ``ref`` carries nowhere: not among its words
    (name, row, regions, heading) nor in its fields as find's matcher reads them."""
    mine = _words(idx, ref)
    carries = _carried(idx, ref)
    return [t for t in asked if not carries(t, mine)]


def _lacking(idx: PageIndex, ref: str, asked: list[str], least: float) -> str:
    """The words of ``asked`` the element ``ref`` does not carry, quoted, when it carries
    no more than the share ``least`` of them; empty when it carries more (or nothing
    was asked)."""
    missing = _uncarried(idx, ref, asked)
    if asked and len(asked) - len(missing) <= least * len(asked):
        return ", ".join(repr(t) for t in missing)
    return ""


#: Words that say the opposite of each other in a control's name: "turn on Wi-Fi" is no
#: click on *Turn off Wi-Fi*, "zoom in" none on *Zoom out* (review 44). Each pair both
#: ways; the particles only where they say what a verb does (see :func:`_particles`).
_OPPOSITE_PAIRS = (
    ("on", "off"), ("in", "out"), ("up", "down"), ("increase", "decrease"),
    ("raise", "lower"), ("higher", "lower"), ("more", "less"), ("larger", "smaller"),
    ("bigger", "smaller"), ("newest", "oldest"), ("latest", "earliest"),
    ("ascending", "descending"), ("asc", "desc"), ("enter", "exit"), ("show", "hide"),
    ("enable", "disable"), ("open", "close"), ("expand", "collapse"),
    ("next", "previous"), ("first", "last"), ("min", "max"), ("minimum", "maximum"),
    ("lock", "unlock"), ("mute", "unmute"), ("follow", "unfollow"),
    ("subscribe", "unsubscribe"), ("pin", "unpin"), ("star", "unstar"),
    ("archive", "unarchive"), ("block", "unblock"), ("include", "exclude"),
    ("allow", "deny"), ("accept", "decline"), ("accept", "reject"), ("approve", "reject"),
    ("start", "stop"), ("play", "pause"), ("connect", "disconnect"), ("login", "logout"),
    ("before", "after"), ("yes", "no"), ("light", "dark"), ("add", "remove"),
    ("select", "deselect"), ("check", "uncheck"), ("buy", "sell"), ("import", "export"),
    ("upload", "download"), ("undo", "redo"), ("forward", "back"))
_OPPOSITES: dict[str, set[str]] = {}
for _a, _b in _OPPOSITE_PAIRS:
    _OPPOSITES.setdefault(_a, set()).add(_b)
    _OPPOSITES.setdefault(_b, set()).add(_a)
_PARTICLES = frozenset({"on", "off", "in", "out", "up", "down"})


@in_page_language
def opposed(idx: PageIndex, result: FindResult, action: str) -> str | None:
    """The refusal to give when the best's name says the opposite of a word of the
    request and not that word ("turn on Wi-Fi" over *Turn off Wi-Fi*, "sort by newest"
    over *Sort by oldest*), else None: find matched the rest of it."""
    if not result.ref or not result.matches or current_language() is not None:
        return None
    node = idx.node(result.ref)
    name = label(node)
    theirs = set(_particles(name, named=True)) | _plain_words(name)
    said = set(_particles(result.query)) | _plain_words(result.query)
    if said & _ALL:
        said |= _ALL  # "mark everything as read" says *Mark all as read*'s all
    flipped = _orders(result.query) & {(b, a) for a, b in _orders(name)}
    if flipped:  # "sort last to first" over *first to last*: the same words, turned round
        a, b = sorted(flipped)[0]
        return (f"{result.query!r} says {a!r} to {b!r}, and find's best match, "
                f"{element_line(node)}, says {b!r} to {a!r}, so it may do the opposite and "
                f"nothing was done ({action}). Find the control that says it in that order "
                f"(find, grep), or act on an element by its ref ({action} <ref>).")
    for word in sorted(said):
        if word in _TYPED and result.intent in _FILLS:
            continue  # "enter the reason" types; it is no *Exit*
        for other in sorted(_OPPOSITES.get(word, set()) | _unword(word)):
            if other == unprefixed(word) and _switched_on(node):
                continue  # "unfavourite" over a pressed *Favourite*: a click turns it off
            if other in theirs and word not in theirs and other not in said:
                return (f"{result.query!r} says {word!r}, and find's best match, "
                        f"{element_line(node)}, says {other!r}, so it may do "
                        f"the opposite and nothing was done ({action}). Find the control that "
                        f"says {word!r} (find, grep), or act on an element by its ref "
                        f"({action} <ref>).")
    negated = _NEGATED.search(fold(name))
    if negated and node.role in _CHECKABLE and not _NEGATED.search(fold(result.query)):
        return (f"{result.query!r} does not say {negated.group(0)!r}, and find's best "
                f"match, {element_line(node)}, does: ticking it may do the opposite of what "
                f"was asked, so nothing was done ({action}). Act on it by its ref "
                f"({action} <ref>) if it is meant.")
    return _underreach(idx, node, result, action, said) or \
        _overreach(node, result, action, said) or _other_object(node, result, action)


#: What makes a setting say the opposite of its subject: a box *Don't load images*,
#: *Pause notifications*, *Opt out of analytics* is ticked to turn the thing off
#: ("turn on notifications" ticked *Pause notifications*; review 46).
_NEGATED = re.compile(r"\b(?:don'?t|do not|never|pause|opt[- ]out|disable|without)\b")


def _switched_on(node: Any) -> bool:
    """Whether ``node`` is a toggle that says it is on (a pressed button, a ticked box or
    switch): a click on it turns it off, which is what an *un-* request asks."""
    return "pressed" in node.states or (node.role in _CHECKABLE and "checked" in node.states)


def _unword(word: str) -> set[str]:
    """The word with *un* put before or taken off (*read* / *unread*, *unapprove* /
    *approve*): the one says the other's opposite. Short or function words aside
    (*unit* is no *it*)."""
    if not word.isalpha() or word in STOPWORDS:
        return set()
    if word.startswith("un") and len(word) > 4 and word[2:] not in STOPWORDS:
        return {word[2:]}
    return {"un" + word} if len(word) >= 3 else set()


#: Words for a part of the page that opens and closes: what "close the dialog", "hide
#: the sidebar" act on.
_CONTAINERS = frozenset(str.split(
    "dialog modal popup pop-up menu panel pane sheet sidebar drawer overlay window tray "
    "popover lightbox banner tooltip toast dropdown submenu flyout"))


_MENU_ITEMS = frozenset({"menuitem", "menuitemcheckbox", "menuitemradio"})


def _other_object(node: Any, result: FindResult, action: str) -> str | None:
    """The refusal for a control that does the request's verb to another thing: the
    request closes or hides a part of the page ("close the dialog", "hide the sidebar"),
    and the best's name says the verb with an object of its own (*Close account*, *Hide
    sold items*; review 46)."""
    said = _unfilled([fold(w) for w in _TOKEN.findall(result.query)
                      if fold(w) not in STOPWORDS], ends=False)
    if len(said) < 2 or not set(said[1:]) & _CONTAINERS:
        return None
    named = [fold(w) for w in _TOKEN.findall(label(node)) if fold(w) not in STOPWORDS]
    verb = said[0]
    if not named or not (named[0] == verb or named[0] in SYNONYMS.get(verb, ())):
        return None
    stems = {_stem(w) for w in said}
    # *Close settings* in a *Settings* sidebar closes it, *Close account* in an *Account*
    # dialog closes the account: the words cannot tell, so neither is acted on
    own = [w for w in named[1:] if _stem(w) not in stems and w not in _CONTAINERS]
    if not own and node.role in _MENU_ITEMS:
        # "exit the menu" over a File menu's *Exit*: an item does what it names (quits),
        # it does not close its menu (review 46)
        return (f"{result.query!r} closes a part of the page, and find's best match, "
                f"{element_line(node)}, is an item in a menu: it does what it names, it does "
                f"not close the menu, so nothing was done ({action}). Press Escape, or "
                "click the button that opened the menu.")
    if not own:
        return None
    return (f"{result.query!r} acts on a part of the page, and find's best match, "
            f"{element_line(node)}, does it to {' '.join(own)!r}, so nothing was done "
            f"({action}). Act on the control you mean by its ref ({action} <ref>).")


def _all_of(node: Any) -> bool:
    """Whether an element's name says *all* (or every, everything …)."""
    return bool(set(_TOKEN.findall(fold(label(node)))) & _ALL)


def _underreach(idx: PageIndex, node: Any, result: FindResult, action: str,
                said: set[str]) -> str | None:
    """The refusal for a button whose name does less than the request asks: the request
    says *all* or *every*, the best's name does not, and a control among find's next best
    does ("clear every cell's output" over *Clear Cell Output* beside *Clear Outputs of
    All Cells*)."""
    if not said & _ALL or node.role not in _DOING or _all_of(node):
        return None
    for m in result.matches[1:UNSURE_SHOWN]:
        other = idx.node(m.ref)
        if other.role in _DOING and _all_of(other):
            return (f"{result.query!r} says all, and find's best match, {element_line(node)}, "
                    f"does not, while {element_line(other)} does, so it may do less than "
                    f"asked and nothing was done ({action}). Act on the one you mean by its "
                    f"ref ({action} <ref>).")
    return None


#: Roles of controls that do something when clicked (a box is ticked): those whose name
#: may say they do more than the request asks. A link's name may too, by a second
#: action (*Save and publish*); its *all* goes to a longer list (*View all*).
_DOING = frozenset({"button", "menuitem"})
_ALL = EVERY_WORDS | {"everyone", "everywhere"}
#: What a bulk action's name says it acts on (*Delete selected*, *Archive checked*).
_PICKED = frozenset({"selected", "checked", "ticked", "selection", "chosen", "marked"})
#: What joins a second action to a control's first: *Save and publish*, *Save & close*,
#: *Save, then publish* (the name's first word must be a verb: *Terms and Conditions*).
_SECOND = re.compile(r"\s(?:and|&|\+)\s|,\s*then\s")


def _overreach(node: Any, result: FindResult, action: str, said: set[str]) -> str | None:
    """The refusal for a button whose name does more than the request asks: it acts on
    *all* ("sell some" over *Sell all*, "accept only necessary cookies" over *Accept all
    cookies*, "log out" over *Log out of all devices*), or a button or link whose name,
    opening with a verb, does a second thing after *and*, *&*, *+* or *, then* ("save the
    draft" over *Save and publish*, "approve" over *Approve and merge*) that the request
    does not say (reviews 44 and 45)."""
    if node.role not in _DOING and node.role != "link":
        return None
    name = fold(label(node))
    named = _TOKEN.findall(name)
    # a link to *all* of something goes to a longer list ("View all"): no more done
    more = [w for w in named if w in _ALL and not said & _ALL and node.role != "link"]
    # a bulk action acts on whatever is ticked, not on the record the request names
    # ("download the beach sunset photo" over *Download selected*; review 62); a link
    # leads to what is chosen (Django's *Change selected author* beside its drop-down)
    more += [w for w in named if w in _PICKED and not said & _PICKED and
             node.role != "link"][:1]
    second = _SECOND.split(name, maxsplit=1)
    verb = [w for w in _TOKEN.findall(fold(result.query)) if w not in _FILLER][:1]
    if len(second) == 2 and named and (named[0] in ACTION_VERBS or named[:1] == verb):
        after = [w for w in _TOKEN.findall(second[1]) if w not in STOPWORDS]
        stems = {_stem(x) for x in said}
        if after and not any(_known(w, stems) for w in after):
            more += after[:1]
    if not more:
        return None
    what = "act on whatever is ticked" if more[-1] in _PICKED else "do more than asked"
    return (f"{result.query!r}: find's best match, {element_line(node)}, says "
            f"{', '.join(repr(w) for w in more)}, which the request does not, so it may "
            f"{what} and nothing was done ({action}). Say it if it is meant, or act "
            f"on an element by its ref ({action} <ref>).")


#: Verbs whose particle says what they do ("turn on", "log out", "opt in"), and words a
#: request opens or ends with that say nothing of it ("please turn on Wi-Fi for me").
_PHRASAL = frozenset({"turn", "switch", "log", "sign", "zoom", "clock", "check", "opt",
                      "power", "shut", "lock", "scroll", "back", "roll", "dial", "tune"})
_FILLER = frozenset({"please", "now", "can", "could", "would", "you", "kindly", "just",
                     "for", "me", "thanks", "then"})
_TYPED = frozenset({"enter"})


def _unfilled(found: list[str], ends: bool) -> list[str]:
    """A request's words without the fillers it opens with (and, with ``ends``, those it
    ends with): "please turn on Wi-Fi for me" is "turn on Wi-Fi"."""
    a, b = 0, len(found)
    while a < b and found[a] in _FILLER:
        a += 1
    while ends and b > a and found[b - 1] in _FILLER:
        b -= 1
    return found[a:b]


#: Request verbs that ask for a toggle's state: on (ticked, pressed) or off, open
#: (expanded) or closed; "turn … on/off" says it by its particle.
_TO_ON = frozenset({"enable", "activate", "check", "tick"})
_TO_OFF = frozenset({"disable", "deactivate", "uncheck", "untick", "deselect", "unselect"})
_TO_OPEN = frozenset({"expand", "open", "show", "unfold"})
_TO_CLOSE = frozenset({"collapse", "close", "hide", "fold"})
_CHECKABLE = frozenset({"checkbox", "switch", "menuitemcheckbox"})


@in_page_language
def settled(idx: PageIndex, result: FindResult, action: str) -> str | None:
    """The refusal to give when a click would undo what the request asks for: the best
    is a toggle already in the state asked (else None).

    "turn on email notifications" over a switch that is on, "expand shipping details"
    over a section that is open, "mute my microphone" over a pressed *Mute* (review 46):
    the element is the right one, and a click turns it off, closes it, unmutes. Nothing
    to do is said, not done. English requests only, as :func:`opposed`.
    """
    if action != "click" or not result.ref or current_language() is not None:
        return None
    node = idx.node(result.ref)
    said = _unfilled([fold(w) for w in _TOKEN.findall(result.query)], ends=False)
    if said and said[0] in _TICKS and node.role not in TOGGLE_ROLES:
        # "uncheck Anna" over her seat's tab *Anna*, her *Check in* box beside (review 64)
        return (f"{result.query!r} asks to {said[0]} a box, and find's best match, "
                f"{element_line(node)}, is no box, so nothing was done ({action}). Find "
                f"the box by its own words, or act on it by its ref ({action} <ref>).")
    wanted = _wanted(result.query, label(node)) or _named_on(result.query, node)
    if wanted is None:
        return None
    what, on = wanted
    states = node.states
    if what == "on" and node.role in _CHECKABLE:
        now: bool | None = "checked" in states
    elif what == "on" and "pressed" in states:
        now = True  # a toggle button says so only when it is pressed
    elif what == "open" and states & {"expanded", "collapsed"}:
        now = "expanded" in states
    else:
        now = None
    if now is None or now != on:
        return None
    state = ("on" if on else "off") if what == "on" else ("open" if on else "closed")
    return (f"{result.query!r}: find's best match, {element_line(node)}, is {state} "
            f"already, and a click would turn it the other way, so nothing was done "
            f"({action}). Act on it by its ref ({action} <ref>) if a click is meant.")


#: Verbs a click on text cannot do: "open" and "show" may mean the text's link or row.
_NOT_BY_TEXT = ACTION_VERBS - {"open", "show", "select", "toggle", "expand", "collapse",
                                "sort", "filter", "play", "copy", "print"}


def inert(idx: PageIndex, result: FindResult, action: str) -> str | None:
    """The refusal to give when a click's best is text, not a control, and the request
    asks for what only a control does ("publish the post" over a paragraph *Status:
    Published*, "accept Ann's invitation" over the list item that says *Accepted*;
    review 46): the click would land and be reported done, and nothing would happen."""
    if action != "click" or not result.ref or not result.matches:
        return None
    q = result.ranking.query
    verb = q.terms[0] if q.terms else ""
    node = idx.node(result.ref)
    if roles.is_interactive(node) or _proxied(idx, result.ref):
        return None
    said = q.sequence[0] if q.sequence else ""
    if said and said != verb and (ctl := _verb_beside(idx, result.ref, said)) is not None:
        # "Open Item 2" over the text *Item 2*, whose row has an *Open* button: the
        # verb was read as the request's, and the click would land on the words
        return (f"{result.query!r} asks to {said}, and find's best match, "
                f"{element_line(node)}, is text; its row has a control that says so, "
                f"{element_line(ctl)}, so nothing was done ({action}). Act on that "
                f"control by its ref ({action} {ctl.ref}) if it is the one meant.")
    if said in _OPENING and not _clickable(idx, idx.pos(result.ref)) and \
            (ctl := _verb_near(idx, idx.pos(result.ref), said)) is not None:
        # "open the archived project" over a card's *Archived* badge, beside the card's
        # *Open* (review 53); text with no such control may open through a listener the
        # page put on the list (review 54), and is clicked
        return (f"{result.query!r} asks to {said}, and find's best match, "
                f"{element_line(node)}, is text that nothing makes clickable; beside it "
                f"is {element_line(ctl)}, so nothing was done ({action}). Act on that "
                f"control by its ref ({action} {ctl.ref}) if it is the one meant.")
    if verb not in _NOT_BY_TEXT and not (
            said == verb and said not in BY_ANY_CLICK and IMPERATIVE.match(q.text) and
            not _clickable(idx, idx.pos(result.ref))):
        # a verb the lists do not know, said as an order ("rotate the glacier photo"),
        # over text or a picture that nothing makes clickable (review 57): a click on it
        # does nothing, whatever the verb
        return None
    return (f"{result.query!r} asks to {verb}, and find's best match, {element_line(node)}, "
            f"is text, not a control, so a click would do nothing and nothing was done "
            f"({action}). The control may be missing here (the thing may be done already) "
            f"or named otherwise: find it, or act on an element by its ref ({action} <ref>).")


#: Verbs a click on text can do only when the page makes the text clickable (a row or
#: card that opens, a pointer cursor).
_OPENING = frozenset({"open", "view"})
#: How far up a text's ancestors a clickable row or card may be.
_CLICK_DEPTH = 6


def _clickable(idx: PageIndex, pos: int) -> bool:
    """Whether the text at ``pos`` or a near ancestor is clickable (a control, or a box
    the page gives a pointer cursor or a click listener)."""
    for p in [pos, *idx.tree.ancestors(pos)[:_CLICK_DEPTH]]:
        n = idx.nodes[p]
        if "clickable" in n.states or roles.is_interactive(n):
            return True
    return False


def _verb_near(idx: PageIndex, pos: int, verb: str) -> Any:
    """A shown control whose name starts with ``verb`` in the nearest box around ``pos``
    that holds one (up to :data:`_CLICK_DEPTH` levels up), else None."""
    for p in idx.tree.ancestors(pos)[:_CLICK_DEPTH]:
        if (n := _saying(idx, p, pos, verb)) is not None:
            return n
    return None


def _verb_beside(idx: PageIndex, ref: str, verb: str) -> Any:
    """A shown control of the record ``ref`` sits in whose name is ``verb`` or starts
    with it (*Open*, *Open file*), else None."""
    pos = idx.pos(ref)
    item = record_item(idx, pos)
    return None if item is None else _saying(idx, item, pos, verb)


def _saying(idx: PageIndex, top: int, skip: int, verb: str) -> Any:
    """The first shown control in the subtree at ``top`` (but ``skip``) whose name's
    first word is ``verb``, else None."""
    for p in range(top, idx.tree.end[top]):
        n = idx.nodes[p]
        if p != skip and n.visible and roles.is_interactive(n) and \
                (fold(label(n)).split() or [""])[0] == verb:
            return n
    return None


def _named_on(query: str, node: Any) -> tuple[str, bool] | None:
    """("on", True) when a request asks for a switch or box by its own words with a verb
    that neither flips it nor says off: "go paperless" over *Paperless billing* (review
    64: the switch was on, and the click turned it off). A flip ("toggle …", "click …"),
    an off word ("stop", "hide", an *un-* word), an act a control does ("duplicate
    new-checkout", "confirm archiving …": :mod:`.verbfit` judges those) or the name alone
    ("paperless billing", "remember me") asks for no state; None then, and for any other
    element."""
    if node.role not in _CHECKABLE and "pressed" not in node.states:
        return None
    said = [fold(w) for w in _TOKEN.findall(query)]
    found = _unfilled(said, ends=False)
    if not found:
        return None
    verb = found[0]
    name = {_stem(w) for w in words(label(node)) if w not in STOPWORDS}
    if verb in _FLIPS or verb in _OFF_WORDS or unprefixed(verb) or _stem(verb) in name:
        return None  # "paperless billing" alone names it; what a click does is not said
    if set(said) & (_OFF_WORDS | _PARTICLES) or _NEGATED.search(fold(query)):
        return None
    if any(_an_act(w) and _stem(w) not in name for w in said):
        return None  # "duplicate new-checkout", "confirm archiving …": an act, not a state
    if not name & {_stem(w) for w in said}:
        return None
    return "on", True


def _an_act(word: str) -> bool:
    """Whether ``word`` is a verb of :data:`ACTION_VERBS` or a form of one ("archiving",
    "duplicated", "deletes")."""
    forms = {word}
    for end in ("ing", "ed", "es", "s"):
        if word.endswith(end) and len(word) > len(end) + 2:
            root = word[: -len(end)]
            forms |= {root, root + "e", root[:-1] if root[-1:] == root[-2:-1] else root}
    return bool(forms & ACTION_VERBS)


#: Verbs that only a box (or a switch, a radio: :data:`TOGGLE_ROLES`) answers.
_TICKS = frozenset({"tick", "untick", "uncheck"})
#: Verbs that flip a toggle, or click it whatever it does.
_FLIPS = frozenset(str.split("click press tap hit toggle switch flip change set select "
                             "choose pick check tick"))
#: Words that ask for a toggle off.
_OFF_WORDS = frozenset(str.split(
    "off stop disable deactivate hide block mute pause cancel remove exclude unsubscribe "
    "no not never without leave quit disallow deny reject decline uncheck untick clear "
    "drop end opt"))


def _wanted(query: str, name: str) -> tuple[str, bool] | None:
    """The state a request asks of a toggle: ("on", True) for "turn on Wi-Fi" or "mute"
    over a *Mute* button, ("open", False) for "collapse …"; None when it asks none."""
    found = _unfilled([fold(w) for w in _TOKEN.findall(query)], ends=False)
    if not found:
        return None
    verb, particles = found[0], set(_particles(query))
    named = [fold(w) for w in _TOKEN.findall(name)][:1]
    if "on" in particles or verb in _TO_ON or (named == [verb] and verb in ACTION_VERBS):
        return "on", True
    base = unprefixed(verb)
    if "off" in particles or verb in _TO_OFF or (
            base is not None and named and stem(named[0]) == stem(base)):
        return "on", False  # "unstar" over *Star*: the toggle is wanted off
    if verb in _TO_OPEN:
        return "open", True
    if verb in _TO_CLOSE:
        return "open", False
    return None


_ORDER = re.compile(r"(\w+)\s+to\s+(\w+)")


def _orders(text: str) -> set[tuple[str, str]]:
    """The "A to B" of a text whose ends differ ("high to low", "A to Z")."""
    return {(a, b) for a, b in _ORDER.findall(fold(text)) if a != b}


def _plain_words(text: str) -> set[str]:
    return {w for w in (fold(t) for t in _TOKEN.findall(text)) if w not in _PARTICLES}


def _particles(text: str, named: bool = False) -> list[str]:
    """The particles of a text that say what its verb does: after a verb whose particle
    says it ("turn on Wi-Fi", "can you turn the Wi-Fi on"), and in a request also after
    its first word or as its last ("zoom in", "turn location on"), fillers aside; not a
    place ("the button in the header", a control *Participate in usage tracking*)."""
    found = [fold(w) for w in _TOKEN.findall(text)]
    out = [w for n, w in enumerate(found) if w in _PARTICLES and n and (
        found[n - 1] in _PHRASAL or (n > 1 and found[n - 2] in _PHRASAL
                                     and found[n - 1] in ("me", "it", "them")))]
    if named:
        return [*out, found[-1]] if len(found) > 1 and found[-1] in _PARTICLES else out
    found = _unfilled(found, ends=True)
    return out + [w for n, w in enumerate(found) if w in _PARTICLES
                  and (n == 1 or (n > 1 and n == len(found) - 1))]


@in_page_language
def nowhere(idx: PageIndex, result: FindResult, action: str) -> str | None:
    """The refusal to give when the request names something no element of the page
    holds (find's ``absent``: "delete the post by Casie" where no one is Casie), else
    None. What matched the rest of the request is someone else's: never acted on."""
    if not result.ref or not result.absent:
        return None
    best = result.matches[0]
    row = row_text(idx, best.ref)
    where = in_row(row) if row else f" in {best.region or 'page'}"
    names = " or ".join(repr(n) for n in result.absent)
    return (f"{result.query!r}: nothing on this page says {names}. The best match, "
            f"{element_line(idx.node(best.ref))}{where}, matches only the rest of the "
            f"request, so it is not the one meant and nothing was done ({action}). It may "
            "be on another page of the list, further down, or behind the page's search or "
            f"filter: find it there, or act on an element by its ref ({action} <ref>).")


def _known(term: str, stems: set[str]) -> bool:
    """Whether ``term``, a synonym of it or its plural's stem, is among ``stems``."""
    return _stem(term) in stems or any(_stem(s) in stems for s in SYNONYMS.get(term, ()))


def _carried(idx: PageIndex, ref: str) -> Any:
    """``carries(term, mine)``: whether the element ``ref`` carries ``term`` — among its
    words (``mine``) or as find's matcher reads its fields (stems, synonyms)."""
    si = SearchIndex.for_index(idx)
    k = si.by_ref.get(ref)

    def carries(term: str, mine: set[str]) -> bool:
        if _known(term, mine):
            return True
        if any(c.isdigit() for c in term):  # a number is held whole: 452 is not in 4521
            return k is not None and bool(si.holds_term(term)[k])
        return k is not None and float(si.match_term(term)[k]) > 0

    return carries


def refusal(idx: PageIndex, result: FindResult, others: list[Match], action: str) -> str:
    """What the action says instead of guessing: the candidates and how to pick one."""
    best = result.matches[0]
    shown = [best, *others]
    lines = [f"{result.query!r} fits {len(shown)} elements that its words do not tell "
             f"apart, so nothing was done ({action}). Candidates:"]
    lines += [_candidate(idx, m) for m in shown]
    lines.append(f"Act on the one you mean by its ref ({action} <ref>), or say which in the "
                 "request: a word of its name, row or section, or its place (\"the second "
                 "…\").")
    return "\n".join(lines)


def _proxied(idx: PageIndex, ref: str) -> Any:
    """The descriptor of a label that stands in for a hidden toggle (find answers it as
    the toggle, by the toggle's name), else None."""
    si = SearchIndex.for_index(idx)
    k = si.by_ref.get(ref)
    d = si.descriptors[k] if k is not None else None
    return d if d is not None and d.proxy else None


def _candidate(idx: PageIndex, m: Match) -> str:
    """One line of a refusal's candidates: the element, its row, its region, its score."""
    score = f"{m.score:.2f}" if m.score > 0 else "ranked lower"
    return (f"  {element_line(idx.node(m.ref))}{in_row(row_text(idx, m.ref))} in "
            f"{m.region or 'page'} ({score})")


def _kind(idx: PageIndex, ref: str) -> tuple[str, str]:
    d = _proxied(idx, ref)
    if d is not None:  # a styled toggle and a plain box of one name are look-alikes
        return d.role, " ".join(d.fields.get("name", "").casefold().split())
    node = idx.node(ref)  # "Like · 12" is a Like as the uncounted one is (review 59)
    return node.role, " ".join(uncounted(label(node)).casefold().split())


def _words(idx: PageIndex, ref: str) -> set[str]:
    """The words a request may use to point at the element: its name, its row's, its
    regions' and its heading's."""
    node = idx.node(ref)
    text: list[Any] = [label(node)]
    d = _proxied(idx, ref)
    if d is not None:
        text.append(d.fields.get("name", ""))
    text += [f"{r.landmark} {r.name}" for r in idx.region_path(ref)]
    text += _containers(idx, ref)
    heading = idx.heading_of(ref)
    if heading is not None:
        text.append(label(heading))
    out = {_stem(w) for t in text for w in words(str(t))}
    ident = identify(idx, idx.pos(ref))
    # a line item named by its fields' values (an invoice's *Hosting* in its Description
    # box): the words of its values that no look-alike's row shares say which it is
    out.update(_stem(w) for w in (*ident.words, *ident.value_key))
    return out


#: Containers whose name says what the records in them are (a tab's panel *Episodes*, a
#: list labelled *Ingredients*, a dialog, a group) though no region is made of them.
_NAMED_CONTAINERS = frozenset({"tabpanel", "list", "table", "grid", "treegrid", "group",
                               "dialog", "alertdialog", "listbox", "tree", "feed"})
#: How far up an element's ancestors such a container may be.
_CONTAINER_DEPTH = 8


def _containers(idx: PageIndex, ref: str) -> list[str]:
    """The names of the containers around an element (:data:`_NAMED_CONTAINERS`): "share
    episode 42" over an item *Ep. 42: …* in the *Episodes* tab's panel names its record
    by both (review 56)."""
    nodes = idx.nodes
    return [nodes[p].name for p in idx.tree.ancestors(idx.pos(ref))[:_CONTAINER_DEPTH]
            if nodes[p].name and nodes[p].role in _NAMED_CONTAINERS]


def _stem(word: str) -> str:
    """"rows" and "row", "changes" and "change": a plural is the same word here."""
    w = word.casefold()
    return w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w


def doubt(idx: PageIndex, result: FindResult, action: str) -> tuple[str, int] | None:
    """The first refusal the checks give for find's answer, and how many of find's best
    it shows; None when none refuses (the rivals are asked apart, :func:`rivals`).

    In order: the record the request names is not the best's, or the best is the one it
    excludes (the refusal shows the best); then the best is doubtful (find's best few).
    The session's action by query and ``bench/find_corpus.py`` both ask this, so the
    bench counts what the session does."""
    for checks, shown in ((_NOT_IT, 1), (_DOUBTFUL, UNSURE_SHOWN)):
        for check in checks:
            why = check(idx, result, action)
            if why:
                return why, shown
    return None


#: The checks :func:`doubt` makes, in order: the record or element is not the one meant
#: ("an ordinal two listings count differently" is :func:`counted`) …
_NOT_IT = (walled, excluded, unmet, elsewhere, misnamed, unwritten, shared, counted, recounted,
           mentioned)
#: … then a ``medium`` best the request hardly names, a field qualified otherwise than
#: the request says, one that says the opposite or does more or less, a toggle already as
#: asked, text for a control's job.
_DOUBTFUL = (unsure, unqualified, sectioned, rowmates, renumbered, opposed, settled, inert, undone,
             untoggled, miscast, unroled, overreach, carded)
