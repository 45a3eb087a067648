"""L2: what can I do here — a region's elements with refs and the flags that matter."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..index import roles
from ..index.identity import row_text
from .base import Line, View
from .elements import element_line, quote, row_suffix
from .regions import counts_text, region_head

if TYPE_CHECKING:
    from ..index import PageIndex, Region
    from ..snapshot import Node

#: Sub-sections with more elements than this are folded to one line.
FOLD_OVER = 12
#: In a region with more controls than this, every sub-section is folded: a map first.
LARGE_REGION = 40
#: Text blocks listed when a region has no controls of its own.
MAX_TEXT_ITEMS = 12


class ExpandView(View):
    kind = "expand"
    default_max_tokens = 2000

    def __init__(self, index: PageIndex, region: Region, max_tokens: int | None = None) -> None:
        super().__init__(max_tokens)
        self.index = index
        self.region = region

    def _items(self) -> list[tuple[str, Any]]:
        """("node", Node) and ("fold", Region) entries in document order."""
        idx, r = self.index, self.region
        subs = idx.subregions(r)
        large = len(r.interactive) > LARGE_REGION
        fold = {s.start: s for s in subs
                if large or len(s.interactive) > FOLD_OVER or not s.visible}
        show_text = not r.interactive
        items: list[tuple[str, Any]] = []
        text_items = 0
        i = r.start
        while i < r.stop:
            if i in fold and i != r.start:
                items.append(("fold", fold[i]))
                i = fold[i].stop
                continue
            n = idx.nodes[i]
            if roles.is_interactive(n) or roles.is_heading(n):
                if n.visible or not r.visible:
                    items.append(("node", n))
            elif show_text and n.text and n.visible and text_items < MAX_TEXT_ITEMS \
                    and not _inside_listed(idx, i, items):
                items.append(("text", n))
                text_items += 1
            i += 1
        return items

    def build(self) -> list[Line]:
        r = self.region
        head = region_head(r)
        title = head.removeprefix("[" + r.id + "] ")
        lines = [Line(f"REGION: {title} {r.id} {r.xpath}", keep=True)]
        if r.purpose:
            lines.append(Line(f"Summary: {r.purpose}", keep=True))
        if r.note:
            lines.append(Line(f"Note: {r.note}", keep=True))
        hidden = sum(1 for ref in r.interactive if not self.index.node(ref).visible)
        if hidden and r.visible:
            lines.append(Line(f"Hidden: {hidden} more elements not shown (grep with "
                              f"include_hidden to list them)", keep=True))
        lines.append(Line(""))
        lines.append(Line("ELEMENTS:", keep=True))
        current = r.id
        for kind, item in self._items():
            if kind == "fold":
                lines.append(Line(f"  [{item.id}] {quote(item.name, 50) if item.name else ''} "
                                  f"(folded: {counts_text(item.counts)} — expand {item.id})",
                                  item.id, f"expand {item.id}"))
                continue
            node: Node = item
            sub = self.index.region_of(node.ref)
            if sub is not None and sub.id != current and sub.depth > r.depth:
                current = sub.id
                named = f" {quote(sub.name, 50)}" if sub.name else ""
                lines.append(Line(f"  └─ {sub.id}{named}", r.id, f"expand {sub.id}"))
            elif sub is not None and sub.id == r.id:
                current = r.id
            indent = "     " if current != r.id else "  "
            text = element_line(node) + self._row_of(node) if kind == "node" else \
                f"TEXT {quote(node.text, 100)} @{node.ref}"
            group = current if current != r.id else r.id
            lines.append(Line(indent + text, group, f"expand {group}"))
        if len(lines) <= 3 + bool(r.purpose):
            lines.append(Line("  (no elements)"))
        return lines

    def _row_of(self, node: Node) -> str:
        return row_suffix(self.index, node.ref)

    def to_dict(self) -> dict[str, Any]:
        out: list[dict[str, Any]] = []
        for kind, item in self._items():
            if kind == "fold":
                out.append({"folded": item.id, "name": item.name, "counts": item.counts})
            else:
                d = item.to_dict()
                d["region"] = getattr(self.index.region_of(item.ref), "id", None)
                if kind == "node" and (row := row_text(self.index, item.ref)):
                    d["row"] = row
                out.append(d)
        return {"view": self.kind, "region": self.region.to_dict(), "elements": out}


def _inside_listed(idx: PageIndex, i: int, items: list[tuple[str, Any]]) -> bool:
    """Skip a text block nested in one already listed (a <p> inside a listed <li>)."""
    for kind, item in reversed(items[-3:]):
        if kind == "text" and idx.tree.contains(idx.tree.pos[item.ref], i):
            return True
    return False
