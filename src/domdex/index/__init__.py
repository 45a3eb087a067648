"""The offline page index: tree, regions, summaries, term index.

``build_index(snapshot)`` is pure: it needs no browser, so captured snapshots kept as
fixtures test everything above capture. A live page builds one per capture. The index
knows nothing of how it is shown or searched: the views and ``find`` / ``grep`` as
methods are :class:`domdex.indexed.IndexedPage`'s, a layer above.
"""

from __future__ import annotations

import copy
import difflib
import re
from typing import Any

from ..errors import RegionNotFoundError
from ..snapshot import Node, Snapshot
from ..words import fold
from . import roles, summary
from .facts import Facts
from .regions import Region, detect_regions
from .terms import build_terms
from .tree import Tree

__all__ = ["PageIndex", "Region", "build_index"]

_REGION_ID = re.compile(r"^\[?\s*(r\d+(?:\.[\w-]+)*)\s*\]?$", re.I)


class PageIndex:
    """Regions and element lookups over one snapshot.

    Other layers (search, session, text) hang their own caches on an index through
    :attr:`cache`, so a matcher built for one capture is dropped with it.
    """

    def __init__(self, snapshot: Snapshot, regions: list[Region] | None = None) -> None:
        """Index ``snapshot``; ``regions`` reuses the regions of an earlier index of the
        same structure (the session's region cache) instead of detecting them again."""
        self.snapshot = snapshot
        self.tree = Tree(snapshot)
        self.nodes: list[Node] = self.tree.nodes
        self.facts = Facts(self.tree)
        self.regions: list[Region] = [copy.copy(r) for r in regions] if regions is not None \
            else detect_regions(self.tree, self.facts)
        self._by_id = {r.id.lower(): r for r in self.regions}
        for r in self.regions:
            r.counts, r.interactive = summary.counts(self.tree, self.facts, r)
            r.purpose = summary.purpose(self.tree, self.facts, r)
            r.summary = summary.summarize(self.tree, self.facts, r)
        self._region_of = self._assign_regions()
        self.term_index: dict[str, list[str]] = build_terms(self.tree, self.facts, self.regions,
                                                            self._region_of, self._by_id)
        self.cache: dict[str, Any] = {}

    # Elements --------------------------------------------------------------------
    def node(self, ref: str) -> Node:
        """The node for a ref (any accepted form); RefError naming the closest refs."""
        return self.tree.node(ref)

    def pos(self, ref: str) -> int:
        return self.tree.pos[self.node(ref).ref]

    def parent(self, ref: str) -> Node | None:
        p = self.tree.parent_pos[self.pos(ref)]
        return self.nodes[p] if p >= 0 else None

    def children(self, ref: str) -> list[Node]:
        return [self.nodes[c] for c in self.tree.child_pos[self.pos(ref)]]

    def ancestors(self, ref: str) -> list[Node]:
        """Ancestors, nearest first."""
        return [self.nodes[p] for p in self.tree.ancestors(self.pos(ref))]

    def xpath(self, ref: str) -> str:
        return self.tree.xpath(self.pos(ref))

    @staticmethod
    def is_interactive(node: Node) -> bool:
        return roles.is_interactive(node)

    @staticmethod
    def kind(node: Node) -> str:
        return roles.kind(node)

    @staticmethod
    def is_primary(node: Node) -> bool:
        return summary.is_primary(node)

    def interactive_nodes(self, include_hidden: bool = False) -> list[Node]:
        f = self.facts
        return [self.nodes[i] for i in f.inter_pos if include_hidden or f.visible[i]]

    def heading_of(self, ref: str) -> Node | None:
        """The nearest heading before the node, inside the same top-level region."""
        i = self.pos(ref)
        top = self.top_region_of_pos(i)
        floor = top.start if top else 0
        j = i - 1
        while j >= floor:
            n = self.nodes[j]
            if roles.is_heading(n) and n.visible:
                return n
            j -= 1
        return None

    # Regions ---------------------------------------------------------------------
    @property
    def top_regions(self) -> list[Region]:
        return [r for r in self.regions if r.depth == 0]

    def region(self, rid: str) -> Region:
        """A region by id (``R2``, ``r2.filters``, ``[R2]``) or by unique name."""
        found = self._by_id.get(rid.lower())  # an id as find's routing gives it: at once
        if found is not None:
            return found
        key = rid.strip()
        m = _REGION_ID.match(key)
        if m:
            found = self._by_id.get(m.group(1).lower())
            if found:
                return found
        lowered = fold(key).replace(" ", "")  # a display name in any script, any accents
        by_name = [r for r in self.regions
                   if fold(r.name).replace(" ", "") == lowered
                   or r.id.split(".")[-1].lower() == lowered]
        if len(by_name) == 1:
            return by_name[0]
        raise self._region_error(rid, by_name)

    def _region_error(self, rid: str, ambiguous: list[Region]) -> RegionNotFoundError:
        ids = [r.id for r in self.regions]
        if ambiguous:
            names = ", ".join(r.id for r in ambiguous)
            return RegionNotFoundError(
                f"{rid!r} names several regions: {names}. Use one of those ids.",
                rid, ids, ambiguous[0].id,
            )
        lowered = {r.id.lower(): r.id for r in self.regions}
        lowered.update({r.name.lower(): r.id for r in self.regions if r.name})
        close = difflib.get_close_matches(rid.lower(), list(lowered), n=1, cutoff=0.4)
        closest = lowered[close[0]] if close else None
        shown = ", ".join(ids[:25]) + (f", … ({len(ids)} in all)" if len(ids) > 25 else "")
        hint = f" Closest: {closest}." if closest else ""
        if not ids:
            return RegionNotFoundError(f"No region {rid!r}: this page has no regions.", rid, ids,
                                       None)
        return RegionNotFoundError(
            f"No region {rid!r} on this page.{hint} Regions: {shown}.", rid, ids, closest
        )

    def region_of(self, ref: str) -> Region | None:
        """The deepest region holding the node (``None`` for page-level wrappers)."""
        return self._region_of[self.pos(ref)]

    def region_of_pos(self, i: int) -> Region | None:
        return self._region_of[i]

    def top_region_of_pos(self, i: int) -> Region | None:
        r = self._region_of[i]
        while r is not None and r.parent is not None:
            r = self._by_id[r.parent.lower()]
        return r

    def subregions(self, region: Region) -> list[Region]:
        return [self._by_id[c.lower()] for c in region.children]

    def region_path(self, ref: str) -> list[Region]:
        """Regions from the top-level one down to the deepest holding the node."""
        r = self.region_of(ref)
        out: list[Region] = []
        while r is not None:
            out.append(r)
            r = self._by_id[r.parent.lower()] if r.parent else None
        return out[::-1]

    def _assign_regions(self) -> list[Region | None]:
        out: list[Region | None] = [None] * len(self.nodes)
        for r in sorted(self.regions, key=lambda r: r.depth):
            for i in range(r.start, r.stop):
                out[i] = r
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "url": self.snapshot.url,
            "title": self.snapshot.title,
            "regions": [r.to_dict() for r in self.regions],
            "terms": len(self.term_index),
        }


def build_index(snapshot: Snapshot) -> PageIndex:
    """Index a snapshot: pure, offline, no browser needed."""
    return PageIndex(snapshot)
