"""The tree every foreign format is read into, and how it becomes a Snapshot.

Aria YAML and accessibility-tree dicts describe the same thing in two notations: a
tree of roles and names with a few states, text mixed in among the children, and no
tags or (usually) boxes. Each parser only turns its notation into :class:`Entry`
objects; :func:`build_snapshot` then does what both need, once: it keeps or assigns
refs, folds text into the nodes a person reads it in, folds ``<select>`` options into
``Node.options``, finds iframe contents, and numbers same-role siblings for xpaths.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..errors import RefError, SnapshotError
from ..snapshot import Box, FrameInfo, Node, Option, Snapshot, parse_ref

#: Roles whose text is what they hold (inputs), so their text becomes ``Node.value``.
VALUE_ROLES = frozenset({"textbox", "searchbox", "combobox", "spinbutton", "slider",
                         "progressbar", "meter", "scrollbar"})

#: Roles read as one block of text; their ``Node.text`` is all the text inside them,
#: as capture does for paragraphs, cells, links, buttons …
TEXT_BLOCK_ROLES = frozenset({
    "paragraph", "heading", "listitem", "cell", "gridcell", "columnheader", "rowheader",
    "link", "button", "menuitem", "menuitemcheckbox", "menuitemradio", "tab", "option",
    "treeitem", "caption", "term", "definition", "blockquote", "label", "legend",
    "alert", "status", "note", "tooltip", "code", "emphasis", "strong", "figcaption",
    "checkbox", "radio", "switch",
})

#: Roles whose accessible name comes from their content, so a nameless text is the name.
NAME_FROM_CONTENT = frozenset({
    "link", "button", "heading", "cell", "gridcell", "columnheader", "rowheader", "option",
    "menuitem", "menuitemcheckbox", "menuitemradio", "tab", "treeitem", "tooltip",
    "checkbox", "radio", "switch",
})

#: Roles of inline pieces of text (``<code>``, ``<em>``, a ``<span>``) that a text block
#: reads as its own text; capture keeps none of them inside a block.
INLINE_ROLES = frozenset({"generic", "code", "emphasis", "strong", "subscript",
                          "superscript", "mark", "time", "deletion", "insertion", "text"})

#: Roles whose ``option`` children are folded into ``Node.options`` (a ``<select>``).
SELECT_ROLES = frozenset({"combobox"})

TEXT_CAP = 500

#: Deepest tree a foreign snapshot may hold. A page's tree is far shallower (Chromium's
#: HTML parser stops nesting at 512 elements, and accessibility trees drop most of them);
#: the tree is walked recursively, so anything deeper is refused, not overflowed.
MAX_DEPTH = 256

_REF_PARTS = re.compile(r"^(?P<prefix>.*?)e(?P<num>\d+)$")
_FRAME_PREFIX = re.compile(r"^f\d+$")
_SPACES = re.compile(r"\s+")


@dataclass
class Entry:
    """One element of a foreign tree, before it becomes a :class:`Node`.

    ``children`` mixes entries and strings (text runs) in document order. ``where``
    locates the entry in its source ("line 12", "children[3]") for error messages.
    """

    role: str
    name: str = ""
    ref: str | None = None
    value: str | None = None
    description: str = ""
    level: int | None = None
    states: set[str] = field(default_factory=set)
    attrs: dict[str, str] = field(default_factory=dict)
    box: Box | None = None
    children: list[Entry | str] = field(default_factory=list)
    where: str = ""


def normalise_ref(raw: object, where: str = "") -> str:
    """A foreign ref in domdex's canonical form; anything else is a SnapshotError.

    ``e5``, ``@e5``, ``[ref=E5]`` and ``5`` become ``e5``; Playwright MCP's older
    ``s1e3`` is kept as ``s1e3``. Other spellings (``btn-1``) are refused: the index
    finds nodes by canonical ref and could not look them up.
    """
    text = str(raw).strip()
    try:
        return parse_ref(text)
    except RefError:  # other spellings ('btn-1') could not be looked up in the index
        pass
    at = f" at {where}" if where else ""
    raise SnapshotError(
        f"The ref {text!r}{at} is not a ref. Refs look like 'e12' or 'f1e3'; remove it or "
        "fix it and load the snapshot again."
    )


def too_deep(where: str) -> SnapshotError:
    at = f" at {where}" if where else ""
    return SnapshotError(
        f"The snapshot is nested too deeply to read{at}: domdex reads trees up to "
        f"{MAX_DEPTH} levels deep. Snapshot a smaller part of the page."
    )


def collapse(text: str) -> str:
    """Whitespace-collapsed text, capped like capture caps it."""
    text = _SPACES.sub(" ", text).strip()
    return text if len(text) <= TEXT_CAP else text[: TEXT_CAP - 1] + "…"


def build_snapshot(roots: Iterable[Entry | str], *, source: str, url: str = "",
                   title: str = "") -> Snapshot:
    """Turn a foreign tree into a validated :class:`Snapshot` of ``source``."""
    try:
        builder = _Builder(list(roots))
    except RecursionError as exc:  # MAX_DEPTH keeps the parsers below this; a safety net
        raise too_deep("") from exc
    snap = Snapshot(url=url, title=title, source=source, nodes=builder.nodes,
                    frames=builder.frames)
    snap.validate()
    return snap


class _Builder:
    """Walks the entries once in document order, emitting nodes and frames."""

    def __init__(self, roots: list[Entry | str]) -> None:
        self.nodes: list[Node] = []
        self.frames: list[FrameInfo] = []
        self._seen: dict[str, str] = {}
        self._next: dict[str, int] = {}
        self._reserve_refs(roots)
        self._emit_children(roots, parent=None, prefix="", frame="")

    # Refs ------------------------------------------------------------------------
    def _reserve_refs(self, roots: list[Entry | str]) -> None:
        """Check foreign refs are unique and note the highest number per prefix."""
        for entry in _walk(roots):
            if entry.ref is None:
                continue
            if entry.ref in self._seen:
                raise SnapshotError(
                    f"The ref {entry.ref!r} appears twice ({self._seen[entry.ref]} and "
                    f"{entry.where}); a snapshot's refs must be unique."
                )
            self._seen[entry.ref] = entry.where or "?"
            m = _REF_PARTS.match(entry.ref)
            if m:
                prefix, num = m.group("prefix"), int(m.group("num"))
                self._next[prefix] = max(self._next.get(prefix, 1), num + 1)

    def _fresh_ref(self, prefix: str) -> str:
        """The next unused ref with ``prefix`` (``e1``, ``e2`` … when there are none)."""
        num = self._next.get(prefix, 1)
        while f"{prefix}e{num}" in self._seen:
            num += 1
        self._next[prefix] = num + 1
        ref = f"{prefix}e{num}"
        self._seen[ref] = "(assigned)"
        return ref

    # Tree --------------------------------------------------------------------------
    def _emit_children(self, items: list[Entry | str], parent: str | None, prefix: str,
                       frame: str) -> None:
        counts: dict[str, int] = {}
        for item in items:
            if isinstance(item, Entry):
                counts[item.role] = counts.get(item.role, 0) + 1
                self._emit(item, parent, prefix, frame, counts[item.role])
            elif parent is None and item.strip():
                self._emit(Entry(role="", children=[item]), None, prefix, frame, 1)

    def _emit(self, entry: Entry, parent: str | None, prefix: str, frame: str,
              index: int) -> None:
        ref = entry.ref or self._fresh_ref(prefix)
        m = _REF_PARTS.match(ref)
        own_prefix = m.group("prefix") if m and entry.ref else prefix
        node = _node(entry, ref, parent, frame, index)
        self.nodes.append(node)
        children = [c for c in entry.children
                    if not (entry.role in SELECT_ROLES and isinstance(c, Entry)
                            and c.role == "option")]
        if entry.role in TEXT_BLOCK_ROLES:  # its inline pieces are its text, as captured
            children = [c for c in children if not (isinstance(c, Entry) and _inline(c))]
        if entry.role == "iframe":
            frame, own_prefix = self._enter_frame(entry, ref, frame, own_prefix)
        self._emit_children(children, ref, own_prefix, frame)

    def _enter_frame(self, entry: Entry, ref: str, frame: str, prefix: str) -> tuple[str, str]:
        """Register the frame an ``iframe`` entry holds; returns its id and ref prefix."""
        inner = next((e.ref for e in _walk(entry.children) if e.ref), None)
        m = _REF_PARTS.match(inner) if inner else None
        inner_prefix = m.group("prefix") if m else ""
        known = {f.id for f in self.frames}
        if _FRAME_PREFIX.match(inner_prefix) and inner_prefix not in known | {frame}:
            frame_id = inner_prefix
        else:
            k = 1
            while f"f{k}" in known or f"f{k}" == frame:
                k += 1
            frame_id = f"f{k}"
        self.frames.append(FrameInfo(frame_id, entry.attrs.get("src", ""), ref, entry.name))
        return frame_id, (inner_prefix if m else frame_id)


def _node(entry: Entry, ref: str, parent: str | None, frame: str, index: int) -> Node:
    own_text = collapse(" ".join(c for c in entry.children if isinstance(c, str)))
    value = entry.value
    options = _options(entry) if entry.role in SELECT_ROLES else None
    if entry.role in VALUE_ROLES:
        if value is None and own_text:
            value = own_text
        if value is None and options:
            value = next((o.label for o in options if o.selected), None)
        text = ""
    elif entry.role in TEXT_BLOCK_ROLES:
        text = collapse(_full_text(entry))
    else:
        text = own_text
    return Node(
        ref=ref, parent=parent, tag="", role=entry.role, name=entry.name, value=value,
        text=text, level=entry.level, states=frozenset(entry.states), attrs=dict(entry.attrs),
        options=options or None, box=entry.box, frame=frame, index=index,
        description=entry.description,
    )


def _inline(entry: Entry) -> bool:
    """A piece of a text block's text and nothing more (``code``, ``emphasis``, a
    ``generic`` span, holding only such pieces): capture folds these into the block,
    so a paragraph or a signature is one element whose text reads whole. Kept as its
    own element: anything clickable, named or with a value."""
    return (entry.role in INLINE_ROLES and not entry.name and entry.value is None
            and "clickable" not in entry.states
            and all(isinstance(c, str) or _inline(c) for c in entry.children))


def _options(entry: Entry) -> list[Option]:
    return [Option(label=c.name or collapse(_full_text(c)), value=c.value or "",
                   selected="selected" in c.states, disabled="disabled" in c.states)
            for c in entry.children if isinstance(c, Entry) and c.role == "option"]


def _full_text(entry: Entry) -> str:
    """All the text a person reads inside ``entry``, in order."""
    parts: list[str] = []
    for child in entry.children:
        if isinstance(child, str):
            parts.append(child)
        elif child.role not in VALUE_ROLES:
            parts.append(_full_text(child))
    text = _join([p.strip() for p in parts if p and p.strip()])
    if not text.strip() and entry.role in NAME_FROM_CONTENT:
        return entry.name
    return text


def _join(parts: list[str]) -> str:
    """Pieces of text (an aria snapshot's lines) joined as a page shows them. The
    snapshot drops the spaces between elements, so a space goes between two pieces
    unless punctuation binds them: a signature's ``os.`` + ``walk`` + ``(`` … ``)``
    reads ``os.walk(top, …)``, not ``os. walk ( top``, and the request "os.walk" meets
    it. A piece of prose ending a sentence ("… the end.") has spaces of its own and
    keeps the space after it."""
    out = ""
    prev = ""
    for part in parts:
        if prev and not _binds(prev, part):
            out += " "
        out += part
        prev = part
    return out


def _binds(prev: str, nxt: str) -> bool:
    if nxt[0] in ")]},.:;" or prev[-1] in "([":
        return True
    if nxt[0] == "(" and (prev[-1].isalnum() or prev[-1] == "_") and \
            not nxt[1:2].isdigit():
        return True  # a call: walk( — not a count: "Inbox" "(3)"
    return prev.endswith(".") and not any(c.isspace() for c in prev) and len(prev) > 1 \
        and (nxt[0].isalnum() or nxt[0] == "_")  # a dotted name: os. + walk


def _walk(items: Iterable[Entry | str]) -> Iterable[Entry]:
    for item in items:
        if isinstance(item, Entry):
            yield item
            yield from _walk(item.children)
