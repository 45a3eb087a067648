"""What changed between two captures of a page: pure, offline, by region.

Refs are stable for the life of an element, so two captures of the same document are
compared ref by ref; no tree alignment is needed. What an agent wants to hear after
an action is narrower than "every node that changed":

- **ADDED** — regions that appeared (a dialog opened, a banner was inserted) with
  their elements, and new elements inside known regions.
- **REMOVED** — regions and elements that are gone (or became hidden).
- **MODIFIED** — the same element with a different name, text, value or state
  (``LINK @e8 "Cart (3)" → "Cart (4)" [text changed]``), shown/hidden, and lists
  whose items were reordered.
- **REPLACED** — a framework re-render that swapped nodes for identical new ones. An
  agent holding the old refs must learn the new ones; reporting it as five removals
  and five additions would suggest the page changed when it did not.
- **ROWS** — a table or list whose rows were replaced by other rows (its next page,
  new search results): one change naming the rows by their key column
  (``PRJ-101 … PRJ-112 replaced by PRJ-113 … PRJ-124``) with the controls of the new
  rows, not every cell that came and went.

When the document itself changed (navigation), refs from before mean nothing, so the
diff says so instead of listing every node. The diff is data (flags compared as
:class:`~domdex.index.flags.Flag` values, not as the strings a view writes); its text
and its JSON form are the view's, in :mod:`domdex.render.diff`.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .index import roles
from .index.flags import Flag, node_flags
from .index.identity import ITEM_TEXT_CHARS, row_text
from .index.labels import label

if TYPE_CHECKING:
    from .index import PageIndex, Region
    from .snapshot import Node

__all__ = ["Change", "Diff", "ElementChange", "RegionChange", "Row", "RowsChange", "diff",
           "table_rows"]

#: Roles whose text matters even when nothing can be clicked.
_TEXT_ROLES = frozenset({"status", "alert", "alertdialog", "dialog", "log", "progressbar",
                         "timer", "tooltip", "img", "meter", "marquee"})
_SKIP_TAGS = frozenset({"html", "head", "body", "script", "style", "noscript", "template"})
#: Flags that change on every interaction and mean nothing to an agent.
_NOISE_FLAGS = frozenset({Flag("focused")})
#: Tables and lists, whose rows a rows change counts.
_TABLE_ROLES = frozenset({"table", "grid", "treegrid", "list"})
_TABLE_TAGS = frozenset({"table", "ul", "ol"})
_ROW_ROLES = frozenset({"row", "listitem"})
_ROW_TAGS = frozenset({"tr", "li"})
_CELL_ROLES = frozenset({"cell", "gridcell", "rowheader"})
#: Rows that are new (not old rows again) before a table's change is one change.
MIN_NEW_ROWS = 2


@dataclass(frozen=True, slots=True)
class Change:
    """One field of one element that changed: name, text, visible, order, or flags
    (``old`` the flags gone, ``new`` those that came, as :class:`Flag` lists)."""

    field: str
    old: Any
    new: Any


@dataclass(slots=True)
class ElementChange:
    """An element added, removed, modified, replaced (re-rendered) or reordered."""

    kind: str  # "added" | "removed" | "modified" | "replaced" | "reordered"
    node: Node  # the current node (the old one for "removed")
    region: str  # region id in the capture the node comes from ("" for none)
    old: Node | None = None
    changes: list[Change] = field(default_factory=list)
    old_ref: str | None = None  # "replaced": the ref the agent may still hold


@dataclass(slots=True)
class RegionChange:
    """A region that appeared (``added``, possibly shown after being hidden) or went away."""

    kind: str  # "added" | "removed"
    region: Region
    elements: list[Node] = field(default_factory=list)
    shown: bool = False  # existed hidden before (a closed <dialog> opened)


@dataclass(frozen=True, slots=True)
class Row:
    """A row of a table or list, named by its key: the first column whose cells tell
    the rows apart (an order number, a name), else its text."""

    ref: str
    key: str
    text: str
    controls: tuple[Node, ...] = ()


@dataclass(slots=True)
class RowsChange:
    """Rows of one table or list that went, and the rows that came in their place."""

    container: Node  # the table or list, as the new capture has it
    region: str  # its region id in the new capture
    removed: list[Row]  # rows that went, in the old capture's order
    added: list[Row]  # rows that came, with their controls
    #: new ref → old ref of a control whose row came back with the same text
    was: dict[str, str] = field(default_factory=dict)


@dataclass(slots=True)
class Diff:
    """The changes from ``old`` to ``new``; ``same_document`` False means navigation."""

    old: PageIndex
    new: PageIndex
    same_document: bool
    regions: list[RegionChange] = field(default_factory=list)
    elements: list[ElementChange] = field(default_factory=list)
    rows: list[RowsChange] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return self.same_document and not self.regions and not self.elements \
            and not self.rows

    @property
    def count(self) -> int:
        return len(self.regions) + len(self.elements) + len(self.rows)

    def of_kind(self, kind: str) -> list[ElementChange]:
        return [c for c in self.elements if c.kind == kind]


def reportable(node: Node) -> bool:
    """Would an agent care that this node changed? Controls, headings, text, alerts."""
    if node.tag in _SKIP_TAGS:
        return False
    if roles.is_interactive(node) or roles.is_heading(node) or node.role in _TEXT_ROLES:
        return True
    return bool(node.text.strip())


def _flags(node: Node) -> list[Flag]:
    return [f for f in node_flags(node, with_hidden=True) if f not in _NOISE_FLAGS]


def element_changes(old: Node, new: Node) -> list[Change]:
    """The fields of one element that differ between two captures."""
    out: list[Change] = []
    old_label, new_label = label(old), label(new)
    if old_label != new_label:
        out.append(Change("text" if old.text != new.text else "name", old_label, new_label))
    elif old.text != new.text and new.text != new_label and reportable(new):
        out.append(Change("text", old.text, new.text))
    if old.visible != new.visible:
        out.append(Change("visible", old.visible, new.visible))
    of = [f for f in _flags(old) if f.name != "hidden"]
    nf = [f for f in _flags(new) if f.name != "hidden"]
    if of != nf:
        gone = [f for f in of if f not in nf]
        came = [f for f in nf if f not in of]
        if gone or came:
            out.append(Change("flags", gone, came))
    return out


def _visible_regions(idx: PageIndex) -> dict[str, Region]:
    """Regions whose coming and going is news: top-level ones and real landmarks.

    Sub-sections cut from content (a list item under a heading) come and go with
    their content; their elements are compared one by one instead, where a re-render
    is recognised as such.
    """
    out: dict[str, Region] = {}
    for r in idx.regions:  # parents first: a sub-section sharing its root is the same
        if r.root not in out and not r.note and _shown(idx.snapshot.get(r.root)) \
                and (r.depth == 0 or r.landmark != "SECTION"):
            out[r.root] = r
    return out


def _region_id(idx: PageIndex, ref: str) -> str:
    r = idx.region_of(ref)
    return r.id if r else ""


def _signature(idx: PageIndex, n: Node) -> tuple[str, str, str, str, str]:
    """What makes two nodes 'the same thing' when a re-render gave it a new ref: for one
    of several look-alikes ("Delete" in every row) its row's words too, so Bob's new
    button is never reported as what Alice's old one became."""
    r = idx.top_region_of_pos(idx.pos(n.ref))  # sub-sections are re-rendered too
    return (roles.display_role(n), label(n), n.value or "", r.root if r else "",
            row_text(idx, n.ref))


