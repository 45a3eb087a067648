"""Re-finding an element after a re-render: a confidence gate, never a guess.

Given the :class:`~domdex.session.intents.Fingerprint` of the element a stale ref
pointed at and a fresh capture, every element of the same role is scored:

- its **name** must be the same (case and spacing aside); a name that differs only
  in numbers ("Cart (3)" → "Cart (4)") counts for less. A different name is a
  different element: "Done Buy milk" is never recovered as "Undo Buy milk", because
  clicking it would do the opposite of what the agent asked. An element with **no
  name** is recovered only when its role says what it is (a row's checkbox, a field):
  an unnamed icon or button says nothing the capture can compare, and the re-render
  may have turned *archive* into *unarchive* under the same class.
- its **context** — region, heading, neighbouring controls, stable attributes (id,
  name, href …), xpath, value — must agree, weighted by what the descriptor knows.
- when the ref came from find, the query is run again and a top answer that agrees
  adds a little.
- where it has **look-alikes** (several elements with its role and name, then or
  now), its row must match: the candidate's item (row, list item, card) must carry the
  old item's key words — the words that told it apart from its look-alikes
  (:mod:`domdex.index.identity`) — and lead every other candidate on them. With no
  such words (identical rows), look-alikes are refused, never picked by position.

The best candidate is used only when it clears :data:`GATE` and leads the runner-up by
:data:`MARGIN`; otherwise the caller fails with the candidates. Pure: no browser.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from ..index import roles
from ..index.identity import (
    COUNTED,
    ID_WORD,
    block_text,
    candidate_fields,
    candidate_item,
    counts_in,
    coverage,
    identify,
    look_alikes,
    words,
)
from ..render.elements import element_line, label
from .intents import Fingerprint, Intent, describe

if TYPE_CHECKING:
    from ..index import PageIndex
    from ..snapshot import Node

__all__ = ["GATE", "KEY_GATE", "MARGIN", "Recovery", "recover", "score", "still_same"]

#: Minimum score for acting on a re-matched element.
GATE = 0.8
#: Minimum lead over the runner-up: two equally good matches are a guess.
MARGIN = 0.1
#: Share of the old row's key words a candidate's row must carry (look-alikes only).
KEY_GATE = 0.75
#: ... and its lead over the next candidate's row on that share.
KEY_MARGIN = 0.25
#: A ref that is still alive is acted on while its row keeps this share of the key.
LIVE_KEY_GATE = 0.5
#: ... or, for a row with no key of its own, this share of all its words.
SAME_ROW = 0.8
_NAME_WEIGHT = 0.6
#: Roles that say what an unnamed element is (its state may change, its meaning not).
_KNOWN_BY_ROLE = frozenset({"checkbox", "radio", "switch", "textbox", "searchbox",
                            "combobox", "spinbutton", "slider", "listbox"})
#: A count in a heading: a number of one or two digits in brackets ("Cart (2)"). Three
#: digits or more is an id ("Order (1017)"), as in :data:`~..index.identity.ID_WORD`:
#: read as a count, "Approve request (1017)" would be acted on as "… (1018)", another
#: request.
_BRACKETED = re.compile(r"[(\[]\s*\d{1,2}\s*[)\]]")
#: A count in a name: that, or a bare one or two digits not after "#" nor part of an
#: id ("A-12", "sku12"), a time or a date ("9:30", "5/12"). "Inbox 3" may be a count;
#: "Table 5" beside *Table 6* and *Table 7* is not (:func:`_numbered_apart`).
_COUNT = re.compile(_BRACKETED.pattern +
                    r"|(?<![#\d\w:/.,$€£])(?<!\w-)\d{1,2}(?![\d\w]|[:/.,]\d)")


@dataclass(slots=True)
class Recovery:
    """``recovered`` with ``new_ref`` and ``score``, or the ``candidates`` that fell short."""

    old_ref: str
    recovered: bool
    new_ref: str | None = None
    score: float = 0.0
    reason: str = ""
    candidates: list[tuple[str, float, str]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"recovered": self.recovered, "old_ref": self.old_ref, "new_ref": self.new_ref,
                "score": round(self.score, 3), "reason": self.reason,
                "candidates": [{"ref": r, "score": round(s, 3), "element": line}
                               for r, s, line in self.candidates]}


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


def name_score(old: str, new: str) -> float:
    """1 for the same name, 0.75 when only a count differs ("Cart (3)" → "Cart (4)"),
    else 0 (a different element). A number that names something — three digits or
    more, or after "#" ("Approve request #1017") — is part of the name, not a count."""
    a, b = _norm(old), _norm(new)
    if a == b:
        return 1.0
    if _uncounted(a) == _uncounted(b):
        return 0.75
    return 0.0


def _uncounted(name: str) -> str:
    return _COUNT.sub("(#)", name)


def _numbered_apart(idx: PageIndex, role: str, old: str, new: str,
                    shapes: dict[str, set[str]] | None = None) -> bool:
    """Whether the number in which ``old`` and ``new`` differ names the element rather
    than counts something: it is no count by its place (:data:`~..index.identity.
    COUNTED`: "3 new messages", "Cart (3)" are), and elements of the role on the page
    carry names that differ only by such a number (*Table 5*, *Table 7*; the slots
    *9:30 AM*, *10:00 AM*; pager links *2*, *4*). A recycled node now showing another
    of them is another element (review 47). ``shapes``: :func:`_shapes` of the role,
    when the caller asks for several names."""
    a, b = _norm(old), _norm(new)
    if a == b or _strict(a) == _strict(b):
        return False
    shape = _uncounted(a)
    names = (shapes if shapes is not None else _shapes(idx, role)).get(shape, set())
    return bool(names - {a, b})


def _shapes(idx: PageIndex, role: str) -> dict[str, set[str]]:
    """The names of the role's visible elements, by their shape with counts as "#"."""
    out: dict[str, set[str]] = {}
    for n in idx.nodes:
        if n.visible and roles.display_role(n) == role:
            name = _norm(label(n))
            out.setdefault(_uncounted(name), set()).add(name)
    return out


