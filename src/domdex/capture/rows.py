"""Turn the node table that capture.js returns for one frame into snapshot nodes.

Kept apart from the browser code so it is pure: a frame's raw table plus where the
frame sits on the top-level page (its origin in document coordinates) gives
:class:`~domdex.snapshot.Node` objects with boxes in top-level document coordinates.
The in-page script sends rows as positional arrays (see ``capture.js``) because a
compact JSON string is what makes the capture fast; this module is the only reader of
that layout.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..snapshot import Box, Node, Option

#: Positions in a row of capture.js.
REF, PARENT, TAG, ROLE, NAME, TEXT, ATTRS, BOX, FLAGS, INDEX, VALUE, LEVEL, STATES, OPTIONS, \
    CONTENT_OFFSET, DESCRIPTION = range(16)
_FULL = 16

_VISIBLE = 1
_SIZELESS = 4

_EMPTY: frozenset[str] = frozenset()


def rows_to_nodes(
    rows: Iterable[list[Any]],
    *,
    frame: str = "",
    origin: tuple[float, float] = (0.0, 0.0),
    viewport: tuple[float, float, float, float] = (0.0, 0.0, 1280.0, 800.0),
    owner: str | None = None,
    owner_visible: bool = True,
    strings: list[str] | None = None,
) -> list[Node]:
    """Nodes for one frame's rows.

    ``origin`` is added to each client-coordinate box: the page scroll for the main
    frame, the content-box corner of the owning iframe for a child frame. ``viewport``
    is the visible part of the top-level page (x, y, width, height in document
    coordinates), for ``in_viewport``. Refs get the ``frame`` prefix; a frame's top
    nodes hang under ``owner`` (the iframe's ref in the parent frame). ``strings`` is
    the payload's string table: refs travel as numbers, tags, roles, attribute names
    and class values as indexes into it.
    """
    table = strings or []
    prefix = frame + "e"
    ox, oy = origin
    vx, vy, vw, vh = viewport
    right, bottom = vx + vw, vy + vh
    nodes: list[Node] = []
    append = nodes.append
    empty = _EMPTY
    sizeless: set[str] = set()
    new_box = _new_box
    # A parent comes before its children: a node's parent is the ref string made for
    # the parent itself (one string per ref, not one per mention).
    made: dict[int, str] = {}
    state_sets: dict[str, frozenset[str]] = {}  # one set per distinct states string
    for row in rows:
        (ref, parent, tag, role, name, text, attrs, raw_box, flags, index) = row[:10]
        n = len(row)
        value = row[VALUE] if n > VALUE else None
        level = row[LEVEL] if n > LEVEL else None
        states = row[STATES] if n > STATES else None
        options = row[OPTIONS] if n > OPTIONS else None
        description = row[DESCRIPTION] if n > DESCRIPTION else None
        num = ref
        made[num] = ref = f"{prefix}{num}"
        parent = owner if parent is None else made.get(parent) or f"{prefix}{parent}"
        box = None
        in_viewport = False
        visible = bool(flags & _VISIBLE) and owner_visible
        if flags & _SIZELESS and owner_visible:
            sizeless.add(ref)
        if raw_box is not None:
            x, y, w, h = raw_box
            x += ox
            y += oy
            box = new_box(x, y, w, h)
            in_viewport = visible and x < right and x + w > vx and y < bottom and y + h > vy
        # Positional arguments: Node's field order (this loop runs per kept element).
        append(Node(
            ref, parent, table[tag], table[role], text if name == 1 else name,
            value, text, level, (state_sets.get(states) or state_sets.setdefault(
                states, frozenset(states.split()))) if states else empty,
            _attrs(attrs, table) if attrs else {},
            None if options is None else [
                Option(o[0], o[1], bool(o[2]), bool(o[3])) for o in options],
            box, visible, in_viewport, frame, index, description or "",
        ))
    if sizeless:
        _show_sizeless(nodes, sizeless)
    return nodes


_NEW = Box.__new__
_SET_X, _SET_Y, _SET_W, _SET_H = (getattr(Box, f).__set__ for f in ("x", "y", "width", "height"))


def _new_box(x: float, y: float, w: float, h: float) -> Box:
    """``Box(x, y, w, h)`` without the frozen dataclass's ``__init__`` (a per-node cost):
    the slots are filled through their descriptors."""
    b = _NEW(Box)
    _SET_X(b, x)
    _SET_Y(b, y)
    _SET_W(b, w)
    _SET_H(b, h)
    return b


def _attrs(flat: list[Any], table: list[str]) -> dict[str, str]:
    """``[name, value, …]`` with names (and class values) as string-table indexes."""
    out: dict[str, str] = {}
    for i in range(0, len(flat), 2):
        v = flat[i + 1]
        out[table[flat[i]]] = table[v] if v.__class__ is int else v
    return out


def _show_sizeless(nodes: list[Node], sizeless: set[str]) -> None:
    """A box-less container (display:contents, collapsed floats) is visible when a
    node inside it is: children come after parents, so one backward pass settles it."""
    by_ref = {n.ref: n for n in nodes}
    for node in reversed(nodes):
        if node.visible and node.parent in sizeless:
            parent = by_ref[node.parent]
            parent.visible = True
            sizeless.discard(parent.ref)


def content_origin(owner_row: list[Any] | None, owner_box: Box | None) -> tuple[float, float]:
    """Top-level document coordinates of a child frame's viewport corner.

    ``owner_box`` is the iframe's border box already in top-level coordinates; the
    row's content offset (border + padding) moves it to where the frame's content
    starts.
    """
    if owner_box is None:
        return (0.0, 0.0)
    offset = owner_row[CONTENT_OFFSET] if owner_row and len(owner_row) > CONTENT_OFFSET else None
    dx, dy = offset or (0, 0)
    return (owner_box.x + dx, owner_box.y + dy)
