"""The diff view: ADDED / REMOVED / MODIFIED / REPLACED, grouped by region.

The format is the hybrid seed's::

    CHANGES since the last capture: 3
    ADDED:
      [R4] DIALOG "Delete your account?" (new region)
        BUTTON "Confirm" @e42
    MODIFIED:
      [R0] HEADER
        LINK @e8 "Cart (3)" → "Cart (4)" [text changed]

A table whose rows were replaced (its next page) is one entry, its rows named by their
key column, with the controls of each new row::

    NEW ROWS (a table's next page, new results):
      [R2.Orders] TABLE "Orders": 10 rows ("1001" … "1010") replaced by 10 ("1011" … "1020")
        "1011 Ann Lee $30.00 Paid": LINK "View" @e212 · BUTTON "Refund" @e214

Elements are written with :func:`~domdex.render.elements.element_line`, as in every
other view; each group names its region so a cut note can say ``expand R2``. The
diff itself (:mod:`domdex.diff`) is data; this module writes it, as text and as JSON.

With no earlier view to compare with, a diff says so in one line (:data:`NO_EARLIER_VIEW`)
and shows the page's region map (:class:`FirstLookView`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..diff import Row, rows_named, table_rows
from ..errors import RegionNotFoundError
from ..index import roles
from ..index.identity import row_text
from ..index.labels import label
from ..tokens import count_tokens
from .base import Line, View
from .elements import element_line, flag_text, quote
from .regions import region_head

if TYPE_CHECKING:
    from ..diff import Change, Diff, ElementChange, RegionChange, RowsChange
    from ..index import PageIndex
    from ..snapshot import Node

#: Elements listed under a region that appeared before the rest is folded.
MAX_REGION_ELEMENTS = 12
#: What a diff says when there is no earlier view of the page to compare with.
NO_EARLIER_VIEW = ("NO EARLIER VIEW of this page to compare with; here is the page as it "
                   "is now.")
_SECTIONS = (("added", "ADDED"), ("removed", "REMOVED"), ("modified", "MODIFIED"),
             ("replaced", "REPLACED (re-rendered: same content, new refs)"))


class DiffView(View):
    kind = "diff"
    default_max_tokens = 1500

    def __init__(self, diff: Diff, max_tokens: int | None = None) -> None:
        super().__init__(max_tokens)
        self.diff = diff

    def build(self) -> list[Line]:
        d = self.diff
        if not d.same_document:
            return _navigated(d)
        if d.empty:
            return [Line("CHANGES since the last capture: none.", keep=True)]
        lines = [Line(f"CHANGES since the last capture: {d.count}", keep=True)]
        swapped = _swapped(d)
        if swapped:
            lines.append(Line("NEW CONTENT (a region rendered again: the next page of a "
                              "table, new results):"))
            for old, new in swapped:
                lines.extend(_swap_lines(old, new, d))
        if d.rows:
            lines.append(Line("NEW ROWS (a table's next page, new results):"))
            for rc in d.rows:
                lines.extend(_rows_lines(rc, d.new))
        for kind, title in _SECTIONS:
            body = self._section(kind, {id(rc) for pair in swapped for rc in pair})
            if body:
                lines.append(Line(f"{title}:"))
                lines.extend(body)
        return lines

    def _section(self, kind: str, skip: set[int] | None = None) -> list[Line]:
        d = self.diff
        out: list[Line] = []
        for rc in d.regions:
            if rc.kind == kind and id(rc) not in (skip or set()):
                out.extend(_region_lines(rc, d.new if kind == "added" else d.old))
        groups: dict[str, list[ElementChange]] = {}
        for c in d.elements:
            if c.kind == kind or (kind == "modified" and c.kind == "reordered"):
                groups.setdefault(c.region, []).append(c)
        idx = d.old if kind == "removed" else d.new
        for rid, changes in groups.items():
            more = f"expand {rid}" if rid and kind != "removed" else ""
            shown = changes
            if kind == "replaced":  # the agent needs the new refs of what it acts on
                shown = [c for c in changes if roles.is_interactive(c.node)]
            out.append(Line("  " + _group_head(idx, rid), rid, more))
            out.extend(Line("    " + _change_line(c, idx), rid, more) for c in shown)
            if len(shown) < len(changes):
                out.append(Line(f"    (+{len(changes) - len(shown)} text elements re-rendered "
                                "unchanged)", rid, more))
        return out

    def to_dict(self) -> dict[str, Any]:
        d = self.diff
        return {
            "view": "diff",
            "same_document": d.same_document,
            "old_url": d.old.snapshot.url,
            "url": d.new.snapshot.url,
            "regions": [_region_dict(rc) for rc in d.regions],
            "elements": [_element_dict(c) for c in d.elements],
            "rows": [_rows_dict(rc) for rc in d.rows],
        }


def _rows_dict(rc: RowsChange) -> dict[str, Any]:
    def row(r: Row) -> dict[str, Any]:
        return {"ref": r.ref, "key": r.key, "text": r.text,
                "controls": [{"ref": c.ref, "role": roles.display_role(c).lower(),
                              "name": label(c), "was": rc.was.get(c.ref)}
                             for c in r.controls]}

    return {"table": rc.container.ref, "region": rc.region,
            "removed": [{"ref": r.ref, "key": r.key, "text": r.text} for r in rc.removed],
            "added": [row(r) for r in rc.added]}


def _region_dict(rc: RegionChange) -> dict[str, Any]:
    r = rc.region
    return {"kind": rc.kind, "id": r.id, "landmark": r.landmark, "name": r.name,
            "root": r.root, "shown": rc.shown, "elements": [n.ref for n in rc.elements]}


def _element_dict(c: ElementChange) -> dict[str, Any]:
    d: dict[str, Any] = {"kind": c.kind, "ref": c.node.ref,
                         "role": roles.display_role(c.node).lower(),
                         "name": label(c.node), "region": c.region}
    if c.changes:
        d["changes"] = [_change_dict(ch) for ch in c.changes]
    if c.old_ref:
        d["old_ref"] = c.old_ref
    return d


def _change_dict(ch: Change) -> dict[str, Any]:
    if ch.field == "flags":
        return {"field": ch.field, "old": [flag_text(f) for f in ch.old],
                "new": [flag_text(f) for f in ch.new]}
    return {"field": ch.field, "old": ch.old, "new": ch.new}


class FirstLookView(View):
    """A diff with nothing to compare with: one line saying so, then the page as it is
    now (its region map, within the budget left)."""

    kind = "diff"

    def __init__(self, now: View) -> None:
        super().__init__(now.max_tokens)
        self.now = now

    def build(self) -> list[Line]:
        return [_first_look(), *self.now.lines]

    def _fitted(self, max_tokens: int | None) -> list[Line]:
        budget = max_tokens if max_tokens is not None else self.max_tokens
        room = None if budget is None else max(budget - count_tokens(NO_EARLIER_VIEW) - 1, 1)
        return [_first_look(), *self.now._fitted(room)]

    def to_dict(self) -> dict[str, Any]:
        return {**self.now.to_dict(), "note": NO_EARLIER_VIEW}


def _first_look() -> Line:
    return Line(NO_EARLIER_VIEW, keep=True, advice=True)


def _navigated(d: Diff) -> list[Line]:
    snap = d.new.snapshot
    return [
        Line(f"PAGE CHANGED: a new document was loaded ({d.old.snapshot.url} → {snap.url}).",
             keep=True),
        Line(f"TITLE: {quote(snap.title, 70)} · {len(d.new.top_regions)} regions", keep=True),
        Line("Refs from the previous page no longer apply. NEXT: regions · find \"…\"",
             keep=True, advice=True),
    ]


def _group_head(idx: PageIndex, rid: str) -> str:
    if not rid:
        return "(outside regions)"
    try:
        return region_head(idx.region(rid))
    except RegionNotFoundError:  # a region id from the other capture
        return f"[{rid}]"


def _region_lines(rc: Any, idx: PageIndex) -> list[Line]:
    r = rc.region
    rid = r.id
    if rc.kind == "removed":
        return [Line(f"  {region_head(r)} (region gone)", rid)]
    how = "shown" if rc.shown else "new region"
    more = f"expand {rid}"
    out = [Line(f"  {region_head(r)} ({how})", rid, more)]
    elems = rc.elements
    listed = [n for n in elems if roles.is_interactive(n) or roles.is_heading(n)] or elems
    for n in listed[:MAX_REGION_ELEMENTS]:
        out.append(Line("    " + element_line(n) + _row(idx, n), rid, more))
    if len(listed) > MAX_REGION_ELEMENTS:
        out.append(Line(f"    … {len(listed) - MAX_REGION_ELEMENTS} more ({more})", rid, more))
    return out


def _row(idx: PageIndex, n: Node) -> str:
    """The row words of a look-alike control (see ``expand``)."""
    row = row_text(idx, n.ref)
    return f" · in {quote(row, 50)}" if row else ""


def _swapped(d: Diff) -> list[tuple[Any, Any]]:
    """Regions that went and came back under the same id, landmark and name: one
    region whose content was replaced (a table's next page), not two changes."""
    gone = {(rc.region.id, rc.region.landmark, rc.region.name): rc for rc in d.regions
            if rc.kind == "removed"}
    pairs = []
    for rc in d.regions:
        key = (rc.region.id, rc.region.landmark, rc.region.name)
        if rc.kind == "added" and not rc.shown and key in gone:
            pairs.append((gone[key], rc))
    return pairs


def _region_rows(idx: PageIndex, region: Any) -> list[tuple[PageIndex, int]]:
    """A region's table rows and list items, header rows left out."""
    found = table_rows(idx, region.start, region.stop)
    return [(idx, i) for i in sorted(i for rows in found.values() for i in rows)]


def _swap_lines(old: Any, new: Any, d: Diff) -> list[Line]:
    r = new.region
    rid = r.id
    before, after = _region_rows(d.old, old.region), _region_rows(d.new, r)
    named = rows_named(before + after)
    gone, came = named[:len(before)], named[len(before):]
    if gone and [g.text for g in gone] == [c.text for c in came]:
        what = f"re-rendered with the same {len(came)} rows: new refs"
    elif gone or came:
        what = _replaced(gone, came)
    else:
        what = "content replaced"
    head = Line(f"  {region_head(r)}: {what}", rid, f"expand {rid}")
    if came:
        return [head, *_row_lines(came, {}, rid)]
    listed = [n for n in new.elements if roles.is_interactive(n)]
    return [head, *_element_lines(listed, d.new, rid)]


def _rows_lines(rc: RowsChange, idx: PageIndex) -> list[Line]:
    rid = rc.region
    what = _replaced(rc.removed, rc.added)
    node = rc.container
    head = _group_head(idx, rid)
    if not (rid and idx.region(rid).root == node.ref):  # a table inside a larger region
        head += f" {roles.display_role(node)}" + (f" {quote(label(node), 40)}"
                                                   if label(node) else "")
    return [Line(f"  {head}: {what}", rid, f"expand {rid}" if rid else ""),
            *_row_lines(rc.added, rc.was, rid)]


def _replaced(gone: list[Row], came: list[Row]) -> str:
    return f"{len(gone)} rows ({_span(gone)}) replaced by {len(came)} ({_span(came)})"


def _row_lines(rows: list[Row], was: dict[str, str], rid: str) -> list[Line]:
    """One line per new row that has controls: its words, then its controls' refs."""
    more = f"expand {rid}" if rid else ""
    acting = [r for r in rows if r.controls]
    out = []
    for r in acting[:MAX_REGION_ELEMENTS]:
        controls = " · ".join(element_line(c) + (f" (was @{was[c.ref]})" if c.ref in was
                                                 else "") for c in r.controls)
        out.append(Line(f"    {quote(r.text or r.key, 50)}: {controls}", rid, more))
    if len(acting) > MAX_REGION_ELEMENTS:
        out.append(Line(f"    … {len(acting) - MAX_REGION_ELEMENTS} more rows "
                        f"({more or 'regions'})", rid, more))
    return out


def _element_lines(listed: list[Node], idx: PageIndex, rid: str) -> list[Line]:
    more = f"expand {rid}"
    out = [Line("    " + element_line(n) + _row(idx, n), rid, more)
           for n in listed[:MAX_REGION_ELEMENTS]]
    if len(listed) > MAX_REGION_ELEMENTS:
        out.append(Line(f"    … {len(listed) - MAX_REGION_ELEMENTS} more ({more})", rid, more))
    return out


def _span(rows: list[Row]) -> str:
    if not rows:
        return "none"
    first = quote(rows[0].key, 30)
    return first if len(rows) == 1 else f"{first} … {quote(rows[-1].key, 30)}"


def _change_line(c: ElementChange, idx: PageIndex) -> str:
    n = c.node
    if c.kind in ("added", "removed"):
        return element_line(n) + _row(idx, n)
    if c.kind == "replaced":
        return f"{element_line(n)}{_row(idx, n)} (was @{c.old_ref})"
    if c.kind == "reordered":
        ch = c.changes[0]
        return f"{roles.display_role(n)} {quote(n.name or n.text, 40)} @{n.ref} " \
               f"[reordered: {ch.new} of {ch.old} items moved]"
    return f"{roles.display_role(n)} @{n.ref} " + " ".join(_describe(ch) for ch in c.changes)


def _describe(ch: Change) -> str:
    if ch.field in ("name", "text"):
        return f"{quote(ch.old)} → {quote(ch.new)} [{ch.field} changed]"
    if ch.field == "visible":
        return "[hidden] → [visible]" if ch.new else "[visible] → [hidden]"
    gone, came = [flag_text(f) for f in ch.old], [flag_text(f) for f in ch.new]
    if gone and came:
        return f"{' '.join(gone)} → {' '.join(came)}"
    if came:
        return "+" + " +".join(came)
    return "−" + " −".join(gone)