def _strict(name: str) -> str:
    """``name`` with only what reads as a count by its place as "#"
    (:data:`~..index.identity.COUNTED`)."""
    return COUNTED.sub(lambda m: m.group(0).replace(m.group(1) or m.group(2), "#"), name)


def _overlap(a: tuple[str, ...], b: tuple[str, ...]) -> float:
    if not a and not b:
        return 1.0
    if not a or not b:
        return 0.0
    hits = sum(1 for x, y in zip(a, b, strict=False) if _norm(x) == _norm(y))
    return hits / max(len(a), len(b))


def context_score(old: Fingerprint, new: Fingerprint) -> float:
    """How well everything but the name agrees, weighted by what is known (0 … 1)."""
    parts: list[tuple[float, float]] = [
        (1.0, float(old.region == new.region)),
        (1.0, float(_norm(old.heading) == _norm(new.heading))),
        (1.5, (_overlap(old.before, new.before) + _overlap(old.after, new.after)) / 2),
        (0.75, float(old.xpath == new.xpath)),
        (0.5, float(old.value == new.value)),
    ]
    if old.attrs:
        new_attrs = dict(new.attrs)
        same = sum(1 for k, v in old.attrs if new_attrs.get(k) == v)
        parts.append((1.5, same / len(old.attrs)))
    total = sum(w for w, _ in parts)
    return sum(w * s for w, s in parts) / total


def _unknowable(desc: Fingerprint) -> bool:
    """No name, and a role that does not say what it is (an icon, an unnamed button)."""
    return not desc.name and desc.role.lower() not in _KNOWN_BY_ROLE


def score(old: Fingerprint, new: Fingerprint) -> float:
    """Overall match of a candidate; 0 when the role or the name differs, or when the
    element has no name and a role that does not say what it is."""
    if old.role != new.role or _unknowable(old):
        return 0.0
    ns = name_score(old.name, new.name)
    if ns == 0.0:
        return 0.0
    return _NAME_WEIGHT * ns + (1 - _NAME_WEIGHT) * context_score(old, new)


def _candidates(idx: PageIndex, desc: Fingerprint) -> list[Node]:
    return [n for n in idx.nodes if n.visible and roles.display_role(n) == desc.role
            and (roles.is_interactive(n) or not desc.name or label(n))]


def _query_top(idx: PageIndex, intent: Intent) -> str | None:
    """The ref find picks today for the query that found the element, if any."""
    if not intent.query:
        return None
    from ..search.api import find

    result = find(idx, intent.query, intent=intent.intent)
    return result.ref


def _row_line(idx: PageIndex, node: Node) -> str:
    """The candidate's line for the agent, with its row's text when it has look-alikes."""
    line = element_line(node)
    ident = identify(idx, idx.pos(node.ref))
    return f"{line} in {ident.item!r}" if ident.item else line