def diff(old: PageIndex, new: PageIndex) -> Diff:
    """Compare two captures of a page; pure and offline."""
    same = bool(old.snapshot.document_id) and \
        old.snapshot.document_id == new.snapshot.document_id
    if not old.snapshot.document_id and not new.snapshot.document_id:
        same = old.snapshot.url == new.snapshot.url
    result = Diff(old, new, same)
    if not same:
        return result
    old_regions, new_regions = _visible_regions(old), _visible_regions(new)
    # A region counts as new only when its root node is new or was hidden: region
    # detection may re-slice sub-sections when content changes, which is not news.
    added_roots = [k for k in new_regions if not _shown(old.snapshot.get(k))]
    removed_roots = [k for k in old_regions if not _shown(new.snapshot.get(k))]
    covered_new = _covered(new, [new_regions[k] for k in added_roots])
    covered_old = _covered(old, [old_regions[k] for k in removed_roots])
    for k in added_roots:
        r = new_regions[k]
        if any(p.root in added_roots for p in new.region_path(r.root) if p.depth < r.depth):
            continue  # a sub-section of a region that is itself new
        shown = old.snapshot.get(r.root) is not None
        elems = [new.nodes[i] for i in range(r.start, r.stop)
                 if reportable(new.nodes[i]) and new.nodes[i].visible]
        result.regions.append(RegionChange("added", r, elems, shown=shown))
    for k in removed_roots:
        r = old_regions[k]
        if any(p.root in removed_roots for p in old.region_path(r.root) if p.depth < r.depth):
            continue
        result.regions.append(RegionChange("removed", r))
    _element_diff(result, covered_old, covered_new)
    _rows_replaced(result, covered_old, covered_new)
    return result


