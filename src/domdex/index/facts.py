"""Per-node facts computed once per index, and range queries over them.

Regions are nested ranges of tree positions; computing "interactive elements in R2"
by walking the range again for every region, summary and term list made indexing a
16k-element page cost half a second. Here every per-node fact is computed in one pass,
and a region asks for its slice through prefix sums and sorted position lists.
"""

from __future__ import annotations

import bisect
import re
from functools import lru_cache
from itertools import accumulate

from . import roles
from .labels import label
from .tree import Tree

_SEARCH = re.compile(r"\bsearch", re.I)
_FILTER = re.compile(r"\bfilter", re.I)
_PAGER = re.compile(r"^(next|previous|prev|first|last|«|»|‹|›|\d{1,3})$", re.I)
_PRIMARY_CLASS = re.compile(
    r"(^|[-_\s])(primary|cta|main-action|btn-primary|submit)($|[-_\s])", re.I
)


def is_primary_attrs(attrs: dict[str, str]) -> bool:
    return _primary_class(attrs.get("class", "")) or attrs.get("data-primary") == "true"


@lru_cache(maxsize=4096)
def _primary_class(classes: str) -> bool:
    """Whether a class attribute marks a main action; a page repeats a few class
    strings thousands of times, and the matcher asks for every element it describes."""
    return bool(_PRIMARY_CLASS.search(classes))


class Facts:
    """Arrays indexed by tree position, plus prefix sums for range counts."""

    def __init__(self, tree: Tree) -> None:
        self.tree = tree
        nodes = tree.nodes
        self.interactive = [roles.is_interactive(n) for n in nodes]
        self.kind = [roles.kind(n) if self.interactive[i] else "" for i, n in enumerate(nodes)]
        self.heading = [roles.is_heading(n) for n in nodes]
        self.landmark = [roles.landmark(n) for n in nodes]
        self.visible = [n.visible for n in nodes]
        self.primary = [self.interactive[i] and is_primary_attrs(n.attrs)
                        for i, n in enumerate(nodes)]
        self.landmark_pos = [i for i, lm in enumerate(self.landmark) if lm]
        self.inter_pos = [i for i, f in enumerate(self.interactive) if f]
        content = [1 if (self.interactive[i] or n.text or self.heading[i]) else 0
                   for i, n in enumerate(nodes)]
        paragraph = [1 if (n.role == "paragraph" or n.tag == "p") and n.visible else 0
                     for n in nodes]
        row = [1 if (n.role == "row" or n.tag == "tr") and n.visible else 0 for n in nodes]
        self._content = [0, *accumulate(content)]
        self._inter = [0, *accumulate(1 if f else 0 for f in self.interactive)]
        self._paragraph = [0, *accumulate(paragraph)]
        self._row = [0, *accumulate(row)]
        self.row_pos = [i for i, r in enumerate(row) if r]
        # Word flags of controls, read once here instead of once per enclosing region;
        # "all" includes hidden controls, to describe hidden regions by what they hold.
        self.flags: dict[str, list[int]] = {k: [] for k in (
            "password", "search", "filter", "pager",
            "password/all", "search/all", "filter/all", "pager/all")}
        for i in self.inter_pos:
            n = nodes[i]
            name = label(n)
            kind = self.kind[i]
            found = []
            if n.attrs.get("type") == "password":
                found.append("password")
            if n.role == "searchbox" or (kind == "input" and _SEARCH.search(name)):
                found.append("search")
            if kind == "button" and _FILTER.search(name):
                found.append("filter")
            if _PAGER.match(name):
                found.append("pager")
            for flag in found:
                self.flags[flag + "/all"].append(i)
                if n.visible:
                    self.flags[flag].append(i)

    def flagged(self, flag: str, start: int, stop: int, visible: bool = True) -> int:
        """How many controls in ``[start, stop)`` carry ``flag`` (password, search …)."""
        return self.count_in(self.flags[flag if visible else flag + "/all"], start, stop)

    def content(self, start: int, stop: int) -> int:
        return self._content[stop] - self._content[start]

    def interactive_in(self, start: int, stop: int) -> int:
        return self._inter[stop] - self._inter[start]

    def paragraphs_in(self, start: int, stop: int) -> int:
        return self._paragraph[stop] - self._paragraph[start]

    def rows_in(self, start: int, stop: int) -> list[int]:
        lo = bisect.bisect_left(self.row_pos, start)
        hi = bisect.bisect_left(self.row_pos, stop)
        return self.row_pos[lo:hi]

    @staticmethod
    def count_in(positions: list[int], start: int, stop: int) -> int:
        """How many of the sorted ``positions`` fall in ``[start, stop)``."""
        return bisect.bisect_left(positions, stop) - bisect.bisect_left(positions, start)

    def interactive_positions(self, start: int, stop: int) -> list[int]:
        lo = bisect.bisect_left(self.inter_pos, start)
        hi = bisect.bisect_left(self.inter_pos, stop)
        return self.inter_pos[lo:hi]

    def has_landmark_inside(self, i: int) -> bool:
        end = self.tree.end[i]
        k = bisect.bisect_right(self.landmark_pos, i)
        return k < len(self.landmark_pos) and self.landmark_pos[k] < end
