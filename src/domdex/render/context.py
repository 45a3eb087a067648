"""L3: tell me about this element — path, box, attributes, options, parents, neighbours."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from ..index import roles
from ..index.labels import label
from .base import Line, View
from .elements import element_line, quote

if TYPE_CHECKING:
    from ..index import PageIndex
    from ..snapshot import Node

MAX_OPTIONS = 20
#: Ancestors worth naming in the parent chain.
_CHAIN_ROLES = {"form", "group", "table", "row", "list", "listitem", "dialog", "alertdialog",
                "navigation", "banner", "main", "contentinfo", "complementary", "region",
                "search", "toolbar", "menu", "menubar", "tablist", "radiogroup", "article"}
_CHAIN_TAGS = {"form", "fieldset", "table", "tr", "ul", "ol", "li", "dialog", "section",
               "article", "nav", "header", "footer", "aside", "main", "details", "label"}
_ARROWS = {"left": "←", "right": "→", "up": "↑", "down": "↓"}


def parent_chain(idx: PageIndex, node: Node, limit: int = 4) -> list[Node]:
    """Meaningful ancestors, outermost first (form → fieldset → element)."""
    chain = [a for a in idx.ancestors(node.ref)
             if a.role in _CHAIN_ROLES or a.tag in _CHAIN_TAGS]
    return chain[:limit][::-1]


def nearby(idx: PageIndex, node: Node, per_direction: int = 1) -> list[tuple[str, Node]]:
    """The closest visible interactive element in each direction (by box centres).

    Without boxes (foreign snapshots) the previous and next controls in document order
    stand in, marked ↑ and ↓.
    """
    others = [n for n in idx.interactive_nodes() if n.ref != node.ref]
    if node.box is None or not any(n.box for n in others):
        pos = idx.pos(node.ref)
        before = [n for n in others if idx.pos(n.ref) < pos][-per_direction:]
        after = [n for n in others if idx.pos(n.ref) > pos][:per_direction]
        return [("up", n) for n in before] + [("down", n) for n in after]
    cx, cy = node.box.center
    best: dict[str, list[tuple[float, Node]]] = {d: [] for d in _ARROWS}
    for n in others:
        if n.box is None or n.frame != node.frame:
            continue
        ox, oy = n.box.center
        dx, dy = ox - cx, oy - cy
        dist = math.hypot(dx, dy)
        if dist > 600:
            continue
        direction = ("right" if dx > 0 else "left") if abs(dx) > abs(dy) else \
            ("down" if dy > 0 else "up")
        best[direction].append((dist, n))
    out: list[tuple[str, Node]] = []
    for d in ("left", "right", "up", "down"):
        for _, n in sorted(best[d], key=lambda t: t[0])[:per_direction]:
            out.append((d, n))
    return out


class ContextView(View):
    kind = "context"
    default_max_tokens = 800

    def __init__(self, index: PageIndex, node: Node, max_tokens: int | None = None) -> None:
        super().__init__(max_tokens)
        self.index = index
        self.node = node

    def build(self) -> list[Line]:
        idx, n = self.index, self.node
        region = idx.region_of(n.ref)
        lines = [Line(f"ELEMENT: {element_line(n)}", keep=True)]
        if region is not None:
            lines.append(Line(f"Region: {region.id}" + (f" {quote(region.name, 50)}"
                                                        if region.name else ""), keep=True))
        lines.append(Line(f"XPath: {idx.xpath(n.ref)}", keep=True))
        if n.box is not None:
            b = n.box
            lines.append(Line(f"BBox: {{x: {b.x:.0f}, y: {b.y:.0f}, width: {b.width:.0f}, "
                              f"height: {b.height:.0f}}}", keep=True))
        lines.append(Line(f"InViewport: {str(n.in_viewport).lower()}   "
                          f"Visible: {str(n.visible).lower()}", keep=True))
        attrs = self._attributes()
        if attrs:
            lines.append(Line(""))
            lines.append(Line("ATTRIBUTES:"))
            lines.extend(Line(f"  {k}: {quote(v, 100)}", "attributes") for k, v in attrs)
        if n.text and n.text != n.name:
            lines.append(Line(f"TEXT: {quote(n.text, 200)}"))
        if n.options:
            lines.append(Line(""))
            lines.append(Line(f"OPTIONS ({len(n.options)}):"))
            for k, o in enumerate(n.options[:MAX_OPTIONS]):
                mark = " (selected)" if o.selected else " (disabled)" if o.disabled else ""
                lines.append(Line(f"  [{k}] {quote(o.label, 60)}{mark}", "options"))
            if len(n.options) > MAX_OPTIONS:
                lines.append(Line(f"  … {len(n.options) - MAX_OPTIONS} more options", "options"))
        chain = parent_chain(idx, n)
        if chain:
            lines.append(Line(""))
            lines.append(Line("PARENT CONTEXT:"))
            for depth, a in enumerate(chain):
                pad = "  " + "    " * depth
                arrow = "└── " if depth else ""
                shown = label(a)
                name = f" {quote(shown, 50)}" if a.name or (
                    shown and not a.text.startswith(shown[:20])) else ""
                lines.append(Line(f"{pad}{arrow}{roles.display_role(a)}{name} @{a.ref}", "parents"))
            lines.append(Line("  " + "    " * len(chain) + "└── THIS ELEMENT", "parents"))
        near = nearby(idx, n)
        if near:
            lines.append(Line(""))
            lines.append(Line("NEARBY INTERACTIVE:"))
            for d, other in near:
                lines.append(Line(f"  {_ARROWS[d]} {roles.display_role(other)} @{other.ref} "
                                  f"{quote(label(other), 50)}", "nearby"))
        return lines

    def _attributes(self) -> list[tuple[str, str]]:
        n = self.node
        out = [(k, v) for k, v in n.attrs.items() if k != "class" or len(v) < 60]
        for state in sorted(n.states):
            out.append((state, "true"))
        if n.value is not None and n.options is None:
            out.append(("value", "••••" if n.attrs.get("type") == "password" else n.value))
        if n.description:
            out.append(("description", n.description))
        return out

    def to_dict(self) -> dict[str, Any]:
        idx, n = self.index, self.node
        region = idx.region_of(n.ref)
        return {
            "view": self.kind,
            "element": n.to_dict(),
            "region": region.id if region else None,
            "xpath": idx.xpath(n.ref),
            "parents": [{"ref": a.ref, "role": a.role, "name": a.name}
                        for a in parent_chain(idx, n)],
            "nearby": [{"direction": d, "ref": o.ref, "role": o.role, "name": label(o)}
                       for d, o in nearby(idx, n)],
        }