def _shown(node: Node | None) -> bool:
    return node is not None and node.visible


def _covered(idx: PageIndex, regions: list[Region]) -> set[str]:
    out: set[str] = set()
    for r in regions:
        out.update(idx.nodes[i].ref for i in range(r.start, r.stop))
    return out


def _element_diff(result: Diff, covered_old: set[str], covered_new: set[str]) -> None:
    old, new = result.old, result.new
    added: list[Node] = []
    removed: list[Node] = []
    for n in new.nodes:
        if n.ref in covered_new or not reportable(n):
            continue
        before = old.snapshot.get(n.ref)
        if before is None:
            if n.visible:
                added.append(n)
            continue
        changes = element_changes(before, n)
        if changes:
            result.elements.append(ElementChange("modified", n, _region_id(new, n.ref),
                                                 old=before, changes=changes))
    for n in old.nodes:
        if n.ref in covered_old or not reportable(n) or not n.visible:
            continue
        if new.snapshot.get(n.ref) is None:
            removed.append(n)
    _pair_replaced(result, added, removed)
    _reordered(result)


def _pair_replaced(result: Diff, added: list[Node], removed: list[Node]) -> None:
    """Pair removed and added nodes that look identical: a re-render, not a change."""
    old, new = result.old, result.new
    pool: dict[tuple[str, str, str, str, str], list[Node]] = defaultdict(list)
    for n in removed:
        pool[_signature(old, n)].append(n)
    paired: set[str] = set()
    for n in added:
        cands = pool.get(_signature(new, n))
        if cands:
            before = cands.pop(0)
            paired.add(before.ref)
            result.elements.append(ElementChange("replaced", n, _region_id(new, n.ref),
                                                 old=before, old_ref=before.ref))
        else:
            result.elements.append(ElementChange("added", n, _region_id(new, n.ref)))
    for n in removed:
        if n.ref not in paired:
            result.elements.append(ElementChange("removed", n, _region_id(old, n.ref)))


