"""The node tree rebuilt from a snapshot, with subtrees as index ranges.

Nodes come in document (pre-)order, so every subtree is a contiguous slice
``nodes[pos : end[pos]]``. Regions, counts and "is X inside Y" then cost a range
check instead of a walk, which keeps indexing a 16k-element page in milliseconds.
"""

from __future__ import annotations

import difflib
import re

from ..errors import RefError
from ..snapshot import Node, Snapshot, parse_ref


class Tree:
    """Parent/children links, depths and subtree ranges over a snapshot's nodes."""

    def __init__(self, snapshot: Snapshot) -> None:
        self.snapshot = snapshot
        self.nodes: list[Node] = snapshot.nodes if _is_preorder(snapshot.nodes) \
            else _preorder(snapshot.nodes)
        self.pos: dict[str, int] = {n.ref: i for i, n in enumerate(self.nodes)}
        n = len(self.nodes)
        self.parent_pos: list[int] = [-1] * n
        self.depth: list[int] = [0] * n
        self.end: list[int] = [0] * n
        self.child_pos: list[list[int]] = [[] for _ in range(n)]
        self.roots: list[int] = []
        stack: list[int] = []
        for i, node in enumerate(self.nodes):
            p = self.pos.get(node.parent) if node.parent is not None else None
            while stack and stack[-1] != p:
                self.end[stack.pop()] = i
            if p is None:
                while stack:
                    self.end[stack.pop()] = i
                self.roots.append(i)
            else:
                self.parent_pos[i] = p
                self.depth[i] = self.depth[p] + 1
                self.child_pos[p].append(i)
            stack.append(i)
        while stack:
            self.end[stack.pop()] = n

    # Lookups -------------------------------------------------------------------
    def node(self, ref: str) -> Node:
        """The node for a ref in any accepted form; a RefError names the closest refs."""
        canonical = parse_ref(ref)
        i = self.pos.get(canonical)
        if i is None:
            raise RefError(self._unknown_ref_message(ref, canonical), ref=ref)
        return self.nodes[i]

    def _unknown_ref_message(self, ref: str, canonical: str) -> str:
        if not self.nodes:
            return f"No element {ref!r}: this page has no elements."
        close = difflib.get_close_matches(canonical, list(self.pos), n=3, cutoff=0.6)
        hint = f" Closest: {', '.join('@' + c for c in close)}." if close else ""
        return (
            f"No element @{canonical} on this page ({len(self.nodes)} elements, "
            f"refs {self.nodes[0].ref}…{self.nodes[-1].ref}).{hint} Refs come from the "
            "latest regions / expand / grep / find output; look again if the page changed."
        )

    def parent(self, i: int) -> int:
        return self.parent_pos[i]

    def ancestors(self, i: int) -> list[int]:
        """Positions of the ancestors of ``i``, nearest first."""
        out = []
        p = self.parent_pos[i]
        while p >= 0:
            out.append(p)
            p = self.parent_pos[p]
        return out

    def contains(self, outer: int, inner: int) -> bool:
        return outer <= inner < self.end[outer]

    def subtree(self, i: int) -> range:
        return range(i, self.end[i])

    def size(self, i: int) -> int:
        return self.end[i] - i

    # Paths ---------------------------------------------------------------------
    def step(self, i: int) -> str:
        """One xpath step: ``tag#id``, ``tag.class`` or ``tag[n]``."""
        node = self.nodes[i]
        tag = node.tag or node.role or "node"
        ident = node.attrs.get("id", "")
        if ident and _SIMPLE.match(ident):
            return f"{tag}#{ident}"
        cls = node.attrs.get("class", "").split()
        label = f"{tag}.{cls[0]}" if cls and _SIMPLE.match(cls[0]) else tag
        return f"{label}[{node.index}]" if node.index > 1 else label

    def xpath(self, i: int) -> str:
        """A readable xpath: ``/body/main#content/section.filters/button[2]``.

        Steps above ``body`` are dropped; a frame's nodes are prefixed with the frame id.
        """
        chain = [p for p in reversed(self.ancestors(i)) if self.nodes[p].tag != "html"]
        steps = [self.step(p) for p in chain]
        steps.append(self.step(i))
        top = self.nodes[chain[0] if chain else i]
        if top.tag and top.tag != "body" and self.snapshot.source == "domdex":
            steps.insert(0, "body")  # capture keeps body's children as roots
        path = "/" + "/".join(steps)
        frame = self.nodes[i].frame
        return f"{frame}:{path}" if frame else path


def _is_preorder(nodes: list[Node]) -> bool:
    """True when every parent is an ancestor still open at its child (the usual case)."""
    stack: list[str] = []
    for n in nodes:
        p = n.parent
        if p is None:
            stack.clear()
        else:
            while stack and stack[-1] != p:
                stack.pop()
            if not stack:
                return False
        stack.append(n.ref)
    return True


def _preorder(nodes: list[Node]) -> list[Node]:
    """Nodes in pre-order even when a frame's nodes were appended after their iframe's."""
    known = {n.ref for n in nodes}
    children: dict[str | None, list[Node]] = {}
    for n in nodes:
        key = n.parent if n.parent in known else None
        children.setdefault(key, []).append(n)
    out: list[Node] = []
    stack = list(reversed(children.get(None, [])))
    while stack:
        n = stack.pop()
        out.append(n)
        stack.extend(reversed(children.get(n.ref, ())))
    return out


_SIMPLE = re.compile(r"^[A-Za-z_][\w-]{0,40}$")