def item_coverage(idx: PageIndex, desc: Fingerprint, ref: str) -> float:
    """How much of the descriptor's row key the element's row in ``idx`` carries (0 when
    the row is another record's: :func:`_row_cover`)."""
    return _row_cover(idx, desc, idx.pos(ref))


def still_same(idx: PageIndex, intent: Intent, ref: str) -> bool:
    """Whether a ref that is still alive still shows the element and the item the
    agent saw.

    Apps update nodes in place: a virtualised list recycles a row's nodes for another
    row, a reading pane shows the next mail under the same *Delete*, an *Archive*
    button becomes *Unarchive*. A ref whose role or name changed, whose heading now
    reads otherwise, or whose row says another record is treated as stale (re-matched
    or refused) instead of being acted on. (A re-rendered lone element must also find
    the text around it again: :func:`recover`.)
    """
    desc = intent.descriptor
    node = idx.node(ref)
    if roles.display_role(node) != desc.role or name_score(desc.name, label(node)) == 0:
        return False
    if _numbered_apart(idx, desc.role, desc.name, label(node)):
        return False
    if not _same_heading(idx, desc, ref):
        return False
    ident = desc.identity
    pos = idx.pos(ref)
    if ident.key or ident.value_key:
        return _row_cover(idx, desc, pos, live=True) >= LIVE_KEY_GATE
    if not ident.words:
        return True
    if _lone(ident):  # the text around it
        return not _block_replaced(idx, ident, pos)
    text_words, _values, theirs = candidate_item(idx, pos, look_alikes(idx, pos))
    counts = ident.counts | theirs
    # no key (its row has a twin saying as much): the row must still read the same,
    # and not like that twin ("Alex Kim Jr" in the recycled nodes of "Alex Kim")
    return _share(ident.words, text_words) >= SAME_ROW and \
        not _took_place(ident, text_words, set(words(desc.name)), counts)


def _lone(ident: Any) -> bool:
    """An element with no look-alike and no row, known by the text around it."""
    return ident.twins == 1 and not ident.item and bool(ident.words)


def _block_replaced(idx: PageIndex, ident: Any, pos: int) -> bool:
    """Whether the text around the lone element at ``pos`` replaced the words the agent
    saw around it (:func:`_replaced`)."""
    text = block_text(idx, pos)
    return _replaced(ident.words, set(words(text)), ident.counts | counts_in(text))


def _replaced(old: tuple[str, ...], now: set[str], counts: frozenset[str]) -> bool:
    """Whether words around a lone element were replaced by others (a pane's subject,
    the name beside a result's *Remove*, a wizard step's title): the element now acts
    on something else. Words only added or only gone (a validation message) are not;
    nor are counts (``counts``), list items or live messages (:func:`block_words`
    leaves them out)."""
    before = set(old)
    return any(_content(w, counts) for w in now - before) and \
        any(_content(w, counts) for w in before - now)


def _share(old: tuple[str, ...], now: set[str]) -> float:
    return sum(1 for w in old if w in now) / len(old) if old else 1.0


def _same_heading(idx: PageIndex, desc: Fingerprint, ref: str) -> bool:
    """Whether the element still sits under the heading it sat under (a count in it
    may change): a pane or a route that now shows another record's title is another
    record, whatever the button in it is called. Only a count in brackets may change
    ("Cart (2)"): "Ticket 12" and "Ticket 13" are two records."""
    if not desc.heading:
        return True
    heading = idx.heading_of(ref)
    if heading is None:
        return False
    a, b = _norm(desc.heading), _norm(label(heading))
    return a == b or _BRACKETED.sub("(#)", a) == _BRACKETED.sub("(#)", b)