def _reordered(result: Diff) -> None:
    """Parents whose surviving children now come in another order (a keyed reorder)."""
    old, new = result.old, result.new
    old_kids: dict[str, list[str]] = defaultdict(list)
    for n in old.nodes:
        if n.parent is not None:
            old_kids[n.parent].append(n.ref)
    new_kids: dict[str, list[str]] = defaultdict(list)
    for n in new.nodes:
        if n.parent is not None:
            new_kids[n.parent].append(n.ref)
    for parent, kids in new_kids.items():
        before = old_kids.get(parent)
        if not before or len(kids) < 2:
            continue
        common = set(kids) & set(before)
        a = [k for k in before if k in common]
        b = [k for k in kids if k in common]
        if a != b:
            moved = sum(1 for x, y in zip(a, b, strict=True) if x != y)
            node = new.snapshot.get(parent)
            if node is not None:
                result.elements.append(ElementChange(
                    "reordered", node, _region_id(new, parent),
                    changes=[Change("order", len(a), moved)]))


# Tables whose rows were replaced ------------------------------------------------------
def _is_table(n: Node) -> bool:
    return n.role in _TABLE_ROLES or n.tag in _TABLE_TAGS


def _is_row(n: Node) -> bool:
    return n.role in _ROW_ROLES or n.tag in _ROW_TAGS


def _cells(idx: PageIndex, row: int) -> list[int]:
    """The cells of a row (not those of a table nested in it)."""
    tree = idx.tree
    return [j for j in tree.subtree(row) if j != row and
            (idx.nodes[j].role in _CELL_ROLES or idx.nodes[j].tag == "td")
            and not any(_is_row(idx.nodes[a]) for a in tree.ancestors(j) if a > row)]


def _header_row(idx: PageIndex, row: int) -> bool:
    """A row of column headers and no data cells."""
    sub = [idx.nodes[j] for j in idx.tree.subtree(row)]
    return not any(n.role in _CELL_ROLES or n.tag == "td" for n in sub) and \
        any(n.role == "columnheader" or n.tag == "th" for n in sub)


def _table_of(idx: PageIndex, pos: int) -> int | None:
    """The nearest table or list holding ``pos`` (itself included)."""
    parents = idx.tree.parent_pos
    while pos >= 0 and not _is_table(idx.nodes[pos]):
        pos = parents[pos]
    return pos if pos >= 0 else None


def _body_rows(idx: PageIndex, table: int) -> list[int]:
    """The shown body rows whose nearest table or list is ``table``."""
    parents = idx.tree.parent_pos
    return [i for i in idx.tree.subtree(table) if i != table and idx.nodes[i].visible
            and _is_row(idx.nodes[i]) and _table_of(idx, parents[i]) == table
            and not _header_row(idx, i)]


def table_rows(idx: PageIndex, start: int = 0, stop: int | None = None) -> dict[int, list[int]]:
    """The shown body rows of every table and list among ``nodes[start:stop]``, by the
    position of their nearest table or list."""
    out: dict[int, list[int]] = defaultdict(list)
    parents = idx.tree.parent_pos
    for i in range(start, len(idx.nodes) if stop is None else stop):
        n = idx.nodes[i]
        if n.visible and _is_row(n) and not _header_row(idx, i):
            owner = _table_of(idx, parents[i])
            if owner is not None:
                out[owner].append(i)
    return out


def _text(idx: PageIndex, row: int) -> str:
    """What a row says, without the words of its controls ("View", "Refund")."""
    tree = idx.tree
    controls = [j for j in tree.subtree(row) if roles.is_interactive(idx.nodes[j])]
    parts: list[str] = []
    for j in tree.subtree(row):
        t = idx.nodes[j].text
        if not t or any(tree.contains(c, j) for c in controls):
            continue
        for c in controls:  # a cell holding "View Refund" says nothing of its own
            if tree.contains(j, c):
                t = t.replace(label(idx.nodes[c]), " ")
        t = " ".join(t.split())
        if t and not any(t in p for p in parts):
            parts.append(t)
    return " ".join(parts)[:ITEM_TEXT_CHARS]


