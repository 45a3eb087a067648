"""Pagers: "the next page" where the pager has no *Next* link, only numbers.

A pager is two or more links (or buttons) named by whole numbers in one container (or
in list items of one list). The current page is the number marked ``aria-current``, or
the one number in that container that is not a link (a ``<b>2</b>``, a ``<span>``) and
sits next to a linked one. The next page is the link named one more than the current,
the previous one less. Without a current page there is no guess: "next" after an
unknown page is not any number.
"""

from __future__ import annotations

import bisect
import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .matcher import SearchIndex

__all__ = ["STEP_WORDS", "pager_step"]

#: Request words that step through pages, and the step.
STEP_WORDS = {"next": 1, "following": 1, "previous": -1, "prev": -1, "preceding": -1}
_ITEMS = frozenset({"listitem", "li"})
_DIGITS = re.compile(r"(?<![\w.,:/-])\d{1,6}(?![\w.,:/-])")


def _container(idx: Any, pos: int) -> int | None:
    """The pager's container of the node at ``pos``: its parent, or its list item's."""
    parent: int = idx.tree.parent_pos[pos]
    if parent < 0:
        return None
    node = idx.nodes[parent]
    if node.role in _ITEMS or node.tag in _ITEMS:
        grand: int = idx.tree.parent_pos[parent]
        return grand if grand >= 0 else None
    return parent


def _number(text: str) -> int | None:
    text = text.strip()
    return int(text) if text.isdecimal() and len(text) <= 6 else None


def _current(idx: Any, container: int, links: dict[int, int]) -> int | None:
    """The current page's number in ``container``: an ``aria-current`` link, else the
    one number there that is not a link."""
    marked = [n for p, n in links.items()
              if idx.nodes[p].attrs.get("aria-current", "false") not in ("false", "")]
    if len(marked) == 1:
        return marked[0]
    plain: set[int] = set()
    tree = idx.tree
    at = sorted(links)
    for child in tree.child_pos[container]:
        for p in (child, *tree.child_pos[child]):
            node = idx.nodes[p]
            k = bisect.bisect_left(at, p)
            if p in links or idx.is_interactive(node) or not node.visible or \
                    (k < len(at) and at[k] < tree.end[p]):
                continue  # a list item holding a link says that link's number
            n = _number(node.text or node.name)
            if n is not None:
                plain.add(n)
    # a current page in plain inline text (<b>2</b>) is no node of its own: the number
    # the container's text shows beside the links' numbers
    numbers = set(links.values())
    own = idx.nodes[container]
    plain |= {int(w) for w in _DIGITS.findall(own.text or "") if w.isdecimal()} - numbers
    plain = {n for n in plain if n - 1 in numbers or n + 1 in numbers}
    return plain.pop() if len(plain) == 1 else None


def pager_step(si: SearchIndex, step: int) -> int | None:
    """The candidate (a ``si`` index) of the page ``step`` away from the current one in
    the page's first pager that marks its current page; None when there is none.
    Worked out once per page and step (the pass looks at every candidate)."""
    done: dict[int, int | None] = si.derived.setdefault("pager_step", {})
    if step not in done:
        done[step] = _pager_step(si, step)
    return done[step]


def _pager_step(si: SearchIndex, step: int) -> int | None:
    idx = si.idx
    if not hasattr(idx, "tree"):
        return None
    groups: dict[int, dict[int, int]] = {}
    k_of: dict[int, int] = {}
    for k in range(si.n):
        if si.hidden[k] or not (si.role_link[k] or si.roles[k] == "button"):
            continue
        n = _number(si.norm_names[k])
        if n is None:
            continue
        pos = int(si.pos[k])
        container = _container(idx, pos)
        if container is not None:
            groups.setdefault(container, {})[pos] = n
            k_of[pos] = k
    for container, links in groups.items():
        if len(links) < 2:
            continue
        current = _current(idx, container, links)
        if current is None:
            continue
        want = [p for p, n in links.items() if n == current + step]
        if want:
            return k_of[want[0]]
    return None