def _row_cover(idx: PageIndex, desc: Fingerprint, pos: int, live: bool = False) -> float:
    """How much of the agent's row key the element's row carries; 0 when the row is
    another record's: an id or number that told the agent's row apart is missing, or
    the row now reads like a neighbour's ("Your ACME invoice for March" now reads
    "… for April": the March row is gone and its neighbour took its place).

    A word only added (a "New" badge) or only dropped is the same row changing; one
    replaced in the row's own nodes (``live``: a status "Pending" → "Approved", "just
    now" → "1 min ago") too, unless the row now reads like another row the agent saw
    (:func:`_took_place`). A re-rendered row with a word replaced is refused: it may be
    a record the agent never saw ("… for May" where "… for March" was).
    """
    ident = desc.identity
    twins = look_alikes(idx, pos)
    text_w, value_w, theirs = candidate_item(idx, pos, twins)
    cov = coverage(ident, ident, (text_w, value_w))
    if any(ID_WORD.fullmatch(w) and w not in text_w for w in ident.key) or \
            any(ID_WORD.fullmatch(w) and w not in value_w for w in ident.value_key):
        return 0.0
    counts = ident.counts | theirs
    if _took_place(ident, text_w, set(words(desc.name)), counts):
        return 0.0
    if _renamed(ident, candidate_fields(idx, pos, twins), counts):
        return 0.0  # the words that named the record were replaced, or the name grew
    if not live and _replaced(ident.words, text_w, counts):
        return 0.0  # re-rendered with a word replaced: maybe a record never seen
    return cov


def _took_place(ident: Any, now: set[str], own: set[str], counts: frozenset[str]) -> bool:
    """Whether the row, which gained words (and maybe lost some), now reads at least as
    much like another look-alike's row the agent saw as like its own: that row moved
    into this one's place ("… invoice for April" where "… for March" was; "Alex Kim Jr"
    in "Alex Kim"'s recycled nodes). A row that only changed (a status, "just now" →
    "1 min ago") still reads most like itself. A row that reads like none of them
    (a new record) is judged by its key alone. ``own``: the element's own name's words,
    which its row's words leave out."""
    old = set(ident.words)
    now = now - own
    if not old or not any(_content(w, counts) for w in now - old):
        return False
    mine = _jaccard(now, old)
    return any(_jaccard(now, set(o) - own) > mine for o in ident.others if o)


def _renamed(ident: Any, fields: list[list[str]], counts: frozenset[str]) -> bool:
    """Whether the row now names another record than the one the agent saw, though
    most of its words stayed (a recycled row "Alice Smith | Admin" now showing "Bob
    Smith | Admin", or "Mike Ross" re-rendered as "Mike Ross Jr"):

    - a word of its name (:attr:`Identity.name_key`: the key words of its first field
      in a row of cells, the whole key in a row of one field) is gone while the row
      gained another word: the name was replaced. A status replaced in a later cell
      ("Pending" → "Approved"), or a word every row shares, is not its name;
    - the field holding its name only gained words ("Mike Ross" → "Mike Ross Jr",
      "… (former)"), unless they read as a badge (:func:`_badge`)."""
    if not ident.name_key:
        return False
    now = [w for f in fields for w in f]
    now_set = set(now)
    gained = {w for w in now_set - set(ident.words) if _content(w, counts)}
    if gained and any(_content(w, counts) and w not in now_set for w in ident.name_key):
        return True
    if ident.fielded:  # the name's field now: the first holding a word of the name
        field = next((f for f in fields if any(w in ident.name_key for w in f)), [])
        lead, was = set(field), set(ident.lead)
        grew = {w for w in lead - was if _content(w, counts)}
        lost = {w for w in was - lead if _content(w, counts)}
    else:
        grew, lost = gained, {w for w in set(ident.words) - now_set if _content(w, counts)}
    return bool(grew) and not lost and not _badge(grew, now, ident)


def _badge(gained: set[str], now: list[str], ident: Any) -> bool:
    """Whether words a row gained read as a badge on the same record, not as more of
    its name: at most two words, each one the agent saw on another look-alike's row
    (a "New" or "Unread" other rows wore) or following a number, with the number ("3
    unread")."""
    if len(gained) > 2:
        return False
    counted = {b for a, b in pairwise(now) if a.isdigit()}
    counts = {a for a, b in pairwise(now) if a.isdigit() and b in counted & gained}
    return all(w in counted | counts or any(w in o for o in ident.others) for w in gained)


def _jaccard(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b) if a or b else 1.0


def _content(word: str, counts: frozenset[str]) -> bool:
    """A word that says what a row is: not a count or a rank of one or two digits that
    the row's text uses as one (``counts``: "3 guests", "(12)", a leading "1"; they
    move when others come and go). A small number after a word, in a time or a date
    ("Table 5", "#13", "9:30", "Mar 4") names the record: review 47 found recovery
    acting on *Table 7*'s recycled row for a ref to *Table 5*'s *Cancel*."""
    return not (word.isdigit() and len(word) <= 2 and word in counts)