def rows_named(rows: list[tuple[PageIndex, int]]) -> list[Row]:
    """Rows (from one or two captures of a table) with their keys: the first column
    whose cells are all filled and all different, else each row's text."""
    cells = [[" ".join(label(idx.nodes[c]).split()) for c in _cells(idx, i)]
             for idx, i in rows]
    texts = [_text(idx, i) for idx, i in rows]
    keys = texts
    for j in range(max((len(c) for c in cells), default=0)):
        column = [c[j] if j < len(c) else "" for c in cells]
        if all(column) and len(set(column)) == len(column):
            keys = column
            break
    return [Row(idx.nodes[i].ref, key[:40], text,
                tuple(idx.nodes[j] for j in idx.tree.subtree(i)
                      if roles.is_interactive(idx.nodes[j]) and idx.nodes[j].visible))
            for (idx, i), key, text in zip(rows, keys, texts, strict=True)]


def _counterpart(old: PageIndex, new: PageIndex, table: int) -> int | None:
    """The same table in the old capture: the same node, or one gone from the page with
    the same role, name and region (the table itself was rendered again)."""
    node = new.nodes[table]
    pos = old.tree.pos.get(node.ref)
    if pos is not None:
        return pos
    rid = _region_id(new, node.ref)
    for p, was in enumerate(old.nodes):
        if _is_table(was) and was.role == node.role and was.tag == node.tag and \
                new.snapshot.get(was.ref) is None and label(was) == label(node) and \
                _region_id(old, was.ref) == rid:
            return p
    return None


def _changed_tables(result: Diff) -> list[int]:
    """Tables (new capture) holding a node that came or a node that went, in order."""
    old, new = result.old, result.new
    found: dict[int, None] = {}
    for c in result.elements:
        if c.kind in ("added", "replaced"):
            t = _table_of(new, new.tree.pos[c.node.ref])
        elif c.kind == "removed":
            t = _table_of(old, old.tree.pos[c.node.ref])
            t = new.tree.pos.get(old.nodes[t].ref) if t is not None else None
        else:
            continue
        if t is not None:
            found[t] = None
    return list(found)


def _rows_replaced(result: Diff, covered_old: set[str], covered_new: set[str]) -> None:
    """A table (or list) whose rows were replaced by other rows becomes one
    :class:`RowsChange`, and the element changes inside those rows go into it."""
    old, new = result.old, result.new
    for table in _changed_tables(result):
        if new.nodes[table].ref in covered_new:
            continue  # inside a region that is new as a whole
        before = _counterpart(old, new, table)
        if before is None or old.nodes[before].ref in covered_old:
            continue
        gone = [i for i in _body_rows(old, before)
                if not _shown(new.snapshot.get(old.nodes[i].ref))]
        came = [i for i in _body_rows(new, table)
                if not _shown(old.snapshot.get(new.nodes[i].ref))]
        if len(gone) < MIN_NEW_ROWS or len(came) < MIN_NEW_ROWS:
            continue
        named = rows_named([(old, i) for i in gone] + [(new, i) for i in came])
        removed, added = named[:len(gone)], named[len(gone):]
        old_texts = {r.text for r in removed}
        if sum(r.text not in old_texts for r in added) < MIN_NEW_ROWS:
            continue
        change = RowsChange(new.nodes[table], _region_id(new, new.nodes[table].ref),
                            removed, added)
        _fold(result, change, {old.nodes[j].ref for i in gone for j in old.tree.subtree(i)},
              {new.nodes[j].ref for i in came for j in new.tree.subtree(i)})
        # "was" only for a row that came back: a new row's control is no old one's
        back = {c.ref for r in added if r.text in old_texts for c in r.controls}
        change.was = {k: v for k, v in change.was.items() if k in back}
        result.rows.append(change)


def _fold(result: Diff, change: RowsChange, old_refs: set[str], new_refs: set[str]) -> None:
    """Element changes inside the rows that went or came belong to the rows change."""
    kept = []
    for c in result.elements:
        if c.node.ref in (old_refs if c.kind == "removed" else new_refs):
            if c.kind == "replaced" and c.old_ref:
                change.was[c.node.ref] = c.old_ref
            continue
        kept.append(c)
    result.elements = kept
