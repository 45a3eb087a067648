"""Which visible control opens the closed menu, submenu or section a hidden element is in.

An agent that asks for "Block" when the Block item sits in a closed "⋯" menu, or for
"Prev" in a submenu of "Playback", gets the hidden element back only with a way to show
it; otherwise the answer is a dead end. The control is read from what the page declares,
in this order:

1. ``aria-controls`` naming the hidden element or one of its ancestors (a disclosure
   button and its panel);
2. the nearest visible control before it, inside the hidden element's nearest visible
   container, that says it opens something: ``aria-haspopup`` (not ``false``) or
   ``aria-expanded="false"`` (a menu item with a submenu, a collapsed tree node);
3. the visible control just before the hidden branch, in the same container: a toggle
   button followed by its drop-down list.

Nothing is guessed beyond these: when none holds, there is no revealer and the answer
says only that the element is hidden.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import roles

if TYPE_CHECKING:
    from . import PageIndex

__all__ = ["closed_opener", "opens_something", "revealer"]

#: How many nodes back the search for a declared opener goes (a long menu's items).
_LOOK_BACK = 200


def opens_something(node: object) -> bool:
    """A control that says it opens a popup or a collapsed part: a menu's button."""
    attrs = getattr(node, "attrs", {})
    popup = attrs.get("aria-haspopup", "")
    return (bool(popup) and popup != "false") or "collapsed" in getattr(node, "states", ())


def _controllers(idx: PageIndex) -> dict[str, int]:
    """id → the first visible control whose ``aria-controls`` names it (once per index:
    find asks for many hidden candidates)."""
    found: dict[str, int] | None = idx.cache.get("reveal.controllers")
    if found is None:
        found = {}
        for j, n in enumerate(idx.nodes):
            controls = n.attrs.get("aria-controls", "")
            if controls and n.visible and roles.is_interactive(n):
                for i in controls.split():
                    found.setdefault(i, j)
        idx.cache["reveal.controllers"] = found
    return found


def revealer(idx: PageIndex, pos: int) -> int | None:
    """Position of the visible control that shows the hidden node at ``pos``, or None."""
    nodes, tree = idx.nodes, idx.tree
    if nodes[pos].visible:
        return None
    chain = [pos, *tree.ancestors(pos)]
    hidden_top, container = pos, -1  # the outermost hidden ancestor, the visible one above
    for p in chain:
        if nodes[p].visible:
            container = p
            break
        hidden_top = p
    ids = {nodes[p].attrs.get("id", "") for p in chain[: chain.index(hidden_top) + 1]} - {""}
    if ids:
        controllers = _controllers(idx)
        found = [controllers[i] for i in ids if i in controllers]
        if found:
            return min(found)
    if container < 0:
        return None
    for j in range(pos - 1, max(container, pos - _LOOK_BACK), -1):
        n = nodes[j]
        if n.visible and roles.is_interactive(n) and opens_something(n) and \
                not tree.contains(j, pos):
            return j
    siblings = tree.child_pos[container] if hidden_top != container else []
    before = [c for c in siblings if c < hidden_top]
    if before:
        c = before[-1]
        for j in range(tree.end[c] - 1, c - 1, -1):  # the control itself, or the last inside
            n = nodes[j]
            if n.visible and roles.is_interactive(n):
                return j
    return None


def closed_opener(idx: PageIndex, pos: int) -> int | None:
    """Position of the control an action by words may press unasked to show the hidden
    node at ``pos``: its :func:`revealer`, when that control also says it opens
    something (``aria-haspopup``, collapsed). Pressing it shows a menu or a part; it
    changes nothing. None for a shown node or any other revealer."""
    at = revealer(idx, pos)
    return at if at is not None and opens_something(idx.nodes[at]) else None