def recover(idx: PageIndex, intent: Intent, old_ref: str) -> Recovery:
    """Re-match ``intent`` in the fresh capture ``idx``; act only on a clear winner.

    Where look-alikes exist (now or when the ref was handed out), a candidate must also
    carry the old row's key (:mod:`domdex.index.identity`), and lead every other
    candidate on it: a refusal is always better than a guess.
    """
    desc = intent.descriptor
    ident = desc.identity
    named: list[tuple[float, Node]] = []
    lone = _lone(ident)
    moved = 0  # candidates by name under another heading or text (another record's)
    shapes: dict[str, set[str]] | None = None
    for n in _candidates(idx, desc):
        s = score(desc, describe(idx, n.ref, identity=False))
        if s > 0 and _norm(label(n)) != _norm(desc.name):
            shapes = _shapes(idx, desc.role) if shapes is None else shapes
            if _numbered_apart(idx, desc.role, desc.name, label(n), shapes):
                s = 0.0  # another of a numbered run (Table 7 for Table 5)
        if s <= 0:
            continue
        if _same_heading(idx, desc, n.ref) and (
                not lone or not _block_replaced(idx, ident, idx.pos(n.ref))):
            named.append((s, n))
        else:
            moved += 1
    keyed = bool(ident.key or ident.value_key)
    twins = ident.twins > 1 or len(named) > 1
    scored: list[tuple[float, float, Node]] = []  # (score, key coverage, node)
    for s, n in named:
        cov = item_coverage(idx, desc, n.ref) if keyed else 1.0
        scored.append((s * (0.5 + 0.5 * cov) if keyed else s, cov, n))
    top = _query_top(idx, intent) if scored else None
    if top is not None:
        scored = [(min(1.0, s + 0.05) if n.ref == top else s, c, n) for s, c, n in scored]
    scored.sort(key=lambda t: (-t[1], -t[0]))
    cands = [(n.ref, s, _row_line(idx, n)) for s, _c, n in scored[:5]]
    if not scored and _unknowable(desc):
        return Recovery(old_ref, False, reason=f"it has no name, and an unnamed "
                        f"{desc.tag} cannot be told from another (an archive icon from an "
                        "unarchive one) once the page re-rendered; find it again",
                        candidates=cands)
    if not scored and moved:
        return Recovery(old_ref, False, reason=f"the {desc.role.lower()} {desc.name!r} "
                        "now sits under another heading or among other text than "
                        f"{(desc.heading or ' '.join(ident.words[:8]))!r}: the page shows "
                        "another record; look again", candidates=cands)
    if not scored:
        return Recovery(old_ref, False, reason=f"nothing named {desc.name!r} "
                        f"({desc.role.lower()}) is on the page any more", candidates=cands)
    best, cov, node = scored[0]
    if twins and not keyed:
        return Recovery(old_ref, False, score=best, candidates=cands,
                        reason=f"{max(ident.twins, len(scored))} elements look the same and "
                               "nothing in their rows tells them apart")
    if keyed and cov < KEY_GATE:
        return Recovery(old_ref, False, score=best, candidates=cands,
                        reason=f"no {desc.role.lower()} {desc.name!r} is in a row like "
                               f"{ident.item!r} any more (best row match {cov:.2f})")
    runner_cov = scored[1][1] if len(scored) > 1 else 0.0
    if keyed and cov - runner_cov < KEY_MARGIN:
        return Recovery(old_ref, False, score=best, candidates=cands,
                        reason=f"{sum(1 for _s, c, _n in scored if cov - c < KEY_MARGIN)} rows "
                               f"match {ident.item!r} equally well")
    runner = max((s for s, _c, n in scored[1:]), default=0.0)
    if best < GATE:
        return Recovery(old_ref, False, score=best, candidates=cands,
                        reason=f"the closest match scores {best:.2f}, below the {GATE} gate")
    if best - runner < MARGIN:
        return Recovery(old_ref, False, score=best, candidates=cands,
                        reason=f"{len([s for s, _c, _n in scored if best - s < MARGIN])} "
                               "elements match equally well")
    # the new row's own text, always: the agent must see what the action lands on,
    # not only that the old row's words were found in it
    now = identify(idx, idx.pos(node.ref)).item if keyed else ""
    return Recovery(old_ref, True, new_ref=node.ref, score=best, candidates=cands,
                    reason=f"its row {ident.item!r} matched, now {now!r} ({cov:.2f})"
                    if keyed else "")
