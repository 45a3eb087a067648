"""What tells an element apart from its look-alikes: its item and the item's key words.

Ten rows that each have a button named "Delete" are ten look-alikes: role and name
say nothing about which one the agent meant. What does is the row: *Alice*, *Bob*.
This module finds, for an element, its **item** — the largest ancestor that holds no
other look-alike (the row, the list item, the card) — and the item's **key**: the
words of its text and of its fields' values that are not shared by every look-alike
item (so "Delete", or a column's repeated "Active", do not count).

An element with no look-alike on the page still gets an item when it sits in a
repeating container (a row, a list item, an article): when the list re-renders with a
second "Delete", that key is what keeps the first one apart.

Stale-ref recovery (:mod:`domdex.session.recovery`) and the views that tell look-alike
rows apart (``expand``) requires a candidate's item to
carry the old key; so does the check that a ref which is still alive still shows the
same item (virtualised lists recycle nodes for other rows). Pure: no browser.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from . import roles
from .labels import PLAIN_LABELS, class_words, label

if TYPE_CHECKING:
    from collections.abc import Iterator

    from ..index import PageIndex
    from ..snapshot import Node

__all__ = ["COUNTED", "ID_WORD", "Identity", "block_text", "block_words", "candidate_fields",
           "candidate_item", "counts_in", "coverage", "identify",
           "item_fields", "item_words",
           "look_alike_groups", "look_alikes", "record_item", "records_beside", "row_text",
           "row_twins", "words"]

_WORD = re.compile(r"\w+")
#: A word that identifies a record: an id or a number of three digits or more, a word
#: mixing letters and digits (sku1021, a17). A different one is another record (stale-ref
#: recovery and the click guard both hold a row to its ids).
ID_WORD = re.compile(r"\d{3,}|(?=[^\W\d_]*\d)(?=\d*[^\W\d_])\w+")
#: A number of one or two digits read as a count or a rank, not as what names a record:
#: in brackets ("Comments (3)"), or opening a phrase ("3 guests", "12 comments", a rank
#: "1 Alice"). One after a word ("Table 5", "Room 12", "Issue #13"), in a time or a date
#: ("9:30", "March 5") or before AM/PM names the record: a recycled row showing
#: "Table 7" where "Table 5" was is another table (review 47).
COUNTED = re.compile(
    r"[(\[]\s*(\d{1,2})\s*[)\]]"
    r"|(?<![\w#$€£¥:/.,+-])(?<![^\W\d_]\s)(?<![^\W\d_]\s\s)(\d{1,2})"
    r"(?=\s+(?![ap]\.?m\b)[^\W\d_])", re.IGNORECASE)
_SMALL = re.compile(r"(?<!\d)\d{1,2}(?!\d)")


def counts_in(text: str) -> frozenset[str]:
    """The numbers of one or two digits that ``text`` uses only as counts or ranks
    (:data:`COUNTED`); any other small number in it names something."""
    at: dict[int, str] = {}
    for m in COUNTED.finditer(text):
        g = 1 if m.group(1) else 2
        at[m.start(g)] = m.group(g)
    if not at:
        return frozenset()
    named = {m.group(0) for m in _SMALL.finditer(text) if m.start() not in at}
    return frozenset(set(at.values()) - named)


#: Roles and tags of containers that repeat: a key is taken from them even for an
#: element with no look-alike on the page (yet).
_ITEM_ROLES = frozenset({"row", "listitem", "article", "option", "treeitem"})
_ITEM_TAGS = frozenset({"tr", "li", "article"})
#: Value words weigh this much against text words when an item has both: the agent's
#: own typing changes values, while the text that names a row does not.
VALUE_WEIGHT = 0.5
#: Largest item, in nodes, whose words are read (a look-alike alone in a huge subtree
#: has the page as its "item", which identifies nothing).
MAX_ITEM_NODES = 400
#: How far above a lone element its block may be (:func:`_block_of`).
BLOCK_LEVELS = 4
ITEM_TEXT_CHARS = 80
#: Largest record, in nodes, read for the names a request gives (:func:`read_record`):
#: a post with its replies and menus runs past :data:`MAX_ITEM_NODES`.
MAX_RECORD_NODES = 4000


def words(text: str) -> list[str]:
    """Casefolded, accent-folded words of any script (digits included: "order 1043")."""
    if text.isascii():  # NFKC and NFKD change no ASCII text, nor is any of it combining
        return _WORD.findall(text.lower())
    folded = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", text).casefold())
    return _WORD.findall("".join(c for c in folded if not unicodedata.combining(c)))


def _kind(n: Node) -> tuple[str, str]:
    # label() collapses whitespace already, and no character casefolds to whitespace or
    # to nothing, so the casefolded label needs no second split and join (a pass over
    # every node for the look-alike groups, on the first find's path)
    return roles.display_role(n), label(n).casefold()


def _shown_kind(n: Node) -> tuple[str, str]:
    """What a reader takes an element for: its role and name, and for an unnamed control
    what its class says (``span.reply``, ``span.like``): a post's three icons are not
    look-alikes of each other, each is of the other posts' same icon. Only views and find
    tell look-alikes apart by it (:func:`row_twins`): the click guard and stale-ref
    recovery keep :func:`_kind`, since a class word can be a state that moves between
    siblings (``pin pinned``), and an icon that lost its look-alikes would lose the row
    that the guard holds it to."""
    name = label(n)
    if not name and roles.is_interactive(n):
        words = class_words(n, box=False)
        return roles.display_role(n), "." + words if words else ""
    return roles.display_role(n), name.casefold()


def look_alikes(idx: PageIndex, pos: int) -> list[int]:
    """Positions of the visible elements with the node's role and name (itself included).

    The groups are built once per index (one pass) and kept in ``idx.cache``.
    """
    found = look_alike_groups(idx).get(_kind(idx.nodes[pos]))
    return found if pos in found else sorted([*found, pos])


def look_alike_groups(idx: PageIndex) -> LookAlikeGroups:
    """The visible elements by (role, name), made on first use and kept in ``idx.cache``
    (a pass over every node: 0.1 s at 16k elements, so a session makes it ahead, with
    find's matcher)."""
    groups: LookAlikeGroups | None = idx.cache.get("identity.groups")
    if groups is None:
        nodes = idx.nodes
        # the labels the matcher build worked out just before, when it did (a find's
        # first answer builds both)
        labels: list[str] | None = idx.cache.pop(PLAIN_LABELS, None)
        pos = np.flatnonzero(np.fromiter((n.visible for n in nodes), dtype=bool,
                                         count=len(nodes)))
        shown = pos.tolist()
        if labels is not None and len(labels) == len(nodes):
            display_role = roles.display_role
            hashes = np.fromiter(
                (hash((display_role(nodes[i]), labels[i].casefold())) for i in shown),
                dtype=np.int64, count=len(shown))
        else:
            hashes = np.fromiter((hash(_kind(nodes[i])) for i in shown), dtype=np.int64,
                                 count=len(shown))
        groups = idx.cache["identity.groups"] = LookAlikeGroups(idx, pos, hashes)
    return groups


class LookAlikeGroups:
    """The visible elements of each kind (:func:`_kind`), in document order.

    Kept as one hash and one position per element, sorted, not as a dict of lists: at
    128k elements, nearly all of them with a name of their own, the dict took 31 MB,
    these 2 MB, and its 128k lists and keys made the garbage collector walk the heap
    (0.5 s of the first find at 128k). A lookup takes the elements whose kind hashes
    alike and keeps those whose kind is the same (two kinds may share a hash), once per
    kind asked.
    """

    def __init__(self, idx: PageIndex, pos: np.ndarray, hashes: np.ndarray) -> None:
        """``pos``: the visible elements' positions; ``hashes``: the hash of each one's
        kind."""
        self._nodes = idx.nodes
        order = np.lexsort((pos, hashes))  # by hash, then in document order
        self._hashes = hashes[order]
        self._pos = pos[order]
        self._known: dict[tuple[str, str], list[int]] = {}

    def get(self, kind: tuple[str, str]) -> list[int]:
        """The visible elements of ``kind``, in document order ([] for none); the same
        list each time: do not change it."""
        found = self._known.get(kind)
        if found is None:
            h = hash(kind)
            lo, hi = int(np.searchsorted(self._hashes, h, side="left")), \
                int(np.searchsorted(self._hashes, h, side="right"))
            nodes = self._nodes
            found = [p for p in self._pos[lo:hi].tolist() if _kind(nodes[p]) == kind]
            self._known[kind] = found
        return found


def row_twins(idx: PageIndex, pos: int) -> list[int]:
    """The look-alikes :func:`row_text` tells an element apart from, by what a reader
    takes each for (:func:`_shown_kind`): among shown elements for a shown one; for one
    not shown, shown or not (the *Share* item of each post's closed menu is told apart by
    its post as the posts' shown buttons are). Views and find only."""
    node = idx.nodes[pos]
    key = _shown_kind(node)
    if node.visible and key == _kind(node):
        return look_alikes(idx, pos)  # named: the look-alike groups there are
    groups: dict[tuple[str, str, str], list[int]] | None = idx.cache.get(
        "identity.shown_groups")
    if groups is None:
        groups = {}
        for i, n in enumerate(idx.nodes):
            if not roles.is_interactive(n):
                continue  # only controls have rows (row_text)
            groups.setdefault((*_shown_kind(n), "" if n.visible else "hidden"), []).append(i)
        idx.cache["identity.shown_groups"] = groups
    found = groups.get((*key, ""), [])
    if not node.visible:
        found = sorted(found + groups.get((*key, "hidden"), []))
    return found if pos in found else sorted([*found, pos])


def _is_item(n: Node) -> bool:
    """A row, list item, article, option or tree item by its role or its tag."""
    return n.role in _ITEM_ROLES or n.tag in _ITEM_TAGS


def _item_of(idx: PageIndex, pos: int, twins: list[int], cap: int = MAX_ITEM_NODES
             ) -> int | None:
    """The largest ancestor holding no other look-alike; for a lone element, its nearest
    repeating container. None when there is none worth reading (more than ``cap``
    nodes). ``twins`` is sorted, as :func:`look_alikes` gives it."""
    tree = idx.tree
    best: int | None = None
    if any(t != pos for t in twins[:2]):  # twins are sorted (look_alikes): no copy, no sort
        for a in tree.ancestors(pos):
            k = bisect.bisect_left(twins, a)  # the first look-alike at or after a
            if k < len(twins) and twins[k] == pos:
                k += 1  # pos itself sits in a's subtree; at most once
            if k < len(twins) and twins[k] < tree.end[a]:
                break  # a holds another look-alike (its subtree is one range)
            best = a
            if _one_of_kind(idx, a, pos):
                break  # a reply among replies, inside the comment it answers
    else:
        best = next((a for a in tree.ancestors(pos)
                     if _is_item(idx.nodes[a])),
                    None)
    if best is None or tree.size(best) > cap:
        return None
    return best


def _one_of_kind(idx: PageIndex, a: int, pos: int) -> bool:
    """Whether ``a`` (an ancestor of the control at ``pos``) is one of look-alike
    siblings — same tag, role and first class (*comment* among *comment*s; a list item
    or a row among its own kind) — and says
    something besides the control: a record of its own. A reply nested in a comment
    holds no other look-alike of its *Like*, and neither does the comment around it,
    which then read as its record: "like Tom Becker's reply" liked the reply beside his,
    whose comment held his name (review 58). A table's cell is part of its row, never
    one."""
    node, tree = idx.nodes[a], idx.tree
    if node.tag in _CELL_TAGS or node.role in _CELL_ROLES or tree.size(a) < 3:
        return False
    parent = tree.parent(a)
    if parent < 0:
        return False
    shape = _sibling_shape(node)
    if not shape[2] and not _is_item(node):
        return False  # two plain <div>s side by side are a layout's columns, not records
    if sum(1 for c in tree.child_pos[parent] if _sibling_shape(idx.nodes[c]) == shape) < 2:
        return False
    return any(idx.nodes[i].text.strip() for i in tree.subtree(a)
               if not tree.contains(pos, i) and i != a)


def _sibling_shape(n: Node) -> tuple[str, str, str]:
    cls = n.attrs.get("class", "").split()
    return n.tag, n.role, cls[0] if cls else ""


#: A table's cells: parts of a row's record, never records of their own.
_CELL_TAGS = frozenset({"td", "th"})
_CELL_ROLES = frozenset({"cell", "gridcell", "columnheader", "rowheader"})


def item_words(idx: PageIndex, item: int, skip: int, chars: int | None = ITEM_TEXT_CHARS
               ) -> tuple[list[str], list[str], str]:
    """Text words, value words and display text (its first ``chars``; None: all of it) of
    an item, without the element ``skip`` itself (its own label and value are already its
    name)."""
    text, values = _item_text(idx, item, skip)
    return words(text), [w for v in values for w in words(v)], text[:chars]


def _item_text(idx: PageIndex, item: int, skip: int) -> tuple[str, list[str]]:
    """The whole text (whitespace collapsed) and the values of :func:`item_words`; its
    words are not needed for a row's text (:func:`row_text`, on the first find's path)."""
    text_parts: list[str] = []
    values: list[str] = []
    for n, read in _item_nodes(idx, item, skip):
        if read:
            text_parts.append(n.text)
        if n.value and "password" not in n.attrs.get("type", "").lower():
            values.append(n.value)
        checked = "checked" in n.states
        if roles.kind(n) in ("checkbox", "radio"):
            values.append("checked" if checked else "unchecked")
    return " ".join(" ".join(text_parts).split()), values


def item_fields(idx: PageIndex, item: int, skip: int) -> list[list[str]]:
    """The words of each of an item's text fields, in order, without the element
    ``skip`` and its own name's words: the nodes whose text :func:`item_words` reads (a
    row's cells, a card's title and description; a list item whose text is all in one
    node is one field). Which field a word sits in tells a record's name (its first
    field) from its status (a later cell) where the words alone cannot."""
    own = set(words(label(idx.nodes[skip])))
    out: list[list[str]] = []
    for n, read in _item_nodes(idx, item, skip):
        if read:
            field = [w for w in words(n.text) if w not in own]
            if field:
                out.append(field)
    return out


def _item_nodes(idx: PageIndex, item: int, skip: int) -> Iterator[tuple[Node, bool]]:
    """The nodes of the item at ``item`` but the element ``skip`` and its subtree, each
    with whether its text is read: a node repeating text an ancestor's read text holds
    (a cell's text again in its span) is not read twice."""
    tree = idx.tree
    taken: dict[int, str] = {}
    for i in tree.subtree(item):
        n = idx.nodes[i]
        if tree.contains(skip, i):
            continue
        read = bool(n.text) and not any(n.text in taken[p] for p in tree.ancestors(i)
                                        if p in taken)
        if read:
            taken[i] = n.text
        yield n, read


@dataclass(frozen=True, slots=True)
class Identity:
    """The item of an element, as a recovery compares it."""

    key: tuple[str, ...] = ()  # distinguishing text words of the item
    value_key: tuple[str, ...] = ()  # distinguishing words of its fields' values
    item: str = ""  # the item's text, for people
    twins: int = 1  # look-alikes on the page, itself included
    twin_index: int = 0  # 0-based position among them
    words: tuple[str, ...] = ()  # every text word of the item but its own name
    #: the text words of the look-alikes' items (up to 50): a row that now reads like
    #: one of them is that row, moved into this one's place
    others: tuple[frozenset[str], ...] = ()
    #: the key words that name the record (:func:`name_of`): "alice smith" of a row
    #: "Alice Smith | Admin"; one of them replaced is another record, not a new status
    name_key: tuple[str, ...] = ()
    #: every word of the field that holds them (the whole row when it is one field)
    lead: tuple[str, ...] = ()
    #: whether the row has several fields (cells), so that ``lead`` is one of them
    fielded: bool = False
    #: the small numbers its text uses only as counts ("3 guests"): any other ("Table
    #: 5") names the record, and one replaced is another record (:func:`counts_in`)
    counts: frozenset[str] = frozenset()


def identify(idx: PageIndex, pos: int, twins: list[int] | None = None) -> Identity:
    """The identity of the element at ``pos``: its item's words minus those that every
    look-alike's item shares."""
    twins = look_alikes(idx, pos) if twins is None else twins
    item = _item_of(idx, pos, twins)
    index = twins.index(pos) if pos in twins else 0
    if item is None:
        block = block_text(idx, pos) if len(twins) == 1 else ""
        own = set(words(label(idx.nodes[pos])))
        around = [w for w in sorted(set(words(block))) if w not in own]
        if not around:
            return Identity(twins=len(twins), twin_index=index)
        return Identity(twins=1, words=tuple(around), counts=counts_in(block))
    text, values = _item_text(idx, item, pos)
    text_w, value_w = words(text), [w for v in values for w in words(v)]
    shown = text[:ITEM_TEXT_CHARS]
    common_t: set[str] = set()
    common_v: set[str] = set()
    others: list[tuple[set[str], set[str]]] = []
    for t in [t for t in twins if t != pos][:50]:
        other = _item_of(idx, t, twins)
        if other is not None:
            tw, vw, _ = item_words(idx, other, t)
            others.append((set(tw), set(vw)))
    if others:
        common_t, common_v = set(text_w), set(value_w)
        for tw_set, vw_set in others:
            common_t &= tw_set
            common_v &= vw_set
    own = set(words(label(idx.nodes[pos])))
    key = tuple(dict.fromkeys(w for w in text_w if w not in common_t and w not in own))
    vkey = tuple(dict.fromkeys(w for w in value_w if w not in common_v))
    if any(set(key) <= tw_set and set(vkey) <= vw_set for tw_set, vw_set in others):
        # another look-alike's row says all that this one's does (two "Peggy Fischer"
        # rows): no key tells them apart, so none is kept and recovery will refuse
        key, vkey = (), ()
    rest = tuple(dict.fromkeys(w for w in text_w if w not in own))
    name_key, lead, fielded = name_of(item_fields(idx, item, pos), set(key),
                                      [tw_set for tw_set, _vw in others])
    return Identity(key, vkey, shown, len(twins), index, rest,
                    tuple(frozenset(tw) for tw, _vw in others), name_key, lead, fielded,
                    counts_in(text))


def name_of(fields: list[list[str]], key: set[str], others: list[set[str]] | None = None
            ) -> tuple[tuple[str, ...], tuple[str, ...], bool]:
    """The words that name an item's record, from its fields and key: ``(name_key,
    lead, fielded)``. In a row of several fields the name is the first field that tells
    the row from every other look-alike's by itself (``others``: their words), else the
    first holding a key word (a table's first cell "Alice Smith", a card's title, an
    order's id); its other fields are what may change about the record (a role, a
    status, a time). A row that is one field ("Alice Smith Admin" in one list item)
    cannot be split, so all of its key names it.

    Why the first field alone: in "Sales | Bob Stone | Berlin" the team *Sales* holds a
    key word (no other row has both Sales and Berlin) but Ann's row says Sales too; the
    row patched in place to "Sales | Dan Wu | Berlin" kept that "name", and a Remove
    taken in Bob's row removed Dan, answered OK (review 51)."""
    fielded = len(fields) > 1
    if not fielded:
        lead = tuple(fields[0]) if fields else ()
        return tuple(w for w in lead if w in key), lead, False
    keyed = [f for f in fields if any(w in key for w in f)]
    alone = [f for f in keyed if all(any(w not in o for w in f) for o in others or ())]
    for f in alone[:1] or keyed[:1]:
        return tuple(dict.fromkeys(w for w in f if w in key)), tuple(f), True
    return (), (), True


def candidate_fields(idx: PageIndex, pos: int, twins: list[int]) -> list[list[str]]:
    """The text fields of the candidate's item (:func:`item_fields`; none without one)."""
    item = _item_of(idx, pos, twins)
    return [] if item is None else item_fields(idx, item, pos)


def _block_of(idx: PageIndex, pos: int) -> int | None:
    """A lone element's nearest ancestor that says something besides the element (a
    mail pane's subject and sender around its *Delete*, a wizard step's title over its
    unnamed field, the name beside a result's *Remove*): what it acts on. None when no
    ancestor within :data:`BLOCK_LEVELS` does, or the one that does is too big."""
    own = set(words(label(idx.nodes[pos])))
    for level, a in enumerate(idx.tree.ancestors(pos)):
        if level >= BLOCK_LEVELS or idx.tree.size(a) > MAX_ITEM_NODES:
            return None
        if any(w not in own for w in item_words(idx, a, pos, 0)[0]):
            return a
    return None


def block_words(idx: PageIndex, pos: int) -> set[str]:
    """The text words of a lone element's block (:func:`_block_of`), else none —
    without a list's items, a run of cards or a live region's messages, which come and
    go around a control that stays the same (a pager's *Next* above the page's
    results, a form's *Search* above its suggestions). A dialog's own text is always
    kept: it says what its *Confirm* confirms."""
    return set(words(block_text(idx, pos)))


def block_text(idx: PageIndex, pos: int) -> str:
    """The text of a lone element's block whose words :func:`block_words` gives, after
    the names of the menus and dialogs around it.

    Why the names: one row-actions menu moved from Ann's row to Bob's says so only in
    its name (*Actions for Ann Lee*), a confirmation dialog reused for another file in
    its ``aria-label``; the text around the old *Delete* stayed the same, and it deleted
    Bob's (review 51). Not the values of read-only fields (a reading pane's sender):
    a date picker's or a custom select's input is read-only too, and the agent's own
    pick changes it (review 52)."""
    names = _container_names(idx, pos)
    block = _block_of(idx, pos)
    if block is None:
        return " ".join(names)
    tree, nodes = idx.tree, idx.nodes
    in_dialog = any(nodes[a].role in _DIALOGS for a in (block, *tree.ancestors(block)))
    out: list[str] = []
    skip_to = -1
    for i in tree.subtree(block):
        if i < skip_to:
            continue
        n = nodes[i]
        if i != block and (n.role in _PASSING or n.tag in _ITEM_TAGS or tree.contains(pos, i)
                           or _in_a_run(idx, i, in_dialog)):
            skip_to = tree.end[i]
            continue
        if n.text and roles.is_interactive(n) is False:
            out.append(n.text)
    return " ".join([*names, *out])


#: Containers whose own name says what the controls in them act on.
_NAMED_CONTAINERS = frozenset({"menu", "menubar", "dialog", "alertdialog"})
#: How far up a control's menu or dialog is looked for.
_CONTAINER_LEVELS = 8


def _container_names(idx: PageIndex, pos: int) -> list[str]:
    """The names of the menus and dialogs ``pos`` is in (nearest first), those of them
    that are not its own block's text already (a name from ``aria-label``), without
    their numbers: "Actions for 2 selected", "Session expires in 4:59" count and tick
    while the same menu or dialog stays (review 52)."""
    out: list[str] = []
    for level, a in enumerate(idx.tree.ancestors(pos)):
        if level >= _CONTAINER_LEVELS:
            break
        n = idx.nodes[a]
        if n.role in _NAMED_CONTAINERS and n.name and n.name != n.text:
            said = " ".join(w for w in n.name.split() if not any(c.isdigit() for c in w))
            if said:
                out.append(said)
    return out


def _in_a_run(idx: PageIndex, i: int, in_dialog: bool = False) -> bool:
    """Whether node ``i`` is a card of a listing, whatever its markup (``<div class=card>``
    × 10): one of three or more siblings of its shape (tag, role and class), or of two
    whose shape says so (a class or a role). Text is never a run: two paragraphs of a
    message ("Delete project Alpha?" "This cannot be undone."), a record's fields (``dt``
    / ``dd``) or a title and its subtitle say what the controls beside them act on.
    In a dialog, only cards holding controls (a picker's choices) are a run."""
    n = idx.nodes[i]
    if n.role in _PROSE_ROLES or n.tag in _PROSE_TAGS:
        return False
    p = idx.tree.parent(i)
    if p < 0:
        return False
    shape = (n.tag, n.role, n.attrs.get("class", ""))
    same = [k for k in idx.tree.child_pos[p]
            if (idx.nodes[k].tag, idx.nodes[k].role, idx.nodes[k].attrs.get("class", ""))
            == shape]
    if len(same) < 2 or (len(same) == 2 and not shape[2]
                         and n.role in ("", "generic", "none")):
        return False
    if in_dialog:
        return any(roles.is_interactive(idx.nodes[j]) for j in idx.tree.subtree(i))
    return True


#: Dialogs: their text is what their buttons act on (:func:`block_words`).
_DIALOGS = frozenset({"dialog", "alertdialog"})
#: Roles and tags of text, never a run of cards (:func:`_in_a_run`).
_PROSE_ROLES = frozenset({"paragraph", "heading", "term", "definition", "blockquote",
                          "caption", "code", "strong", "emphasis"})
_PROSE_TAGS = frozenset({"p", "h1", "h2", "h3", "h4", "h5", "h6", "dt", "dd", "blockquote",
                         "pre", "label", "span", "b", "strong", "em", "i", "small"})


#: Roles whose content passes (items of a list, messages): not what a control is.
_PASSING = _ITEM_ROLES | {"alert", "status", "log", "marquee", "listbox"}


def _repeats(idx: PageIndex, item: int, pos: int, twins: list[int],
             cap: int = MAX_ITEM_NODES) -> bool:
    """Is the item one of a repeating kind — a row, a list item, or one of sibling
    containers of the same tag that hold the look-alikes (cards)? The header that holds
    one of two "Search" buttons is not: its text would name nothing."""
    n = idx.nodes[item]
    if _is_item(n):
        return True
    parent = idx.tree.parent(item)
    if parent < 0:
        return False
    at = twins.index(pos) if pos in twins else 0
    for t in twins[max(0, at - 2):at + 3]:  # its neighbours are enough to see a repeat
        if t == pos or not idx.tree.contains(parent, t):
            continue
        other = _item_of(idx, t, twins, cap)
        if other is not None and other != item and idx.tree.parent(other) == parent \
                and idx.nodes[other].tag == n.tag:
            return True
    return False


def record_item(idx: PageIndex, pos: int) -> int | None:
    """The record (row, list item, card, or the block that holds one of several
    look-alikes) an element sits in, to tell it from the records beside it; None when it
    sits in none."""
    twins = row_twins(idx, pos)
    item = _item_of(idx, pos, twins)
    if item is None or item == pos:
        return None
    if _is_item(idx.nodes[item]) or (len(twins) > 1 and _repeats(idx, item, pos, twins)):
        return item
    return None


def records_beside(idx: PageIndex, item: int) -> list[int]:
    """The records beside the record at ``item``: its parent's other children of its tag
    (none for a record at the root)."""
    parent = idx.tree.parent(item)
    if parent < 0:
        return []
    tag = idx.nodes[item].tag
    return [o for o in idx.tree.child_pos[parent] if o != item and idx.nodes[o].tag == tag]


def row_text(idx: PageIndex, ref: str, chars: int = ITEM_TEXT_CHARS) -> str:
    """The text of the row (list item, card) of an interactive element that has visible
    look-alikes, without its own name; "" for an element that needs no such help. Its first
    ``chars`` characters: enough to show, where matching words wants more."""
    pos = idx.tree.pos.get(ref)
    if pos is None or not roles.is_interactive(idx.nodes[pos]):
        return ""
    twins = row_twins(idx, pos)
    if len(twins) < 2:
        return ""
    item = _item_of(idx, pos, twins)
    if item is None:
        return _flat_record(idx, pos, twins)[:chars]
    if not _repeats(idx, item, pos, twins):
        return ""
    text = _item_text(idx, item, pos)[0]  # whole, cut below
    own = " ".join(label(idx.nodes[pos]).split())
    # a row's text includes its buttons' words (their cell's text): the last whole-word
    # copy of the element's own name goes, never a piece of another word ("3" of "13.1")
    hits = list(re.finditer(rf"(?<!\w){re.escape(own)}(?!\w)", text)) if own else []
    if hits:
        at = hits[-1]
        text = " ".join((text[:at.start()] + text[at.end():]).split())
    return text[:chars]


@dataclass(frozen=True, slots=True)
class Record:
    """What :func:`read_record` reads of a look-alike's record."""

    text: str  # every text, name and value in it
    #: the first thing it says (a row's first cell, a post's author, a card's title; an
    #: avatar's alt or a field's value when that comes first): what names the record,
    #: where a later cell ("Manager: Bob Stone") only mentions a name. "" when unknown.
    lead: str = ""
    #: a table's row: its first cell is not always its name (a *Reports to* column)
    tabular: bool = False


def read_record(idx: PageIndex, pos: int, twins: list[int]) -> Record | None:
    """Everything the record (row, card, post) of the element at ``pos`` among the
    look-alikes ``twins`` (sorted positions, shown or not) can be told by: the texts of
    its nodes, their names where the text does not hold them (an avatar's alt, an
    aria-label, a title), their values (a password's excepted), the element's own.

    Why all of them: a row named only by its avatar's alt or an input's value read as
    holding no name, and the row that mentioned the name in its *Manager* cell was taken
    for the one named. None when there is no record to read (the element is alone under
    a header, the record is past :data:`MAX_RECORD_NODES`, a run of siblings is
    ambiguous): unknown, which is not "holds no name"."""
    item = _item_of(idx, pos, twins, MAX_RECORD_NODES)
    skip: list[int] = []
    if item is None:
        nested = _nesting_record(idx, pos, twins)
        if nested is None:
            flat = _flat_record(idx, pos, twins)
            return Record(flat) if flat else None
        item, skip = nested
    elif not _repeats(idx, item, pos, twins, MAX_RECORD_NODES):
        # a reply nested in a thread: its item (the replies' list) is no record, but the
        # article or list item around it is
        inner = next((a for a in idx.tree.ancestors(pos)
                      if idx.tree.contains(item, a) and _is_item(idx.nodes[a])), None)
        if inner is None:
            return None
        item = inner
    parts: dict[str, None] = {}  # each distinct string once: a cell's text is its row's too
    lead, at = "", -1
    me = idx.nodes[pos]
    mine = " ".join((me.text or me.name).split())
    tree = idx.tree
    for i in tree.subtree(item):
        if any(tree.contains(x, i) for x in skip):
            continue
        n = idx.nodes[i]
        value = n.value if n.value and "password" not in n.attrs.get("type", "").lower() \
            else ""
        parts[n.text] = parts[n.name] = parts[value] = None
        if tree.contains(pos, i):
            continue
        if not lead:
            lead, at = _leading(n, value), i
            if " ".join(lead.split()) == mine:  # a list item around the control alone
                lead, at = "", -1
        elif at >= 0 and tree.contains(at, i):
            if n.text.strip() and n.text != lead:  # the lead's first words, said first
                if lead.startswith(n.text):  # "<p><b>@bob</b> Thanks @ann</p>": "@bob"
                    lead, at = n.text, i
                else:
                    at = -1
        elif not any(c.isalpha() for c in lead):  # "09:00", "3.": the words come next
            more = _leading(n, value)
            if more:
                lead, at = f"{lead} {more}", i
        else:
            at = -1
    if not lead:  # nothing but controls (a toolbar's list item): nothing to tell it by
        return None
    n = idx.nodes[item]
    return Record(" ".join(parts), lead, n.role == "row" or n.tag == "tr")


def _nesting_record(idx: PageIndex, pos: int, twins: list[int]
                    ) -> tuple[int, list[int]] | None:
    """A comment that holds its replies: its *Reply* shares the comment (an article, a
    list item) with the replies' own *Reply* buttons, each in a record of its own inside
    it. The comment is then the record, without the replies' records: (the comment, the
    records to leave out); None when it is no such thing."""
    tree = idx.tree
    outer = next((a for a in tree.ancestors(pos)
                  if any(t != pos and tree.contains(a, t) for t in twins)), None)
    if outer is None or tree.size(outer) > MAX_RECORD_NODES:
        return None
    if not _is_item(idx.nodes[outer]):
        return None
    inner: list[int] = []
    for t in twins:
        if t == pos or not tree.contains(outer, t):
            continue
        rec = _item_of(idx, t, twins, MAX_RECORD_NODES)
        if rec is None or rec == outer or tree.contains(rec, pos):
            return None  # a sibling control of the same record, or nothing to tell
        inner.append(rec)
    return outer, inner


def _leading(n: Node, value: str) -> str:
    """What a node says first in its record: its text, an image's name, a field's value;
    not a control's name ("Select row" names the checkbox, not the row)."""
    if roles.kind(n) in _NOT_LEADING:
        return ""
    if any(c.isalnum() for c in n.text):
        return n.text
    if n.tag == "img" or n.role in ("img", "image"):
        return n.name
    return value


#: Controls whose words name what they do, not the record they sit in.
_NOT_LEADING = frozenset({"button", "checkbox", "radio", "select", "option"})


def _flat_record(idx: PageIndex, pos: int, twins: list[int]) -> str:
    """A look-alike whose record has no element of its own: in a flat run of siblings
    (a chat's message, its *Copy message* button, the next message, its button …) its
    record is the siblings between it and the twin before it when a twin ends the run
    and none starts it — or between it and the next twin when a twin starts the run and
    none ends it (the controls come first). Any other run (a heading or a "Tags:" before
    controls that lead their items, twins at both ends) is ambiguous: no record, so no
    guess at which item a control belongs to. Worked out once per run."""
    parent = idx.tree.parent(pos)
    if parent < 0:
        return ""
    runs: dict[tuple[int, int], dict[int, str]] = idx.cache.setdefault(
        "identity.flat_records", {})
    key = (parent, twins[0])  # one run per parent and kind of look-alike
    run = runs.get(key)
    if run is None:
        run = runs[key] = _flat_run(idx, parent, set(twins))
    return run.get(pos, "")


def _flat_run(idx: PageIndex, parent: int, mine: set[int]) -> dict[int, str]:
    """Each twin of ``mine`` among ``parent``'s children → its record's text."""
    tree = idx.tree
    kids = tree.child_pos[parent]
    at = [j for j, k in enumerate(kids) if k in mine]
    if len(at) < 2 or (kids[0] in mine) == (kids[-1] in mine):
        return {}
    lead = kids[0] in mine  # controls lead: a record follows its control
    bounds = [*at, len(kids)] if lead else [-1, *at]
    out: dict[int, str] = {}
    for n, j in enumerate(at):
        seg = kids[j + 1:bounds[n + 1]] if lead else kids[bounds[n] + 1:j]
        if not seg or sum(tree.size(k) for k in seg) > MAX_ITEM_NODES:
            continue
        out[kids[j]] = " ".join(" ".join(item_words(idx, k, kids[j], None)[2]
                                         for k in seg).split())
    return out


def coverage(old: Identity, new: Identity, new_words: tuple[set[str], set[str]]) -> float:
    """How much of ``old``'s key the candidate's item carries (1 when there is no key).

    ``new_words`` are the candidate item's text and value words (all of them, not only
    its own key: a word that became common since is still the row's word).
    """
    text_w, value_w = new_words
    if not old.key and not old.value_key:
        return 1.0
    vw = VALUE_WEIGHT if old.key else 1.0
    total = len(old.key) + vw * len(old.value_key)
    hit = sum(1 for w in old.key if w in text_w) + \
        vw * sum(1 for w in old.value_key if w in value_w)
    return hit / total


def candidate_item(idx: PageIndex, pos: int, twins: list[int]
                   ) -> tuple[set[str], set[str], frozenset[str]]:
    """All text and value words of the candidate's item, and the small numbers its text
    uses as counts (:func:`counts_in`); empty when it has no item. One read of it."""
    item = _item_of(idx, pos, twins)
    if item is None:
        return set(), set(), frozenset()
    text, values = _item_text(idx, item, pos)
    return set(words(text)), {w for v in values for w in words(v)}, counts_in(text)
