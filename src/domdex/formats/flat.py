"""A flat snapshot's structure, read back from the order of its roles.

Some tools hand an agent the page as a flat list of elements: every line at the same
level, ``- row``, ``- cell "Kraków"``, ``- cell "1257"``, … with no nesting. Read as it
is, such a list has no tables (a cell knows neither its row nor its column), no lists
and no menus, and find cannot answer "the founding year of Kraków".

The order still tells the structure, as a person reading the list would take it: cells
after a row belong to that row until the next row, rows to the table or row group
before them, items to the list before them, options to their listbox, tabs to their
tab list, menu items to their menu. :func:`nest_flat` rebuilds that nesting, and only
for an input with no nesting at all: a snapshot that nests anything is taken as
given. An element after a cell or item goes inside it only when that cell or item has
no name of its own (``- cell`` then ``- link "SKU-1021"``), its name holds the
element's (the cell's text is the link's) or the element has no name (a sort icon);
anything else closes the structure, since a
flat list does not say where a table ends and a guess must not pull the page's next
link into the last row.
"""

from __future__ import annotations

from .outline import Entry

#: What each kind of container holds directly: a child of one of these roles opens
#: inside the nearest open container that may hold it.
_HOLDS: dict[str, frozenset[str]] = {
    "row": frozenset({"table", "grid", "treegrid", "rowgroup"}),
    "rowgroup": frozenset({"table", "grid", "treegrid"}),
    "cell": frozenset({"row"}),
    "gridcell": frozenset({"row"}),
    "columnheader": frozenset({"row"}),
    "rowheader": frozenset({"row"}),
    "listitem": frozenset({"list"}),
    "option": frozenset({"listbox", "combobox", "group"}),
    "tab": frozenset({"tablist"}),
    "menuitem": frozenset({"menu", "menubar", "group"}),
    "menuitemcheckbox": frozenset({"menu", "menubar", "group"}),
    "menuitemradio": frozenset({"menu", "menubar", "group"}),
    "treeitem": frozenset({"tree", "group"}),
    "term": frozenset({"list"}),
    "definition": frozenset({"list"}),
}
#: Containers a flat list opens (what the roles above may sit in).
_CONTAINERS = frozenset(r for parents in _HOLDS.values() for r in parents) - {"group"}
#: Containers whose element content follows them in a flat list (a cell's link).
_CONTENT = frozenset({"cell", "gridcell", "columnheader", "rowheader", "listitem",
                      "treeitem", "term", "definition"})
#: Fewest entries worth reading structure into.
_MIN_ENTRIES = 3


def is_flat(roots: list[Entry | str]) -> bool:
    """Whether no entry of ``roots`` holds another entry (text runs do not count)."""
    entries = [r for r in roots if isinstance(r, Entry)]
    return len(entries) >= _MIN_ENTRIES and not any(
        isinstance(c, Entry) for e in entries for c in e.children)


def nest_flat(roots: list[Entry | str]) -> list[Entry | str]:
    """``roots`` nested by the order of their roles when they are flat, else unchanged."""
    if not is_flat(roots):
        return roots
    out: list[Entry | str] = []
    stack: list[Entry] = []  # open containers, outermost first

    def put(item: Entry | str) -> None:
        (stack[-1].children if stack else out).append(item)

    for item in roots:
        if isinstance(item, str):
            put(item)
            continue
        parents = _HOLDS.get(item.role)
        if parents is not None:
            while stack and stack[-1].role not in parents:
                stack.pop()
            put(item)
            stack.append(item)
            continue
        if item.role in _CONTAINERS:
            stack.clear()  # a new table or list: the old one has ended
            out.append(item)
            stack.append(item)
            continue
        while stack and not _inside(stack[-1], item):
            stack.pop()  # a plain element after a table's or list's own items: it ended
        put(item)
    return out


def _inside(container: Entry, item: Entry) -> bool:
    """Whether a plain ``item`` after an open cell or item is its content."""
    if container.role not in _CONTENT:
        return False
    own = container.name.casefold()
    return not own or not item.name or item.name.casefold() in own
