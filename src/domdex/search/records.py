"""Listings: a page's repeated records, for "the third post", "the 7th search result",
"the first employee's record", "the category of the second product".

An ordinal in a request usually counts the items of a listing — rows of a table, posts
of a blog, results of a search, cards of a grid — not elements that look alike. Those
items rarely carry the noun the request uses: a post's title link says *Lisbon by
Tram*, not "post". What names them is around them: the records' markup
(``<article class="post">``, ``<tr>``, ``<li class="result">``), the heading over the
listing (*employees — 160 rows*, *Images*), what each record holds (a picture).

A listing is found without knowing the site: children of one parent that share their
shape (tag, role and the first class name without its digits), two or more of them,
each holding more than a bare text. Table rows made only of header cells are not
records.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ..words import IDENTIFIER_PARTS
from .lexical import stem, tokens

__all__ = ["RECORD_WORDS", "Listing", "in_reading_order", "listings"]

#: What a record is called, by its tag or role.
_KIND_WORDS = {
    "tr": "row record entry", "row": "row record entry", "li": "item entry",
    "listitem": "item entry", "article": "article post entry story", "option": "option",
    "dt": "term entry", "section": "section", "figure": "figure image picture",
    "img": "image picture photo",
}
_PICTURE = "image picture photo thumbnail"
#: Words that call any record what it is ("the fourth item", "the second entry"): no page
#: need write them for a request to count by them.
RECORD_WORDS = frozenset(" ".join(_KIND_WORDS.values()).split()) | frozenset(str.split(
    "one thing product line result email message account"))
_DIGITS = re.compile(r"\d+")
_HEADER_CELLS = frozenset({"th", "columnheader"})
#: Siblings that are never records: a table's row groups (its head and body, which an
#: aria snapshot gives one role) are structure, the records are their rows; a row's
#: header cells label the records (an aria snapshot's header cells share one shape).
_NOT_RECORDS = frozenset({"br", "hr", "script", "style", "thead", "tbody", "tfoot", "th"})
_NOT_RECORD_ROLES = frozenset({"rowgroup", "columnheader", "rowheader",
                               # controls side by side are a toolbar (a row's ✎ and ⋯),
                               # not records; a list of links or options is a listing
                               "button", "checkbox", "radio", "switch", "textbox",
                               "searchbox", "combobox", "slider", "spinbutton", "tab"})
_MAX_CLASS_WORDS = 6


@dataclass(slots=True)
class Listing:
    """One group of records: their node positions (in the order they are counted on
    the screen, :func:`in_reading_order`), the stems of the words that say what they
    all are, and of each record's own label (its ``aria-label``: *Paragraph block*,
    *Image block*), which says what that one is: "the second paragraph" counts the
    records labelled so, not every block."""

    records: list[int]
    words: frozenset[str]
    labels: list[frozenset[str]]


def listings(idx: Any, heading_of: Any) -> list[Listing]:
    """The page's listings. ``heading_of(pos)`` gives the heading and region words over
    a node (the descriptors know them)."""
    out = []
    for p, shape, shown in _groups(idx):
        ordered = in_reading_order(shown, lambda c: idx.nodes[c].box)
        labels = [_stems(idx.nodes[c].attrs.get("aria-label", "")) for c in ordered]
        out.append(Listing(ordered, _words(idx, p, shown, shape, heading_of, labels),
                           labels))
    return out


def in_reading_order(items: list[int], box_of: Callable[[int], Any]) -> list[int]:
    """``items`` (in document order) in the order a person counts them on the screen,
    where that is clear: "the first tab", "the last message" count what is shown, and
    CSS ``order`` or a ``column-reverse`` chat (newest at the bottom, first in the
    markup) show items in another order than the markup's.

    One column of items: from the top. One line: the markup's order when it runs along
    the line either way (a right-to-left page's runs leftwards), else from the left.
    Items on several lines of several items (a grid flowing by columns): the markup's
    order, for counting along rows or down columns would give different answers. Items
    whose boxes overlap a line by half their height share it. Document order when any
    item has no box (hidden, or a capture without geometry)."""
    boxes = [box_of(i) for i in items]
    if len(items) < 2 or any(b is None or b.width <= 0 or b.height <= 0 for b in boxes):
        return items
    lines: list[tuple[float, float, list[int]]] = []  # (top, height, members)
    for j in sorted(range(len(items)), key=lambda j: (boxes[j].y, boxes[j].x)):
        b = boxes[j]
        if lines and b.y < lines[-1][0] + 0.5 * min(lines[-1][1], b.height):
            lines[-1][2].append(j)
        else:
            lines.append((b.y, b.height, [j]))
    if all(len(line) == 1 for _, _, line in lines):
        return [items[line[0]] for _, _, line in lines]
    if len(lines) > 1:
        return items
    xs = [boxes[j].x for j in range(len(items))]
    if all(a <= b for a, b in itertools.pairwise(xs)) or \
            all(a >= b for a, b in itertools.pairwise(xs)):
        return items
    return [items[j] for j in sorted(range(len(items)), key=lambda j: xs[j])]


def _groups(idx: Any) -> Iterator[tuple[int, tuple[str, str, str], list[int]]]:
    """(parent, shape, shown records) of each group of look-alike siblings."""
    tree, nodes = idx.tree, idx.nodes
    for p, kids in enumerate(tree.child_pos):
        if len(kids) < 2:
            continue
        groups: dict[tuple[str, str, str], list[int]] = {}
        for c in kids:
            n = nodes[c]
            if n.tag in _NOT_RECORDS or n.role in _NOT_RECORD_ROLES or \
                    not _holds_something(idx, c):
                continue
            groups.setdefault(_shape(n), []).append(c)
        for shape, members in groups.items():
            shown = [c for c in members if nodes[c].visible and not _header_row(idx, c)]
            if len(shown) >= 2:
                yield p, shape, shown


def _shape(n: Any) -> tuple[str, str, str]:
    cls = n.attrs.get("class", "").split()
    return n.tag, n.role, _DIGITS.sub("", cls[0]) if cls else ""


def _holds_something(idx: Any, c: int) -> bool:
    """A record holds an element (a link, a cell) or is one: not a bare text line."""
    if idx.tree.size(c) > 1:
        return True
    facts = getattr(idx, "facts", None)
    return bool(facts.interactive[c]) if facts is not None else \
        bool(idx.is_interactive(idx.nodes[c]))


def _header_row(idx: Any, c: int) -> bool:
    """A table row of header cells only: it labels the records, it is not one."""
    nodes = idx.nodes
    if nodes[c].tag != "tr" and nodes[c].role != "row":
        return False
    kids = idx.tree.child_pos[c]
    return bool(kids) and all(nodes[k].tag in _HEADER_CELLS or nodes[k].role in _HEADER_CELLS
                              for k in kids)


def _words(idx: Any, parent: int, records: list[int], shape: tuple[str, str, str],
           heading_of: Any, labels: list[frozenset[str]]) -> frozenset[str]:
    nodes = idx.nodes
    first = records[0]
    text = [_KIND_WORDS.get(shape[0], ""), _KIND_WORDS.get(shape[1], "")]
    for node in (nodes[first], nodes[parent]):
        text += _class_words(node.attrs.get("class", ""))
    text.append(nodes[parent].attrs.get("aria-label", ""))
    # the words over every record, not the first one's own heading (a form's fieldsets
    # *Shipping address* and *Search engine* are no listing of addresses)
    over = [set(tokens(heading_of(r))) for r in records[:2]]
    text += sorted(over[0] & over[1])
    end = idx.tree.end[first]
    if any(nodes[j].tag == "img" or nodes[j].role == "img" for j in range(first, end)):
        text.append(_PICTURE)
    # the words every record's label holds (*block* of *Heading block*, *Image block*):
    # the first record's label alone says what that one is, not what all are
    shared = frozenset.intersection(*labels)
    return _stems(" ".join(text)) | shared


def _stems(text: str) -> frozenset[str]:
    return frozenset(stem(t) for t in tokens(text) if t.isalpha() and len(t) > 2)


def _class_words(cls: str) -> list[str]:
    words: list[str] = []
    for name in cls.split()[:_MAX_CLASS_WORDS]:
        words += [w.lower() for w in IDENTIFIER_PARTS.split(_DIGITS.sub(" ", name)) if w]
    return words
